import Foundation
public import Localization
public import TodoCore

/// Todo's words in each language: the catalogs in `Resources/*.lproj` (LANG-10), and the dates,
/// days and durations every Todo View shows, worded the way the language writes them (LANG-5,
/// LANG-6). Every ViewModel that words text takes a `Language` and words it with these.
public enum TodoWords {
    /// The ViewModels' catalog, read once per process; the language is chosen per use.
    public static let catalog: Catalog = {
        do { return try Catalog(bundle: .module) } catch { preconditionFailure("\(error)") }
    }()

    /// The ViewModels' messages in `language`.
    public static func strings(_ language: Language) -> Strings { catalog.strings(language) }
}

extension Strings {
    /// A date in the language's numeric style (LANG-5): `11/24/2026` in English (LIST-5),
    /// `2026/11/24` in Chinese and Japanese.
    public func date(_ date: CalendarDate) -> String {
        self("date.numeric", Self.dateParts(date))
    }

    /// A date without its year, for a day of the coming week: `11/24`, `11/24`, `11月24日`.
    public func monthDay(_ date: CalendarDate) -> String {
        self("date.month-day", Self.dateParts(date))
    }

    /// The day's name: `Tuesday`, `星期二`, `火曜日`.
    public func weekday(_ day: Weekday) -> String {
        switch day {
        case .monday: self("weekday.monday")
        case .tuesday: self("weekday.tuesday")
        case .wednesday: self("weekday.wednesday")
        case .thursday: self("weekday.thursday")
        case .friday: self("weekday.friday")
        case .saturday: self("weekday.saturday")
        case .sunday: self("weekday.sunday")
        }
    }

    /// The day's short name: `Tue`, `周二`, `火`.
    public func shortWeekday(_ day: Weekday) -> String {
        switch day {
        case .monday: self("weekday.short.monday")
        case .tuesday: self("weekday.short.tuesday")
        case .wednesday: self("weekday.short.wednesday")
        case .thursday: self("weekday.short.thursday")
        case .friday: self("weekday.short.friday")
        case .saturday: self("weekday.short.saturday")
        case .sunday: self("weekday.short.sunday")
        }
    }

    /// Days as a list, Monday first: `Mon, Wed`, `周一、周三`, `月・水`.
    public func weekdays(_ days: Set<Weekday>) -> String {
        days.ordered.map(shortWeekday).joined(separator: self("list.separator"))
    }

    /// `date` said relative to `today` where that is shorter: "Today", "Tomorrow", else the
    /// weekday and the date (`Friday 11/27/2026`, `星期五 2026/11/27`, `2026/11/27（金曜日）`).
    public func day(_ date: CalendarDate, today: CalendarDate) -> String {
        if date == today { return self("day.today") }
        if date == today.adding(days: 1) { return self("day.tomorrow") }
        return self("day.weekday-date", ["weekday": weekday(date.weekday), "date": self.date(date)])
    }

    /// A duration (LANG-6): `30m`, `1h30m`; `30 分钟`, `1 小时 30 分钟`; `30分`, `1時間30分`.
    public func duration(minutes: Int) -> String {
        let hours = minutes / 60, rest = minutes % 60
        switch (hours, rest) {
        case (0, _): return self("duration.minutes", ["minutes": String(rest)])
        case (_, 0): return self("duration.hours", ["hours": String(hours)])
        default: return self("duration.hours-minutes", ["hours": String(hours), "minutes": String(rest)])
        }
    }

    private static func dateParts(_ date: CalendarDate) -> KeyValuePairs<String, String> {
        [
            "year": String(date.year), "month": pad(date.month), "day": pad(date.day),
            "m": String(date.month), "d": String(date.day),
        ]
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }
}

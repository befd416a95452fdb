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

    /// Each language's `date.numeric` and `date.month-day`, read once into their pieces: a long
    /// list shows a date on most rows, and filling the entry for each would cost more than the
    /// rest of the row. A language's are made when it first shows a date (its catalog is read
    /// then, not before: LANG-10).
    static func datePatterns(_ language: Language) -> (numeric: DatePattern, monthDay: DatePattern) {
        switch language {
        case .english: englishDates
        case .simplifiedChinese: chineseDates
        case .japanese: japaneseDates
        }
    }

    /// A date in `language`'s numeric style (LANG-5), formatted with the language's pattern
    /// directly, without looking up its catalog: a long list shows one on most rows.
    public static func date(_ date: CalendarDate, in language: Language) -> String {
        datePatterns(language).numeric.format(date)
    }

    private static let englishDates = datePatterns(reading: .english)
    private static let chineseDates = datePatterns(reading: .simplifiedChinese)
    private static let japaneseDates = datePatterns(reading: .japanese)

    private static func datePatterns(reading language: Language) -> (numeric: DatePattern, monthDay: DatePattern) {
        let strings = catalog.strings(language)
        return (DatePattern(strings.text("date.numeric")), DatePattern(strings.text("date.month-day")))
    }
}

/// A date entry (`{month}/{day}/{year}`, `{m}月{d}日`) as literal text and the parts between.
struct DatePattern: Sendable {
    enum Piece: Sendable {
        case text([UInt8]), year, month, day, monthNumber, dayNumber
    }

    let pieces: [Piece]
    /// The most bytes `format` writes: the literals', and 20 for each number (an `Int`'s most).
    let capacity: Int

    init(_ entry: String) {
        var pieces: [Piece] = []
        var rest = entry[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { pieces.append(.text(Array(rest[..<open].utf8))) }
            switch rest[rest.index(after: open)..<close] {
            case "year": pieces.append(.year)
            case "month": pieces.append(.month)
            case "day": pieces.append(.day)
            case "m": pieces.append(.monthNumber)
            case "d": pieces.append(.dayNumber)
            default: pieces.append(.text(Array(rest[open...close].utf8)))
            }
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.text(Array(rest.utf8))) }
        self.pieces = pieces
        capacity = pieces.reduce(0) { total, piece in
            if case .text(let literal) = piece { total + literal.count } else { total + 20 }
        }
    }

    /// `date` in this pattern, its bytes written straight into the string: a long list formats
    /// a date on most of its rows.
    func format(_ date: CalendarDate) -> String {
        String(unsafeUninitializedCapacity: capacity) { buffer in
            var end = 0
            for piece in pieces {
                switch piece {
                case .text(let literal):
                    for byte in literal { buffer[end] = byte; end += 1 }
                case .year: end = Self.write(date.year, width: 1, to: buffer, at: end)
                case .month: end = Self.write(date.month, width: 2, to: buffer, at: end)
                case .day: end = Self.write(date.day, width: 2, to: buffer, at: end)
                case .monthNumber: end = Self.write(date.month, width: 1, to: buffer, at: end)
                case .dayNumber: end = Self.write(date.day, width: 1, to: buffer, at: end)
                }
            }
            return end
        }
    }

    /// Writes `value` in decimal, with leading zeros to at least `width` digits, into `buffer`
    /// from `start`; returns the index after it.
    private static func write(_ value: Int, width: Int, to buffer: UnsafeMutableBufferPointer<UInt8>,
                              at start: Int) -> Int {
        var start = start
        if value < 0 { buffer[start] = UInt8(ascii: "-"); start += 1 }
        var digits = 1
        var probe = value.magnitude / 10
        while probe > 0 { digits += 1; probe /= 10 }
        digits = max(digits, width)
        var rest = value.magnitude
        for index in stride(from: start + digits - 1, through: start, by: -1) {
            buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        return start + digits
    }
}

extension Strings {
    /// A date in the language's numeric style (LANG-5): `11/24/2026` in English (LIST-5),
    /// `2026/11/24` in Chinese and Japanese.
    public func date(_ date: CalendarDate) -> String { TodoWords.date(date, in: language) }

    /// A date without its year, for a day of the coming week: `11/24`, `11/24`, `11月24日`.
    public func monthDay(_ date: CalendarDate) -> String {
        TodoWords.datePatterns(language).monthDay.format(date)
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

    /// A priority's level as a word: `High`, `高` (PRIO-10).
    public func priorityLevel(_ level: Priority.Level) -> String {
        switch level {
        case .high: self("priority.level.high")
        case .medium: self("priority.level.medium")
        case .low: self("priority.level.low")
        }
    }

    /// A priority as it would be typed (PRIO-11, PRIO-12): `!high`, `!高`; nil for none.
    public func priorityMark(_ priority: Priority) -> String? {
        switch priority.level {
        case .high?: self("priority.mark.high")
        case .medium?: self("priority.mark.medium")
        case .low?: self("priority.mark.low")
        case nil: nil
        }
    }

    /// A tag as it is typed and shown (TAG-11, TAG-13): `+errands`, in every language.
    public static func tagSign(_ tag: String) -> String { "+" + tag }
}

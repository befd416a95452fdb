/// How an item repeats (REPEAT-7…12, docs/specs/repeats.md): a rule that maps exactly to an
/// iCalendar `RRULE` (RFC 5545, §3.3.10) and back — every N days, weeks, months or years, on
/// some days of them, for ever, until a date or a number of times — plus whether the next date
/// is reckoned from the due date or from the day the item was done.
public struct RepeatRule: Hashable, Sendable {
    public enum Frequency: String, CaseIterable, Sendable {
        case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"
    }

    /// A weekday of the rule: every one (`TU`), or the Nth of its month or year (`2TU`, `-1FR`).
    public struct Day: Hashable, Sendable {
        public var weekday: Weekday
        /// 1…5 (1…53 in a year) from the start, −1… from the end; nil for every such weekday.
        public var nth: Int?

        public init(_ weekday: Weekday, nth: Int? = nil) {
            self.weekday = weekday
            self.nth = nth
        }
    }

    /// How long the rule goes on.
    public enum End: Hashable, Sendable {
        case never
        /// Up to and including this date.
        case until(CalendarDate)
        /// This many occurrences, the item itself being the first.
        case count(Int)
    }

    public var frequency: Frequency
    /// Every `interval` days, weeks, months or years (1…999).
    public var interval: Int
    /// `BYMONTH`: 1…12.
    public var months: [Int]
    /// `BYMONTHDAY`: 1…31, or −1…−31 counted from the month's end.
    public var monthDays: [Int]
    /// `BYDAY`.
    public var days: [Day]
    /// `BYSETPOS`: the Nth (from the end when negative) of the dates each period gives.
    public var positions: [Int]
    /// `WKST`: the day weeks start on, which sets where an interval of weeks begins.
    public var weekStart: Weekday
    public var end: End
    /// The next date is reckoned from the day the item was done, not from its due date.
    public var afterCompletion: Bool
    /// What a client's text held that Todo doesn't model (REPEAT-8), given back as it came.
    public internal(set) var kept = Kept()

    /// The parts of a client's rule Todo doesn't model, written back unchanged (REPEAT-8).
    public struct Kept: Hashable, Sendable {
        /// `BYYEARDAY=…`, `BYWEEKNO=…`, `BYHOUR=…`, `X-…=…` and the like, as written.
        public var parts: [String] = []
        /// `HOURLY`, `MINUTELY` or `SECONDLY`: the rule repeats daily and writes this back.
        public var frequency: String?
        /// The time of an `UNTIL` (`T235959Z`): the rule ends on its date and writes it back.
        public var untilTime: String?

        public var isEmpty: Bool { parts.isEmpty && frequency == nil && untilTime == nil }
    }

    public init(
        _ frequency: Frequency, interval: Int = 1, months: [Int] = [], monthDays: [Int] = [], days: [Day] = [],
        positions: [Int] = [], weekStart: Weekday = .monday, end: End = .never, afterCompletion: Bool = false
    ) {
        self.frequency = frequency
        self.interval = interval
        self.months = months
        self.monthDays = monthDays
        self.days = days
        self.positions = positions
        self.weekStart = weekStart
        self.end = end
        self.afterCompletion = afterCompletion
    }

    /// The rule of repeat days as people pick them (plain words, quick add): every day is a
    /// daily rule, other days a weekly one; none for none.
    public static func on(_ days: Set<Weekday>) -> RepeatRule? {
        days.isEmpty ? nil : days.count == Weekday.allCases.count ? RepeatRule(.daily) : .weekly(on: days)
    }

    /// The weekly rule of an item's repeat days (REPEAT-1): every week on `days`.
    public static func weekly(on days: Set<Weekday>) -> RepeatRule {
        RepeatRule(.weekly, days: days.ordered.map { Day($0) })
    }

    /// The longest rule text read (REPEAT-8).
    public static let maximumTextLength = 500
    /// How far ahead a next date is searched for (REPEAT-9): longer than any interval, and
    /// than the 400 years after which the Gregorian calendar's days repeat.
    public static let searchedYears = 1_000

    /// Why a rule or its text is refused (REPEAT-7, REPEAT-8); `part` is the `RRULE` part's name.
    public enum Problem: Error, Hashable, Sendable {
        case tooLong
        case noFrequency
        case unknownFrequency(String)
        case unknownPart(String)
        case partTwice(String)
        case badValue(part: String, value: String)
        case outOfRange(part: String, value: String)
        case nthInDailyOrWeekly(String)
        case countAndUntil
        case daysNeverExist
    }

    /// The rule's parts, checked (REPEAT-7): the problem with the first part that can't be kept.
    public func problem() -> Problem? {
        func outside(_ part: String, _ values: [Int], _ allowed: (Int) -> Bool) -> Problem? {
            values.first { !allowed($0) }.map { .outOfRange(part: part, value: String($0)) }
        }
        let nthLimit = frequency == .yearly && months.isEmpty ? 53 : 5
        if let problem = outside("INTERVAL", [interval], { (1...999).contains($0) })
            ?? outside("BYMONTH", months, { (1...12).contains($0) })
            ?? outside("BYMONTHDAY", monthDays, { $0 != 0 && (-31...31).contains($0) })
            ?? outside("BYDAY", days.compactMap(\.nth), { $0 != 0 && (-nthLimit...nthLimit).contains($0) })
            ?? outside("BYSETPOS", positions, { $0 != 0 && (-366...366).contains($0) })
        {
            return problem
        }
        if case .count(let count) = end, !(1...999).contains(count) { return .outOfRange(part: "COUNT", value: String(count)) }
        if frequency == .daily || frequency == .weekly, let day = days.first(where: { $0.nth != nil }) {
            return .nthInDailyOrWeekly(day.text)
        }
        if !monthDays.isEmpty {
            let longest = (months.isEmpty ? Array(1...12) : months).map { CalendarDays.length(ofMonth: $0, year: 2024) }.max() ?? 31
            if monthDays.allSatisfy({ abs($0) > longest }) { return .daysNeverExist }
        }
        return nil
    }
}

extension RepeatRule.Day {
    /// `TU`, `2TU`, `-1FR`.
    public var text: String { (nth.map(String.init) ?? "") + weekday.iCalendarCode }
}

extension Weekday {
    /// The weekday's two letters in iCalendar (`MO` … `SU`).
    public var iCalendarCode: String { String(rawValue.prefix(2)).uppercased() }

    /// The weekday of its two iCalendar letters, any case.
    public init?(iCalendarCode code: String) {
        guard let day = Weekday.allCases.first(where: { $0.iCalendarCode == code.uppercased() }) else { return nil }
        self = day
    }
}

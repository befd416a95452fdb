/// A rule's next occurrence (REPEAT-9, REPEAT-10), reckoned on day numbers: no `Calendar`, so
/// any rule takes microseconds.
extension RepeatRule {
    /// The first date strictly after `day` that the rule gives from `anchor`, the first date of
    /// the series (RFC 5545: intervals counted from the anchor's day, week, month or year; days
    /// that don't exist skipped). nil when the series has ended: past `UNTIL`, at `COUNT=1`, or
    /// nothing within `searchedYears` years or before the year 10000. A rule REPEAT-7 refuses
    /// (one made in code, not read) has none.
    public func nextDate(after day: CalendarDate, anchor: CalendarDate) -> CalendarDate? {
        guard problem() == nil else { return nil }
        if case .count(let count) = end, count <= 1 { return nil }
        var until = CalendarDays.number(year: 9999, month: 12, day: 31)
        if case .until(let last) = end { until = min(until, CalendarDays.number(last)) }
        let plan = PeriodPlan(rule: self, anchor: anchor)
        let from = max(CalendarDays.number(day) + 1, CalendarDays.number(anchor))
        let horizon = from + Self.searchedYears * 366
        let first = plan.period(containing: from)
        var period = (first + interval - 1) / interval * interval
        while true {
            guard let range = plan.days(of: period), range.lowerBound <= min(until, horizon) else { return nil }
            let dates = plan.select(plan.candidates(in: range))
            if let date = dates.first(where: { $0 >= from }) {
                return date <= until ? CalendarDays.date(date) : nil
            }
            period += interval
        }
    }

    /// The rule of the occurrence that follows this one: one fewer time left (REPEAT-10).
    public var afterOccurrence: RepeatRule {
        var next = self
        if case .count(let count) = end { next.end = .count(max(count - 1, 1)) }
        return next
    }
}

/// How a rule's periods (days, weeks, months or years, counted from its anchor's) fall on day
/// numbers, and which days of a period the rule gives.
private struct PeriodPlan {
    let rule: RepeatRule
    let anchorDay: Int
    let anchorWeekStart: Int
    let anchorMonth: Int
    let anchorYear: Int
    let months: Set<Int>
    let monthDays: Set<Int>
    let days: [RepeatRule.Day]
    /// An Nth weekday counts within the year (a yearly rule without months), else the month.
    let nthInYear: Bool

    init(rule: RepeatRule, anchor: CalendarDate) {
        self.rule = rule
        anchorDay = CalendarDays.number(anchor)
        anchorWeekStart = anchorDay - (CalendarDays.weekdayIndex(anchorDay) - rule.weekStart.index + 7) % 7
        anchorMonth = anchor.year * 12 + anchor.month - 1
        anchorYear = anchor.year
        var months = rule.months, monthDays = rule.monthDays, days = rule.days
        // Without days, the anchor's (RFC 5545 §3.3.10: they are taken from DTSTART).
        if monthDays.isEmpty && days.isEmpty {
            switch rule.frequency {
            case .daily: break
            case .weekly: days = [RepeatRule.Day(anchor.weekday)]
            case .monthly: monthDays = [anchor.day]
            case .yearly:
                if months.isEmpty { months = [anchor.month] }
                monthDays = [anchor.day]
            }
        }
        self.months = Set(months)
        self.monthDays = Set(monthDays)
        self.days = days
        nthInYear = rule.frequency == .yearly && months.isEmpty
    }

    /// The period (counted from the anchor's, 0) that holds the day number `day`.
    func period(containing day: Int) -> Int {
        switch rule.frequency {
        case .daily: return day - anchorDay
        case .weekly: return (day - anchorWeekStart) / 7
        case .monthly:
            let date = CalendarDays.civil(day)
            return date.year * 12 + date.month - 1 - anchorMonth
        case .yearly: return CalendarDays.civil(day).year - anchorYear
        }
    }

    /// The day numbers of a period; nil past the year 9999.
    func days(of period: Int) -> ClosedRange<Int>? {
        let range: ClosedRange<Int>
        switch rule.frequency {
        case .daily: range = (anchorDay + period)...(anchorDay + period)
        case .weekly: range = (anchorWeekStart + period * 7)...(anchorWeekStart + period * 7 + 6)
        case .monthly:
            let month = anchorMonth + period
            range = CalendarDays.month(year: month / 12, month: month % 12 + 1)
        case .yearly:
            let year = anchorYear + period
            guard year <= 9999 else { return nil }
            range = CalendarDays.number(year: year, month: 1, day: 1)...CalendarDays.number(year: year, month: 12, day: 31)
        }
        return CalendarDays.civil(range.lowerBound).year <= 9999 ? range : nil
    }

    /// The days of `range` the rule's months, days of the month and weekdays allow, ascending.
    func candidates(in range: ClosedRange<Int>) -> [Int] {
        var result: [Int] = []
        var monthRange = range
        var monthStart = -1
        for day in range {
            let date = CalendarDays.civil(day)
            guard months.isEmpty || months.contains(date.month) else { continue }
            let length = CalendarDays.length(ofMonth: date.month, year: date.year)
            if day - date.day + 1 != monthStart {
                monthStart = day - date.day + 1
                monthRange = monthStart...(monthStart + length - 1)
            }
            guard monthDays.isEmpty || monthDays.contains(date.day) || monthDays.contains(date.day - length - 1) else { continue }
            guard days.isEmpty || days.contains(where: { matches($0, day, within: nthInYear ? range : monthRange) }) else { continue }
            result.append(day)
        }
        return result
    }

    /// Whether `day` is `ruleDay`: its weekday and, for an Nth weekday, its place in `span`.
    func matches(_ ruleDay: RepeatRule.Day, _ day: Int, within span: ClosedRange<Int>) -> Bool {
        guard CalendarDays.weekdayIndex(day) == ruleDay.weekday.index else { return false }
        guard let nth = ruleDay.nth else { return true }
        return nth > 0 ? (day - span.lowerBound) / 7 + 1 == nth : -((span.upperBound - day) / 7 + 1) == nth
    }

    /// `BYSETPOS`: the Nth (from the end when negative) of a period's dates, ascending.
    func select(_ dates: [Int]) -> [Int] {
        guard !rule.positions.isEmpty else { return dates }
        let chosen = Set(rule.positions.compactMap { position -> Int? in
            let index = position > 0 ? position - 1 : dates.count + position
            return dates.indices.contains(index) ? dates[index] : nil
        })
        return chosen.sorted()
    }
}

/// Dates as day numbers (days since 1970-01-01), through `Timestamp`'s civil-date arithmetic.
enum CalendarDays {
    static func number(_ date: CalendarDate) -> Int { number(year: date.year, month: date.month, day: date.day) }

    static func number(year: Int, month: Int, day: Int) -> Int { Int(Timestamp.daysFromCivil(year, month, day)) }

    static func civil(_ number: Int) -> (year: Int, month: Int, day: Int) {
        let (year, month, day) = Timestamp.civil(fromDays: Int64(number))
        return (year, month, day)
    }

    /// nil outside the years 1…9999.
    static func date(_ number: Int) -> CalendarDate? {
        let parts = civil(number)
        return CalendarDate(year: parts.year, month: parts.month, day: parts.day)
    }

    /// Monday = 0 … Sunday = 6 (1970-01-01 was a Thursday).
    static func weekdayIndex(_ number: Int) -> Int { ((number + 3) % 7 + 7) % 7 }

    static func month(year: Int, month: Int) -> ClosedRange<Int> {
        let first = number(year: year, month: month, day: 1)
        return first...(first + length(ofMonth: month, year: year) - 1)
    }

    static func length(ofMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

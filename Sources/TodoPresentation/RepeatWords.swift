import Localization
import TodoCore

/// A repeat rule in words, in the person's language (REPEAT-11): “Every 2nd Tue”, “每月1日”,
/// “毎月第2火曜日”, with its end and after-completion said after it; a rule the words can't say
/// exactly is said by how often it repeats and marked custom.
extension Strings {
    public func repeatRule(_ rule: RepeatRule) -> String {
        let exact = RepeatWords.isExact(rule)
        var text = exact ? repeatBase(rule) : repeatEvery(rule.frequency, rule.interval)
        if rule.afterCompletion { text = self("repeat.after-done", ["rule": text]) }
        if !exact { text = self("repeat.custom", ["rule": text]) }
        switch rule.end {
        case .never: break
        case .count(let count): text = plural("repeat.count", count: count, ["rule": text])
        case .until(let date): text = self("repeat.until", ["rule": text, "date": self.date(date)])
        }
        return text
    }

    /// “Every day”, “Every 3 months”.
    private func repeatEvery(_ frequency: RepeatRule.Frequency, _ interval: Int) -> String {
        let values: KeyValuePairs = ["count": String(interval)]
        let once = interval == 1
        switch frequency {
        case .daily: return once ? self("repeat.daily") : self("repeat.daily.every", values)
        case .weekly: return once ? self("repeat.weekly") : self("repeat.weekly.every", values)
        case .monthly: return once ? self("repeat.monthly") : self("repeat.monthly.every", values)
        case .yearly: return once ? self("repeat.yearly") : self("repeat.yearly.every", values)
        }
    }

    /// The words of a rule `RepeatWords.isExact` accepts, without its end.
    private func repeatBase(_ rule: RepeatRule) -> String {
        let once = rule.interval == 1
        let count = String(rule.interval)
        switch rule.frequency {
        case .weekly where !rule.days.isEmpty:
            let values: KeyValuePairs = ["count": count, "days": weekdays(Set(rule.days.map(\.weekday)))]
            return once ? self("repeat.weekly.on", values) : self("repeat.weekly.on.every", values)
        case .monthly where !rule.monthDays.isEmpty:
            let values: KeyValuePairs = ["count": count, "days": list(rule.monthDays.map(monthDay))]
            return once ? self("repeat.monthly.on", values) : self("repeat.monthly.on.every", values)
        case .monthly where !rule.days.isEmpty:
            let values: KeyValuePairs = ["count": count, "days": list(rule.days.map(nthWeekday))]
            return once ? self("repeat.monthly.nth", values) : self("repeat.monthly.on.every", values)
        case .yearly where !rule.months.isEmpty:
            let month = monthName(rule.months[0])
            if let day = rule.days.first {
                let values: KeyValuePairs = ["count": count, "month": month, "days": nthWeekday(day)]
                return once ? self("repeat.yearly.nth", values) : self("repeat.yearly.nth.every", values)
            }
            let values: KeyValuePairs = ["count": count, "month": month, "d": String(rule.monthDays[0])]
            return once ? self("repeat.yearly.on", values) : self("repeat.yearly.on.every", values)
        default:
            return repeatEvery(rule.frequency, rule.interval)
        }
    }

    private func list(_ items: [String]) -> String { items.joined(separator: self("list.separator")) }

    /// “1st”, “last day”, “2nd to last day”; “1日”, “最后一天”; “1日”, “末日”.
    private func monthDay(_ day: Int) -> String {
        switch day {
        case -1: self("repeat.month-day.last")
        case ..<0: self("repeat.month-day.from-end", ["nth": ordinal(-day)])
        default: self("repeat.month-day", ["nth": ordinal(day)])
        }
    }

    /// “2nd Tue”, “last Fri”; “第2个周二”, “最后一个周五”; “第2火曜日”, “最終金曜日”.
    private func nthWeekday(_ day: RepeatRule.Day) -> String {
        let nth = day.nth ?? 1
        let values: KeyValuePairs = ["weekday": shortWeekday(day.weekday), "nth": ordinal(abs(nth))]
        switch nth {
        case -1: return self("repeat.nth-weekday.last", values)
        case ..<0: return self("repeat.nth-weekday.from-end", values)
        default: return self("repeat.nth-weekday", values)
        }
    }

    /// “1st”, “22nd” in English (its ordinal categories); the number elsewhere.
    private func ordinal(_ number: Int) -> String {
        let values: KeyValuePairs = ["n": String(number)]
        switch language.ordinalCategory(number) {
        case "one": return self("repeat.ordinal.one", values)
        case "two": return self("repeat.ordinal.two", values)
        case "few": return self("repeat.ordinal.few", values)
        default: return self("repeat.ordinal.other", values)
        }
    }

    /// “Mar”, “3月”.
    private func monthName(_ month: Int) -> String {
        let keys = [
            "month.short.1", "month.short.2", "month.short.3", "month.short.4", "month.short.5", "month.short.6",
            "month.short.7", "month.short.8", "month.short.9", "month.short.10", "month.short.11", "month.short.12",
        ]
        return self(keys[month - 1])
    }
}

/// Which rules the words say exactly (REPEAT-11).
enum RepeatWords {
    /// Days or weekdays of a week, days of the month or Nth weekdays of a month, one date or one
    /// Nth weekday of one month a year; no `BYSETPOS`, `WKST` or kept part.
    static func isExact(_ rule: RepeatRule) -> Bool {
        guard rule.positions.isEmpty, rule.weekStart == .monday, rule.kept.isEmpty else { return false }
        let nthOnly = rule.days.allSatisfy { $0.nth != nil }
        switch rule.frequency {
        case .daily:
            return rule.months.isEmpty && rule.monthDays.isEmpty && rule.days.isEmpty
        case .weekly:
            return rule.months.isEmpty && rule.monthDays.isEmpty
        case .monthly:
            return rule.months.isEmpty && (rule.monthDays.isEmpty || rule.days.isEmpty) && nthOnly
        case .yearly:
            if rule.months.isEmpty { return rule.monthDays.isEmpty && rule.days.isEmpty }
            let oneDate = rule.days.isEmpty && rule.monthDays.count == 1 && rule.monthDays[0] > 0
            let oneNth = rule.monthDays.isEmpty && rule.days.count == 1 && nthOnly
            return rule.months.count == 1 && (oneDate || oneNth)
        }
    }
}

extension Strings {
    /// Why a repeat rule or its text is refused (REPEAT-7, REPEAT-8), naming the part.
    public func repeatProblem(_ problem: RepeatRule.Problem) -> String {
        switch problem {
        case .tooLong: self("repeat.problem.too-long", ["limit": String(RepeatRule.maximumTextLength)])
        case .noFrequency: self("repeat.problem.no-frequency")
        case .unknownFrequency(let value): self("repeat.problem.unknown-frequency", ["value": value])
        case .unknownPart(let part): self("repeat.problem.unknown-part", ["part": part])
        case .partTwice(let part): self("repeat.problem.part-twice", ["part": part])
        case .badValue(let part, let value): self("repeat.problem.bad-value", ["part": part, "value": value])
        case .outOfRange(let part, let value): self("repeat.problem.out-of-range", ["part": part, "value": value])
        case .nthInDailyOrWeekly(let day): self("repeat.problem.nth-in-week", ["value": day])
        case .countAndUntil: self("repeat.problem.count-and-until")
        case .daysNeverExist: self("repeat.problem.days-never-exist")
        }
    }
}

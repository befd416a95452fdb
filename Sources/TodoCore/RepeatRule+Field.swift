import Foundation

/// An item's repeat as a field (REPEAT-13, REPEAT-16): how the shared JSON shape, a store and a
/// table's cells hold a rule. Its `RRULE` text carries everything but whether it repeats after
/// completion, which each holds beside it.
extension RepeatRule: JSONFieldValue {
    /// `{"rule": "FREQ=…", "afterCompletion": false}`.
    public var json: JSONValue {
        .object(["rule": .string(rruleText), "afterCompletion": .bool(afterCompletion)])
    }

    public init(json: JSONValue, member: String) throws(JSONFieldError) {
        guard case .object(let object) = json else { throw .type(member, "an object with a rule, or null", json) }
        if let unknown = object.keys.sorted().first(where: { !["rule", "afterCompletion"].contains($0) }) {
            throw JSONFieldError(.type, "Unknown field “\(member).\(unknown)”: a repeat has rule and afterCompletion.")
        }
        guard let rule = object["rule"] else { throw JSONFieldError(.type, "“\(member).rule” is missing.") }
        let text = try String(json: rule, member: "\(member).rule")
        do throws(Problem) {
            self = try RepeatRule(rruleText: text)
        } catch {
            throw .refused(text, "“\(text)” is not a repeat rule Todo can keep: \(error).")
        }
        if let flag = object["afterCompletion"], flag != .null {
            afterCompletion = try Bool(json: flag, member: "\(member).afterCompletion")
        }
    }

    /// The weekly rule of the day names earlier versions wrote as `repeatDays` (REPEAT-16);
    /// nil for none.
    public static func legacy(repeatDays json: JSONValue) throws(JSONFieldError) -> RepeatRule? {
        guard case .array(let names) = json else { throw .type("repeatDays", "an array of day names", json) }
        var days: Set<Weekday> = []
        for name in names {
            guard case .string(let text) = name else { throw .type("repeatDays", "an array of day names", name) }
            guard let day = Weekday(rawValue: text) else {
                throw .refused(text, "“\(text)” is not a day: use mon, tue, wed, thu, fri, sat or sun.")
            }
            days.insert(day)
        }
        return days.isEmpty ? nil : .weekly(on: days)
    }
}

extension RepeatRule: StoredFieldValue {
    /// Its `RRULE` text, then whether it repeats after completion; no repeat when the text is NULL.
    public static let storedColumns = [StoredColumn("Rule", .text), StoredColumn("AfterCompletion", .boolean)]

    public func store(into values: inout [StoredValue]) {
        values.append(.text(rruleText))
        values.append(.integer(afterCompletion ? 1 : 0))
    }

    public static func stored(in row: any StoredRow, at index: Int) throws -> RepeatRule? {
        guard let text = try row.text(at: index) else { return nil }
        guard var rule = StoredRules.shared.rule(text) else { throw StoredFieldError(column: "repeatRule") }
        rule.afterCompletion = try row.flag(at: index + 1) ?? false
        return rule
    }
}

/// The rules of the texts a store has read lately: a list holds a few rules, each on many rows,
/// and reading a text costs a row more than the rest of its fields (`todo list` at 10,000 items,
/// a fifth repeating: 58 ms, against 52 ms without rules).
final class StoredRules: @unchecked Sendable {
    static let shared = StoredRules()
    /// Few enough to look up in no time; a list with more distinct rules starts over.
    static let capacity = 256
    private let lock = NSLock()
    private var rules: [String: RepeatRule] = [:]

    /// The rule `text` reads as; nil when it reads as none (REPEAT-8).
    func rule(_ text: String) -> RepeatRule? {
        if let rule = lock.withLock({ rules[text] }) { return rule }
        guard let rule = try? RepeatRule(rruleText: text) else { return nil }
        lock.withLock {
            if rules.count >= Self.capacity { rules.removeAll(keepingCapacity: true) }
            rules[text] = rule
        }
        return rule
    }
}

extension RepeatRule: TextFieldValue {
    /// Its `RRULE` text, then whether it repeats after completion (`true` or `false`).
    public static var moreTextCells: [String] { ["repeatAfterCompletion"] }
    public var texts: [String] { [rruleText, afterCompletion ? "true" : "false"] }

    public static func read(texts: [String?]) throws(TextFieldError) -> RepeatRule? {
        guard let text = texts[0] else {
            guard texts[1] == nil else { throw .sentence("“repeatAfterCompletion” needs a rule in the “repeat” column.") }
            return nil
        }
        guard var rule = try? RepeatRule(rruleText: text) else {
            throw .notA(cell: 0, expected: "a repeat rule such as “FREQ=WEEKLY;BYDAY=MO”")
        }
        rule.afterCompletion = try Bool.read(texts: [texts[1]]) ?? false
        return rule
    }

    /// The weekly rule of the day names an earlier version's `repeatDays` cell holds (`mon wed`,
    /// commas read too; REPEAT-16); nil for none.
    public static func legacy(repeatDays text: String) -> RepeatRule?? {
        var days: Set<Weekday> = []
        for name in text.split(whereSeparator: { $0 == " " || $0 == "," }) {
            guard let day = Weekday(name: String(name)) else { return nil }
            days.insert(day)
        }
        return .some(days.isEmpty ? nil : .weekly(on: days))
    }
}

extension RepeatRule.Problem: CustomStringConvertible {
    /// The problem in English, naming the part (the people's words: `Strings.repeatProblem`).
    public var description: String {
        switch self {
        case .tooLong: "longer than \(RepeatRule.maximumTextLength) characters"
        case .noFrequency: "no FREQ"
        case .unknownFrequency(let value): "FREQ=\(value) is unknown"
        case .unknownPart(let part): "no part is named \(part)"
        case .partTwice(let part): "\(part) is given twice"
        case .badValue(let part, let value), .outOfRange(let part, let value): "\(part) can't be \(value)"
        case .nthInDailyOrWeekly(let day): "\(day) only fits a monthly or yearly rule"
        case .countAndUntil: "COUNT and UNTIL together"
        case .daysNeverExist: "its days of the month exist in none of its months"
        }
    }
}

extension RepeatRule {
    /// SQL that reads the weekday bit set an earlier version stored (`Weekday.mask(of:)`) in
    /// `column` as the text of the weekly rule on those days, as `weekly(on:)` writes it: for
    /// the migrations of both stores (REPEAT-13), which run it where the set is not empty.
    public static func weeklyRuleSQL(fromMask column: String) -> String {
        let days = Weekday.allCases.map { "CASE WHEN (\(column) & \(1 << $0.index)) != 0 THEN '\($0.iCalendarCode),' ELSE '' END" }
        return "'FREQ=WEEKLY;BYDAY=' || rtrim(" + days.joined(separator: " || ") + ", ',')"
    }
}

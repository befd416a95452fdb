/// A rule's `RRULE` text, both ways (REPEAT-8).
extension RepeatRule {
    /// `FREQ=MONTHLY;INTERVAL=3;BYDAY=-1FR;COUNT=4`: the modelled parts in a fixed order, upper
    /// case, then the parts kept from a client as they came.
    public var rruleText: String {
        var parts = ["FREQ=" + (kept.frequency ?? frequency.rawValue)]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        func list(_ name: String, _ values: [String]) {
            if !values.isEmpty { parts.append(name + "=" + values.joined(separator: ",")) }
        }
        list("BYMONTH", months.map(String.init))
        list("BYMONTHDAY", monthDays.map(String.init))
        list("BYDAY", days.map(\.text))
        list("BYSETPOS", positions.map(String.init))
        if weekStart != .monday { parts.append("WKST=" + weekStart.iCalendarCode) }
        switch end {
        case .never: break
        case .count(let count): parts.append("COUNT=\(count)")
        case .until(let date): parts.append("UNTIL=" + date.iso.filter { $0 != "-" } + (kept.untilTime ?? ""))
        }
        return (parts + kept.parts).joined(separator: ";")
    }

    /// Reads `RRULE` text (its value, without `RRULE:`): parts in any order and any case. A part
    /// Todo doesn't model is kept; anything else that can't be read, or a rule REPEAT-7 refuses,
    /// throws the problem.
    public init(rruleText text: String) throws(Problem) {
        guard text.utf8.count <= Self.maximumTextLength else { throw .tooLong }
        var reader = RuleTextReader()
        for part in text.split(separator: ";", omittingEmptySubsequences: true) {
            try reader.read(Substring(part))
        }
        guard let frequency = reader.frequency else { throw .noFrequency }
        self.init(
            frequency, interval: reader.interval ?? 1, months: reader.months, monthDays: reader.monthDays,
            days: reader.days, positions: reader.positions, weekStart: reader.weekStart ?? .monday, end: reader.end)
        kept = reader.kept
        if let problem = problem() { throw problem }
    }
}

/// Reads a rule's parts one by one (REPEAT-8).
private struct RuleTextReader {
    typealias Problem = RepeatRule.Problem
    var frequency: RepeatRule.Frequency?
    var interval: Int?
    var months: [Int] = [], monthDays: [Int] = [], positions: [Int] = []
    var days: [RepeatRule.Day] = []
    var weekStart: Weekday?
    var end = RepeatRule.End.never
    var kept = RepeatRule.Kept()
    var seen: Set<String> = []

    /// The names of the parts Todo doesn't model but keeps (besides `X-…`).
    static let keptNames: Set<String> = ["BYYEARDAY", "BYWEEKNO", "BYHOUR", "BYMINUTE", "BYSECOND", "RSCALE", "SKIP"]

    mutating func read(_ part: Substring) throws(Problem) {
        let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = pair[0].trimmingSpaces.uppercased()
        let value = pair.count > 1 ? pair[1].trimmingSpaces : ""
        guard seen.insert(name).inserted else { throw .partTwice(name) }
        guard pair.count == 2, !value.isEmpty else { throw .badValue(part: name, value: value) }
        switch name {
        case "FREQ": try readFrequency(value)
        case "INTERVAL": interval = try Self.number(Substring(value), of: name)
        case "BYMONTH": months = try Self.numbers(value, of: name)
        case "BYMONTHDAY": monthDays = try Self.numbers(value, of: name)
        case "BYSETPOS": positions = try Self.numbers(value, of: name)
        case "BYDAY": days = try Self.unique(value.split(separator: ",").map { (item) throws(Problem) in try Self.day(item) })
        case "WKST":
            guard let day = Weekday(iCalendarCode: value) else { throw .badValue(part: name, value: value) }
            weekStart = day
        case "COUNT", "UNTIL": try readEnd(name, value)
        default:
            guard Self.keptNames.contains(name) || name.hasPrefix("X-") else { throw .unknownPart(name) }
            kept.parts.append(String(part))
        }
    }

    mutating func readFrequency(_ value: String) throws(Problem) {
        let upper = value.uppercased()
        if let known = RepeatRule.Frequency(rawValue: upper) {
            frequency = known
        } else if ["HOURLY", "MINUTELY", "SECONDLY"].contains(upper) {
            frequency = .daily
            kept.frequency = upper
        } else {
            throw .unknownFrequency(value)
        }
    }

    mutating func readEnd(_ name: String, _ value: String) throws(Problem) {
        guard case .never = end else { throw .countAndUntil }
        if name == "COUNT" {
            end = .count(try Self.number(Substring(value), of: name))
            return
        }
        let bytes = Array(value.utf8)
        let isDate = bytes.count == 8 && bytes.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        let date = isDate || bytes.count > 8 && bytes[8] == UInt8(ascii: "T") && Self.isTime(bytes[8...])
            ? CalendarDate(iso: "\(value.prefix(4))-\(value.dropFirst(4).prefix(2))-\(value.dropFirst(6).prefix(2))") : nil
        guard let date else { throw .badValue(part: name, value: value) }
        end = .until(date)
        if !isDate { kept.untilTime = String(value.dropFirst(8)).uppercased() }
    }

    /// `T235959` or `T235959Z`.
    static func isTime(_ bytes: ArraySlice<UInt8>) -> Bool {
        let digits = bytes.dropFirst().prefix(6)
        let rest = bytes.dropFirst(7)
        return digits.count == 6 && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            && (rest.isEmpty || rest.elementsEqual([UInt8(ascii: "Z")]) || rest.elementsEqual([UInt8(ascii: "z")]))
    }

    /// A whole number with an optional sign, at most 4 digits.
    static func number(_ text: Substring, of part: String) throws(Problem) -> Int {
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : text
        guard (1...4).contains(digits.count), digits.allSatisfy({ $0.isASCIIDigit }), let value = Int(digits) else {
            throw .badValue(part: part, value: String(text))
        }
        return text.first == "-" ? -value : value
    }

    static func numbers(_ text: String, of part: String) throws(Problem) -> [Int] {
        try unique(text.split(separator: ",", omittingEmptySubsequences: false).map { (item) throws(Problem) in try number(item, of: part) })
    }

    /// The values in the order given, each once.
    static func unique<Value: Hashable>(_ values: [Value]) -> [Value] {
        var seen: Set<Value> = []
        return values.filter { seen.insert($0).inserted }
    }

    /// `TU`, `2TU`, `-1FR`, `+3MO`.
    static func day(_ item: Substring) throws(Problem) -> RepeatRule.Day {
        let nth = item.dropLast(2)
        let value = nth.isEmpty ? nil : try? number(nth, of: "BYDAY")
        guard item.count >= 2, let weekday = Weekday(iCalendarCode: String(item.suffix(2))), nth.isEmpty || value != nil else {
            throw .badValue(part: "BYDAY", value: String(item))
        }
        return RepeatRule.Day(weekday, nth: value)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension Substring {
    /// Without the spaces at either end. (Rebuilt from reversed views, a row's rule took a
    /// fifth of `todo list`'s time at 10,000 items.)
    fileprivate var trimmingSpaces: String {
        var text = self
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}

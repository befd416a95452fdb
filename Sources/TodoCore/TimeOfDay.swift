import Foundation

/// A time on the clock, in whole minutes from 00:00 to 23:59: when on its due date a to-do is due
/// (docs/specs/times.md, TIME-1), on the clock of the list's time zone.
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Minutes after midnight, 0…1439.
    public let minutes: Int

    public init?(minutes: Int) {
        guard (0..<Self.minutesPerDay).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.init(minutes: hour * 60 + minute)
    }

    public static let minutesPerDay = 24 * 60

    public var hour: Int { minutes / 60 }
    public var minute: Int { minutes % 60 }

    /// `15:00`, `09:30`: 24-hour, two digits each (TIME-3).
    public var text: String {
        let hh = hour < 10 ? "0\(hour)" : "\(hour)", mm = minute < 10 ? "0\(minute)" : "\(minute)"
        return hh + ":" + mm
    }

    public var description: String { text }

    /// Reads `H:MM`, `HH:MM` or `HH:MM:SS` (the seconds dropped), as a form's time field, a
    /// table's cell and JSON write it (TIME-3); nil for anything else.
    public init?(text: String) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), (1...2).contains(parts[0].count), parts.dropFirst().allSatisfy({ $0.count == 2 }),
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), parts.count == 2 || Int(parts[2]).map({ $0 < 60 }) == true
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool { a.minutes < b.minutes }

    /// The moment `date` at this time is in `timeZone` (the later one when the clock goes back,
    /// the first after the gap when it goes forward).
    public func moment(on date: CalendarDate, in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: date.year, month: date.month, day: date.day, hour: hour, minute: minute)
        if let moment = calendar.date(from: components) { return moment }
        // Never reached for a day of 1…9999; reckoned from the epoch at the zone's offset then.
        let days = CalendarDate(year: 1970, month: 1, day: 1).map { $0.days(to: date) } ?? 0
        let seconds = TimeInterval(days * 86_400 + minutes * 60 - timeZone.secondsFromGMT())
        return Date(timeIntervalSince1970: seconds)
    }

    /// The time of day `moment` is in `timeZone`.
    public init(_ moment: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: moment)
        self.minutes = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
    }
}

extension TimeOfDay: JSONFieldValue {
    public var json: JSONValue { .string(text) }
    public init(json: JSONValue, member: String) throws(JSONFieldError) {
        let text = try String(json: json, member: member)
        guard let time = TimeOfDay(text: text) else {
            throw .refused(text, "“\(text)” is not a time of the form HH:MM.")
        }
        self = time
    }
}

extension TimeOfDay: StoredFieldValue {
    /// Minutes after midnight.
    public static let storedColumns = [StoredColumn("", .integer)]
    public func store(into values: inout [StoredValue]) { values.append(.integer(Int64(minutes))) }
    public static func stored(in row: any StoredRow, at index: Int) throws -> TimeOfDay? {
        try row.integer(at: index).flatMap { TimeOfDay(minutes: Int($0)) }
    }
}

extension TimeOfDay: TextFieldValue {
    public var texts: [String] { [text] }
    public static func read(texts: [String?]) throws(TextFieldError) -> TimeOfDay? {
        guard let text = texts[0] else { return nil }
        guard let time = TimeOfDay(text: text) else { throw .notA(cell: 0, expected: "a time of the form HH:MM") }
        return time
    }
}

import Foundation

/// A day on the calendar, without a time or a time zone: what a due date is.
///
/// Stored and exchanged as `YYYY-MM-DD`; shown in list rows as `MM/dd/yyyy`.
public struct CalendarDate: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Creates a date, or returns nil when the day does not exist (e.g. February 30).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...CalendarDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD` strictly: four, two and two digits, and a day that exists.
    public init?(iso string: String) {
        // Byte by byte: this runs for every row of a long list.
        var string = string
        let parts: (Int, Int, Int)? = string.withUTF8 { bytes in
            guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
            var values = (0, 0, 0)
            for index in 0..<10 where index != 4 && index != 7 {
                let digit = Int(bytes[index]) - Int(UInt8(ascii: "0"))
                guard (0...9).contains(digit) else { return nil }
                if index < 4 {
                    values.0 = values.0 * 10 + digit
                } else if index < 7 {
                    values.1 = values.1 * 10 + digit
                } else {
                    values.2 = values.2 * 10 + digit
                }
            }
            return values
        }
        guard let (y, m, d) = parts else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The calendar day that `date` falls on in `timeZone`.
    public init(_ date: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self.year = parts.year!
        self.month = parts.month!
        self.day = parts.day!
    }

    /// `YYYY-MM-DD`.
    public var iso: String { formatted((year, 4), (month, 2), (day, 2), separator: "-") }

    /// `MM/dd/yyyy`, as list rows show due dates.
    public var monthDayYear: String { formatted((month, 2), (day, 2), (year, 4), separator: "/") }

    public var description: String { iso }

    /// The date `days` days later (or earlier, when negative).
    public func adding(days: Int) -> CalendarDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let start = calendar.date(from: DateComponents(year: year, month: month, day: day))!
        let moved = calendar.date(byAdding: .day, value: days, to: start)!
        return CalendarDate(moved, in: calendar.timeZone)
    }

    /// The number of days from this date to `other` (negative when `other` is earlier).
    public func days(to other: CalendarDate) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = { (date: CalendarDate) in DateComponents(year: date.year, month: date.month, day: date.day) }
        guard let start = calendar.date(from: components(self)), let end = calendar.date(from: components(other)) else { return 0 }
        return calendar.dateComponents([.day], from: start, to: end).day ?? 0
    }

    /// The day of the week this date falls on.
    public var weekday: Weekday {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = calendar.date(from: DateComponents(year: year, month: month, day: day))!
        // Calendar: 1 = Sunday … 7 = Saturday.
        let index = calendar.component(.weekday, from: date)
        return [Weekday.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday][index - 1]
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = CalendarDate(iso: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not a date of the form YYYY-MM-DD.")
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// Three zero-padded numbers joined by `separator`, written straight into the string: lists
/// format a date per row. Every part is in range (`init` checks), so it fits its width.
private func formatted(
    _ first: (value: Int, width: Int), _ second: (value: Int, width: Int), _ third: (value: Int, width: Int),
    separator: Unicode.Scalar
) -> String {
    String(unsafeUninitializedCapacity: 10) { buffer in
        var index = 0
        func write(_ part: (value: Int, width: Int)) {
            var rest = part.value
            for digit in (0..<part.width).reversed() {
                buffer[index + digit] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            index += part.width
        }
        write(first)
        buffer[index] = UInt8(separator.value)
        index += 1
        write(second)
        buffer[index] = UInt8(separator.value)
        index += 1
        write(third)
        return index
    }
}

import Foundation
import TodoCore

/// A file format items are exported to and imported from. Each format is one type that
/// encodes a list (in display order) and decodes a file into `ImportedItem`s, which a
/// `TodoStore` then imports all or nothing.
public protocol TodoFormat: Sendable {
    /// The format's entry in `InteropFormat`.
    var format: InteropFormat { get }
    /// The file in parts, so that a long list is written a batch at a time without being
    /// held whole (HARDEN-7): `start()`, then `encode(batch:afterItems:)` for each batch in
    /// order (`afterItems`: whether earlier batches had items), then `end(isEmpty:)`.
    func start() -> String
    func encode(batch items: [TodoItem], afterItems: Bool) throws -> String
    func end(isEmpty: Bool) -> String
    /// The items of a file, in file order, or the first thing wrong with it.
    func decode(_ text: String) throws(TodoFormatError) -> [ImportedItem]
}

extension TodoFormat {
    /// The whole file for `items`.
    public func encode(_ items: [TodoItem]) throws -> String {
        start() + (try encode(batch: items, afterItems: false)) + end(isEmpty: items.isEmpty)
    }
}

/// What decoding needs from outside: the time zone that calendar dates are read and
/// written in, and new ids for items that come without one.
public struct InteropOptions: Sendable {
    public var timeZone: TimeZone
    public var makeID: @Sendable () -> UUID

    public init(timeZone: TimeZone = .current, makeID: @escaping @Sendable () -> UUID = { UUID() }) {
        self.timeZone = timeZone
        self.makeID = makeID
    }
}

/// A file that can't be imported: where, and what is wrong, in one sentence.
public struct TodoFormatError: Error, Equatable, Sendable, LocalizedError {
    /// "line 4", "item 3"; nil when the file as a whole is wrong.
    public var origin: String?
    public var reason: String

    public init(_ origin: String?, _ reason: String) {
        self.origin = origin
        self.reason = reason
    }

    public static func line(_ number: Int, _ reason: String) -> TodoFormatError {
        TodoFormatError("line \(number)", reason)
    }

    /// A file with more items than one import takes (HARDEN-22), refused when `count` is over it.
    static func checkItemCount(_ count: Int) throws(TodoFormatError) {
        if count > TodoRules.maxImportItems { throw TodoFormatError(nil, TodoRules.tooManyImportItems + ".") }
    }

    public var errorDescription: String? {
        guard let origin else { return reason.prefix(1).uppercased() + reason.dropFirst() }
        return origin.prefix(1).uppercased() + origin.dropFirst() + ": " + reason
    }
}

/// The formats, by the names `--format` and `?format=` take.
public enum InteropFormat: String, CaseIterable, Sendable {
    case json, csv, todotxt, taskwarrior, ics

    /// The encoder and decoder of this format.
    public func codec(_ options: InteropOptions = InteropOptions()) -> any TodoFormat {
        switch self {
        case .json: JSONFormat(options)
        case .csv: CSVFormat(options)
        case .todotxt: TodoTxtFormat(options)
        case .taskwarrior: TaskwarriorFormat(options)
        case .ics: ICalendarFormat(options)
        }
    }

    /// The format a file name suggests: `.taskwarrior.json` (or `.taskwarrior`) is
    /// Taskwarrior, other `.json` the shared item shape, `.csv`, `.txt` todo.txt, `.ics`.
    public static func guess(fileName: String) -> InteropFormat? {
        let name = fileName.lowercased()
        if name.hasSuffix(".taskwarrior.json") || name.hasSuffix(".taskwarrior") { return .taskwarrior }
        if name.hasSuffix(".json") { return .json }
        if name.hasSuffix(".csv") { return .csv }
        if name.hasSuffix(".txt") { return .todotxt }
        if name.hasSuffix(".ics") || name.hasSuffix(".ical") || name.hasSuffix(".ifb") { return .ics }
        return nil
    }

    /// The file name suffix an export gets.
    public var fileExtension: String {
        switch self {
        case .json: "json"
        case .csv: "csv"
        case .todotxt: "txt"
        case .taskwarrior: "taskwarrior.json"
        case .ics: "ics"
        }
    }

    /// The media type of a download.
    public var mediaType: String {
        switch self {
        case .json, .taskwarrior: "application/json; charset=utf-8"
        case .csv: "text/csv; charset=utf-8; header=present"
        case .todotxt: "text/plain; charset=utf-8"
        case .ics: "text/calendar; charset=utf-8"
        }
    }

    /// "json, csv, todotxt, taskwarrior or ics".
    public static var namesForMessages: String {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}

extension InteropFormat {
    /// Reads a file's bytes as text: UTF-8, a leading byte-order mark dropped.
    public static func text(from data: Data) throws(TodoFormatError) -> String {
        var bytes = data
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let text = String(data: bytes, encoding: .utf8) else {
            throw TodoFormatError(nil, "the file is not UTF-8 text.")
        }
        return text
    }
}

// MARK: - Shared helpers

/// Dates and timestamps as the formats write them.
enum InteropDates {
    /// Midnight of `date` in `zone`.
    static func startOfDay(_ date: CalendarDate, in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day))!
    }

    /// `20261121T090000Z` (UTC, whole seconds): Taskwarrior's and iCalendar's form.
    static func basic(_ date: Date) -> String {
        let iso = Array(Timestamp.iso(date).utf8)  // 2026-11-21T09:00:00.123Z
        guard iso.count >= 19 else { return String(decoding: iso, as: UTF8.self) }
        // The digits and the T of its first 19 bytes, without the separators.
        let basic = iso[..<19].filter { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: ":") }
        return String(decoding: basic + [UInt8(ascii: "Z")], as: UTF8.self)
    }

    /// Parses `20261121T090000Z`; without the `Z`, the time is read in `floating` (iCalendar's
    /// "floating" time); nil when `floating` is nil then.
    static func parseBasic(_ text: String, floating: TimeZone?) -> Date? {
        let chars = Array(text)
        guard chars.count == 15 || chars.count == 16, chars[8] == "T",
              chars.enumerated().allSatisfy({ $0.offset == 8 || $0.offset == 15 || ($0.element.isASCII && $0.element.isNumber) })
        else { return nil }
        let s = String(chars)
        func part(_ from: Int, _ length: Int) -> Int {
            Int(s[s.index(s.startIndex, offsetBy: from)..<s.index(s.startIndex, offsetBy: from + length)])!
        }
        guard let day = CalendarDate(year: part(0, 4), month: part(4, 2), day: part(6, 2)) else { return nil }
        let (h, m, sec) = (part(9, 2), part(11, 2), part(13, 2))
        guard h < 24, m < 60, sec < 61 else { return nil }
        if chars.count == 16 {
            guard chars[15] == "Z" else { return nil }
            return Timestamp.parse("\(day.iso)T\(pad(h)):\(pad(m)):\(pad(sec))Z")
        }
        guard let floating else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = floating
        return calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: h, minute: m, second: sec))
    }

    /// `20261121` → the date.
    static func parseBasicDate(_ text: String) -> CalendarDate? {
        guard text.count == 8, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return CalendarDate(iso: "\(text.prefix(4))-\(text.dropFirst(4).prefix(2))-\(text.suffix(2))")
    }

    private static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}

/// A placeholder for timestamps a file does not give (the store sets them).
let unknownDate = Date(timeIntervalSince1970: 0)

/// The lines of a text, split at LF with a trailing CR dropped. (Splitting a `String` at
/// the Character "\n" would miss CRLF, which Swift counts as one Character.)
func physicalLines(_ text: String) -> [String] {
    text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { scalars in
        var line = String.UnicodeScalarView(scalars)
        if line.last == "\r" { line.removeLast() }
        return String(line)
    }
}

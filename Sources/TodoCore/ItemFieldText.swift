import Foundation

/// Why a field's text was refused: a cell that holds no value of its kind, or a sentence of
/// its own for cells that make no value together.
public enum TextFieldError: Error, Equatable, Sendable {
    /// The text of the field's cell at `cell` (its place in `ItemField.textCells`) is not
    /// `expected` ("a date of the form YYYY-MM-DD").
    case notA(cell: Int, expected: String)
    /// "a latitude or longitude needs a location name in the “location” column."
    case sentence(String)
}

/// A type an item's field can have, as text in cells of its own: a table's (CSV). What
/// `JSONFieldValue` is for the shared JSON shape and `StoredFieldValue` for a store.
public protocol TextFieldValue: Sendable {
    /// The names of its cells after the first, which takes the field's name (a location's
    /// "latitude" and "longitude").
    static var moreTextCells: [String] { get }
    /// Whether its first cell is free text a person wrote: read as it is, not trimmed (a table
    /// may guard it, as CSV does from formulas).
    static var isFreeText: Bool { get }
    /// Its cells' texts; "" for none.
    var texts: [String] { get }
    /// The value the cells hold (nil for an empty cell; the others trimmed, unless free text),
    /// or nil when they hold none (the field keeps its default).
    static func read(texts: [String?]) throws(TextFieldError) -> Self?
}

extension TextFieldValue {
    public static var moreTextCells: [String] { [] }
    public static var isFreeText: Bool { false }
}

extension String: TextFieldValue {
    public static var isFreeText: Bool { true }
    public var texts: [String] { [self] }
    public static func read(texts: [String?]) -> String? { texts[0] }
}

extension Bool: TextFieldValue {
    public var texts: [String] { [self ? "true" : "false"] }
    /// True or false, as spreadsheets and people write them.
    public static func read(texts: [String?]) throws(TextFieldError) -> Bool? {
        switch texts[0]?.lowercased() {
        case nil: return nil
        case "true", "yes", "1", "x": return true
        case "false", "no", "0": return false
        default: throw .notA(cell: 0, expected: "true or false")
        }
    }
}

extension Int: TextFieldValue {
    public var texts: [String] { [String(self)] }
    public static func read(texts: [String?]) throws(TextFieldError) -> Int? {
        guard let text = texts[0] else { return nil }
        guard let number = Int(text) else { throw .notA(cell: 0, expected: "a whole number") }
        return number
    }
}

extension Optional: TextFieldValue where Wrapped: TextFieldValue {
    public static var moreTextCells: [String] { Wrapped.moreTextCells }
    public static var isFreeText: Bool { Wrapped.isFreeText }
    public var texts: [String] { self?.texts ?? Array(repeating: "", count: 1 + Wrapped.moreTextCells.count) }
    /// Never nil: empty cells are the value nil.
    public static func read(texts: [String?]) throws(TextFieldError) -> Wrapped?? { .some(try Wrapped.read(texts: texts)) }
}

extension CalendarDate: TextFieldValue {
    public var texts: [String] { [iso] }
    public static func read(texts: [String?]) throws(TextFieldError) -> CalendarDate? {
        guard let text = texts[0] else { return nil }
        guard let date = CalendarDate(iso: text) else { throw .notA(cell: 0, expected: "a date of the form YYYY-MM-DD") }
        return date
    }
}

extension Project: TextFieldValue {
    /// A project by its name.
    public static var isFreeText: Bool { true }
    public var texts: [String] { [name] }
    public static func read(texts: [String?]) -> Project? { texts[0].map(Project.init(name:)) }
}

extension Location: TextFieldValue {
    /// Its name, then its coordinates, which need a name.
    public static var moreTextCells: [String] { ["latitude", "longitude"] }
    public static var isFreeText: Bool { true }
    public var texts: [String] { [name, latitude?.shortestText ?? "", longitude?.shortestText ?? ""] }
    public static func read(texts: [String?]) throws(TextFieldError) -> Location? {
        func coordinate(_ cell: Int) throws(TextFieldError) -> Double? {
            guard let text = texts[cell] else { return nil }
            guard let value = Double(text) else { throw .notA(cell: cell, expected: "a number") }
            return value
        }
        let latitude = try coordinate(1), longitude = try coordinate(2)
        if let name = texts[0] { return Location(name: name, latitude: latitude, longitude: longitude) }
        guard latitude == nil, longitude == nil else {
            throw .sentence("a latitude or longitude needs a location name in the “location” column.")
        }
        return nil
    }
}

extension Double {
    /// The shortest text that reads back as the same number (`-1.5`, `3`).
    public var shortestText: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int64(self)) }
        return "\(self)"
    }
}

extension Priority: TextFieldValue {
    /// `high`, `medium`, `low` for 1, 5 and 9, the number for the others, "" for none (PRIO-6).
    public var texts: [String] { [text] }
    public static func read(texts: [String?]) throws(TextFieldError) -> Priority? {
        guard let cell = texts[0] else { return nil }
        guard let priority = Priority(text: cell) else {
            throw .notA(cell: 0, expected: "a priority: high, medium, low or a number 0…9")
        }
        return priority
    }
}

import Foundation

/// A value as a database column holds it, whichever the database: each store turns it into its
/// own types (SQLite's values, PostgreSQL's bound parameters) without naming the field.
public enum StoredValue: Hashable, Sendable {
    case null, integer(Int64), real(Double), text(String)
}

/// What a column holds, for a store whose types are finer than `StoredValue`: PostgreSQL keeps
/// a flag as a boolean and a day as a date, SQLite both as `integer` and `text`.
public enum StoredKind: Hashable, Sendable {
    case text, integer, real, boolean, date
}

/// A column of a field's stored form: its name and what it holds. For a value type
/// (`StoredFieldValue.storedColumns`) the name is the suffix after the field's stored name ("",
/// or "Name", "Latitude"… for a location); for a field (`ItemField.storedColumns`) the whole
/// name, in camelCase ("locationName"), which each store spells its own way.
public struct StoredColumn: Hashable, Sendable {
    public let name: String
    public let kind: StoredKind

    public init(_ name: String, _ kind: StoredKind) {
        self.name = name
        self.kind = kind
    }
}

/// A row a store reads fields from, by column index: a look-up by name for every column of
/// every row costs a long list more than the rest of its decoding. Each getter reads a column
/// of its kind (`text` also a `date` column) and answers nil for NULL; read as the type the
/// field wants, a value is never wrapped in a `StoredValue` on the way.
public protocol StoredRow {
    /// The value of a `text` or `date` column.
    func text(at index: Int) throws -> String?
    /// The value of an `integer` column.
    func integer(at index: Int) throws -> Int64?
    /// The value of a `boolean` column.
    func flag(at index: Int) throws -> Bool?
    /// The value of a `real` column.
    func real(at index: Int) throws -> Double?
}

/// Why a stored row could not be read as an item: a value no column of that kind holds, which
/// the schema's constraints keep out.
public struct StoredFieldError: Error, Equatable, Sendable, CustomStringConvertible {
    public let column: String
    public init(column: String) { self.column = column }
    public var description: String { "The stored column “\(column)” holds a value its field can't have." }
}

/// A type an item's field can have, as a database stores it: in one column or several (a
/// location), each a `StoredValue`. What `JSONFieldValue` is for the shared JSON shape.
public protocol StoredFieldValue: Sendable {
    /// Its columns, by suffix, in the order `store(into:)` writes them.
    static var storedColumns: [StoredColumn] { get }
    /// Appends its value of each of `storedColumns`.
    func store(into values: inout [StoredValue])
    /// The value stored in the columns of `row` from `index` on; nil when they hold NULL.
    static func stored(in row: any StoredRow, at index: Int) throws -> Self?
}

extension String: StoredFieldValue {
    public static let storedColumns = [StoredColumn("", .text)]
    public func store(into values: inout [StoredValue]) { values.append(.text(self)) }
    public static func stored(in row: any StoredRow, at index: Int) throws -> String? {
        try row.text(at: index)
    }
}

extension Bool: StoredFieldValue {
    public static let storedColumns = [StoredColumn("", .boolean)]
    public func store(into values: inout [StoredValue]) { values.append(.integer(self ? 1 : 0)) }
    public static func stored(in row: any StoredRow, at index: Int) throws -> Bool? {
        try row.flag(at: index)
    }
}

extension Int: StoredFieldValue {
    public static let storedColumns = [StoredColumn("", .integer)]
    public func store(into values: inout [StoredValue]) { values.append(.integer(Int64(self))) }
    public static func stored(in row: any StoredRow, at index: Int) throws -> Int? {
        try row.integer(at: index).flatMap { Int(exactly: $0) }
    }
}

extension Optional: StoredFieldValue where Wrapped: StoredFieldValue {
    public static var storedColumns: [StoredColumn] { Wrapped.storedColumns }
    public func store(into values: inout [StoredValue]) {
        if let self {
            self.store(into: &values)
        } else {
            values.append(contentsOf: repeatElement(.null, count: Wrapped.storedColumns.count))
        }
    }
    /// Never nil: NULL is the value nil.
    public static func stored(in row: any StoredRow, at index: Int) throws -> Wrapped?? {
        .some(try Wrapped.stored(in: row, at: index))
    }
}

extension CalendarDate: StoredFieldValue {
    /// A day as text, YYYY-MM-DD (a date in PostgreSQL).
    public static let storedColumns = [StoredColumn("", .date)]
    public func store(into values: inout [StoredValue]) { values.append(.text(iso)) }
    public static func stored(in row: any StoredRow, at index: Int) throws -> CalendarDate? {
        try row.text(at: index).flatMap(CalendarDate.init(iso:))
    }
}

extension Project: StoredFieldValue {
    /// A project by its name. (The stores keep an item's project by key in their own way.)
    public static let storedColumns = [StoredColumn("", .text)]
    public func store(into values: inout [StoredValue]) { values.append(.text(name)) }
    public static func stored(in row: any StoredRow, at index: Int) throws -> Project? {
        try String.stored(in: row, at: index).map(Project.init(name:))
    }
}

extension Location: StoredFieldValue {
    /// Its name, then its coordinates; no location when the name is NULL.
    public static let storedColumns = [
        StoredColumn("Name", .text), StoredColumn("Latitude", .real), StoredColumn("Longitude", .real),
    ]
    public func store(into values: inout [StoredValue]) {
        values.append(.text(name))
        values.append(latitude.map(StoredValue.real) ?? .null)
        values.append(longitude.map(StoredValue.real) ?? .null)
    }
    public static func stored(in row: any StoredRow, at index: Int) throws -> Location? {
        guard let name = try row.text(at: index) else { return nil }
        return Location(name: name, latitude: try row.real(at: index + 1), longitude: try row.real(at: index + 2))
    }
}

extension Priority: StoredFieldValue {
    /// The number 1…9; NULL for none.
    public static let storedColumns = [StoredColumn("", .integer)]
    public func store(into values: inout [StoredValue]) { values.append(isUndefined ? .null : .integer(Int64(number))) }
    /// Never nil: NULL is none.
    public static func stored(in row: any StoredRow, at index: Int) throws -> Priority? {
        Priority(number: try row.integer(at: index).flatMap { Int(exactly: $0) } ?? 0)
    }
}

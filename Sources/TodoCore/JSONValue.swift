import Foundation

/// Any JSON value: what an item's fields are written as in the shared JSON shape
/// (`TodoItem+JSON.swift`), and what a reader checks field by field (absent, null or a value of
/// the wrong type are told apart).
public enum JSONValue: Hashable, Sendable, Codable {
    case null, bool(Bool), int(Int), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// "a string", "null"…: what a sentence about a value of the wrong type names.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// A whole number, however it was written (`30` or `30.0`); nil for anything else.
    public var wholeNumber: Int? {
        switch self {
        case .int(let value): value
        case .number(let value) where value.rounded() == value && abs(value) < 9e15: Int(value)
        default: nil
        }
    }

    /// Any number; nil for anything else.
    public var number: Double? {
        switch self {
        case .int(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }
}

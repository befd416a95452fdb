import Foundation

/// Why a field's JSON value was refused, as a sentence: of the wrong type (`type`: the request
/// is malformed) or a value no item can have (`value`).
public struct JSONFieldError: Error, Equatable, Sendable {
    public enum Kind: Sendable { case type, value }
    public var kind: Kind
    public var sentence: String
    /// For a value of the wrong type: the member, what it must be ("a string", "a whole number
    /// of minutes or null") and what it was, so the field (`ItemField`'s `jsonType`) or a
    /// format can say it in its own words.
    public internal(set) var mismatch: (member: String, expected: String, found: JSONValue)?
    /// For a value no item can have: the text refused ("2026-02-30", "funday"), for a format
    /// that words the refusal its own way.
    public internal(set) var refused: String?

    public init(_ kind: Kind, _ sentence: String) {
        self.kind = kind
        self.sentence = sentence
    }

    /// "“location.latitude” must be a number or null, not a string."
    public static func type(_ member: String, _ expected: String, _ found: JSONValue) -> JSONFieldError {
        var error = JSONFieldError(.type, "“\(member)” must be \(expected), not \(found.typeName).")
        error.mismatch = (member, expected, found)
        return error
    }

    /// A value no item can have: `text`, refused with `sentence`.
    static func refused(_ text: String, _ sentence: String) -> JSONFieldError {
        var error = JSONFieldError(.value, sentence)
        error.refused = text
        return error
    }

    public static func == (a: JSONFieldError, b: JSONFieldError) -> Bool { a.kind == b.kind && a.sentence == b.sentence }
}

/// A type an item's field can have, as the shared JSON shape writes and reads it. `member` is
/// the field's name, for sentences about a wrong value.
public protocol JSONFieldValue: Hashable, Sendable {
    var json: JSONValue { get }
    init(json: JSONValue, member: String) throws(JSONFieldError)
    /// What an absent member means; nil when the member is required.
    static var absent: Self? { get }
}

extension JSONFieldValue {
    public static var absent: Self? { nil }
}

extension String: JSONFieldValue {
    public var json: JSONValue { .string(self) }
    public init(json: JSONValue, member: String) throws(JSONFieldError) {
        guard case .string(let text) = json else { throw .type(member, "a string", json) }
        self = text
    }
}

extension Bool: JSONFieldValue {
    public var json: JSONValue { .bool(self) }
    public init(json: JSONValue, member: String) throws(JSONFieldError) {
        guard case .bool(let flag) = json else { throw .type(member, "a boolean", json) }
        self = flag
    }
    public static var absent: Bool? { false }
}

extension Optional: JSONFieldValue where Wrapped: JSONFieldValue {
    public var json: JSONValue { map(\.json) ?? .null }
    public init(json: JSONValue, member: String) throws(JSONFieldError) {
        self = json == .null ? nil : try Wrapped(json: json, member: member)
    }
    public static var absent: Wrapped?? { .some(nil) }
}

extension CalendarDate: JSONFieldValue {
    public var json: JSONValue { .string(iso) }
    public init(json: JSONValue, member: String) throws(JSONFieldError) {
        let text = try String(json: json, member: member)
        guard let date = CalendarDate(iso: text) else {
            throw .refused(text, "“\(text)” is not a date of the form YYYY-MM-DD.")
        }
        self = date
    }
}

extension Project: JSONFieldValue {
    /// A project is written by its name.
    public var json: JSONValue { .string(name) }
    public init(json: JSONValue, member: String) throws(JSONFieldError) {
        self.init(name: try String(json: json, member: member))
    }
}

extension Location: JSONFieldValue {
    public var json: JSONValue {
        .object(["name": .string(name), "latitude": latitude.map(JSONValue.number) ?? .null,
                 "longitude": longitude.map(JSONValue.number) ?? .null])
    }
    public init(json: JSONValue, member: String) throws(JSONFieldError) {
        guard case .object(let object) = json else { throw .type(member, "an object or null", json) }
        if let unknown = object.keys.sorted().first(where: { !["name", "latitude", "longitude"].contains($0) }) {
            throw JSONFieldError(
                .type, "Unknown field “\(member).\(unknown)”: a location has name, latitude and longitude.")
        }
        func coordinate(_ key: String) throws(JSONFieldError) -> Double? {
            switch object[key] {
            case nil, .null?: return nil
            case let value?:
                guard let number = value.number else { throw .type("\(member).\(key)", "a number or null", value) }
                return number
            }
        }
        let name = try object["name"].map { value throws(JSONFieldError) in try String(json: value, member: "\(member).name") }
        self.init(name: name ?? "", latitude: try coordinate("latitude"), longitude: try coordinate("longitude"))
    }
}

extension Int: JSONFieldValue {
    public var json: JSONValue { .int(self) }
    public init(json: JSONValue, member: String) throws(JSONFieldError) {
        guard let number = json.wholeNumber, abs(number) < 1_000_000_000 else {
            throw .type(member, "a whole number", json)
        }
        self = number
    }
}

extension Priority: JSONFieldValue {
    /// The number 1…9, or null for none (PRIO-5).
    public var json: JSONValue { isUndefined ? .null : .int(number) }
    /// A number 0…9 (0: none) or a level's word (`"high"`, `"none"`); the rule checks the range.
    public init(json: JSONValue, member: String) throws(JSONFieldError) {
        switch json {
        case .null: self = .undefined
        case .string(let text):
            guard let priority = Priority(text: text), Int(text) == nil else {
                throw .refused(text, "“\(text)” is not a priority: use high, medium, low, none or a number 0…9.")
            }
            self = priority
        default:
            guard let number = json.wholeNumber, abs(number) < 1_000_000_000 else {
                throw .type(member, "a number 1…9, a word such as \"high\", or null", json)
            }
            self = Priority(number: number)
        }
    }
    public static var absent: Priority? { Priority.undefined }
}

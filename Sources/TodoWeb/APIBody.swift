import Foundation
import TodoCore

/// Any JSON value, to check a request body's fields one by one (absent vs null vs wrong type).
indirect enum JSONValue: Decodable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
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

    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// The fields of an item sent to the API (POST or PATCH), checked for type: wrong types are
/// 400, values that break a rule 422.
struct APIItemBody {
    /// Fields the API writes itself; clients may send them back and they are ignored.
    static let readOnlyFields: Set<String> = ["id", "url", "createdAt", "updatedAt", "completedAt", "version", "number"]
    static let writableFields: Set<String> = [
        "title", "details", "completed", "dueDate", "location", "project", "estimateMinutes", "repeatDays", "order",
    ]

    /// Not an item field: `"parse": true` on POST reads the title as plain words (WORDS-15).
    static let readingFields: Set<String> = ["parse"]

    let fields: [String: JSONValue]
    /// `"parse"` as sent: nil when absent.
    let parse: Bool?

    /// Parses a body: a JSON object of known fields.
    init(json data: Data) throws {
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw APIError(.badRequest, "The body is not valid JSON.")
        }
        guard case .object(let object) = value else {
            throw APIError(.badRequest, "The body must be a JSON object, not \(value.typeName).")
        }
        // JSON readers disagree on which of two equal keys wins: refuse rather than guess (HARDEN-10h).
        if let duplicate = JSONDuplicateKeys.first(in: data) {
            throw APIError(.badRequest, "The field “\(duplicate)” is given twice.")
        }
        if let unknown = object.keys.sorted().first(where: {
            !Self.writableFields.contains($0) && !Self.readOnlyFields.contains($0) && !Self.readingFields.contains($0)
        }) {
            throw APIError(.badRequest, "Unknown field “\(unknown)”.")
        }
        fields = object.filter { Self.writableFields.contains($0.key) }
        switch object["parse"] {
        case nil: parse = nil
        case .bool(let value)?: parse = value
        case let other?: throw APIError(.badRequest, "“parse” must be a boolean, not \(other.typeName).")
        }
    }

    func draft() throws -> TodoDraft {
        let changes = try self.changes()
        var draft = TodoDraft(title: changes.title ?? "")
        draft.details = changes.details ?? nil
        draft.isDone = changes.isDone ?? false
        draft.dueDate = changes.dueDate ?? nil
        draft.location = changes.location ?? nil
        draft.project = changes.project ?? nil
        draft.estimateMinutes = changes.estimateMinutes ?? nil
        draft.repeatDays = changes.repeatDays ?? []
        draft.position = changes.position
        return draft
    }

    func changes() throws -> TodoChanges {
        var changes = TodoChanges()
        if let value = fields["title"] { changes.title = try string(value, "title") }
        if let value = fields["details"] { changes.details = .some(try optionalString(value, "details")) }
        if let value = fields["completed"] {
            guard case .bool(let done) = value else { throw typeError("completed", "a boolean", value) }
            changes.isDone = done
        }
        if let value = fields["dueDate"] {
            changes.dueDate = .some(try optionalString(value, "dueDate").map { text in
                guard let date = CalendarDate(iso: text) else {
                    throw APIError(.unprocessableContent, "“\(text)” is not a date of the form YYYY-MM-DD.")
                }
                return date
            })
        }
        if let value = fields["location"] { changes.location = .some(try location(value)) }
        if let value = fields["project"] {
            changes.project = .some(try optionalString(value, "project").map(Project.init(name:)))
        }
        if let value = fields["estimateMinutes"] {
            switch value {
            case .null: changes.estimateMinutes = .some(nil)
            case .number(let number) where number.rounded() == number && abs(number) < 1e9:
                changes.estimateMinutes = .some(Int(number))
            default: throw typeError("estimateMinutes", "a whole number of minutes or null", value)
            }
        }
        if let value = fields["repeatDays"] {
            guard case .array(let items) = value else { throw typeError("repeatDays", "an array of day names", value) }
            changes.repeatDays = Set(try items.map { item in
                guard case .string(let name) = item else { throw typeError("repeatDays", "an array of day names", item) }
                guard let day = Weekday(rawValue: name) else {
                    throw APIError(.unprocessableContent, "“\(name)” is not a day: use mon, tue, wed, thu, fri, sat or sun.")
                }
                return day
            })
        }
        if let value = fields["order"] {
            guard case .number(let order) = value else { throw typeError("order", "a number", value) }
            changes.position = order
        }
        return changes
    }

    private func location(_ value: JSONValue) throws -> Location? {
        switch value {
        case .null:
            return nil
        case .object(let object):
            if let unknown = object.keys.sorted().first(where: { !["name", "latitude", "longitude"].contains($0) }) {
                throw APIError(.badRequest, "Unknown field “location.\(unknown)”: a location has name, latitude and longitude.")
            }
            let name = try object["name"].map { try string($0, "location.name") } ?? ""
            func coordinate(_ key: String) throws -> Double? {
                switch object[key] {
                case nil, .null?: return nil
                case .number(let number)?: return number
                case let other?: throw typeError("location.\(key)", "a number or null", other)
                }
            }
            return Location(name: name, latitude: try coordinate("latitude"), longitude: try coordinate("longitude"))
        default:
            throw typeError("location", "an object or null", value)
        }
    }

    private func string(_ value: JSONValue, _ name: String) throws -> String {
        guard case .string(let text) = value else { throw typeError(name, "a string", value) }
        return text
    }

    private func optionalString(_ value: JSONValue, _ name: String) throws -> String? {
        if value == .null { return nil }
        return try string(value, name)
    }

    private func typeError(_ name: String, _ expected: String, _ value: JSONValue) -> APIError {
        APIError(.badRequest, "“\(name)” must be \(expected), not \(value.typeName).")
    }
}

/// Finds a key given twice in one object of a JSON text that has already been parsed
/// successfully (so the scan needs no error handling of its own).
enum JSONDuplicateKeys {
    static func first(in data: Data) -> String? {
        let bytes = [UInt8](data)
        var keysOfOpenObjects: [Set<String>?] = []  // nil for an array
        var expectingKey = false
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"):
                keysOfOpenObjects.append([])
                expectingKey = true
            case UInt8(ascii: "["):
                keysOfOpenObjects.append(nil)
                expectingKey = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                keysOfOpenObjects.removeLast()
                expectingKey = false
            case UInt8(ascii: ","):
                expectingKey = keysOfOpenObjects.last.map { $0 != nil } ?? false
            case UInt8(ascii: "\""):
                let start = index + 1
                var hasEscape = false
                index += 1
                while bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\") { hasEscape = true; index += 1 }
                    index += 1
                }
                if expectingKey, case var keys?? = keysOfOpenObjects.last {
                    let raw = Data(bytes[start..<index])
                    let key = hasEscape
                        ? (try? JSONDecoder().decode(String.self, from: Data("\"".utf8) + raw + Data("\"".utf8))) ?? ""
                        : String(decoding: raw, as: UTF8.self)
                    if !keys.insert(key).inserted { return key }
                    keysOfOpenObjects[keysOfOpenObjects.count - 1] = keys
                    expectingKey = false
                }
            default:
                break
            }
            index += 1
        }
        return nil
    }
}

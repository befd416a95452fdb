import Foundation
import TodoCore

/// The fields of an item sent to the API (POST or PATCH), checked for type: wrong types are
/// 400, values that break a rule 422.
struct APIItemBody {
    /// Fields the API writes itself; clients may send them back and they are ignored.
    static let readOnlyFields: Set<String> = ["id", "url", "createdAt", "updatedAt", "completedAt", "version", "number"]
    /// The content's fields (`ItemField`), and the item's place in its section.
    static let writableFields = Set(ItemField.all.map(\.id) + ItemField.legacyMembers + ["order"])

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
        return TodoDraft(content: changes.applied(to: TodoContent(title: "")), position: changes.position)
    }

    /// The fields given, each read by its `ItemField`: a value of the wrong type is 400, one no
    /// item can have 422.
    func changes() throws -> TodoChanges {
        var changes = TodoChanges()
        var content = TodoContent(title: "")
        for field in ItemField.all {
            do {
                guard let value = try field.member(in: fields) else { continue }
                try field.read(value, into: &content)
            } catch {
                throw APIError(error.kind == .type ? .badRequest : .unprocessableContent, error.sentence)
            }
            changes.set(field, from: content)
        }
        if let value = fields["order"] {
            guard let order = value.number else {
                throw APIError(.badRequest, "“order” must be a number, not \(value.typeName).")
            }
            changes.position = order
        }
        return changes
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

import Foundation
import TodoCore

/// The project's shared item shape (see `TodoItem+JSON`): an array of ITEMs in display
/// order, lossless. Import also takes the `{"todo": [ITEM…], "done": [ITEM…]}` object that
/// `todo list --json` prints, and items that leave fields out (only `title` is required).
public struct JSONFormat: TodoFormat {
    public let options: InteropOptions
    public var format: InteropFormat { .json }

    public init(_ options: InteropOptions = InteropOptions()) { self.options = options }

    /// A pretty-printed array, as `JSONEncoder` writes one, written an item at a time.
    public func start() -> String { "[\n" }

    public func encode(batch items: [TodoItem], afterItems: Bool) throws -> String {
        let encoder = TodoJSON.encoder(pretty: true)
        var out = ""
        for (index, item) in items.enumerated() {
            if afterItems || index > 0 { out += ",\n" }
            let object = String(decoding: try encoder.encode(item), as: UTF8.self)
            // Indented one level, as inside the array (empty lines stay empty, as the encoder leaves them).
            out += object.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
        }
        return out
    }

    public func end(isEmpty: Bool) -> String { "\n]\n" }

    public func decode(_ text: String) throws(TodoFormatError) -> [ImportedItem] {
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        } catch let error as DecodingError {
            throw Self.describe(error)
        } catch {
            throw TodoFormatError(nil, "the file is not JSON (\(error.localizedDescription)).")
        }
        let records: [(origin: String, object: [String: JSONValue])]
        switch value {
        case .object(let sections):
            let todo = try Self.items(sections["todo"], "todo"), done = try Self.items(sections["done"], "done")
            guard todo != nil || done != nil else {
                throw TodoFormatError(nil, "expected an array of items, or {\"todo\": [items], \"done\": [items]}.")
            }
            records = (todo ?? []) + (done ?? [])
        case .array:
            records = try Self.items(value, nil) ?? []
        default:
            throw TodoFormatError(nil, "expected an array of items.")
        }
        try TodoFormatError.checkItemCount(records.count)
        var items: [ImportedItem] = []
        for (index, record) in records.enumerated() {
            items.append(try Self.imported(record.object, origin: "item \(index + 1)", options: options))
        }
        return items
    }

    /// The items of the array `value` (nil: absent or null); `key` names the array of a
    /// `{"todo": …, "done": …}` object. An item that is not an object is named by its place in
    /// its array.
    private static func items(_ value: JSONValue?, _ key: String?) throws(TodoFormatError)
        -> [(origin: String, object: [String: JSONValue])]?
    {
        switch value {
        case nil, .null?: return nil
        case .array(let elements)?:
            return try elements.enumerated().map { index, element throws(TodoFormatError) in
                guard case .object(let object) = element else {
                    throw TodoFormatError("item \(index + 1)", key.map { "\"\($0)\" should be an item object." } ?? "expected an item object.")
                }
                return ("item \(index + 1)", object)
            }
        case _?:
            throw TodoFormatError(nil, key.map { "\"\($0)\" should be an array." } ?? "expected an array of items.")
        }
    }

    /// An ITEM whose fields may be missing (or null): the content's fields read by their
    /// `ItemField`, then the bookkeeping the file may give.
    private static func imported(_ object: [String: JSONValue], origin: String, options: InteropOptions)
        throws(TodoFormatError) -> ImportedItem
    {
        func fail(_ reason: String) -> TodoFormatError { TodoFormatError(origin, reason) }
        /// The member `key` read by `read` (nil: absent or null), or refused as not `expected`.
        func member<Value>(_ key: String, _ expected: String, _ read: (JSONValue) -> Value?) throws(TodoFormatError)
            -> Value?
        {
            guard let value = object[key], value != .null else { return nil }
            guard let read = read(value) else { throw fail("\"\(key)\" should be \(expected).") }
            return read
        }
        func string(_ value: JSONValue) -> String? { if case .string(let text) = value { text } else { nil } }
        func timestamp(_ key: String) throws(TodoFormatError) -> Date? {
            guard let text = try member(key, "a string", string) else { return nil }
            guard let date = Timestamp.parse(text) else {
                throw fail("\"\(key)\" “\(text)” is not an ISO 8601 timestamp such as 2026-11-21T09:00:00.000Z.")
            }
            return date
        }
        guard object["title"].map({ $0 != .null }) == true else { throw fail("the item has no \"title\".") }
        var content = TodoContent(title: "")
        for field in ItemField.all {
            do throws(JSONFieldError) {
                try field.read(try field.member(in: object).flatMap { $0 == .null ? nil : $0 }, into: &content)
            } catch {
                // Named as the file names it: an earlier version's member (REPEAT-16) by its own name.
                let name = object[field.id] == nil ? ItemField.legacyMembers.first { object[$0] != nil } : nil
                throw fail(reason(error, name: name ?? field.id))
            }
        }
        var id: UUID?
        if let text = try member("id", "a string", string) {
            guard let parsed = UUID(uuidString: text) else { throw fail("\"id\" “\(text)” is not a UUID.") }
            id = parsed
        }
        let order = try member("order", "a number", \.number)
        let created = try timestamp("createdAt"), updated = try timestamp("updatedAt")
        let completedAt = try timestamp("completedAt")
        let version = try member("version", "a whole number", \.wholeNumber)
        let number = try member("number", "a whole number", \.wholeNumber)
        var given: ImportedItem.Given = []
        if order != nil { given.insert(.position) }
        if created != nil { given.insert(.createdAt) }
        if updated != nil { given.insert(.updatedAt) }
        if completedAt != nil { given.insert(.completedAt) }
        if version != nil { given.insert(.version) }
        let item = TodoItem(
            id: id ?? options.makeID(), content: content, position: order ?? 0, createdAt: created ?? unknownDate,
            updatedAt: updated ?? unknownDate, completedAt: completedAt, version: version ?? 1, number: max(number ?? 0, 0))
        return ImportedItem(item: item, given: given, precision: .milliseconds, origin: origin)
    }

    /// A field's refusal in this format's words: `"completed" should be true or false.`,
    /// `"dueDate" “2026-02-30” is not a date of the form YYYY-MM-DD.`
    private static func reason(_ error: JSONFieldError, name: String) -> String {
        if let mismatch = error.mismatch {
            let expected = mismatch.expected
            let wanted = if expected == "a boolean" { "true or false" }
                else if expected.hasPrefix("a whole number") { "a whole number" }
                else if expected.hasPrefix("a number") { "a number" }
                else if expected.hasPrefix("an array") { "an array" }
                else if expected == "a string" { "a string" }
                else { "of another type" }
            return "\"\(mismatch.member)\" should be \(wanted)."
        }
        return "\"\(name)\" \(error.sentence)"
    }

    /// "the file is not valid JSON (…)." with the parser's account of where, when it gives one.
    private static func describe(_ error: DecodingError) -> TodoFormatError {
        guard case .dataCorrupted(let context) = error else { return TodoFormatError(nil, "the file is not valid JSON.") }
        let detail = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
        return TodoFormatError(nil, "the file is not valid JSON" + (detail.map { " (\($0))" } ?? "") + ".")
    }
}

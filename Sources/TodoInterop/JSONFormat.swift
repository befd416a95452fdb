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
        let data = Data(text.utf8)
        let records: [Record]
        do {
            if text.drop(while: \.isWhitespace).first == "{" {
                let sections = try JSONDecoder().decode(Sections.self, from: data)
                guard sections.todo != nil || sections.done != nil else {
                    throw TodoFormatError(nil, "expected an array of items, or {\"todo\": [items], \"done\": [items]}.")
                }
                records = (sections.todo ?? []) + (sections.done ?? [])
            } else {
                records = try JSONDecoder().decode([Record].self, from: data)
            }
        } catch let error as TodoFormatError {
            throw error
        } catch let error as DecodingError {
            throw Self.describe(error)
        } catch {
            throw TodoFormatError(nil, "the file is not JSON (\(error.localizedDescription)).")
        }
        try TodoFormatError.checkItemCount(records.count)
        var items: [ImportedItem] = []
        for (index, record) in records.enumerated() {
            items.append(try record.imported(origin: "item \(index + 1)", options: options))
        }
        return items
    }

    private struct Sections: Decodable {
        var todo: [Record]?
        var done: [Record]?
    }

    /// An ITEM whose fields may be missing.
    private struct Record: Decodable {
        var id: String?
        var title: String?
        var details: String?
        var completed: Bool?
        var dueDate: String?
        var location: Location?
        var project: String?
        var estimateMinutes: Int?
        var repeatDays: [String]?
        var order: Double?
        var createdAt: String?
        var updatedAt: String?
        var completedAt: String?
        var version: Int?
        var number: Int?

        func imported(origin: String, options: InteropOptions) throws(TodoFormatError) -> ImportedItem {
            func fail(_ reason: String) -> TodoFormatError { TodoFormatError(origin, reason) }
            guard let title else { throw fail("the item has no \"title\".") }
            var id: UUID?
            if let text = self.id {
                guard let parsed = UUID(uuidString: text) else { throw fail("\"id\" “\(text)” is not a UUID.") }
                id = parsed
            }
            var due: CalendarDate?
            if let dueDate {
                guard let date = CalendarDate(iso: dueDate) else {
                    throw fail("\"dueDate\" “\(dueDate)” is not a date of the form YYYY-MM-DD.")
                }
                due = date
            }
            var days: Set<Weekday> = []
            for name in repeatDays ?? [] {
                guard let day = Weekday(rawValue: name) else {
                    throw fail("\"repeatDays\" has “\(name)”, which is not mon, tue, wed, thu, fri, sat or sun.")
                }
                days.insert(day)
            }
            func timestamp(_ text: String?, _ key: String) throws(TodoFormatError) -> Date? {
                guard let text else { return nil }
                guard let date = Timestamp.parse(text) else {
                    throw fail("\"\(key)\" “\(text)” is not an ISO 8601 timestamp such as 2026-11-21T09:00:00.000Z.")
                }
                return date
            }
            let created = try timestamp(createdAt, "createdAt")
            let updated = try timestamp(updatedAt, "updatedAt")
            let completedDate = try timestamp(completedAt, "completedAt")
            var given: ImportedItem.Given = []
            if order != nil { given.insert(.position) }
            if created != nil { given.insert(.createdAt) }
            if updated != nil { given.insert(.updatedAt) }
            if completedDate != nil { given.insert(.completedAt) }
            if version != nil { given.insert(.version) }
            let item = TodoItem(
                id: id ?? options.makeID(), title: title, details: details, isDone: completed ?? false, dueDate: due,
                location: location, project: project.map(Project.init(name:)), estimateMinutes: estimateMinutes,
                repeatDays: days, position: order ?? 0, createdAt: created ?? unknownDate,
                updatedAt: updated ?? unknownDate, completedAt: completedDate, version: version ?? 1,
                number: max(number ?? 0, 0))
            return ImportedItem(item: item, given: given, precision: .milliseconds, origin: origin)
        }
    }

    /// "item 3: "dueDate" should be a string." from a decoding error's path.
    private static func describe(_ error: DecodingError) -> TodoFormatError {
        func place(_ path: [any CodingKey]) -> (origin: String?, field: String?) {
            var origin: String?
            var field: String?
            for key in path {
                if let index = key.intValue, origin == nil {
                    origin = "item \(index + 1)"
                } else if key.intValue == nil, origin != nil || field == nil {
                    field = field.map { "\($0).\(key.stringValue)" } ?? key.stringValue
                }
            }
            return (origin, field)
        }
        switch error {
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let (origin, field) = place(context.codingPath)
            let expected = switch type {
            case is Bool.Type: "true or false"
            case is String.Type: "a string"
            case is Int.Type: "a whole number"
            case is Double.Type: "a number"
            case is [Record].Type, is [String].Type: "an array"
            default: "of another type"
            }
            if let field { return TodoFormatError(origin, "\"\(field)\" should be \(expected).") }
            return TodoFormatError(origin, "expected \(expected == "an array" ? "an array of items" : "an item object").")
        case .keyNotFound(let key, let context):
            let (origin, _) = place(context.codingPath)
            return TodoFormatError(origin, "\"\(key.stringValue)\" is missing.")
        case .dataCorrupted(let context):
            let (origin, field) = place(context.codingPath)
            if origin == nil, field == nil {
                let detail = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
                return TodoFormatError(nil, "the file is not valid JSON" + (detail.map { " (\($0))" } ?? "") + ".")
            }
            return TodoFormatError(origin, "\(field.map { "\"\($0)\" " } ?? "")\(context.debugDescription)")
        @unknown default:
            return TodoFormatError(nil, "the file is not valid JSON.")
        }
    }
}

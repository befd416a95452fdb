import Foundation
import TodoCore

/// Comma-separated values (RFC 4180): a header row, one item per row, every field of the
/// shared shape as a column (the location split in three). Lossless like JSON.
///
/// Import matches columns by header name in any order; only `title` is required, and an
/// empty cell is an absent value. An unknown column is refused rather than dropped.
public struct CSVFormat: TodoFormat {
    public let options: InteropOptions
    public var format: InteropFormat { .csv }

    public init(_ options: InteropOptions = InteropOptions()) { self.options = options }

    public static let columns = [
        "id", "title", "details", "completed", "dueDate", "location", "latitude", "longitude", "project",
        "estimateMinutes", "repeatDays", "order", "createdAt", "updatedAt", "completedAt", "version",
    ]

    /// The header line, then one line an item.
    public func start() -> String { CSV.line(Self.columns) }
    public func end(isEmpty: Bool) -> String { "" }

    public func encode(batch items: [TodoItem], afterItems: Bool) throws -> String {
        var out = ""
        for item in items {
            out += CSV.line([
                item.id.lowercasedText, CSV.text(item.title), CSV.text(item.details ?? ""), item.isDone ? "true" : "false",
                item.dueDate?.iso ?? "", CSV.text(item.location?.name ?? ""), item.location?.latitude?.interopText ?? "",
                item.location?.longitude?.interopText ?? "", CSV.text(item.project?.name ?? ""),
                item.estimateMinutes.map(String.init) ?? "", item.repeatDays.ordered.map(\.rawValue).joined(separator: " "),
                item.position.interopText, Timestamp.iso(item.createdAt), Timestamp.iso(item.updatedAt),
                item.completedAt.map(Timestamp.iso) ?? "", String(item.version),
            ])
        }
        return out
    }

    public func decode(_ text: String) throws(TodoFormatError) -> [ImportedItem] {
        let records = try CSV.records(text)
        guard let header = records.first else { return [] }
        try TodoFormatError.checkItemCount(records.count - 1)
        var columnIndex: [String: Int] = [:]
        for (index, rawName) in header.fields.enumerated() {
            let name = rawName.trimmingCharacters(in: .whitespaces)
            guard let known = Self.columns.first(where: { $0.lowercased() == name.lowercased() }) else {
                throw .line(header.line, "“\(name)” is not a column Todo knows; the columns are \(Self.columns.joined(separator: ", ")).")
            }
            guard columnIndex[known] == nil else { throw .line(header.line, "the column “\(known)” appears twice.") }
            columnIndex[known] = index
        }
        guard columnIndex["title"] != nil else { throw .line(header.line, "the header has no “title” column.") }
        return try records.dropFirst().map { record throws(TodoFormatError) in
            guard record.fields.count == header.fields.count else {
                throw .line(record.line, "the row has \(record.fields.count) fields but the header has \(header.fields.count).")
            }
            return try item(record, columnIndex)
        }
    }

    private func item(_ record: CSV.Record, _ columns: [String: Int]) throws(TodoFormatError) -> ImportedItem {
        func fail(_ reason: String) -> TodoFormatError { .line(record.line, reason) }
        func cell(_ name: String) -> String? {
            guard let index = columns[name] else { return nil }
            let value = record.fields[index]
            return value.isEmpty ? nil : value
        }
        func parsed<T>(_ name: String, _ expected: String, _ parse: (String) -> T?) throws(TodoFormatError) -> T? {
            guard let text = cell(name) else { return nil }
            guard let value = parse(text.trimmingCharacters(in: .whitespaces)) else {
                throw fail("\(name) “\(text)” is not \(expected).")
            }
            return value
        }
        let timestamp = "an ISO 8601 timestamp such as 2026-11-21T09:00:00.000Z"
        let id = try parsed("id", "a UUID", UUID.init(uuidString:)) ?? options.makeID()
        let done = try parsed("completed", "true or false") { (text: String) -> Bool? in
            switch text.lowercased() {
            case "true", "yes", "1", "x": true
            case "false", "no", "0": false
            default: nil
            }
        } ?? false
        let due = try parsed("dueDate", "a date of the form YYYY-MM-DD", CalendarDate.init(iso:))
        let latitude = try parsed("latitude", "a number", Double.init)
        let longitude = try parsed("longitude", "a number", Double.init)
        let estimate = try parsed("estimateMinutes", "a whole number of minutes", Int.init)
        let days = try parsed("repeatDays", "a list of days such as “mon wed fri”") { (text: String) -> Set<Weekday>? in
            var days: Set<Weekday> = []
            for name in text.split(whereSeparator: { $0 == " " || $0 == "," }) {
                guard let day = Weekday(name: String(name)) else { return nil }
                days.insert(day)
            }
            return days
        } ?? []
        let order = try parsed("order", "a number", Double.init)
        let created = try parsed("createdAt", timestamp, Timestamp.parse)
        let updated = try parsed("updatedAt", timestamp, Timestamp.parse)
        let completed = try parsed("completedAt", timestamp, Timestamp.parse)
        let version = try parsed("version", "a whole number", Int.init)
        var location: Location?
        // Free text columns: undo the export's protection from spreadsheet formulas.
        func text(_ name: String) -> String? { cell(name).map(CSV.textValue) }
        if let name = text("location") {
            location = Location(name: name, latitude: latitude, longitude: longitude)
        } else if latitude != nil || longitude != nil {
            throw fail("a latitude or longitude needs a location name in the “location” column.")
        }
        var given: ImportedItem.Given = []
        if order != nil { given.insert(.position) }
        if created != nil { given.insert(.createdAt) }
        if updated != nil { given.insert(.updatedAt) }
        if completed != nil { given.insert(.completedAt) }
        if version != nil { given.insert(.version) }
        let item = TodoItem(
            id: id, title: text("title") ?? "", details: text("details"), isDone: done, dueDate: due,
            location: location, project: text("project").map(Project.init(name:)), estimateMinutes: estimate,
            repeatDays: days, position: order ?? 0, createdAt: created ?? unknownDate,
            updatedAt: updated ?? unknownDate, completedAt: completed, version: version ?? 1)
        return ImportedItem(item: item, given: given, precision: .milliseconds, origin: "line \(record.line)")
    }
}

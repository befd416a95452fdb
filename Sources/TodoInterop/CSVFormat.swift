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
        let row = Row(record: record, columns: columns)
        let timestamp = "an ISO 8601 timestamp such as 2026-11-21T09:00:00.000Z"
        let id = try row.parsed("id", "a UUID", UUID.init(uuidString:)) ?? options.makeID()
        let done = try row.parsed("completed", "true or false", Self.isDone) ?? false
        let due = try row.parsed("dueDate", "a date of the form YYYY-MM-DD", CalendarDate.init(iso:))
        let latitude = try row.parsed("latitude", "a number", Double.init)
        let longitude = try row.parsed("longitude", "a number", Double.init)
        let estimate = try row.parsed("estimateMinutes", "a whole number of minutes", Int.init)
        let days = try row.parsed("repeatDays", "a list of days such as “mon wed fri”", Self.repeatDays) ?? []
        let order = try row.parsed("order", "a number", Double.init)
        let created = try row.parsed("createdAt", timestamp, Timestamp.parse)
        let updated = try row.parsed("updatedAt", timestamp, Timestamp.parse)
        let completed = try row.parsed("completedAt", timestamp, Timestamp.parse)
        let version = try row.parsed("version", "a whole number", Int.init)
        let location = try row.location(latitude: latitude, longitude: longitude)
        var given: ImportedItem.Given = []
        if order != nil { given.insert(.position) }
        if created != nil { given.insert(.createdAt) }
        if updated != nil { given.insert(.updatedAt) }
        if completed != nil { given.insert(.completedAt) }
        if version != nil { given.insert(.version) }
        let item = TodoItem(
            id: id, title: row.text("title") ?? "", details: row.text("details"), isDone: done, dueDate: due,
            location: location, project: row.text("project").map(Project.init(name:)), estimateMinutes: estimate,
            repeatDays: days, position: order ?? 0, createdAt: created ?? unknownDate,
            updatedAt: updated ?? unknownDate, completedAt: completed, version: version ?? 1)
        return ImportedItem(item: item, given: given, precision: .milliseconds, origin: "line \(record.line)")
    }

    /// The `completed` column: true or false, as spreadsheets and people write them.
    private static func isDone(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "1", "x": true
        case "false", "no", "0": false
        default: nil
        }
    }

    /// The `repeatDays` column: day names separated by spaces or commas.
    private static func repeatDays(_ text: String) -> Set<Weekday>? {
        var days: Set<Weekday> = []
        for name in text.split(whereSeparator: { $0 == " " || $0 == "," }) {
            guard let day = Weekday(name: String(name)) else { return nil }
            days.insert(day)
        }
        return days
    }

    /// One row's cells by column name; an empty cell is an absent value.
    private struct Row {
        let record: CSV.Record
        let columns: [String: Int]

        func cell(_ name: String) -> String? {
            guard let index = columns[name] else { return nil }
            let value = record.fields[index]
            return value.isEmpty ? nil : value
        }

        /// A free-text column, with the export's protection from spreadsheet formulas undone.
        func text(_ name: String) -> String? { cell(name).map(CSV.textValue) }

        /// The column `name` read by `parse`; a cell it can't read is refused as not `expected`.
        func parsed<T>(_ name: String, _ expected: String, _ parse: (String) -> T?) throws(TodoFormatError) -> T? {
            guard let text = cell(name) else { return nil }
            guard let value = parse(text.trimmingCharacters(in: .whitespaces)) else {
                throw .line(record.line, "\(name) “\(text)” is not \(expected).")
            }
            return value
        }

        /// The `location` column's name with the coordinates, which need a name.
        func location(latitude: Double?, longitude: Double?) throws(TodoFormatError) -> Location? {
            if let name = text("location") { return Location(name: name, latitude: latitude, longitude: longitude) }
            guard latitude == nil, longitude == nil else {
                throw .line(record.line, "a latitude or longitude needs a location name in the “location” column.")
            }
            return nil
        }
    }
}

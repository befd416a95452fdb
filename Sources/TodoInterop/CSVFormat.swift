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

    /// The id, each field's cells (`ItemField.textCells`), then the bookkeeping.
    public static let columns = ["id"] + ItemField.all.flatMap(\.textCells) + bookkeeping
    private static let bookkeeping = ["order", "createdAt", "updatedAt", "completedAt", "version"]

    /// The header line, then one line an item.
    public func start() -> String { CSV.line(Self.columns) }
    public func end(isEmpty: Bool) -> String { "" }

    public func encode(batch items: [TodoItem], afterItems: Bool) throws -> String {
        var out = ""
        for item in items {
            var cells = [item.id.lowercasedText]
            for field in ItemField.all {
                // Free text is guarded from spreadsheets' formulas.
                let texts = field.texts(item.content)
                cells += field.isFreeText ? [CSV.text(texts[0])] + texts.dropFirst() : texts
            }
            cells += [
                item.position.shortestText, Timestamp.iso(item.createdAt), Timestamp.iso(item.updatedAt),
                item.completedAt.map(Timestamp.iso) ?? "", String(item.version),
            ]
            out += CSV.line(cells)
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
            // An earlier version's `repeatDays` is read too (REPEAT-16).
            guard let known = (Self.columns + ItemField.legacyMembers).first(where: { $0.lowercased() == name.lowercased() }) else {
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
        var content = TodoContent(title: "")
        for field in ItemField.all { try row.read(field, into: &content) }
        if content.repeatRule == nil, let days = row.cell("repeatDays") {
            guard let rule = RepeatRule.legacy(repeatDays: days) else {
                throw .line(record.line, "repeatDays “\(days)” is not a list of days such as “mon wed fri”.")
            }
            content.repeatRule = rule
        }
        let order = try row.parsed("order", "a number", Double.init)
        let created = try row.parsed("createdAt", timestamp, Timestamp.parse)
        let updated = try row.parsed("updatedAt", timestamp, Timestamp.parse)
        let completed = try row.parsed("completedAt", timestamp, Timestamp.parse)
        let version = try row.parsed("version", "a whole number", Int.init)
        var given: ImportedItem.Given = []
        if order != nil { given.insert(.position) }
        if created != nil { given.insert(.createdAt) }
        if updated != nil { given.insert(.updatedAt) }
        if completed != nil { given.insert(.completedAt) }
        if version != nil { given.insert(.version) }
        let item = TodoItem(
            id: id, content: content, position: order ?? 0, createdAt: created ?? unknownDate,
            updatedAt: updated ?? unknownDate, completedAt: completed, version: version ?? 1)
        return ImportedItem(item: item, given: given, precision: .milliseconds, origin: "line \(record.line)")
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

        /// The cells of `field` read into `content`: free text as it is, with the export's
        /// protection from formulas undone; the others trimmed.
        func read(_ field: ItemField, into content: inout TodoContent) throws(TodoFormatError) {
            let texts = field.textCells.enumerated().map { place, name in
                place == 0 && field.isFreeText ? text(name) : cell(name)?.trimmingCharacters(in: .whitespaces)
            }
            do throws(TextFieldError) {
                try field.read(texts: texts, into: &content)
            } catch {
                switch error {
                case .notA(let place, let expected):
                    let name = field.textCells[place]
                    throw .line(record.line, "\(name) “\(cell(name) ?? "")” is not \(expected).")
                case .sentence(let sentence): throw .line(record.line, sentence)
                }
            }
        }
    }
}

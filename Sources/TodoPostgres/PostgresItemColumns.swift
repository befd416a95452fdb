import Foundation
import PostgresNIO
import TodoCore

/// An item's columns as PostgreSQL keeps them: its id, the columns of its fields
/// (`ItemField.all`, each named by `ItemField.storedColumns` in snake_case), then its
/// bookkeeping. The item's SELECT, the Trash's, the copy to the Trash, INSERT and UPDATE are
/// built from `all`, in this order, and an item is read back by index (`PostgresItemRecord`).
/// The SQLite store lays its columns out the same way (`ItemColumn` in TodoStore).
///
/// A field added to items needs here nothing but its `ItemField`: its columns come from it, and
/// a migration of `PostgresSchema` adds them to `todo_item` and `trashed_item`.
struct PostgresItemColumn: Sendable {
    /// The column in `todo_item`.
    let itemColumn: String
    /// The column in `trashed_item`.
    let trashColumn: String
    /// What the item's SELECT reads for it from `todo_item i LEFT JOIN project p` (a date as text).
    let selected: String
    /// What the copy to the Trash reads for it from `todo_item i LEFT JOIN project p` (a date as a date).
    let copied: String
    /// What the Trash's SELECT reads for it from `trashed_item`.
    let trashSelected: String
    /// What a list row reads for it from `todo_item i` alone (`PostgresListEntryColumn`).
    let listed: String

    /// A column both tables name `name`, holding `kind`.
    private init(_ name: String, _ kind: StoredKind) {
        (itemColumn, trashColumn, copied) = (name, name, "i." + name)
        let day = { (column: String) in "to_char(\(column), 'YYYY-MM-DD')" }
        selected = kind == .date ? day("i." + name) : "i." + name
        listed = selected
        trashSelected = kind == .date ? day(name) : name
    }

    private init(itemColumn: String, trashColumn: String, selected: String) {
        (self.itemColumn, self.trashColumn, self.selected) = (itemColumn, trashColumn, selected)
        (copied, trashSelected, listed) = (selected, trashColumn, "i." + itemColumn)
    }

    /// `name` (camelCase, as `ItemField.storedColumns` has it) in snake_case: "locationName" →
    /// "location_name".
    static func snakeCase(_ name: String) -> String {
        name.reduce(into: "") { result, character in
            result += character.isUppercase ? "_" + character.lowercased() : String(character)
        }
    }

    // MARK: The project, kept by key

    /// The project is the one field each table keeps its own way: `todo_item` by its key in
    /// `project` (`project_id`), `trashed_item` by name (`project_name`: its key may be gone).
    /// The SELECTs read its name, as the field stores it; a list row its key (the names of a
    /// page's projects are read once).
    private static let project = PostgresItemColumn(
        itemColumn: "project_id", trashColumn: "project_name", selected: "p.name")

    /// The column `column` of `field` (a project's, `project`).
    private static func column(_ column: StoredColumn, of field: ItemField) -> PostgresItemColumn {
        field == .project ? project : PostgresItemColumn(snakeCase(column.name), column.kind)
    }

    /// Binds what `field` stores for `content` and returns its placeholders: its own form, but
    /// the project by `projectID`, its key.
    private static func bind(_ field: ItemField, _ content: TodoContent, projectID: Int?, into sql: inout SQL) -> [String] {
        if field == .project { return [sql.bind(projectID)] }
        var values: [StoredValue] = []
        field.store(content, into: &values)
        return zip(values, field.storedColumns).map { value, column in bind(value, column.kind, into: &sql) }
    }

    // MARK: The columns, in order

    /// Each field with the index of its first column in a row of the item's statements.
    static let fields = ItemField.itemRowLayout

    /// Reads the fields of a row of the item's statements.
    static let readFields = ItemField.reader(fields)

    /// The indexes of the bookkeeping in a row of the item's statements, after the fields'.
    static let position = fields.last!.index + fields.last!.field.storedColumns.count
    static let createdAt = position + 1, updatedAt = position + 2, completedAt = position + 3
    static let version = position + 4, number = position + 5

    /// Every column, in the order of the statements' rows.
    static let all: [PostgresItemColumn] = [PostgresItemColumn("id", .text)]
        + ItemField.all.flatMap { field in field.storedColumns.map { column($0, of: field) } }
        + [("position", StoredKind.real), ("created_at", .integer), ("updated_at", .integer),
           ("completed_at", .integer), ("version", .integer), ("number", .integer)].map { PostgresItemColumn($0, $1) }

    /// The columns of `field`, as `all` has them.
    static func columns(of field: ItemField) -> ArraySlice<PostgresItemColumn> {
        let first = fields.first { $0.field == field }!.index
        return all[first..<(first + field.storedColumns.count)]
    }

    // MARK: Statements

    /// The item's SELECT, its project by name, read by `PostgresItemRecord`.
    static func select(_ t: PostgresTables) -> String {
        "SELECT " + all.map(\.selected).joined(separator: ", ")
            + " FROM \(t.item) i LEFT JOIN \(t.project) p ON p.owner = i.owner AND p.id = i.project_id"
    }

    /// The Trash's SELECT: the item's columns, then `deleted_at` (`PostgresItemRecord.deletedAt`).
    static func trashSelect(_ t: PostgresTables) -> String {
        "SELECT " + all.map(\.trashSelected).joined(separator: ", ") + ", deleted_at FROM \(t.trash)"
    }

    /// The item `id` of `owner` copied to the Trash as it is, its project by name, deleted at `deletedAt`.
    static func copyToTrash(_ t: PostgresTables, owner: String, id: UUID, deletedAt: Int64) -> SQL {
        var sql = SQL("INSERT INTO \(t.trash) (owner, " + all.map(\.trashColumn).joined(separator: ", ")
            + ", deleted_at) SELECT i.owner, " + all.map(\.copied).joined(separator: ", "))
        sql.append(", \(sql.bind(deletedAt)) FROM \(t.item) i LEFT JOIN \(t.project) p")
        sql.append(" ON p.owner = i.owner AND p.id = i.project_id")
        sql.append(" WHERE i.owner = \(sql.bind(owner)) AND i.id = \(sql.bind(id))")
        return sql
    }

    /// A new row of `owner`'s: `item`, its project by `projectID`.
    static func insert(_ t: PostgresTables, owner: String, _ item: TodoItem, projectID: Int?) -> SQL {
        var sql = SQL("INSERT INTO \(t.item) (owner, " + all.map(\.itemColumn).joined(separator: ", ") + ") VALUES (")
        var values = [sql.bind(owner), sql.bind(item.id)]
        values += bind(item, projectID: projectID, into: &sql)
        sql.append(values.joined(separator: ", ") + ")")
        return sql
    }

    /// `owner`'s row of `item.id` made `item` (every column but the id).
    static func update(_ t: PostgresTables, owner: String, _ item: TodoItem, projectID: Int?) -> SQL {
        var sql = SQL("UPDATE \(t.item) SET ")
        let placeholders = bind(item, projectID: projectID, into: &sql)
        sql.append(zip(all.dropFirst(), placeholders).map { $0.itemColumn + " = " + $1 }.joined(separator: ", "))
        sql.append(" WHERE owner = \(sql.bind(owner)) AND id = \(sql.bind(item.id))")
        return sql
    }

    /// Binds every column of `item` but the id, in the order of `all`, and returns their placeholders.
    private static func bind(_ item: TodoItem, projectID: Int?, into sql: inout SQL) -> [String] {
        var placeholders = ItemField.all.flatMap { bind($0, item.content, projectID: projectID, into: &sql) }
        placeholders += [
            sql.bind(item.position), sql.bind(Timestamp.milliseconds(item.createdAt)),
            sql.bind(Timestamp.milliseconds(item.updatedAt)), sql.bind(item.completedAt.map(Timestamp.milliseconds)),
            sql.bind(item.version), sql.bind(item.number),
        ]
        return placeholders
    }

    /// Binds `value` as a column of `kind` holds it and returns its placeholder.
    private static func bind(_ value: StoredValue, _ kind: StoredKind, into sql: inout SQL) -> String {
        switch (kind, value) {
        case (.text, .text(let text)): sql.bind(text)
        case (.date, .text(let day)): sql.bind(day) + "::date"
        case (.integer, .integer(let number)): sql.bind(Int(number))
        case (.boolean, .integer(let flag)): sql.bind(flag != 0)
        case (.real, .real(let number)): sql.bind(number)
        case (.text, _): sql.bind(String?.none)
        case (.date, _): sql.bind(String?.none) + "::date"
        case (.integer, _): sql.bind(Int?.none)
        case (.boolean, _): sql.bind(Bool?.none)
        case (.real, _): sql.bind(Double?.none)
        }
    }
}

/// A PostgreSQL row read column by column as fields read their stored form, each value with
/// the type its kind says.
struct PostgresStoredRow: StoredRow {
    let cells: PostgresRandomAccessRow

    func text(at index: Int) throws -> String? { try cells[index].decode(String?.self) }
    func integer(at index: Int) throws -> Int64? { try cells[index].decode(Int?.self).map(Int64.init) }
    func flag(at index: Int) throws -> Bool? { try cells[index].decode(Bool?.self) }
    func real(at index: Int) throws -> Double? { try cells[index].decode(Double?.self) }
}

/// An item read by `PostgresItemColumn.select` (or `trashSelect`, whose columns come in the
/// same order), each field by its columns.
struct PostgresItemRecord {
    /// Where a Trash row's `deleted_at` is: right after the item's columns.
    static let deletedAt = PostgresItemColumn.all.count

    var item: TodoItem

    init(_ row: PostgresRow) throws {
        let cells = row.makeRandomAccess()
        try self.init(cells)
    }

    private init(_ cells: PostgresRandomAccessRow) throws {
        typealias Column = PostgresItemColumn
        let completedAt = try cells[Column.completedAt].decode(Int64?.self)
        item = TodoItem(
            id: try cells[0].decode(UUID.self), content: TodoContent(title: ""),
            position: try cells[Column.position].decode(Double.self),
            createdAt: Timestamp.date(milliseconds: try cells[Column.createdAt].decode(Int64.self)),
            updatedAt: Timestamp.date(milliseconds: try cells[Column.updatedAt].decode(Int64.self)),
            completedAt: completedAt.map(Timestamp.date(milliseconds:)),
            version: try cells[Column.version].decode(Int.self), number: try cells[Column.number].decode(Int.self))
        try PostgresItemColumn.readFields(PostgresStoredRow(cells: cells), &item.content)
    }

    /// A row of `PostgresItemColumn.trashSelect`.
    static func trashed(_ row: PostgresRow) throws -> TrashedItem {
        let cells = row.makeRandomAccess()
        let deletedAt = try cells[Self.deletedAt].decode(Int64.self)
        return TrashedItem(item: try PostgresItemRecord(cells).item, deletedAt: Timestamp.date(milliseconds: deletedAt))
    }
}

/// The columns a list row shows (`ListEntry`): the id, the columns of every field the section
/// index includes (`PostgresSchema.sectionIndexIncluded`), the tags, and the item's number. A
/// field's column the index lacks (a location's coordinates) is read as NULL: a row shows no
/// more of it than the index has.
enum PostgresListEntryColumn {
    /// The columns a row reads: those the section index includes, and the tags and the repeat
    /// rule, which a row shows but an index row can't always hold (TAG-5, REPEAT-13), read from
    /// the table.
    private static let indexed = Set(
        PostgresSchema.sectionIndexIncluded.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        .union(["tags", "repeat_rule", "repeat_after_completion"])

    /// Each field a row reads, with its columns in `PostgresItemColumn.all`.
    private static let read: [(field: ItemField, columns: ArraySlice<PostgresItemColumn>)] = ItemField.all.compactMap {
        field in
        let columns = PostgresItemColumn.columns(of: field)
        return columns.contains { indexed.contains($0.itemColumn) } ? (field, columns) : nil
    }

    /// Each field a row reads, with the index of its first column in the row.
    private static let fields = ItemField.rowLayout(read.map { ($0.field, $0.columns.count) })

    /// Reads the fields of a list row.
    private static let readFields = ItemField.reader(fields)

    /// The columns as a SELECT on `todo_item i` lists them: the id, the fields', the number.
    static let selected = (["i.id"]
        + read.flatMap { $0.columns.map { indexed.contains($0.itemColumn) ? $0.listed : "NULL" } }
        + ["i.number"]).joined(separator: ", ")

    /// Where the project's key is in a row.
    private static let projectKey = fields.first { $0.field == .project }?.index

    /// Where the item's number is: after the fields' columns.
    private static let number = 1 + read.reduce(0) { $0 + $1.columns.count }

    /// A list row, its project's key read as the project's name.
    private struct StoredListRow: StoredRow {
        let row: PostgresStoredRow
        let projectNames: [Int: String]

        func text(at index: Int) throws -> String? {
            guard index == PostgresListEntryColumn.projectKey else { return try row.text(at: index) }
            return try row.cells[index].decode(Int?.self).flatMap { projectNames[$0] }
        }
        func integer(at index: Int) throws -> Int64? { try row.integer(at: index) }
        func flag(at index: Int) throws -> Bool? { try row.flag(at: index) }
        func real(at index: Int) throws -> Double? { try row.real(at: index) }
    }

    /// The list row `row` of a page: `number` its place in the list read, in the section `isDone`
    /// says, its project named from `projectNames` (read once per page).
    static func entry(_ row: PostgresRow, number: Int, isDone: Bool, projectNames: [Int: String]) throws -> ListEntry {
        let cells = row.makeRandomAccess()
        var content = TodoContent(title: "", isDone: isDone)
        try readFields(StoredListRow(row: PostgresStoredRow(cells: cells), projectNames: projectNames), &content)
        return ListEntry(
            number: number, id: try cells[0].decode(UUID.self), content: ListEntry.rowContent(of: content),
            itemNumber: try cells[Self.number].decode(Int.self))
    }
}

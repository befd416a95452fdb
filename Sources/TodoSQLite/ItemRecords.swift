import Foundation
import GRDB
import GRDBSQLite
import TodoCore

/// An item's columns as SQLite keeps them: its id, the columns of its fields (`ItemField.all`,
/// each named by `ItemField.storedColumns`), then its bookkeeping. Every statement of
/// `SQLiteTodoStore` that lists them — the item's SELECT, the Trash's, the INSERT, the UPDATE,
/// the copy to the Trash — is built from `all`, in this order, so a row is read by index at the
/// place the statement put each column. Reading by index, not by name: a name look-up per
/// column and row costs more than the rest of the decoding on long lists.
///
/// A field added to items needs here nothing but its `ItemField`: its columns come from it, and
/// a migration adds them to `todoItem` and `trashedItem` (the migrations keep the lists of their
/// own time).
struct ItemColumn: Sendable {
    /// The column in `todoItem`.
    let itemColumn: String
    /// The column in `trashedItem`.
    let trashColumn: String
    /// What the item's SELECT reads for it from `todoItem i LEFT JOIN project p`.
    let selected: String

    private init(_ name: String) {
        (itemColumn, trashColumn, selected) = (name, name, "i." + name)
    }

    private init(itemColumn: String, trashColumn: String, selected: String) {
        (self.itemColumn, self.trashColumn, self.selected) = (itemColumn, trashColumn, selected)
    }

    // MARK: The project, kept by key

    /// The project is the one field each table keeps its own way: `todoItem` by its key in
    /// `project` (`projectId`), `trashedItem` by name (`projectName`: its key may be gone).
    /// The item's SELECT reads its name, as the field stores it.
    private static let project = ItemColumn(
        itemColumn: "projectId", trashColumn: "projectName", selected: "p.name AS projectName")

    /// The column `column` of `field` (a project's, `project`).
    private static func column(_ column: StoredColumn, of field: ItemField) -> ItemColumn {
        field == .project ? project : ItemColumn(column.name)
    }

    /// What `field` stores for `content`: its own form, but the project by `projectID`, its key.
    private static func store(_ field: ItemField, _ content: TodoContent, projectID: Int64?, into values: inout [StoredValue]) {
        if field == .project {
            values.append(projectID.map(StoredValue.integer) ?? .null)
        } else {
            field.store(content, into: &values)
        }
    }

    // MARK: The columns, in order

    /// The bookkeeping after the fields' columns, in order.
    private static let bookkeeping = ["position", "createdAt", "updatedAt", "completedAt", "version", "number"]

    /// Each field with the index of its first column in a row of the item's statements.
    static let fields = ItemField.itemRowLayout

    /// Reads the fields of a row of the item's statements.
    static let readFields = ItemField.reader(fields)

    /// The indexes of the id and the bookkeeping in a row of the item's statements.
    static let id = 0, position = fields.last!.index + fields.last!.field.storedColumns.count
    static let createdAt = position + 1, updatedAt = position + 2, completedAt = position + 3
    static let version = position + 4, number = position + 5

    /// Every column, in the order of the statements' rows.
    static let all: [ItemColumn] = [ItemColumn("id")]
        + ItemField.all.flatMap { field in field.storedColumns.map { column($0, of: field) } }
        + bookkeeping.map(ItemColumn.init)

    /// The columns of `field`, as `all` has them.
    static func columns(of field: ItemField) -> ArraySlice<ItemColumn> {
        let first = fields.first { $0.field == field }!.index
        return all[first..<(first + field.storedColumns.count)]
    }

    // MARK: Statements

    /// The item's columns in `todoItem` order, then `owner = ? AND id = ?`: UPDATE's arguments
    /// are `values(…)` then the owner and the id.
    static let update = "UPDATE todoItem SET " + all.map { "\($0.itemColumn) = ?" }.joined(separator: ", ")
        + " WHERE owner = ? AND id = ?"
    /// INSERT of a row: the owner, then `values(…)`.
    static let insert = "INSERT INTO todoItem (owner, " + all.map(\.itemColumn).joined(separator: ", ")
        + ") VALUES (?" + String(repeating: ", ?", count: all.count) + ")"
    /// The item's columns with its project's name, read by `ItemRecord`.
    static let select = "SELECT " + all.map(\.selected).joined(separator: ", ")
        + " FROM todoItem i LEFT JOIN project p ON p.id = i.projectId"
    /// The Trash's rows, read by `TrashedItemRecord`: the item's columns, then `deletedAt`.
    static let trashSelect = "SELECT " + all.map(\.trashColumn).joined(separator: ", ")
        + ", deletedAt FROM trashedItem"
    /// An item's row copied to the Trash, as it is, its project by name; arguments: `deletedAt`,
    /// then the owner and the id.
    static let copyToTrash = "INSERT OR REPLACE INTO trashedItem (owner, "
        + all.map(\.trashColumn).joined(separator: ", ") + ", deletedAt) SELECT i.owner, "
        + all.map(\.selected).joined(separator: ", ")
        + ", ? FROM todoItem i LEFT JOIN project p ON p.id = i.projectId WHERE i.owner = ? AND i.id = ?"

    /// Every column's value for `item`, in the order of `all` (the project by `projectID`, its key).
    static func values(_ item: TodoItem, projectID: Int64?) -> StatementArguments {
        var stored: [StoredValue] = []
        stored.reserveCapacity(all.count)
        for field in ItemField.all { store(field, item.content, projectID: projectID, into: &stored) }
        var values = [item.id.lowercasedText.databaseValue]
        values.reserveCapacity(all.count)
        values += stored.map(\.databaseValue)
        values += [
            item.position.databaseValue, Timestamp.milliseconds(item.createdAt).databaseValue,
            Timestamp.milliseconds(item.updatedAt).databaseValue, item.completedAt.map(Timestamp.milliseconds).databaseValue,
            item.version.databaseValue, item.number.databaseValue,
        ]
        return StatementArguments(values)
    }
}

extension StoredValue {
    /// The value as SQLite stores it.
    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .integer(let number): number.databaseValue
        case .real(let number): number.databaseValue
        case .text(let text): text.databaseValue
        }
    }
}

/// A row of SQLite as its statement holds it while `forEach` steps through a SELECT, read
/// column by column as fields read their stored form, each value with the type its kind says.
/// No GRDB `Row` in between: a `Row` cursor builds a table of the statement's column names (each
/// lower-cased and hashed) whenever it is made, which cost a write's small reads (the edge of a
/// section, the item it replaces) more than their rows, and reading through it cost each column
/// of a long page a look-up more.
struct SQLiteStoredRow: StoredRow {
    let statement: SQLiteStatement

    func text(at index: Int) -> String? {
        bytes(at: index).map { String(decoding: $0, as: UTF8.self) }
    }

    func integer(at index: Int) -> Int64? { isNull(index) ? nil : sqlite3_column_int64(statement, CInt(index)) }
    /// A flag is kept as 0 or 1.
    func flag(at index: Int) -> Bool? { integer(at: index).map { $0 != 0 } }
    func real(at index: Int) -> Double? { isNull(index) ? nil : sqlite3_column_double(statement, CInt(index)) }

    /// The value of a column the schema keeps NOT NULL; NULL, which it keeps out, throws.
    func integer(notNullAt index: Int) throws -> Int64 { try present(integer(at: index), index) }
    func real(notNullAt index: Int) throws -> Double { try present(real(at: index), index) }

    /// An item's id (text), parsed from SQLite's own bytes: read as a `String` first, every id
    /// (36 bytes, longer than a string holds without the heap) cost an allocation per row.
    func id(at index: Int) throws -> UUID { try present(bytes(at: index).flatMap(UUID.init(utf8:)), index) }

    /// A text column's bytes, valid until the statement steps on; nil for NULL. The text is
    /// asked for first, then its length: the order SQLite's documentation asks for.
    private func bytes(at index: Int) -> UnsafeBufferPointer<UInt8>? {
        guard let text = sqlite3_column_text(statement, CInt(index)) else { return nil }
        return UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, CInt(index))))
    }

    private func present<Value>(_ value: Value?, _ index: Int) throws -> Value {
        guard let value else { throw invalid(index) }
        return value
    }

    private func isNull(_ index: Int) -> Bool { sqlite3_column_type(statement, CInt(index)) == SQLITE_NULL }

    private func invalid(_ index: Int) -> StoredFieldError {
        StoredFieldError(column: sqlite3_column_name(statement, CInt(index)).map { String(cString: $0) } ?? "\(index)")
    }

    /// Runs `statement` (a SELECT of `db`) with `arguments`, handing `body` each row in turn;
    /// the row is valid only during the call. The statement is reset when it ends.
    static func forEach(
        _ statement: Statement, _ arguments: StatementArguments, of db: Database, _ body: (SQLiteStoredRow) throws -> Void
    ) throws {
        try statement.setArguments(arguments)
        let sqlite = statement.sqliteStatement
        defer { sqlite3_reset(sqlite) }
        while true {
            switch sqlite3_step(sqlite) {
            case SQLITE_ROW: try body(SQLiteStoredRow(statement: sqlite))
            case SQLITE_DONE: return
            case let code:
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: code), message: db.lastErrorMessage, sql: statement.sql,
                    arguments: arguments)
            }
        }
    }
}

/// An item read by `ItemColumn.select` (or `trashSelect`, whose columns come in the same order).
struct ItemRecord {
    var item: TodoItem

    /// Reads the fields with `read` (`ItemColumn.readFields`, taken once for a run of rows: taken
    /// for each row, its closure was retained and released by every reader thread in turn).
    init(row: SQLiteStoredRow, reading read: StoredContentReader = ItemColumn.readFields) throws {
        item = TodoItem(
            id: try row.id(at: ItemColumn.id), content: TodoContent(title: ""),
            position: try row.real(notNullAt: ItemColumn.position),
            createdAt: Timestamp.date(milliseconds: try row.integer(notNullAt: ItemColumn.createdAt)),
            updatedAt: Timestamp.date(milliseconds: try row.integer(notNullAt: ItemColumn.updatedAt)),
            completedAt: row.integer(at: ItemColumn.completedAt).map(Timestamp.date(milliseconds:)),
            version: Int(try row.integer(notNullAt: ItemColumn.version)),
            number: Int(try row.integer(notNullAt: ItemColumn.number)))
        // Read in place: content read first and then passed to the item was copied on the way.
        try read(row, &item.content)
    }
}

/// A row of `ItemColumn.trashSelect`: the item, then when it was deleted.
struct TrashedItemRecord {
    /// Where `deletedAt` is: right after the item's columns.
    static let deletedAt = ItemColumn.all.count

    var trashed: TrashedItem

    init(row: SQLiteStoredRow) throws {
        trashed = TrashedItem(
            item: try ItemRecord(row: row).item,
            deletedAt: Timestamp.date(milliseconds: try row.integer(notNullAt: Self.deletedAt)))
    }
}

/// The columns a list row shows (`ListEntry`): the id, the columns of every field the section
/// index carries (`Schema.sectionIndexColumns`), and the item's number, so a page is read from
/// the index alone. A field's column the index lacks (a location's coordinates) is read as NULL:
/// a row shows no more of it than the index has.
enum ListEntryColumn {
    /// The columns of the section index (v8-owners).
    private static let indexed = Set(
        Schema.sectionIndexColumns.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })

    /// Each field a row reads, with its columns in `ItemColumn.all`.
    private static let read: [(field: ItemField, columns: ArraySlice<ItemColumn>)] = ItemField.all.compactMap { field in
        let columns = ItemColumn.columns(of: field)
        return columns.contains { indexed.contains($0.itemColumn) } ? (field, columns) : nil
    }

    /// Each field a row reads, with the index of its first column in the row.
    static let fields = ItemField.rowLayout(read.map { ($0.field, $0.columns.count) })

    /// Reads the fields of a list row.
    static let readFields = ItemField.reader(fields)

    /// The columns as a SELECT on `todoItem i` lists them: the id, the fields', the number.
    static let selected = (["i.id"] + read.flatMap { $0.columns.map { indexed.contains($0.itemColumn) ? "i." + $0.itemColumn : "NULL" } }
        + ["i.number"]).joined(separator: ", ")

    /// Where the project's key is in a row (the project's names are read once per page).
    static let projectKey = fields.first { $0.field == .project }?.index

    /// Where the item's number is: after the fields' columns.
    static let number = 1 + read.reduce(0) { $0 + $1.columns.count }
}

/// Reads a row of a list page by `ListEntryColumn`; its number, section and project name come
/// from the query around it. Straight into a `ListEntry` through the fields' stored form, with
/// no record in between: a page of 10,000 rows spent a tenth more time with one.
enum ListEntryRecord {
    /// A list row, its project's key read as the project's name.
    private struct StoredListRow: StoredRow {
        let row: SQLiteStoredRow
        let projectNames: [Int64: String]

        func text(at index: Int) -> String? {
            guard index == ListEntryColumn.projectKey else { return row.text(at: index) }
            return row.integer(at: index).flatMap { projectNames[$0] }
        }
        func integer(at index: Int) -> Int64? { row.integer(at: index) }
        func flag(at index: Int) -> Bool? { row.flag(at: index) }
        func real(at index: Int) -> Double? { row.real(at: index) }
    }

    /// The row's entry, its fields read with `read` (`ListEntryColumn.readFields`, taken once per
    /// page, as `ItemRecord` takes its reader).
    static func entry(
        _ row: SQLiteStoredRow, number: Int, projectNames: [Int64: String], reading read: StoredContentReader
    ) throws -> ListEntry {
        let id = try row.id(at: 0)
        var content = TodoContent(title: "")
        try read(StoredListRow(row: row, projectNames: projectNames), &content)
        // Already a row's content (`ListEntry.rowContent(of:)`): the index has no details and
        // no coordinates, so they were read as none. Moved into the entry, not copied.
        return ListEntry(
            number: number, id: id, content: consume content,
            itemNumber: Int(try row.integer(notNullAt: ListEntryColumn.number)))
    }
}

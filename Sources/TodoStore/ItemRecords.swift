import Foundation
import GRDB
import TodoCore

/// An item's fields as SQLite keeps them, declared once: every statement of `SQLiteTodoStore`
/// that lists them — the item's SELECT, the Trash's, the INSERT, the UPDATE, the copy to the
/// Trash — is built from these cases, in this order, so a record reads a field by its case
/// (`row[ItemColumn.title]`) at the place the statement put it. Reading by index, not by name:
/// a name look-up per column and row costs more than the rest of the decoding on long lists.
///
/// A field added to items is a case here, a column of `todoItem` and `trashedItem` (by a
/// migration; the migrations keep the lists of their own time), and a line in `ItemRecord`
/// and `ItemColumn.value(_:_:projectID:)`.
enum ItemColumn: Int, CaseIterable, Sendable {
    case id, title, details, isDone, dueDate, locationName, locationLatitude, locationLongitude, project,
         estimateMinutes, repeatDays, position, createdAt, updatedAt, completedAt, version, number

    /// The column in `todoItem`, where the project is kept by its key.
    var itemColumn: String { self == .project ? "projectId" : "\(self)" }
    /// The column in `trashedItem`, where the project is kept by name (its key may be gone).
    var trashColumn: String { self == .project ? "projectName" : "\(self)" }
    /// What the item's SELECT reads for it from `todoItem i LEFT JOIN project p`.
    var selected: String { self == .project ? "p.name AS projectName" : "i.\(self)" }

    /// The item's columns in `todoItem` order, then `owner = ? AND id = ?`: UPDATE's arguments
    /// are `values(…)` then the owner and the id.
    static let update = "UPDATE todoItem SET " + allCases.map { "\($0.itemColumn) = ?" }.joined(separator: ", ")
        + " WHERE owner = ? AND id = ?"
    /// INSERT of a row: the owner, then `values(…)`.
    static let insert = "INSERT INTO todoItem (owner, " + allCases.map(\.itemColumn).joined(separator: ", ")
        + ") VALUES (?" + String(repeating: ", ?", count: allCases.count) + ")"
    /// The item's columns with its project's name, read by `ItemRecord`.
    static let select = "SELECT " + allCases.map(\.selected).joined(separator: ", ")
        + " FROM todoItem i LEFT JOIN project p ON p.id = i.projectId"
    /// The Trash's rows, read by `TrashedItemRecord`: the item's columns, then `deletedAt`.
    static let trashSelect = "SELECT " + allCases.map(\.trashColumn).joined(separator: ", ")
        + ", deletedAt FROM trashedItem"
    /// An item's row copied to the Trash, as it is, its project by name; arguments: `deletedAt`,
    /// then the owner and the id.
    static let copyToTrash = "INSERT OR REPLACE INTO trashedItem (owner, "
        + allCases.map(\.trashColumn).joined(separator: ", ") + ", deletedAt) SELECT i.owner, "
        + allCases.map(\.selected).joined(separator: ", ")
        + ", ? FROM todoItem i LEFT JOIN project p ON p.id = i.projectId WHERE i.owner = ? AND i.id = ?"

    /// What `item` stores in `column` (the project by `projectID`, its key).
    static func value(_ column: ItemColumn, _ item: TodoItem, projectID: Int64?) -> (any DatabaseValueConvertible)? {
        switch column {
        case .id: item.id.lowercasedText
        case .title: item.title
        case .details: item.details
        case .isDone: item.isDone
        case .dueDate: item.dueDate?.iso
        case .locationName: item.location?.name
        case .locationLatitude: item.location?.latitude
        case .locationLongitude: item.location?.longitude
        case .project: projectID
        case .estimateMinutes: item.estimateMinutes
        case .repeatDays: Weekday.mask(of: item.repeatDays)
        case .position: item.position
        case .createdAt: Timestamp.milliseconds(item.createdAt)
        case .updatedAt: Timestamp.milliseconds(item.updatedAt)
        case .completedAt: item.completedAt.map(Timestamp.milliseconds)
        case .version: item.version
        case .number: item.number
        }
    }

    /// Every column's value for `item`, in the order of the cases.
    static func values(_ item: TodoItem, projectID: Int64?) -> StatementArguments {
        StatementArguments(allCases.map { value($0, item, projectID: projectID) })
    }
}

/// An item read by `ItemColumn.select` (or `trashSelect`, whose columns come in the same order).
struct ItemRecord: FetchableRecord {
    var item: TodoItem

    init(row: Row) {
        let id: String = row[ItemColumn.id]
        let dueDate: String? = row[ItemColumn.dueDate]
        let locationName: String? = row[ItemColumn.locationName]
        let latitude: Double? = row[ItemColumn.locationLatitude]
        let longitude: Double? = row[ItemColumn.locationLongitude]
        let projectName: String? = row[ItemColumn.project]
        let completedAt: Int64? = row[ItemColumn.completedAt]
        item = TodoItem(
            id: UUID(text: id)!,
            title: row[ItemColumn.title],
            details: row[ItemColumn.details],
            isDone: row[ItemColumn.isDone],
            dueDate: dueDate.flatMap(CalendarDate.init(iso:)),
            location: locationName.map { Location(name: $0, latitude: latitude, longitude: longitude) },
            project: projectName.map(Project.init(name:)),
            estimateMinutes: row[ItemColumn.estimateMinutes],
            repeatDays: Weekday.days(fromMask: row[ItemColumn.repeatDays]),
            position: row[ItemColumn.position],
            createdAt: Timestamp.date(milliseconds: row[ItemColumn.createdAt]),
            updatedAt: Timestamp.date(milliseconds: row[ItemColumn.updatedAt]),
            completedAt: completedAt.map(Timestamp.date(milliseconds:)),
            version: row[ItemColumn.version],
            number: row[ItemColumn.number])
    }
}

/// A row of `ItemColumn.trashSelect`: the item, then when it was deleted.
struct TrashedItemRecord: FetchableRecord {
    /// Where `deletedAt` is: right after the item's columns.
    static let deletedAt = ItemColumn.allCases.count

    var trashed: TrashedItem

    init(row: Row) {
        trashed = TrashedItem(
            item: ItemRecord(row: row).item, deletedAt: Timestamp.date(milliseconds: row[Self.deletedAt]))
    }
}

/// The columns a list row shows (`ListEntry`), all in the section index, so a page is read
/// from the index alone; each is one of the item's (`ItemColumn`).
enum ListEntryColumn: Int, CaseIterable, Sendable {
    case id, title, locationName, dueDate, position, projectID, estimateMinutes, repeatDays, number

    var column: ItemColumn {
        switch self {
        case .id: .id
        case .title: .title
        case .locationName: .locationName
        case .dueDate: .dueDate
        case .position: .position
        case .projectID: .project
        case .estimateMinutes: .estimateMinutes
        case .repeatDays: .repeatDays
        case .number: .number
        }
    }

    /// The columns as a SELECT on `todoItem i` lists them.
    static let selected = allCases.map { "i." + $0.column.itemColumn }.joined(separator: ", ")
}

/// Reads a row of a list page by `ListEntryColumn`; its number, section and project name come
/// from the query around it. Straight into a `ListEntry`, without a record in between: a page
/// of 10,000 rows spent a tenth more time with one.
enum ListEntryRecord {
    static func entry(_ row: Row, number: Int, isDone: Bool, projectNames: [Int64: String]) -> ListEntry {
        let id: String = row[ListEntryColumn.id]
        let dueDate: String? = row[ListEntryColumn.dueDate]
        let projectID: Int64? = row[ListEntryColumn.projectID]
        let locationName: String? = row[ListEntryColumn.locationName]
        return ListEntry(
            number: number, id: UUID(text: id)!,
            content: TodoContent(
                title: row[ListEntryColumn.title], isDone: isDone, dueDate: dueDate.flatMap(CalendarDate.init(iso:)),
                location: locationName.map { Location(name: $0) },
                project: projectID.flatMap { projectNames[$0] }.map(Project.init(name:)),
                estimateMinutes: row[ListEntryColumn.estimateMinutes],
                repeatDays: Weekday.days(fromMask: row[ListEntryColumn.repeatDays])),
            itemNumber: row[ListEntryColumn.number])
    }
}

extension Row {
    /// The value of `column` in a row of a statement built from `ItemColumn`, by its index.
    subscript<Value: DatabaseValueConvertible & StatementColumnConvertible>(_ column: ItemColumn) -> Value {
        self[column.rawValue]
    }

    /// The value of `column` in a row of a list page, by its index.
    subscript<Value: DatabaseValueConvertible & StatementColumnConvertible>(_ column: ListEntryColumn) -> Value {
        self[column.rawValue]
    }
}

import Foundation
import PostgresNIO
import TodoCore

/// An item's fields as PostgreSQL keeps them, declared once: the item's SELECT, the Trash's,
/// the copy to the Trash, INSERT and UPDATE are built from these cases, in this order, and an
/// item is read back by its cases (`PostgresItemRecord`). The SQLite store has the same
/// declaration for its own column names (`ItemColumn` in TodoStore).
///
/// A field added to items is a case here, a column of `todo_item` and `trashed_item` (a
/// migration of `PostgresSchema`), and a line in `bind(_:_:projectID:into:)` and
/// `PostgresItemRecord`.
enum PostgresItemColumn: Int, CaseIterable, Sendable {
    case id, title, details, isDone, dueDate, locationName, locationLatitude, locationLongitude, project,
         estimateMinutes, repeatDays, position, createdAt, updatedAt, completedAt, version, number

    /// The column's name, as both tables have it (but the project's, which they keep differently).
    private var name: String {
        switch self {
        case .id: "id"
        case .title: "title"
        case .details: "details"
        case .isDone: "is_done"
        case .dueDate: "due_date"
        case .locationName: "location_name"
        case .locationLatitude: "location_latitude"
        case .locationLongitude: "location_longitude"
        case .project: "project_name"
        case .estimateMinutes: "estimate_minutes"
        case .repeatDays: "repeat_days"
        case .position: "position"
        case .createdAt: "created_at"
        case .updatedAt: "updated_at"
        case .completedAt: "completed_at"
        case .version: "version"
        case .number: "number"
        }
    }

    /// The column in `todo_item`, where the project is kept by its key.
    var itemColumn: String { self == .project ? "project_id" : name }
    /// The column in `trashed_item`, where the project is kept by name.
    var trashColumn: String { name }

    /// What the item's SELECT reads for it from `todo_item i LEFT JOIN project p` (a date as text).
    var selected: String {
        switch self {
        case .project: "p.name"
        case .dueDate: "to_char(i.due_date, 'YYYY-MM-DD')"
        default: "i." + name
        }
    }

    /// What the copy to the Trash reads for it from `todo_item i LEFT JOIN project p` (a date as a date).
    var copied: String { self == .project ? "p.name" : "i." + name }

    /// What the Trash's SELECT reads for it from `trashed_item`.
    var trashSelected: String { self == .dueDate ? "to_char(due_date, 'YYYY-MM-DD')" : name }

    /// The item's SELECT, its project by name, read by `PostgresItemRecord`.
    static func select(_ t: PostgresTodoStore.Tables) -> String {
        "SELECT " + allCases.map(\.selected).joined(separator: ", ")
            + " FROM \(t.item) i LEFT JOIN \(t.project) p ON p.owner = i.owner AND p.id = i.project_id"
    }

    /// The Trash's SELECT: the item's columns, then `deleted_at` (`PostgresItemRecord.deletedAt`).
    static func trashSelect(_ t: PostgresTodoStore.Tables) -> String {
        "SELECT " + allCases.map(\.trashSelected).joined(separator: ", ") + ", deleted_at FROM \(t.trash)"
    }

    /// The item `id` of `owner` copied to the Trash as it is, its project by name, deleted at `deletedAt`.
    static func copyToTrash(_ t: PostgresTodoStore.Tables, owner: String, id: UUID, deletedAt: Int64) -> SQL {
        var sql = SQL("INSERT INTO \(t.trash) (owner, " + allCases.map(\.trashColumn).joined(separator: ", ")
            + ", deleted_at) SELECT i.owner, " + allCases.map(\.copied).joined(separator: ", "))
        sql.append(", \(sql.bind(deletedAt)) FROM \(t.item) i LEFT JOIN \(t.project) p")
        sql.append(" ON p.owner = i.owner AND p.id = i.project_id")
        sql.append(" WHERE i.owner = \(sql.bind(owner)) AND i.id = \(sql.bind(id))")
        return sql
    }

    /// A new row of `owner`'s: `item`, its project by `projectID`.
    static func insert(_ t: PostgresTodoStore.Tables, owner: String, _ item: TodoItem, projectID: Int?) -> SQL {
        var sql = SQL("INSERT INTO \(t.item) (owner, " + allCases.map(\.itemColumn).joined(separator: ", ") + ") VALUES (")
        var values = [sql.bind(owner)]
        for column in allCases { values.append(bind(column, item, projectID: projectID, into: &sql)) }
        sql.append(values.joined(separator: ", ") + ")")
        return sql
    }

    /// `owner`'s row of `item.id` made `item` (every column but the id).
    static func update(_ t: PostgresTodoStore.Tables, owner: String, _ item: TodoItem, projectID: Int?) -> SQL {
        var sql = SQL("UPDATE \(t.item) SET ")
        var assignments: [String] = []
        for column in allCases where column != .id {
            assignments.append(column.itemColumn + " = " + bind(column, item, projectID: projectID, into: &sql))
        }
        sql.append(assignments.joined(separator: ", "))
        sql.append(" WHERE owner = \(sql.bind(owner)) AND id = \(sql.bind(item.id))")
        return sql
    }

    /// Binds what `item` stores in `column` and returns its placeholder.
    private static func bind(_ column: PostgresItemColumn, _ item: TodoItem, projectID: Int?, into sql: inout SQL)
        -> String
    {
        switch column {
        case .id: sql.bind(item.id)
        case .title: sql.bind(item.title)
        case .details: sql.bind(item.details)
        case .isDone: sql.bind(item.isDone)
        case .dueDate: sql.bind(item.dueDate?.iso) + "::date"
        case .locationName: sql.bind(item.location?.name)
        case .locationLatitude: sql.bind(item.location?.latitude)
        case .locationLongitude: sql.bind(item.location?.longitude)
        case .project: sql.bind(projectID)
        case .estimateMinutes: sql.bind(item.estimateMinutes)
        case .repeatDays: sql.bind(Weekday.mask(of: item.repeatDays))
        case .position: sql.bind(item.position)
        case .createdAt: sql.bind(Timestamp.milliseconds(item.createdAt))
        case .updatedAt: sql.bind(Timestamp.milliseconds(item.updatedAt))
        case .completedAt: sql.bind(item.completedAt.map(Timestamp.milliseconds))
        case .version: sql.bind(item.version)
        case .number: sql.bind(item.number)
        }
    }
}

/// An item read by `PostgresItemColumn.select` (or `trashSelect`, whose columns come in the
/// same order), each field by its column.
struct PostgresItemRecord {
    /// Where a Trash row's `deleted_at` is: right after the item's columns.
    static let deletedAt = PostgresItemColumn.allCases.count

    var item: TodoItem

    init(_ row: PostgresRow) throws {
        let cells = row.makeRandomAccess()
        func value<T: PostgresDecodable>(_ column: PostgresItemColumn, _: T.Type = T.self) throws -> T {
            try cells[column.rawValue].decode(T.self)
        }
        let dueDate: String? = try value(.dueDate)
        let locationName: String? = try value(.locationName)
        let latitude: Double? = try value(.locationLatitude)
        let longitude: Double? = try value(.locationLongitude)
        let projectName: String? = try value(.project)
        let completedAt: Int64? = try value(.completedAt)
        item = TodoItem(
            id: try value(.id), title: try value(.title), details: try value(.details), isDone: try value(.isDone),
            dueDate: dueDate.flatMap(CalendarDate.init(iso:)),
            location: locationName.map { Location(name: $0, latitude: latitude, longitude: longitude) },
            project: projectName.map(Project.init(name:)),
            estimateMinutes: try value(.estimateMinutes), repeatDays: Weekday.days(fromMask: try value(.repeatDays)),
            position: try value(.position),
            createdAt: Timestamp.date(milliseconds: try value(.createdAt)),
            updatedAt: Timestamp.date(milliseconds: try value(.updatedAt)),
            completedAt: completedAt.map(Timestamp.date(milliseconds:)), version: try value(.version),
            number: try value(.number))
    }

    /// A row of `PostgresItemColumn.trashSelect`.
    static func trashed(_ row: PostgresRow) throws -> TrashedItem {
        let deletedAt = try row.makeRandomAccess()[Self.deletedAt].decode(Int64.self)
        return TrashedItem(item: try PostgresItemRecord(row).item, deletedAt: Timestamp.date(milliseconds: deletedAt))
    }
}

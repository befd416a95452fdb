import Foundation
import PostgresNIO
import TodoCore

/// The `TodoStore` kept in PostgreSQL through postgres-nio: the list's rules (`StoredList`) over
/// its rows in PostgreSQL (`PostgresStorage`), under the same contract tests as the SQLite
/// store's (docs/specs/postgres.md).
public typealias PostgresTodoStore = StoredList<PostgresStorage>

extension StoredList where Storage == PostgresStorage {
    /// A store of `owner`'s list (the local list unless told) on a database `database.migrate()`
    /// has brought up to date.
    public init(database: PostgresTodoDatabase, owner: ListOwner = .local, environment: TodoEnvironment) {
        self.init(PostgresStorage(database: database, owner: owner, environment: environment))
    }

    public var database: PostgresTodoDatabase { storage.database }
    /// Whose items it reads and writes: every statement is scoped to this owner (OWNER-1…).
    public var owner: ListOwner { storage.owner }
}

/// The tables of a schema, quoted for SQL.
struct PostgresTables: Sendable {
    let item: String, project: String, trash: String, counter: String, account: String
    init(schema: String) {
        account = "\"\(schema)\".account"
        item = "\"\(schema)\".todo_item"
        project = "\"\(schema)\".project"
        trash = "\"\(schema)\".trashed_item"
        counter = "\"\(schema)\".item_number_counter"
    }
}

extension PostgresTodoDatabase {
    /// A write of `owner`'s (their store's, or CalDAV's records of their lists): its transaction
    /// first takes the owner's write lock (their counter's row, made on an account's first
    /// write), so one owner's writes take turns; other owners' don't wait.
    func write<T: Sendable>(of owner: ListOwner, _ body: @escaping @Sendable (Connection) async throws -> T) async throws -> T {
        let t = PostgresTables(schema: schema)
        return try await transaction(readOnly: false) { connection in
            let lock: PostgresQuery = "SELECT next FROM \(unescaped: t.counter) WHERE owner = \(owner.key) FOR UPDATE"
            let logger = PostgresTodoDatabase.logger
            var hasRow = try await !connection.query(lock, logger: logger).collect().isEmpty
            if !hasRow {
                // An account's first write makes its row, tied to the account: removing the
                // account removes it, and with it the owner's items, projects and Trash (OWNER-8).
                // An owner that is no account (any more) gets none: nothing of theirs exists,
                // and what would add something is refused (`Connection.requireOwner`).
                let account = owner.isLocal ? nil : UUID(uuidString: owner.key)
                try await connection.query("""
                    INSERT INTO \(unescaped: t.counter) (owner, account_id, next)
                    SELECT \(owner.key), \(account), 1
                    WHERE \(owner.isLocal) OR EXISTS (SELECT 1 FROM \(unescaped: t.account) WHERE id = \(account))
                    ON CONFLICT (owner) DO NOTHING
                    """, logger: logger)
                hasRow = try await !connection.query(lock, logger: logger).collect().isEmpty
            }
            let db = Connection(connection, t, owner: owner.key, hasOwner: hasRow)
            return try await body(db)
        }
    }
}

/// A SQL text and its bound values, for statements whose shape depends on the request (a filter's
/// conditions): each value becomes `$n`, never text.
struct SQL: Sendable {
    var text: String
    var binds = PostgresBindings()

    init(_ text: String) { self.text = text }

    mutating func append(_ more: String) { text += more }

    /// Appends ` WHERE condition` or ` AND condition`.
    mutating func and(_ condition: String) {
        text += (hasWhere ? " AND " : " WHERE ") + condition
        hasWhere = true
    }

    private var hasWhere = false

    /// Binds `value` and returns its placeholder.
    mutating func bind<Value: PostgresDynamicTypeEncodable>(_ value: Value) -> String {
        binds.append(value)
        return "$\(binds.count)"
    }

    mutating func bind<Value: PostgresDynamicTypeEncodable>(_ value: Value?) -> String {
        binds.append(value)
        return "$\(binds.count)"
    }

    var query: PostgresQuery { PostgresQuery(unsafeSQL: text, binds: binds) }

    /// The conditions of `filter` on `todo_item i`.
    mutating func whereClause(_ filter: TodoFilter, _ t: PostgresTables, owner: String) {
        if let project = filter.project {
            and("i.project_id = (SELECT id FROM \(t.project) WHERE owner = \(bind(owner)) AND name = \(bind(project)))")
        }
        if let dueDate = filter.dueDate {
            and("i.due_date = \(bind(dueDate.iso))::date")
        }
        if filter.unfinishedOnly { and("NOT i.is_done") }
        if let levels = filter.priorities { and(Priority.storedCondition(levels, column: "i.priority")) }
        for tag in filter.tags {
            // TAG-3: the tag, between line breaks, in the column with one added at each end.
            and("strpos(chr(10) || i.tags || chr(10), \(bind(Tags.storedNeedle(tag)))) > 0")
        }
        if let due = filter.due {
            switch due {
            case .todayWithOverdue(let today):
                let day = bind(today.iso)
                and("i.due_date <= \(day)::date AND (i.due_date = \(day)::date OR NOT i.is_done)")
            case .overdue(let before, nil):
                and("i.due_date < \(bind(before.iso))::date AND NOT i.is_done")
            case .overdue(let before, let time?):
                // TIME-7: today's to-dos whose time has passed too.
                let day = bind(before.iso)
                and("i.due_date <= \(day)::date AND NOT i.is_done AND (i.due_date < \(day)::date OR i.due_time < \(bind(time.minutes)))")
            case .between(let from, let through):
                and("i.due_date BETWEEN \(bind(from.iso))::date AND \(bind(through.iso))::date")
            }
        }
        // FIND-1…7 (`SearchWords`): a word of three characters or more ignoring case in every
        // script (ILIKE, which the trigram indexes serve); a shorter one ignoring the case of
        // A–Z only (its A–Z lowered on both sides, then LIKE). `%`, `_` and `\` are escaped.
        for word in filter.words.words {
            let escaped = word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
                .replacingOccurrences(of: "_", with: "\\_")
            if SearchWords.isIndexable(word) {
                let pattern = bind("%" + escaped + "%")
                and("""
                    (i.title ILIKE \(pattern) OR i.details ILIKE \(pattern) OR i.location_name ILIKE \(pattern)
                     OR i.project_id IN (SELECT id FROM \(t.project) WHERE owner = \(bind(owner)) AND name ILIKE \(pattern)))
                    """)
            } else {
                let pattern = bind("%" + PostgresSchema.asciiLowered(text: escaped) + "%")
                func lowered(_ column: String) -> String { PostgresSchema.asciiLowered(column) }
                and("""
                    (\(lowered("i.title")) LIKE \(pattern) OR \(lowered("i.details")) LIKE \(pattern)
                     OR \(lowered("i.location_name")) LIKE \(pattern)
                     OR i.project_id IN (SELECT id FROM \(t.project)
                                         WHERE owner = \(bind(owner)) AND \(lowered("name")) LIKE \(pattern)))
                    """)
            }
        }
    }
}

/// One connection inside a write or read of one owner's rows (the list's, or CalDAV's records of it).
struct Connection: Sendable {
    let connection: PostgresConnection
    let t: PostgresTables
    /// The owner's key (`ListOwner.key`): every statement reads and writes their rows only.
    let owner: String
    /// Whether the owner has their row of the number counter (in a write: locked): false for
    /// an owner that is no account (any more), who has nothing and can add nothing.
    let hasOwner: Bool

    init(_ connection: PostgresConnection, _ t: PostgresTables, owner: String, hasOwner: Bool = true) {
        self.connection = connection
        self.t = t
        self.owner = owner
        self.hasOwner = hasOwner
    }

    /// Refuses a write that adds something for an owner that is no account (any more).
    func requireOwner() throws {
        guard hasOwner else {
            throw TodoStorageError(.rejected, "This list's account doesn't exist (any more); nothing was changed.")
        }
    }

    /// `select` (the table with no alias, or `i`) with the condition that rows are the owner's.
    func ownRows(_ select: String, alias: String? = nil) -> SQL {
        var sql = SQL(select)
        sql.and("\(alias.map { $0 + "." } ?? "")owner = \(sql.bind(owner))")
        return sql
    }

    /// The owner's items, with the columns `PostgresItemRecord` reads.
    func selectItems() -> SQL { ownRows(PostgresItemColumn.select(t), alias: "i") }

    private var logger: Logger { PostgresTodoDatabase.logger }

    @discardableResult
    func run(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await connection.query(query, logger: logger).collect()
    }
}

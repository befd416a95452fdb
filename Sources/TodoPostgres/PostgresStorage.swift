import Foundation
import PostgresNIO
import TodoCore

/// One owner's list in PostgreSQL, as `StoredList` reads and writes it (docs/specs/postgres.md).
///
/// A read is one REPEATABLE READ snapshot, so a page's counts and rows agree. A write is one
/// transaction that first locks the owner's row of the number counter
/// (`PostgresTodoDatabase.write(of:)`): one list's writes take turns, as SQLite's single writer
/// does, so two servers on one database never give one number or one place twice.
///
/// The list's rules are plain synchronous code (`TodoRows`). Here they run on a thread of their
/// own that waits for each statement's answer, so no thread of Swift's cooperative pool is held
/// while the server works. Values always travel as bound parameters; only the schema's name,
/// checked to be a plain identifier, is written into SQL text.
public struct PostgresStorage: TodoStorage {
    public let database: PostgresTodoDatabase
    /// Whose items it reads and writes: every statement is scoped to this owner (OWNER-1…).
    public let owner: ListOwner
    public let environment: TodoEnvironment

    public init(database: PostgresTodoDatabase, owner: ListOwner = .local, environment: TodoEnvironment) {
        self.database = database
        self.owner = owner
        self.environment = environment
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (Rows) throws -> T) async throws -> T {
        let tables = PostgresTables(schema: database.schema), owner = owner.key
        return try await database.transaction(readOnly: true) { connection in
            try await Self.onOwnThread { try body(Rows(Connection(connection, tables, owner: owner))) }
        }
    }

    public func write<T: Sendable>(importing: Bool, _ body: @escaping @Sendable (Rows) throws -> T) async throws -> T {
        let schema = database.schema
        return try await database.write(of: owner) { db in
            // One change in the record for a whole import, not one per item (LIVE-7).
            if importing { try await PostgresChangeRecord.mute(db.connection) }
            let result = try await Self.onOwnThread { try body(Rows(db)) }
            if importing {
                try await PostgresChangeRecord.unmute(db.connection, schema: schema, recording: .many, owner: db.owner)
            }
            return result
        }
    }

    /// Runs `body` on a new thread, where it may wait for the server's answers.
    private static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    /// The owner's rows inside one transaction: each statement waits for its answer.
    public struct Rows: TodoRows {
        let db: Connection
        /// The projects' keys by name, read or made in this transaction.
        private let projectKeys = ProjectKeys()
        private var t: PostgresTables { db.t }
        private var owner: String { db.owner }

        init(_ db: Connection) { self.db = db }

        public func items(_ query: ItemQuery) throws -> [TodoItem] {
            guard let sql = slice(query, of: db.selectItems()) else { return [] }
            return try run(sql.query).map { try PostgresItemRecord($0).item }
        }

        public func entries(_ query: ItemQuery, numberedAfter first: Int) throws -> [ListEntry] {
            // A page is of one section: its rows read no `is_done`.
            guard let section = query.section else {
                return try items(query).enumerated().map { ListEntry(number: first + $0.offset + 1, item: $0.element) }
            }
            let select = db.ownRows("SELECT \(PostgresListEntryColumn.selected) FROM \(t.item) i", alias: "i")
            guard let sql = slice(query, of: select) else { return [] }
            // The page's project names, read once: a row carries only the key (in the section index).
            var projectNames: [Int: String] = [:]
            for row in try run(db.ownRows("SELECT id, name FROM \(t.project)").query) {
                let (id, name) = try row.decode((Int, String).self)
                projectNames[id] = name
            }
            var number = first
            return try run(sql.query).map { row in
                number += 1
                return try PostgresListEntryColumn.entry(
                    row, number: number, isDone: section == .done, projectNames: projectNames)
            }
        }

        public func count(_ query: ItemQuery) throws -> Int {
            guard let sql = condition(query, on: db.ownRows("SELECT COUNT(*)::bigint FROM \(t.item) i", alias: "i"))
            else { return 0 }
            return try run(sql.query).first?.decode(Int.self) ?? 0
        }

        public func projects() throws -> [Project] {
            try run(db.ownRows("SELECT name FROM \(t.project)").query).map { Project(name: try $0.decode(String.self)) }
                .sorted()
        }

        public func tagTexts() throws -> [(text: String, count: Int)] {
            var sql = db.ownRows("SELECT tags, COUNT(*)::bigint FROM \(t.item)")
            sql.append(" AND tags IS NOT NULL GROUP BY tags")
            return try run(sql.query).map { row in
                let (text, count) = try row.decode((String, Int64).self)
                return (text, Int(count))
            }
        }

        public func subtaskCounts(of parents: [UUID]) throws -> [UUID: SubtaskCount] {
            guard !parents.isEmpty else { return [:] }
            var sql = db.ownRows("SELECT parent, COUNT(*)::bigint, COUNT(*) FILTER (WHERE is_done)::bigint FROM \(t.item)")
            let ids = sql.bind(parents.map(\.lowercasedText))
            sql.append(" AND parent = ANY(\(ids)) GROUP BY parent")
            var counts: [UUID: SubtaskCount] = [:]
            for row in try run(sql.query) {
                let (text, total, done) = try row.decode((String, Int64, Int64).self)
                if let id = UUID(text: text) { counts[id] = SubtaskCount(done: Int(done), total: Int(total)) }
            }
            return counts
        }

        public func trash(_ query: TrashQuery) throws -> [TrashedItem] {
            var sql = trashCondition(query, on: db.ownRows(PostgresItemColumn.trashSelect(t)))
            sql.append(" ORDER BY deleted_at DESC, id")
            return try run(sql.query).map(PostgresItemRecord.trashed)
        }

        public func save(_ item: TodoItem, replacing old: TodoItem?) throws {
            let project = try projectKey(item.project)
            guard let old else {
                try db.requireOwner()
                try run(PostgresItemColumn.insert(t, owner: owner, item, projectID: project).query)
                return
            }
            try run(PostgresItemColumn.update(t, owner: owner, item, projectID: project).query)
            if old.project != item.project { try dropProjectIfUnused(old.project) }
        }

        public func remove(_ query: ItemQuery, trashedAt: Date?) throws {
            if query == .all, trashedAt == nil {
                try run("DELETE FROM \(unescaped: t.item) WHERE owner = \(owner)")
                try run("DELETE FROM \(unescaped: t.project) WHERE owner = \(owner)")
                projectKeys.keys = [:]
                return
            }
            for item in try items(query) {
                if let trashedAt {
                    // To the Trash (TRASH-1): the row as it is, its project by name, and when.
                    try run("DELETE FROM \(unescaped: t.trash) WHERE owner = \(owner) AND id = \(item.id)")
                    let deletedAt = Timestamp.milliseconds(trashedAt)
                    try run(PostgresItemColumn.copyToTrash(t, owner: owner, id: item.id, deletedAt: deletedAt).query)
                }
                try run("DELETE FROM \(unescaped: t.item) WHERE owner = \(owner) AND id = \(item.id)")
                try dropProjectIfUnused(item.project)
            }
        }

        public func forget(_ query: TrashQuery) throws -> Int {
            let sql = trashCondition(query, on: db.ownRows("DELETE FROM \(t.trash)"))
            return try db.connection.query(sql.query, logger: PostgresTodoDatabase.logger).wait().metadata.rows ?? 0
        }

        public func takeNumbers(_ count: Int) throws -> Int {
            try db.requireOwner()
            let next = try run("SELECT next FROM \(unescaped: t.counter) WHERE owner = \(owner)").first?.decode(Int.self) ?? 1
            if count > 0 { try run("UPDATE \(unescaped: t.counter) SET next = \(next + count) WHERE owner = \(owner)") }
            return next
        }

        public func link(_ checked: UUID, to occurrence: UUID?) throws {
            try run("""
                UPDATE \(unescaped: t.item) SET next_occurrence_id = \(occurrence) WHERE owner = \(owner) AND id = \(checked)
                """)
        }

        // MARK: SQL

        @discardableResult
        private func run(_ query: PostgresQuery) throws -> [PostgresRow] {
            try db.connection.query(query, logger: PostgresTodoDatabase.logger).wait().rows
        }

        /// `select` narrowed to `query`, in display order, with its offset and limit; nil when
        /// nothing can match. An offset into the whole list (or a section) starts at the row
        /// found through the section index alone, as SQLite's does.
        private func slice(_ query: ItemQuery, of select: SQL) -> SQL? {
            guard var sql = condition(query, on: select) else { return nil }
            var offset = max(query.offset, 0)
            if offset > 0, !query.reversed, query.after == nil, case .matching(let filter) = query.selection,
               filter.isWholeList
            {
                var start = "(SELECT is_done, position, id FROM \(t.item) WHERE owner = \(sql.bind(owner))"
                if let section = query.section { start += " AND is_done = \(sql.bind(section == .done))" }
                sql.and("(i.is_done, i.position, i.id) >= " + start + " ORDER BY is_done, position, id LIMIT 1 OFFSET \(sql.bind(offset)))")
                offset = 0
            }
            // By priority, its rank after the section (PRIO-14).
            let rank = switch query.order {
            case .position: ""
            case .priority: Priority.storedRank(column: "i.priority") + (query.reversed ? " DESC, " : ", ")
            case .time: ListOrder.storedTimeRank(column: "i.due_time") + (query.reversed ? " DESC, " : ", ")
            }
            sql.append(query.reversed
                ? " ORDER BY i.is_done DESC, \(rank)i.position DESC, i.id DESC" : " ORDER BY i.is_done, \(rank)i.position, i.id")
            if let limit = query.limit { sql.append(" LIMIT \(sql.bind(max(limit, 0)))") }
            if offset > 0 { sql.append(" OFFSET \(sql.bind(offset))") }
            return sql
        }

        /// `select` (on `todo_item i`, already the owner's rows) narrowed to `query`'s selection,
        /// section and bounds, before offset and limit; nil when nothing can match.
        private func condition(_ query: ItemQuery, on select: SQL) -> SQL? {
            var sql = select
            switch query.selection {
            case .matching(let filter):
                sql.whereClause(filter, t, owner: owner)
            case .id(let id):
                sql.and("i.id = \(sql.bind(id))")
            case .number(let number):
                sql.and("i.number = \(sql.bind(number))")
            case .idPrefix(let prefix):
                // Ids are lower-case hex and dashes; anything else matches nothing (and keeps LIKE literal).
                let prefix = prefix.lowercased()
                guard prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) else { return nil }
                sql.and("i.id::text LIKE \(sql.bind(prefix + "%"))")
            case .occurrence(let checked):
                sql.and("""
                    i.id = (SELECT next_occurrence_id FROM \(t.item) WHERE owner = \(sql.bind(owner)) AND id = \(sql.bind(checked)))
                    """)
            case .children(let parent):
                sql.and("i.parent = \(sql.bind(parent.lowercasedText))")
            }
            if let section = query.section { sql.and("i.is_done = \(sql.bind(section == .done))") }
            if let after = query.after {
                sql.and("(i.is_done, i.position, i.id) > (\(sql.bind(after.isDone)), \(sql.bind(after.position)), \(sql.bind(after.id)))")
            }
            if let before = query.before {
                sql.and("(i.is_done, i.position, i.id) < (\(sql.bind(before.isDone)), \(sql.bind(before.position)), \(sql.bind(before.id)))")
            }
            return sql
        }

        /// `select` (on the Trash, already the owner's rows) narrowed to `query`.
        private func trashCondition(_ query: TrashQuery, on select: SQL) -> SQL {
            var sql = select
            switch query {
            case .all: break
            case .id(let id): sql.and("id = \(sql.bind(id))")
            case .deleted(let cutoff): sql.and("deleted_at <= \(sql.bind(Timestamp.milliseconds(cutoff)))")
            }
            return sql
        }

        /// The owner's project `project`'s key, made when they have none of that name (OWNER-3).
        private func projectKey(_ project: Project?) throws -> Int? {
            guard let name = project?.name else { return nil }
            if let key = projectKeys.keys[name] { return key }
            try run("""
                INSERT INTO \(unescaped: t.project) (owner, name) VALUES (\(owner), \(name)) ON CONFLICT (owner, name) DO NOTHING
                """)
            let key = try run("SELECT id FROM \(unescaped: t.project) WHERE owner = \(owner) AND name = \(name)")
                .first?.decode(Int.self)
            projectKeys.keys[name] = key
            return key
        }

        private func dropProjectIfUnused(_ project: Project?) throws {
            guard let name = project?.name else { return }
            try run("""
                DELETE FROM \(unescaped: t.project) p WHERE p.owner = \(owner) AND p.name = \(name)
                AND NOT EXISTS (SELECT 1 FROM \(unescaped: t.item) i WHERE i.owner = p.owner AND i.project_id = p.id)
                """)
            projectKeys.keys[name] = nil
        }
    }
}

/// The projects' keys a transaction has read or made, by name: an import of many items in one
/// project asks the server once. Used by the one thread a transaction runs on.
private final class ProjectKeys {
    var keys: [String: Int] = [:]
}

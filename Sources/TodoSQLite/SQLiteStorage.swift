import Foundation
import GRDB
import TodoCore

/// One owner's list in a SQLite file, as `StoredList` reads and writes it (issue 32, item 2, in
/// progress): each transaction runs on GRDB's writer (or a reader), and its rows are statements
/// on the owner's rows only (OWNER-1…).
public struct SQLiteStorage: TodoStorage {
    public let database: AppDatabase
    public let environment: TodoEnvironment
    public let owner: ListOwner

    public init(database: AppDatabase, environment: TodoEnvironment, owner: ListOwner = .local) {
        self.database = database
        self.environment = environment
        self.owner = owner
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (Rows) throws -> T) async throws -> T {
        let owner = owner.key
        return try await database.read { db in try body(Rows(db: db, owner: owner)) }
    }

    public func write<T: Sendable>(importing: Bool, _ body: @escaping @Sendable (Rows) throws -> T) async throws -> T {
        let owner = owner.key
        guard importing else { return try await database.write { db in try body(Rows(db: db, owner: owner)) } }
        // One change in the record for the whole import (LIVE-7); other writers are told at once
        // that the list is busy while it runs (HARDEN-10e).
        return try await database.importing {
            try await database.write { db in
                try SQLiteChangeRecord.mute(db)
                let result = try body(Rows(db: db, owner: owner))
                try SQLiteChangeRecord.unmute(db, recording: .many, owner: owner)
                return result
            }
        }
    }

    /// The owner's rows inside one transaction.
    public struct Rows: TodoRows {
        let db: Database
        let owner: String

        public func items(_ query: ItemQuery) throws -> [TodoItem] {
            guard var (whereSQL, arguments) = try condition(query) else { return [] }
            let order = query.reversed ? " ORDER BY i.isDone DESC, i.position DESC, i.id DESC" : " ORDER BY i.isDone, i.position, i.id"
            whereSQL += order
            if query.limit != nil || query.offset > 0 {
                whereSQL += " LIMIT ? OFFSET ?"
                _ = arguments.append(contentsOf: [query.limit ?? -1, max(query.offset, 0)])
            }
            return try Array(
                Row.fetchCursor(db.cachedStatement(sql: ItemColumn.select + whereSQL), arguments: arguments).map { try ItemRecord(row: $0).item })
        }

        public func count(_ query: ItemQuery) throws -> Int {
            if case .matching(let filter) = query.selection, filter.isWholeList, query.after == nil, query.before == nil {
                return try sectionCount(filter: filter, section: query.section)
            }
            guard let (whereSQL, arguments) = try condition(query) else { return 0 }
            return try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM todoItem i" + whereSQL), arguments: arguments) ?? 0
        }

        public func projects() throws -> [Project] {
            try String.fetchAll(
                db.cachedStatement(sql: "SELECT name FROM project WHERE owner = ? ORDER BY name COLLATE NOCASE"),
                arguments: [owner]
            ).map(Project.init(name:)).sorted()
        }

        public func trash(_ query: TrashQuery) throws -> [TrashedItem] {
            let (condition, arguments) = trashCondition(query)
            return try Array(
                TrashedItemRecord.fetchCursor(
                    db, sql: ItemColumn.trashSelect + condition + " ORDER BY deletedAt DESC, id", arguments: arguments
                ).map(\.trashed))
        }

        public func save(_ item: TodoItem, replacing old: TodoItem?) throws {
            let projectID = try projectID(item.project)
            guard let old else {
                var arguments: StatementArguments = [owner]
                _ = arguments.append(contentsOf: ItemColumn.values(item, projectID: projectID))
                return try db.cachedStatement(sql: ItemColumn.insert).execute(arguments: arguments)
            }
            var arguments = ItemColumn.values(item, projectID: projectID)
            _ = arguments.append(contentsOf: [owner, item.id.lowercasedText])
            try db.cachedStatement(sql: ItemColumn.update).execute(arguments: arguments)
            if old.project != item.project { try dropProjectIfUnused(old.project) }
        }

        public func remove(_ query: ItemQuery, trashedAt: Date?) throws {
            if query == .all, trashedAt == nil {
                return try db.execute(
                    sql: "DELETE FROM todoItem WHERE owner = ?; DELETE FROM project WHERE owner = ?", arguments: [owner, owner])
            }
            for item in try items(query) {
                if let trashedAt {
                    // To the Trash (TRASH-1): the row as it is, its project by name, and when.
                    try db.execute(
                        sql: ItemColumn.copyToTrash,
                        arguments: [Timestamp.milliseconds(trashedAt), owner, item.id.lowercasedText])
                }
                try db.execute(sql: "DELETE FROM todoItem WHERE owner = ? AND id = ?", arguments: [owner, item.id.lowercasedText])
                try dropProjectIfUnused(item.project)
            }
        }

        public func forget(_ query: TrashQuery) throws -> Int {
            let (condition, arguments) = trashCondition(query)
            try db.execute(sql: "DELETE FROM trashedItem" + condition, arguments: arguments)
            return db.changesCount
        }

        public func takeNumbers(_ count: Int) throws -> Int {
            let next = try Int.fetchOne(
                db.cachedStatement(sql: "SELECT next FROM itemNumberCounter WHERE owner = ?"), arguments: [owner]) ?? 1
            guard count > 0 else { return next }
            try db.cachedStatement(sql: """
                INSERT INTO itemNumberCounter (owner, next) VALUES (?, ?) ON CONFLICT (owner) DO UPDATE SET next = excluded.next
                """).execute(arguments: [owner, next + count])
            return next
        }

        public func link(_ checked: UUID, to occurrence: UUID?) throws {
            try db.execute(
                sql: "UPDATE todoItem SET nextOccurrenceId = ? WHERE owner = ? AND id = ?",
                arguments: [occurrence?.lowercasedText, owner, checked.lowercasedText])
        }

        // MARK: SQL

        /// The WHERE clause of `query` on `todoItem i`, the owner's first; nil when nothing can match.
        private func condition(_ query: ItemQuery) throws -> (String, StatementArguments)? {
            var (sql, arguments): (String, StatementArguments)
            switch query.selection {
            case .matching(let filter):
                (sql, arguments) = SQLiteFilter.whereClause(filter, owner: owner)
            case .id(let id):
                (sql, arguments) = (" WHERE i.owner = ? AND i.id = ?", [owner, id.lowercasedText])
            case .number(let number):
                (sql, arguments) = (" WHERE i.owner = ? AND i.number = ?", [owner, number])
            case .idPrefix(let prefix):
                // Ids are lower-case hex and dashes; anything else matches nothing (and keeps GLOB literal).
                let prefix = prefix.lowercased()
                guard prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) else { return nil }
                (sql, arguments) = (" WHERE i.owner = ? AND i.id GLOB ?", [owner, prefix + "*"])
            case .occurrence(let checked):
                (sql, arguments) = (
                    " WHERE i.owner = ? AND i.id = (SELECT nextOccurrenceId FROM todoItem WHERE owner = ? AND id = ?)",
                    [owner, owner, checked.lowercasedText])
            }
            if let section = query.section {
                sql += " AND i.isDone = ?"
                _ = arguments.append(contentsOf: [section == .done])
            }
            // Row value comparisons: SQLite goes on through the section index.
            if let after = query.after {
                sql += " AND (i.isDone, i.position, i.id) > (?, ?, ?)"
                _ = arguments.append(contentsOf: [after.isDone, after.position, after.id.lowercasedText])
            }
            if let before = query.before {
                sql += " AND (i.isDone, i.position, i.id) < (?, ?, ?)"
                _ = arguments.append(contentsOf: [before.isDone, before.position, before.id.lowercasedText])
            }
            return (sql, arguments)
        }

        private func trashCondition(_ query: TrashQuery) -> (String, StatementArguments) {
            switch query {
            case .all: (" WHERE owner = ?", [owner])
            case .id(let id): (" WHERE owner = ? AND id = ?", [owner, id.lowercasedText])
            case .deleted(let cutoff): (" WHERE owner = ? AND deletedAt <= ?", [owner, Timestamp.milliseconds(cutoff)])
            }
        }

        /// The rows of the whole list (or of one section), from the counts the triggers keep.
        private func sectionCount(filter: TodoFilter, section: TodoSection?) throws -> Int {
            if let section {
                if section == .done, filter.unfinishedOnly { return 0 }
                return try Int.fetchOne(
                    db.cachedStatement(sql: "SELECT count FROM sectionCount WHERE owner = ? AND isDone = ?"),
                    arguments: [owner, section == .done]) ?? 0
            }
            return try Int.fetchOne(
                db.cachedStatement(sql: "SELECT SUM(count) FROM sectionCount WHERE owner = ? AND isDone <= ?"),
                arguments: [owner, !filter.unfinishedOnly]) ?? 0
        }

        /// The owner's project `project`, made when they have none of that name (OWNER-3).
        private func projectID(_ project: Project?) throws -> Int64? {
            guard let name = project?.name else { return nil }
            try db.cachedStatement(sql: "INSERT INTO project(owner, name) VALUES (?, ?) ON CONFLICT(owner, name) DO NOTHING")
                .execute(arguments: [owner, name])
            return try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT id FROM project WHERE owner = ? AND name = ?"), arguments: [owner, name])
        }

        private func dropProjectIfUnused(_ project: Project?) throws {
            guard let name = project?.name else { return }
            try db.execute(
                sql: """
                    DELETE FROM project WHERE owner = ? AND name = ?
                    AND NOT EXISTS (SELECT 1 FROM todoItem WHERE owner = project.owner AND projectId = project.id)
                    """,
                arguments: [owner, name])
        }
    }
}

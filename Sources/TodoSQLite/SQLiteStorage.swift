import Foundation
import GRDB
import TodoCore

/// One owner's list in a SQLite file, as `StoredList` reads and writes it: each transaction
/// runs on GRDB's writer (or a reader), and its rows are statements on the owner's rows only
/// (OWNER-1…).
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
            guard let (sql, arguments) = try slice(query) else { return [] }
            // Each item moved into the array as it is read (through a mapped cursor it was copied).
            var items: [TodoItem] = []
            let read = ItemColumn.readFields
            try SQLiteStoredRow.forEach(db.cachedStatement(sql: ItemColumn.select + sql), arguments, of: db) { row in
                items.append(try ItemRecord(row: row, reading: read).item)
            }
            return items
        }

        public func entries(_ query: ItemQuery, numberedAfter first: Int) throws -> [ListEntry] {
            guard let (sql, arguments) = try slice(query) else { return [] }
            let projectNames = try projectNames()
            var entries: [ListEntry] = []
            entries.reserveCapacity(min(query.limit ?? 0, 100_000))
            var number = first
            let read = ListEntryColumn.readFields
            // Only the columns a row shows (`ListEntryColumn`), read as SQLite steps through them.
            let statement = try db.cachedStatement(sql: "SELECT " + ListEntryColumn.selected + " FROM todoItem i" + sql)
            try SQLiteStoredRow.forEach(statement, arguments, of: db) { row in
                number += 1
                entries.append(try ListEntryRecord.entry(row, number: number, projectNames: projectNames, reading: read))
            }
            return entries
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

        public func tagTexts() throws -> [(text: String, count: Int)] {
            let statement = try db.cachedStatement(
                sql: "SELECT tags, COUNT(*) FROM todoItem WHERE owner = ? AND tags IS NOT NULL GROUP BY tags")
            return try Row.fetchAll(statement, arguments: [owner]).map { ($0[0], $0[1]) }
        }

        public func subtaskCounts(of parents: [UUID]) throws -> [UUID: SubtaskCount] {
            var counts: [UUID: SubtaskCount] = [:]
            guard !parents.isEmpty else { return counts }
            counts.reserveCapacity(parents.count)
            // A list with no subtask at all (most) answers from the empty index at once.
            var any = false
            try SQLiteStoredRow.forEach(
                db.cachedStatement(sql: "SELECT 1 FROM todoItem WHERE owner = ? AND parent IS NOT NULL LIMIT 1"), [owner], of: db
            ) { _ in any = true }
            guard any else { return counts }
            // One statement, the ids bound as one JSON array: binding each id on its own (and
            // reading the answer through GRDB's rows) cost more than SQLite's index look-ups.
            let ids = String(unsafeUninitializedCapacity: parents.count * 39 + 2) { output in
                var count = 0
                func write(_ byte: UInt8) {
                    output[count] = byte
                    count += 1
                }
                write(UInt8(ascii: "["))
                for (index, id) in parents.enumerated() {
                    if index > 0 { write(UInt8(ascii: ",")) }
                    write(UInt8(ascii: "\""))
                    var text = id.lowercasedText
                    text.withUTF8 { for byte in $0 { write(byte) } }
                    write(UInt8(ascii: "\""))
                }
                write(UInt8(ascii: "]"))
                return count
            }
            // Each id looked up in the parent index in turn (no list of them built, no grouping):
            // a subtask's row at a time, counted here.
            let statement = try db.cachedStatement(sql: """
                SELECT i.parent, i.isDone FROM json_each(?) j CROSS JOIN todoItem i WHERE i.owner = ? AND i.parent = j.value
                """)
            try SQLiteStoredRow.forEach(statement, [ids, owner], of: db) { row in
                guard let id = try? row.id(at: 0) else { return }
                var count = counts[id] ?? SubtaskCount(done: 0, total: 0)
                count.total += 1
                if row.flag(at: 1) == true { count.done += 1 }
                counts[id] = count
            }
            return counts
        }

        public func trash(_ query: TrashQuery) throws -> [TrashedItem] {
            let (condition, arguments) = trashCondition(query)
            var trashed: [TrashedItem] = []
            let statement = try db.makeStatement(sql: ItemColumn.trashSelect + condition + " ORDER BY deletedAt DESC, id")
            try SQLiteStoredRow.forEach(statement, arguments, of: db) { trashed.append(try TrashedItemRecord(row: $0).trashed) }
            return trashed
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

        /// `query` on `todoItem i`: its WHERE, ORDER BY and LIMIT; nil when nothing can match. An
        /// offset into the whole list (or a section of it) starts at the row found through the
        /// section index alone: OFFSET would read (and drop) every skipped row's table entry.
        /// (A filtered list keeps OFFSET: its rows are not contiguous in that index.)
        private func slice(_ query: ItemQuery) throws -> (String, StatementArguments)? {
            guard var (sql, arguments) = try condition(query) else { return nil }
            let order = Self.order(query)
            var offset = max(query.offset, 0)
            if offset > 0, !query.reversed, query.after == nil, case .matching(let filter) = query.selection,
               filter.isWholeList
            {
                sql += " AND (\(order)) >= (SELECT \(order.replacingOccurrences(of: "i.", with: "")) FROM todoItem"
                    + " WHERE owner = ?" + (query.section == nil ? "" : " AND isDone = ?")
                    + " ORDER BY \(order.replacingOccurrences(of: "i.", with: "")) LIMIT 1 OFFSET ?)"
                _ = arguments.append(contentsOf: [owner])
                if let section = query.section { _ = arguments.append(contentsOf: [section == .done]) }
                _ = arguments.append(contentsOf: [offset])
                offset = 0
            }
            sql += " ORDER BY " + (query.reversed ? order.replacingOccurrences(of: ",", with: " DESC,") + " DESC" : order)
            if query.limit != nil || offset > 0 {
                sql += " LIMIT ? OFFSET ?"
                _ = arguments.append(contentsOf: [query.limit ?? -1, offset])
            }
            return (sql, arguments)
        }

        /// The display order's columns: within one section, the position and id the section
        /// index orders it by after `isDone` (a row value with `isDone` in it would make
        /// SQLite read a range of `isDone` and sort); by priority, its rank first (PRIO-14).
        private static func order(_ query: ItemQuery) -> String {
            let inSection = switch query.order {
            case .position: "i.position, i.id"
            case .priority: Priority.storedRank(column: "i.priority") + ", i.position, i.id"
            case .time: ListOrder.storedTimeRank(column: "i.dueTime") + ", i.position, i.id"
            }
            return query.section == nil ? "i.isDone, " + inSection : inSection
        }

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
            case .children(let parent):
                (sql, arguments) = (" WHERE i.owner = ? AND i.parent = ?", [owner, parent.lowercasedText])
            }
            if let section = query.section {
                // A search reads its matches by rowid and sorts them: `+` keeps SQLite off the
                // section index, which would read every row of the section to find a few.
                let searches = if case .matching(let filter) = query.selection { SQLiteFilter.readsSearchIndex(filter) } else { false }
                sql += searches ? " AND +i.isDone = ?" : " AND i.isDone = ?"
                _ = arguments.append(contentsOf: [section == .done])
            }
            // Row value comparisons: SQLite goes on through the section index.
            for (cursor, comparison) in [(query.after, ">"), (query.before, "<")] {
                guard let cursor else { continue }
                guard let section = query.section else {
                    sql += " AND (i.isDone, i.position, i.id) \(comparison) (?, ?, ?)"
                    _ = arguments.append(contentsOf: [cursor.isDone, cursor.position, cursor.id.lowercasedText])
                    continue
                }
                // A place in the other section is before or after every row of this one.
                let cursorSection: TodoSection = cursor.isDone ? .done : .todo
                if cursorSection != section {
                    let isBefore = cursorSection == .todo
                    if isBefore == (comparison == ">") { continue } else { return nil }
                }
                sql += " AND (i.position, i.id) \(comparison) (?, ?)"
                _ = arguments.append(contentsOf: [cursor.position, cursor.id.lowercasedText])
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

        /// Project names by id, read once per page: the rows carry only the id (in the section
        /// index), and a look-up per row cost `todo list` a third more at 10,000 items.
        private func projectNames() throws -> [Int64: String] {
            var names: [Int64: String] = [:]
            let projects = try Row.fetchCursor(
                db.cachedStatement(sql: "SELECT id, name FROM project WHERE owner = ?"), arguments: [owner])
            while let project = try projects.next() { names[project[0]] = project[1] }  // id, name
            return names
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

import Foundation
import PostgresNIO
import TodoCore

/// The `TodoStore` kept in PostgreSQL through postgres-nio: the same protocol, rules and
/// contract tests as `SQLiteTodoStore` (docs/specs/postgres.md).
///
/// Every write is one transaction that first locks the number counter's row
/// (`SELECT … FOR UPDATE`): writes to one list take turns, as SQLite's single writer does, so
/// two servers on one database never give one number or one place twice. Every read is one
/// REPEATABLE READ snapshot, so a page's counts and rows agree. Values always travel as bound
/// parameters (`PostgresQuery` interpolation, `PostgresBindings`); only the schema's name,
/// checked to be a plain identifier, is written into SQL text.
public struct PostgresTodoStore: TodoStore {
    public let database: PostgresTodoDatabase
    /// Whose items it reads and writes: every statement is scoped to this owner (OWNER-1…).
    public let owner: ListOwner
    private let environment: TodoEnvironment
    private let t: Tables

    /// A store of `owner`'s list (the local list unless told) on a database `database.migrate()`
    /// has brought up to date.
    public init(database: PostgresTodoDatabase, owner: ListOwner = .local, environment: TodoEnvironment) {
        self.database = database
        self.owner = owner
        self.environment = environment
        self.t = Tables(schema: database.schema)
    }

    /// The tables, quoted for SQL.
    struct Tables: Sendable {
        let item: String, project: String, trash: String, counter: String, account: String
        init(schema: String) {
            account = "\"\(schema)\".account"
            item = "\"\(schema)\".todo_item"
            project = "\"\(schema)\".project"
            trash = "\"\(schema)\".trashed_item"
            counter = "\"\(schema)\".item_number_counter"
        }
    }

    // MARK: Reads

    public func items(_ filter: TodoFilter) async throws -> [TodoItem] {
        try await read { db in
            var sql = db.selectItems()
            sql.whereClause(filter, t, owner: db.owner)
            sql.append(Self.displayOrder)
            return try await db.items(sql)
        }
    }

    public func items(_ filter: TodoFilter, after cursor: ListCursor?, limit: Int) async throws -> [TodoItem] {
        guard limit > 0 else { return [] }
        return try await read { db in
            var sql = db.selectItems()
            sql.whereClause(filter, t, owner: db.owner)
            if let cursor {
                sql.and("(i.is_done, i.position, i.id) > (\(sql.bind(cursor.isDone)), \(sql.bind(cursor.position)), \(sql.bind(cursor.id)))")
            }
            sql.append(Self.displayOrder + " LIMIT \(sql.bind(limit))")
            return try await db.items(sql)
        }
    }

    public func count(_ filter: TodoFilter) async throws -> Int {
        try await read { db in try await db.count(filter) }
    }

    public func item(id: UUID) async throws -> TodoItem? {
        try await read { db in try await db.item(id: id) }
    }

    public func item(number: Int) async throws -> TodoItem? {
        try await read { db in
            var sql = db.selectItems()
            sql.and("i.number = \(sql.bind(number))")
            return try await db.items(sql).first
        }
    }

    public func nextOccurrence(of id: UUID) async throws -> TodoItem? {
        try await read { db in try await db.linkedOccurrence(of: id) }
    }

    public func item(atOffset offset: Int) async throws -> TodoItem? {
        guard offset >= 0 else { return nil }
        return try await read { db in
            var sql = db.selectItems()
            sql.and("i.id = (SELECT id FROM \(t.item) WHERE owner = \(sql.bind(db.owner))"
                + Self.indexOrder + " LIMIT 1 OFFSET \(sql.bind(offset)))")
            return try await db.items(sql).first
        }
    }

    public func items(idPrefix prefix: String, limit: Int) async throws -> [TodoItem] {
        let prefix = prefix.lowercased()
        // Ids are lower-case hex and dashes; anything else matches nothing (and keeps LIKE literal).
        guard prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }), limit > 0 else { return [] }
        return try await read { db in
            var sql = db.selectItems()
            sql.and("i.id::text LIKE \(sql.bind(prefix + "%"))")
            sql.append(Self.displayOrder + " LIMIT \(sql.bind(limit))")
            return try await db.items(sql)
        }
    }

    public func listEntries(_ filter: TodoFilter, in section: TodoSection, offset: Int, limit: Int) async throws
        -> [ListEntry]
    {
        try await read { db in try await db.listEntries(filter, in: section, from: .offset(max(offset, 0)), limit: limit) }
    }

    public func listEntries(_ filter: TodoFilter, in section: TodoSection, after entry: ListEntry, limit: Int)
        async throws -> [ListEntry]
    {
        try await read { db in
            try await db.listEntries(filter, in: section, from: .after(entry.id, number: entry.number), limit: limit)
        }
    }

    public func listPage(_ filter: TodoFilter, sections: [TodoSection], page: Int, rowsPerSection: Int?) async throws
        -> ListPage
    {
        try await read { db in
            let total = try await db.count(filter.withBothSections)
            var toDo = filter
            toDo.unfinishedOnly = true
            let toDoCount = try await db.count(toDo)
            let layout = ListPage.layout(
                sections: sections, total: total, toDo: toDoCount, page: page, rowsPerSection: rowsPerSection)
            var entries: [TodoSection: [ListEntry]] = [:]
            for slice in layout.slices {
                entries[slice.section] = try await db.listEntries(
                    filter, in: slice.section, from: .offset(slice.offset), limit: slice.limit, toDoCount: toDoCount)
            }
            return layout.page(total: total, entries: entries, projects: try await db.projects())
        }
    }

    public func projects() async throws -> [Project] {
        try await read { db in try await db.projects() }
    }

    // MARK: Writes

    public func add(_ draft: TodoDraft) async throws -> TodoItem {
        let draft = try draft.validated()
        let id = environment.makeID()
        let now = environment.now()
        return try await write { db in try await db.insert(draft, id: id, now: now) }
    }

    public func update(id: UUID, _ changes: TodoChanges, expectedVersion: Int?) async throws -> TodoItem? {
        let changes = try changes.validated()
        let now = environment.now()
        let environment = self.environment
        return try await write { db in
            guard let current = try await db.item(id: id) else { return nil }
            if let expectedVersion, expectedVersion != current.version {
                throw TodoStoreError.versionConflict(current: current)
            }
            guard var next = current.applying(changes, now: now) else { return current }
            if current.changesSection(changes), changes.position == nil {
                next.position = try await db.placeAtEdge(done: next.isDone, first: next.isDone, for: id)
            }
            try await db.save(next, replacing: current)
            if current.changesSection(changes) { try await db.applyRepeats(current, next, now: now, environment: environment) }
            return next
        }
    }

    public func move(id: UUID, toIndex index: Int) async throws -> TodoItem? {
        let now = environment.now()
        return try await write { db in
            guard let current = try await db.item(id: id) else { return nil }
            let done = current.isDone
            let others = try await db.rowCount(done: done) - 1
            let index = min(max(index, 0), others)
            // The neighbours at the new place: the items at index-1 and index once this one is
            // left out: the item's own place in the section, then a window of three rows.
            var placeSQL = db.ownRows("SELECT COUNT(*)::bigint FROM \(t.item)")
            placeSQL.and("is_done = \(placeSQL.bind(done))")
            placeSQL.append(" AND (position, id) < (\(placeSQL.bind(current.position)), \(placeSQL.bind(id)))")
            let place = try await db.int(placeSQL) ?? 0
            let start = max(index - 1, 0)
            var window = db.ownRows("SELECT position, id FROM \(t.item)")
            window.and("is_done = \(window.bind(done))")
            window.append(" ORDER BY position, id LIMIT 3 OFFSET \(window.bind(start < place ? start : start + 1))")
            let neighbours = try await db.rows(window, as: (Double, UUID).self)
                .filter { $0.1 != id }.prefix(index == 0 ? 1 : 2).map(\.0)
            let previous = index > 0 ? neighbours.first : nil
            let next = index > 0 ? neighbours.dropFirst().first : neighbours.first
            if Ordering.isBetween(current.position, previous, next) { return current }
            var position = Ordering.between(previous, next)
            if position == nil {
                position = try await db.respace(done: done, leavingGapAt: index, for: id)
            }
            guard let moved = current.applying(TodoChanges(position: position), now: now) else { return current }
            try await db.save(moved, replacing: current)
            return moved
        }
    }

    public func delete(id: UUID, expectedVersion: Int?) async throws -> Bool {
        let now = environment.now()
        return try await write { db in
            guard let current = try await db.item(id: id) else { return false }
            if let expectedVersion, expectedVersion != current.version {
                throw TodoStoreError.versionConflict(current: current)
            }
            // To the Trash (TRASH-1): the row as it is, its project by name, and when.
            try await db.purge(now: now)
            let owner = db.owner
            try await db.run("DELETE FROM \(unescaped: t.trash) WHERE owner = \(owner) AND id = \(id)")
            try await db.run(
                PostgresItemColumn.copyToTrash(t, owner: owner, id: id, deletedAt: Timestamp.milliseconds(now)).query)
            try await db.run("DELETE FROM \(unescaped: t.item) WHERE owner = \(owner) AND id = \(id)")
            try await db.dropProjectIfUnused(current.project)
            return true
        }
    }

    public func deleteAll() async throws {
        try await write { db in
            try await db.run("DELETE FROM \(unescaped: t.item) WHERE owner = \(db.owner)")
            try await db.run("DELETE FROM \(unescaped: t.project) WHERE owner = \(db.owner)")
        }
    }

    public func importItems(_ items: [ImportedItem], dryRun: Bool) async throws -> ImportSummary {
        let now = environment.now(), schema = database.schema
        let body: @Sendable (Connection) async throws -> ImportSummary = { db in
            if !dryRun {
                // One change in the record for the whole import, not one per item (LIVE-7).
                try await PostgresChangeRecord.mute(db.connection)
                // The plan places items next to the sections' edges: keep those exact (HARDEN-9).
                for done in [false, true] { try await db.respaceIfFarOut(done: done) }
            }
            // One read for the items being replaced, not one per item: a long import stays well
            // inside the operation's deadline.
            var existing: [UUID: TodoItem] = [:]
            if !items.isEmpty {
                var sql = db.selectItems()
                sql.and("i.id = ANY(\(sql.bind(items.map(\.item.id))))")
                for item in try await db.items(sql) { existing[item.id] = item }
            }
            let plan = try ImportPlan(
                items, existing: existing,
                edges: ImportPlan.Edges(
                    firstToDo: try await db.edgePosition(done: false, first: true),
                    lastToDo: try await db.edgePosition(done: false, first: false),
                    firstDone: try await db.edgePosition(done: true, first: true)),
                now: now)
            if !dryRun {
                var writes = plan.writes, next = try await db.nextNumber()
                ItemNumbers.assign(&writes, next: &next)
                try await db.setNextNumber(next)
                // Each project once, then one statement per new item.
                var projects: [String: Int] = [:]
                for name in Set(writes.compactMap { $0.replacing == nil ? $0.item.project?.name : nil }) {
                    projects[name] = try await db.projectID(Project(name: name))
                }
                var added: [UUID] = []
                for write in writes {
                    if let old = write.replacing {
                        try await db.save(write.item, replacing: old)
                    } else {
                        try await db.insert(write.item, projectID: write.item.project.flatMap { projects[$0.name] })
                        added.append(write.item.id)
                    }
                }
                // One id, one place: a trashed copy gives way to the imported item (TRASH-8).
                if !added.isEmpty {
                    try await db.run(
                        "DELETE FROM \(unescaped: t.trash) WHERE owner = \(db.owner) AND id = ANY(\(added))")
                }
                try await PostgresChangeRecord.unmute(
                    db.connection, schema: schema, recording: .many, owner: db.owner)
            }
            return plan.summary
        }
        // One transaction: a failure anywhere leaves the database as it was.
        if dryRun { return try await read(body) }
        return try await write(body)
    }

    // MARK: - The Trash (docs/specs/trash.md)

    public func trash() async throws -> [TrashedItem] {
        let now = environment.now()
        return try await write { db in
            try await db.purge(now: now)
            var sql = db.ownRows(PostgresItemColumn.trashSelect(t))
            sql.append(" ORDER BY deleted_at DESC, id")
            return try await db.trashed(sql)
        }
    }

    public func restore(id: UUID) async throws -> TodoItem? {
        let now = environment.now()
        return try await write { db in
            try await db.purge(now: now)
            var find = db.ownRows(PostgresItemColumn.trashSelect(t))
            find.and("id = \(find.bind(id))")
            guard let trashed = try await db.trashed(find).first?.item else { return nil }
            let former = trashed.position, done = trashed.isDone
            var takenSQL = db.ownRows("SELECT EXISTS (SELECT 1 FROM \(t.item)")
            takenSQL.and("is_done = \(takenSQL.bind(done)) AND position = \(takenSQL.bind(former)))")
            let taken = try await db.rows(takenSQL, as: Bool.self).first ?? false
            var aboveSQL = db.ownRows("SELECT MIN(position) FROM \(t.item)")
            aboveSQL.and("is_done = \(aboveSQL.bind(done)) AND position > \(aboveSQL.bind(former))")
            let nextAbove = try await db.rows(aboveSQL, as: Double?.self).first ?? nil
            var position = TrashRules.restoredPosition(former: former, taken: taken, nextAbove: nextAbove)
            if position == nil {
                // No number fits right after the item now at its place: respace, leaving a gap there.
                var indexSQL = db.ownRows("SELECT COUNT(*)::bigint FROM \(t.item)")
                indexSQL.and("is_done = \(indexSQL.bind(done)) AND position <= \(indexSQL.bind(former))")
                let index = try await db.int(indexSQL) ?? 0
                position = try await db.respace(done: done, leavingGapAt: index, for: id)
            }
            let item = TrashRules.restored(trashed, at: position ?? former, now: now)
            // The item first, then its trashed copy: the record of changes tells a restore from
            // a new item by the copy still being there (LIVE-7).
            try await db.insert(item)
            try await db.run("DELETE FROM \(unescaped: t.trash) WHERE owner = \(db.owner) AND id = \(id)")
            return item
        }
    }

    public func deleteForever(id: UUID) async throws -> Bool {
        try await write { db in
            try await db.count("""
                WITH gone AS (DELETE FROM \(unescaped: t.trash) WHERE owner = \(db.owner) AND id = \(id) RETURNING 1)
                SELECT COUNT(*)::bigint FROM gone
                """) > 0
        }
    }

    @discardableResult
    public func emptyTrash() async throws -> Int {
        try await write { db in
            try await db.count("""
                WITH gone AS (DELETE FROM \(unescaped: t.trash) WHERE owner = \(db.owner) RETURNING 1)
                SELECT COUNT(*)::bigint FROM gone
                """)
        }
    }

    @discardableResult
    public func purgeTrash() async throws -> Int {
        let now = environment.now()
        return try await write { db in try await db.purge(now: now) }
    }

    // MARK: - SQL

    static let displayOrder = " ORDER BY i.is_done, i.position, i.id"
    static let indexOrder = " ORDER BY is_done, position, id"

    // MARK: - Access

    private func read<T: Sendable>(_ body: @escaping @Sendable (Connection) async throws -> T) async throws -> T {
        let t = self.t, owner = self.owner
        return try await database.transaction(readOnly: true) { connection in
            try await body(Connection(connection, t, owner: owner.key))
        }
    }

    /// A write: its transaction first takes the owner's write lock (`PostgresTodoDatabase.write(of:)`).
    private func write<T: Sendable>(_ body: @escaping @Sendable (Connection) async throws -> T) async throws -> T {
        try await database.write(of: owner, body)
    }
}

extension PostgresTodoDatabase {
    /// A write of `owner`'s (their store's, or CalDAV's records of their lists): its transaction
    /// first takes the owner's write lock (their counter's row, made on an account's first
    /// write), so one owner's writes take turns; other owners' don't wait.
    func write<T: Sendable>(of owner: ListOwner, _ body: @escaping @Sendable (Connection) async throws -> T) async throws -> T {
        let t = PostgresTodoStore.Tables(schema: schema)
        return try await transaction(readOnly: false) { connection in
            let lock: PostgresQuery = "SELECT next FROM \(unescaped: t.counter) WHERE owner = \(owner.key) FOR UPDATE"
            let logger = PostgresTodoDatabase.logger
            var hasRow = try await !connection.query(lock, logger: logger).collect().isEmpty
            if !hasRow {
                // An account's first write makes its row, tied to the account: removing the
                // account removes it, and with it the owner's items, projects and Trash (OWNER-8).
                // An owner that is no account (any more) gets none: nothing of theirs exists,
                // and what would add something is refused (`Connection.nextNumber`).
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
    mutating func whereClause(_ filter: TodoFilter, _ t: PostgresTodoStore.Tables, owner: String) {
        if let project = filter.project {
            and("i.project_id = (SELECT id FROM \(t.project) WHERE owner = \(bind(owner)) AND name = \(bind(project)))")
        }
        if let dueDate = filter.dueDate {
            and("i.due_date = \(bind(dueDate.iso))::date")
        }
        if filter.unfinishedOnly { and("NOT i.is_done") }
        if let due = filter.due {
            switch due {
            case .todayWithOverdue(let today):
                let day = bind(today.iso)
                and("i.due_date <= \(day)::date AND (i.due_date = \(day)::date OR NOT i.is_done)")
            case .overdue(let before):
                and("i.due_date < \(bind(before.iso))::date AND NOT i.is_done")
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

/// One connection inside a store's transaction, with the store's statements.
struct Connection: Sendable {
    let connection: PostgresConnection
    let t: PostgresTodoStore.Tables
    /// The owner's key (`ListOwner.key`): every statement reads and writes their rows only.
    let owner: String
    /// Whether the owner has their row of the number counter (in a write: locked): false for
    /// an owner that is no account (any more), who has nothing and can add nothing.
    let hasOwner: Bool

    init(_ connection: PostgresConnection, _ t: PostgresTodoStore.Tables, owner: String, hasOwner: Bool = true) {
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

    func rows<each Column: PostgresDecodable>(_ sql: SQL, as type: (repeat each Column).Type) async throws
        -> [(repeat each Column)]
    {
        try await run(sql.query).map { try $0.decode(type) }
    }

    func int(_ sql: SQL) async throws -> Int? {
        try await run(sql.query).first?.decode(Int.self)
    }

    func count(_ query: PostgresQuery) async throws -> Int {
        try await run(query).first?.decode(Int.self) ?? 0
    }

    func items(_ sql: SQL) async throws -> [TodoItem] {
        try await run(sql.query).map { try PostgresItemRecord($0).item }
    }

    func item(id: UUID) async throws -> TodoItem? {
        var sql = selectItems()
        sql.and("i.id = \(sql.bind(id))")
        return try await items(sql).first
    }

    func trashed(_ sql: SQL) async throws -> [TrashedItem] {
        try await run(sql.query).map(PostgresItemRecord.trashed)
    }

    func count(_ filter: TodoFilter) async throws -> Int {
        var sql = ownRows("SELECT COUNT(*)::bigint FROM \(t.item) i", alias: "i")
        sql.whereClause(filter, t, owner: owner)
        return try await int(sql) ?? 0
    }

    func rowCount(done: Bool) async throws -> Int {
        var sql = ownRows("SELECT COUNT(*)::bigint FROM \(t.item)")
        sql.and("is_done = \(sql.bind(done))")
        return try await int(sql) ?? 0
    }

    func projects() async throws -> [Project] {
        try await rows(ownRows("SELECT name FROM \(t.project)"), as: String.self).map(Project.init(name:)).sorted()
    }

    /// Where a slice of a section starts: after `offset` rows, or after a row already shown.
    enum SliceStart: Sendable {
        case offset(Int)
        case after(UUID, number: Int)
    }

    /// `toDoCount`: the To Do rows of the list read, when the caller has counted them already.
    func listEntries(
        _ filter: TodoFilter, in section: TodoSection, from start: SliceStart, limit: Int, toDoCount: Int? = nil
    ) async throws -> [ListEntry] {
        guard limit > 0 else { return [] }
        let filter = filter.withBothSections
        let done = section == .done
        var sql = ownRows("SELECT \(PostgresListEntryColumn.selected) FROM \(t.item) i", alias: "i")
        sql.whereClause(filter, t, owner: owner)
        sql.and("i.is_done = \(sql.bind(done))")
        var offset = 0
        switch start {
        case .offset(let value): offset = value
        case .after(let id, _):
            sql.and("""
                (i.position, i.id) > (SELECT position, id FROM \(t.item) WHERE owner = \(sql.bind(owner)) AND id = \(sql.bind(id)))
                """)
        }
        sql.append(" ORDER BY i.position, i.id LIMIT \(sql.bind(limit)) OFFSET \(sql.bind(offset))")
        var projectNames: [Int: String] = [:]
        for (id, name) in try await rows(ownRows("SELECT id, name FROM \(t.project)"), as: (Int, String).self) {
            projectNames[id] = name
        }
        // Numbers run on from the slice's start: a row's place in the list it was read from.
        var number: Int
        switch start {
        case .offset(let offset):
            var before = 0
            if done {
                if let toDoCount {
                    before = toDoCount
                } else {
                    var toDo = filter
                    toDo.unfinishedOnly = true
                    before = try await count(toDo)
                }
            }
            number = before + offset
        case .after(_, let after): number = after
        }
        var entries: [ListEntry] = []
        for row in try await run(sql.query) {
            number += 1
            entries.append(try PostgresListEntryColumn.entry(row, number: number, isDone: done, projectNames: projectNames))
        }
        return entries
    }

    // MARK: Writes

    func insert(_ draft: TodoDraft, id: UUID, now: Date) async throws -> TodoItem {
        var position = draft.position ?? 0
        if draft.position == nil { position = try await placeAtEdge(done: draft.isDone, first: true, for: id) }
        var item = TodoItem(draft: draft, id: id, position: position, now: now)
        item.number = try await takeNumbers(count: 1)
        try await insert(item)
        return item
    }

    func takeNumbers(count: Int) async throws -> Int {
        let next = try await nextNumber()
        try await setNextNumber(next + count)
        return next
    }

    func nextNumber() async throws -> Int {
        try requireOwner()
        return try await self.count("SELECT next FROM \(unescaped: t.counter) WHERE owner = \(owner)")
    }

    func setNextNumber(_ next: Int) async throws {
        try await run("UPDATE \(unescaped: t.counter) SET next = \(next) WHERE owner = \(owner)")
    }

    func linkedOccurrence(of id: UUID) async throws -> TodoItem? {
        guard let link = try await run(
            "SELECT next_occurrence_id FROM \(unescaped: t.item) WHERE owner = \(owner) AND id = \(id)")
            .first?.decode(UUID?.self)
        else { return nil }
        return try await item(id: link)
    }

    /// `Repeats` after `before` became `after` by a check or an uncheck, inside that write's
    /// transaction: checking creates the next occurrence, unchecking the same day removes it.
    func applyRepeats(_ before: TodoItem, _ after: TodoItem, now: Date, environment: TodoEnvironment) async throws {
        let linked = try await linkedOccurrence(of: after.id)
        if after.isDone {
            guard Repeats.spawnsOccurrence(after, linked: linked),
                  let draft = Repeats.nextOccurrence(of: after, today: CalendarDate(now, in: environment.timeZone))
            else { return }
            let occurrence = try await insert(try draft.validated(), id: environment.makeID(), now: now)
            try await run(
                "UPDATE \(unescaped: t.item) SET next_occurrence_id = \(occurrence.id) WHERE owner = \(owner) AND id = \(after.id)")
        } else if let linked,
                  Repeats.uncheckRemoves(linked, checked: before, now: now, timeZone: environment.timeZone)
        {
            try await run("DELETE FROM \(unescaped: t.item) WHERE owner = \(owner) AND id = \(linked.id)")
            try await dropProjectIfUnused(linked.project)
            try await run("UPDATE \(unescaped: t.item) SET next_occurrence_id = NULL WHERE owner = \(owner) AND id = \(after.id)")
        }
    }

    func edgePosition(done: Bool, first: Bool) async throws -> Double? {
        var sql = ownRows("SELECT \(first ? "MIN" : "MAX")(position) FROM \(t.item)")
        sql.and("is_done = \(sql.bind(done))")
        return try await rows(sql, as: Double?.self).first ?? nil
    }

    /// The position for the item `id` placed first or last in a section (HARDEN-9 as SQLite's).
    func placeAtEdge(done: Bool, first: Bool, for id: UUID) async throws -> Double {
        let edge = try await edgePosition(done: done, first: first)
        let place = first ? Ordering.before(edge) : Ordering.after(edge)
        if TodoRules.comfortablePositions.contains(place) { return place }
        return try await respace(done: done, leavingGapAt: first ? 0 : .max, for: id)!
    }

    func respaceIfFarOut(done: Bool) async throws {
        guard let first = try await edgePosition(done: done, first: true),
              let last = try await edgePosition(done: done, first: false),
              !TodoRules.comfortablePositions.contains(first) || !TodoRules.comfortablePositions.contains(last)
        else { return }
        try await respace(done: done)
    }

    /// Evenly respaces a section, keeping its order, in one statement. With `index`, leaves a
    /// free place there (at most the end) for the item `id`, which is left out, and returns it.
    @discardableResult
    func respace(done: Bool, leavingGapAt index: Int? = nil, for id: UUID? = nil) async throws -> Double? {
        var sql = ownRows("SELECT id FROM \(t.item)")
        sql.and("is_done = \(sql.bind(done))")
        if let id { sql.append(" AND id <> \(sql.bind(id))") }
        sql.append(" ORDER BY position, id")
        let ids = try await rows(sql, as: UUID.self)
        let gap = index.map { min(max($0, 0), ids.count) }
        let positions = Ordering.respaced(count: ids.count + (gap == nil ? 0 : 1))
        let placed = ids.indices.map { index in positions[gap.map { index < $0 ? index : index + 1 } ?? index] }
        try await run("""
            UPDATE \(unescaped: t.item) AS i SET position = v.position
            FROM unnest(\(ids)::uuid[], \(placed)::float8[]) AS v(id, position) WHERE i.owner = \(owner) AND i.id = v.id
            """)
        return gap.map { positions[$0] }
    }

    func projectID(_ project: Project?) async throws -> Int? {
        guard let name = project?.name else { return nil }
        try await run(
            "INSERT INTO \(unescaped: t.project) (owner, name) VALUES (\(owner), \(name)) ON CONFLICT (owner, name) DO NOTHING")
        return try await run("SELECT id FROM \(unescaped: t.project) WHERE owner = \(owner) AND name = \(name)")
            .first?.decode(Int.self)
    }

    func dropProjectIfUnused(_ project: Project?) async throws {
        guard let name = project?.name else { return }
        try await run("""
            DELETE FROM \(unescaped: t.project) p WHERE p.owner = \(owner) AND p.name = \(name)
            AND NOT EXISTS (SELECT 1 FROM \(unescaped: t.item) i WHERE i.owner = p.owner AND i.project_id = p.id)
            """)
    }

    /// `projectID`: the item's project's id when the caller has it already.
    func insert(_ item: TodoItem, projectID known: Int? = nil) async throws {
        let project = if let known { known } else { try await projectID(item.project) }
        try await run(PostgresItemColumn.insert(t, owner: owner, item, projectID: project).query)
    }

    func save(_ item: TodoItem, replacing old: TodoItem) async throws {
        let project = try await projectID(item.project)
        try await run(PostgresItemColumn.update(t, owner: owner, item, projectID: project).query)
        if old.project != item.project { try await dropProjectIfUnused(old.project) }
    }

    /// Deletes forever what was deleted 30 days ago or more, through the `deleted_at` index.
    @discardableResult
    func purge(now: Date) async throws -> Int {
        let cutoff = Timestamp.milliseconds(TrashRules.purgeCutoff(now: now))
        return try await count(
            """
            WITH gone AS (DELETE FROM \(unescaped: t.trash) WHERE owner = \(owner) AND deleted_at <= \(cutoff) RETURNING 1)
            SELECT COUNT(*)::bigint FROM gone
            """)
    }
}

import Foundation
import GRDB
import TodoCore

/// The `TodoStore` kept in SQLite through GRDB: the app's default, on disk.
///
/// Every write is one transaction that reads at most the two neighbours it needs and writes
/// the item's own row (see `Ordering`), so its cost does not grow with the list.
///
/// A store is one owner's (docs/specs/sharing.md, OWNER-1…): every statement it runs keeps to
/// that owner's rows, so another owner's items, projects, numbers and Trash can't be read,
/// changed or guessed through it; an id of theirs answers as an unknown one.
public struct SQLiteTodoStore: TodoStore {
    public let database: AppDatabase
    private let environment: TodoEnvironment
    /// Whose items these are: the key stored with every row (`ListOwner.key`).
    public let owner: ListOwner
    private var mine: String { owner.key }

    /// - Parameter owner: whose list to read and write; the local list (one-person mode) by default.
    public init(database: AppDatabase, environment: TodoEnvironment, owner: ListOwner = .local) {
        self.database = database
        self.environment = environment
        self.owner = owner
    }

    // MARK: Reads

    public func items(_ filter: TodoFilter) async throws -> [TodoItem] {
        try await database.read { db in
            let (whereSQL, arguments) = whereClause(filter)
            return try Self.fetchItems(db, sql: ItemColumn.select + whereSQL + Self.displayOrder, arguments: arguments)
        }
    }

    public func items(_ filter: TodoFilter, after cursor: ListCursor?, limit: Int) async throws -> [TodoItem] {
        guard limit > 0 else { return [] }
        return try await database.read { db in
            var (whereSQL, arguments) = whereClause(filter)
            if let cursor {
                // A row value comparison: SQLite continues through the section index.
                whereSQL += " AND (i.isDone, i.position, i.id) > (?, ?, ?)"
                _ = arguments.append(contentsOf: [cursor.isDone, cursor.position, Self.key(cursor.id)])
            }
            _ = arguments.append(contentsOf: [limit])
            return try Self.fetchItems(db, sql: ItemColumn.select + whereSQL + Self.displayOrder + " LIMIT ?", arguments: arguments)
        }
    }

    public func count(_ filter: TodoFilter) async throws -> Int {
        try await database.read { db in try count(db, filter) }
    }

    public func item(id: UUID) async throws -> TodoItem? {
        try await database.read { db in try fetchItem(db, id: id) }
    }

    public func item(number: Int) async throws -> TodoItem? {
        try await database.read { db in
            try ItemRecord.fetchOne(
                db.cachedStatement(sql: ItemColumn.select + " WHERE i.owner = ? AND i.number = ?"), arguments: [mine, number]
            )?.item
        }
    }

    public func nextOccurrence(of id: UUID) async throws -> TodoItem? {
        try await database.read { db in try linkedOccurrence(db, of: id) }
    }

    public func item(atOffset offset: Int) async throws -> TodoItem? {
        guard offset >= 0 else { return nil }
        return try await database.read { db in
            // Skip rows through the section index alone (no table row, no join), then read one item.
            try ItemRecord.fetchOne(
                db,
                sql: ItemColumn.select + " WHERE i.owner = ? AND i.id = (SELECT id FROM todoItem WHERE owner = ?"
                    + Self.indexOrder + " LIMIT 1 OFFSET ?)",
                arguments: [mine, mine, offset]
            )?.item
        }
    }

    public func items(idPrefix prefix: String, limit: Int) async throws -> [TodoItem] {
        let prefix = prefix.lowercased()
        // Ids are lower-case hex and dashes; anything else matches nothing (and keeps GLOB literal).
        guard prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }), limit > 0 else { return [] }
        return try await database.read { db in
            try ItemRecord.fetchAll(
                db, sql: ItemColumn.select + " WHERE i.owner = ? AND i.id GLOB ?" + Self.displayOrder + " LIMIT ?",
                arguments: [mine, prefix + "*", limit]
            ).map(\.item)
        }
    }

    public func listEntries(_ filter: TodoFilter, in section: TodoSection, offset: Int, limit: Int) async throws
        -> [ListEntry]
    {
        try await listEntries(filter, in: section, from: .offset(max(offset, 0)), limit: limit)
    }

    public func listEntries(_ filter: TodoFilter, in section: TodoSection, after entry: ListEntry, limit: Int)
        async throws -> [ListEntry]
    {
        try await listEntries(filter, in: section, from: .after(Self.key(entry.id), number: entry.number), limit: limit)
    }

    /// Where a slice of a section starts: after `offset` rows, or after a row already shown.
    private enum SliceStart: Sendable {
        case offset(Int)
        case after(String, number: Int)
    }

    private func listEntries(_ filter: TodoFilter, in section: TodoSection, from start: SliceStart, limit: Int)
        async throws -> [ListEntry]
    {
        try await database.read { db in try listEntries(db, filter, in: section, from: start, limit: limit) }
    }

    public func listPage(_ filter: TodoFilter, sections: [TodoSection], page: Int, rowsPerSection: Int?) async throws
        -> ListPage
    {
        try await database.read { db in
            let total = try count(db, filter.withBothSections)
            var toDo = filter
            toDo.unfinishedOnly = true
            let toDoCount = try count(db, toDo)
            let layout = ListPage.layout(
                sections: sections, total: total, toDo: toDoCount, page: page, rowsPerSection: rowsPerSection)
            var entries: [TodoSection: [ListEntry]] = [:]
            for slice in layout.slices {
                entries[slice.section] = try listEntries(
                    db, filter, in: slice.section, from: .offset(slice.offset), limit: slice.limit, toDoCount: toDoCount)
            }
            return layout.page(total: total, entries: entries, projects: try projects(db))
        }
    }

    private func count(_ db: Database, _ filter: TodoFilter) throws -> Int {
        if filter.isWholeList { return try sectionCount(db, doneToo: !filter.unfinishedOnly) }
        let (whereSQL, arguments) = whereClause(filter)
        return try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM todoItem i" + whereSQL), arguments: arguments) ?? 0
    }

    /// `toDoCount`: the To Do rows of the list read, when the caller has counted them already.
    private func listEntries(
        _ db: Database, _ filter: TodoFilter, in section: TodoSection, from start: SliceStart, limit: Int,
        toDoCount: Int? = nil
    ) throws -> [ListEntry] {
        guard limit > 0 else { return [] }
        let filter = filter.withBothSections
        let unfiltered = filter.isWholeList
        let done = section == .done
        var (whereSQL, arguments) = whereClause(filter)
        // A search reads its matches by rowid and sorts them: scanning the section for them
        // would read every row of it to find a few (`+` keeps SQLite off the section index).
        whereSQL += SQLiteFilter.readsSearchIndex(filter) ? " AND +i.isDone = ?" : " AND i.isDone = ?"
        _ = arguments.append(contentsOf: [done])
        // The slice starts at a row found through the section index alone: OFFSET would
        // read (and drop) every skipped row's table entry. (A filtered section keeps OFFSET:
        // it is short, and its rows are not contiguous in that index.)
        var offsetSQL = "", offsetArgument: Int?
        switch start {
        case .offset(let offset) where offset > 0 && unfiltered:
            whereSQL += " AND (i.position, i.id) >= (SELECT position, id FROM todoItem WHERE owner = ? AND isDone = ?"
                + " ORDER BY position, id LIMIT 1 OFFSET ?)"
            _ = arguments.append(contentsOf: [mine, done, offset])
        case .offset(let offset):
            (offsetSQL, offsetArgument) = (" OFFSET ?", offset)
        case .after(let id, _):
            whereSQL += " AND (i.position, i.id) > (SELECT position, id FROM todoItem WHERE owner = ? AND id = ?)"
            _ = arguments.append(contentsOf: [mine, id])
        }
        _ = arguments.append(contentsOf: [limit] + (offsetArgument.map { [$0] } ?? []))
        // Only the columns a row shows (`ListEntryColumn`), read as SQLite steps through them.
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: "SELECT " + ListEntryColumn.selected + " FROM todoItem i" + whereSQL
                    + " ORDER BY i.position, i.id LIMIT ?" + offsetSQL),
            arguments: arguments)
        var entries: [ListEntry] = []
        entries.reserveCapacity(min(limit, 100_000))
        let projectNames = try projectNames(db)
        // Numbers run on from the slice's start: a row's place in the list it was read from,
        // the full list or the filtered one (counting, per row, the full list's rows a filtered
        // row skips cost a search or Today more than reading its rows).
        var number = switch start {
        case .offset(let offset): try rowsBefore(db, section, filter, toDoCount: toDoCount) + offset
        case .after(_, let number): number
        }
        while let row = try rows.next() {
            number += 1
            entries.append(try ListEntryRecord.entry(row, number: number, isDone: done, projectNames: projectNames))
        }
        return entries
    }

    /// Project names by id, read once: the rows carry only the id (in the section index), and
    /// a look-up per row in the project table cost `todo list` a third more at 10,000 items.
    private func projectNames(_ db: Database) throws -> [Int64: String] {
        var names: [Int64: String] = [:]
        let projects = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT id, name FROM project WHERE owner = ?"), arguments: [mine])
        while let project = try projects.next() { names[project[0]] = project[1] }  // id, name
        return names
    }

    /// The rows before `section` in the list `filter` reads: every To Do row of it, for Done
    /// (`toDoCount` when the caller has counted them already).
    private func rowsBefore(_ db: Database, _ section: TodoSection, _ filter: TodoFilter, toDoCount: Int?) throws -> Int {
        guard section == .done else { return 0 }
        if let toDoCount { return toDoCount }
        var toDo = filter
        toDo.unfinishedOnly = true
        return try count(db, toDo)
    }

    public func projects() async throws -> [Project] {
        try await database.read { db in try projects(db) }
    }

    /// By `Project`'s order. SQLite's case-insensitive order comes close to it, so the
    /// (costly, locale-aware) comparisons of the final sort are few.
    private func projects(_ db: Database) throws -> [Project] {
        try String.fetchAll(
            db.cachedStatement(sql: "SELECT name FROM project WHERE owner = ? ORDER BY name COLLATE NOCASE"), arguments: [mine]
        ).map(Project.init(name:)).sorted()
    }

    // MARK: Writes

    public func add(_ draft: TodoDraft) async throws -> TodoItem {
        let draft = try draft.validated()
        let id = environment.makeID()
        let now = environment.now()
        return try await database.write { db in
            try insert(db, draft, id: id, now: now)
        }
    }

    /// Stores a new item made from a validated draft: placed, numbered, inserted.
    private func insert(_ db: Database, _ draft: TodoDraft, id: UUID, now: Date) throws -> TodoItem {
        let position = try draft.position ?? placeAtEdge(db, done: draft.isDone, first: true, for: id)
        var item = TodoItem(draft: draft, id: id, position: position, now: now)
        item.number = try takeNumbers(db, count: 1)
        try insert(db, item)
        return item
    }

    /// Reserves `count` stable numbers and returns the first (`ItemNumbers`).
    private func takeNumbers(_ db: Database, count: Int) throws -> Int {
        let next = try nextNumber(db)
        try setNextNumber(db, next + count)
        return next
    }

    /// The owner's next number: 1 until their first item (a row per owner, made then).
    private func nextNumber(_ db: Database) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT next FROM itemNumberCounter WHERE owner = ?"), arguments: [mine]) ?? 1
    }

    private func setNextNumber(_ db: Database, _ next: Int) throws {
        try db.cachedStatement(sql: """
            INSERT INTO itemNumberCounter (owner, next) VALUES (?, ?) ON CONFLICT (owner) DO UPDATE SET next = excluded.next
            """).execute(arguments: [mine, next])
    }

    /// The occurrence the item `id`'s check created, while it exists (`Repeats`).
    private func linkedOccurrence(_ db: Database, of id: UUID) throws -> TodoItem? {
        guard let link = try String.fetchOne(
            db.cachedStatement(sql: "SELECT nextOccurrenceId FROM todoItem WHERE owner = ? AND id = ?"),
            arguments: [mine, Self.key(id)]),
            let linkID = UUID(text: link)
        else { return nil }
        return try fetchItem(db, id: linkID)
    }

    /// `Repeats` after `before` became `after` by a check or an uncheck, inside that write's
    /// transaction: checking creates the next occurrence, unchecking the same day removes it.
    private func applyRepeats(_ db: Database, _ before: TodoItem, _ after: TodoItem, now: Date) throws {
        let linked = try linkedOccurrence(db, of: after.id)
        if after.isDone {
            guard Repeats.spawnsOccurrence(after, linked: linked),
                  let draft = Repeats.nextOccurrence(of: after, today: CalendarDate(now, in: environment.timeZone))
            else { return }
            let occurrence = try insert(db, try draft.validated(), id: environment.makeID(), now: now)
            try db.execute(
                sql: "UPDATE todoItem SET nextOccurrenceId = ? WHERE owner = ? AND id = ?",
                arguments: [Self.key(occurrence.id), mine, Self.key(after.id)])
        } else if let linked,
                  Repeats.uncheckRemoves(linked, checked: before, now: now, timeZone: environment.timeZone)
        {
            try db.execute(sql: "DELETE FROM todoItem WHERE owner = ? AND id = ?", arguments: [mine, Self.key(linked.id)])
            try dropProjectIfUnused(db, linked.project)
            try db.execute(
                sql: "UPDATE todoItem SET nextOccurrenceId = NULL WHERE owner = ? AND id = ?", arguments: [mine, Self.key(after.id)])
        }
    }

    public func update(id: UUID, _ changes: TodoChanges, expectedVersion: Int?) async throws -> TodoItem? {
        let changes = try changes.validated()
        let now = environment.now()
        return try await database.write { db in
            guard let current = try fetchItem(db, id: id) else { return nil }
            if let expectedVersion, expectedVersion != current.version {
                throw TodoStoreError.versionConflict(current: current)
            }
            guard var next = current.applying(changes, now: now) else { return current }
            if current.changesSection(changes), changes.position == nil {
                next.position = try placeAtEdge(db, done: next.isDone, first: next.isDone, for: id)
            }
            try save(db, next, replacing: current)
            if current.changesSection(changes) { try applyRepeats(db, current, next, now: now) }
            return next
        }
    }

    public func move(id: UUID, toIndex index: Int) async throws -> TodoItem? {
        let now = environment.now()
        return try await database.write { db in
            guard let current = try fetchItem(db, id: id) else { return nil }
            let done = current.isDone
            let others = try rowCount(db, done: done) - 1
            let index = min(max(index, 0), others)
            // The neighbours at the new place: the items at index-1 and index once this one is
            // left out. Read through the section index alone: the item's own place in the
            // section, then a window of three rows from where the neighbours start, without it.
            let place = try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM todoItem WHERE owner = ? AND isDone = ? AND (position, id) < (?, ?)",
                arguments: [mine, done, current.position, Self.key(id)]) ?? 0
            let start = max(index - 1, 0)
            let neighbours = try Row.fetchAll(
                db, sql: "SELECT position, id FROM todoItem WHERE owner = ? AND isDone = ? ORDER BY position, id LIMIT 3 OFFSET ?",
                arguments: [mine, done, start < place ? start : start + 1]
            ).filter { $0["id"] as String != Self.key(id) }.prefix(index == 0 ? 1 : 2).map { $0["position"] as Double }
            let previous = index > 0 ? neighbours.first : nil
            let next = index > 0 ? neighbours.dropFirst().first : neighbours.first
            if Ordering.isBetween(current.position, previous, next) { return current }
            var position = Ordering.between(previous, next)
            if position == nil {
                position = try AppDatabase.respace(db, owner: mine, done: done, leavingGapAt: index, for: Self.key(id))
            }
            guard let moved = current.applying(TodoChanges(position: position), now: now) else { return current }
            try save(db, moved, replacing: current)
            return moved
        }
    }

    public func delete(id: UUID, expectedVersion: Int?) async throws -> Bool {
        let now = environment.now()
        return try await database.write { db in
            guard let current = try fetchItem(db, id: id) else { return false }
            if let expectedVersion, expectedVersion != current.version {
                throw TodoStoreError.versionConflict(current: current)
            }
            // To the Trash (TRASH-1): the row as it is, its project by name, and when.
            try purge(db, now: now)
            try db.execute(sql: ItemColumn.copyToTrash, arguments: [Timestamp.milliseconds(now), mine, Self.key(id)])
            try db.execute(sql: "DELETE FROM todoItem WHERE owner = ? AND id = ?", arguments: [mine, Self.key(id)])
            try dropProjectIfUnused(db, current.project)
            return true
        }
    }

    public func deleteAll() async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM todoItem WHERE owner = ?; DELETE FROM project WHERE owner = ?", arguments: [mine, mine])
        }
    }

    public func importItems(_ items: [ImportedItem], dryRun: Bool) async throws -> ImportSummary {
        let now = environment.now()
        let body: @Sendable (Database) throws -> ImportSummary = { db in
            if !dryRun {
                // One change in the record for the whole import, not one per item (LIVE-7).
                try SQLiteChangeRecord.mute(db)
                // The plan places items next to the sections' edges: keep those exact (HARDEN-9).
                for done in [false, true] { try AppDatabase.respaceIfFarOut(db, owner: mine, done: done) }
            }
            // Ids are the owner's (OWNER-4): another owner's item with the same id is not this
            // list's, and the import makes a new item of the owner's beside it.
            var existing: [UUID: TodoItem] = [:]
            for entry in items {
                if let item = try fetchItem(db, id: entry.item.id) { existing[item.id] = item }
            }
            let plan = try ImportPlan(
                items, existing: existing,
                edges: ImportPlan.Edges(
                    firstToDo: try edgePosition(db, done: false, first: true),
                    lastToDo: try edgePosition(db, done: false, first: false),
                    firstDone: try edgePosition(db, done: true, first: true)),
                now: now)
            if !dryRun {
                var writes = plan.writes, next = try nextNumber(db)
                ItemNumbers.assign(&writes, next: &next)
                try setNextNumber(db, next)
                for write in writes {
                    if let old = write.replacing {
                        try save(db, write.item, replacing: old)
                    } else {
                        try insert(db, write.item)
                        // One id, one place: a trashed copy gives way to the imported item (TRASH-8).
                        try db.execute(
                            sql: "DELETE FROM trashedItem WHERE owner = ? AND id = ?", arguments: [mine, Self.key(write.item.id)])
                    }
                }
                try SQLiteChangeRecord.unmute(db, recording: .many, owner: mine)
            }
            return plan.summary
        }
        // One transaction: a failure anywhere leaves the database as it was. The file was
        // parsed before this point; while the transaction runs, other writers are told at once
        // that the list is busy instead of waiting for it (HARDEN-10e).
        if dryRun { return try await database.read(body) }
        return try await database.importing { try await database.write(body) }
    }

    // MARK: - Owners (docs/specs/sharing.md)

    /// OWNER-7: gives the local list (its items, projects, numbers counter and Trash) to `owner`,
    /// in one transaction, when `owner`'s list and Trash are empty; returns how many items it
    /// took (0, changing nothing, when the owner already has items or trashed items, or is
    /// the local list itself). The first account of a database calls it when it is made.
    public static func adoptLocalList(in database: AppDatabase, by owner: ListOwner) async throws -> Int {
        guard !owner.isLocal else { return 0 }
        let to = owner.key, local = ListOwner.local.key
        return try await database.write { db in
            let taken = try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM todoItem WHERE owner = ?) OR EXISTS (SELECT 1 FROM trashedItem WHERE owner = ?)
                """, arguments: [to, to]) ?? true
            guard !taken else { return 0 }
            // The items' project keys move with their projects: checked at the commit. The
            // owner's number counter (their numbers were never given again) keeps the higher.
            try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
            try db.execute(
                sql: """
                    DELETE FROM project WHERE owner = ?;
                    UPDATE project SET owner = ? WHERE owner = ?;
                    UPDATE trashedItem SET owner = ? WHERE owner = ?;
                    INSERT INTO itemNumberCounter (owner, next) SELECT ?, next FROM itemNumberCounter WHERE owner = ?
                        ON CONFLICT (owner) DO UPDATE SET next = max(next, excluded.next);
                    DELETE FROM itemNumberCounter WHERE owner = ?;
                    """,
                arguments: [to, to, local, to, local, to, local, local])
            // The section counts follow the items (their triggers).
            try db.execute(sql: "UPDATE todoItem SET owner = ? WHERE owner = ?", arguments: [to, local])
            return db.changesCount
        }
    }

    // MARK: - The Trash (docs/specs/trash.md)

    public func trash() async throws -> [TrashedItem] {
        let now = environment.now()
        return try await database.write { db in
            try purge(db, now: now)
            return try Array(
                TrashedItemRecord.fetchCursor(
                    db, sql: ItemColumn.trashSelect + " WHERE owner = ? ORDER BY deletedAt DESC, id", arguments: [mine]
                ).map(\.trashed))
        }
    }

    public func restore(id: UUID) async throws -> TodoItem? {
        let now = environment.now()
        return try await database.write { db in
            try purge(db, now: now)
            guard let trashed = try TrashedItemRecord.fetchOne(
                db, sql: ItemColumn.trashSelect + " WHERE owner = ? AND id = ?", arguments: [mine, Self.key(id)]
            )?.trashed.item
            else { return nil }
            let former = trashed.position, done = trashed.isDone
            let taken = try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM todoItem WHERE owner = ? AND isDone = ? AND position = ?)",
                arguments: [mine, done, former]) ?? false
            let nextAbove = try Double.fetchOne(
                db, sql: "SELECT MIN(position) FROM todoItem WHERE owner = ? AND isDone = ? AND position > ?",
                arguments: [mine, done, former])
            var position = TrashRules.restoredPosition(former: former, taken: taken, nextAbove: nextAbove)
            if position == nil {
                // No number fits right after the item now at its place: respace, leaving a gap there.
                let index = try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM todoItem WHERE owner = ? AND isDone = ? AND position <= ?",
                    arguments: [mine, done, former]) ?? 0
                position = try AppDatabase.respace(db, owner: mine, done: done, leavingGapAt: index, for: Self.key(id))
            }
            let item = TrashRules.restored(trashed, at: position ?? former, now: now)
            // The item first, then its trashed copy: the record of changes tells a restore from
            // a new item by the copy still being there (LIVE-7).
            try insert(db, item)
            try db.execute(sql: "DELETE FROM trashedItem WHERE owner = ? AND id = ?", arguments: [mine, Self.key(id)])
            return item
        }
    }

    public func deleteForever(id: UUID) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM trashedItem WHERE owner = ? AND id = ?", arguments: [mine, Self.key(id)])
            return db.changesCount > 0
        }
    }

    @discardableResult
    public func emptyTrash() async throws -> Int {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM trashedItem WHERE owner = ?", arguments: [mine])
            return db.changesCount
        }
    }

    @discardableResult
    public func purgeTrash() async throws -> Int {
        let now = environment.now()
        return try await database.write { db in try purge(db, now: now) }
    }

    /// Deletes forever what the owner deleted 30 days ago or more, through the `deletedAt` index.
    @discardableResult
    private func purge(_ db: Database, now: Date) throws -> Int {
        try db.execute(
            sql: "DELETE FROM trashedItem WHERE owner = ? AND deletedAt <= ?",
            arguments: [mine, Timestamp.milliseconds(TrashRules.purgeCutoff(now: now))])
        return db.changesCount
    }

    // MARK: - SQL

    private static let displayOrder = " ORDER BY i.isDone, i.position, i.id"
    /// The display order on the bare table: the `todoItem_section` index, covering.
    private static let indexOrder = " ORDER BY isDone, position, id"

    /// The conditions of `filter` on `todoItem i`, the owner's first: never empty.
    private func whereClause(_ filter: TodoFilter) -> (String, StatementArguments) {
        SQLiteFilter.whereClause(filter, owner: mine)
    }

    private static func key(_ id: UUID) -> String { id.lowercasedText }

    /// Decodes rows as SQLite steps through them: no copy of each row on the way. A row cursor
    /// with `ItemRecord(row:)`: GRDB's record cursor cost a long list 7 % more (release build).
    private static func fetchItems(_ db: Database, sql: String, arguments: StatementArguments) throws -> [TodoItem] {
        try Array(Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments).map { try ItemRecord(row: $0).item })
    }

    /// The owner's item `id`; nil for an unknown id, and for another owner's.
    private func fetchItem(_ db: Database, id: UUID) throws -> TodoItem? {
        let statement = try db.cachedStatement(sql: ItemColumn.select + " WHERE i.owner = ? AND i.id = ?")
        return try ItemRecord.fetchOne(statement, arguments: [mine, Self.key(id)])?.item
    }

    /// The first or last position of a section, straight from the index.
    private func edgePosition(_ db: Database, done: Bool, first: Bool) throws -> Double? {
        try Double.fetchOne(
            db.cachedStatement(sql: "SELECT \(first ? "MIN" : "MAX")(position) FROM todoItem WHERE owner = ? AND isDone = ?"),
            arguments: [mine, done])
    }

    /// The position for the item `id` placed first or last in a section: next to the edge, or,
    /// when that would leave the comfortable range (HARDEN-9), at that end of the respaced
    /// section.
    private func placeAtEdge(_ db: Database, done: Bool, first: Bool, for id: UUID) throws -> Double {
        let edge = try edgePosition(db, done: done, first: first)
        let place = first ? Ordering.before(edge) : Ordering.after(edge)
        if TodoRules.comfortablePositions.contains(place) { return place }
        return try AppDatabase.respace(db, owner: mine, done: done, leavingGapAt: first ? 0 : .max, for: Self.key(id))!
    }

    /// The owner's project `project`, made when they have none of that name (OWNER-3).
    private func projectID(_ db: Database, _ project: Project?) throws -> Int64? {
        guard let name = project?.name else { return nil }
        try db.cachedStatement(sql: "INSERT INTO project(owner, name) VALUES (?, ?) ON CONFLICT(owner, name) DO NOTHING")
            .execute(arguments: [mine, name])
        return try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT id FROM project WHERE owner = ? AND name = ?"), arguments: [mine, name])
    }

    private func dropProjectIfUnused(_ db: Database, _ project: Project?) throws {
        guard let name = project?.name else { return }
        try db.execute(
            sql: """
                DELETE FROM project WHERE owner = ? AND name = ?
                AND NOT EXISTS (SELECT 1 FROM todoItem WHERE owner = project.owner AND projectId = project.id)
                """,
            arguments: [mine, name])
    }

    private func insert(_ db: Database, _ item: TodoItem) throws {
        var arguments: StatementArguments = [mine]
        _ = arguments.append(contentsOf: ItemColumn.values(item, projectID: try projectID(db, item.project)))
        try db.cachedStatement(sql: ItemColumn.insert).execute(arguments: arguments)
    }

    private func save(_ db: Database, _ item: TodoItem, replacing old: TodoItem) throws {
        var arguments = ItemColumn.values(item, projectID: try projectID(db, item.project))
        _ = arguments.append(contentsOf: [mine, Self.key(item.id)])
        try db.cachedStatement(sql: ItemColumn.update).execute(arguments: arguments)
        if old.project != item.project { try dropProjectIfUnused(db, old.project) }
    }

    /// The rows of one section, from the counts the triggers keep.
    private func rowCount(_ db: Database, done: Bool) throws -> Int {
        try Int.fetchOne(
            db.cachedStatement(sql: "SELECT count FROM sectionCount WHERE owner = ? AND isDone = ?"), arguments: [mine, done]) ?? 0
    }

    /// The rows of To Do (and Done, with `doneToo`), from the counts the triggers keep.
    private func sectionCount(_ db: Database, doneToo: Bool) throws -> Int {
        try Int.fetchOne(
            db.cachedStatement(sql: "SELECT SUM(count) FROM sectionCount WHERE owner = ? AND isDone <= ?"),
            arguments: [mine, doneToo]) ?? 0
    }
}

import Foundation
import GRDB
import TodoCore

/// The record of changes in the Todo database file (table `change`, migration v9-changes;
/// docs/specs/live.md, LIVE-7 and LIVE-8).
///
/// Triggers write it in the transaction of each write, so every process on the file (the CLI,
/// other servers) leaves the same record, and a reader tells what changed, in which order,
/// without comparing lists. It keeps the latest `ChangeRetention.changes` changes for at most
/// `ChangeRetention.duration`: each new change removes up to two older ones past either limit.
/// The newest change is never removed, so a change's id (its rowid, one more than the newest)
/// only grows.
public struct SQLiteChangeRecord: ChangeRecord {
    public let database: AppDatabase

    public init(database: AppDatabase) { self.database = database }

    /// The time now in milliseconds, as SQLite computes it in a statement (the clock of every
    /// change's `at`).
    public static let now = "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"

    /// Migration v9-changes: the table as v9 made it, the switch that silences the triggers
    /// while one write changes many items (an import), and the triggers. History: v10 remade
    /// the table.
    static var v9: String {
        """
        CREATE TABLE change (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            owner TEXT NOT NULL \(Schema.ownerCheck("owner")),
            kind TEXT NOT NULL CHECK (kind IN (\(kinds))),
            list TEXT,
            item TEXT CHECK (item IS NULL OR length(item) = 36),
            person TEXT CHECK (person IS NULL OR length(person) = 36),
            origin TEXT CHECK (origin IS NULL OR length(origin) <= 64),
            at INTEGER NOT NULL
        );
        CREATE TABLE changeMute (id INTEGER PRIMARY KEY CHECK (id = 1));
        \(triggers(inboxLeft: false))
        """
    }

    /// Migration v10-change-origin: the table without the `origin` column nothing wrote
    /// (LIVE-6), and without AUTOINCREMENT, whose counter cost every write one more page: the
    /// newest change is never pruned, so the rowid alone goes on from it. The triggers name the
    /// table, so they go first and come back after it.
    static func v10(_ db: Database) throws {
        let old = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('change', 'todoItem', 'trashedItem', 'listShare') AND name GLOB 'change_*'")
        for name in old {
            try db.execute(sql: "DROP TRIGGER \(name.quotedDatabaseIdentifier)")
        }
        try db.execute(sql: """
            CREATE TABLE newChange (
                id INTEGER PRIMARY KEY,
                owner TEXT NOT NULL \(Schema.ownerCheck("owner")),
                kind TEXT NOT NULL CHECK (kind IN (\(kinds))),
                list TEXT,
                item TEXT CHECK (item IS NULL OR length(item) = 36),
                person TEXT CHECK (person IS NULL OR length(person) = 36),
                at INTEGER NOT NULL
            );
            INSERT INTO newChange (id, owner, kind, list, item, person, at)
                SELECT id, owner, kind, list, item, person, at FROM change;
            DROP TABLE change;
            ALTER TABLE newChange RENAME TO change;
            \(triggers(inboxLeft: false))
            """)
    }

    /// Migration v12-calendar-changes (docs/specs/caldav.md, DAV-24): an item that leaves the
    /// items without a list records that list's change too, as one that leaves a list always
    /// did, so that each calendar reads its own changes; and the index a calendar reads them by
    /// (`change_list`: owner, list, id).
    static func v12(_ db: Database) throws {
        try db.execute(sql: "DROP TRIGGER change_itemUpdated;\n" + itemUpdated(inboxLeft: true, content: Schema.contentColumnsV9)
            + "\nCREATE INDEX change_list ON change(owner, list, id);")
    }

    /// The triggers whose text follows the item's fields (`ItemField.all`), as this version
    /// writes them. A trigger keeps the text of the migration that made it: `refreshTriggers`
    /// makes it again when a field was added since, so a field's migration need not.
    static var currentTriggers: [(name: String, sql: String)] {
        [("change_itemUpdated", itemUpdated(inboxLeft: true, content: contentColumns))]
    }

    /// The columns of what a person wrote, but whether it is done (a check is told apart first).
    private static let contentColumns = ItemField.all.filter { $0 != .isDone }
        .flatMap { ItemColumn.columns(of: $0).map(\.itemColumn) }

    /// The triggers of `currentTriggers` whose text in the file is another (an older version's).
    static func outdatedTriggers(_ db: Database) throws -> [(name: String, sql: String)] {
        try currentTriggers.filter { name, sql in
            let stored = try String.fetchOne(
                db, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?", arguments: [name])
            // SQLite keeps a statement's text without its final semicolon.
            return stored != (sql.hasSuffix(";") ? String(sql.dropLast()) : sql)
        }
    }

    /// Makes the outdated triggers again, with this version's text.
    static func refreshTriggers(_ db: Database) throws {
        for (name, sql) in try outdatedTriggers(db) {
            try db.execute(sql: "DROP TRIGGER IF EXISTS \(name.quotedDatabaseIdentifier);\n" + sql)
        }
    }

    private static var kinds: String { ChangeKind.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ") }

    /// The table's pruning and the triggers that write it, as v9 and v10 made them (v12 made
    /// `change_itemUpdated` again, with `inboxLeft`).
    private static func triggers(inboxLeft: Bool) -> String {
        let kept = ChangeRetention.changes, keptFor = Int(ChangeRetention.duration * 1000)
        let unmuted = "NOT EXISTS (SELECT 1 FROM changeMute)"
        let list = { (row: String) in "(SELECT name FROM project WHERE id = \(row).projectId)" }
        return """
            CREATE TRIGGER change_pruned AFTER INSERT ON change BEGIN
                DELETE FROM change WHERE id IN (SELECT id FROM change ORDER BY id LIMIT 2)
                    AND (id <= NEW.id - \(kept) OR at < NEW.at - \(keptFor));
            END;
            CREATE TRIGGER change_itemAdded AFTER INSERT ON todoItem WHEN \(unmuted) BEGIN
                INSERT INTO change (owner, kind, list, item, at) VALUES (NEW.owner,
                    CASE WHEN EXISTS (SELECT 1 FROM trashedItem WHERE owner = NEW.owner AND id = NEW.id)
                        THEN 'restored' ELSE 'created' END,
                    \(list("NEW")), NEW.id, \(now));
            END;
            \(itemUpdated(inboxLeft: inboxLeft, content: Schema.contentColumnsV9))
            CREATE TRIGGER change_itemDeleted AFTER DELETE ON todoItem WHEN \(unmuted) BEGIN
                INSERT INTO change (owner, kind, list, item, at) VALUES (OLD.owner, 'deleted', \(list("OLD")), OLD.id, \(now));
            END;
            CREATE TRIGGER change_trashPurged AFTER DELETE ON trashedItem
                WHEN \(unmuted) AND NOT EXISTS (SELECT 1 FROM todoItem WHERE owner = OLD.owner AND id = OLD.id)
            BEGIN
                INSERT INTO change (owner, kind, list, item, at) VALUES (OLD.owner, 'purged', OLD.projectName, OLD.id, \(now));
            END;
            CREATE TRIGGER change_shared AFTER INSERT ON listShare BEGIN
                INSERT INTO change (owner, kind, list, person, at) VALUES (NEW.ownerId, 'shared', NEW.list, NEW.personId, \(now));
            END;
            CREATE TRIGGER change_shareChanged AFTER UPDATE ON listShare BEGIN
                INSERT INTO change (owner, kind, list, person, at) VALUES (NEW.ownerId, 'shared', NEW.list, NEW.personId, \(now));
            END;
            CREATE TRIGGER change_unshared AFTER DELETE ON listShare BEGIN
                INSERT INTO change (owner, kind, list, person, at) VALUES (OLD.ownerId, 'unshared', OLD.list, OLD.personId, \(now));
            END;
            """
    }

    /// The trigger that records an item's update: its change in the list it is in and, when it
    /// moved to another list, a change of the list it left; with `inboxLeft` also when it left
    /// the items without a list (before v12 only a project it left was recorded). `content`:
    /// the columns of what a person wrote (but `isDone`), which tell a move from a change.
    private static func itemUpdated(inboxLeft: Bool, content: [String]) -> String {
        let unmuted = "NOT EXISTS (SELECT 1 FROM changeMute)"
        let list = { (row: String) in "(SELECT name FROM project WHERE id = \(row).projectId)" }
        // What a person wrote is as it was: a change of place alone is a move.
        let sameContent = content.map { "OLD.\($0) IS NEW.\($0)" }.joined(separator: " AND ")
        let left = "OLD.projectId IS NOT NEW.projectId" + (inboxLeft ? "" : " AND OLD.projectId IS NOT NULL")
        return """
            CREATE TRIGGER change_itemUpdated AFTER UPDATE ON todoItem
                WHEN \(unmuted) AND (OLD.version IS NOT NEW.version OR OLD.position IS NOT NEW.position
                    OR OLD.isDone IS NOT NEW.isDone OR OLD.owner IS NOT NEW.owner)
            BEGIN
                INSERT INTO change (owner, kind, list, item, at) VALUES (NEW.owner,
                    CASE WHEN OLD.isDone IS NOT NEW.isDone THEN (CASE NEW.isDone WHEN 1 THEN 'checked' ELSE 'unchecked' END)
                        WHEN OLD.position IS NOT NEW.position AND \(sameContent) THEN 'moved' ELSE 'changed' END,
                    \(list("NEW")), NEW.id, \(now));
                -- Moved to another list: the list it left changed too.
                INSERT INTO change (owner, kind, list, item, at)
                    SELECT OLD.owner, 'changed', \(list("OLD")), OLD.id, \(now)
                    WHERE \(left);
            END;
            """
    }

    /// Silences the item triggers for the rest of the transaction's writes (an import).
    static func mute(_ db: Database) throws {
        try db.execute(sql: "INSERT OR IGNORE INTO changeMute (id) VALUES (1)")
    }

    /// Ends `mute` and records the one change that stands for the writes it silenced.
    static func unmute(_ db: Database, recording kind: ChangeKind, owner: String) throws {
        try db.execute(sql: "DELETE FROM changeMute")
        try record(db, kind, owner: owner)
    }

    /// Records a change a write makes that no trigger sees (an import's, CalDAV's records of an
    /// item), in the write's transaction; `change_pruned` keeps the table as for every change.
    static func record(_ db: Database, _ kind: ChangeKind, owner: String, list: String? = nil, item: UUID? = nil) throws {
        try db.cachedStatement(sql: "INSERT INTO change (owner, kind, list, item, at) VALUES (?, ?, ?, ?, \(now))")
            .execute(arguments: [owner, kind.rawValue, list, item?.lowercasedText])
    }

    public func latestChangeID() async throws -> Int64 {
        try await database.read { db in try Self.latest(db) }
    }

    public func changes(after id: Int64, limit: Int) async throws -> ChangesAfter {
        try await database.read { db in try Self.changes(db, after: id, limit: limit, owner: nil) }
    }

    /// The answer for the changes after `id` when no row needs reading: a gap when `id` is unknown
    /// or older than the table keeps, whoever's the changes are; none when it is the newest; nil
    /// when the changes after it are all kept.
    private static func unreadable(_ db: Database, after id: Int64) throws -> ChangesAfter? {
        let latest = try Self.latest(db)
        guard id >= 0, id <= latest else { return .gap }
        if id == latest { return .changes([]) }
        // Still kept: the change right after `id`, or an older one, is in the table.
        guard let oldest = try Int64.fetchOne(db, sql: "SELECT MIN(id) FROM change"), oldest <= id + 1 else {
            return .gap
        }
        return nil
    }

    /// The changes after `id`, oldest first, at most `limit`; `owner`'s only when one is given
    /// (read through the index `change_owner`). A gap when `id` is unknown, or older than the
    /// table keeps, whoever's the changes are.
    static func changes(_ db: Database, after id: Int64, limit: Int, owner: String?) throws -> ChangesAfter {
        if let answer = try unreadable(db, after: id) { return answer }
        let columns = "SELECT id, owner, kind, list, item, person, at FROM change"
        let rows = if let owner {
            try Row.fetchAll(
                db.cachedStatement(sql: columns + " WHERE owner = ? AND id > ? ORDER BY id LIMIT ?"),
                arguments: [owner, id, max(0, limit)])
        } else {
            try Row.fetchAll(
                db.cachedStatement(sql: columns + " WHERE id > ? ORDER BY id LIMIT ?"), arguments: [id, max(0, limit)])
        }
        return .changes(rows.compactMap(Self.change))
    }

    /// The changes of `owner`'s list `list` after `id` (nil: the items without a list;
    /// `ListChange.concerns(list:)`), oldest first, at most `limit`, read through `change_list`.
    static func changes(_ db: Database, after id: Int64, limit: Int, owner: String, list: String?) throws -> ChangesAfter {
        if let answer = try unreadable(db, after: id) { return answer }
        let sql = "SELECT id, owner, kind, list, item, person, at FROM change WHERE owner = ? AND \(listed(list))"
            + " AND id > ? ORDER BY id LIMIT ?"
        var arguments: StatementArguments = [owner]
        if let list { arguments += [list] }
        arguments += [id, max(0, limit)]
        let rows = try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
        return .changes(rows.compactMap(Self.change))
    }

    /// `latest(_:owner:)` for `owner`'s list `list`: the newest of the changes
    /// `changes(_:after:limit:owner:list:)` reads.
    static func latest(_ db: Database, owner: String, list: String?) throws -> Int64 {
        let sql = "SELECT COALESCE((SELECT MAX(id) FROM change WHERE owner = ? AND \(listed(list))),"
            + " (SELECT MIN(id) - 1 FROM change), 0)"
        var arguments: StatementArguments = [owner]
        if let list { arguments += [list] }
        return try Int64.fetchOne(db.cachedStatement(sql: sql), arguments: arguments) ?? 0
    }

    /// The condition of `ListChange.concerns(list:)` in SQL: the list's changes (for the items
    /// without a list, those about an item), and those that name no list (an import).
    private static func listed(_ list: String?) -> String {
        list == nil
            ? "list IS NULL AND (item IS NOT NULL OR kind = 'many')"
            : "(list = ? OR (list IS NULL AND kind = 'many'))"
    }

    /// The newest change to `owner`'s lists the table keeps, or when it keeps none of theirs the
    /// id just before its oldest change (0 when it keeps none): `CalendarResources.latestChange(of:)`.
    /// One statement, so both come from one moment; the first is one look-up in `change_owner`.
    static func latest(_ db: Database, owner: String) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: latestOfOwner), arguments: [owner]) ?? 0
    }

    static let latestOfOwner =
        "SELECT COALESCE((SELECT MAX(id) FROM change WHERE owner = ?), (SELECT MIN(id) - 1 FROM change), 0)"

    /// The newest id given, even when pruning has removed its row.
    private static func latest(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM change") ?? 0
    }

    private static func change(_ row: Row) -> ListChange? {
        guard let kind = ChangeKind(rawValue: row["kind"]) else { return nil }
        return ListChange(
            id: row["id"], kind: kind, owner: ListOwner(key: row["owner"]), list: row["list"],
            item: (row["item"] as String?).flatMap(UUID.init(uuidString:)),
            person: (row["person"] as String?).flatMap(UUID.init(uuidString:)),
            at: Date(timeIntervalSince1970: Double(row["at"] as Int64) / 1000))
    }
}

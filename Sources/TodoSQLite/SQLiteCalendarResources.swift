import Foundation
import GRDB
import TodoCore

/// CalDAV's records in the Todo database file (`CalendarResources`; docs/specs/caldav.md, DAV-6,
/// DAV-9, DAV-10, DAV-14, DAV-16, DAV-17): tables `calendarResource` and `calendarCollection`
/// (migration v11-caldav), beside the items, one set per owner.
///
/// `save` of a resource records its `changed` change in the same transaction, as the item
/// triggers record theirs (`SQLiteChangeRecord.record`). CTags and sync tokens are read from the
/// record of changes by owner (the index `change_owner`), so a change to an owner's list from any
/// door, in any process on the file, moves them.
///
/// A record goes with its item when the item leaves the Trash for good, and an account's with the
/// account (triggers of v11-caldav). `db copy` and the exports don't carry these tables.
public struct SQLiteCalendarResources: CalendarResources {
    public let database: AppDatabase

    public init(database: AppDatabase) { self.database = database }

    /// Migration v11-caldav: the two tables, the record of changes read by owner, and the
    /// triggers that forget a purged item's record and a removed account's records.
    static var v11: String {
        """
        CREATE TABLE calendarResource (
            owner TEXT NOT NULL \(Schema.ownerCheck("owner")),
            item TEXT NOT NULL CHECK (length(item) = 36 AND item = lower(item)),
            name TEXT NOT NULL CHECK (length(name) > 0),
            uid TEXT NOT NULL,
            kept TEXT NOT NULL,
            revision INTEGER NOT NULL CHECK (revision >= 1),
            PRIMARY KEY (owner, item)
        );
        CREATE INDEX calendarResource_name ON calendarResource(owner, name);
        CREATE TABLE calendarCollection (
            owner TEXT NOT NULL \(Schema.ownerCheck("owner")),
            segment TEXT NOT NULL CHECK (length(segment) > 0),
            list TEXT NOT NULL \(Schema.nameCheck("list", nullable: false)),
            color TEXT,
            sortOrder INTEGER,
            PRIMARY KEY (owner, segment),
            UNIQUE (owner, list)
        ) WITHOUT ROWID;
        CREATE INDEX change_owner ON change(owner, id);
        CREATE TRIGGER calendar_itemPurged AFTER DELETE ON trashedItem
            WHEN NOT EXISTS (SELECT 1 FROM todoItem WHERE owner = OLD.owner AND id = OLD.id)
        BEGIN
            DELETE FROM calendarResource WHERE owner = OLD.owner AND item = OLD.id;
        END;
        CREATE TRIGGER calendar_accountRemoved AFTER DELETE ON account BEGIN
            DELETE FROM calendarResource WHERE owner = OLD.id;
            DELETE FROM calendarCollection WHERE owner = OLD.id;
        END;
        """
    }

    // MARK: Resources

    public func resources(of owner: ListOwner, items: [UUID]) async throws -> [CalendarResource] {
        let keys = Array(Set(items.map(\.lowercasedText)))
        guard !keys.isEmpty else { return [] }
        return try await database.read { db in
            var found: [CalendarResource] = []
            // In slices: SQLite binds at most 32,766 values to a statement.
            for start in stride(from: 0, to: keys.count, by: 500) {
                let slice = keys[start..<min(start + 500, keys.count)]
                let marks = databaseQuestionMarks(count: slice.count)
                // Not a cached statement: one per slice size would fill the connection's cache.
                found += try Row.fetchAll(
                    db, sql: Self.select + " WHERE owner = ? AND item IN (\(marks))",
                    arguments: StatementArguments([owner.key] + Array(slice))
                ).compactMap(Self.resource)
            }
            return found
        }
    }

    public func resources(of owner: ListOwner, named name: String) async throws -> [CalendarResource] {
        try await database.read { db in
            try Row.fetchAll(db.cachedStatement(sql: Self.select + " WHERE owner = ? AND name = ?"), arguments: [owner.key, name])
                .compactMap(Self.resource)
        }
    }

    public func resources(of owner: ListOwner, uid: String) async throws -> [CalendarResource] {
        try await database.read { db in
            try Row.fetchAll(db.cachedStatement(sql: Self.select + " WHERE owner = ? AND uid = ?"), arguments: [owner.key, uid])
                .compactMap(Self.resource)
        }
    }

    public func save(_ resource: CalendarResource, owner: ListOwner, list: String?) async throws -> CalendarResource {
        try await database.write { db in
            let key = resource.item.lowercasedText
            let before = try Int.fetchOne(
                db.cachedStatement(sql: "SELECT revision FROM calendarResource WHERE owner = ? AND item = ?"),
                arguments: [owner.key, key])
            var stored = resource
            stored.revision = (before ?? 0) + 1
            try db.cachedStatement(sql: """
                INSERT INTO calendarResource (owner, item, name, uid, kept, revision) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (owner, item) DO UPDATE SET
                    name = excluded.name, uid = excluded.uid, kept = excluded.kept, revision = excluded.revision
                """).execute(arguments: [owner.key, key, stored.name, stored.uid, stored.kept, stored.revision])
            try SQLiteChangeRecord.record(db, .changed, owner: owner.key, list: list, item: resource.item)
            return stored
        }
    }

    @discardableResult
    public func forget(item: UUID, owner: ListOwner) async throws -> Bool {
        try await database.write { db in
            try db.cachedStatement(sql: "DELETE FROM calendarResource WHERE owner = ? AND item = ?")
                .execute(arguments: [owner.key, item.lowercasedText])
            return db.changesCount > 0
        }
    }

    // MARK: Collections

    public func collections(of owner: ListOwner) async throws -> [CalendarCollection] {
        try await database.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: "SELECT segment, list, color, sortOrder FROM calendarCollection WHERE owner = ? ORDER BY segment"),
                arguments: [owner.key]
            ).map { row in
                CalendarCollection(segment: row["segment"], list: row["list"], color: row["color"], order: row["sortOrder"])
            }
        }
    }

    public func save(_ collection: CalendarCollection, owner: ListOwner) async throws {
        try await database.write { db in
            // One record per list and per segment: the one it replaces goes first.
            try db.cachedStatement(sql: "DELETE FROM calendarCollection WHERE owner = ? AND (segment = ? OR list = ?)")
                .execute(arguments: [owner.key, collection.segment, collection.list])
            try db.cachedStatement(
                sql: "INSERT INTO calendarCollection (owner, segment, list, color, sortOrder) VALUES (?, ?, ?, ?, ?)"
            ).execute(arguments: [owner.key, collection.segment, collection.list, collection.color, collection.order])
        }
    }

    @discardableResult
    public func removeCollection(segment: String, owner: ListOwner) async throws -> Bool {
        try await database.write { db in
            try db.cachedStatement(sql: "DELETE FROM calendarCollection WHERE owner = ? AND segment = ?")
                .execute(arguments: [owner.key, segment])
            return db.changesCount > 0
        }
    }

    // MARK: Changes

    public func latestChange(of owner: ListOwner) async throws -> Int64 {
        try await database.read { db in try SQLiteChangeRecord.latest(db, owner: owner.key) }
    }

    public func changes(of owner: ListOwner, after id: Int64, limit: Int) async throws -> ChangesAfter {
        try await database.read { db in try SQLiteChangeRecord.changes(db, after: id, limit: limit, owner: owner.key) }
    }

    public func latestChange(of owner: ListOwner, list: String?) async throws -> Int64 {
        try await database.read { db in try SQLiteChangeRecord.latest(db, owner: owner.key, list: list) }
    }

    public func changes(of owner: ListOwner, list: String?, after id: Int64, limit: Int) async throws -> ChangesAfter {
        try await database.read { db in
            try SQLiteChangeRecord.changes(db, after: id, limit: limit, owner: owner.key, list: list)
        }
    }

    // MARK: Rows

    private static let select = "SELECT item, name, uid, kept, revision FROM calendarResource"

    private static func resource(_ row: Row) -> CalendarResource? {
        guard let item = UUID(text: row["item"]) else { return nil }
        return CalendarResource(item: item, name: row["name"], uid: row["uid"], kept: row["kept"], revision: row["revision"])
    }
}

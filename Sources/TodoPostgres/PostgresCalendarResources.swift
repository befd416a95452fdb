import Foundation
import PostgresNIO
import TodoCore

/// CalDAV's records in PostgreSQL (`CalendarResources`; docs/specs/caldav.md, DAV-6, DAV-9,
/// DAV-10, DAV-14, DAV-16, DAV-17): tables `calendar_resource` and `calendar_collection`
/// (migration 6), as SQLite keeps them (`SQLiteCalendarResources`).
///
/// Its writes take the owner's write lock as their store's writes do
/// (`PostgresTodoDatabase.write(of:)`), and `save` of a resource records its `changed` change in
/// the same transaction (`PostgresChangeRecord.record`): numbered under the change counter's row
/// lock, and notified to every instance on the schema, as every change is. An owner's rows hang
/// from their counter's row, so an account's removal takes them with it (OWNER-8); a record goes
/// with its item when the item leaves the Trash for good. `db copy` and the exports don't carry
/// these tables. Values travel as bound parameters only.
public struct PostgresCalendarResources: CalendarResources {
    public let database: PostgresTodoDatabase
    private let resource: String, collection: String

    public init(database: PostgresTodoDatabase) {
        self.database = database
        resource = database.table("calendar_resource")
        collection = database.table("calendar_collection")
    }

    /// Migration 6 (history once it has run; change it with a later migration).
    static func schema(_ S: PostgresSchema.Names) -> [String] {
        let ownerRow = "REFERENCES \(S.counter)(owner) ON DELETE CASCADE"
        return [
            """
            CREATE TABLE \(S.calendarResource) (
                owner text NOT NULL \(ownerRow),
                item uuid NOT NULL,
                name text NOT NULL CHECK (length(name) > 0),
                uid text NOT NULL,
                kept text NOT NULL,
                revision bigint NOT NULL CHECK (revision >= 1),
                PRIMARY KEY (owner, item)
            )
            """,
            "CREATE INDEX calendar_resource_name ON \(S.calendarResource) (owner, name)",
            """
            CREATE TABLE \(S.calendarCollection) (
                owner text NOT NULL \(ownerRow),
                segment text NOT NULL CHECK (length(segment) > 0),
                list text NOT NULL \(PostgresSchema.nameCheck("list", nullable: false)),
                color text,
                sort_order bigint,
                PRIMARY KEY (owner, segment),
                UNIQUE (owner, list)
            )
            """,
            // A calendar's CTag and sync token: the owner's newest change, one index look-up.
            "CREATE INDEX change_owner ON \(S.change) (owner, id)",
            // Gone from the Trash with no item of its id left: its record goes too.
            """
            CREATE FUNCTION \(S.schemaQuoted).calendar_item_purged() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF NOT EXISTS (SELECT 1 FROM \(S.item) WHERE owner = OLD.owner AND id = OLD.id) THEN
                    DELETE FROM \(S.calendarResource) WHERE owner = OLD.owner AND item = OLD.id;
                END IF;
                RETURN NULL;
            END
            $$
            """,
            """
            CREATE TRIGGER calendar_item_purged AFTER DELETE ON \(S.trash)
                FOR EACH ROW EXECUTE FUNCTION \(S.schemaQuoted).calendar_item_purged()
            """,
        ]
    }

    // MARK: Resources

    public func resources(of owner: ListOwner, items: [UUID]) async throws -> [CalendarResource] {
        guard !items.isEmpty else { return [] }
        let items = Array(Set(items))
        return try await database.run(
            "\(unescaped: select) WHERE owner = \(owner.key) AND item = ANY(\(items))"
        ).map(Self.resource)
    }

    public func resources(of owner: ListOwner, named name: String) async throws -> [CalendarResource] {
        // PostgreSQL's text can't hold a NUL, so no name does.
        guard !name.contains("\u{0}") else { return [] }
        return try await database.run("\(unescaped: select) WHERE owner = \(owner.key) AND name = \(name)").map(Self.resource)
    }

    public func resources(of owner: ListOwner, uid: String) async throws -> [CalendarResource] {
        guard !uid.contains("\u{0}") else { return [] }
        return try await database.run("\(unescaped: select) WHERE owner = \(owner.key) AND uid = \(uid)").map(Self.resource)
    }

    public func save(_ resource: CalendarResource, owner: ListOwner, list: String?) async throws -> CalendarResource {
        try Self.refuseNUL([resource.name, resource.uid, resource.kept, list ?? ""])
        let table = self.resource, schema = database.schema
        return try await database.write(of: owner) { db in
            try db.requireOwner()
            let revision = try await db.run("""
                INSERT INTO \(unescaped: table) AS r (owner, item, name, uid, kept, revision)
                VALUES (\(owner.key), \(resource.item), \(resource.name), \(resource.uid), \(resource.kept), 1)
                ON CONFLICT (owner, item) DO UPDATE SET
                    name = excluded.name, uid = excluded.uid, kept = excluded.kept, revision = r.revision + 1
                RETURNING r.revision
                """).first?.byName.decode("revision") ?? 1
            try await PostgresChangeRecord.record(
                db.connection, schema: schema, .changed, owner: owner.key, list: list, item: resource.item)
            var stored = resource
            stored.revision = revision
            return stored
        }
    }

    @discardableResult
    public func forget(item: UUID, owner: ListOwner) async throws -> Bool {
        try await !database.run(
            "DELETE FROM \(unescaped: resource) WHERE owner = \(owner.key) AND item = \(item) RETURNING 1"
        ).isEmpty
    }

    // MARK: Collections

    public func collections(of owner: ListOwner) async throws -> [CalendarCollection] {
        try await database.run("""
            SELECT segment, list, color, sort_order FROM \(unescaped: collection)
            WHERE owner = \(owner.key) ORDER BY segment COLLATE "C"
            """
        ).map { row in
            let row = row.byName
            return CalendarCollection(
                segment: try row.decode("segment"), list: try row.decode("list"), color: try row.decode("color"),
                order: try row.decode("sort_order"))
        }
    }

    public func save(_ collection: CalendarCollection, owner: ListOwner) async throws {
        try Self.refuseNUL([collection.segment, collection.list, collection.color ?? ""])
        let table = self.collection
        try await database.write(of: owner) { db in
            try db.requireOwner()
            // One record per list and per segment: the one it replaces goes first.
            try await db.run("""
                DELETE FROM \(unescaped: table)
                WHERE owner = \(owner.key) AND (segment = \(collection.segment) OR list = \(collection.list))
                """)
            try await db.run("""
                INSERT INTO \(unescaped: table) (owner, segment, list, color, sort_order)
                VALUES (\(owner.key), \(collection.segment), \(collection.list), \(collection.color), \(collection.order))
                """)
        }
    }

    @discardableResult
    public func removeCollection(segment: String, owner: ListOwner) async throws -> Bool {
        guard !segment.contains("\u{0}") else { return false }
        return try await !database.run(
            "DELETE FROM \(unescaped: collection) WHERE owner = \(owner.key) AND segment = \(segment) RETURNING 1"
        ).isEmpty
    }

    // MARK: Changes

    public func latestChange(of owner: ListOwner) async throws -> Int64 {
        try await database.run(PostgresChangeRecord.latest(schema: database.schema, owner: owner.key))
            .first?.decode(Int64.self) ?? 0
    }

    public func changes(of owner: ListOwner, after id: Int64, limit: Int) async throws -> ChangesAfter {
        let schema = database.schema
        // One snapshot: the newest id and the rows agree.
        return try await database.transaction(readOnly: true) { connection in
            try await PostgresChangeRecord.changes(connection, schema: schema, after: id, limit: limit, owner: owner.key)
        }
    }

    public func latestChange(of owner: ListOwner, list: String?) async throws -> Int64 {
        try await database.run(PostgresChangeRecord.latest(schema: database.schema, owner: owner.key, list: list))
            .first?.decode(Int64.self) ?? 0
    }

    public func changes(of owner: ListOwner, list: String?, after id: Int64, limit: Int) async throws -> ChangesAfter {
        let schema = database.schema
        // One snapshot: the newest id and the rows agree.
        return try await database.transaction(readOnly: true) { connection in
            try await PostgresChangeRecord.changes(
                connection, schema: schema, after: id, limit: limit, owner: owner.key, list: list)
        }
    }

    // MARK: Rows

    private var select: String { "SELECT item, name, uid, kept, revision FROM \(resource)" }

    private static func resource(_ row: PostgresRow) throws -> CalendarResource {
        let row = row.byName
        return CalendarResource(
            item: try row.decode("item"), name: try row.decode("name"), uid: try row.decode("uid"), kept: try row.decode("kept"),
            revision: try row.decode("revision"))
    }

    /// PostgreSQL's text can't hold a NUL: refused with a sentence before any statement.
    private static func refuseNUL(_ texts: [String]) throws {
        if texts.contains(where: { $0.contains("\u{0}") }) {
            throw TodoStorageError(.rejected, "A calendar's text can't hold a NUL character; nothing was changed.")
        }
    }
}

import Foundation
import PostgresNIO
import TodoCore

/// The record of changes in PostgreSQL (table `change`, migration 4; docs/specs/live.md LIVE-7
/// and LIVE-9, docs/specs/postgres.md PG-15): SQLite's record (`SQLiteChangeRecord`) in
/// PostgreSQL's terms.
///
/// Triggers write it in the transaction of each write, whichever instance makes it, and send
/// `NOTIFY todo_changes` with the schema's name (`PostgresTodoDatabase.notifications()`).
/// A change's id comes from the one row of `change_counter`, taken in the writing transaction
/// and held until it commits: ids are given in the order the changes commit, so a reader that
/// has seen id N never later finds a committed change below N (a sequence would not promise
/// that with several writers), and the newest id survives pruning. It keeps the latest
/// `ChangeRetention.changes` changes for at most `ChangeRetention.duration`: each new change
/// removes up to two older ones past either limit.
public struct PostgresChangeRecord: ChangeRecord {
    public let database: PostgresTodoDatabase
    private let counter: String

    public init(database: PostgresTodoDatabase) {
        self.database = database
        counter = "\"\(database.schema)\".change_counter"
    }

    /// The channel every trigger notifies, with the schema's name as the payload.
    public static let channel = "todo_changes"

    /// The time now in milliseconds, as PostgreSQL computes it in a statement (the clock of
    /// every change's `at`).
    public static let now = "(extract(epoch FROM clock_timestamp()) * 1000)::bigint"

    /// The transaction-local setting that silences the item triggers while one write changes
    /// many items (an import): it ends with the transaction, committed or not, and never makes
    /// another transaction wait.
    static let muteSetting = "todo.changes_muted"

    /// The tables, their numbering and pruning, and the triggers (migration 4: history once it
    /// has run; change it with a later migration).
    static func schema(_ S: PostgresSchema.Names) -> [String] {
        table(S) + numberingAndPruning(S) + [
            itemFunction(S, inboxLeft: false, content: PostgresSchema.contentColumnsV4),
            """
            CREATE TRIGGER change_item AFTER INSERT OR UPDATE OR DELETE ON \(S.item)
                FOR EACH ROW EXECUTE FUNCTION \(S.schemaQuoted).change_item()
            """,
        ] + trashAndShareTriggers(S)
    }

    /// Migration 4's table of changes and the counter of their ids.
    private static func table(_ S: PostgresSchema.Names) -> [String] {
        let kinds = ChangeKind.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        return [
            """
            CREATE TABLE \(S.change) (
                id bigint NOT NULL PRIMARY KEY CHECK (id >= 1),
                owner text NOT NULL CHECK (owner = '' OR owner ~ '^[0-9a-f-]{36}$'),
                kind text NOT NULL CHECK (kind IN (\(kinds))),
                list text,
                item uuid,
                person uuid,
                origin text CHECK (origin IS NULL OR char_length(origin) <= 64),
                at bigint NOT NULL
            )
            """,
            // The newest id given: never lowered, kept when pruning removes its row.
            """
            CREATE TABLE \(S.changeCounter) (
                id integer NOT NULL PRIMARY KEY CHECK (id = 1),
                last bigint NOT NULL CHECK (last >= 0)
            )
            """,
            "INSERT INTO \(S.changeCounter) (id, last) VALUES (1, 0)",
        ]
    }

    /// Migration 4's numbering of changes, their pruning and the notification.
    private static func numberingAndPruning(_ S: PostgresSchema.Names) -> [String] {
        let kept = ChangeRetention.changes, keptFor = Int(ChangeRetention.duration * 1000)
        return [
            // Every row, however inserted, takes the next id; the counter's row stays locked
            // until the transaction ends, so ids follow the order of commits.
            """
            CREATE FUNCTION \(S.schemaQuoted).change_numbered() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                UPDATE \(S.changeCounter) SET last = last + 1 WHERE id = 1 RETURNING last INTO NEW.id;
                RETURN NEW;
            END
            $$
            """,
            "CREATE TRIGGER change_numbered BEFORE INSERT ON \(S.change) FOR EACH ROW EXECUTE FUNCTION \(S.schemaQuoted).change_numbered()",
            // Pruning, and the notification other instances listen for (sent on commit, once
            // per transaction however many changes it made).
            """
            CREATE FUNCTION \(S.schemaQuoted).change_kept() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                DELETE FROM \(S.change) WHERE id IN (SELECT id FROM \(S.change) ORDER BY id LIMIT 2)
                    AND (id <= NEW.id - \(kept) OR at < NEW.at - \(keptFor));
                PERFORM pg_notify('\(channel)', TG_TABLE_SCHEMA);
                RETURN NULL;
            END
            $$
            """,
            "CREATE TRIGGER change_kept AFTER INSERT ON \(S.change) FOR EACH ROW EXECUTE FUNCTION \(S.schemaQuoted).change_kept()",
        ]
    }

    /// Migration 4's triggers of the Trash's purges and of the shares.
    private static func trashAndShareTriggers(_ S: PostgresSchema.Names) -> [String] {
        let muted = "current_setting('\(muteSetting)', true) IS NOT DISTINCT FROM 'on'"
        let insert = "INSERT INTO \(S.change) (owner, kind, list, item, at) VALUES"
        return [
            // Gone from the Trash with no item of its id left (a restore removes the copy after
            // inserting the item): purged.
            """
            CREATE FUNCTION \(S.schemaQuoted).change_trash_purged() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF \(muted) THEN RETURN NULL; END IF;
                IF NOT EXISTS (SELECT 1 FROM \(S.item) WHERE owner = OLD.owner AND id = OLD.id) THEN
                    \(insert) (OLD.owner, 'purged', OLD.project_name, OLD.id, \(now));
                END IF;
                RETURN NULL;
            END
            $$
            """,
            """
            CREATE TRIGGER change_trash_purged AFTER DELETE ON \(S.trash)
                FOR EACH ROW EXECUTE FUNCTION \(S.schemaQuoted).change_trash_purged()
            """,
            """
            CREATE FUNCTION \(S.schemaQuoted).change_share() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'DELETE' THEN
                    INSERT INTO \(S.change) (owner, kind, list, person, at)
                        VALUES (OLD.owner_id::text, 'unshared', OLD.list, OLD.person_id, \(now));
                ELSE
                    INSERT INTO \(S.change) (owner, kind, list, person, at)
                        VALUES (NEW.owner_id::text, 'shared', NEW.list, NEW.person_id, \(now));
                END IF;
                RETURN NULL;
            END
            $$
            """,
            """
            CREATE TRIGGER change_share AFTER INSERT OR UPDATE OR DELETE ON \(S.share)
                FOR EACH ROW EXECUTE FUNCTION \(S.schemaQuoted).change_share()
            """,
        ]
    }

    /// The function that records an item's insert, update or delete: an update's change in the
    /// list it is in and, when it moved to another list, a change of the list it left; with
    /// `inboxLeft` also when it left the items without a list (migration 7, DAV-24; before it
    /// only a project it left was recorded). Migration 7 replaces migration 4's. `content`: the
    /// columns of what a person wrote (but `is_done`), which tell a move from a change.
    static func itemFunction(_ S: PostgresSchema.Names, inboxLeft: Bool, content: [String]) -> String {
        let muted = "current_setting('\(muteSetting)', true) IS NOT DISTINCT FROM 'on'"
        let list = { (row: String) in "(SELECT name FROM \(S.project) WHERE owner = \(row).owner AND id = \(row).project_id)" }
        // What a person wrote is as it was: a change of place alone is a move.
        let sameContent = content.map { "OLD.\($0) IS NOT DISTINCT FROM NEW.\($0)" }.joined(separator: " AND ")
        let insert = "INSERT INTO \(S.change) (owner, kind, list, item, at) VALUES"
        let left = "OLD.project_id IS DISTINCT FROM NEW.project_id" + (inboxLeft ? "" : " AND OLD.project_id IS NOT NULL")
        return """
            CREATE \(inboxLeft ? "OR REPLACE " : "")FUNCTION \(S.schemaQuoted).change_item() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF \(muted) THEN RETURN NULL; END IF;
                IF TG_OP = 'INSERT' THEN
                    \(insert) (NEW.owner,
                        CASE WHEN EXISTS (SELECT 1 FROM \(S.trash) WHERE owner = NEW.owner AND id = NEW.id)
                            THEN 'restored' ELSE 'created' END,
                        \(list("NEW")), NEW.id, \(now));
                ELSIF TG_OP = 'UPDATE' THEN
                    IF OLD.version IS DISTINCT FROM NEW.version OR OLD.position IS DISTINCT FROM NEW.position
                        OR OLD.is_done IS DISTINCT FROM NEW.is_done OR OLD.owner IS DISTINCT FROM NEW.owner
                    THEN
                        \(insert) (NEW.owner,
                            CASE WHEN OLD.is_done IS DISTINCT FROM NEW.is_done
                                    THEN (CASE WHEN NEW.is_done THEN 'checked' ELSE 'unchecked' END)
                                WHEN OLD.position IS DISTINCT FROM NEW.position AND \(sameContent) THEN 'moved'
                                ELSE 'changed' END,
                            \(list("NEW")), NEW.id, \(now));
                        -- Moved to another list: the list it left changed too.
                        IF \(left) THEN
                            \(insert) (OLD.owner, 'changed', \(list("OLD")), OLD.id, \(now));
                        END IF;
                    END IF;
                ELSE
                    \(insert) (OLD.owner, 'deleted', \(list("OLD")), OLD.id, \(now));
                END IF;
                RETURN NULL;
            END
            $$
            """
    }

    /// Migration 7 (docs/specs/caldav.md, DAV-24): an item that leaves the items without a list
    /// records that list's change too, and each calendar reads its own list's changes through
    /// the index `change_list`.
    static func calendarChanges(_ S: PostgresSchema.Names) -> [String] {
        [itemFunction(S, inboxLeft: true, content: PostgresSchema.contentColumnsV4),
         "CREATE INDEX change_list ON \(S.change) (owner, list, id)"]
    }

    /// The functions whose text follows the item's fields (`ItemField.all`), as this version
    /// writes them (`CREATE OR REPLACE`). A function keeps the text of the migration that made
    /// it: `PostgresSchema.migrate` replaces it when a field was added since, so a field's
    /// migration need not.
    static func currentFunctions(_ S: PostgresSchema.Names) -> [(name: String, sql: String)] {
        [("change_item", itemFunction(S, inboxLeft: true, content: contentColumns))]
    }

    /// The columns of what a person wrote, but whether it is done (a check is told apart first).
    private static let contentColumns = ItemField.all.filter { $0 != .isDone }
        .flatMap { PostgresItemColumn.columns(of: $0).map(\.itemColumn) }

    /// Silences the item triggers for the rest of the transaction's writes (an import).
    static func mute(_ connection: PostgresConnection) async throws {
        try await connection.query(
            "SELECT set_config(\(muteSetting), 'on', true)", logger: PostgresTodoDatabase.logger)
    }

    /// Ends `mute` and records the one change that stands for the writes it silenced.
    static func unmute(
        _ connection: PostgresConnection, schema: String, recording kind: ChangeKind, owner: String
    ) async throws {
        let logger = PostgresTodoDatabase.logger
        try await connection.query("SELECT set_config(\(muteSetting), 'off', true)", logger: logger)
        try await record(connection, schema: schema, kind, owner: owner)
    }

    /// Records a change a write makes that no trigger sees (an import's, CalDAV's records of an
    /// item), in the write's transaction: numbered, kept and notified by the table's triggers as
    /// every change is.
    static func record(
        _ connection: PostgresConnection, schema: String, _ kind: ChangeKind, owner: String, list: String? = nil, item: UUID? = nil
    ) async throws {
        try await connection.query(
            """
            INSERT INTO \(unescaped: "\"\(schema)\".change") (owner, kind, list, item, at)
            VALUES (\(owner), \(kind.rawValue), \(list), \(item), \(unescaped: now))
            """,
            logger: PostgresTodoDatabase.logger)
    }

    public func latestChangeID() async throws -> Int64 {
        try await database.run("SELECT last FROM \(unescaped: counter) WHERE id = 1").first?.decode(Int64.self) ?? 0
    }

    public func changes(after id: Int64, limit: Int) async throws -> ChangesAfter {
        let schema = database.schema
        // One snapshot: the newest id and the rows agree.
        return try await database.transaction(readOnly: true) { connection in
            try await Self.changes(connection, schema: schema, after: id, limit: limit, owner: nil)
        }
    }

    /// The answer for the changes after `id` when no row needs reading: a gap when `id` is unknown
    /// or older than the table keeps, whoever's the changes are; none when it is the newest; nil
    /// when the changes after it are all kept.
    private static func unreadable(
        _ connection: PostgresConnection, schema: String, after id: Int64
    ) async throws -> ChangesAfter? {
        let change = "\"\(schema)\".change", counter = "\"\(schema)\".change_counter"
        let logger = PostgresTodoDatabase.logger
        let latest = try await connection.query("SELECT last FROM \(unescaped: counter) WHERE id = 1", logger: logger)
            .collect().first?.decode(Int64.self) ?? 0
        guard id >= 0, id <= latest else { return .gap }
        if id == latest { return .changes([]) }
        // Still kept: the change right after `id`, or an older one, is in the table.
        guard let oldest = try await connection.query("SELECT MIN(id) FROM \(unescaped: change)", logger: logger)
            .collect().first?.decode(Int64?.self) ?? nil, oldest <= id + 1
        else { return .gap }
        return nil
    }

    /// The changes after `id`, oldest first, at most `limit`; `owner`'s only when one is given
    /// (read through the index `change_owner`). A gap when `id` is unknown, or older than the
    /// table keeps, whoever's the changes are. Run it in one snapshot.
    static func changes(
        _ connection: PostgresConnection, schema: String, after id: Int64, limit: Int, owner: String?
    ) async throws -> ChangesAfter {
        let change = "\"\(schema)\".change"
        let limit = max(0, limit)
        let logger = PostgresTodoDatabase.logger
        if let answer = try await unreadable(connection, schema: schema, after: id) { return answer }
        let columns = "SELECT id, owner, kind, list, item, person, at FROM \(change)"
        let rows = if let owner {
            try await connection.query(
                "\(unescaped: columns) WHERE owner = \(owner) AND id > \(id) ORDER BY id LIMIT \(limit)", logger: logger
            ).collect()
        } else {
            try await connection.query("\(unescaped: columns) WHERE id > \(id) ORDER BY id LIMIT \(limit)", logger: logger)
                .collect()
        }
        return .changes(try rows.compactMap(Self.change))
    }

    /// The changes of `owner`'s list `list` after `id` (nil: the items without a list;
    /// `ListChange.concerns(list:)`), oldest first, at most `limit`, read through `change_list`.
    /// Run it in one snapshot.
    static func changes(
        _ connection: PostgresConnection, schema: String, after id: Int64, limit: Int, owner: String, list: String?
    ) async throws -> ChangesAfter {
        let change = "\"\(schema)\".change"
        let limit = max(0, limit)
        let logger = PostgresTodoDatabase.logger
        if let answer = try await unreadable(connection, schema: schema, after: id) { return answer }
        let columns = "SELECT id, owner, kind, list, item, person, at FROM \(change)"
        let rows = if let list {
            try await connection.query(
                """
                \(unescaped: columns) WHERE owner = \(owner) AND (list = \(list) OR (list IS NULL AND kind = 'many'))
                AND id > \(id) ORDER BY id LIMIT \(limit)
                """, logger: logger
            ).collect()
        } else {
            try await connection.query(
                """
                \(unescaped: columns) WHERE owner = \(owner) AND list IS NULL AND (item IS NOT NULL OR kind = 'many')
                AND id > \(id) ORDER BY id LIMIT \(limit)
                """, logger: logger
            ).collect()
        }
        return .changes(try rows.compactMap(Self.change))
    }

    /// `latest(schema:owner:)` for `owner`'s list `list`: the newest of the changes
    /// `changes(_:schema:after:limit:owner:list:)` reads.
    static func latest(schema: String, owner: String, list: String?) -> PostgresQuery {
        let change = "\"\(schema)\".change"
        if let list {
            return """
                SELECT COALESCE((SELECT MAX(id) FROM \(unescaped: change) WHERE owner = \(owner)
                        AND (list = \(list) OR (list IS NULL AND kind = 'many'))),
                    (SELECT MIN(id) - 1 FROM \(unescaped: change)), 0)::bigint
                """
        }
        return """
            SELECT COALESCE((SELECT MAX(id) FROM \(unescaped: change) WHERE owner = \(owner)
                    AND list IS NULL AND (item IS NOT NULL OR kind = 'many')),
                (SELECT MIN(id) - 1 FROM \(unescaped: change)), 0)::bigint
            """
    }

    /// The newest change to `owner`'s lists the table keeps, or when it keeps none of theirs the
    /// id just before its oldest change (0 when it keeps none): `CalendarResources.latestChange(of:)`.
    /// One statement, so both come from one moment; the first is one look-up in `change_owner`.
    static func latest(schema: String, owner: String) -> PostgresQuery {
        let change = "\"\(schema)\".change"
        return """
            SELECT COALESCE((SELECT MAX(id) FROM \(unescaped: change) WHERE owner = \(owner)),
                (SELECT MIN(id) - 1 FROM \(unescaped: change)), 0)::bigint
            """
    }

    private static func change(_ row: PostgresRow) throws -> ListChange? {
        let row = row.makeRandomAccess()
        // A kind from a newer Todo is not shown.
        guard let kind = ChangeKind(rawValue: try row["kind"].decode(String.self)) else { return nil }
        return ListChange(
            id: try row["id"].decode(Int64.self), kind: kind, owner: ListOwner(key: try row["owner"].decode(String.self)),
            list: try row["list"].decode(String?.self), item: try row["item"].decode(UUID?.self),
            person: try row["person"].decode(UUID?.self),
            at: Date(timeIntervalSince1970: Double(try row["at"].decode(Int64.self)) / 1000))
    }
}

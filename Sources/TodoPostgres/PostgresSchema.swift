import Foundation
import PostgresNIO
import TodoAccounts
import TodoCore

/// The schema of the PostgreSQL store, as versioned migrations recorded in `schema_migrations`.
///
/// It repeats the model's rules as NOT NULL / CHECK / UNIQUE / FOREIGN KEY constraints with the
/// numbers of `TodoRules`, as the SQLite schema does (`Sources/TodoStore/Schema.swift`), so that
/// even a bug cannot store a bad row. A migration that has run is history: a change is a new
/// migration with the next version.
enum PostgresSchema {
    struct Migration: Sendable {
        let version: Int
        let name: String
        /// The statements, run in order in the migration's transaction; `S` is the schema.
        let statements: @Sendable (_ S: Names) -> [String]
    }

    /// The tables and the extension's schema, quoted for SQL.
    struct Names: Sendable {
        let schema: String
        /// Where pg_trgm lives (its operator class is named through it).
        let trigramSchema: String
        var schemaQuoted: String { "\"\(schema)\"" }
        var item: String { "\"\(schema)\".todo_item" }
        var project: String { "\"\(schema)\".project" }
        var trash: String { "\"\(schema)\".trashed_item" }
        var counter: String { "\"\(schema)\".item_number_counter" }
        var migrations: String { "\"\(schema)\".schema_migrations" }
        var account: String { "\"\(schema)\".account" }
        var token: String { "\"\(schema)\".account_token" }
        var session: String { "\"\(schema)\".account_session" }
        var failure: String { "\"\(schema)\".signin_failure" }
        var share: String { "\"\(schema)\".list_share" }
        var change: String { "\"\(schema)\".change" }
        var changeCounter: String { "\"\(schema)\".change_counter" }
        var calendarResource: String { "\"\(schema)\".calendar_resource" }
        var calendarCollection: String { "\"\(schema)\".calendar_collection" }
        var trigramOps: String { "\"\(trigramSchema.replacingOccurrences(of: "\"", with: "\"\""))\".gin_trgm_ops" }
    }

    static func nameCheck(_ column: String, nullable: Bool) -> String {
        let rule = "length(trim(\(column))) > 0 AND length(\(column)) <= \(TodoRules.maxNameLength)"
        return "CHECK (\(nullable ? "\(column) IS NULL OR (\(rule))" : rule))"
    }

    static func range<T>(_ column: String, _ range: ClosedRange<T>, nullable: Bool = false) -> String {
        let rule = "\(column) BETWEEN \(range.lowerBound) AND \(range.upperBound)"
        return "CHECK (\(nullable ? "\(column) IS NULL OR \(rule)" : rule))"
    }

    /// The columns an item has in both `todo_item` and `trashed_item`, with their rules;
    /// `project` is how each table names the project.
    static func itemColumns(project: String) -> String {
        let positions = TodoRules.positionRange, times = TodoRules.timestampRange
        return """
            id uuid NOT NULL PRIMARY KEY,
            title text NOT NULL
                CHECK (length(trim(title)) > 0 AND length(title) <= \(TodoRules.maxTitleLength)),
            details text CHECK (details IS NULL OR length(details) <= \(TodoRules.maxDetailsLength)),
            is_done boolean NOT NULL,
            due_date date,
            location_name text \(nameCheck("location_name", nullable: true)),
            location_latitude double precision \(range("location_latitude", -90...90, nullable: true)),
            location_longitude double precision \(range("location_longitude", -180...180, nullable: true)),
            \(project),
            estimate_minutes integer \(range("estimate_minutes", 1...Estimate.maximumMinutes, nullable: true)),
            repeat_days integer NOT NULL DEFAULT 0 CHECK (repeat_days BETWEEN 0 AND 127),
            position double precision NOT NULL
                CHECK (position BETWEEN \(positions.lowerBound) AND \(positions.upperBound)),
            created_at bigint NOT NULL \(range("created_at", times)),
            updated_at bigint NOT NULL \(range("updated_at", times)),
            completed_at bigint \(range("completed_at", times, nullable: true)),
            version bigint NOT NULL \(range("version", TodoRules.versionRange)),
            number bigint NOT NULL CHECK (number >= 1),
            CHECK (is_done = (completed_at IS NOT NULL)),
            CHECK ((location_latitude IS NULL) = (location_longitude IS NULL)),
            CHECK (location_name IS NOT NULL OR location_latitude IS NULL)
            """
    }

    /// What the section index of migrations 1 and 3 included (history).
    static let sectionIndexIncludedV1 = "title, location_name, due_date, project_id, estimate_minutes, repeat_days, number"

    /// What the section index of migrations 9 and 10 included (history).
    static let sectionIndexIncludedV9 = sectionIndexIncludedV1 + ", priority"

    /// What the section index includes beside its key: what a list row shows, so that an
    /// index-only scan reads a page (`PostgresListEntryColumn`). Since migration 11 (history
    /// since 12). Not the tags (TAG-5) nor the repeat rule (REPEAT-13): with a long title they
    /// would pass the ~2,700 bytes an index row can hold.
    static let sectionIndexIncludedV11 = sectionIndexIncludedV9.replacingOccurrences(of: "repeat_days, ", with: "")

    /// Since migration 12 (history since 13): the parent a row is nested under (SUB-7), 36 bytes.
    static let sectionIndexIncludedV12 = sectionIndexIncludedV11 + ", parent"

    /// Since migration 13: the time a row shows after its date (TIME-9).
    static let sectionIndexIncluded = sectionIndexIncludedV12 + ", due_time"

    /// The due time's column (TIME-1, TIME-3): NULL for none, else minutes after midnight.
    static var dueTimeColumn: String {
        "due_time integer " + range("due_time", 0...(TimeOfDay.minutesPerDay - 1), nullable: true)
    }

    /// The parent's column (SUB-1): NULL for none, else the parent's id in lower case.
    static let parentColumn = "parent text CHECK (parent IS NULL OR length(parent) = 36)"

    /// A repeat's columns (REPEAT-13): its `RRULE` text and whether it repeats after completion,
    /// both NULL for none.
    static var repeatColumns: [String] {
        [
            "repeat_rule text CHECK (repeat_rule IS NULL OR length(repeat_rule) BETWEEN 1 AND \(RepeatRule.maximumTextLength))",
            "repeat_after_completion boolean",
        ]
    }

    /// The tags' column (TAG-2, TAG-5): NULL for none, else the tags separated by line breaks.
    static var tagsColumn: String {
        let longest = TodoRules.maxTagCount * (TodoRules.maxTagLength + 1) - 1
        return "tags text CHECK (tags IS NULL OR (length(tags) > 0 AND length(tags) <= \(longest)))"
    }

    /// A priority's column (PRIO-2, PRIO-4): NULL for none, else iCalendar's 1…9.
    static var priorityColumn: String {
        let numbers = Priority.Level.allCases.map(\.numbers)
        return "priority integer " + range("priority", numbers.first!.lowerBound...numbers.last!.upperBound, nullable: true)
    }

    /// The columns of what a person wrote but `is_done`, as the function `change_item` of
    /// migrations 4 and 7 compares them (history; `PostgresChangeRecord.currentFunctions`
    /// follows the fields since).
    static let contentColumnsV4 = [
        "title", "details", "due_date", "location_name", "location_latitude", "location_longitude", "project_id",
        "estimate_minutes", "repeat_days",
    ]

    /// Every migration, oldest first.
    static let migrations: [Migration] = [
        Migration(version: 1, name: "items, projects, numbers, the Trash and the search indexes") { S in
            [
                """
                CREATE TABLE \(S.project) (
                    id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
                    name text NOT NULL UNIQUE \(nameCheck("name", nullable: false))
                )
                """,
                """
                CREATE TABLE \(S.item) (
                    \(itemColumns(project: "project_id bigint REFERENCES \(S.project)(id) ON DELETE RESTRICT")),
                    next_occurrence_id uuid,
                    UNIQUE (number)
                )
                """,
                // Display order, with what a list row shows (an index-only scan reads a page).
                """
                CREATE INDEX todo_item_section ON \(S.item) (is_done, position, id)
                    INCLUDE (\(sectionIndexIncludedV1))
                """,
                "CREATE INDEX todo_item_project ON \(S.item) (project_id, is_done, position)",
                "CREATE INDEX todo_item_due_date ON \(S.item) (due_date, is_done, position)",
                // FIND-1…7: trigram indexes (pg_trgm) for ILIKE '%word%', PostgreSQL's analogue of
                // the SQLite store's FTS5 trigram index. Without a pending list (fastupdate), so
                // that an item is in the index, and read through it, as soon as it is written.
                "CREATE INDEX todo_item_title_search ON \(S.item) USING gin (title \(S.trigramOps)) WITH (fastupdate = off)",
                "CREATE INDEX todo_item_details_search ON \(S.item) USING gin (details \(S.trigramOps)) WITH (fastupdate = off)",
                "CREATE INDEX todo_item_location_search ON \(S.item) USING gin (location_name \(S.trigramOps)) WITH (fastupdate = off)",
                "CREATE INDEX project_name_search ON \(S.project) USING gin (name \(S.trigramOps)) WITH (fastupdate = off)",
                // NUMBER-1: the next number to give, never lowered.
                """
                CREATE TABLE \(S.counter) (
                    id integer NOT NULL PRIMARY KEY CHECK (id = 1),
                    next bigint NOT NULL CHECK (next >= 1)
                )
                """,
                "INSERT INTO \(S.counter) (id, next) VALUES (1, 1)",
                // docs/specs/trash.md: deleted items beside the list, their project by name.
                """
                CREATE TABLE \(S.trash) (
                    \(itemColumns(project: "project_name text \(nameCheck("project_name", nullable: true))")),
                    deleted_at bigint NOT NULL \(range("deleted_at", TodoRules.timestampRange))
                )
                """,
                "CREATE INDEX trashed_item_deleted_at ON \(S.trash) (deleted_at)",
            ]
        },
        Migration(version: 2, name: "accounts, tokens, sessions and sign-in failures") { S in
            // docs/specs/accounts.md (ACCOUNT-18, PG-12): the SQLite schema's rules ("v7-accounts").
            // Names are unique ignoring A–Z case, as SQLite's NOCASE and `AccountRules.key` read them.
            let hash = "length(password_hash) BETWEEN 20 AND 200"
            return [
                """
                CREATE TABLE \(S.account) (
                    id uuid NOT NULL PRIMARY KEY,
                    name text NOT NULL
                        CHECK (char_length(name) BETWEEN 1 AND \(AccountRules.maxNameLength)
                            AND octet_length(name) = char_length(name)
                            AND name ~ '^[A-Za-z0-9][A-Za-z0-9._-]*$'),
                    password_hash text NOT NULL CHECK (\(hash)),
                    created_at bigint NOT NULL
                )
                """,
                "CREATE UNIQUE INDEX account_name_key ON \(S.account) (\(asciiLowered("name")))",
                """
                CREATE TABLE \(S.token) (
                    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    account_id uuid NOT NULL REFERENCES \(S.account)(id) ON DELETE CASCADE,
                    label text NOT NULL
                        CHECK (length(trim(label)) > 0 AND char_length(label) <= \(AccountRules.maxLabelLength)),
                    hash text NOT NULL UNIQUE CHECK (length(hash) = 64),
                    created_at bigint NOT NULL,
                    last_used_at bigint,
                    UNIQUE (account_id, label)
                )
                """,
                """
                CREATE TABLE \(S.session) (
                    id_hash text NOT NULL PRIMARY KEY CHECK (length(id_hash) = 64),
                    account_id uuid NOT NULL REFERENCES \(S.account)(id) ON DELETE CASCADE,
                    created_at bigint NOT NULL,
                    last_seen_at bigint NOT NULL,
                    CHECK (last_seen_at >= created_at)
                )
                """,
                "CREATE INDEX account_session_account ON \(S.session) (account_id)",
                """
                CREATE TABLE \(S.failure) (
                    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    name_key text
                        CHECK (name_key IS NULL OR char_length(name_key) BETWEEN 1 AND \(AccountRules.maxNameLength)),
                    address text NOT NULL CHECK (char_length(address) <= \(AccountRules.maxAddressLength)),
                    at bigint NOT NULL
                )
                """,
                "CREATE INDEX signin_failure_name ON \(S.failure) (name_key, at)",
                "CREATE INDEX signin_failure_address ON \(S.failure) (address, at)",
                "CREATE INDEX signin_failure_at ON \(S.failure) (at)",
            ]
        },
        Migration(version: 3, name: "owners of items, projects, numbers and the Trash; shares of lists") { S in
            // docs/specs/sharing.md (OWNER-1…8, PG-13). The number counter becomes one row per owner:
            // the local list ('', the row there was) or an account, whose removal cascades to its
            // counter and from there to its items, projects and Trash (OWNER-8). Rows there were
            // are the local list's (OWNER-6).
            let owner = "owner text NOT NULL DEFAULT ''"
            let ownerOf = "REFERENCES \(S.counter)(owner) ON DELETE CASCADE"
            return [
                "ALTER TABLE \(S.counter) ADD COLUMN \(owner)",
                "ALTER TABLE \(S.counter) ADD COLUMN account_id uuid REFERENCES \(S.account)(id) ON DELETE CASCADE",
                // Dropping `id` drops its primary key and CHECK (id = 1).
                "ALTER TABLE \(S.counter) DROP COLUMN id",
                """
                ALTER TABLE \(S.counter) ADD PRIMARY KEY (owner),
                    ADD CHECK ((owner = '') = (account_id IS NULL)),
                    ADD CHECK (account_id IS NULL OR owner = account_id::text),
                    ALTER COLUMN owner DROP DEFAULT
                """,
                "ALTER TABLE \(S.project) ADD COLUMN \(owner) \(ownerOf)",
                "ALTER TABLE \(S.item) ADD COLUMN \(owner) \(ownerOf)",
                "ALTER TABLE \(S.trash) ADD COLUMN \(owner) \(ownerOf)",
                "ALTER TABLE \(S.item) DROP CONSTRAINT todo_item_project_id_fkey",
                """
                ALTER TABLE \(S.project) DROP CONSTRAINT project_name_key, DROP CONSTRAINT project_pkey,
                    ADD PRIMARY KEY (owner, id), ADD UNIQUE (owner, name), ALTER COLUMN owner DROP DEFAULT
                """,
                // An item's project is its owner's; checked at the statement's end (NO ACTION), so
                // that an owner's items and projects can go in one cascade.
                """
                ALTER TABLE \(S.item) DROP CONSTRAINT todo_item_pkey, DROP CONSTRAINT todo_item_number_key,
                    ADD PRIMARY KEY (owner, id), ADD UNIQUE (owner, number),
                    ADD FOREIGN KEY (owner, project_id) REFERENCES \(S.project)(owner, id),
                    ALTER COLUMN owner DROP DEFAULT
                """,
                """
                ALTER TABLE \(S.trash) DROP CONSTRAINT trashed_item_pkey, ADD PRIMARY KEY (owner, id),
                    ALTER COLUMN owner DROP DEFAULT
                """,
                // Every index leads with the owner (the trigram indexes serve the words; the
                // owner's rows are then picked from what they find).
                "DROP INDEX \(S.schemaQuoted).todo_item_section",
                """
                CREATE INDEX todo_item_section ON \(S.item) (owner, is_done, position, id)
                    INCLUDE (\(sectionIndexIncludedV1))
                """,
                "DROP INDEX \(S.schemaQuoted).todo_item_project",
                "CREATE INDEX todo_item_project ON \(S.item) (owner, project_id, is_done, position)",
                "DROP INDEX \(S.schemaQuoted).todo_item_due_date",
                "CREATE INDEX todo_item_due_date ON \(S.item) (owner, due_date, is_done, position)",
                "DROP INDEX \(S.schemaQuoted).trashed_item_deleted_at",
                "CREATE INDEX trashed_item_deleted_at ON \(S.trash) (owner, deleted_at)",
                // SHARE-1 (PG-14): a list of an owner shared with another person in a role; either
                // account's removal ends it.
                """
                CREATE TABLE \(S.share) (
                    owner_id uuid NOT NULL REFERENCES \(S.account)(id) ON DELETE CASCADE,
                    list text NOT NULL \(nameCheck("list", nullable: false)),
                    person_id uuid NOT NULL REFERENCES \(S.account)(id) ON DELETE CASCADE,
                    role text NOT NULL CHECK (role IN ('viewer', 'editor')),
                    PRIMARY KEY (owner_id, list, person_id),
                    CHECK (owner_id <> person_id)
                )
                """,
                "CREATE INDEX list_share_person ON \(S.share) (person_id)",
            ]
        },
        Migration(version: 4, name: "the record of changes live pages follow") { S in
            // docs/specs/live.md (LIVE-7, LIVE-9) and docs/specs/postgres.md (PG-15).
            PostgresChangeRecord.schema(S)
        },
        Migration(version: 5, name: "a page knows its own changes without the change's origin") { S in
            // LIVE-6: the column version 4 made for the page that made a change was never written.
            ["ALTER TABLE \(S.change) DROP COLUMN origin"]
        },
        Migration(version: 6, name: "CalDAV's names, kept text and calendars beside the items") { S in
            // docs/specs/caldav.md (DAV-6, DAV-10, DAV-14, DAV-16, DAV-17): `PostgresCalendarResources`.
            PostgresCalendarResources.schema(S)
        },
        Migration(version: 7, name: "each calendar reads the changes of its own list") { S in
            // docs/specs/caldav.md, DAV-24: `PostgresChangeRecord.calendarChanges`.
            PostgresChangeRecord.calendarChanges(S)
        },
        Migration(version: 8, name: "a PUT finds a UID of the calendar by index") { S in
            // docs/specs/caldav.md, DAV-29: `no-uid-conflict` looks a UID up on every PUT.
            ["CREATE INDEX calendar_resource_uid ON \(S.calendarResource) (owner, uid)"]
        },
        Migration(version: 9, name: "an item's priority, in the section index") { S in
            // docs/specs/priority.md, PRIO-4: a row shows it, so the section index includes it.
            [
                "ALTER TABLE \(S.item) ADD COLUMN \(priorityColumn)",
                "ALTER TABLE \(S.trash) ADD COLUMN \(priorityColumn)",
                "DROP INDEX \(S.schemaQuoted).todo_item_section",
                """
                CREATE INDEX todo_item_section ON \(S.item) (owner, is_done, position, id)
                    INCLUDE (\(sectionIndexIncludedV9))
                """,
                // PRIO-14: a list sorted by priority is read in the order of an index on its rank.
                """
                CREATE INDEX todo_item_priority ON \(S.item)
                    (owner, is_done, \(Priority.storedRank(column: "priority")), position, id)
                """,
            ]
        },
        Migration(version: 10, name: "an item's tags") { S in
            // docs/specs/tags.md, TAG-5: a row reads them from the table (`PostgresListEntryColumn`).
            [
                "ALTER TABLE \(S.item) ADD COLUMN \(tagsColumn)",
                "ALTER TABLE \(S.trash) ADD COLUMN \(tagsColumn)",
            ]
        },
        Migration(version: 11, name: "an item's repeat is a rule") { S in
            // docs/specs/repeats.md, REPEAT-13: the weekdays become the weekly rule on them; a row
            // reads the rule from the table (`PostgresListEntryColumn`). Dropping the old column
            // drops the section index that included it: it is made again without it.
            [S.item, S.trash].flatMap { table in
                repeatColumns.map { "ALTER TABLE \(table) ADD COLUMN \($0)" } + [
                    """
                    UPDATE \(table) SET repeat_rule = \(RepeatRule.weeklyRuleSQL(fromMask: "repeat_days")),
                        repeat_after_completion = false WHERE repeat_days <> 0
                    """,
                    "ALTER TABLE \(table) DROP COLUMN repeat_days",
                ]
            } + [
                "DROP INDEX IF EXISTS \(S.schemaQuoted).todo_item_section",
                """
                CREATE INDEX todo_item_section ON \(S.item) (owner, is_done, position, id)
                    INCLUDE (\(sectionIndexIncludedV11))
                """,
            ]
        },
        Migration(version: 12, name: "an item's parent") { S in
            // docs/specs/subtasks.md, SUB-1, SUB-4: a row is nested by it (the section index
            // includes it); a page counts its rows' subtasks from the index of those that have one.
            [
                "ALTER TABLE \(S.item) ADD COLUMN \(parentColumn)",
                "ALTER TABLE \(S.trash) ADD COLUMN \(parentColumn)",
                "DROP INDEX IF EXISTS \(S.schemaQuoted).todo_item_section",
                """
                CREATE INDEX todo_item_section ON \(S.item) (owner, is_done, position, id)
                    INCLUDE (\(sectionIndexIncludedV12))
                """,
                "CREATE INDEX todo_item_parent ON \(S.item) (owner, parent, is_done) WHERE parent IS NOT NULL",
            ]
        },
        Migration(version: 13, name: "an item's due time") { S in
            // docs/specs/times.md, TIME-1: a row shows it after its date (the section index includes it).
            [
                "ALTER TABLE \(S.item) ADD COLUMN \(dueTimeColumn)",
                "ALTER TABLE \(S.trash) ADD COLUMN \(dueTimeColumn)",
                "DROP INDEX IF EXISTS \(S.schemaQuoted).todo_item_section",
                """
                CREATE INDEX todo_item_section ON \(S.item) (owner, is_done, position, id)
                    INCLUDE (\(sectionIndexIncluded))
                """,
            ]
        },
        Migration(version: 14, name: "each person's time zone") { S in
            // docs/specs/times.md, TIME-6: the IANA identifier (`Asia/Tokyo`); NULL until the
            // person chooses one, and their list is reckoned in the server's zone.
            [
                "ALTER TABLE \(S.account) ADD COLUMN time_zone text CHECK (time_zone IS NULL OR char_length(time_zone) BETWEEN 1 AND 64)",
            ]
        },
    ]

    static let upperAZ = "'ABCDEFGHIJKLMNOPQRSTUVWXYZ'"
    static let lowerAZ = "'abcdefghijklmnopqrstuvwxyz'"

    /// `column` with A–Z lowered and every other letter as it is (SQLite's NOCASE), in SQL.
    static func asciiLowered(_ column: String) -> String { "translate(\(column), \(upperAZ), \(lowerAZ))" }

    /// `text` with A–Z lowered, as `asciiLowered(_:)` lowers a column: a value to compare with one.
    static func asciiLowered(text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
        }))
    }

    static var latestVersion: Int { migrations.map(\.version).max() ?? 0 }

    /// See `PostgresTodoDatabase.migrate()`.
    /// `through`: the last version to apply (tests bring a schema up to an older version first).
    static func migrate(
        _ connection: PostgresConnection, database: PostgresTodoDatabase, through last: Int = latestVersion
    ) async throws {
        // Up to date (every start but the first): no lock, no write.
        if let applied = try await appliedVersion(connection, table: "\"\(database.schema)\".schema_migrations") {
            try refuseNewer(applied, database: database)
            if applied >= last, try await !hasOutdatedFunctions(connection, database: database, through: last) { return }
        }
        let names = Names(schema: database.schema, trigramSchema: try await installTrigrams(connection, database: database))
        try await inTransaction(connection) {
            try await prepare(connection, names)
            let applied = try await appliedVersion(connection, table: names.migrations) ?? 0
            try refuseNewer(applied, database: database)
            let logger = PostgresTodoDatabase.logger
            for migration in migrations where migration.version > applied && migration.version <= last {
                for statement in migration.statements(names) {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO \(unescaped: names.migrations) (version, name) VALUES (\(migration.version), \(migration.name))",
                    logger: logger)
            }
            guard last == latestVersion else { return }
            for (_, statement) in try await outdatedFunctions(connection, names) {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
        }
    }

    /// pg_trgm, once per database: under a database-wide lock, in its own transaction, so that
    /// stores of several schemas starting at once don't race to create it. Returns its schema.
    private static func installTrigrams(_ connection: PostgresConnection, database: PostgresTodoDatabase) async throws
        -> String
    {
        let logger = PostgresTodoDatabase.logger
        if try await trigramSchema(connection) == nil {
            try await inTransaction(connection) {
                try await connection.query("SELECT pg_advisory_xact_lock(\(lockKey), 0::int4)", logger: logger)
                try await connection.query("CREATE EXTENSION IF NOT EXISTS pg_trgm", logger: logger)
            }
        }
        guard let trigramSchema = try await trigramSchema(connection) else {
            throw TodoStorageError(.unavailable, "The PostgreSQL extension pg_trgm is missing \(database.location).")
        }
        return trigramSchema
    }

    /// Takes the schema's migration lock for the transaction (one migrator per schema at a time;
    /// the others wait here, then find its work done), and makes the schema and the table of
    /// applied migrations when they are missing.
    private static func prepare(_ connection: PostgresConnection, _ names: Names) async throws {
        let logger = PostgresTodoDatabase.logger
        try await connection.query("SELECT pg_advisory_xact_lock(\(lockKey), hashtext(\(names.schema)))", logger: logger)
        try await connection.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \(names.schemaQuoted)"), logger: logger)
        try await connection.query(
            PostgresQuery(unsafeSQL: """
                CREATE TABLE IF NOT EXISTS \(names.migrations) (
                    version integer NOT NULL PRIMARY KEY CHECK (version >= 1),
                    name text NOT NULL,
                    applied_at timestamptz NOT NULL DEFAULT now()
                )
                """),
            logger: logger)
    }

    /// Whether a schema migrated through `last` has a function an older version wrote before a
    /// field was added (`PostgresChangeRecord.currentFunctions`); never before the latest version,
    /// whose columns the current functions read.
    private static func hasOutdatedFunctions(
        _ connection: PostgresConnection, database: PostgresTodoDatabase, through last: Int
    ) async throws -> Bool {
        guard last == latestVersion, let trigramSchema = try await trigramSchema(connection) else { return false }
        return try await !outdatedFunctions(connection, Names(schema: database.schema, trigramSchema: trigramSchema)).isEmpty
    }

    /// The functions of `PostgresChangeRecord.currentFunctions` whose text in the schema is
    /// another (an older version's), with the statement that replaces each.
    static func outdatedFunctions(_ connection: PostgresConnection, _ names: Names) async throws
        -> [(name: String, sql: String)]
    {
        var outdated: [(name: String, sql: String)] = []
        for (name, sql) in PostgresChangeRecord.currentFunctions(names) {
            let source = try await connection.query(
                """
                SELECT p.prosrc FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                WHERE n.nspname = \(names.schema) AND p.proname = \(name)
                """,
                logger: PostgresTodoDatabase.logger
            ).collect().first?.decode(String.self)
            // PostgreSQL keeps a function's text between its $$ quotes.
            if source != sql.components(separatedBy: "$$").dropFirst().first { outdated.append((name, sql)) }
        }
        return outdated
    }

    /// The advisory lock's first key: "todo" in ASCII.
    static let lockKey: Int32 = 0x746F_646F

    private static func refuseNewer(_ applied: Int, database: PostgresTodoDatabase) throws {
        if applied > latestVersion {
            throw TodoStorageError(
                .newerSchema,
                "The PostgreSQL database \(database.location) was written by a newer version of Todo; "
                    + "update Todo to use it (nothing was changed).")
        }
    }

    /// The highest version applied; nil when the table is not there yet.
    private static func appliedVersion(_ connection: PostgresConnection, table: String) async throws -> Int? {
        let logger = PostgresTodoDatabase.logger
        let exists = try await connection.query("SELECT to_regclass(\(table)) IS NOT NULL", logger: logger)
            .collect().first?.decode(Bool.self) ?? false
        guard exists else { return nil }
        return try await connection.query(
            PostgresQuery(unsafeSQL: "SELECT COALESCE(MAX(version), 0)::bigint FROM \(table)"), logger: logger
        ).collect().first?.decode(Int.self) ?? 0
    }

    private static func trigramSchema(_ connection: PostgresConnection) async throws -> String? {
        try await connection.query(
            """
            SELECT n.nspname::text FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
            WHERE e.extname = 'pg_trgm'
            """,
            logger: PostgresTodoDatabase.logger
        ).collect().first?.decode(String.self)
    }

    private static func inTransaction(_ connection: PostgresConnection, _ body: () async throws -> Void) async throws {
        let logger = PostgresTodoDatabase.logger
        try await connection.query("BEGIN", logger: logger)
        do {
            try await body()
            try await connection.query("COMMIT", logger: logger)
        } catch {
            _ = try? await connection.query("ROLLBACK", logger: logger)
            throw error
        }
    }
}

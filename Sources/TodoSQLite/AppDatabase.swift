import Foundation
import GRDB
import TodoCore

/// The Todo database: owns the schema and its migrations, the connection settings, and the
/// translation of SQLite failures into sentences (`TodoStorageError`).
///
/// The schema repeats the model's rules as NOT NULL / CHECK constraints, with the numbers of
/// `TodoRules` (`Schema`), so that even a bug cannot store a bad row.
public final class AppDatabase: Sendable {
    /// The connection every read and write goes through.
    public let writer: any DatabaseWriter
    /// Where the file is, for messages; nil in memory.
    public let path: String?

    /// The migrations this version of the app knows, oldest first.
    public static var migrationIdentifiers: [String] { migrator.migrations }

    /// Wraps an open connection, migrates it, and refuses a database written by a newer schema.
    public init(_ writer: any DatabaseWriter, path: String? = nil) throws {
        self.writer = writer
        self.path = path
        let location = path.map { "at \($0)" } ?? "in memory"
        try Self.translatingErrors(location: location) {
            try Self.migrate(writer, location: location)
        }
    }

    /// Wraps a connection `migrate` has already brought up to date.
    private init(migrated writer: any DatabaseWriter, path: String?) {
        self.writer = writer
        self.path = path
    }

    /// Refuses a newer schema, then migrates. Several processes may open a new file at the same
    /// moment: GRDB reads which migrations are applied before it takes the write lock, so a
    /// process that waited for another's migration can find its tables already there ("table …
    /// already exists", "no such table: grdb_migrations") or the migration already recorded
    /// (UNIQUE constraint on grdb_migrations). Each migration is one transaction, rolled back
    /// whole on such a failure: look again, and the next pass skips what the other process
    /// applied.
    private static func migrate(_ writer: any DatabaseWriter, location: String) throws {
        var attempt = 1
        while true {
            do {
                let (superseded, complete, outdated) = try writer.read { db in
                    (try Self.migrator.hasBeenSuperseded(db), try Self.migrator.hasCompletedMigrations(db),
                     try !SQLiteChangeRecord.outdatedTriggers(db).isEmpty)
                }
                if superseded {
                    throw TodoStorageError(
                        .newerSchema,
                        "The database \(location) was written by a newer version of Todo; "
                            + "update Todo to open it (nothing was changed).")
                }
                // Up to date (every open but the first): no write transaction, no lock taken.
                if !complete { try Self.migrator.migrate(writer) }
                // Triggers that follow the fields, made by an older version before a field was added.
                if !complete || outdated { try writer.write(SQLiteChangeRecord.refreshTriggers) }
                return
            } catch let error as DatabaseError
                where [.SQLITE_ERROR, .SQLITE_CONSTRAINT].contains(error.resultCode) && attempt < 10
            {
                attempt += 1
            }
        }
    }

    /// Closes the file: the last connection to close moves the write-ahead log into the file
    /// and removes it (SAVE-6). Every later use of this database fails.
    public func close() throws {
        // A pool closes its writer before its readers, and a reader (read-only) can't remove
        // the log: close the readers first, so that the writer is the last connection.
        (writer as? DatabasePool)?.invalidateReadOnlyConnections()
        try writer.close()
    }

    /// A database in memory: nothing is written to disk (SAVE-4).
    public static func inMemory() throws -> AppDatabase {
        try AppDatabase(DatabaseQueue(configuration: configuration()))
    }

    /// Opens (creating when needed) the database file at `path`, in WAL mode.
    ///
    /// - Parameter concurrentReads: a pool of readers beside the writer, for servers; a single
    ///   connection otherwise, which opens faster for one-shot commands.
    public static func open(path: String, concurrentReads: Bool = false) throws -> AppDatabase {
        let location = "at \(path)"
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        return try translatingErrors(location: location) {
            try checkAccess(path: path, folder: folder, location: location)
            var config = configuration()
            config.busyMode = ImportMarker(databasePath: path).busyMode()
            // A pool always sets up WAL itself. A single connection switches the file to WAL
            // (a lasting setting) on its own below: GRDB's set-up would also write a throwaway
            // table on every open once the last connection had removed the -wal file.
            config.journalMode = concurrentReads ? .wal : .default
            // Processes racing to create one new file (switching it to WAL, migrating it) get
            // SQLITE_BUSY at once, without the busy handler's wait, or find the winner's schema
            // half made ("no such table"): open again after a pause.
            var attempt = 1
            while true {
                do {
                    let writer: any DatabaseWriter = concurrentReads
                        ? try DatabasePool(path: path, configuration: config)
                        : try DatabaseQueue(path: path, configuration: config)
                    try writer.writeWithoutTransaction { db in
                        if !concurrentReads, try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") != "wal" {
                            throw TodoStorageError(.unavailable, "Can't switch the database \(location) to WAL mode.")
                        }
                        // Each commit reaches the disk before it is acknowledged, so a power cut
                        // loses nothing acknowledged (GRDB's WAL set-up would leave NORMAL).
                        try db.execute(sql: "PRAGMA synchronous = FULL")
                    }
                    // Raw SQLite errors reach the retry below; the caller gets them as sentences.
                    try migrate(writer, location: location)
                    return AppDatabase(migrated: writer, path: path)
                } catch where attempt < 20 && isRaceWithAnotherOpen(error) {
                    Thread.sleep(forTimeInterval: 0.02 * Double(attempt))
                    attempt += 1
                }
            }
        }
    }

    /// Makes the database's folder when it is missing, and refuses a file or folder Todo can't
    /// use, with a sentence saying why (SQLite's own errors say less).
    private static func checkAccess(path: String, folder: String, location: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw TodoStorageError(.unavailable, "Can't open the database \(location): \(folder) is not a folder.")
            }
        } else {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw TodoStorageError(
                    .unavailable, "Can't create the folder \(folder) for the database: permission denied or no space.")
            }
        }
        if FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw TodoStorageError(.unavailable, "Can't read the database \(location): permission denied.")
            }
            // SQLite must write the file and its -wal and -shm companions, even to read.
            guard FileManager.default.isWritableFile(atPath: path), FileManager.default.isWritableFile(atPath: folder)
            else {
                throw TodoStorageError(
                    .readOnly, "The database \(location) is read-only (the file, its folder or its disk can't be written); nothing was changed.")
            }
        } else if !FileManager.default.isWritableFile(atPath: folder) {
            throw TodoStorageError(
                .unavailable, "Can't create the database \(location): the folder \(folder) can't be written (permission denied or a read-only disk).")
        }
    }

    private static func isRaceWithAnotherOpen(_ error: any Error) -> Bool {
        if let error = error as? DatabaseError {
            return [.SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_ERROR].contains(error.resultCode)
        }
        return (error as? TodoStorageError)?.kind == .busy
    }

    private static func configuration() -> Configuration {
        var config = Configuration()
        config.foreignKeysEnabled = true
        // Several processes (CLI commands, a server) may share one file: wait for the lock
        // instead of failing with "database is locked".
        config.busyMode = .timeout(10)
        config.label = "todo"
        config.prepareDatabase { db in
            // Read the file through a memory map instead of copying each page into a cache
            // of SQLite's own: a long list reads hundreds of pages. Writes still go through
            // the usual calls, with their error codes.
            try db.execute(sql: "PRAGMA mmap_size = 268435456")
        }
        return config
    }

    // MARK: - Schema

    /// Migrates `writer` up to the migration `identifier` only, as the version of Todo that
    /// ended with it left its files: for the tests of the later migrations.
    static func migrate(_ writer: any DatabaseWriter, upTo identifier: String) throws {
        try migrator.migrate(writer, upTo: identifier)
    }

    private static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        registerFirstMigrations(&migrator)
        registerRangesAndChips(&migrator)
        registerNumbersTrashAndSearch(&migrator)
        registerAccountsOwnersChangesAndCalDAV(&migrator)
        return migrator
    }()

    /// v1 to v3: the items, their projects and the section index.
    private static func registerFirstMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v1 items and projects") { db in
            try db.execute(sql: v1Schema)
        }
        migrator.registerMigration("v2 section counts") { db in
            // How many rows each section has, kept by triggers, so a page need not count a
            // long section on every request.
            try db.execute(sql: """
                CREATE TABLE sectionCount (
                    isDone INTEGER NOT NULL PRIMARY KEY CHECK (isDone IN (0, 1)),
                    count INTEGER NOT NULL CHECK (count >= 0)
                );
                INSERT INTO sectionCount (isDone, count)
                    VALUES (0, (SELECT COUNT(*) FROM todoItem WHERE isDone = 0)),
                           (1, (SELECT COUNT(*) FROM todoItem WHERE isDone = 1));
                \(Schema.sectionCountTriggersV2)
                """)
        }
        migrator.registerMigration("v3 list rows from the section index") { db in
            // The section index also carries what a list row shows, so a list is read from
            // the index alone, without a look-up in the table for every row.
            try db.execute(sql: """
                DROP INDEX todoItem_section;
                CREATE INDEX todoItem_section ON todoItem(isDone, position, id, title, locationName, dueDate);
                """)
        }
    }

    /// v4 and v5: the model's ranges as constraints, and the chips in the section index.
    private static func registerRangesAndChips(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v4 the model's ranges as CHECK constraints") { db in
            // HARDEN-1, -8, -9: every range of the model, repeated by the schema with the same
            // numbers. Rows an earlier version let in outside them are repaired first.
            try repairOutOfRangeRows(db)
            try db.execute(sql: """
                CREATE TABLE project_v4 (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL UNIQUE \(Schema.nameCheck("name", nullable: false))
                );
                INSERT INTO project_v4 (id, name) SELECT id, name FROM project;
                DROP TABLE project;
                ALTER TABLE project_v4 RENAME TO project;
                CREATE TABLE todoItem_v4 (\(Schema.itemColumnsV4));
                INSERT INTO todoItem_v4 SELECT id, title, details, isDone, dueDate, locationName, locationLatitude,
                    locationLongitude, projectId, estimateMinutes, repeatDays, position, createdAt, updatedAt,
                    completedAt, version FROM todoItem;
                DROP TABLE todoItem;
                ALTER TABLE todoItem_v4 RENAME TO todoItem;
                CREATE INDEX todoItem_section ON todoItem(isDone, position, id, title, locationName, dueDate);
                CREATE INDEX todoItem_project ON todoItem(projectId, isDone, position);
                CREATE INDEX todoItem_dueDate ON todoItem(dueDate, isDone, position);
                \(Schema.sectionCountTriggersV2)
                UPDATE sectionCount SET count = (SELECT COUNT(*) FROM todoItem WHERE isDone = sectionCount.isDone);
                """)
        }
        migrator.registerMigration("v5 list rows carry their chips") { db in
            // The web shows a row's project, estimate and repeat days as chips: the section
            // index carries them too, so rows still come from the index alone.
            try db.execute(sql: """
                DROP INDEX todoItem_section;
                CREATE INDEX todoItem_section ON todoItem(
                    isDone, position, id, title, locationName, dueDate, projectId, estimateMinutes, repeatDays);
                """)
        }
    }

    /// The v6 migrations: stable numbers and repeat links, the Trash, the search index.
    private static func registerNumbersTrashAndSearch(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v6-numbers stable item numbers and repeat links") { db in
            // NUMBER-1, -7: every item gets a stable number, the existing ones in their list
            // order; the next number to give is kept in a one-row table (not max + 1), so a
            // deleted item's number is never given again. REPEAT-1: a checked repeating item
            // keeps the id of the occurrence its check created. The section index carries
            // the number, so list rows still come from the index alone.
            try db.execute(sql: """
                ALTER TABLE todoItem ADD COLUMN number INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE todoItem ADD COLUMN nextOccurrenceId TEXT;
                CREATE TEMP TABLE numbering (id TEXT NOT NULL PRIMARY KEY, number INTEGER NOT NULL);
                INSERT INTO numbering (id, number)
                    SELECT id, ROW_NUMBER() OVER (ORDER BY isDone, position, id) FROM todoItem;
                UPDATE todoItem SET number = (SELECT number FROM numbering WHERE numbering.id = todoItem.id);
                DROP TABLE numbering;
                CREATE UNIQUE INDEX todoItem_number ON todoItem(number);
                CREATE TABLE itemNumberCounter (
                    id INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
                    next INTEGER NOT NULL CHECK (next >= 1)
                );
                INSERT INTO itemNumberCounter (id, next) VALUES (1, (SELECT COUNT(*) FROM todoItem) + 1);
                DROP INDEX todoItem_section;
                CREATE INDEX todoItem_section ON todoItem(\(Schema.sectionIndexColumnsV6));
                """)
        }
        migrator.registerMigration("v6-trash deleted items kept 30 days") { db in
            // docs/specs/trash.md: a deleted item moves here, beside the list, so that no list,
            // count or search query changes. The purge reads the `deletedAt` index.
            try db.execute(sql: """
                CREATE TABLE trashedItem (\(Schema.trashColumnsV6));
                CREATE INDEX trashedItem_deletedAt ON trashedItem(deletedAt);
                """)
        }
        migrator.registerMigration("v6-search full-text index") { db in
            // FIND-1…7: search through an FTS5 trigram index of the items' texts, filled from the
            // items already there and kept by triggers (SearchIndex).
            try SearchIndex.create(db, ownedItems: false)
        }
    }

    /// v7 to v13: accounts, owners, the record of changes and CalDAV.
    private static func registerAccountsOwnersChangesAndCalDAV(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v7-accounts accounts, tokens, sessions and sign-in failures") { db in
            // docs/specs/accounts.md: beside the items, which this migration leaves alone.
            try db.execute(sql: SQLiteAccountStore.schema)
        }
        migrator.registerMigration("v8-owners each person's items apart") { db in
            try migrateToOwners(db)
        }
        migrator.registerMigration("v9-changes the record of changes live pages follow") { db in
            // docs/specs/live.md, LIVE-7 and LIVE-8: written by triggers, in the transaction of
            // each write, whichever process makes it.
            try db.execute(sql: SQLiteChangeRecord.v9)
        }
        migrator.registerMigration("v10-change-origin a page knows its own changes without it") { db in
            try SQLiteChangeRecord.v10(db)
        }
        migrator.registerMigration("v11-caldav CalDAV's names, kept text and calendars beside the items") { db in
            // docs/specs/caldav.md (DAV-6, DAV-10, DAV-14, DAV-16, DAV-17): `SQLiteCalendarResources`.
            try db.execute(sql: SQLiteCalendarResources.v11)
        }
        migrator.registerMigration("v12-calendar-changes each calendar reads the changes of its own list") { db in
            // docs/specs/caldav.md, DAV-24: `SQLiteChangeRecord.v12`.
            try SQLiteChangeRecord.v12(db)
        }
        migrator.registerMigration("v13-calendar-uid a PUT finds a UID of the calendar by index") { db in
            // docs/specs/caldav.md, DAV-29: `no-uid-conflict` looks a UID up on every PUT.
            try db.execute(sql: "CREATE INDEX calendarResource_uid ON calendarResource(owner, uid)")
        }
    }

    /// The tables and indexes of migration v1 (history).
    private static let v1Schema = """
        CREATE TABLE project (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL UNIQUE
                CHECK (length(trim(name)) > 0 AND length(name) <= 2000)
        );
        CREATE TABLE todoItem (
            id TEXT NOT NULL PRIMARY KEY
                CHECK (length(id) = 36 AND id = lower(id)),
            title TEXT NOT NULL
                CHECK (length(trim(title)) > 0 AND length(title) <= 5000),
            details TEXT
                CHECK (details IS NULL OR length(details) <= 100000),
            isDone INTEGER NOT NULL CHECK (isDone IN (0, 1)),
            dueDate TEXT
                CHECK (dueDate IS NULL OR (length(dueDate) = 10 AND date(dueDate, '+0 days') = dueDate)),
            locationName TEXT
                CHECK (locationName IS NULL OR length(trim(locationName)) > 0),
            locationLatitude REAL
                CHECK (locationLatitude IS NULL OR locationLatitude BETWEEN -90 AND 90),
            locationLongitude REAL
                CHECK (locationLongitude IS NULL OR locationLongitude BETWEEN -180 AND 180),
            projectId INTEGER REFERENCES project(id) ON DELETE RESTRICT,
            estimateMinutes INTEGER
                CHECK (estimateMinutes IS NULL OR estimateMinutes BETWEEN 1 AND 10080),
            repeatDays INTEGER NOT NULL DEFAULT 0 CHECK (repeatDays BETWEEN 0 AND 127),
            position REAL NOT NULL,
            createdAt INTEGER NOT NULL,
            updatedAt INTEGER NOT NULL,
            completedAt INTEGER,
            version INTEGER NOT NULL CHECK (version >= 1),
            CHECK ((isDone = 1) = (completedAt IS NOT NULL)),
            CHECK ((locationLatitude IS NULL) = (locationLongitude IS NULL)),
            CHECK (locationName IS NOT NULL OR locationLatitude IS NULL)
        );
        -- Display order (and first / last of a section) straight from the index.
        CREATE INDEX todoItem_section ON todoItem(isDone, position, id);
        CREATE INDEX todoItem_project ON todoItem(projectId, isDone, position);
        CREATE INDEX todoItem_dueDate ON todoItem(dueDate, isDone, position);
        """

    /// Migration v8-owners (docs/specs/sharing.md, OWNER-1…8): every row of items, projects,
    /// numbers, section counts and the Trash gets its owner, and the rows already there are the
    /// local list (''; OWNER-6). The tables are rebuilt as v4 did, so that ids and project names
    /// are unique per owner; every index leads with the owner, so one owner's list still reads
    /// from the section index alone. The search index is keyed by the items' rowids: filled
    /// again, with its triggers (`SearchIndex`). Shares (`listShare`) and the removal of an
    /// account's lists (a trigger on `account`) come with it.
    private static func migrateToOwners(_ db: Database) throws {
        try db.execute(sql: ownedTablesV8)
        try db.execute(sql: ownedIndexesAndSharesV8)
        try SearchIndex.rebuild(db)
    }

    /// v8-owners' tables, each made anew with its owner, its rows copied as the local list's.
    private static var ownedTablesV8: String {
        let itemFields = """
            id, title, details, isDone, dueDate, locationName, locationLatitude, locationLongitude, projectId,
            estimateMinutes, repeatDays, position, createdAt, updatedAt, completedAt, version, number, nextOccurrenceId
            """
        let trashFields = """
            id, title, details, isDone, dueDate, locationName, locationLatitude, locationLongitude, projectName,
            number, deletedAt, estimateMinutes, repeatDays, position, createdAt, updatedAt, completedAt, version
            """
        return """
            CREATE TABLE project_v8 (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                owner TEXT NOT NULL \(Schema.ownerCheck("owner")),
                name TEXT NOT NULL \(Schema.nameCheck("name", nullable: false)),
                UNIQUE (owner, name),
                UNIQUE (owner, id)
            );
            INSERT INTO project_v8 (id, owner, name) SELECT id, '', name FROM project;
            CREATE TABLE todoItem_v8 (\(Schema.itemColumns));
            INSERT INTO todoItem_v8 (owner, \(itemFields)) SELECT '', \(itemFields) FROM todoItem;
            CREATE TABLE trashedItem_v8 (\(Schema.trashColumns));
            INSERT INTO trashedItem_v8 (owner, \(trashFields)) SELECT '', \(trashFields) FROM trashedItem;
            CREATE TABLE itemNumberCounter_v8 (
                owner TEXT NOT NULL PRIMARY KEY \(Schema.ownerCheck("owner")),
                next INTEGER NOT NULL CHECK (next >= 1)
            ) WITHOUT ROWID;
            INSERT INTO itemNumberCounter_v8 (owner, next) SELECT '', next FROM itemNumberCounter WHERE id = 1;
            CREATE TABLE sectionCount_v8 (
                owner TEXT NOT NULL \(Schema.ownerCheck("owner")),
                isDone INTEGER NOT NULL CHECK (isDone IN (0, 1)),
                count INTEGER NOT NULL CHECK (count >= 0),
                PRIMARY KEY (owner, isDone)
            ) WITHOUT ROWID;
            DROP TABLE todoItem;
            DROP TABLE project;
            DROP TABLE trashedItem;
            DROP TABLE itemNumberCounter;
            DROP TABLE sectionCount;
            ALTER TABLE project_v8 RENAME TO project;
            ALTER TABLE todoItem_v8 RENAME TO todoItem;
            ALTER TABLE trashedItem_v8 RENAME TO trashedItem;
            ALTER TABLE itemNumberCounter_v8 RENAME TO itemNumberCounter;
            ALTER TABLE sectionCount_v8 RENAME TO sectionCount;
            """
    }

    /// v8-owners' section counts, indexes and triggers, and the shares of lists.
    private static var ownedIndexesAndSharesV8: String {
        """
            INSERT INTO sectionCount (owner, isDone, count)
                SELECT owner, isDone, COUNT(*) FROM todoItem GROUP BY owner, isDone;
            CREATE INDEX todoItem_section ON todoItem(\(Schema.sectionIndexColumns));
            CREATE INDEX todoItem_project ON todoItem(owner, projectId, isDone, position);
            CREATE INDEX todoItem_dueDate ON todoItem(owner, dueDate, isDone, position);
            CREATE UNIQUE INDEX todoItem_number ON todoItem(owner, number);
            CREATE INDEX trashedItem_deletedAt ON trashedItem(owner, deletedAt);
            \(Schema.sectionCountTriggers)
            \(SearchIndex.triggers(ownedItems: true))
            CREATE TABLE listShare (
                ownerId TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                list TEXT NOT NULL \(Schema.nameCheck("list", nullable: false)),
                personId TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                role TEXT NOT NULL CHECK (role IN ('viewer', 'editor')),
                PRIMARY KEY (ownerId, list, personId),
                CHECK (ownerId != personId)
            ) WITHOUT ROWID;
            CREATE INDEX listShare_person ON listShare(personId);
            -- OWNER-8: an account's lists go with it, in the same transaction.
            CREATE TRIGGER account_removed AFTER DELETE ON account BEGIN
                DELETE FROM todoItem WHERE owner = OLD.id;
                DELETE FROM project WHERE owner = OLD.id;
                DELETE FROM trashedItem WHERE owner = OLD.id;
                DELETE FROM itemNumberCounter WHERE owner = OLD.id;
                DELETE FROM sectionCount WHERE owner = OLD.id;
            END;
            """
    }

    /// Brings rows written before v4 inside the model's ranges, losing nothing a person wrote:
    /// a title over the limit keeps its first part and moves whole into the details.
    private static func repairOutOfRangeRows(_ db: Database) throws {
        let maxTitle = TodoRules.maxTitleLength, maxDetails = TodoRules.maxDetailsLength
        let maxName = TodoRules.maxNameLength
        let versions = TodoRules.versionRange, times = TodoRules.timestampRange
        try db.execute(sql: """
            UPDATE todoItem SET version = \(versions.upperBound) WHERE version > \(versions.upperBound);
            UPDATE todoItem SET createdAt = max(\(times.lowerBound), min(\(times.upperBound), createdAt)),
                updatedAt = max(\(times.lowerBound), min(\(times.upperBound), updatedAt)),
                completedAt = CASE WHEN completedAt IS NULL THEN NULL
                    ELSE max(\(times.lowerBound), min(\(times.upperBound), completedAt)) END
                WHERE createdAt NOT BETWEEN \(times.lowerBound) AND \(times.upperBound)
                   OR updatedAt NOT BETWEEN \(times.lowerBound) AND \(times.upperBound)
                   OR completedAt NOT BETWEEN \(times.lowerBound) AND \(times.upperBound);
            UPDATE todoItem SET locationName = substr(locationName, 1, \(maxName))
                WHERE length(locationName) > \(maxName);
            UPDATE project SET name = substr(name, 1, \(maxName - 12)) || ' (' || id || ')'
                WHERE length(name) > \(maxName);
            """)
        let long = try Row.fetchAll(
            db, sql: "SELECT id, title, details FROM todoItem WHERE length(title) > ? OR length(details) > ?",
            arguments: [maxTitle, maxDetails])
        for row in long {
            let title: String = row["title"], details: String? = row["details"]
            var newTitle = title, newDetails = details
            if TodoRules.length(title) > maxTitle {
                newTitle = String(String.UnicodeScalarView(title.unicodeScalars.prefix(maxTitle - 1))) + "…"
                newDetails = title + (details.map { "\n\n" + $0 } ?? "")
            }
            if let text = newDetails, TodoRules.length(text) > maxDetails {
                newDetails = String(String.UnicodeScalarView(text.unicodeScalars.prefix(maxDetails)))
            }
            try db.execute(
                sql: "UPDATE todoItem SET title = ?, details = ? WHERE id = ?",
                arguments: [newTitle, newDetails, row["id"] as String])
        }
        // Before v8 the table has no owner: its rows are the local list.
        for done in [false, true] { try respaceIfFarOut(db, owner: nil, done: done) }
    }

    /// The condition on `todoItem` that keeps `owner`'s rows, and its argument; none for nil
    /// (a migration before v8-owners, whose table has no owner).
    private static func ownerCondition(_ owner: String?) -> (String, StatementArguments) {
        owner.map { ("owner = ? AND ", [$0]) } ?? ("", [])
    }

    /// Respaces a section of `owner`'s list whose first or last position has left the
    /// comfortable range.
    static func respaceIfFarOut(_ db: Database, owner: String?, done: Bool) throws {
        let comfortable = TodoRules.comfortablePositions
        let (mine, arguments) = ownerCondition(owner)
        let edges = try Row.fetchOne(
            db, sql: "SELECT MIN(position), MAX(position) FROM todoItem WHERE \(mine)isDone = ?", arguments: arguments + [done])
        guard let first = edges?[0] as Double?, let last = edges?[1] as Double?,
              !comfortable.contains(first) || !comfortable.contains(last)
        else { return }
        try respace(db, owner: owner, done: done)
    }

    /// Evenly respaces a section, keeping its order. With `index`, leaves a free place there (at
    /// most the end) for the item `id`, which is left out, and returns that place. Needed when a
    /// gap has been halved ~50 times, or a section's edge has gone far out.
    @discardableResult
    static func respace(
        _ db: Database, owner: String?, done: Bool, leavingGapAt index: Int? = nil, for id: String = ""
    ) throws -> Double? {
        let (mine, arguments) = ownerCondition(owner)
        let ids = try String.fetchAll(
            db, sql: "SELECT id FROM todoItem WHERE \(mine)isDone = ? AND id != ? ORDER BY position, id",
            arguments: arguments + [done, id])
        let gap = index.map { min(max($0, 0), ids.count) }
        let positions = Ordering.respaced(count: ids.count + (gap == nil ? 0 : 1))
        let statement = try db.makeStatement(sql: "UPDATE todoItem SET position = ? WHERE \(mine)id = ?")
        for (offset, other) in ids.enumerated() {
            try statement.execute(
                arguments: [positions[gap.map { offset < $0 ? offset : offset + 1 } ?? offset]] + arguments + [other])
        }
        return gap.map { positions[$0] }
    }

    // MARK: - Errors

    /// Runs `body`, turning SQLite's failures into `TodoStorageError` sentences.
    static func translatingErrors<T>(location: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw storageError(error, location: location)
        }
    }

    /// Where the database is, as the sentences of its failures name it.
    var location: String { path.map { "at \($0)" } ?? "in memory" }

    /// Reads, with the storage's failures told as sentences (`TodoStorageError`).
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await writer.read(body)
        } catch let error as DatabaseError {
            throw Self.storageError(error, location: location, path: path)
        }
    }

    /// Writes in one transaction, with the storage's failures told as sentences.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await writer.write(body)
        } catch let error as DatabaseError {
            throw Self.storageError(error, location: location, path: path)
        }
    }

    /// Runs a long import with the marker that tells other writers to give up at once.
    func importing<T>(_ body: () async throws -> T) async rethrows -> T {
        guard let path else { return try await body() }
        return try await ImportMarker(databasePath: path).holding(body)
    }

    static func storageError(_ error: DatabaseError, location: String, path: String? = nil) -> any Error {
        switch error.resultCode {
        case .SQLITE_BUSY where path.map { ImportMarker(databasePath: $0).isHeld } ?? false:
            return TodoStorageError.importing
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return TodoStorageError(.busy, "The database \(location) is locked by another program; try again in a moment.")
        case .SQLITE_READONLY:
            return TodoStorageError(.readOnly, "The database \(location) is read-only; nothing was changed.")
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
            return TodoStorageError(.unavailable, "Can't open the database \(location): permission denied or the file is missing.")
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return TodoStorageError(.corrupt, "The file \(location) is not a Todo database or is damaged; nothing was changed.")
        case .SQLITE_FULL:
            return TodoStorageError(.full, "The disk holding the database \(location) is full; nothing was changed.")
        case .SQLITE_IOERR:
            return TodoStorageError(.unavailable, "Can't read or write the database \(location) (input/output error); nothing was changed.")
        case .SQLITE_CONSTRAINT:
            // The model checks every rule first; this is the schema's backstop (HARDEN-8).
            return TodoStorageError(.rejected, "The item breaks a rule of the database; nothing was changed.")
        default:
            // Never SQL text in a sentence a person reads: the code is enough to look it up.
            return TodoStorageError(
                .unavailable, "The database \(location) failed (SQLite error \(error.extendedResultCode.rawValue)); nothing was changed.")
        }
    }
}

import Foundation
import GRDB
import TodoCore

/// The Todo database: owns the schema and its migrations, the connection settings, and the
/// translation of SQLite failures into sentences (`TodoStorageError`).
///
/// The schema repeats the model's rules as NOT NULL / CHECK constraints (coarser where
/// SQLite counts differently) so that even a bug cannot store a bad row.
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
                let (superseded, complete) = try writer.read { db in
                    (try Self.migrator.hasBeenSuperseded(db), try Self.migrator.hasCompletedMigrations(db))
                }
                if superseded {
                    throw TodoStorageError(
                        .newerSchema,
                        "The database \(location) was written by a newer version of Todo; "
                            + "update Todo to open it (nothing was changed).")
                }
                // Up to date (every open but the first): no write transaction, no lock taken.
                if !complete { try Self.migrator.migrate(writer) }
                return
            } catch let error as DatabaseError
                where [.SQLITE_ERROR, .SQLITE_CONSTRAINT].contains(error.resultCode) && attempt < 10
            {
                attempt += 1
            }
        }
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
            var config = configuration()
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
                    return try AppDatabase(writer, path: path)
                } catch where attempt < 20 && isRaceWithAnotherOpen(error) {
                    Thread.sleep(forTimeInterval: 0.02 * Double(attempt))
                    attempt += 1
                }
            }
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

    private static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 items and projects") { db in
            try db.execute(sql: """
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
                """)
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
                CREATE TRIGGER todoItem_counted AFTER INSERT ON todoItem BEGIN
                    UPDATE sectionCount SET count = count + 1 WHERE isDone = NEW.isDone;
                END;
                CREATE TRIGGER todoItem_uncounted AFTER DELETE ON todoItem BEGIN
                    UPDATE sectionCount SET count = count - 1 WHERE isDone = OLD.isDone;
                END;
                CREATE TRIGGER todoItem_recounted AFTER UPDATE OF isDone ON todoItem
                    WHEN OLD.isDone != NEW.isDone BEGIN
                    UPDATE sectionCount SET count = count - 1 WHERE isDone = OLD.isDone;
                    UPDATE sectionCount SET count = count + 1 WHERE isDone = NEW.isDone;
                END;
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
        return migrator
    }()

    // MARK: - Errors

    /// Runs `body`, turning SQLite's failures into `TodoStorageError` sentences.
    static func translatingErrors<T>(location: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw storageError(error, location: location)
        }
    }

    static func storageError(_ error: DatabaseError, location: String) -> any Error {
        switch error.resultCode {
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
        default:
            return error
        }
    }
}

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

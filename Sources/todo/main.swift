import ArgumentParser
import Foundation
import TodoAccounts
import TodoCLI
import Synchronization
import TodoCore
import TodoPostgres
import TodoStore
import TodoWeb

/// `todo`: the terminal commands plus `serve`, the web app.
struct Todo: ParsableCommand {
    static let configuration = TodoCommand.makeConfiguration(adding: [ServeCommand.self])
}

// The composition root: the Views over the SQLite (or PostgreSQL) stores, on the real clock, in
// the machine's time zone (`TZ`), and on the real terminal. Only here (and in `serve`) is the live
// clock handed out: everything below is given its clock (docs/specs/testing.md, TEST-1).
let clock = TodoEnvironment.live
let context: CLIContext = {
    var context = CLIContext(
        openStore: { location, access in
            switch location {
            case .file(let path): SQLiteTodoStore(database: try Databases.sqlite(path, access), environment: clock)
            case .inMemory: InMemoryTodoStore(environment: clock)
            case .postgres(let url): try await Databases.postgres(url, access).store(owner: .local, environment: clock)
            }
        },
        stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, today: { clock.today }, now: clock.now)
    // `todo users`, `todo share`, `--user` and `serve --accounts`: the people live in the same
    // database as the items.
    context.openPeople = { location, access in
        switch location {
        case .file(let path):
            let database = try Databases.sqlite(path, access)
            return PeopleDatabase(
                accounts: SQLiteAccountStore(database: database),
                lists: PeopleLists(sharing: SQLiteListSharing(database: database)) {
                    SQLiteTodoStore(database: database, environment: clock, owner: $0)
                },
                adoptLocalList: { try await SQLiteTodoStore.adoptLocalList(in: database, by: $0) },
                calendars: SQLiteCalendarResources(database: database))
        case .inMemory:
            return PeopleDatabase(accounts: InMemoryAccountStore(), lists: .inMemory(environment: clock))
        case .postgres(let url):
            let database = try await Databases.postgres(url, access)
            return PeopleDatabase(
                accounts: database.accounts, lists: PeopleLists(sharing: database.sharing) { database.store(owner: $0, environment: clock) },
                calendars: database.calendars)
        }
    }
    // `todo list --watch` (LIVE-16): the file's changes, whoever makes them, every 250 ms.
    context.followFile = { path, started, changed in
        try await SQLiteChangeWatcher.watch(
            path: path, every: .milliseconds(250), endsWhenGone: true, started: { started() }, changed: { changed() })
    }
    return context
}()

/// The PostgreSQL database of this process: opened once, its pool run for as long as the
/// process lives (a command, or the server), brought up to date before first use.
enum Databases {
    private static let files = Mutex<[String: AppDatabase]>([:])

    /// The SQLite file at `path`, opened once per process and kind of access: a command that
    /// reads the list and asks whether the file has accounts (MODE-4) opens it once.
    static func sqlite(_ path: String, _ access: StoreAccess) throws -> AppDatabase {
        try files.withLock { files in
            let key = (access == .server ? "server:" : "one-shot:") + path
            if let database = files[key] { return database }
            let database = try AppDatabase.open(path: path, concurrentReads: access == .server)
            files[key] = database
            return database
        }
    }

    /// Closes the SQLite files this process opened, once its command or server is done: each
    /// leaves no `-wal` file beside it (SAVE-6).
    static func closeFiles() {
        for database in files.withLock({ files in defer { files = [:] }; return Array(files.values) }) {
            // One that can't close now keeps its log, which the next open reads: nothing is lost.
            try? database.close()
        }
    }

    private static let opened = Mutex<[String: (PostgresTodoDatabase, migrated: Task<Void, any Error>?)]>([:])

    /// The PostgreSQL database at `url`, opened once per process. A command's is run here, as
    /// long as the process lives, and migrated before it is returned; the server's is only
    /// opened: `todo serve` runs its pool among the application's services and migrates it before
    /// it listens (``ServeCommand``).
    static func postgres(_ url: String, _ access: StoreAccess = .oneShot) async throws -> PostgresTodoDatabase {
        let (database, migrated) = try opened.withLock { opened in
            if let known = opened[url] { return known }
            let database = try PostgresTodoDatabase.open(url: url)
            let known = (database, migrated: access == .server ? nil : runForCommand(database))
            opened[url] = known
            return known
        }
        try await migrated?.value
        return database
    }

    /// Runs a command's pool for the rest of the process (no server's services to run it in),
    /// and migrates it.
    private static func runForCommand(_ database: PostgresTodoDatabase) -> Task<Void, any Error> {
        Task { await database.run() }
        return Task { try await database.migrate() }
    }
}

// An argument that is not UTF-8 would reach the commands as replacement characters, so a title
// would be stored other than typed: refuse it instead.
for index in 1..<Int(CommandLine.argc) {
    if let raw = CommandLine.unsafeArgv[index], String(validatingCString: raw) == nil {
        FileHandle.standardError.write(Data("todo: \(ServeText.notUTF8(argument: index, context: context))\n".utf8))
        exit(64)
    }
}
let status = await TodoCLI.run(Todo.self, Array(CommandLine.arguments.dropFirst()), context: context)
Databases.closeFiles()
exit(status)

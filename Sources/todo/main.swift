import Foundation
import Logging
import ServerOptions
import ServiceLifecycle
import TodoAccounts
import TodoCLI
import TodoCore
import TodoDAV
import TodoPostgres
import TodoSQLite
import TodoWeb
import WebUI

// The composition root: the Views over the stores, on the real clock and zone (`TZ`) and terminal (TEST-1).
// `--tz ZONE` (TIME-6): the list's days and times are reckoned in it, else in `TZ`'s.
let clock = CLITimeZone.named(in: CommandLine.arguments.dropFirst()).map(TodoEnvironment.live.reckoning) ?? .live
var context = CLIContext(
    openStore: { location, access in try await people(location, access).lists.store(.local) },
    stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, today: { clock.today }, now: clock.now)
context.openPeople = people
context.systemZone = .current
// `todo list --watch` (LIVE-16): the file's changes, every 250 ms.
context.followFile = { try await SQLiteChangeWatcher.watch(path: $0, every: .milliseconds(250), endsWhenGone: true, started: $1, changed: $2) }
context.buildServer = webServer
context.localNetwork = { LocalNetwork.current() }

/// The lists and people of the database at `location`: the people (`todo users`, `todo share`,
/// `--user`, `serve --accounts`) live with the items; a command without them reads the local list.
func people(_ location: StoreLocation, _ access: StoreAccess) async throws -> PeopleDatabase {
    switch location {
    case .file(let path):
        let database = try sqlite(path, access)
        let accounts = SQLiteAccountStore(database: database)
        let lists = PeopleLists(sharing: SQLiteListSharing(database: database), zones: { try await accounts.timeZones(of: $0) }) {
            SQLiteTodoStore(database: database, environment: clock.reckoning(in: $1 ?? clock.timeZone), owner: $0)
        }
        return PeopleDatabase(
            accounts: accounts, lists: lists,
            adoptLocalList: { try await SQLiteTodoStore.adoptLocalList(in: database, by: $0) },
            calendars: SQLiteCalendarResources(database: database))
    case .inMemory:
        let accounts = InMemoryAccountStore()
        return PeopleDatabase(accounts: accounts, lists: .inMemory(environment: clock) { await accounts.timeZones(of: $0) })
    case .postgres(let url):
        let database = try await postgres(url, access)
        let lists = PeopleLists(sharing: database.sharing, zones: { try await database.accounts.timeZones(of: $0) }) {
            database.store(owner: $0, environment: clock.reckoning(in: $1 ?? clock.timeZone))
        }
        return PeopleDatabase(accounts: database.accounts, lists: lists, calendars: database.calendars)
    }
}

/// This process's databases, each opened once: a SQLite file per kind of access (MODE-4); a PostgreSQL pool run
/// and migrated before first use by a command, or among its services and before it listens by the server.
let files = OpenedOnce<AppDatabase>(), servers = OpenedOnce<(PostgresTodoDatabase, migrated: Task<Void, any Error>?)>()
func sqlite(_ path: String, _ access: StoreAccess) throws -> AppDatabase {
    try files.value((access == .server ? "server:" : "one-shot:") + path) {
        try AppDatabase.open(path: path, concurrentReads: access == .server)
    }
}
func postgres(_ url: String, _ access: StoreAccess) async throws -> PostgresTodoDatabase {
    let (database, migrated) = try servers.value(url) {
        let database = try PostgresTodoDatabase.open(url: url)
        if access == .server { return (database, nil) }
        Task { await database.run() }
        return (database, migrated: Task { try await database.migrate() })
    }
    try await migrated?.value
    return database
}

/// `todo serve`'s server: the web app, CalDAV for people who sign in, following changes by file watcher or NOTIFY (LIVE-7…9).
func webServer(_ start: ServeStart) async throws -> BuiltServer {
    let mode = start.configuration
    var options = TodoWebOptions(
        host: mode.host, port: mode.port, corsOrigins: mode.corsOrigins,
        allowedHosts: start.safety.allowedHosts + (start.network?.hostNames ?? []),
        limits: start.safety.limits, today: { clock.today }, now: clock.now)
    (options.trustedProxies, options.timeZone) = (mode.trustedProxies, clock.timeZone)
    (options.phoneHosts, options.usersCommand) = (start.network?.phoneHosts ?? [], start.usersCommand)
    if let people = start.people, let signIn = mode.signIn {
        let accounts = Accounts(store: people.accounts, now: clock.now)
        (options.accounts, options.lists, options.allowSignup, options.secureCookies) =
            (accounts, people.lists, signIn.allowSignup, signIn.secureCookies)
        if let calendars = people.calendars {
            options.services.append(CalDAVServer(
                accounts: accounts, lists: people.lists, calendars: calendars, timeZone: clock.timeZone, now: clock.now).service())
        }
    }
    let logger = Logger(label: "todo")
    let streams = LiveChanges.Limits(total: DescriptorBudget.fit(&options.limits, maxStreams: mode.maxStreams, logger: logger))
    var follow: (@Sendable () async throws -> Void)?, pool: [any Service] = [], migrate: @Sendable () async throws -> Void = {}
    if case .file(let path) = mode.location {
        let record = SQLiteChangeRecord(database: try sqlite(path, .server))
        let live = LiveChanges(record: record, limits: streams)
        (options.live, options.changes) = (live, record)
        follow = { try await SQLiteChangeWatcher.watch(path: path) { await live.changed() } }
    } else if case .postgres(let url) = mode.location {
        let database = try await postgres(url, .server)
        let live = LiveChanges(record: database.changes, limits: streams)
        (options.live, options.changes) = (live, database.changes)
        follow = { for await _ in database.notifications() { await live.changed() } }
        (pool, migrate) = ([database.client], { try await database.migrate() })
    }  // In memory, a throwaway demo: no record of changes.
    let app = try TodoWebApp.buildApplication(
        store: start.store, options: options, logger: logger, services: pool, beforeServing: migrate, onServerRunning: start.announce)
    return BuiltServer(run: { try await app.runService() }, follow: follow)
}

let status = await TodoCLI.runCommandLine(context: context)
// Each file closes once its command or server is done, leaving no `-wal` beside it (SAVE-6).
for database in files.removeAll() { try? database.close() }
exit(status)

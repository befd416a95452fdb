import ArgumentParser
import Foundation
import Hummingbird
import Logging
import TodoAccounts
import TodoCLI
import TodoCore
import TodoDAV
import TodoStore
import TodoWeb
import WebUI

/// `todo serve`: the web app on this machine.
struct ServeCommand: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the web app; open the printed address in a browser.",
        discussion: "Stops cleanly on Ctrl-C (SIGINT) or SIGTERM.")

    @Option(help: "The address to listen on. Without accounts, a loopback address (127.0.0.1, ::1, localhost): only this machine may connect.")
    var host = "127.0.0.1"
    @Option(help: "The port to listen on (0 picks a free one).") var port = 8080
    @Flag(name: .customLong("in-memory"), help: "Keep items in memory only, for a throwaway demo.") var inMemory = false
    @Option(
        name: .customLong("cors-origin"),
        help: ArgumentHelp("Let pages from this origin use the API (repeatable; * allows any).", valueName: "origin"))
    var corsOrigins: [String] = []
    @Flag(help: "Accounts: each person signs in to their own lists (always on with --database-url).")
    var accounts = false
    @Flag(name: .customLong("allow-signup"), help: "Let anyone make an account at /signup (with accounts).")
    var allowSignup = false
    @Flag(name: .customLong("secure-cookies"), help: "Mark the session cookie Secure: behind TLS (with accounts).")
    var secureCookies = false
    @Option(
        name: .customLong("trusted-proxy"),
        help: ArgumentHelp(
            "A reverse proxy's IP address (repeatable): from it, the client's address is the last in X-Forwarded-For.",
            valueName: "address"))
    var trustedProxies: [String] = []
    @Option(
        name: .customLong("max-streams"),
        help: "Event streams served at once (each an open page following its list); each holds a connection of its own, on top of --max-connections.")
    var maxStreams = LiveChanges.Limits().total
    @OptionGroup var safety: ServerSafetyOptions
    @OptionGroup var store: StoreOptions

    init() {}

    func validate() throws {
        if inMemory, store.db != nil || store.databaseURL != nil { throw CLIWords.refusal("cli.validate.db-and-memory") }
        if inMemory, accounts { throw CLIWords.refusal("cli.validate.accounts-and-memory") }
        guard (0...65535).contains(port) else { throw CLIWords.refusal("cli.validate.port") }
        guard (1...100_000).contains(maxStreams) else { throw CLIWords.refusal("cli.validate.max-streams") }
        for address in trustedProxies where !IPAddress.isAddress(address) {
            throw CLIWords.refusal("cli.validate.trusted-proxy", ["address": address])
        }
        for origin in corsOrigins where origin != "*" {
            guard let url = URL(string: origin), ["http", "https"].contains(url.scheme ?? ""), url.host != nil,
                  url.path.isEmpty || url.path == "/"
            else { throw CLIWords.refusal("cli.validate.origin", ["origin": origin]) }
        }
    }

    func run(in context: CLIContext) async throws {
        let location: StoreLocation = inMemory ? .inMemory : store.location(context)
        // Event streams don't count towards --max-connections (the guard leaves them out): they
        // are limited by --max-streams (LIVE-5).
        var options = TodoWebOptions(
            host: host, port: port, corsOrigins: corsOrigins, allowedHosts: safety.allowedHosts, limits: safety.limits,
            today: { clock.today }, now: clock.now)
        options.trustedProxies = trustedProxies
        let todoStore: any TodoStore
        let withAccounts: Bool = if case .postgres = location { true } else { accounts }
        // Before anything is opened (MODE-2, MODE-3).
        if let refusal = ServeText.refusal(
            host: host, isLoopback: ListenAddress.isLoopback(host), withAccounts: withAccounts,
            accountOptions: allowSignup || secureCookies, context: context)
        {
            throw refusal
        }
        if withAccounts {
            // Each person's lists, and the people to sign in (MODE-3, MODE-4).
            let people = try await store.people(context, .server)
            let accounts = Accounts(store: people.accounts, now: clock.now)
            options.accounts = accounts
            options.lists = people.lists
            options.allowSignup = allowSignup
            options.secureCookies = secureCookies
            // CalDAV on the same listener (docs/specs/caldav.md): phones and desktop apps sync the same lists.
            if let calendars = people.calendars {
                let dav = CalDAVServer(accounts: accounts, lists: people.lists, calendars: calendars, now: clock.now)
                options.services.append { router in router.add(middleware: dav.middleware()) }
            }
            todoStore = people.lists.store(.local)
        } else {
            todoStore = try await context.openStore(location, .server)
            // The local list of a database with accounts is nobody's: its people sign in (MODE-4).
            if case .file(let path) = location, try await context.fileHasAccounts(location, .server) {
                throw ServeText.hasAccounts(path: path, context: context)
            }
        }
        // Pages follow the database's changes, whoever makes them (docs/specs/live.md, LIVE-7…9):
        // a file's by its watcher; PostgreSQL's by NOTIFY, from this instance and every other.
        // Every connection and stream is a descriptor: fit both to this process's limit (HARDEN-21).
        let logger = Logger(label: "todo")
        let (budget, descriptorLimit) = DescriptorBudget.fitToProcessLimit(
            maxConnections: safety.maxConnections, maxStreams: maxStreams)
        if budget.lowered {
            logger.warning("\(budget.sentence(limit: descriptorLimit, askedConnections: safety.maxConnections, askedStreams: maxStreams))")
        }
        options.limits.maxConnections = budget.maxConnections
        let streams = LiveChanges.Limits(total: budget.maxStreams)
        let follow: (@Sendable (LiveChanges) async throws -> Void)?
        switch location {
        case .file(let path):
            options.live = LiveChanges(record: SQLiteChangeRecord(database: try Databases.sqlite(path, .server)), limits: streams)
            follow = { live in try await SQLiteChangeWatcher.watch(path: path) { await live.changed() } }
        case .postgres(let url):
            let database = try await Databases.postgres(url)
            options.live = LiveChanges(record: database.changes, limits: streams)
            follow = { live in for await _ in database.notifications() { await live.changed() } }
        case .inMemory:
            follow = nil  // a throwaway demo: no record of changes
        }
        let host = self.host
        let environment = context.environment
        let app = try TodoWebApp.buildApplication(
            store: todoStore, options: options,
            logger: logger,
            onServerRunning: { port in
                let shown = host.contains(":") ? "[\(host)]" : host
                // Straight to standard output, unbuffered: scripts wait for this line.
                let line = ServeText.running(address: "http://\(shown):\(port)/", location: location, environment: environment)
                FileHandle.standardOutput.write(Data(line.utf8))
            })
        // Once the app is built: nothing follows the database for a server that can't start.
        let watcher = options.live.flatMap { live in follow.map { follow in Task { try await follow(live) } } }
        let served: Result<Void, any Error>
        do { served = .success(try await app.runService()) } catch { served = .failure(error) }
        // The watcher's connection closes before the file is (SAVE-6: the last one folds the log in).
        watcher?.cancel()
        _ = await watcher?.result
        try served.get()
    }
}

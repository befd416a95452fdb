import ArgumentParser
import Foundation
import ServerOptions
import TodoCore

/// `todo serve`: the web app on this machine. ``ServeConfiguration`` decides the mode; this
/// command opens the lists it names and hands them to the composition root's server
/// (``CLIContext/buildServer``), which it then runs.
struct ServeCommand: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the web app; open the printed address in a browser.",
        discussion: "Stops cleanly on Ctrl-C (SIGINT) or SIGTERM.")

    @Option(help: "The address to listen on (default 127.0.0.1). Without accounts, a loopback address (127.0.0.1, ::1, localhost): only this machine may connect.")
    var host: String?
    @Flag(help: "Serve the phones and computers of your home network: accounts on, the machine's network addresses and name answered and printed.")
    var lan = false
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

    /// The options as ``ServeConfiguration`` reads them.
    var options: ServeConfiguration.Options {
        var options = ServeConfiguration.Options()
        (options.host, options.lan, options.port, options.inMemory, options.corsOrigins) = (host, lan, port, inMemory, corsOrigins)
        (options.accounts, options.allowSignup, options.secureCookies) = (accounts, allowSignup, secureCookies)
        (options.trustedProxies, options.maxStreams) = (trustedProxies, maxStreams)
        (options.db, options.databaseURL) = (store.db, store.databaseURL)
        return options
    }

    func validate() throws {
        do throws(ServeRefusal) { try ServeConfiguration.check(options) } catch {
            throw ValidationError(error.sentence(in: CLIWords.language))
        }
    }

    func run(in context: CLIContext) async throws {
        let configuration: ServeConfiguration
        // Before anything is opened (MODE-2, MODE-3).
        do throws(ServeRefusal) { configuration = try ServeConfiguration(options, environment: context.environment) } catch {
            throw CLIError(error.sentence(in: context.language))
        }
        guard let buildServer = context.buildServer else { throw CLIError(context.words("serve.unavailable")) }
        let (lists, people) = try await open(configuration, context)
        // The home network as it is now (PHONE-1); a machine without one still serves itself.
        let network = configuration.lan ? context.localNetwork() : nil
        var start = ServeStart(
            configuration: configuration, safety: safety, store: lists, people: people,
            announce: Self.announcement(configuration, network: network, environment: context.environment))
        start.network = network
        start.usersCommand = ServeText.firstAccountCommand(configuration.location, environment: context.environment)
        let server = try await buildServer(start)
        // Once the server is built: nothing follows the database for a server that can't start.
        let follower = server.follow.map { follow in Task { try await follow() } }
        let served: Result<Void, any Error>
        do { served = .success(try await server.run()) } catch { served = .failure(error) }
        // The follower's connection closes before the file is (SAVE-6: the last one folds the log in).
        follower?.cancel()
        _ = await follower?.result
        try served.get()
    }

    /// The lists to serve: with sign-in, each person's, and the people (MODE-3, MODE-4);
    /// without, the one list of a database that has no accounts.
    private func open(
        _ configuration: ServeConfiguration, _ context: CLIContext
    ) async throws -> (any TodoStore, PeopleDatabase?) {
        if configuration.signIn != nil {
            let people = try await store.people(context, .server)
            return (try await people.lists.store(.local), people)
        }
        let location = configuration.location
        let lists = try await context.openStore(location, .server)
        // The local list of a database with accounts is nobody's: its people sign in (MODE-4).
        if case .file(let path) = location, try await context.fileHasAccounts(location, .server) {
            throw ServeText.hasAccounts(path: path, context: context)
        }
        return (lists, nil)
    }

    /// Prints where the server listens once it does, straight to standard output and unbuffered:
    /// scripts wait for this line.
    private static func announcement(
        _ configuration: ServeConfiguration, network: LocalNetwork?, environment: [String: String]
    ) -> @Sendable (Int) -> Void {
        let (host, location) = (configuration.host, configuration.location)
        return { port in
            let line = ServeText.started(host: host, port: port, network: network, location: location, environment: environment)
            FileHandle.standardOutput.write(Data(line.utf8))
        }
    }
}

/// What `todo serve` hands the composition root: the mode, the lists opened for it, and the
/// server's own options.
public struct ServeStart: Sendable {
    public var configuration: ServeConfiguration
    /// `--allowed-host`, the timeouts and `--max-connections`.
    public var safety: ServerSafetyOptions
    /// The list served without sign-in; with it, the local list, which nobody signs in to.
    public var store: any TodoStore
    /// The people who sign in and their lists, with ``ServeConfiguration/signIn``.
    public var people: PeopleDatabase?
    /// Called with the port once the server listens.
    public var announce: @Sendable (Int) -> Void
    /// With `--lan`, the machine's addresses and names a phone uses (PHONE-1).
    public var network: LocalNetwork?
    /// How the first account is made, for the sign-in page of a server without one (PHONE-5).
    public var usersCommand = "todo users add NAME"
}

/// A server the composition root built for `todo serve`, not yet running.
public struct BuiltServer {
    /// Serves until Ctrl-C (SIGINT) or SIGTERM.
    public var run: () async throws -> Void
    /// Follows the database's changes for the pages while the server runs; nil where there is
    /// nothing to follow (in memory).
    public var follow: (@Sendable () async throws -> Void)?

    public init(run: @escaping () async throws -> Void, follow: (@Sendable () async throws -> Void)?) {
        self.run = run
        self.follow = follow
    }
}

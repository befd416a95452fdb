import Foundation
import Localization
import ServerOptions
import TodoCore

/// What `todo serve` runs: where the items live and whether people sign in (docs/specs/sharing.md,
/// MODE-2…4), decided from its options and the environment before anything is opened, or refused
/// with the sentence that says why. The composition root builds the server it names.
public struct ServeConfiguration: Equatable, Sendable {
    /// `todo serve`'s options as typed (`--db` and `--database-url` among them).
    public struct Options: Equatable, Sendable {
        /// `--host`; nil when not given: 127.0.0.1, or every interface with `--lan`.
        public var host: String?
        public var port = 8080
        /// `--lan`: accounts on, answering the machine's LAN addresses and names (PHONE-1).
        public var lan = false
        public var inMemory = false
        public var corsOrigins: [String] = []
        public var accounts = false
        public var allowSignup = false
        public var secureCookies = false
        public var trustedProxies: [String] = []
        public var maxStreams = LiveChanges.Limits().total
        public var db: String?
        public var databaseURL: String?

        public init() {}
    }

    /// Each person signs in to their own lists (MODE-3).
    public struct SignIn: Equatable, Sendable {
        /// Anyone may make an account at `/signup`.
        public var allowSignup: Bool
        /// The session cookie is marked `Secure`: the server is behind TLS.
        public var secureCookies: Bool

        public init(allowSignup: Bool, secureCookies: Bool) {
            self.allowSignup = allowSignup
            self.secureCookies = secureCookies
        }
    }

    public var host: String
    public var port: Int
    /// Served to the home network (`--lan`): the composition root adds the machine's LAN
    /// addresses and names to the Host names answered, and the start line names them (PHONE-1).
    public var lan: Bool
    /// `--in-memory`, else where every command finds the items (`--database-url`, `--db`,
    /// `TODO_DATABASE_URL`, `TODO_DB`, the default file).
    public var location: StoreLocation
    /// Sign-in, with `--accounts` and always on PostgreSQL; nil serves the one list of a database
    /// without accounts, to this machine only (MODE-2).
    public var signIn: SignIn?
    public var corsOrigins: [String]
    public var trustedProxies: [String]
    public var maxStreams: Int

    /// The refusals that need no environment, made while the command line is read: options that
    /// can't go together, and values that can't be used.
    public static func check(_ options: Options) throws(ServeRefusal) {
        if options.inMemory, options.db != nil || options.databaseURL != nil { throw .dbAndInMemory }
        if options.inMemory, options.accounts { throw .accountsAndInMemory }
        if options.inMemory, options.lan { throw .lanAndInMemory }
        if options.lan, let host = options.host { throw .lanAndHost(host) }
        guard (0...65535).contains(options.port) else { throw .port }
        guard (1...100_000).contains(options.maxStreams) else { throw .maxStreams }
        for address in options.trustedProxies where !IPAddress.isAddress(address) { throw .trustedProxy(address) }
        for origin in options.corsOrigins where origin != "*" {
            guard let url = URL(string: origin), ["http", "https"].contains(url.scheme ?? ""), url.host != nil,
                  url.path.isEmpty || url.path == "/"
            else { throw .origin(origin) }
        }
    }

    /// The mode `options` (passed by ``check(_:)``) ask for in `environment`. `TODO_DATABASE_URL`
    /// alone turns accounts on as `--database-url` does, so what needs accounts is refused only
    /// once the location is known.
    public init(_ options: Options, environment: [String: String]) throws(ServeRefusal) {
        location = options.inMemory
            ? .inMemory : StoreLocation.resolve(option: options.db, databaseURL: options.databaseURL, environment: environment)
        let withAccounts = if case .postgres = location { true } else { options.accounts || options.lan }
        let host = options.host ?? (options.lan ? "0.0.0.0" : "127.0.0.1")
        if withAccounts {
            signIn = SignIn(allowSignup: options.allowSignup, secureCookies: options.secureCookies)
        } else {
            if options.allowSignup || options.secureCookies { throw .accountsOnly }
            // One person's list without a sign-in: only this machine may reach it.
            guard ListenAddress.isLoopback(host) else { throw .hostNotLoopback(host) }
            signIn = nil
        }
        (self.host, port, lan, corsOrigins) = (host, options.port, options.lan, options.corsOrigins)
        (trustedProxies, maxStreams) = (options.trustedProxies, options.maxStreams)
    }
}

/// Why `todo serve` won't start with the options it was given.
public enum ServeRefusal: Error, Equatable, Sendable {
    /// `--in-memory` with `--db` or `--database-url`.
    case dbAndInMemory
    /// `--in-memory` with `--accounts`: the people live in the database.
    case accountsAndInMemory
    case port
    case maxStreams
    /// A `--trusted-proxy` that is not an IP address.
    case trustedProxy(String)
    /// A `--cors-origin` that is not an origin (nor `*`).
    case origin(String)
    /// `--allow-signup` or `--secure-cookies` without accounts (MODE-2).
    case accountsOnly
    /// An address other machines reach, without accounts (MODE-2).
    case hostNotLoopback(String)
    /// `--lan` with `--host`: `--lan` chooses the addresses (PHONE-1).
    case lanAndHost(String)
    /// `--lan` with `--in-memory`: its accounts live in the database.
    case lanAndInMemory

    /// The refusal in `language` (the terminal's, LANG-3).
    public func sentence(in language: Language) -> String {
        let words = CLIWords.catalog.strings(language)
        return switch self {
        case .dbAndInMemory: words("cli.validate.db-and-memory")
        case .accountsAndInMemory: words("cli.validate.accounts-and-memory")
        case .port: words("cli.validate.port")
        case .maxStreams: words("cli.validate.max-streams")
        case .trustedProxy(let address): words("cli.validate.trusted-proxy", ["address": address])
        case .origin(let origin): words("cli.validate.origin", ["origin": origin])
        case .accountsOnly: words("cli.validate.accounts-only")
        case .hostNotLoopback(let host): words("cli.validate.host-not-loopback", ["host": host])
        case .lanAndHost(let host): words("cli.validate.lan-and-host", ["host": host])
        case .lanAndInMemory: words("cli.validate.lan-and-memory")
        }
    }
}

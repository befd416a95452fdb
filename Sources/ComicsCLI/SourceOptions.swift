import ArgumentParser
import ComicsAPI
import ComicsCore
import Foundation

/// Where the data comes from, as the options say: the bundled catalog, a Marvel-compatible server, or Metron.
public enum SourceChoice: Equatable, Sendable {
    case bundledCatalog
    case server(baseURL: URL, credentials: MarvelCredentials?, timeout: Double)
    /// COMICS-METRON-1: Metron's API at `baseURL`, with the account's user name and password.
    case metron(baseURL: URL, username: String, password: String, timeout: Double)

    /// Whether answers are kept in (and read back from) the offline copy: only a source over the network.
    public var usesOfflineCopy: Bool { self != .bundledCatalog }
}

/// `--source`: which kind of source.
public enum SourceKind: String, ExpressibleByArgument, CaseIterable, Sendable {
    case catalog, marvel, metron
}

/// Where the data comes from; shared by `serve`, `list` and `characters`.
public struct SourceOptions: ParsableArguments {
    @Option(name: .customLong("api-base-url"), help: ArgumentHelp(
        "A Marvel-compatible server (e.g. http://127.0.0.1:8081). Without it, the bundled catalog is used.",
        valueName: "URL"))
    public var apiBaseURL: String?

    @Option(name: .customLong("public-key"), help: ArgumentHelp(
        "Public API key (or MARVEL_PUBLIC_KEY).", valueName: "K"))
    public var publicKey: String?

    @Option(name: .customLong("private-key"), help: ArgumentHelp(
        "Private API key (or MARVEL_PRIVATE_KEY).", valueName: "K"))
    public var privateKey: String?

    @Option(help: ArgumentHelp("Seconds to wait for the data source before giving up.", valueName: "SECONDS"))
    public var timeout: Double = 15

    @Option(help: ArgumentHelp(
        "Where the comics come from: catalog (bundled, the default), marvel (a Marvel-compatible server, --api-base-url) or metron (metron.cloud).",
        valueName: "SOURCE"))
    public var source: SourceKind?

    @Option(name: .customLong("metron-url"), help: ArgumentHelp("Metron's API (default https://metron.cloud/api/).", valueName: "URL"))
    public var metronURL: String?

    @Option(name: .customLong("metron-user"), help: ArgumentHelp("Metron user name (or METRON_USERNAME).", valueName: "NAME"))
    public var metronUser: String?

    @Option(name: .customLong("metron-password"), help: ArgumentHelp("Metron password (or METRON_PASSWORD).", valueName: "PASSWORD"))
    public var metronPassword: String?

    @Flag(help: "Use only the offline copy kept from earlier answers (nothing is fetched).")
    public var offline = false

    public init() {}

    public func validate() throws {
        if let apiBaseURL, Self.parseURL(apiBaseURL) == nil {
            throw ValidationError(ComicsCLIWords.current("comics.cli.api-url"))
        }
        if let metronURL, Self.parseURL(metronURL) == nil {
            throw ValidationError(ComicsCLIWords.current("comics.cli.metron-url"))
        }
        guard timeout > 0 else { throw ValidationError(ComicsCLIWords.current("comics.cli.timeout")) }
        if source == .marvel, apiBaseURL == nil {
            throw ValidationError(ComicsCLIWords.current("comics.cli.marvel-needs-url"))
        }
    }

    /// The base URL, validated.
    public var baseURL: URL? { apiBaseURL.flatMap(Self.parseURL) }

    /// The keys from the options, else from `MARVEL_PUBLIC_KEY` / `MARVEL_PRIVATE_KEY`.
    public func credentials(environment: [String: String]) throws -> MarvelCredentials? {
        let publicKey = nonEmpty(self.publicKey) ?? nonEmpty(environment["MARVEL_PUBLIC_KEY"])
        let privateKey = nonEmpty(self.privateKey) ?? nonEmpty(environment["MARVEL_PRIVATE_KEY"])
        switch (publicKey, privateKey) {
        case (nil, nil): return nil
        case (let publicKey?, let privateKey?): return MarvelCredentials(publicKey: publicKey, privateKey: privateKey)
        default:
            throw ValidationError(ComicsCLIWords.current("comics.cli.keys-both"))
        }
    }

    /// Which source the options ask for; the executable opens it (``ComicsCLIContext/openSource``).
    public func choice(environment: [String: String]) throws -> SourceChoice {
        if source == .metron {
            guard let user = nonEmpty(metronUser) ?? nonEmpty(environment["METRON_USERNAME"]),
                  let password = nonEmpty(metronPassword) ?? nonEmpty(environment["METRON_PASSWORD"])
            else {
                throw ValidationError(ComicsCLIWords.current("comics.cli.metron-account"))
            }
            let url = metronURL.flatMap(Self.parseURL) ?? URL(string: "https://metron.cloud/api/")!
            return .metron(baseURL: url, username: user, password: password, timeout: timeout)
        }
        let credentials = try credentials(environment: environment)
        guard source != .catalog, let baseURL else { return .bundledCatalog }
        return .server(baseURL: baseURL, credentials: credentials, timeout: timeout)
    }

    static func parseURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.host != nil
        else { return nil }
        return url
    }

    private func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }
}

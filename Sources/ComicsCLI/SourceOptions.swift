import ArgumentParser
import ComicsAPI
import ComicsCore
import Foundation

/// Where the data comes from, as the options say: the bundled catalog, or a Marvel-compatible server.
public enum SourceChoice: Equatable, Sendable {
    case bundledCatalog
    case server(baseURL: URL, credentials: MarvelCredentials?, timeout: Double)
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

    public init() {}

    public func validate() throws {
        if let apiBaseURL, Self.parseURL(apiBaseURL) == nil {
            throw ValidationError("--api-base-url must be an http or https URL, like http://127.0.0.1:8081.")
        }
        guard timeout > 0 else { throw ValidationError("--timeout must be a positive number of seconds.") }
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
            throw ValidationError("Give both keys (--public-key and --private-key, or MARVEL_PUBLIC_KEY and MARVEL_PRIVATE_KEY).")
        }
    }

    /// Which source the options ask for; the executable opens it (``ComicsCLIContext/openSource``).
    public func choice(environment: [String: String]) throws -> SourceChoice {
        let credentials = try credentials(environment: environment)
        guard let baseURL else { return .bundledCatalog }
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

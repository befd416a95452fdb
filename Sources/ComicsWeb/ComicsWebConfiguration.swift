import ComicsAPI
public import Foundation
public import WebUI

/// How `comics serve` is set up.
public struct ComicsWebConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// A Marvel-compatible server to read from; `nil` serves the bundled catalog on this server's own
    /// `/v1/public/...` routes and reads it back over HTTP.
    public var apiBaseURL: URL?
    public var publicKey: String?
    public var privateKey: String?
    /// How long to wait for the data source before saying there is no connection.
    public var sourceTimeout: TimeInterval
    /// Host names answered besides the bound address and `localhost` (`--allowed-host`).
    public var allowedHosts: [String] = []
    /// Idle timeout and connection cap (`--idle-timeout`, `--max-connections`).
    public var limits = ConnectionLimits()

    public init(
        host: String = "127.0.0.1", port: Int = 8081, apiBaseURL: URL? = nil, publicKey: String? = nil,
        privateKey: String? = nil, sourceTimeout: TimeInterval = 15
    ) {
        self.host = host
        self.port = port
        self.apiBaseURL = apiBaseURL
        self.publicKey = publicKey
        self.privateKey = privateKey
        self.sourceTimeout = sourceTimeout
    }

    public var credentials: MarvelCredentials? {
        guard let publicKey, let privateKey, !publicKey.isEmpty, !privateKey.isEmpty else { return nil }
        return MarvelCredentials(publicKey: publicKey, privateKey: privateKey)
    }

    /// The Host names this server answers (HARDEN-2).
    public var hosts: HostAllowList { HostAllowList(boundHost: host, allowed: allowedHosts) }
}

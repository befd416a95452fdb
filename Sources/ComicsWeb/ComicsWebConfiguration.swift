public import WebUI

/// Where and how `comics serve` listens (the data source is chosen by the executable).
public struct ComicsWebConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// Host names answered besides the bound address and `localhost` (`--allowed-host`).
    public var allowedHosts: [String] = []
    /// Idle timeout and connection cap (`--idle-timeout`, `--max-connections`).
    public var limits = ConnectionLimits()

    public init(host: String = "127.0.0.1", port: Int = 8081) {
        self.host = host
        self.port = port
    }

    /// The Host names this server answers (HARDEN-2).
    public var hosts: HostAllowList { HostAllowList(boundHost: host, allowed: allowedHosts) }
}

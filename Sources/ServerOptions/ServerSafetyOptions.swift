public import ArgumentParser

/// The options both `serve` commands take to decide whom they answer and how long they wait
/// (HARDEN-2, HARDEN-6, HARDEN-20).
public struct ServerSafetyOptions: ParsableArguments, Sendable {
    @Option(
        name: .customLong("allowed-host"),
        help: ArgumentHelp(
            "Also answer requests for this host name (repeatable), e.g. the name a reverse proxy "
                + "forwards. The bound address and localhost are always answered; other names get 421.",
            valueName: "name"))
    public var allowedHosts: [String] = []

    @Option(
        name: .customLong("idle-timeout"),
        help: ArgumentHelp(
            "Close a connection that has not sent a whole request within this many seconds, or that sits idle that long.",
            valueName: "seconds"))
    public var idleTimeout: Double = 15

    @Option(
        name: .customLong("body-timeout"),
        help: ArgumentHelp(
            "Answer 408 and close when a request's body has not arrived whole within this many seconds of its head.",
            valueName: "seconds"))
    public var bodyTimeout: Double = 30

    @Option(
        name: .customLong("max-connections"),
        help: "Connections served at once; past it, the connection idle the longest is closed to make room.")
    public var maxConnections = 256

    public init() {}

    public func validate() throws {
        for name in allowedHosts where HostAllowList.hostName(ofAuthority: name) == nil {
            throw ValidationError("“\(name)” is not a host name (give it without scheme, user or path).")
        }
        guard idleTimeout.isFinite, (0.1...3600).contains(idleTimeout) else {
            throw ValidationError("--idle-timeout must be between 0.1 and 3600 seconds.")
        }
        guard bodyTimeout.isFinite, (0.1...3600).contains(bodyTimeout) else {
            throw ValidationError("--body-timeout must be between 0.1 and 3600 seconds.")
        }
        guard (1...100_000).contains(maxConnections) else {
            throw ValidationError("--max-connections must be between 1 and 100000.")
        }
    }
}

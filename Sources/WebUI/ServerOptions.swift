// The options and address rules both servers take live in ServerOptions, which the command-line
// Views read too; a web app sees them as part of its frame.
@_exported import ServerOptions

extension ServerSafetyOptions {
    /// The connection limits these options ask for.
    public var limits: ConnectionLimits {
        ConnectionLimits(
            idleTimeout: .milliseconds(Int64(idleTimeout * 1000)), bodyTimeout: .milliseconds(Int64(bodyTimeout * 1000)),
            maxConnections: maxConnections)
    }
}

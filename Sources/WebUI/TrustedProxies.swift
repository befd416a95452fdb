import Foundation
public import HTTPTypes
import ServerOptions

/// The reverse proxies (nginx) whose `X-Forwarded-For` a server believes (`--trusted-proxy`,
/// docs/specs/servers.md, SERVERS-4). A client can write that header itself, so it is read only
/// on a connection from one of these addresses, and then only its last entry: the one the proxy
/// appended (`$proxy_add_x_forwarded_for`); what comes before it is the client's own text.
public struct TrustedProxies: Sendable {
    public static let header = HTTPField.Name("X-Forwarded-For")!

    /// The proxies' addresses, normalized; text that is not an address trusts nothing.
    let addresses: Set<String>

    public init(_ addresses: [String]) {
        self.addresses = Set(addresses.compactMap(IPAddress.normalized))
    }

    public var isEmpty: Bool { addresses.isEmpty }

    /// The client's address: the last entry of `forwardedFor` (every header line, in order) when
    /// `peer` — the connection's address — is a trusted proxy and that entry is an address;
    /// otherwise `peer`.
    public func clientAddress(peer: String, forwardedFor: [String]) -> String {
        guard let proxy = IPAddress.normalized(peer), addresses.contains(proxy),
              let line = forwardedFor.last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }),
              let client = IPAddress.normalized(String(line[(line.lastIndex(of: ",").map(line.index(after:)) ?? line.startIndex)...]))
        else { return peer }
        return client
    }

    /// ``clientAddress(peer:forwardedFor:)`` of a request whose connection's address is `peer`.
    public func clientAddress(peer: String, headers: HTTPFields) -> String {
        clientAddress(peer: peer, forwardedFor: headers[values: Self.header])
    }
}

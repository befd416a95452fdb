import Foundation
public import HTTPTypes

/// IP addresses as a server compares them: one spelling for each address.
public enum IPAddress {
    /// `text` in one spelling (`0:0:0:0:0:0:0:1` → `::1`, `[::1]` → `::1`, an IPv4 address
    /// mapped into IPv6 → the IPv4 address), or nil when it is not an IPv4 or IPv6 address
    /// (a host name, a range, a zone index, anything else).
    public static func normalized(_ text: String) -> String? {
        var name = text.trimmingCharacters(in: .whitespaces)
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        guard !name.isEmpty, name.utf8.count <= 64 else { return nil }
        var v4 = in_addr()
        if inet_pton(AF_INET, name, &v4) == 1 { return spelled(AF_INET, v4) }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, name, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        return spelled(AF_INET6, v6)
    }

    private static func spelled(_ family: Int32, _ address: in_addr) -> String? {
        var address = address
        return spelled { inet_ntop(family, &address, $0, $1) }
    }

    private static func spelled(_ family: Int32, _ address: in6_addr) -> String? {
        var address = address
        return spelled { inet_ntop(family, &address, $0, $1) }
    }

    private static func spelled(_ write: (UnsafeMutablePointer<CChar>, socklen_t) -> UnsafePointer<CChar>?) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written = buffer.withUnsafeMutableBufferPointer { write($0.baseAddress!, socklen_t($0.count)) }
        guard written != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

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

    /// Whether `text` can be given to `--trusted-proxy`.
    public static func isAddress(_ text: String) -> Bool { IPAddress.normalized(text) != nil }

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

import Foundation

/// Whether a listening address reaches this machine only: `localhost`, an IPv4 address in
/// 127.0.0.0/8, or IPv6's `::1` (also written in full, in brackets, or as `::ffff:127.x.y.z`).
/// Everything else — a network interface's address, or `0.0.0.0` / `::`, which listen on every
/// interface — lets other machines connect (MODE-2).
public enum ListenAddress {
    public static func isLoopback(_ host: String) -> Bool {
        var name = host  // as given: it is what the server binds
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.lowercased() == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, name, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, name, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        if bytes == Array(repeating: 0, count: 15) + [1] { return true }
        return bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
    }
}

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

    /// Whether `text` is an IPv4 or IPv6 address (what `--trusted-proxy` takes).
    public static func isAddress(_ text: String) -> Bool { normalized(text) != nil }

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

import Foundation

/// The Host names a server answers: the address it is bound to, `localhost`, and the names
/// its operator allowed (`--allowed-host`). Compared without case and without the port.
public struct HostAllowList: Sendable, Equatable {
    public let names: Set<String>

    /// - Parameters:
    ///   - boundHost: the address given to `--host` (an unspecified address such as
    ///     `0.0.0.0` adds the loopback names, since that is what this machine's own clients use).
    ///   - allowed: further names (`--allowed-host`).
    public init(boundHost: String, allowed: [String] = []) {
        var names: Set<String> = ["localhost", Self.normalized(boundHost)]
        if ["0.0.0.0", "::", "[::]"].contains(boundHost) { names.formUnion(["127.0.0.1", "::1"]) }
        for name in allowed { names.insert(Self.normalized(name)) }
        self.names = names
    }

    /// Whether a request's `Host` (or `:authority`) names this server; a request with none
    /// (HTTP/1.0) is taken to name the bound address.
    public func allows(_ authority: String?) -> Bool {
        guard let authority else { return true }
        guard let name = Self.hostName(ofAuthority: authority) else { return false }
        return names.contains(name)
    }

    /// The host part of `host[:port]` or `[v6]:port`, lower-cased; nil when it is not of
    /// that form (user info, a path, spaces…).
    public static func hostName(ofAuthority authority: String) -> String? {
        var text = Substring(authority)
        guard !text.isEmpty, !text.contains(where: { $0 == "@" || $0 == "/" || $0 == "\\" || $0.isWhitespace }) else {
            return nil
        }
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isASCIIDigit)) else { return nil }
            text = text[text.index(after: text.startIndex)..<close]
        } else if let colon = text.lastIndex(of: ":") {
            guard text[text.index(after: colon)...].allSatisfy(\.isASCIIDigit), !text[..<colon].contains(":") else { return nil }
            text = text[..<colon]
        }
        return text.isEmpty ? nil : normalized(String(text))
    }

    private static func normalized(_ name: String) -> String {
        var name = name.trimmingCharacters(in: .whitespaces).lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        while name.hasSuffix(".") { name.removeLast() }
        return name
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

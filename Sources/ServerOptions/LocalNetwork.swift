import Foundation

/// This machine as a phone on the same network reaches it (docs/specs/phone-setup.md, PHONE-1):
/// its LAN addresses and its name. `todo serve --lan` answers these names and prints them.
public struct LocalNetwork: Sendable, Equatable {
    /// The IPv4 addresses of the interfaces that are up, other than loopback and link-local.
    public var addresses: [String]
    /// The machine's host name (`gethostname`), nil when it is not a name a phone can look up.
    public var hostName: String?

    public init(addresses: [String], hostName: String?) {
        self.addresses = addresses
        self.hostName = hostName.flatMap(Self.dnsName)
    }

    /// The names a phone may use in `Host`: each address, the host name and its `.local` name
    /// (mDNS, as macOS, iOS and Avahi answer it).
    public var hostNames: [String] {
        addresses + [hostName, localName].compactMap { $0 }
    }

    /// What a person types on a phone, in order: the addresses, then the `.local` name.
    public var phoneHosts: [String] {
        addresses + [localName].compactMap { $0 }
    }

    /// `name.local`, from the host name's first label.
    public var localName: String? {
        hostName.flatMap { $0.split(separator: ".").first }.map { "\($0).local" }
    }

    /// `http://HOST:PORT/` for each of ``phoneHosts``.
    public func phoneAddresses(port: Int) -> [String] {
        phoneHosts.map { "http://\($0):\(port)/" }
    }

    /// The machine's network as the system reports it now.
    public static func current() -> LocalNetwork {
        var buffer = [CChar](repeating: 0, count: 256)
        let name = gethostname(&buffer, buffer.count - 1) == 0
            ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
        return LocalNetwork(addresses: lanAddresses(), hostName: name)
    }

    /// Whether an IPv4 address, as `inet_pton` reads it, is one other machines of a network use:
    /// not 0.0.0.0/8, loopback (127.0.0.0/8) or link-local (169.254.0.0/16).
    public static func isLANAddress(_ text: String) -> Bool {
        var v4 = in_addr()
        guard inet_pton(AF_INET, text, &v4) == 1 else { return false }
        let value = UInt32(bigEndian: v4.s_addr)
        return value >> 24 != 0 && value >> 24 != 127 && value >> 16 != 0xA9FE
    }

    private static func lanAddresses() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0, let first else { return [] }
        defer { freeifaddrs(first) }
        var found: [String] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            let flags = Int32(entry.pointee.ifa_flags)
            guard flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0,
                  let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET)
            else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            let spelled = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { socket in
                var inet = socket.pointee.sin_addr
                return inet_ntop(AF_INET, &inet, &text, socklen_t(text.count)) != nil
            }
            guard spelled else { continue }
            let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if isLANAddress(name), !found.contains(name) { found.append(name) }
        }
        return found
    }

    /// `name` lower-cased when it is a DNS name (letters, digits, hyphens, dots; labels of 1–63),
    /// else nil: a phone can't look up anything else.
    private static func dnsName(_ name: String) -> String? {
        let lowered = name.lowercased()
        let labels = lowered.split(separator: ".", omittingEmptySubsequences: false)
        guard !lowered.isEmpty, lowered.utf8.count <= 253, lowered != "localhost",
              labels.allSatisfy({ label in
                  (1...63).contains(label.utf8.count) && !label.hasPrefix("-") && !label.hasSuffix("-")
                      && label.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
              })
        else { return nil }
        return lowered
    }
}

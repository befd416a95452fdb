/// The 64-bit FNV-1a hash: a short fingerprint of bytes that is the same in every process and on
/// every machine (unlike `Hasher`), for validators (`ETag`s, content-hashed asset names) and
/// stamps that one server instance compares with another's. Not a cryptographic hash.
public struct FNV1a: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    /// The hash of `bytes`.
    public static func of(_ bytes: some Sequence<UInt8>) -> FNV1a {
        var hash = FNV1a()
        hash.mix(bytes)
        return hash
    }

    /// Adds `bytes` to what has been hashed.
    public mutating func mix(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
    }

    /// The hash in hexadecimal, 16 digits.
    public var hex: String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}

import Crypto
import Foundation

/// A 256-bit random value — an API token or a session id — as URL-safe text (43 characters of
/// base64url without padding). Only its SHA-256 (`hash`, hex) is ever stored.
public struct Secret: Equatable, Sendable, CustomStringConvertible {
    /// The text a person or a browser holds.
    public let text: String

    /// A new random secret (the system's secure random source, through swift-crypto).
    public static func random() -> Secret {
        let key = SymmetricKey(size: .bits256)
        let text = key.withUnsafeBytes { Data($0) }.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return Secret(checked: text)
    }

    private init(checked text: String) { self.text = text }

    /// The secret written as `text`, or nil when `text` can't be one (wrong length or alphabet):
    /// such text never reaches the store.
    public init?(_ text: String) {
        guard text.utf8.count == Self.length,
              text.utf8.allSatisfy({ Self.alphabet.contains($0) }),
              // The last character carries 4 of its 6 bits: only some are canonical.
              let last = text.utf8.last, Self.canonicalLast.contains(last)
        else { return nil }
        self.text = text
    }

    /// SHA-256 of the text, in lowercase hex: what the database keeps.
    public var hash: String { Self.hash(text) }

    public static func hash(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Never printed by accident (logs, string interpolation).
    public var description: String { "Secret(…)" }

    static let length = 43
    private static let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    private static let canonicalLast = Set("AEIMQUYcgkosw048".utf8)
}

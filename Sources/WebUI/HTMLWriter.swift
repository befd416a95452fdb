/// Builds a page as UTF-8 bytes in one buffer: markup goes in as it is, user text escaped on
/// the way in (as `HTML.text` and `HTML.attribute` escape it). A list page is hundreds of
/// small pieces; appending bytes is much cheaper than joining strings.
public struct HTMLWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
    }

    /// Markup (or text already escaped), as it is.
    public mutating func raw(_ markup: String) {
        bytes.append(contentsOf: markup.utf8)
    }

    /// Text content, escaped like `HTML.text`.
    public mutating func text(_ raw: String) {
        escape(raw, attribute: false)
    }

    /// An attribute value for use inside double quotes, escaped like `HTML.attribute`.
    public mutating func attribute(_ raw: String) {
        escape(raw, attribute: true)
    }

    /// A number, in decimal.
    public mutating func number(_ value: Int) {
        raw(String(value))
    }

    /// The page so far, as a string.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// One pass over the UTF-8 bytes (a multi-byte character never contains an ASCII byte),
    /// after a check that lets the usual text, with nothing to escape, go in at once.
    mutating func escape(_ raw: String, attribute: Bool) {
        guard Self.containsEscapable(raw, attribute: attribute) else { return bytes.append(contentsOf: raw.utf8) }
        for byte in raw.utf8 {
            guard Self.needsEscaping(byte, attribute: attribute) else {
                bytes.append(byte)
                continue
            }
            let entity: StaticString = switch byte {
            case UInt8(ascii: "&"): "&amp;"
            case UInt8(ascii: "<"): "&lt;"
            case UInt8(ascii: ">"): "&gt;"
            case UInt8(ascii: "\""): "&quot;"
            case UInt8(ascii: "'"): "&#39;"
            case UInt8(ascii: "`"): "&#96;"
            default: "&#10;"
            }
            entity.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }
    }

    /// Whether any byte of `raw` needs escaping: a plain loop over the stored bytes.
    static func containsEscapable(_ raw: String, attribute: Bool) -> Bool {
        var raw = raw
        return raw.withUTF8 { bytes in
            for byte in bytes where needsEscaping(byte, attribute: attribute) { return true }
            return false
        }
    }

    static func needsEscaping(_ byte: UInt8, attribute: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        case UInt8(ascii: "`"), UInt8(ascii: "\n"): attribute
        default: false
        }
    }
}

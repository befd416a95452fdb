/// Escaping for HTML: every piece of user text goes through `HTML.text` or `HTML.attribute`
/// on its way into a page.
public enum HTML {
    /// Text content: `&`, `<`, `>` escaped (quotes too, so it is also safe in attributes).
    public static func text(_ raw: String) -> String { escaped(raw, attribute: false) }

    /// An attribute value, for use inside double quotes; backticks and line breaks are
    /// escaped too, so a value can't end early in any browser's parser.
    public static func attribute(_ raw: String) -> String { escaped(raw, attribute: true) }

    /// One pass over the UTF-8 bytes (a multi-byte character never contains an ASCII byte),
    /// and none at all for the usual text that needs no escaping: pages escape every row.
    private static func escaped(_ raw: String, attribute: Bool) -> String {
        func needsEscaping(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
            case UInt8(ascii: "`"), UInt8(ascii: "\n"): attribute
            default: false
            }
        }
        guard raw.utf8.contains(where: needsEscaping) else { return raw }
        var out: [UInt8] = []
        out.reserveCapacity(raw.utf8.count + 16)
        for byte in raw.utf8 {
            guard needsEscaping(byte) else {
                out.append(byte)
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
            entity.withUTF8Buffer { out.append(contentsOf: $0) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A path segment or query value, percent-encoded (RFC 3986 unreserved characters kept).
    public static func urlComponent(_ raw: String) -> String {
        var out = ""
        for byte in raw.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

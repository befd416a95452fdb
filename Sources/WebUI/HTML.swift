/// Escaping for HTML: every piece of user text goes through `HTML.text` or `HTML.attribute`
/// on its way into a page.
public enum HTML {
    /// Text content: `&`, `<`, `>` escaped (quotes too, so it is also safe in attributes).
    public static func text(_ raw: String) -> String { escaped(raw, attribute: false) }

    /// An attribute value, for use inside double quotes; backticks and line breaks are
    /// escaped too, so a value can't end early in any browser's parser.
    public static func attribute(_ raw: String) -> String { escaped(raw, attribute: true) }

    /// `raw` itself, not a copy, when nothing in it needs escaping: the usual case.
    private static func escaped(_ raw: String, attribute: Bool) -> String {
        guard HTMLWriter.containsEscapable(raw, attribute: attribute) else { return raw }
        var writer = HTMLWriter(capacity: raw.utf8.count + 16)
        writer.escape(raw, attribute: attribute)
        return writer.string
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

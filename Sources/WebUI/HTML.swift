/// URL text for pages: templates escape for HTML themselves (`{{name}}`), links need
/// percent-encoding first.
public enum HTML {
    /// A path segment or query value, percent-encoded (RFC 3986 unreserved characters kept):
    /// the one percent-encoder of the web apps and CalDAV.
    public static func urlComponent(_ raw: String) -> String {
        // Most names (UUIDs, list-Work) need nothing: returned as they are.
        if raw.utf8.allSatisfy(isUnreserved) { return raw }
        var out = ""
        for byte in raw.utf8 {
            if isUnreserved(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default: false
        }
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

/// Text made safe to print on a terminal (HARDEN-10a, HARDEN-24): what could reorder, hide or
/// overwrite what a terminal line shows is printed visibly instead.
public enum TerminalText {
    /// What replaces a control character in `sanitized`.
    public static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// `text` with every invisible character that changes what a line shows written as
    /// `<U+XXXX>` (HARDEN-24): the bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E,
    /// U+2066–U+2069), the zero-width characters (U+200B, U+200C, U+2060, U+FEFF, and U+200D
    /// except between two emoji, where it joins them into one), the line and paragraph
    /// separators U+2028 and U+2029, and a carriage return not followed by a line feed. Line
    /// feeds, tabs and escape sequences are kept: the text a person typed can't hold other
    /// control characters, and the styling around it is ours.
    public static func escaped(_ text: String) -> String {
        guard mayHoldHiding(text) else { return text }
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains(where: mayHide) else { return text }
        var shown = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            let previous = index > 0 ? scalars[index - 1] : nil
            if hides(scalar, previous: previous, next: next) {
                shown.append(contentsOf: code(scalar).unicodeScalars)
            } else {
                shown.append(scalar)
            }
        }
        return String(shown)
    }

    /// Upstream text made safe for a terminal (HARDEN-10a): every control character — C0
    /// (U+0000–U+001F, tab and line feed included: a title is one line), DEL (U+007F) and C1
    /// (U+0080–U+009F, where U+009B is a one-character CSI) — is replaced by U+FFFD, the
    /// replacement character, so an escape sequence loses its introducer and what follows it
    /// prints as plain text; then what `escaped` writes visibly is written so.
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) || mayHide($0) }) else { return text }
        var safe = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            safe.append(isControl(scalar) ? replacement : scalar)
        }
        return escaped(String(safe))
    }

    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// `<U+202E>`.
    static func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
    }

    /// Whether `text` may hold a scalar `mayHide` names, from a look at its UTF-8 bytes alone:
    /// each of those scalars starts with one of four bytes (U+000D is 0D, U+061C starts with D8,
    /// U+200B…U+2069 with E2, U+FEFF with EF). Most text has none of them, so a long list is
    /// printed without decoding a single title into scalars.
    static func mayHoldHiding(_ text: String) -> Bool {
        func look(_ bytes: some Sequence<UInt8>) -> Bool {
            bytes.contains { $0 == 0x0D || $0 == 0xD8 || $0 == 0xE2 || $0 == 0xEF }
        }
        return text.utf8.withContiguousStorageIfAvailable { look($0) } ?? look(text.utf8)
    }

    /// Whether `scalar` is one `escaped` may write visibly (the carriage return and the zero-width
    /// joiner depend on their neighbours).
    static func mayHide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0D, 0x061C, 0x200B...0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2060, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }

    private static func hides(_ scalar: Unicode.Scalar, previous: Unicode.Scalar?, next: Unicode.Scalar?) -> Bool {
        guard mayHide(scalar) else { return false }
        switch scalar.value {
        case 0x0D: return next != "\n"
        case 0x200D:
            guard let previous, let next else { return true }
            let joinsFrom = previous.properties.isEmojiPresentation || previous.properties.isEmojiModifier
                || previous.value == 0xFE0F || (previous.properties.isEmoji && previous.value > 0x7F)
            return !(joinsFrom && next.properties.isEmoji && next.value > 0x7F)
        default: return true
        }
    }
}

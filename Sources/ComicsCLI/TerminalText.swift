/// HARDEN-10a: upstream text made safe to print on a terminal.
///
/// Every control character — C0 (U+0000–U+001F, tab and line feed included: a title is one line), DEL
/// (U+007F) and C1 (U+0080–U+009F, where U+009B is a one-character CSI) — is replaced by U+FFFD, the
/// replacement character. An escape sequence thus loses its introducer (ESC or CSI) and what follows
/// it (`[31m`, `]0;title`) prints as the plain, visible text it is. Everything else is kept as is.
enum TerminalText {
    static let replacement: Unicode.Scalar = "\u{FFFD}"

    static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var safe = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            safe.append(isControl(scalar) ? replacement : scalar)
        }
        return String(safe)
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}

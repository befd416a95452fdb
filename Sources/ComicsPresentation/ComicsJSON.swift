public import Foundation

/// The one JSON encoding of the Comics app, for every View that prints or serves JSON (`comics list
/// --json`, the web API): keys sorted, slashes unescaped, like `TodoJSON` for the Todo app.
public enum ComicsJSON {
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// `value` as JSON text. DEL and the C1 controls, which JSON allows raw, are escaped too
    /// (`\u007f`, `\u009b`), so no raw control character of upstream text reaches a terminal (HARDEN-10a);
    /// the encoder already escapes the C0 controls. Decoding gives back exactly the text encoded.
    public static func text(_ value: some Encodable) throws -> String {
        let raw = String(decoding: try encoder().encode(value), as: UTF8.self)
        guard raw.unicodeScalars.contains(where: needsEscape) else { return raw }
        var escaped = String.UnicodeScalarView()
        for scalar in raw.unicodeScalars {
            guard needsEscape(scalar) else {
                escaped.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16)
            escaped.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
        }
        return String(escaped)
    }

    // Outside strings JSON holds only ASCII punctuation, digits and letters: these occur in strings only.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool { (0x7F...0x9F).contains(scalar.value) }
}

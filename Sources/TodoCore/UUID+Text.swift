import Foundation

extension UUID {
    /// Parses the canonical form, `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` in either case.
    /// Byte by byte: Foundation's `init(uuidString:)` goes through `sscanf` on Linux, and a
    /// long list parses one id per row.
    public init?(text: String) {
        // The bytes where they are (a copy for `withUTF8` retained every id read).
        guard let parsed = text.utf8.withContiguousStorageIfAvailable(Self.parse) ?? {
            var text = text
            return text.withUTF8(Self.parse)
        }() else { return nil }
        self.init(uuid: parsed)
    }

    /// Parses the canonical form from UTF-8 bytes where they are (a database's own copy of a
    /// row's text, which needs no `String` made of it first).
    public init?(utf8: UnsafeBufferPointer<UInt8>) {
        guard let parsed = Self.parse(utf8) else { return nil }
        self.init(uuid: parsed)
    }

    /// The id `input` spells in the canonical form, or nil.
    private static func parse(_ input: UnsafeBufferPointer<UInt8>) -> uuid_t? {
        guard input.count == 36,
              input[8] == UInt8(ascii: "-"), input[13] == UInt8(ascii: "-"),
              input[18] == UInt8(ascii: "-"), input[23] == UInt8(ascii: "-")
        else { return nil }
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let valid = withUnsafeMutableBytes(of: &bytes) { output in
            var invalid: UInt8 = 0
            var index = 0
            for offset in 0..<16 {
                if index == 8 || index == 13 || index == 18 || index == 23 { index += 1 }  // a dash
                let high = hexValue(input[index]), low = hexValue(input[index + 1])
                invalid |= (high | low) & 0xF0
                output[offset] = high << 4 | low
                index += 2
            }
            return invalid == 0
        }
        return valid ? bytes : nil
    }

    /// The canonical form in lower case: how ids are stored, shown and sent.
    public var lowercasedText: String {
        let digits: StaticString = "0123456789abcdef"
        return withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { output in
                var index = 0
                for (offset, byte) in bytes.enumerated() {
                    if offset == 4 || offset == 6 || offset == 8 || offset == 10 {
                        output[index] = UInt8(ascii: "-")
                        index += 1
                    }
                    output[index] = digits.utf8Start[Int(byte >> 4)]
                    output[index + 1] = digits.utf8Start[Int(byte & 0x0F)]
                    index += 2
                }
                return index
            }
        }
    }

    /// A hex digit's value, or 0xFF for any other byte: two subtractions, no table.
    private static func hexValue(_ byte: UInt8) -> UInt8 {
        let digit = byte &- UInt8(ascii: "0")
        if digit < 10 { return digit }
        let letter = (byte | 0x20) &- UInt8(ascii: "a")  // either case
        return letter < 6 ? letter + 10 : 0xFF
    }
}

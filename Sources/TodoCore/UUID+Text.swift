import Foundation

extension UUID {
    /// Parses the canonical form, `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` in either case.
    /// Byte by byte: Foundation's `init(uuidString:)` goes through `sscanf` on Linux, and a
    /// long list parses one id per row.
    public init?(text: String) {
        var text = text
        guard let parsed = text.withUTF8({ UUID(utf8: UnsafeRawBufferPointer($0)) }) else { return nil }
        self = parsed
    }

    /// Parses the canonical form from its UTF-8 bytes, such as a database column's, without
    /// making a `String` of them first.
    public init?(utf8 input: UnsafeRawBufferPointer) {
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
                let high = Self.hexValues[Int(input[index])], low = Self.hexValues[Int(input[index + 1])]
                invalid |= (high | low) & 0x10
                output[offset] = high << 4 | low & 0x0F
                index += 2
            }
            return invalid == 0
        }
        guard valid else { return nil }
        self.init(uuid: bytes)
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

    /// Each byte's value as a hex digit, or 0x10 for a byte that is not one.
    private static let hexValues: [UInt8] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte) - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(byte) - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt8(byte) - UInt8(ascii: "A") + 10
        default: 0x10
        }
    }
}

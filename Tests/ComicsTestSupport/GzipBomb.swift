import Foundation

/// A gzip body that inflates to far more than it weighs: zero bytes written as one fixed-Huffman deflate
/// block of back-references (length 258, distance 1), 13 bits for every 258 bytes — about 160 : 1.
///
/// Written out by hand so the tests need no compression library. The trailer's CRC-32 is left at zero:
/// a client that respects its cap gives up long before it would check it.
public enum GzipBomb {
    /// A gzip member whose body inflates to at least `inflatedBytes` zero bytes.
    public static func make(inflatedBytes: Int) -> Data {
        let references = max(1, (inflatedBytes - 1 + 257) / 258)
        var bits = BitWriter()
        bits.write(0b1, count: 1)  // BFINAL: the last block
        bits.write(0b01, count: 2)  // BTYPE 01: fixed Huffman codes
        bits.writeCode(0b0011_0000, length: 8)  // literal 0
        // Length code 285 (258 bytes, 8 bits 11000101) then distance code 0 (1 byte back, 5 bits 00000).
        let reference = BitWriter.reversed(0b1100_0101, length: 8) | BitWriter.reversed(0b00000, length: 5) << 8
        for _ in 0..<references { bits.write(reference, count: 13) }
        bits.writeCode(0b000_0000, length: 7)  // end of block
        var gzip = Data([0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03])
        gzip.append(contentsOf: bits.finish())
        let size = UInt32(truncatingIfNeeded: 1 + references * 258)
        gzip.append(contentsOf: [0, 0, 0, 0])  // CRC-32 (not computed)
        gzip.append(contentsOf: (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) })
        return gzip
    }

    /// The number of bytes `make(inflatedBytes:)` inflates to.
    public static func inflatedSize(of inflatedBytes: Int) -> Int {
        1 + max(1, (inflatedBytes - 1 + 257) / 258) * 258
    }
}

/// Deflate's bit order: values least-significant bit first, Huffman codes most-significant bit first.
private struct BitWriter {
    private var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var filled = 0

    init() { bytes.reserveCapacity(1 << 16) }

    mutating func write(_ value: UInt64, count: Int) {
        buffer |= value << UInt64(filled)
        filled += count
        while filled >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            filled -= 8
        }
    }

    mutating func writeCode(_ code: UInt64, length: Int) {
        write(Self.reversed(code, length: length), count: length)
    }

    static func reversed(_ code: UInt64, length: Int) -> UInt64 {
        var reversed: UInt64 = 0
        for bit in 0..<length { reversed |= ((code >> UInt64(length - 1 - bit)) & 1) << UInt64(bit) }
        return reversed
    }

    mutating func finish() -> [UInt8] {
        if filled > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
        buffer = 0
        filled = 0
        return bytes
    }
}

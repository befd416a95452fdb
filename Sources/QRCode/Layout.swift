/// How one version at one correction level splits its codewords into data and error correction,
/// and the bytes that fill it: the bit stream, its padding, and the interleaved blocks.
struct Layout: Sendable {
    let version: Int
    let correction: QRCode.Correction

    /// Error-correction codewords in every block.
    var ecPerBlock: Int { Self.ecPerBlock[correction.row][version - 1] }
    /// Blocks the codewords are split into, so each can be corrected on its own.
    var blocks: Int { Self.blockCount[correction.row][version - 1] }
    /// Every codeword the symbol holds, data and correction together.
    var totalCodewords: Int { Self.totalCodewords(version) }
    /// Codewords left for data.
    var dataCodewords: Int { totalCodewords - ecPerBlock * blocks }
    /// Bits of the byte count: 8 up to version 9, 16 from version 10.
    var countBits: Int { version < 10 ? 8 : 16 }
    /// The most bytes this version holds at this level in byte mode.
    var byteCapacity: Int { (dataCodewords * 8 - 4 - countBits) / 8 }

    /// The smallest version from `first` on that holds `count` bytes, or nil past version 40.
    static func smallestVersion(holding count: Int, at correction: QRCode.Correction, from first: Int) -> Int? {
        guard first <= 40 else { return nil }
        return (first...40).first { Layout(version: $0, correction: correction).byteCapacity >= count }
    }

    /// Modules left for codewords once the function patterns, format and version information
    /// are drawn, over eight (the few bits over are the remainder bits, left light).
    static func totalCodewords(_ version: Int) -> Int {
        let size = version * 4 + 17
        let centres = alignmentCentres[version - 1].count
        // Three finders with their separators (8 x 8 each), the two timing lines between them,
        // and the 15 format bits drawn twice plus the one always-dark module.
        var modules = size * size - 3 * 64 - 2 * (size - 16) - 31
        if centres > 0 {
            // Alignment patterns at every pair of centres but the three finder corners; those on
            // row or column 6 cover five timing modules already taken away.
            modules -= 25 * (centres * centres - 3) - 2 * (centres - 2) * 5
        }
        if version >= 7 { modules -= 2 * 18 }
        return modules / 8
    }

    /// The data codewords: mode 0100, the byte count, the bytes, a terminator of up to four
    /// zero bits, zeros to the byte's end, then 0xEC 0x11 alternately to fill the room.
    /// `bytes` must fit (`byteCapacity`).
    func dataCodewords(for bytes: [UInt8]) -> [UInt8] {
        var bits = Bits()
        bits.append(0b0100, count: 4)
        bits.append(bytes.count, count: countBits)
        for byte in bytes { bits.append(Int(byte), count: 8) }
        let room = dataCodewords * 8
        bits.append(0, count: min(4, room - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var codewords = bits.bytes
        var pad: UInt8 = 0xEC
        while codewords.count < dataCodewords {
            codewords.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return codewords
    }

    /// `data` split into blocks (the later ones one codeword longer when it doesn't divide
    /// evenly), each followed by its Reed–Solomon codewords; then the first codeword of every
    /// block, the second of every block, and so on, and the correction codewords likewise. So a
    /// smudge over neighbouring modules costs each block only a little.
    func interleaved(_ data: [UInt8]) -> [UInt8] {
        let shortBlocks = blocks - totalCodewords % blocks
        let shortData = totalCodewords / blocks - ecPerBlock
        let generator = ReedSolomon.generator(degree: ecPerBlock)
        var dataBlocks: [[UInt8]] = []
        var start = 0
        for index in 0..<blocks {
            let length = shortData + (index < shortBlocks ? 0 : 1)
            dataBlocks.append(Array(data[start..<start + length]))
            start += length
        }
        let ecBlocks = dataBlocks.map { ReedSolomon.remainder(of: $0, generator: generator) }

        var result: [UInt8] = []
        result.reserveCapacity(totalCodewords)
        for index in 0...shortData {
            for block in dataBlocks where index < block.count { result.append(block[index]) }
        }
        for index in 0..<ecPerBlock {
            for block in ecBlocks { result.append(block[index]) }
        }
        return result
    }

    // MARK: Tables of ISO/IEC 18004 (Table 9 and Annex E), indexed by version - 1

    /// Error-correction codewords per block; rows low, medium, quartile, high.
    static let ecPerBlock: [[Int]] = [
        [7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
         28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
         26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
        [13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
         28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
         30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    ]

    /// Error-correction blocks; rows low, medium, quartile, high.
    static let blockCount: [[Int]] = [
        [1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
         8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
        [1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
         17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
        [1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
         23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
        [1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
         25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
    ]

    /// Row and column coordinates of the alignment pattern centres (none in version 1).
    static let alignmentCentres: [[Int]] = [
        [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34],
        [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50], [6, 30, 54], [6, 32, 58], [6, 34, 62],
        [6, 26, 46, 66], [6, 26, 48, 70], [6, 26, 50, 74], [6, 30, 54, 78], [6, 30, 56, 82], [6, 30, 58, 86],
        [6, 34, 62, 90],
        [6, 28, 50, 72, 94], [6, 26, 50, 74, 98], [6, 30, 54, 78, 102], [6, 28, 54, 80, 106], [6, 32, 58, 84, 110],
        [6, 30, 58, 86, 114], [6, 34, 62, 90, 118],
        [6, 26, 50, 74, 98, 122], [6, 30, 54, 78, 102, 126], [6, 26, 52, 78, 104, 130], [6, 30, 56, 82, 108, 134],
        [6, 34, 60, 86, 112, 138], [6, 30, 58, 86, 114, 142], [6, 34, 62, 90, 118, 146],
        [6, 30, 54, 78, 102, 126, 150], [6, 24, 50, 76, 102, 128, 154], [6, 28, 54, 80, 106, 132, 158],
        [6, 32, 58, 84, 110, 136, 162], [6, 26, 54, 82, 110, 138, 166], [6, 30, 58, 86, 114, 142, 170],
    ]
}

extension QRCode.Correction {
    /// This level's row in the tables above.
    var row: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .quartile: 2
        case .high: 3
        }
    }

    /// The two bits the format information gives this level: L 01, M 00, Q 11, H 10.
    var formatBits: Int {
        switch self {
        case .low: 0b01
        case .medium: 0b00
        case .quartile: 0b11
        case .high: 0b10
        }
    }
}

/// Bits appended most significant first, packed into bytes.
struct Bits: Sendable {
    private(set) var bytes: [UInt8] = []
    private(set) var count = 0

    /// Appends the low `count` bits of `value`.
    mutating func append(_ value: Int, count bitCount: Int) {
        for shift in stride(from: bitCount - 1, through: 0, by: -1) {
            if count % 8 == 0 { bytes.append(0) }
            if (value >> shift) & 1 == 1 { bytes[bytes.count - 1] |= 0x80 >> UInt8(count % 8) }
            count += 1
        }
    }
}

/// Reed–Solomon error correction over GF(256) with the field polynomial x⁸+x⁴+x³+x²+1 (0x11D),
/// whose generator polynomials have roots α⁰ … αⁿ⁻¹ with α = 2.
enum ReedSolomon {
    /// αⁱ for i in 0..<255, then repeated once so a sum of two logarithms needs no modulo.
    static let exp: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 510)
        var value = 1
        for power in 0..<255 {
            table[power] = UInt8(value)
            table[power + 255] = UInt8(value)
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }
        }
        return table
    }()

    /// The logarithm to base α of each non-zero element (index 0 unused).
    static let log: [Int] = {
        var table = [Int](repeating: 0, count: 256)
        for power in 0..<255 { table[Int(exp[power])] = power }
        return table
    }()

    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        a == 0 || b == 0 ? 0 : exp[log[Int(a)] + log[Int(b)]]
    }

    /// The coefficients of (x − α⁰)(x − α¹)…(x − αⁿ⁻¹), highest power first, without the
    /// leading 1.
    static func generator(degree: Int) -> [UInt8] {
        var poly: [UInt8] = [1]
        for power in 0..<degree {
            var next = poly + [0]
            for index in 1..<next.count { next[index] ^= multiply(poly[index - 1], exp[power]) }
            poly = next
        }
        return Array(poly.dropFirst())
    }

    /// The remainder of data·xⁿ divided by the generator: the n correction codewords.
    static func remainder(of data: [UInt8], generator: [UInt8]) -> [UInt8] {
        var remainder = [UInt8](repeating: 0, count: generator.count)
        for byte in data {
            let factor = byte ^ remainder[0]
            remainder.removeFirst()
            remainder.append(0)
            for index in remainder.indices { remainder[index] ^= multiply(generator[index], factor) }
        }
        return remainder
    }
}

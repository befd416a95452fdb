/// The square of modules as it is built: the function patterns (fixed by the version alone),
/// then the codewords in the modules left over, then a mask and the format information.
struct Grid: Sendable {
    let version: Int
    let size: Int
    /// Whether each module is dark, row by row.
    private(set) var dark: [Bool]
    /// Whether each module belongs to a function pattern (or the format or version information),
    /// which data and masks leave alone.
    private(set) var reserved: [Bool]

    /// The function patterns of `version`, with the format areas reserved and the rest light.
    init(version: Int) {
        self.version = version
        size = version * 4 + 17
        dark = Array(repeating: false, count: size * size)
        reserved = dark

        // Timing lines first: the finders and alignment patterns then draw over their ends.
        for index in 0..<size {
            set(x: index, y: 6, index % 2 == 0)
            set(x: 6, y: index, index % 2 == 0)
        }
        // Finders with their light separators: rings around the centre at Chebyshev distance
        // 0-1 dark, 2 light, 3 dark, 4 light (the separator), clipped at the edges.
        for (left, top) in [(0, 0), (size - 7, 0), (0, size - 7)] {
            for dy in -1...7 {
                for dx in -1...7 where (0..<size).contains(left + dx) && (0..<size).contains(top + dy) {
                    let distance = max(abs(dx - 3), abs(dy - 3))
                    set(x: left + dx, y: top + dy, distance != 2 && distance != 4)
                }
            }
        }
        // Alignment patterns at every pair of centres except where a finder is.
        let centres = Layout.alignmentCentres[version - 1]
        for cy in centres {
            for cx in centres {
                let nearFinder = (cx == 6 && cy == 6) || (cx == 6 && cy == size - 7) || (cx == size - 7 && cy == 6)
                guard !nearFinder else { continue }
                for dy in -2...2 {
                    for dx in -2...2 { set(x: cx + dx, y: cy + dy, max(abs(dx), abs(dy)) != 1) }
                }
            }
        }
        // The format areas (drawn for real once the mask is known) and the dark module.
        drawFormat(bits: 0)
        set(x: 8, y: size - 8, true)
        // Version information from version 7: six rows of three beside the top-right finder,
        // and its mirror beside the bottom-left one.
        if version >= 7 {
            let bits = version << 12 | Self.bchRemainder(version, generator: 0x1F25, bits: 12)
            for index in 0..<18 {
                let on = (bits >> index) & 1 == 1
                let (near, far) = (index / 3, size - 11 + index % 3)
                set(x: far, y: near, on)
                set(x: near, y: far, on)
            }
        }
    }

    /// Sets a function module.
    private mutating func set(x: Int, y: Int, _ on: Bool) {
        dark[y * size + x] = on
        reserved[y * size + x] = true
    }

    /// The remainder of `value`·x^`bits` divided by `generator`, all over GF(2): the check bits
    /// of a BCH code.
    static func bchRemainder(_ value: Int, generator: Int, bits: Int) -> Int {
        var remainder = value << bits
        let top = Int.bitWidth - generator.leadingZeroBitCount - 1
        while remainder != 0, Int.bitWidth - remainder.leadingZeroBitCount - 1 >= top {
            remainder ^= generator << (Int.bitWidth - remainder.leadingZeroBitCount - 1 - top)
        }
        return remainder
    }

    /// The 15 format bits for `correction` and `mask`: five data bits, ten BCH(15,5) check
    /// bits, XORed with 0x5412 so they are never all light.
    static func formatBits(_ correction: QRCode.Correction, mask: Int) -> Int {
        let data = correction.formatBits << 3 | mask
        return (data << 10 | bchRemainder(data, generator: 0x537, bits: 10)) ^ 0x5412
    }

    /// Draws the format bits twice: around the top-left finder, and split between the other
    /// two (bit 0 is the least significant).
    private mutating func drawFormat(bits: Int) {
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0..<6 { set(x: 8, y: index, bit(index)) }
        set(x: 8, y: 7, bit(6))
        set(x: 8, y: 8, bit(7))
        set(x: 7, y: 8, bit(8))
        for index in 9..<15 { set(x: 14 - index, y: 8, bit(index)) }
        for index in 0..<8 { set(x: size - 1 - index, y: 8, bit(index)) }
        for index in 8..<15 { set(x: 8, y: size - 15 + index, bit(index)) }
    }

    /// Fills the free modules with `codewords`, most significant bit first, in two-module-wide
    /// columns from the right edge, up the first, down the next, and so on, stepping over the
    /// vertical timing line. Modules past the last codeword (the remainder bits) stay light.
    mutating func place(_ codewords: [UInt8]) {
        var bitIndex = 0
        let totalBits = codewords.count * 8
        var right = size - 1
        var upward = true
        while right > 0 {
            if right == 6 { right = 5 }
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for x in [right, right - 1] where !reserved[y * size + x] {
                    if bitIndex < totalBits {
                        dark[y * size + x] = (codewords[bitIndex / 8] >> (7 - UInt8(bitIndex % 8))) & 1 == 1
                    }
                    bitIndex += 1
                }
            }
            upward.toggle()
            right -= 2
        }
    }

    /// A copy with data mask `mask` (0...7) flipping the free modules where its condition holds,
    /// and the format information for `correction` and that mask drawn.
    func masked(_ mask: Int, _ correction: QRCode.Correction) -> Grid {
        var copy = self
        for y in 0..<size {
            for x in 0..<size where !reserved[y * size + x] && Self.maskFlips(mask, x: x, y: y) {
                copy.dark[y * size + x].toggle()
            }
        }
        copy.drawFormat(bits: Self.formatBits(correction, mask: mask))
        return copy
    }

    /// The eight mask conditions of ISO/IEC 18004, with `y` the row and `x` the column.
    static func maskFlips(_ mask: Int, x: Int, y: Int) -> Bool {
        switch mask {
        case 0: (y + x) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (y + x) % 3 == 0
        case 4: (y / 2 + x / 3) % 2 == 0
        case 5: (y * x) % 2 + (y * x) % 3 == 0
        case 6: ((y * x) % 2 + (y * x) % 3) % 2 == 0
        default: ((y + x) % 2 + (y * x) % 3) % 2 == 0
        }
    }

    /// How badly the symbol would read, by the four rules of ISO/IEC 18004: 3 for a run of five
    /// like modules in a row or column and 1 for each one more (N1 = 3); 3 for every 2 × 2 block
    /// of one colour (N2 = 3); 40 for each 1:1:3:1:1 finder-like pattern with four light modules
    /// on one side (N3 = 40), counting the quiet zone beyond the edge as light; and 10 for every
    /// full 5% that the share of dark modules is away from half (N4 = 10).
    var penalty: Int {
        var transposed = dark
        for y in 0..<size {
            for x in 0..<size { transposed[x * size + y] = dark[y * size + x] }
        }
        var score = Self.linePenalty(dark, size) + Self.linePenalty(transposed, size)
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let colour = dark[y * size + x]
                if dark[y * size + x + 1] == colour, dark[(y + 1) * size + x] == colour,
                    dark[(y + 1) * size + x + 1] == colour
                {
                    score += 3
                }
            }
        }
        let darkCount = dark.reduce(0) { $0 + ($1 ? 1 : 0) }
        let total = size * size
        score += 10 * (abs(darkCount * 20 - total * 10) / total)
        return score
    }

    /// Rules N1 and N3 along each row of `modules` (pass the transpose for the columns).
    private static func linePenalty(_ modules: [Bool], _ size: Int) -> Int {
        var score = 0
        for y in 0..<size {
            let row = y * size
            // N1: runs of one colour.
            var runLength = 1
            for x in 1..<size {
                if modules[row + x] == modules[row + x - 1] {
                    runLength += 1
                } else {
                    if runLength >= 5 { score += runLength - 2 }
                    runLength = 1
                }
            }
            if runLength >= 5 { score += runLength - 2 }
            // N3: dark, light, three dark, light, dark, with four light on either side.
            func lightBetween(_ from: Int, _ to: Int) -> Bool {
                (max(0, from)..<min(size, to)).allSatisfy { !modules[row + $0] }
            }
            for x in 0...(size - 7) {
                let m = row + x
                guard modules[m], !modules[m + 1], modules[m + 2], modules[m + 3], modules[m + 4],
                    !modules[m + 5], modules[m + 6]
                else { continue }
                if lightBetween(x - 4, x) { score += 40 }
                if lightBetween(x + 7, x + 11) { score += 40 }
            }
        }
        return score
    }
}

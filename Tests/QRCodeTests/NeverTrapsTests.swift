import QRCode
import Testing

/// Whatever it is given, the encoder answers a code or nil and never traps.
@Suite("QR code never traps")
struct NeverTrapsTests {
    /// The most bytes version 40 holds at each level (ISO/IEC 18004 Table 7, byte mode).
    static let largest: [QRCode.Correction: Int] = [.low: 2953, .medium: 2331, .quartile: 1663, .high: 1273]

    /// Marsaglia's xorshift64: a fixed sequence from a fixed seed, so every run sees the same cases.
    struct XorShift {
        var state: UInt64

        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }

        mutating func next(in range: ClosedRange<Int>) -> Int {
            range.lowerBound + Int(next() % UInt64(range.count))
        }
    }

    @Test(
        "PHONE-4 the largest input fits version 40 at each level; one byte more gives nil",
        arguments: QRCode.Correction.allCases)
    func test_capacityEdge(correction: QRCode.Correction) throws {
        let largest = try #require(Self.largest[correction])
        let code = try #require(QRCode(bytes: [UInt8](repeating: 0x41, count: largest), correction: correction, mask: 0))
        #expect(code.version == 40)
        #expect(code.size == 177)
        #expect(QRCode(bytes: [UInt8](repeating: 0x41, count: largest + 1), correction: correction) == nil)
        #expect(QRCode(bytes: [UInt8](repeating: 0x41, count: largest + 1), correction: correction, mask: 3) == nil)
    }

    @Test("PHONE-4 empty input, masks and minimum versions out of range give a code or nil, never a trap")
    func test_edges() throws {
        let empty = try #require(QRCode(bytes: [UInt8](), correction: .high))
        #expect(empty.version == 1)
        #expect(QRCode(bytes: [UInt8](), mask: -1) == nil)
        #expect(QRCode(bytes: [UInt8](), mask: 8) == nil)
        #expect(QRCode(bytes: [UInt8](), minimumVersion: 41) == nil)
        #expect(QRCode(bytes: [UInt8](), minimumVersion: .max) == nil)
        #expect(try #require(QRCode(bytes: [UInt8](), minimumVersion: .min)).version == 1)
        #expect(try #require(QRCode(bytes: [UInt8](), minimumVersion: 40)).version == 40)
        #expect(QRCode(text: String(repeating: "é", count: 1477), correction: .low) == nil)
        #expect(QRCode(text: String(repeating: "é", count: 1476), correction: .low)?.version == 40)
        for (x, y) in [(-1, 0), (0, -1), (21, 0), (0, 21), (Int.min, Int.max), (Int.max, Int.min)] {
            #expect(!empty.isDark(x: x, y: y))
        }
    }

    @Test("PHONE-4 random bytes of random lengths at each level: nil exactly when they don't fit, else a well-formed code")
    func test_randomInputs() throws {
        var random = XorShift(state: 0x9E37_79B9_7F4A_7C15)
        for correction in QRCode.Correction.allCases {
            let largest = try #require(Self.largest[correction])
            for _ in 0..<75 {
                let count = random.next(in: 0...3000)
                let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                // Now and then a mask or a minimum version out of range.
                let mask: Int? = random.next(in: 0...3) == 0 ? random.next(in: -2...9) : nil
                let minimum = random.next(in: 0...5) == 0 ? random.next(in: -3...44) : 1
                let code = QRCode(bytes: bytes, correction: correction, mask: mask, minimumVersion: minimum)
                let fits = count <= largest && minimum <= 40 && mask.map { (0...7).contains($0) } ?? true
                #expect((code != nil) == fits, "\(count) bytes, mask \(String(describing: mask)), minimum \(minimum)")
                guard let code else { continue }
                #expect((max(1, minimum)...40).contains(code.version))
                #expect(code.size == code.version * 4 + 17)
                #expect(code.correction == correction)
                if let mask { #expect(code.mask == mask) } else { #expect((0...7).contains(code.mask)) }
                #expect(code.isDark(x: 0, y: 0), "the top-left finder's corner is dark")
                for (x, y) in [(-1, 0), (0, -1), (code.size, 0), (0, code.size), (code.size, code.size), (-1, -1)] {
                    #expect(!code.isDark(x: x, y: y))
                }
            }
        }
    }
}

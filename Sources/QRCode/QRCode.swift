/// A QR code (ISO/IEC 18004, Model 2) holding bytes, as a square of dark and light modules.
///
/// Written here rather than taken from a library so that any platform can draw it: it needs only
/// the standard library. It encodes in byte mode alone, which is all an address or any UTF-8 text
/// needs. The quiet zone (the light margin a reader wants around the code) is not part of the
/// square; whoever draws it adds four modules on every side.
public struct QRCode: Sendable, Equatable {
    /// How much of the code may be damaged and still read back: about 7, 15, 25 or 30 percent.
    /// More correction takes more room, so the same bytes need a larger version.
    public enum Correction: Sendable, CaseIterable {
        case low, medium, quartile, high
    }

    /// The symbol's version, 1...40: version `v` is `4v + 17` modules on a side.
    public let version: Int
    public let correction: Correction
    /// Which of the eight data masks was applied, 0...7.
    public let mask: Int
    /// Modules on a side.
    public var size: Int { version * 4 + 17 }

    /// Whether each module is dark, row by row from the top left.
    private let modules: [Bool]

    /// Encodes `bytes` in the smallest version (not below `minimumVersion`) that holds them at
    /// `correction`. With `mask` nil, the mask is the one with the lowest penalty score; a mask
    /// outside 0...7 gives nil. Answers nil when the bytes don't fit version 40, never traps.
    public init?(
        bytes: some Collection<UInt8>, correction: Correction = .medium, mask: Int? = nil, minimumVersion: Int = 1
    ) {
        if let mask, !(0...7).contains(mask) { return nil }
        let bytes = Array(bytes)
        guard let version = Layout.smallestVersion(holding: bytes.count, at: correction, from: max(1, minimumVersion))
        else { return nil }
        let layout = Layout(version: version, correction: correction)
        let codewords = layout.interleaved(layout.dataCodewords(for: bytes))

        var grid = Grid(version: version)
        grid.place(codewords)
        // Unless one is asked for, each mask is drawn in turn and scored; the first lowest wins.
        var best = grid.masked(mask ?? 0, correction)
        var chosen = mask ?? 0
        if mask == nil {
            var lowest = best.penalty
            for candidate in 1..<8 {
                let masked = grid.masked(candidate, correction)
                let penalty = masked.penalty
                if penalty < lowest { (best, chosen, lowest) = (masked, candidate, penalty) }
            }
        }

        self.version = version
        self.correction = correction
        self.mask = chosen
        self.modules = best.dark
    }

    /// Encodes the UTF-8 bytes of `text`; nil when they don't fit version 40 at `correction`.
    public init?(text: String, correction: Correction = .medium) {
        self.init(bytes: Array(text.utf8), correction: correction)
    }

    /// Whether the module in column `x`, row `y` (from the top left) is dark; false outside
    /// the square, so a drawing loop that runs into the quiet zone needs no checks of its own.
    public func isDark(x: Int, y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }

    /// A horizontal stretch of dark modules: `length` of them from column `x` in row `y`.
    public struct Run: Sendable, Equatable {
        public let y: Int
        public let x: Int
        public let length: Int
    }

    /// The dark modules as horizontal runs, row by row, left to right: one SVG path with an
    /// `M x y h length v 1 h -length z` for each draws the whole code in a few hundred commands
    /// instead of one rectangle per module.
    public func darkRuns() -> [Run] {
        var runs: [Run] = []
        for y in 0..<size {
            var x = 0
            while x < size {
                guard modules[y * size + x] else {
                    x += 1
                    continue
                }
                let start = x
                while x < size, modules[y * size + x] { x += 1 }
                runs.append(Run(y: y, x: start, length: x - start))
            }
        }
        return runs
    }
}

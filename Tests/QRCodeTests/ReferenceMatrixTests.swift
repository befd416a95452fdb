import Foundation
@testable import QRCode
import Testing

/// Our encoder beside an independent one: Python's qrcode package wrote the matrices and tables
/// in Fixtures/ (Fixtures/make-fixtures.py says how), and ours must draw the same modules for the
/// same bytes, level, version and mask.
@Suite("QR code beside Python's qrcode")
struct ReferenceMatrixTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// One fixture file: its header fields and its rows of '#' and '.'.
    struct Fixture {
        let version: Int
        let correction: QRCode.Correction
        let mask: Int
        let minimum: Int
        let autoMask: Int
        let bytes: [UInt8]
        let rows: [String]

        init(named name: String) throws {
            let file = ReferenceMatrixTests.fixtures.appendingPathComponent("\(name).txt")
            let text = try String(contentsOf: file, encoding: .utf8)
            let lines = text.split(separator: "\n").map(String.init)
            var fields: [String: String] = [:]
            for field in try #require(lines.first).split(separator: " ") {
                let parts = field.split(separator: "=", maxSplits: 1).map(String.init)
                fields[parts[0]] = parts.count > 1 ? parts[1] : ""
            }
            version = try #require(fields["version"].flatMap { Int($0) })
            correction = try #require(fields["level"].flatMap { ReferenceMatrixTests.level($0) })
            mask = try #require(fields["mask"].flatMap { Int($0) })
            minimum = try #require(fields["minimum"].flatMap { Int($0) })
            autoMask = try #require(fields["auto_mask"].flatMap { Int($0) })
            let hex = Array(try #require(fields["bytes"]).utf8)
            bytes = stride(from: 0, to: hex.count - 1, by: 2).compactMap {
                UInt8(String(decoding: hex[$0..<$0 + 2], as: UTF8.self), radix: 16)
            }
            rows = Array(lines.dropFirst())
        }
    }

    static func level(_ letter: String) -> QRCode.Correction? {
        ["L": .low, "M": .medium, "Q": .quartile, "H": .high][letter]
    }

    static let names = [
        "url-m", "one-byte-l", "hundred-bytes-q", "chinese-h", "mixed-utf8-l", "version-7-q", "version-8-m",
        "sixteen-bit-count-l", "forced-version-27-h", "largest-40-l", "largest-40-h",
    ]

    /// Our matrix as the fixtures write it.
    static func rows(_ code: QRCode) -> [String] {
        (0..<code.size).map { y in String((0..<code.size).map { code.isDark(x: $0, y: y) ? "#" : "." }) }
    }

    @Test("PHONE-4 the same bytes, level, version and mask give qrcode's matrix module for module", arguments: names)
    func test_matchesReference(name: String) throws {
        let fixture = try Fixture(named: name)
        let code = try #require(
            QRCode(
                bytes: fixture.bytes, correction: fixture.correction, mask: fixture.mask, minimumVersion: fixture.version))
        #expect(code.version == fixture.version)
        #expect(code.mask == fixture.mask)
        #expect(code.size == fixture.rows.count)
        let ours = Self.rows(code)
        let differing = zip(ours, fixture.rows).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        let first = differing.first ?? 0
        #expect(
            differing.isEmpty,
            "rows \(differing.prefix(10)) differ, the first:\n ours \(ours[first])\n      \(fixture.rows[first])")
    }

    /// The mask we pick by our own penalty score may differ from qrcode's (it counts the
    /// finder-like pattern only well inside the square); the version may not.
    @Test("PHONE-4 choosing the mask ourselves keeps qrcode's version", arguments: names)
    func test_ownMaskSameVersion(name: String) throws {
        let fixture = try Fixture(named: name)
        let code = try #require(
            QRCode(bytes: fixture.bytes, correction: fixture.correction, minimumVersion: fixture.minimum))
        #expect(code.version == fixture.version)
        #expect((0...7).contains(code.mask))
        let forced = try #require(
            QRCode(bytes: fixture.bytes, correction: fixture.correction, mask: code.mask, minimumVersion: fixture.minimum))
        #expect(forced == code, "the chosen mask, asked for, gives the same code")
    }

    @Test("PHONE-4 every version and level splits its codewords as qrcode's tables do, with the same alignment centres")
    func test_tables() throws {
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent("tables.txt"), encoding: .utf8)
        let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(rows.count == 160)
        for row in rows {
            let field = row.split(separator: " ").map(String.init)
            let version = try #require(Int(field[0]))
            let layout = Layout(version: version, correction: try #require(Self.level(field[1])))
            let expected = field[2...5].compactMap { Int($0) }
            let actual = [layout.blocks, layout.ecPerBlock, layout.dataCodewords, layout.totalCodewords]
            #expect(actual == expected, "version \(version) \(field[1])")
            let centres = field[6] == "-" ? [] : field[6].split(separator: ",").compactMap { Int($0) }
            #expect(Layout.alignmentCentres[version - 1] == centres, "version \(version)")
        }
    }

    @Test("PHONE-4 a text is its UTF-8 bytes; the dark runs cover exactly the dark modules")
    func test_textAndRuns() throws {
        let text = "连接手机 http://192.168.1.23:8080/"
        let code = try #require(QRCode(text: text))
        #expect(code == QRCode(bytes: Array(text.utf8)))
        #expect(code.correction == .medium)
        var painted = Set<Int>()
        for run in code.darkRuns() {
            #expect(run.length > 0)
            #expect(!code.isDark(x: run.x - 1, y: run.y) && !code.isDark(x: run.x + run.length, y: run.y))
            for x in run.x..<run.x + run.length { painted.insert(run.y * code.size + x) }
        }
        let dark = (0..<code.size * code.size).filter { code.isDark(x: $0 % code.size, y: $0 / code.size) }
        #expect(painted == Set(dark))
    }
}

import Foundation
import ProcessTestSupport
import QRCode
import Testing

/// A real reader reads our codes back: Debian's `zbarimg` (zbar-tools) scans each one drawn as a
/// greyscale PGM image, 4 pixels a module inside a quiet zone of 4 modules, and must print the
/// very bytes encoded. `scripts/test` installs zbar-tools when missing (scripts/test-packages).
@Suite("QR code read back by zbarimg")
struct ZbarRoundTripTests {
    /// A binary PGM (P5) of `code`: black modules on white.
    static func pgm(_ code: QRCode, scale: Int = 4, quiet: Int = 4) -> Data {
        let side = (code.size + 2 * quiet) * scale
        var image = Data("P5\n\(side) \(side)\n255\n".utf8)
        for py in 0..<side {
            for px in 0..<side {
                image.append(code.isDark(x: px / scale - quiet, y: py / scale - quiet) ? 0 : 255)
            }
        }
        return image
    }

    /// Seeded bytes, the same on every run.
    static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }

    static let url = Array("http://192.168.1.23:8080/".utf8)

    static let cases: [(name: String, bytes: [UInt8], correction: QRCode.Correction)] = [
        ("url-low", url, .low),
        ("url-medium", url, .medium),
        ("url-quartile", url, .quartile),
        ("url-high", url, .high),
        ("chinese", Array("连接手机：扫描二维码，打开待办事项".utf8), .medium),
        ("japanese-high", Array("スマホで読み取ってください".utf8), .high),
        ("three-hundred-bytes", bytes(300, seed: 0x5EED), .quartile),
        ("a-thousand-bytes", bytes(1000, seed: 0xC0DE), .low),
    ]

    @Test("PHONE-4 zbarimg reads back the bytes of each code", arguments: cases.indices)
    func test_zbarimgReadsBack(index: Int) async throws {
        let (name, bytes, correction) = Self.cases[index]
        let zbarimg = try #require(
            (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
                .map { "\($0)/zbarimg" }.first { FileManager.default.isExecutableFile(atPath: $0) },
            "`zbarimg` is not installed; ./scripts/test installs it (scripts/test-packages).")
        let code = try #require(QRCode(bytes: bytes, correction: correction))

        var template = Array(FileManager.default.temporaryDirectory.appendingPathComponent("qrcode-XXXXXX").path.utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        let folder = String(cString: try #require(made, "mkdtemp"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = "\(folder)/\(name).pgm"
        try Self.pgm(code).write(to: URL(fileURLWithPath: file))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: zbarimg)
        // -Sbinary: the bytes as encoded. Without it zbar guesses a character set for byte mode
        // and turns UTF-8 Chinese into something else (and adds a newline).
        process.arguments = ["--raw", "-q", "-Sbinary", file]
        process.standardInput = FileHandle.nullDevice
        let ended = try await ChildProcess.run(process, stopAfter: 60)
        #expect(ended.status == 0, "zbarimg \(name) (version \(code.version)): \(ended.errors)")
        #expect(Array(ended.out) == bytes, "\(name): read \(ended.output)")
    }
}

import Foundation
import Testing
import TodoTestSupport

/// `todo serve --trusted-proxy` (docs/specs/servers.md, SERVERS-8).
@Suite("todo serve --trusted-proxy (separate processes)", .serialized)
struct TrustedProxyProcessTests {
    @Test("SERVERS-8 todo serve refuses a --trusted-proxy that is not an IP address, in the person's language, before opening anything")
    func test_SERVERS_8_notAnAddressRefused() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cases = [
            ("localhost", "C", "“localhost” is not an IP address: give --trusted-proxy the address the proxy connects from, such as 127.0.0.1 or ::1."),
            ("127.0.0.0/8", "zh_CN.UTF-8", "“127.0.0.0/8”不是 IP 地址"),
            ("127.0.0.l", "ja_JP.UTF-8", "「127.0.0.l」は IP アドレスではありません。"),
        ]
        for (number, (address, language, sentence)) in cases.enumerated() {
            let database = folder.file("t\(number).sqlite")
            let result = try await TodoProcess.run(
                ["serve", "--port", "0", "--db", database, "--trusted-proxy", "127.0.0.1", "--trusted-proxy", address],
                environment: ["LC_ALL": "", "LC_MESSAGES": "", "LANG": language], stopAfter: 20)
            #expect(result.status != 0, "\(address)")
            #expect(result.err.contains(sentence), "\(address): \(result.err)")
            #expect(result.out.isEmpty, "nothing listens: no address printed")
            #expect(!FileManager.default.fileExists(atPath: database), "nothing opened")
        }
    }
}

import ComicsCore
@testable import ComicsWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import WebUI

/// The Comics server's side of docs/specs/hardening.md: the same headers, HEAD and Host rule
/// as the Todo server.
@Suite("Hardening: the comics web app")
struct ComicsHardeningTests {
    private func app() throws -> some ApplicationProtocol {
        let source = StubSource(comics: .success([Comic(id: 1, title: "Avengers (1963) #1")]))
        let logger = Logger(label: "comics-hardening-test")
        return Application(router: try buildRouter(ComicsWebDependencies(source: source, logger: logger)), logger: logger)
    }

    @Test("HARDEN-10b the comics pages send the same security headers as the todo pages", arguments: ["/", "/?render=server", "/api/comics", "/comics/1"])
    func test_HARDEN_10b_securityHeaders(_ path: String) async throws {
        try await app().test(.router) { client in
            let response = try await client.execute(uri: path, method: .get)
            #expect(response.headers[.contentSecurityPolicy] == SecurityHeadersMiddleware<BasicRequestContext>.policy)
            #expect(response.headers[.xContentTypeOptions] == "nosniff")
            #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "same-origin")
            #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
        }
    }

    @Test("HARDEN-10c HEAD answers like GET without a body", arguments: ["/", "/api/comics", "/assets/webui.css"])
    func test_HARDEN_10c_head(_ path: String) async throws {
        try await app().test(.router) { client in
            let get = try await client.execute(uri: path, method: .get)
            let head = try await client.execute(uri: path, method: .head)
            #expect(head.status == get.status)
            #expect(head.headers[.contentType] == get.headers[.contentType])
            #expect(head.body.readableBytes == 0)
        }
    }

    @Test("HARDEN-2 another Host name is answered 421 with a sentence; the own names work")
    func test_HARDEN_2_foreignHost() async throws {
        try await app().test(.live) { client in
            let port = try #require(client.port)
            let raw = TestClient(host: "localhost", port: port, configuration: .init(timeout: .seconds(10)))
            raw.connect()
            defer { Task { try? await raw.shutdown() } }
            let foreign = try await raw.execute(TestClient.Request("/api/comics", method: .get, authority: "evil.example:\(port)"))
            #expect(foreign.head.status == .misdirectedRequest)
            #expect(String(buffer: foreign.body ?? ByteBuffer()).contains("--allowed-host"))
            let page = try await raw.execute(TestClient.Request("/", method: .get, authority: "evil.example"))
            #expect(page.head.status == .misdirectedRequest)
            #expect(String(buffer: page.body ?? ByteBuffer()).contains("--allowed-host NAME"))
            // LANG-4: the page's refusal in the request's language; the API's stays English.
            let japanese = try await raw.execute(
                TestClient.Request("/", method: .get, authority: "evil.example", headers: [.acceptLanguage: "ja"]))
            #expect(japanese.head.status == .misdirectedRequest)
            let text = String(buffer: japanese.body ?? ByteBuffer())
            #expect(text.contains("このサーバーは、このリクエストの送信先のホスト名には応答しません。") && !text.contains("This server"))
            let api = try await raw.execute(
                TestClient.Request("/api/comics", method: .get, authority: "evil.example", headers: [.acceptLanguage: "ja"]))
            #expect(String(buffer: api.body ?? ByteBuffer()).contains("This server does not answer"))
            let own = try await raw.execute(TestClient.Request("/api/comics", method: .get, authority: "127.0.0.1:\(port)"))
            #expect(own.head.status == .ok)
        }
    }
}

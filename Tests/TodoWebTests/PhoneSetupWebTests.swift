import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import TodoAccounts
import TodoTestSupport
import TodoWeb

/// Settings → Connect a phone and the sign-in page of a server without accounts
/// (docs/specs/phone-setup.md, PHONE-3…5).
@Suite("Connect a phone: the web app")
struct PhoneSetupWebTests {
    /// Alice's settings page, asked for by a live client naming `authority` as its Host.
    private func settings(
        _ sut: AccountsWebSUT, authority: String, session: String, method: HTTPRequest.Method = .get, path: String = "/settings",
        form: [(String, String)]? = nil
    ) async throws -> String {
        try await sut.app.test(.live) { client async throws in
            let live = TestClient(host: "localhost", port: try #require(client.port), configuration: .init(timeout: .seconds(10)))
            live.connect()
            defer { Task { try? await live.shutdown() } }
            var headers: HTTPFields = [.cookie: "todo_session=\(session)"]
            if form != nil {
                headers[.contentType] = "application/x-www-form-urlencoded"
                headers[.origin] = "http://\(authority)"
            }
            let body = form.map { pairs in
                ByteBuffer(string: pairs.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }.joined(separator: "&"))
            }
            let response = try await live.execute(
                TestClient.Request(path, method: method, authority: authority, headers: headers, body: body ?? ByteBuffer()))
            #expect(response.status == .ok, "\(path) by \(authority)")
            return response.body.map { String(buffer: $0) } ?? ""
        }
    }

    private func aliceSession(_ sut: AccountsWebSUT) async throws -> String {
        _ = try await sut.accounts.add(name: "alice", password: AccountsWebSUT.password)
        return try await sut.app.test(.router) { client in try await client.session("alice") }
    }

    @Test("PHONE-3 with --lan, the panel shows each phone address on the page's port, the QR code of the first, and no caution")
    func test_PHONE_3_lanAddresses() async throws {
        var sut = AccountsWebSUT()
        sut.phoneHosts = ["192.168.1.23", "studio.local"]
        let session = try await aliceSession(sut)
        let page = try await settings(sut, authority: "192.168.1.23:8443", session: session)
        #expect(page.contains(#"<code data-testid="phone-address">http://192.168.1.23:8443/</code>"#))
        #expect(page.contains(#"<code data-testid="phone-other-address">http://studio.local:8443/</code>"#))
        #expect(page.contains(#"aria-label="QR code of http://192.168.1.23:8443/: point the phone&#39;s camera at it"#)
                || page.contains(#"aria-label="QR code of http://192.168.1.23:8443/: point the phone's camera at it"#))
        #expect(page.contains(#"data-testid="phone-code""#))
        #expect(!page.contains("phone-caution"))
        // Each app's steps name the address and the person.
        #expect(page.contains("Server: http://192.168.1.23:8443/; User Name: alice; Password: the token."))
        #expect(page.contains("Base URL http://192.168.1.23:8443/; User name alice"))
        #expect(page.contains("Username: alice; Location: http://192.168.1.23:8443/."))
    }

    @Test("PHONE-3 without --lan, the panel shows the address the page was opened by; this machine's only, with the fix")
    func test_PHONE_3_pageAddress() async throws {
        var sut = AccountsWebSUT()
        sut.phoneHosts = []
        let session = try await aliceSession(sut)
        let local = try await settings(sut, authority: "127.0.0.1:8080", session: session)
        #expect(local.contains(#"<code data-testid="phone-address">http://127.0.0.1:8080/</code>"#))
        #expect(local.contains("This address works on this computer only. To connect a phone, start Todo with “todo serve --lan”."))

        // Spelled again from the name and the port, never echoed as sent.
        let padded = try await settings(sut, authority: "LOCALHOST:0008080", session: session)
        #expect(padded.contains(#"<code data-testid="phone-address">http://localhost:8080/</code>"#))
        let portless = try await settings(sut, authority: "127.0.0.1", session: session)
        #expect(portless.contains(#"<code data-testid="phone-address">http://127.0.0.1/</code>"#) && portless.contains("phone-caution"))

        // Behind TLS (Secure cookies), the address is https.
        let secure = AccountsWebSUT(secureCookies: true)
        let other = try await aliceSession(secure)
        let page = try await settings(secure, authority: "localhost", session: other)
        #expect(page.contains(#"<code data-testid="phone-address">https://localhost/</code>"#))
        #expect(page.contains("phone-caution"))
    }

    @Test("PHONE-3 the phone's token is made in the panel, labelled phone, then phone-2, and shown there once")
    func test_PHONE_3_token() async throws {
        var sut = AccountsWebSUT()
        sut.phoneHosts = ["192.168.1.23"]
        let session = try await aliceSession(sut)
        let before = try await settings(sut, authority: "192.168.1.23:8080", session: session)
        #expect(before.contains(#"<input type="hidden" name="label" value="phone">"#))
        let made = try await settings(
            sut, authority: "192.168.1.23:8080", session: session, method: .post, path: "/settings/tokens",
            form: [("place", "phone"), ("label", "phone"), ("password", AccountsWebSUT.password)])
        #expect(made.contains(#"data-testid="phone-new-token""#))
        #expect(!made.contains(#"data-testid="new-token""#), "shown in the panel, not above it")
        let token = try #require(made.firstMatch(of: /data-testid="phone-new-token-text">([^<]+)</)?.1)
        #expect(try await sut.accounts.account(token: String(token))?.name == "alice")
        #expect(made.contains(#"<input type="hidden" name="label" value="phone-2">"#))
        // Shown once: the next visit has only its label.
        let after = try await settings(sut, authority: "192.168.1.23:8080", session: session)
        #expect(!after.contains(String(token)))
        #expect(after.contains(#"<span class="token-label" data-testid="token-label">phone</span>"#))
    }

    @Test("PHONE-5 the sign-in page of a server without accounts says how to make the first one, until one exists")
    func test_PHONE_5_firstAccount() async throws {
        var setUp = AccountsWebSUT()
        setUp.usersCommand = "todo users add NAME --db /srv/todo.sqlite"
        let sut = setUp
        try await sut.app.test(.router) { client in
            let empty = try await client.execute(uri: "/signin", method: .get)
            #expect(empty.text.contains(
                #"No one has an account yet. On the computer that runs Todo, make the first one:<br><code>todo users add NAME --db /srv/todo.sqlite</code>"#))
            let zh = try await client.execute(uri: "/signin", method: .get, headers: [.acceptLanguage: "zh-CN"])
            #expect(zh.text.contains("还没有人有账户。"))
            _ = try await sut.accounts.add(name: "alice", password: AccountsWebSUT.password)
            let one = try await client.execute(uri: "/signin", method: .get)
            #expect(!one.text.contains("signin-first-account"))
            let refused = try await client.signIn("alice", "wrong password")
            #expect(!refused.text.contains("signin-first-account"))
        }
    }
}

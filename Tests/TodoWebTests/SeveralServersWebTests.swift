import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoAccounts
import TodoCore
import TodoTestSupport
import TodoWeb

/// The web app with accounts behind a reverse proxy: `trustedProxies`, and the connection's
/// address taken from a test header (a router-level test has no connection).
private struct ProxiedSUT {
    static let peer = HTTPField.Name("X-Test-Peer")!
    let accountStore: any AccountStore = InMemoryAccountStore()
    let accounts: Accounts
    let trustedProxies: [String]

    init(trustedProxies: [String]) {
        accounts = Accounts(store: accountStore, now: { TestEnvironment.referenceDate }, hasher: BcryptHasher.insecureForTestsOnly(cost: 4))
        self.trustedProxies = trustedProxies
    }

    var app: some ApplicationProtocol {
        get throws {
            var options = TodoWebOptions(today: { today }, now: { TestEnvironment.referenceDate })
            options.accounts = accounts
            options.lists = .inMemory(environment: TestEnvironment().environment)
            options.trustedProxies = trustedProxies
            options.clientAddress = { request, _ in request.headers[Self.peer] ?? "web" }
            return Application(router: try TodoWebApp.buildRouter(
                store: InMemoryTodoStore(environment: TestEnvironment().environment), options: options))
        }
    }

    /// The failed sign-ins counted under `address` in the last hour.
    func failures(_ address: String) async throws -> Int {
        try await accountStore.failures(address: address, since: TestEnvironment.referenceDate.addingTimeInterval(-3600)).count
    }
}

private let forwardedForHeader = HTTPField.Name("X-Forwarded-For")!

/// Headers of a request that came on a connection from `peer`, with `X-Forwarded-For` lines.
private func proxied(_ peer: String, _ forwardedFor: [String] = []) -> HTTPFields {
    var fields: HTTPFields = [ProxiedSUT.peer: peer]
    for line in forwardedFor { fields.append(HTTPField(name: forwardedForHeader, value: line)) }
    return fields
}

@Suite("Several servers: the client's address behind a proxy, CORS with tokens, sign-out")
struct SeveralServersWebTests {
    @Test("SERVERS-4 from a trusted proxy the last X-Forwarded-For address is the client's; otherwise the header is ignored")
    func test_SERVERS_4_forwardedForFromTrustedProxyOnly() async throws {
        let sut = ProxiedSUT(trustedProxies: ["127.0.0.1", "::1"])
        try await sut.app.test(.router) { client in
            let cases: [(peer: String, forwardedFor: [String], counted: String)] = [
                // The proxy appended 198.51.100.7; the client wrote 203.0.113.9 itself.
                ("127.0.0.1", ["203.0.113.9, 198.51.100.7"], "198.51.100.7"),
                // Not a trusted proxy: a client can't pick its own address.
                ("192.0.2.50", ["198.51.100.8"], "192.0.2.50"),
                // A trusted proxy that forwards for nobody, or not an address.
                ("127.0.0.1", [], "127.0.0.1"),
                ("127.0.0.1", ["198.51.100.7, nonsense"], "127.0.0.1"),
                ("127.0.0.1", ["198.51.100.7,"], "127.0.0.1"),
                // Two header lines are one list; ::1 written in full is ::1; an address is spelled one way.
                ("0:0:0:0:0:0:0:1", ["10.0.0.1", "2001:DB8:0:0:0:0:0:9"], "2001:db8::9"),
            ]
            for (number, (peer, forwardedFor, counted)) in cases.enumerated() {
                let before = try await sut.failures(counted)
                let refused = try await client.signIn("nobody\(number)", "wrong password", headers: proxied(peer, forwardedFor))
                #expect(refused.status == .unauthorized)
                #expect(try await sut.failures(counted) == before + 1, "\(peer) \(forwardedFor)")
            }
            #expect(try await sut.failures("203.0.113.9") == 0, "what the client wrote before the proxy's entry")
            #expect(try await sut.failures("198.51.100.8") == 0, "X-Forwarded-For from a connection not trusted")
            #expect(try await sut.failures("10.0.0.1") == 0)
        }
    }

    @Test("SERVERS-4 behind a trusted proxy, one client reaching the limit does not lock out another")
    func test_SERVERS_4_limitPerForwardedClient() async throws {
        let sut = ProxiedSUT(trustedProxies: ["127.0.0.1"])
        try await sut.accounts.add(name: "bob", password: AccountsWebSUT.password)
        try await sut.app.test(.router) { client in
            for number in 0..<10 {
                let refused = try await client.signIn("guess\(number)", "wrong password", headers: proxied("127.0.0.1", ["198.51.100.7"]))
                #expect(refused.status == .unauthorized)
            }
            let limited = try await client.signIn("bob", AccountsWebSUT.password, headers: proxied("127.0.0.1", ["198.51.100.7"]))
            #expect(limited.status == .tooManyRequests)
            // Another person through the same proxy.
            let other = try await client.signIn("bob", AccountsWebSUT.password, headers: proxied("127.0.0.1", ["198.51.100.20"]))
            #expect(other.status == .seeOther)
            #expect(other.sessionCookie != nil)
        }
        // Without trusting the proxy, everyone behind it is one address: the limit holds them all.
        let untrusting = ProxiedSUT(trustedProxies: [])
        try await untrusting.accounts.add(name: "bob", password: AccountsWebSUT.password)
        try await untrusting.app.test(.router) { client in
            for number in 0..<10 {
                _ = try await client.signIn("guess\(number)", "wrong password", headers: proxied("127.0.0.1", ["198.51.100.7"]))
            }
            let other = try await client.signIn("bob", AccountsWebSUT.password, headers: proxied("127.0.0.1", ["198.51.100.20"]))
            #expect(other.status == .tooManyRequests)
            #expect(try await untrusting.failures("127.0.0.1") == 10)
        }
    }

    @Test("SERVERS-4 a live server reads X-Forwarded-For only when the connection's address is trusted")
    func test_SERVERS_4_live() async throws {
        for (trusted, counted) in [(["127.0.0.1"], "198.51.100.7"), ([], "127.0.0.1"), (["192.0.2.1"], "127.0.0.1")] {
            let accountStore: any AccountStore = InMemoryAccountStore()
            let accounts = Accounts(store: accountStore, now: { TestEnvironment.referenceDate }, hasher: BcryptHasher.insecureForTestsOnly(cost: 4))
            var options = TodoWebOptions(port: 0, today: { today }, now: { TestEnvironment.referenceDate })
            options.accounts = accounts
            options.lists = .inMemory(environment: TestEnvironment().environment)
            options.trustedProxies = trusted
            let app = try TodoWebApp.buildApplication(
                store: InMemoryTodoStore(environment: TestEnvironment().environment), options: options)
            try await app.test(.live) { client in
                let refused = try await client.signIn(
                    "alice", "wrong password", headers: [forwardedForHeader: "203.0.113.9, 198.51.100.7"])
                #expect(refused.status == .unauthorized)
            }
            let since = TestEnvironment.referenceDate.addingTimeInterval(-3600)
            #expect(try await accountStore.failures(address: counted, since: since).count == 1, "\(trusted)")
            for other in ["127.0.0.1", "198.51.100.7", "203.0.113.9"] where other != counted {
                #expect(try await accountStore.failures(address: other, since: since).count == 0, "\(trusted) \(other)")
            }
        }
    }

    @Test("SERVERS-5 a preflight from an allowed origin allows Authorization; one from another origin gets no CORS headers")
    func test_SERVERS_5_preflightAllowsAuthorization() async throws {
        var sut = WebSUT()
        sut.corsOrigins = ["https://app.example"]
        try await sut.app.test(.router) { client in
            let preflight = try await client.execute(
                uri: "/api/todos", method: .options,
                headers: [.origin: "https://app.example", .accessControlRequestMethod: "GET",
                          .accessControlRequestHeaders: "authorization"])
            #expect(preflight.status == .noContent)
            #expect(preflight.headers[.accessControlAllowOrigin] == "https://app.example")
            let allowed = (preflight.headers[.accessControlAllowHeaders] ?? "")
                .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            #expect(Set(allowed) == ["content-type", "if-match", "authorization"])
            let foreign = try await client.execute(
                uri: "/api/todos", method: .options,
                headers: [.origin: "https://evil.example", .accessControlRequestMethod: "GET",
                          .accessControlRequestHeaders: "authorization"])
            #expect(foreign.headers[.accessControlAllowOrigin] == nil)
            #expect(foreign.headers[.accessControlAllowHeaders] == nil)
        }
    }

    @Test("SERVERS-6 signing out answers Clear-Site-Data: \"cache\", \"storage\", with a session or without")
    func test_SERVERS_6_signOutClearsSiteCache() async throws {
        let sut = AccountsWebSUT()
        try await sut.accounts.add(name: "alice", password: AccountsWebSUT.password)
        try await sut.app.test(.router) { client in
            let id = try await client.session("alice")
            let out = try await client.execute(uri: "/signout", method: .post, headers: .sessionForm(id))
            #expect(out.status == .seeOther)
            #expect(out.headers[HTTPField.Name("Clear-Site-Data")!] == #""cache", "storage""#)
            let again = try await client.execute(uri: "/signout", method: .post, headers: .form)
            #expect(again.headers[HTTPField.Name("Clear-Site-Data")!] == #""cache", "storage""#)
            // Signing in clears nothing.
            let signedIn = try await client.signIn("alice", AccountsWebSUT.password)
            #expect(signedIn.headers[HTTPField.Name("Clear-Site-Data")!] == nil)
        }
    }
}

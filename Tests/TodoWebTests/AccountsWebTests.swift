import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoAccounts
import TodoCore
import TodoTestSupport
import TodoWeb

/// A clock the test moves.
final class WebClock: @unchecked Sendable {
    private let lock = NSLock()
    private var time = Date(timeIntervalSince1970: 1_790_000_000)
    var now: Date { lock.withLock { time } }
    func advance(_ seconds: TimeInterval) { lock.withLock { time += seconds } }
    func set(_ moment: Date) { lock.withLock { time = moment } }
}

/// The web app with accounts over an in-memory account store, a cheap hasher and a test clock.
struct AccountsWebSUT {
    /// Every person's lists, in memory.
    let lists = PeopleLists.inMemory(environment: TestEnvironment().environment)
    let clock: WebClock
    let accounts: Accounts
    var allowSignup = false
    var secureCookies = false
    /// `--cors-origin`.
    var corsOrigins: [String] = []
    /// The live changes `/events` follows (none: no such route), and its heartbeat.
    var live: LiveChanges?
    var liveHeartbeat: Duration = .seconds(15)
    /// The record of changes that keeps list pages (LIVE-17); none: every page is made.
    var changes: (any ChangeRecord)?
    /// `todo serve --lan`'s phone hosts, also answered as Host names (PHONE-1, PHONE-3).
    var phoneHosts: [String] = []
    /// How the first account is made (PHONE-5).
    var usersCommand = "todo users add NAME"

    init(allowSignup: Bool = false, secureCookies: Bool = false) {
        let clock = WebClock()
        self.clock = clock
        accounts = Accounts(
            store: InMemoryAccountStore(), now: { clock.now }, hasher: BcryptHasher.insecureForTestsOnly(cost: 4))
        self.allowSignup = allowSignup
        self.secureCookies = secureCookies
    }

    var app: some ApplicationProtocol {
        get throws {
            var options = TodoWebOptions(corsOrigins: corsOrigins, today: { today }, now: { TestEnvironment.referenceDate })
            options.accounts = accounts
            options.live = live
            options.liveHeartbeat = liveHeartbeat
            options.changes = changes
            options.lists = lists
            options.allowSignup = allowSignup
            options.secureCookies = secureCookies
            (options.phoneHosts, options.allowedHosts, options.usersCommand) = (phoneHosts, phoneHosts, usersCommand)
            return Application(router: try TodoWebApp.buildRouter(store: InMemoryTodoStore(environment: TestEnvironment().environment), options: options))
        }
    }

    /// The items of the person named `name`.
    func store(of name: String) async throws -> any TodoStore {
        try await lists.store(ListOwner(account: try await accounts.user(named: name).id))
    }

    static let password = "correct horse battery"
}

extension TestResponse {
    /// The session id a response set, from its `Set-Cookie`.
    var sessionCookie: String? {
        guard let header = headers[.setCookie], header.hasPrefix("todo_session=") else { return nil }
        let value = header.dropFirst("todo_session=".count).prefix { $0 != ";" }
        return value.isEmpty ? nil : String(value)
    }
}

extension HTTPFields {
    static func session(_ id: String) -> HTTPFields { [.cookie: "todo_session=\(id)"] }
    /// The session cookie and a form body.
    static func sessionForm(_ id: String) -> HTTPFields {
        [.cookie: "todo_session=\(id)", .contentType: "application/x-www-form-urlencoded"]
    }
}

extension TestClientProtocol {
    /// Signs in through the form; answers the response.
    func signIn(_ name: String, _ password: String, from: String? = nil, headers: HTTPFields = [:]) async throws -> TestResponse {
        var fields = HTTPFields.form
        for field in headers { fields.append(field) }
        var form = [("name", name), ("password", password)]
        if let from { form.append(("from", from)) }
        return try await execute(uri: "/signin", method: .post, headers: fields, body: .form(form))
    }

    /// Signs in and answers the session id.
    func session(_ name: String, _ password: String = AccountsWebSUT.password) async throws -> String {
        let response = try await signIn(name, password)
        return try #require(response.sessionCookie)
    }
}

@Suite("Accounts: signing in on the web")
struct AccountsWebTests {
    @Test("ACCOUNT-30 pages redirect to /signin with from; the API answers 401 with WWW-Authenticate; public addresses answer")
    func test_ACCOUNT_30_signInRequired() async throws {
        let sut = AccountsWebSUT()
        try await sut.app.test(.router) { client in
            let page = try await client.execute(uri: "/today", method: .get)
            #expect(page.status == .seeOther)
            #expect(page.headers[.location] == "/signin?from=%2Ftoday")
            let home = try await client.execute(uri: "/", method: .get)
            #expect(home.headers[.location] == "/signin")
            let query = try await client.execute(uri: "/search?q=milk", method: .get)
            #expect(query.headers[.location] == "/signin?from=%2Fsearch%3Fq%3Dmilk")
            let api = try await client.execute(uri: "/api/todos", method: .get)
            #expect(api.status == .unauthorized)
            #expect(api.headers[.wwwAuthenticate] == "Bearer")
            #expect(api.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(try (api.json() as? [String: String])?["error"]?.isEmpty == false)
            let write = try await client.execute(
                uri: "/api/todos", method: .post, headers: .json, body: ByteBuffer(string: #"{"title":"x"}"#))
            #expect(write.status == .unauthorized)
            #expect(try await sut.lists.store(.local).items().isEmpty)
            let form = try await client.execute(uri: "/items", method: .post, headers: .form, body: .form([("title", "x")]))
            #expect(form.status == .seeOther)
            #expect(form.headers[.location] == "/signin")
            #expect(try await sut.lists.store(.local).items().isEmpty)
            for open in ["/signin", "/healthz", "/offline", "/manifest.webmanifest", "/sw.js"] {
                #expect(try await client.execute(uri: open, method: .get).status == .ok, "\(open)")
            }
            // A sign-in page never sends a person to another site (HARDEN-3).
            for foreign in ["//evil.example/", "https://evil.example/", "/\\evil.example"] {
                let signIn = try await client.execute(
                    uri: "/signin?from=" + foreign.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!, method: .get)
                #expect(!signIn.text.contains("evil.example"), "\(foreign)")
            }
        }
    }

    @Test("ACCOUNT-30 without accounts nothing changes: no sign-in, no account pages, no account bar")
    func test_ACCOUNT_30_onePersonModeUnchanged() async throws {
        let sut = WebSUT()
        _ = try await sut.store.add(TodoDraft(title: "Buy milk"))
        try await sut.app.test(.router) { client in
            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.status == .ok)
            #expect(page.text.contains("Buy milk"))
            #expect(!page.text.contains("account-bar"))
            #expect(!page.text.contains("/signout"))
            #expect(page.text.contains(#"<header class="top-bar"><div class="top-bar-inner">"#))
            #expect(page.text.contains("</div></header>"))
            #expect(try await client.execute(uri: "/api/todos", method: .get).status == .ok)
            for path in ["/signin", "/signup", "/settings"] {
                #expect(try await client.execute(uri: path, method: .get).status == .notFound, "\(path)")
            }
            let signIn = try await client.execute(
                uri: "/signin", method: .post, headers: .form, body: .form([("name", "a"), ("password", "b")]))
            #expect(signIn.status == .notFound)
            #expect(signIn.headers[.setCookie] == nil)
        }
    }

    @Test("ACCOUNT-31 signing in sets an HttpOnly SameSite=Lax cookie with Max-Age, a new id each time, and goes back to from")
    func test_ACCOUNT_31_signInSetsCookie() async throws {
        let sut = AccountsWebSUT()
        try await sut.accounts.add(name: "alice", password: AccountsWebSUT.password)
        try await sut.app.test(.router) { client in
            let form = try await client.execute(uri: "/signin?from=%2Ftoday", method: .get)
            #expect(form.text.contains(#"name="name""#))
            #expect(form.text.contains(#"name="password""#))
            #expect(form.text.contains(#"name="from" value="/today""#))
            let first = try await client.signIn("alice", AccountsWebSUT.password, from: "/today")
            #expect(first.status == .seeOther)
            #expect(first.headers[.location] == "/today")
            let cookie = try #require(first.headers[.setCookie])
            let id = try #require(first.sessionCookie)
            #expect(cookie == "todo_session=\(id); Max-Age=7776000; Path=/; HttpOnly; SameSite=Lax")
            #expect(id.count == 43)
            let second = try await client.signIn("ALICE", AccountsWebSUT.password)
            #expect(second.headers[.location] == "/")
            let other = try #require(second.sessionCookie)
            #expect(other != id)
            for session in [id, other] {
                let page = try await client.execute(uri: "/", method: .get, headers: .session(session))
                #expect(page.status == .ok)
                #expect(page.text.contains("Signed in as alice"))
                #expect(page.text.contains(#"action="/signout""#))
            }
            let api = try await client.execute(uri: "/api/todos", method: .get, headers: .session(id))
            #expect(api.status == .ok)
            // Signed in, the sign-in page sends a person on.
            let again = try await client.execute(uri: "/signin?from=%2Ftoday", method: .get, headers: .session(id))
            #expect(again.status == .seeOther)
            #expect(again.headers[.location] == "/today")
            // An open redirect is refused: from another site goes home.
            let foreign = try await client.signIn("alice", AccountsWebSUT.password, from: "//evil.example/")
            #expect(foreign.headers[.location] == "/")
        }
        let secure = AccountsWebSUT(secureCookies: true)
        try await secure.accounts.add(name: "alice", password: AccountsWebSUT.password)
        try await secure.app.test(.router) { client in
            let response = try await client.signIn("alice", AccountsWebSUT.password)
            #expect(response.headers[.setCookie]?.hasSuffix("; HttpOnly; SameSite=Lax; Secure") == true)
        }
    }

    @Test("ACCOUNT-32 an unknown name and a wrong password answer the same page, the name kept, the password not")
    func test_ACCOUNT_32_sameAnswer() async throws {
        let sut = AccountsWebSUT()
        try await sut.accounts.add(name: "alice", password: AccountsWebSUT.password)
        try await sut.app.test(.router) { client in
            let wrong = try await client.signIn("alice", "not the password")
            let unknown = try await client.signIn("zed99", "not the password")
            #expect(wrong.status == .unauthorized)
            #expect(unknown.status == .unauthorized)
            #expect(wrong.sessionCookie == nil)
            #expect(unknown.sessionCookie == nil)
            #expect(wrong.text.contains("The name or the password is not right."))
            #expect(wrong.text.contains(#"value="alice""#))
            #expect(!wrong.text.contains("not the password"))
            // The same page, but for the name typed, which is kept.
            #expect(unknown.text == wrong.text.replacingOccurrences(of: #"value="alice""#, with: #"value="zed99""#))
            #expect(unknown.headers[.setCookie] == nil)
        }
    }

    @Test("ACCOUNT-33 after 10 failures sign-in answers 429 with Retry-After and a sentence")
    func test_ACCOUNT_33_rateLimited() async throws {
        let sut = AccountsWebSUT()
        try await sut.accounts.add(name: "alice", password: AccountsWebSUT.password)
        try await sut.app.test(.router) { client in
            for _ in 0..<10 { #expect(try await client.signIn("alice", "wrong password").status == .unauthorized) }
            let limited = try await client.signIn("alice", AccountsWebSUT.password)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] == "900")
            #expect(limited.sessionCookie == nil)
            #expect(limited.text.contains("Too many failed sign-ins: try again in 15 minutes."))
            sut.clock.advance(15 * 60 + 1)
            #expect(try await client.signIn("alice", AccountsWebSUT.password).status == .seeOther)
        }
    }

    @Test("ACCOUNT-33 a live server counts failures by the connection's address")
    func test_ACCOUNT_33_liveAddress() async throws {
        let accountStore: any AccountStore = InMemoryAccountStore()
        let clock = TestEnvironment()
        let accounts = Accounts(store: accountStore, now: { clock.now() }, hasher: BcryptHasher.insecureForTestsOnly(cost: 4))
        try await accounts.add(name: "alice", password: AccountsWebSUT.password)
        var options = TodoWebOptions(port: 0, today: { today }, now: { TestEnvironment.referenceDate })
        options.accounts = accounts
        options.lists = .inMemory(environment: TestEnvironment().environment)
        let app = try TodoWebApp.buildApplication(store: InMemoryTodoStore(environment: TestEnvironment().environment), options: options)
        let since = TestEnvironment.referenceDate.addingTimeInterval(-3600)
        try await app.test(.live) { client in
            let refused = try await client.signIn("alice", "wrong password")
            #expect(refused.status == .unauthorized)
            // Counted by the address the request came from, not by one key for everyone.
            let byConnection = try await accountStore.failures(address: "127.0.0.1", since: since).count
            #expect(byConnection == 1)
            #expect(try await accountStore.failures(address: "web", since: since).count == 0)
            let signedIn = try await client.signIn("alice", AccountsWebSUT.password)
            #expect(signedIn.status == .seeOther)
            let id = try #require(signedIn.sessionCookie)
            #expect(try await client.execute(uri: "/", method: .get, headers: .session(id)).status == .ok)
        }
    }

    @Test("ACCOUNT-34 an expired session and a tampered cookie are no session")
    func test_ACCOUNT_34_expiredAndTampered() async throws {
        let sut = AccountsWebSUT()
        try await sut.accounts.add(name: "alice", password: AccountsWebSUT.password)
        try await sut.app.test(.router) { client in
            let id = try await client.session("alice")
            #expect(try await client.execute(uri: "/", method: .get, headers: .session(id)).status == .ok)
            var tampered = Array(id)
            tampered[5] = tampered[5] == "A" ? "B" : "A"
            for bad in [String(tampered), String(id.dropLast()), "random", "", String(repeating: "a", count: 1 << 16)] {
                let page = try await client.execute(uri: "/", method: .get, headers: .session(bad))
                #expect(page.status == .seeOther, "\(bad.prefix(50))")
                #expect(page.headers[.location] == "/signin")
                let api = try await client.execute(uri: "/api/todos", method: .get, headers: .session(bad))
                #expect(api.status == .unauthorized)
            }
            // Idle for 14 days: over.
            sut.clock.advance(14 * 24 * 3600)
            let idle = try await client.execute(uri: "/today", method: .get, headers: .session(id))
            #expect(idle.status == .seeOther)
            #expect(idle.headers[.location] == "/signin?from=%2Ftoday")
            // Used every 10 days, it still ends at 90 days.
            let kept = try await client.session("alice")
            for _ in 0..<8 {
                sut.clock.advance(10 * 24 * 3600)
                #expect(try await client.execute(uri: "/", method: .get, headers: .session(kept)).status == .ok)
            }
            sut.clock.advance(10 * 24 * 3600)
            #expect(try await client.execute(uri: "/", method: .get, headers: .session(kept)).status == .seeOther)
        }
    }

    @Test("ACCOUNT-35 a Bearer token reads GET /api/todos; a revoked or malformed one answers 401 with WWW-Authenticate")
    func test_ACCOUNT_35_bearerToken() async throws {
        let sut = AccountsWebSUT()
        try await sut.accounts.add(name: "alice", password: AccountsWebSUT.password)
        _ = try await sut.store(of: "alice").add(TodoDraft(title: "Buy milk"))
        let token = try await sut.accounts.createToken(name: "alice", label: "script").token.text
        try await sut.app.test(.router) { client in
            let list = try await client.execute(uri: "/api/todos", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(list.status == .ok)
            #expect(list.text.contains("Buy milk"))
            // The scheme's name in any case (RFC 9110 §11.1); the token as written.
            for scheme in ["bearer", "BEARER"] {
                let answer = try await client.execute(uri: "/api/todos", method: .get, headers: [.authorization: "\(scheme) \(token)"])
                #expect(answer.status == .ok, "\(scheme)")
            }
            for bad in ["Bearer nonsense", "Basic YWxpY2U6eA==", "Bearer", "bearer " + String(token.dropLast()) + "x"] {
                let refused = try await client.execute(uri: "/api/todos", method: .get, headers: [.authorization: bad])
                #expect(refused.status == .unauthorized, "\(bad)")
                #expect(refused.headers[.wwwAuthenticate] == "Bearer")
                #expect(!refused.text.contains("Buy milk"))
            }
            try await sut.accounts.revoke(name: "alice", label: "script")
            let revoked = try await client.execute(uri: "/api/todos", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(revoked.status == .unauthorized)
            #expect(revoked.headers[.wwwAuthenticate] == "Bearer")
            // A token is for the API only: pages want a session.
            let page = try await client.execute(uri: "/", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(page.status == .seeOther)
        }
    }

    @Test("ACCOUNT-36 signing out ends this session and the others, clears the cookie, and goes to /signin")
    func test_ACCOUNT_36_signOut() async throws {
        let sut = AccountsWebSUT()
        try await sut.accounts.add(name: "alice", password: AccountsWebSUT.password)
        try await sut.app.test(.router) { client in
            let here = try await client.session("alice")
            let elsewhere = try await client.session("alice")
            let out = try await client.execute(uri: "/signout", method: .post, headers: .sessionForm(here))
            #expect(out.status == .seeOther)
            #expect(out.headers[.location] == "/signin")
            #expect(out.headers[.setCookie] == "todo_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax")
            for session in [here, elsewhere] {
                #expect(try await client.execute(uri: "/", method: .get, headers: .session(session)).status == .seeOther)
            }
            // Signing out without a session only clears the cookie.
            let again = try await client.execute(uri: "/signout", method: .post, headers: .form)
            #expect(again.status == .seeOther)
        }
    }

    @Test("ACCOUNT-37 changing the password keeps this session and ends the other; a wrong current one changes nothing")
    func test_ACCOUNT_37_changePassword() async throws {
        let sut = AccountsWebSUT()
        try await sut.accounts.add(name: "alice", password: AccountsWebSUT.password)
        try await sut.app.test(.router) { client in
            let here = try await client.session("alice")
            let elsewhere = try await client.session("alice")
            let headers = HTTPFields.sessionForm(here)
            let wrong = try await client.execute(
                uri: "/settings/password", method: .post, headers: headers,
                body: .form([("current", "not it at all"), ("new", "a new password"), ("repeat", "a new password")]))
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.text.contains("The current password is not right; nothing was changed."))
            let differ = try await client.execute(
                uri: "/settings/password", method: .post, headers: headers,
                body: .form([("current", AccountsWebSUT.password), ("new", "a new password"), ("repeat", "another one!")]))
            #expect(differ.status == .unprocessableContent)
            #expect(differ.text.contains("The two passwords are not the same"))
            let short = try await client.execute(
                uri: "/settings/password", method: .post, headers: headers,
                body: .form([("current", AccountsWebSUT.password), ("new", "short"), ("repeat", "short")]))
            #expect(short.status == .unprocessableContent)
            #expect(short.text.contains("too short"))
            #expect(try await client.execute(uri: "/", method: .get, headers: .session(elsewhere)).status == .ok)
            let changed = try await client.execute(
                uri: "/settings/password", method: .post, headers: headers,
                body: .form([("current", AccountsWebSUT.password), ("new", "a new password"), ("repeat", "a new password")]))
            #expect(changed.status == .ok)
            #expect(changed.text.contains("Your password was changed"))
            #expect(try await client.execute(uri: "/", method: .get, headers: .session(here)).status == .ok)
            #expect(try await client.execute(uri: "/", method: .get, headers: .session(elsewhere)).status == .seeOther)
            #expect(try await client.signIn("alice", AccountsWebSUT.password).status == .unauthorized)
            #expect(try await client.signIn("alice", "a new password").status == .seeOther)
        }
    }

    @Test("ACCOUNT-38 settings make a token shown once in a code element, list tokens without them, and revoke one")
    func test_ACCOUNT_38_tokens() async throws {
        let sut = AccountsWebSUT()
        try await sut.accounts.add(name: "alice", password: AccountsWebSUT.password)
        try await sut.app.test(.router) { client in
            let here = try await client.session("alice")
            let headers = HTTPFields.sessionForm(here)
            let empty = try await client.execute(uri: "/settings", method: .get, headers: .session(here))
            #expect(empty.status == .ok)
            #expect(empty.text.contains("You have no tokens."))
            let made = try await client.execute(
                uri: "/settings/tokens", method: .post, headers: headers, body: .form([("label", "laptop"), ("password", AccountsWebSUT.password)]))
            #expect(made.status == .ok)
            // The language switcher comes back to the settings page, not to the form's address.
            #expect(made.text.contains(#"<input type="hidden" name="from" value="/settings">"#))
            let code = try #require(made.text.firstMatch(of: #/<code data-testid="new-token-text">([A-Za-z0-9_-]{43})</code>/#))
            let token = String(code.output.1)
            #expect(made.text.contains("Your new token “laptop”: copy it now"))
            let api = try await client.execute(uri: "/api/todos", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(api.status == .ok)
            let listed = try await client.execute(uri: "/settings", method: .get, headers: .session(here))
            #expect(listed.text.contains(#"data-testid="token-label">laptop<"#))
            #expect(listed.text.contains(#/Created \d{1,2}/\d{1,2}/\d{4}/#))
            #expect(listed.text.contains("Last used"))
            #expect(!listed.text.contains(token))
            let unnamed = try await client.execute(uri: "/settings/tokens", method: .post, headers: headers, body: .form([("label", ""), ("password", AccountsWebSUT.password)]))
            #expect(unnamed.text.contains("“token-1”"))
            let duplicate = try await client.execute(
                uri: "/settings/tokens", method: .post, headers: headers, body: .form([("label", "laptop"), ("password", AccountsWebSUT.password)]))
            #expect(duplicate.status == .unprocessableContent)
            #expect(duplicate.text.contains("There is already a token labelled “laptop”."))
            let bad = try await client.execute(
                uri: "/settings/tokens", method: .post, headers: headers, body: .form([("label", String(repeating: "x", count: 65)), ("password", AccountsWebSUT.password)]))
            #expect(bad.status == .unprocessableContent)
            let revoked = try await client.execute(
                uri: "/settings/tokens/revoke", method: .post, headers: headers, body: .form([("label", "laptop")]))
            #expect(revoked.status == .ok)
            #expect(revoked.text.contains("Revoked the token “laptop”."))
            #expect(!revoked.text.contains(#"data-testid="token-label">laptop<"#))
            let gone = try await client.execute(uri: "/api/todos", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(gone.status == .unauthorized)
            let unknown = try await client.execute(
                uri: "/settings/tokens/revoke", method: .post, headers: headers, body: .form([("label", "laptop")]))
            #expect(unknown.status == .unprocessableContent)
            #expect(unknown.text.contains("There is no token labelled “laptop”."))
            // Without a session: to the sign-in page, nothing made.
            let anonymous = try await client.execute(
                uri: "/settings/tokens", method: .post, headers: .form, body: .form([("label", "sneaky")]))
            #expect(anonymous.status == .seeOther)
            #expect(try await sut.accounts.tokens(name: "alice").map(\.label) == ["token-1"])
        }
    }

    @Test("ACCOUNT-39 /signup only when allowed; it signs in, and refuses a taken name, a bad one or different passwords")
    func test_ACCOUNT_39_signUp() async throws {
        let closed = AccountsWebSUT()
        try await closed.app.test(.router) { client in
            #expect(try await client.execute(uri: "/signup", method: .get).status == .notFound)
            let post = try await client.execute(
                uri: "/signup", method: .post, headers: .form,
                body: .form([("name", "mallory"), ("password", AccountsWebSUT.password), ("repeat", AccountsWebSUT.password)]))
            #expect(post.status == .notFound)
            #expect(!(try await client.execute(uri: "/signin", method: .get).text.contains("/signup")))
        }
        #expect(try await closed.accounts.users().isEmpty)
        let open = AccountsWebSUT(allowSignup: true)
        try await open.accounts.add(name: "alice", password: AccountsWebSUT.password)
        try await open.app.test(.router) { client in
            #expect(try await client.execute(uri: "/signin", method: .get).text.contains(#"href="/signup""#))
            let page = try await client.execute(uri: "/signup", method: .get)
            #expect(page.status == .ok)
            #expect(page.text.contains(#"name="repeat""#))
            func signUp(_ name: String, _ password: String, _ repeated: String) async throws -> TestResponse {
                try await client.execute(
                    uri: "/signup", method: .post, headers: .form,
                    body: .form([("name", name), ("password", password), ("repeat", repeated)]))
            }
            let taken = try await signUp("ALICE", AccountsWebSUT.password, AccountsWebSUT.password)
            #expect(taken.status == .unprocessableContent)
            #expect(taken.text.contains("The name “ALICE” is taken."))
            let badName = try await signUp("o'brien;--", AccountsWebSUT.password, AccountsWebSUT.password)
            #expect(badName.status == .unprocessableContent)
            let differ = try await signUp("bob", AccountsWebSUT.password, "something else")
            #expect(differ.status == .unprocessableContent)
            #expect(differ.text.contains(#"value="bob""#))
            #expect(!differ.text.contains(AccountsWebSUT.password))
            let made = try await signUp("bob", AccountsWebSUT.password, AccountsWebSUT.password)
            #expect(made.status == .seeOther)
            #expect(made.headers[.location] == "/")
            let id = try #require(made.sessionCookie)
            #expect(try await client.execute(uri: "/", method: .get, headers: .session(id)).text.contains("Signed in as bob"))
        }
        #expect(try await open.accounts.users().map(\.name) == ["alice", "bob"])
    }

    @Test("ACCOUNT-40 a cross-site POST to /signin, /signout, /signup and /settings is refused with 403")
    func test_ACCOUNT_40_crossSite() async throws {
        let sut = AccountsWebSUT(allowSignup: true)
        try await sut.accounts.add(name: "alice", password: AccountsWebSUT.password)
        try await sut.app.test(.router) { client in
            let here = try await client.session("alice")
            let foreign: HTTPFields = [
                .contentType: "application/x-www-form-urlencoded", .origin: "https://evil.example", .cookie: "todo_session=\(here)",
            ]
            let posts: [(String, [(String, String)])] = [
                ("/signin", [("name", "alice"), ("password", AccountsWebSUT.password)]),
                ("/signup", [("name", "mallory"), ("password", AccountsWebSUT.password), ("repeat", AccountsWebSUT.password)]),
                ("/settings/password", [("current", AccountsWebSUT.password), ("new", "pwned pwned"), ("repeat", "pwned pwned")]),
                ("/settings/tokens", [("label", "evil"), ("password", AccountsWebSUT.password)]),
                ("/signout", []),
            ]
            for (uri, form) in posts {
                let refused = try await client.execute(uri: uri, method: .post, headers: foreign, body: .form(form))
                #expect(refused.status == .forbidden, "\(uri)")
                #expect(refused.headers[.setCookie] == nil, "\(uri)")
            }
            #expect(try await client.execute(uri: "/", method: .get, headers: .session(here)).status == .ok)
        }
        #expect(try await sut.accounts.users().map(\.name) == ["alice"])
        #expect(try await sut.accounts.tokens(name: "alice").isEmpty)
    }

    @Test("ACCOUNT-41 the sign-in page and its sentences in English, Chinese and Japanese")
    func test_ACCOUNT_41_languages() async throws {
        let sut = AccountsWebSUT()
        try await sut.accounts.add(name: "alice", password: AccountsWebSUT.password)
        try await sut.app.test(.router) { client in
            let cases: [(String, String, String, String)] = [
                ("en", "<html lang=\"en\"", "Sign in", "The name or the password is not right."),
                ("zh-CN,zh;q=0.9", "<html lang=\"zh-Hans\"", "登录", "用户名或密码不正确。"),
                ("ja", "<html lang=\"ja\"", "サインイン", "ユーザー名またはパスワードが正しくありません。"),
            ]
            for (accept, lang, title, refused) in cases {
                let page = try await client.execute(uri: "/signin", method: .get, headers: [.acceptLanguage: accept])
                #expect(page.text.contains(lang), "\(accept)")
                #expect(page.text.contains("<h1 data-testid=\"signin-title\">\(title)</h1>"), "\(accept)")
                let wrong = try await client.signIn("alice", "wrong password", headers: [.acceptLanguage: accept])
                #expect(wrong.text.contains(refused), "\(accept)")
            }
            let here = try await client.session("alice")
            let settings = try await client.execute(
                uri: "/settings", method: .get, headers: [.cookie: "todo_session=\(here)", .acceptLanguage: "ja"])
            #expect(settings.text.contains("API トークン"))
            #expect(settings.text.contains("alice でサインイン中"))
        }
    }

    @Test("ACCOUNT-42 a body over 1 MiB answers 413, a 1 MiB password is refused like a wrong one, and the server goes on")
    func test_ACCOUNT_42_bigBodies() async throws {
        let sut = AccountsWebSUT()
        try await sut.accounts.add(name: "alice", password: AccountsWebSUT.password)
        try await sut.app.test(.router) { client in
            let huge = try await client.execute(
                uri: "/signin", method: .post, headers: .form,
                body: ByteBuffer(string: "name=alice&password=" + String(repeating: "a", count: (1 << 20) + 10)))
            #expect(huge.status == .contentTooLarge)
            let long = try await client.execute(
                uri: "/signin", method: .post, headers: .form,
                body: ByteBuffer(string: "name=alice&password=" + String(repeating: "a", count: (1 << 20) - 100)))
            #expect(long.status == .unauthorized)
            #expect(long.text.contains("The name or the password is not right."))
            #expect(long.text.count < 20_000)
            let longName = try await client.execute(
                uri: "/signin", method: .post, headers: .form,
                body: ByteBuffer(string: "password=x&name=" + String(repeating: "n", count: (1 << 20) - 100)))
            #expect(longName.status == .unauthorized)
            #expect(longName.text.count < 20_000)
            let notForm = try await client.execute(
                uri: "/signin", method: .post, headers: .json, body: ByteBuffer(string: #"{"name":"alice"}"#))
            #expect(notForm.status == .unsupportedMediaType)
            // Half a megabyte twice, in the password forms: refused by the rule, before any hashing.
            let big = String(repeating: "p", count: 500_000)
            let here = try await client.session("alice")
            let change = try await client.execute(
                uri: "/settings/password", method: .post, headers: .sessionForm(here),
                body: .form([("current", AccountsWebSUT.password), ("new", big), ("repeat", big)]))
            #expect(change.status == .unprocessableContent)
            #expect(change.text.contains("The password is too long: use at most 1024 bytes."))
            // The page (with its list of time zones, TIME-6), not the password sent back.
            #expect(change.text.count < 100_000 && !change.text.contains(String(repeating: "p", count: 1_000)))
            #expect(try await client.signIn("alice", AccountsWebSUT.password).status == .seeOther)
        }
        let open = AccountsWebSUT(allowSignup: true)
        try await open.app.test(.router) { client in
            let big = String(repeating: "p", count: 500_000)
            let signUp = try await client.execute(
                uri: "/signup", method: .post, headers: .form, body: .form([("name", "bob"), ("password", big), ("repeat", big)]))
            #expect(signUp.status == .unprocessableContent)
            #expect(signUp.text.contains("The password is too long"))
        }
        #expect(try await AccountsWebSUT().accounts.users().isEmpty)
    }
}

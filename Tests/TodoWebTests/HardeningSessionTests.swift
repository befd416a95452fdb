import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoAccounts
import TodoCore
import TodoTestSupport
import TodoWeb

extension SignInResult {
    fileprivate var isSignedIn: Bool { if case .signedIn = self { true } else { false } }
}

/// docs/specs/hardening.md, HARDEN-16…19: what a session may still do once it has ended, what
/// another site may do with it, and how often a password may be guessed.
@Suite("Hardening: sessions, cross-site forms, tokens and limits")
struct HardeningSessionTests {
    /// Whether a task has ended, for a test that waits for it with a deadline.
    final class Ended: @unchecked Sendable {
        private let lock = NSLock()
        private var ended = false
        var value: Bool { lock.withLock { ended } }
        func set() { lock.withLock { ended = true } }
    }

    /// One `GET /events`, read to its end in its own task (the router's test client answers once
    /// the body has ended).
    struct EventStream {
        let task: Task<TestResponse, any Error>
        let ended = Ended()

        init(_ client: some TestClientProtocol, session: String) {
            let ended = self.ended
            task = Task {
                defer { ended.set() }
                return try await client.execute(uri: "/events", method: .get, headers: .session(session))
            }
        }

        /// The stream's answer once it has ended within `seconds`; nil when it is still open
        /// then (it is left open: `live.close()` ends it).
        func answer(within seconds: Double) async throws -> TestResponse? {
            let deadline = ContinuousClock.now + .seconds(seconds)
            while !ended.value, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
            return ended.value ? try await task.value : nil
        }
    }

    /// Waits until `condition` holds or `seconds` pass; answers whether it holds.
    static func eventually(within seconds: Double = 10, _ condition: () async throws -> Bool) async rethrows -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if try await condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return try await condition()
    }

    // MARK: HARDEN-16

    /// How a session ends while its stream is open.
    enum Ending: String, CaseIterable, CustomTestStringConvertible {
        case signOutElsewhere, passwordChangedElsewhere, accountRemoved, expired
        var testDescription: String { rawValue }
    }

    /// What reaches the stream next.
    enum Next: String, CaseIterable, CustomTestStringConvertible {
        case event, heartbeat
        var testDescription: String { rawValue }
    }

    @Test(
        "HARDEN-16 an open /events stream ends at the next event or heartbeat once its session ends, without the event",
        arguments: Ending.allCases, Next.allCases)
    func test_HARDEN_16_streamEndsWithItsSession(ending: Ending, next: Next) async throws {
        let record = InMemoryChangeRecord()
        let live = LiveChanges(record: record)
        var configured = AccountsWebSUT()
        configured.live = live
        // Only the one that is tested can end the stream.
        configured.liveHeartbeat = next == .heartbeat ? .milliseconds(50) : .seconds(3600)
        let sut = configured
        let alice = try await sut.accounts.add(name: "alice", password: AccountsWebSUT.password)
        let bob = try await sut.accounts.add(name: "bob", password: AccountsWebSUT.password)
        let secret = UUID(), bobs = UUID()
        try await sut.app.test(.router) { client in
            let here = try await client.session("alice")
            let elsewhere = try await client.session("alice")
            let watched = EventStream(client, session: elsewhere)
            #expect(await Self.eventually { await live.openStreams == 1 })
            // A stream whose session lives on: alice's here, where the password is changed; else
            // bob's (signed in an hour before alice's sessions expire, when they do).
            if ending == .expired { sut.clock.advance(AccountRules.sessionIdleLimit - 3600) }
            let keptName = ending == .passwordChangedElsewhere ? "alice" : "bob"
            let keptItem = keptName == "alice" ? secret : bobs
            let kept = EventStream(client, session: keptName == "alice" ? here : try await client.session("bob"))
            #expect(await Self.eventually { await live.openStreams == 2 })
            switch ending {
            case .signOutElsewhere:
                let out = try await client.execute(uri: "/signout", method: .post, headers: .sessionForm(here))
                #expect(out.status == .seeOther)
            case .passwordChangedElsewhere:
                let changed = try await client.execute(
                    uri: "/settings/password", method: .post, headers: .sessionForm(here),
                    body: .form([("current", AccountsWebSUT.password), ("new", "a new password"), ("repeat", "a new password")]))
                #expect(changed.status == .ok)
            case .accountRemoved:
                try await sut.accounts.remove(name: "alice")
            case .expired:
                sut.clock.advance(3601)
            }
            if next == .event {
                await record.append(.created, owner: ListOwner(account: alice.id), list: "Diary", item: secret)
                await record.append(.created, owner: ListOwner(account: bob.id), list: "Home", item: bobs)
                await live.changed()
            }
            let ended = try await watched.answer(within: 10)
            #expect(ended != nil, "the stream of the ended session is still open")
            if let ended {
                #expect(ended.status == .ok)
                #expect(!ended.text.contains(secret.uuidString.lowercased()))
                #expect(!ended.text.contains(bobs.uuidString.lowercased()))
            }
            // The other stream goes on, and gets what its person may read.
            #expect(await Self.eventually { await live.openStreams == 1 })
            #expect(try await kept.answer(within: 0) == nil)
            await live.close()
            let keptText = try #require(try await kept.answer(within: 10)).text
            if next == .event { #expect(keptText.contains(keptItem.uuidString.lowercased()), "\(keptName)") }
            // The page reconnects, and is told to sign in.
            let again = try await client.execute(uri: "/events", method: .get, headers: .session(elsewhere))
            #expect(again.status == .unauthorized)
        }
    }

    @Test("HARDEN-16 asking whether a session is live is not a use of it: an idle session still expires")
    func test_HARDEN_16_askingIsNoUse() async throws {
        let sut = AccountsWebSUT()
        let alice = try await sut.accounts.add(name: "alice", password: AccountsWebSUT.password)
        guard case .signedIn(let session, _) = try await sut.accounts.signIn(
            name: "alice", password: AccountsWebSUT.password, address: "test")
        else { Issue.record("no session"); return }
        sut.clock.advance(AccountRules.sessionIdleLimit - 60)
        #expect(try await sut.accounts.isLive(session: session.text, of: alice.id))
        sut.clock.advance(120)
        #expect(try await sut.accounts.isLive(session: session.text, of: alice.id) == false)
        #expect(try await sut.accounts.session(secret: session.text) == nil)
    }

    // MARK: HARDEN-17

    @Test("HARDEN-17 with --cors-origin *, a foreign page's POST with the cookie shares no list, makes no token, changes no password and imports nothing")
    func test_HARDEN_17_corsLeavesCookieFormsGuarded() async throws {
        var configured = AccountsWebSUT()
        configured.corsOrigins = ["*"]
        let sut = configured
        try await sut.accounts.add(name: "alice", password: AccountsWebSUT.password)
        let mallory = try await sut.accounts.add(name: "mallory", password: AccountsWebSUT.password)
        _ = try await sut.store(of: "alice").add(TodoDraft(title: "Milk", project: Project(name: "Groceries")))
        try await sut.app.test(.router) { client in
            let here = try await client.session("alice")
            let foreign: HTTPFields = [
                .contentType: "application/x-www-form-urlencoded", .origin: "http://evil.example", .cookie: "todo_session=\(here)",
            ]
            let writes: [(String, [(String, String)])] = [
                ("/projects/Groceries/share", [("person", "mallory"), ("role", "editor")]),
                ("/settings/tokens", [("label", "evil"), ("password", AccountsWebSUT.password)]),
                ("/settings/password", [("current", AccountsWebSUT.password), ("new", "pwned pwned"), ("repeat", "pwned pwned")]),
                ("/import-export", [("contents", #"[{"title":"Evil"}]"#), ("format", "json")]),
                ("/settings/end-everything", []),
            ]
            for (uri, form) in writes {
                let refused = try await client.execute(uri: uri, method: .post, headers: foreign, body: .form(form))
                #expect(refused.status == .forbidden, "\(uri)")
            }
            // The API with the cookie (no token) is the person's too.
            let imported = try await client.execute(
                uri: "/api/import?format=json", method: .post,
                headers: [.origin: "http://evil.example", .cookie: "todo_session=\(here)", .contentType: "application/json"],
                body: ByteBuffer(string: #"[{"title":"Evil"}]"#))
            #expect(imported.status == .forbidden)
            let added = try await client.execute(
                uri: "/api/todos", method: .post,
                headers: [.origin: "http://evil.example", .cookie: "todo_session=\(here)", .contentType: "application/json"],
                body: ByteBuffer(string: #"{"title":"Evil"}"#))
            #expect(added.status == .forbidden)
            // What --cors-origin is for: a script with a token, from any origin.
            let token = try await sut.accounts.createToken(name: "alice", label: "app").token.text
            let scripted = try await client.execute(
                uri: "/api/todos", method: .post,
                headers: [.origin: "http://evil.example", .authorization: "Bearer \(token)", .contentType: "application/json"],
                body: ByteBuffer(string: #"{"title":"From the app"}"#))
            #expect(scripted.status == .created)
            #expect(scripted.headers[.accessControlAllowOrigin] == "*")
            // A token with the cookie beside it is read as the token only: it may come from there too.
            let both = try await client.execute(
                uri: "/api/todos", method: .post,
                headers: [.origin: "http://evil.example", .authorization: "Bearer \(token)", .cookie: "todo_session=\(here)",
                          .contentType: "application/json"],
                body: ByteBuffer(string: #"{"title":"From the app again"}"#))
            #expect(both.status == .created)
            #expect(try await client.execute(uri: "/", method: .get, headers: .session(here)).status == .ok)
        }
        #expect(try await sut.lists.sharing.shares(with: mallory.id).isEmpty)
        #expect(try await sut.accounts.tokens(name: "alice").map(\.label) == ["app"])
        #expect(try await sut.accounts.signIn(name: "alice", password: AccountsWebSUT.password, address: "test").isSignedIn)
        #expect(try await sut.store(of: "alice").items().map(\.title).sorted() == ["From the app", "From the app again", "Milk"])
    }

    // MARK: HARDEN-18

    @Test("HARDEN-18 the token form takes the current password: a wrong or missing one makes nothing and says so in place")
    func test_HARDEN_18_tokenFormTakesThePassword() async throws {
        let sut = AccountsWebSUT()
        try await sut.accounts.add(name: "alice", password: AccountsWebSUT.password)
        try await sut.app.test(.router) { client in
            let here = try await client.session("alice")
            let page = try await client.execute(uri: "/settings", method: .get, headers: .session(here))
            #expect(page.text.contains(
                #"<input id="token-password" name="password" type="password" autocomplete="current-password" required data-testid="token-password">"#))
            for form in [[("label", "stolen")], [("label", "stolen"), ("password", "not the password")]] {
                let refused = try await client.execute(uri: "/settings/tokens", method: .post, headers: .sessionForm(here), body: .form(form))
                #expect(refused.status == .unprocessableContent)
                #expect(refused.text.contains("The current password is not right; nothing was changed."))
                #expect(!refused.text.contains("new-token-text"))
            }
            #expect(try await sut.accounts.tokens(name: "alice").isEmpty)
            let made = try await client.execute(
                uri: "/settings/tokens", method: .post, headers: .sessionForm(here),
                body: .form([("label", "laptop"), ("password", AccountsWebSUT.password)]))
            #expect(made.status == .ok)
            #expect(made.text.contains(#"data-testid="new-token-text""#))
        }
        #expect(try await sut.accounts.tokens(name: "alice").map(\.label) == ["laptop"])
    }

    @Test("HARDEN-18 \"Sign out everywhere and revoke every token\" ends every session, this one too, and every token")
    func test_HARDEN_18_endEverything() async throws {
        let sut = AccountsWebSUT()
        try await sut.accounts.add(name: "alice", password: AccountsWebSUT.password)
        try await sut.accounts.add(name: "bob", password: AccountsWebSUT.password)
        let tokens = [
            try await sut.accounts.createToken(name: "alice", label: "caldav").token.text,
            try await sut.accounts.createToken(name: "alice", label: "script").token.text,
        ]
        let bobs = try await sut.accounts.createToken(name: "bob").token.text
        try await sut.app.test(.router) { client in
            let here = try await client.session("alice"), elsewhere = try await client.session("alice")
            let bob = try await client.session("bob")
            let page = try await client.execute(uri: "/settings", method: .get, headers: .session(here))
            #expect(page.text.contains(#"<form class="account-form" method="post" action="/settings/end-everything" data-testid="end-everything-form">"#))
            #expect(page.text.contains("Sign out everywhere and revoke every token"))
            for (language, words) in [("zh-Hans", "在所有地方退出登录并撤销所有令牌"), ("ja", "すべての場所からサインアウトし、すべてのトークンを取り消す")] {
                let translated = try await client.execute(
                    uri: "/settings", method: .get, headers: [.cookie: "todo_session=\(here)", .acceptLanguage: language])
                #expect(translated.text.contains(words), "\(language)")
            }
            let ended = try await client.execute(uri: "/settings/end-everything", method: .post, headers: .sessionForm(here))
            #expect(ended.status == .seeOther)
            #expect(ended.headers[.location] == "/signin")
            #expect(ended.headers[.setCookie]?.hasPrefix("todo_session=; Max-Age=0") == true)
            #expect(ended.headers[HTTPField.Name("Clear-Site-Data")!] == #""cache", "storage""#)
            for session in [here, elsewhere] {
                #expect(try await client.execute(uri: "/", method: .get, headers: .session(session)).status == .seeOther)
            }
            for token in tokens {
                let api = try await client.execute(uri: "/api/todos", method: .get, headers: [.authorization: "Bearer \(token)"])
                #expect(api.status == .unauthorized)
            }
            #expect(try await client.execute(uri: "/", method: .get, headers: .session(bob)).status == .ok)
            #expect(try await client.execute(uri: "/api/todos", method: .get, headers: [.authorization: "Bearer \(bobs)"]).status == .ok)
            // Without a session: to the sign-in page, nothing ended.
            let anonymous = try await client.execute(uri: "/settings/end-everything", method: .post, headers: .form)
            #expect(anonymous.status == .seeOther)
        }
        #expect(try await sut.accounts.tokens(name: "alice").isEmpty)
        #expect(try await sut.accounts.tokens(name: "bob").count == 1)
    }

    // MARK: HARDEN-19

    @Test("HARDEN-19 the 11th sign-up from an address in 15 minutes answers 429 with Retry-After and a sentence; no account is made")
    func test_HARDEN_19_signUpsLimited() async throws {
        let sut = AccountsWebSUT(allowSignup: true)
        try await sut.app.test(.router) { client in
            func signUp(_ name: String) async throws -> TestResponse {
                try await client.execute(
                    uri: "/signup", method: .post, headers: .form,
                    body: .form([("name", name), ("password", AccountsWebSUT.password), ("repeat", AccountsWebSUT.password)]))
            }
            for n in 0..<10 { #expect(try await signUp("user\(n)").status == .seeOther) }
            let limited = try await signUp("user10")
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] == "900")
            #expect(limited.text.contains("Too many sign-ups from this address: try again in 15 minutes."))
            #expect(limited.text.contains(#"value="user10""#))
            #expect(limited.headers[.setCookie] == nil)
            let japanese = try await client.execute(
                uri: "/signup", method: .post, headers: [.contentType: "application/x-www-form-urlencoded", .acceptLanguage: "ja"],
                body: .form([("name", "user10"), ("password", AccountsWebSUT.password), ("repeat", AccountsWebSUT.password)]))
            #expect(japanese.text.contains("このアドレスからの登録が多すぎます。15 分後にもう一度お試しください。"))
            // Signing in from the address goes on.
            #expect(try await client.signIn("user0", AccountsWebSUT.password).status == .seeOther)
            sut.clock.advance(AccountRules.failureWindow)
            #expect(try await signUp("user10").status == .seeOther)
        }
        #expect(try await sut.accounts.users().count == 11)
    }

    @Test("HARDEN-19 wrong current passwords on /settings are limited: 429 with Retry-After and a sentence, even for the right one")
    func test_HARDEN_19_wrongPasswordsLimited() async throws {
        let sut = AccountsWebSUT()
        try await sut.accounts.add(name: "alice", password: AccountsWebSUT.password)
        try await sut.app.test(.router) { client in
            let here = try await client.session("alice")
            func change(_ current: String) async throws -> TestResponse {
                try await client.execute(
                    uri: "/settings/password", method: .post, headers: .sessionForm(here),
                    body: .form([("current", current), ("new", "a new password"), ("repeat", "a new password")]))
            }
            for attempt in 0..<5 {
                #expect(try await change("wrong \(attempt)").status == .unprocessableContent)
                let token = try await client.execute(
                    uri: "/settings/tokens", method: .post, headers: .sessionForm(here),
                    body: .form([("label", "t\(attempt)"), ("password", "wrong \(attempt)")]))
                #expect(token.status == .unprocessableContent)
            }
            let limited = try await change(AccountsWebSUT.password)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] == "900")
            #expect(limited.text.contains("Too many wrong passwords: try again in 15 minutes."))
            let token = try await client.execute(
                uri: "/settings/tokens", method: .post, headers: [.cookie: "todo_session=\(here)",
                    .contentType: "application/x-www-form-urlencoded", .acceptLanguage: "zh-Hans"],
                body: .form([("label", "laptop"), ("password", AccountsWebSUT.password)]))
            #expect(token.status == .tooManyRequests)
            #expect(token.headers[.retryAfter] == "900")
            #expect(token.text.contains("密码错误次数过多：请 15 分钟后再试。"))
            sut.clock.advance(AccountRules.failureWindow)
            #expect(try await change(AccountsWebSUT.password).status == .ok)
        }
        #expect(try await sut.accounts.tokens(name: "alice").isEmpty)
        #expect(try await sut.accounts.signIn(name: "alice", password: "a new password", address: "test").isSignedIn)
    }
}

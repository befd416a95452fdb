import Foundation
import Testing
import TodoAccounts
import TodoPostgres
import TodoPostgresTestSupport
import TodoSQLite

/// A clock the test moves by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var time: Date
    init(_ time: Date = t0) { self.time = time }
    var now: Date { lock.withLock { time } }
    func advance(_ seconds: TimeInterval) { lock.withLock { time = time.addingTimeInterval(seconds) } }
}

/// Bcrypt at cost 4, counting its calls (the production cost is tested on its own, ACCOUNT-17).
final class SpyHasher: PasswordHasher, @unchecked Sendable {
    private let lock = NSLock()
    private let inner = BcryptHasher.insecureForTestsOnly(cost: 4)
    private(set) var hashes = 0
    private(set) var verifies: [String] = []  // the hashes verified against

    func hash(_ password: String) -> String {
        lock.withLock { hashes += 1 }
        return inner.hash(password)
    }

    func verify(_ password: String, hash: String) -> Bool {
        lock.withLock { verifies.append(hash) }
        return inner.verify(password, hash: hash)
    }

    var dummyHash: String { inner.dummyHash }
    var calls: Int { lock.withLock { hashes + verifies.count } }
}

extension StoreKind {
    /// Two stores over one database, each with its own connections, as two server instances
    /// have them (and what to do when done). SQLite's is always a file: two instances of an
    /// in-memory store share nothing.
    func twoInstances() async throws -> (stores: (any AccountStore, any AccountStore), cleanup: @Sendable () -> Void) {
        switch self {
        case .postgres:
            let first = try await PostgresTestDatabase.freshDatabase()
            let second = try PostgresTodoDatabase.open(
                url: try PostgresTestDatabase.url(), schema: first.schema, maximumConnections: 2,
                operationTimeout: PostgresTestDatabase.operationTimeout, eventLoopGroup: PostgresTestDatabase.eventLoops)
            let running = Task { await second.run() }
            return ((first.accounts, second.accounts), {
                second.shutdown()
                running.cancel()
            })
        default:
            let folder = TestFiles.folder()
            let open = { SQLiteAccountStore(database: try AppDatabase.open(path: folder + "/t.sqlite", concurrentReads: true)) }
            return ((try open(), try open()), { TestFiles.remove(folder) })
        }
    }
}

struct Fixture {
    let clock = TestClock()
    let hasher = SpyHasher()
    let accounts: Accounts
    let cleanup: @Sendable () -> Void

    init(_ kind: StoreKind = .memory) async throws {
        let (store, cleanup) = try await kind.make()
        self.cleanup = cleanup
        let clock = self.clock
        accounts = Accounts(store: store, now: { clock.now }, hasher: hasher)
    }
}

let password = "correct horse battery"

extension SignInResult {
    var session: Secret? { if case .signedIn(let secret, _) = self { secret } else { nil } }
}

@Suite("Accounts: the policy, with a fixed clock")
struct AccountsPolicyTests {
    @Test("ACCOUNT-6 names and passwords outside the rules are refused; nothing is stored")
    func test_ACCOUNT_6_rules() async throws {
        let f = try await Fixture()
        for bad in ["", String(repeating: "a", count: 65), "al ice", "o'brien", "a;b", "-alice", ".alice", "ålice", "a\u{0}b"] {
            await #expect(throws: AccountError.invalidName(bad)) { try await f.accounts.add(name: bad, password: password) }
        }
        await #expect(throws: AccountError.passwordTooShort(minimum: 8)) { try await f.accounts.add(name: "alice", password: "1234567") }
        await #expect(throws: AccountError.passwordTooLong(maximumBytes: 1024)) {
            try await f.accounts.add(name: "alice", password: String(repeating: "é", count: 513))
        }
        #expect(try await f.accounts.users().isEmpty)
        #expect(f.hasher.calls == 0, "nothing was hashed")
        let ok = try await f.accounts.add(name: "A.l_i-c3", password: String(repeating: "é", count: 512))
        #expect(ok.name == "A.l_i-c3")
        await #expect(throws: AccountError.duplicateName("a.L_I-C3")) { try await f.accounts.add(name: "a.L_I-C3", password: password) }
    }

    @Test("ACCOUNT-6 a 1 MiB password is refused fast, without hashing, when adding and when signing in")
    func test_ACCOUNT_6_hugePassword() async throws {
        let f = try await Fixture()
        try await f.accounts.add(name: "alice", password: password)
        let calls = f.hasher.calls
        let huge = String(repeating: "x", count: 1 << 20)
        let start = ContinuousClock.now
        await #expect(throws: AccountError.passwordTooLong(maximumBytes: 1024)) { try await f.accounts.add(name: "bob", password: huge) }
        await #expect(throws: AccountError.passwordTooLong(maximumBytes: 1024)) { try await f.accounts.setPassword(name: "alice", new: huge) }
        #expect(try await f.accounts.signIn(name: "alice", password: huge, address: "10.0.0.1") == .refused)
        #expect(f.hasher.calls == calls, "no bcrypt work at all")
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test("ACCOUNT-7 signing in gives a new session every time; each is valid")
    func test_ACCOUNT_7_signIn() async throws {
        let f = try await Fixture()
        let alice = try await f.accounts.add(name: "alice", password: password)
        let first = try await f.accounts.signIn(name: "Alice", password: password, address: "10.0.0.1")
        f.clock.advance(1)
        let second = try await f.accounts.signIn(name: "alice", password: password, address: "10.0.0.1")
        guard case .signedIn(let one, let who) = first, let two = second.session else {
            Issue.record("not signed in: \(first), \(second)")
            return
        }
        #expect(who == alice)
        #expect(one != two)
        #expect(try await f.accounts.session(secret: one.text) == alice)
        #expect(try await f.accounts.session(secret: two.text) == alice)
        // Signing in again and again keeps only the newest 50 sessions.
        for _ in 0..<49 {
            f.clock.advance(1)
            _ = try await f.accounts.signIn(name: "alice", password: password, address: "10.0.0.1")
        }
        #expect(try await f.accounts.session(secret: one.text) == nil, "the oldest ended")
        #expect(try await f.accounts.session(secret: two.text) == alice)
    }

    @Test("ACCOUNT-8 a wrong password and an unknown name answer the same; the unknown name still costs one bcrypt verify")
    func test_ACCOUNT_8_sameAnswer() async throws {
        let f = try await Fixture()
        try await f.accounts.add(name: "alice", password: password)
        let before = f.hasher.verifies.count
        let wrong = try await f.accounts.signIn(name: "alice", password: "wrong password", address: "10.0.0.1")
        let unknown = try await f.accounts.signIn(name: "mallory", password: "wrong password", address: "10.0.0.1")
        #expect(wrong == .refused)
        #expect(unknown == .refused)
        #expect(f.hasher.verifies.count == before + 2, "one verify each")
        #expect(f.hasher.verifies.last == f.hasher.dummyHash, "the unknown name is verified against the dummy hash")
    }

    @Test("ACCOUNT-9 ten failures for a name in 15 minutes limit it, with Retry-After, until the oldest is 15 minutes old")
    func test_ACCOUNT_9_perAccount() async throws {
        let f = try await Fixture()
        try await f.accounts.add(name: "alice", password: password)
        for attempt in 0..<10 {
            #expect(try await f.accounts.signIn(name: "alice", password: "wrong \(attempt)", address: "10.0.0.\(attempt)") == .refused)
            f.clock.advance(30)
        }
        // 300 s after the first failure: it is 15 minutes old 600 s from now.
        #expect(try await f.accounts.signIn(name: "ALICE", password: password, address: "10.9.9.9") == .rateLimited(retryAfter: 600))
        f.clock.advance(599)
        #expect(try await f.accounts.signIn(name: "alice", password: password, address: "10.9.9.9") == .rateLimited(retryAfter: 1))
        f.clock.advance(1)
        #expect(try await f.accounts.signIn(name: "alice", password: password, address: "10.9.9.9").session != nil)
        // A success clears the name's failures: nine more don't limit it.
        for _ in 0..<9 { _ = try await f.accounts.signIn(name: "alice", password: "wrong", address: "10.9.9.8") }
        #expect(try await f.accounts.signIn(name: "alice", password: password, address: "10.9.9.7").session != nil)
    }

    @Test("ACCOUNT-10 ten failures from one address limit it, across names")
    func test_ACCOUNT_10_perAddress() async throws {
        let f = try await Fixture()
        try await f.accounts.add(name: "alice", password: password)
        for attempt in 0..<10 {
            #expect(try await f.accounts.signIn(name: "user\(attempt)", password: "wrong password", address: "203.0.113.5") == .refused)
        }
        #expect(try await f.accounts.signIn(name: "alice", password: password, address: "203.0.113.5") == .rateLimited(retryAfter: 900))
        #expect(try await f.accounts.signIn(name: "alice", password: password, address: "203.0.113.6").session != nil,
                "another address is not limited")
        // Names no account can have are counted by address too.
        for _ in 0..<10 { _ = try await f.accounts.signIn(name: "x' OR 1=1 --", password: "wrong password", address: "198.51.100.1") }
        #expect(try await f.accounts.signIn(name: "alice", password: password, address: "198.51.100.1") == .rateLimited(retryAfter: 900))
    }

    @Test("ACCOUNT-11 PG-12 the limit holds across two Accounts over one database (two server instances: one SQLite file, or one PostgreSQL database through two pools)",
          arguments: [StoreKind.sqliteFile, .postgres])
    func test_ACCOUNT_11_twoInstances(kind: StoreKind) async throws {
        let (stores, cleanup) = try await kind.twoInstances()
        defer { cleanup() }
        let clock = TestClock(), hasher = SpyHasher()
        let one = Accounts(store: stores.0, now: { clock.now }, hasher: hasher)
        let two = Accounts(store: stores.1, now: { clock.now }, hasher: hasher)
        try await one.add(name: "alice", password: password)
        for attempt in 0..<10 {
            let instance = attempt.isMultiple(of: 2) ? one : two
            #expect(try await instance.signIn(name: "alice", password: "wrong password", address: "10.0.0.\(attempt)") == .refused)
        }
        #expect(try await one.signIn(name: "alice", password: password, address: "10.1.1.1") == .rateLimited(retryAfter: 900))
        #expect(try await two.signIn(name: "alice", password: password, address: "10.1.1.1") == .rateLimited(retryAfter: 900))
        clock.advance(900)
        let session = try #require(try await one.signIn(name: "alice", password: password, address: "10.1.1.1").session)
        #expect(try await two.session(secret: session.text)?.name == "alice", "a session made by one is valid on the other")
        try await two.signOut(secret: session.text)
        #expect(try await one.session(secret: session.text) == nil, "and ended through the other")
    }

    @Test("ACCOUNT-12 sessions expire after 14 idle days, and after 90 days however used", arguments: [StoreKind.memory, .sqliteInMemory, .postgres])
    func test_ACCOUNT_12_expiry(kind: StoreKind) async throws {
        let f = try await Fixture(kind)
        defer { f.cleanup() }
        try await f.accounts.add(name: "alice", password: password)
        let session = try #require(try await f.accounts.signIn(name: "alice", password: password, address: "a").session)
        f.clock.advance(14 * 86400 - 1)
        #expect(try await f.accounts.session(secret: session.text) != nil, "13 days 23:59:59 idle: still valid")
        f.clock.advance(14 * 86400 - 1)
        #expect(try await f.accounts.session(secret: session.text) != nil, "used: idle counts from the last use")
        f.clock.advance(14 * 86400)
        #expect(try await f.accounts.session(secret: session.text) == nil, "14 days idle: over")
        #expect(try await f.accounts.accountsStoreSession(session) == nil, "and ended")

        // Used every 13 days, a session still ends 90 days after it began.
        let start = f.clock.now
        let longLived = try #require(try await f.accounts.signIn(name: "alice", password: password, address: "b").session)
        for _ in 0..<6 {
            f.clock.advance(13 * 86400)
            #expect(try await f.accounts.session(secret: longLived.text) != nil, "day \(f.clock.now.timeIntervalSince(start) / 86400)")
        }
        f.clock.advance(89 * 86400 - f.clock.now.timeIntervalSince(start))
        #expect(try await f.accounts.session(secret: longLived.text) != nil, "day 89")
        f.clock.advance(86400)
        #expect(try await f.accounts.session(secret: longLived.text) == nil, "90 days old: over, though used yesterday")
    }

    @Test("ACCOUNT-12 using a session moves its last-seen time, written at most once a minute")
    func test_ACCOUNT_12_touch() async throws {
        let f = try await Fixture()
        try await f.accounts.add(name: "alice", password: password)
        let session = try #require(try await f.accounts.signIn(name: "alice", password: password, address: "a").session)
        f.clock.advance(30)
        _ = try await f.accounts.session(secret: session.text)
        #expect(try await f.accounts.store.session(idHash: session.hash)?.lastSeenAt == t0)
        f.clock.advance(30)
        _ = try await f.accounts.session(secret: session.text)
        #expect(try await f.accounts.store.session(idHash: session.hash)?.lastSeenAt == t0.addingTimeInterval(60))
    }

    @Test("ACCOUNT-13 signing out ends the session and the user's others; a password change ends them all", arguments: [StoreKind.memory, .sqliteInMemory, .postgres])
    func test_ACCOUNT_13_signOut(kind: StoreKind) async throws {
        let f = try await Fixture(kind)
        defer { f.cleanup() }
        try await f.accounts.add(name: "alice", password: password)
        try await f.accounts.add(name: "bob", password: password)
        func signIn(_ name: String, _ secret: String = password) async throws -> Secret {
            try #require(try await f.accounts.signIn(name: name, password: secret, address: "a").session)
        }
        let (a1, a2, b1) = (try await signIn("alice"), try await signIn("alice"), try await signIn("bob"))
        try await f.accounts.signOut(secret: a1.text)
        #expect(try await f.accounts.session(secret: a1.text) == nil)
        #expect(try await f.accounts.session(secret: a2.text) == nil, "the other session ended too")
        #expect(try await f.accounts.session(secret: b1.text)?.name == "bob", "bob's stays")

        let (a3, a4) = (try await signIn("alice"), try await signIn("alice"))
        await #expect(throws: AccountError.wrongPassword) {
            try await f.accounts.changePassword(name: "alice", old: "not the password", new: "another password", address: "a")
        }
        #expect(try await f.accounts.session(secret: a3.text) != nil, "a wrong old password changes nothing")
        try await f.accounts.changePassword(name: "alice", old: password, new: "another password", keeping: a4, address: "a")
        #expect(try await f.accounts.session(secret: a3.text) == nil)
        #expect(try await f.accounts.session(secret: a4.text) != nil, "the session it was changed in may stay")
        #expect(try await f.accounts.signIn(name: "alice", password: password, address: "a") == .refused)
        let a5 = try await signIn("alice", "another password")
        try await f.accounts.setPassword(name: "alice", new: "a third password")
        #expect(try await f.accounts.session(secret: a4.text) == nil)
        #expect(try await f.accounts.session(secret: a5.text) == nil)
        #expect(try await f.accounts.signIn(name: "alice", password: "a third password", address: "a").session != nil)
    }

    @Test("ACCOUNT-14 tokens: default labels, shown once, found and recorded, revoked, unknown labels refused",
          arguments: [StoreKind.memory, .sqliteFile, .postgres])
    func test_ACCOUNT_14_tokens(kind: StoreKind) async throws {
        let f = try await Fixture(kind)
        defer { f.cleanup() }
        let alice = try await f.accounts.add(name: "alice", password: password)
        let first = try await f.accounts.createToken(name: "alice")
        let ci = try await f.accounts.createToken(name: "ALICE", label: "ci")
        let second = try await f.accounts.createToken(name: "alice")
        #expect([first.label, ci.label, second.label] == ["token-1", "ci", "token-2"])
        #expect(Set([first.token, ci.token, second.token].map(\.text)).count == 3)
        await #expect(throws: AccountError.duplicateLabel("ci")) { try await f.accounts.createToken(name: "alice", label: "ci") }
        await #expect(throws: AccountError.invalidLabel("")) { try await f.accounts.createToken(name: "alice", label: "") }
        let flags = String(repeating: "🇯🇵", count: 33)  // 33 characters, 66 code points
        await #expect(throws: AccountError.invalidLabel(flags)) { try await f.accounts.createToken(name: "alice", label: flags) }
        await #expect(throws: AccountError.invalidLabel("a\nb")) { try await f.accounts.createToken(name: "alice", label: "a\nb") }
        #expect(try await f.accounts.createToken(name: "alice", label: String(repeating: "🇯🇵", count: 32)).label.count == 32)
        try await f.accounts.revoke(name: "alice", label: String(repeating: "🇯🇵", count: 32))
        await #expect(throws: AccountError.unknownUser("bob")) { try await f.accounts.createToken(name: "bob") }
        f.clock.advance(120)
        #expect(try await f.accounts.account(token: ci.token.text) == alice)
        #expect(try await f.accounts.tokens(name: "alice").map(\.lastUsedAt) == [nil, t0.addingTimeInterval(120), nil])
        try await f.accounts.revoke(name: "alice", label: "ci")
        #expect(try await f.accounts.account(token: ci.token.text) == nil, "a revoked token finds no one")
        #expect(try await f.accounts.account(token: first.token.text) == alice)
        await #expect(throws: AccountError.unknownLabel("ci")) { try await f.accounts.revoke(name: "alice", label: "ci") }
        try await f.accounts.revoke(name: "alice", label: "token-1")
        #expect(try await f.accounts.createToken(name: "alice").label == "token-1", "the first free label")
    }

    @Test("ACCOUNT-15 tampered, cut, random, empty and huge secrets find no session and no account")
    func test_ACCOUNT_15_tampered() async throws {
        let f = try await Fixture()
        try await f.accounts.add(name: "alice", password: password)
        let session = try #require(try await f.accounts.signIn(name: "alice", password: password, address: "a").session)
        let token = try await f.accounts.createToken(name: "alice").token
        for secret in [session, token] {
            var chars = Array(secret.text)
            chars[5] = chars[5] == "A" ? "B" : "A"
            let tampered = String(chars)
            let bad = [tampered, String(secret.text.dropLast()), secret.text + "A", Secret.random().text, "", " " + secret.text,
                       secret.text.uppercased(), String(repeating: "A", count: 1 << 20), "'; DROP TABLE account; --"]
            for text in bad {
                #expect(try await f.accounts.session(secret: text) == nil, "\(text.prefix(50))")
                #expect(try await f.accounts.account(token: text) == nil, "\(text.prefix(50))")
            }
        }
        #expect(Secret("'; DROP TABLE account; --") == nil, "malformed text never reaches the store")
        #expect(Secret(String(repeating: "A", count: 43)) != nil)
        #expect(Secret(String(repeating: "A", count: 42) + "B") == nil, "a non-canonical last character")
        #expect(try await f.accounts.session(secret: session.text)?.name == "alice", "the real ones still work")
        #expect(try await f.accounts.account(token: token.text)?.name == "alice")
        #expect(session.text.count == 43 && session.hash.count == 64)
        #expect("\(session)" == "Secret(…)", "never printed by accident")
    }

    @Test("ACCOUNT-16 SQL metacharacters: names are refused by the rules, labels are stored verbatim", arguments: [StoreKind.sqliteInMemory, .sqliteFile, .postgres])
    func test_ACCOUNT_16_metacharacters(kind: StoreKind) async throws {
        let f = try await Fixture(kind)
        defer { f.cleanup() }
        for name in ["o'brien;--", "alice\"); DROP TABLE account;--", "a%", "a_%'"] {
            await #expect(throws: AccountError.invalidName(name)) { try await f.accounts.add(name: name, password: password) }
        }
        try await f.accounts.add(name: "alice", password: password)
        let labels = ["x'); DROP TABLE account;--", "\"quoted\" % _ \\ ;", "100% 'sure'"]
        for label in labels { _ = try await f.accounts.createToken(name: "alice", label: label) }
        #expect(try await f.accounts.tokens(name: "alice").map(\.label) == labels)
        #expect(try await f.accounts.users().map(\.name) == ["alice"], "the tables are intact")
        try await f.accounts.revoke(name: "alice", label: labels[0])
        #expect(try await f.accounts.tokens(name: "alice").map(\.label) == Array(labels.dropFirst()))
        #expect(try await f.accounts.signIn(name: "alice' --", password: "x' OR '1'='1", address: "a") == .refused)
    }

    @Test("ACCOUNT-17 the production hasher writes bcrypt at cost 12 or more, which verifies")
    func test_ACCOUNT_17_productionCost() throws {
        let hasher = BcryptHasher()
        let hash = hasher.hash(password)
        #expect(hash.hasPrefix("$2b$") || hash.hasPrefix("$2a$") || hash.hasPrefix("$2y$"))
        #expect(try #require(BcryptHasher.cost(of: hash)) >= 12)
        #expect(hasher.cost >= 12 && BcryptHasher.productionCost >= 12)
        #expect(hasher.verify(password, hash: hash))
        #expect(!hasher.verify("another password", hash: hash))
        #expect(try #require(BcryptHasher.cost(of: hasher.dummyHash)) == 12, "the dummy costs as much as a real one")
        #expect(Accounts(store: InMemoryAccountStore(), now: { Date(timeIntervalSince1970: 0) }).hasher is BcryptHasher)
        #expect((Accounts(store: InMemoryAccountStore(), now: { Date(timeIntervalSince1970: 0) }).hasher as? BcryptHasher)?.cost == 12, "production is the default")
    }
}

extension Accounts {
    /// The stored session of a secret, read past the policy (to see that an expired one was ended).
    func accountsStoreSession(_ secret: Secret) async throws -> SessionRecord? {
        try await store.session(idHash: secret.hash)
    }
}

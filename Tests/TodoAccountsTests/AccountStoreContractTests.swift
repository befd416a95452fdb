import Foundation
import Testing
import TodoAccounts
import TodoPostgresTestSupport
import TodoSQLite

/// The stores an `AccountStore` contract runs against.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case memory, sqliteInMemory, sqliteFile
    /// A fresh schema of the test cluster's database (TODO_TEST_DATABASE_URL, set by scripts/test).
    case postgres

    var testDescription: String { rawValue }

    /// A fresh store (and, for a file, its folder to remove).
    func make() async throws -> (store: any AccountStore, cleanup: @Sendable () -> Void) {
        switch self {
        case .postgres: return (try await PostgresTestDatabase.freshDatabase().accounts, {})
        case .memory: return (InMemoryAccountStore(), {})
        case .sqliteInMemory: return (SQLiteAccountStore(database: try AppDatabase.inMemory()), {})
        case .sqliteFile:
            let folder = TestFiles.folder()
            return (SQLiteAccountStore(database: try AppDatabase.open(path: folder + "/todo.sqlite")), { TestFiles.remove(folder) })
        }
    }
}

enum TestFiles {
    static func folder() -> String {
        let path = NSTemporaryDirectory() + "accounts-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func remove(_ path: String) { try? FileManager.default.removeItem(atPath: path) }
}

let t0 = Date(timeIntervalSince1970: 1_795_000_000)  // a fixed moment (2026-11-18)

func account(_ name: String, _ id: Int = 1, at time: Date = t0) -> Account {
    Account(id: UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", id))!, name: name, createdAt: time)
}

func hex(_ seed: Character) -> String { String(repeating: seed, count: 64) }

/// ACCOUNT-1…5: one contract, every store.
@Suite("AccountStore contract (in memory, SQLite in memory, SQLite file, PostgreSQL)")
struct AccountStoreContractTests {
    @Test("ACCOUNT-1 add, find by name ignoring case and by id, list by name, refuse a duplicate, set the hash",
          arguments: StoreKind.allCases)
    func test_ACCOUNT_1_users(kind: StoreKind) async throws {
        let (store, cleanup) = try await kind.make()
        defer { cleanup() }
        let alice = account("alice", 1), bob = account("Bob", 2)
        #expect(try await !store.hasUsers())
        try await store.addUser(bob, passwordHash: "$2b$12$bobbobbobbobbobbobbobbob")
        #expect(try await store.hasUsers())
        try await store.addUser(alice, passwordHash: "$2b$12$alicealicealicealicealic")
        #expect(try await store.user(named: "ALICE") == StoredAccount(account: alice, passwordHash: "$2b$12$alicealicealicealicealic"))
        #expect(try await store.user(id: bob.id)?.account == bob)
        #expect(try await store.user(named: "carol") == nil)
        #expect(try await store.users() == [alice, bob])
        await #expect(throws: AccountError.duplicateName("Alice")) {
            try await store.addUser(account("Alice", 3), passwordHash: "$2b$12$xxxxxxxxxxxxxxxxxxxxxxxx")
        }
        #expect(try await store.users() == [alice, bob], "nothing changed")
        try await store.setPasswordHash("$2b$12$newnewnewnewnewnewnewnew", for: alice.id)
        #expect(try await store.user(named: "alice")?.passwordHash == "$2b$12$newnewnewnewnewnewnewnew")
    }

    @Test("ACCOUNT-2 removing a user removes their tokens and sessions; the name is free again",
          arguments: StoreKind.allCases)
    func test_ACCOUNT_2_remove(kind: StoreKind) async throws {
        let (store, cleanup) = try await kind.make()
        defer { cleanup() }
        let alice = account("alice", 1), bob = account("bob", 2)
        try await store.addUser(alice, passwordHash: "$2b$12$alicealicealicealicealic")
        try await store.addUser(bob, passwordHash: "$2b$12$bobbobbobbobbobbobbobbob")
        try await store.addToken(account: alice.id, label: "ci", hash: hex("a"), createdAt: t0)
        try await store.addToken(account: bob.id, label: "ci", hash: hex("b"), createdAt: t0)
        try await store.createSession(SessionRecord(accountID: alice.id, idHash: hex("c"), createdAt: t0, lastSeenAt: t0))
        try await store.removeUser(id: alice.id)
        #expect(try await store.user(named: "alice") == nil)
        #expect(try await store.token(hash: hex("a")) == nil)
        #expect(try await store.session(idHash: hex("c")) == nil)
        #expect(try await store.tokens(account: alice.id).isEmpty)
        #expect(try await store.token(hash: hex("b"))?.account == bob, "the others' are kept")
        try await store.removeUser(id: bob.id)
        #expect(try await !store.hasUsers(), "the last one removed")
        try await store.addUser(account("Alice", 3), passwordHash: "$2b$12$alicealicealicealicealic")
        #expect(try await store.user(named: "alice")?.account.name == "Alice")
    }

    @Test("ACCOUNT-3 tokens: add with label and hash, list without hashes, unique label per user, find, touch, revoke",
          arguments: StoreKind.allCases)
    func test_ACCOUNT_3_tokens(kind: StoreKind) async throws {
        let (store, cleanup) = try await kind.make()
        defer { cleanup() }
        let alice = account("alice", 1), bob = account("bob", 2)
        try await store.addUser(alice, passwordHash: "$2b$12$alicealicealicealicealic")
        try await store.addUser(bob, passwordHash: "$2b$12$bobbobbobbobbobbobbobbob")
        try await store.addToken(account: alice.id, label: "laptop", hash: hex("1"), createdAt: t0)
        try await store.addToken(account: alice.id, label: "ci", hash: hex("2"), createdAt: t0.addingTimeInterval(60))
        await #expect(throws: AccountError.duplicateLabel("ci")) {
            try await store.addToken(account: alice.id, label: "ci", hash: hex("3"), createdAt: t0)
        }
        try await store.addToken(account: bob.id, label: "ci", hash: hex("4"), createdAt: t0)
        #expect(try await store.tokens(account: alice.id) == [
            TokenInfo(label: "laptop", createdAt: t0, lastUsedAt: nil),
            TokenInfo(label: "ci", createdAt: t0.addingTimeInterval(60), lastUsedAt: nil),
        ])
        #expect(try await store.token(hash: hex("2")) == TokenMatch(
            account: alice, token: TokenInfo(label: "ci", createdAt: t0.addingTimeInterval(60), lastUsedAt: nil)))
        try await store.touchToken(hash: hex("2"), at: t0.addingTimeInterval(3600))
        #expect(try await store.token(hash: hex("2"))?.token.lastUsedAt == t0.addingTimeInterval(3600))
        #expect(try await store.revokeToken(account: alice.id, label: "ci"))
        #expect(try await !store.revokeToken(account: alice.id, label: "ci"))
        #expect(try await store.token(hash: hex("2")) == nil)
        #expect(try await store.token(hash: hex("4"))?.account == bob, "bob's token with the same label stays")
    }

    @Test("ACCOUNT-4 sessions: create, find by hash, touch, end one, end all of a user but one, or all but the newest",
          arguments: StoreKind.allCases)
    func test_ACCOUNT_4_sessions(kind: StoreKind) async throws {
        let (store, cleanup) = try await kind.make()
        defer { cleanup() }
        let alice = account("alice", 1), bob = account("bob", 2)
        try await store.addUser(alice, passwordHash: "$2b$12$alicealicealicealicealic")
        try await store.addUser(bob, passwordHash: "$2b$12$bobbobbobbobbobbobbobbob")
        for (seed, owner) in [("a", alice), ("b", alice), ("c", alice), ("d", bob)] as [(Character, Account)] {
            try await store.createSession(SessionRecord(accountID: owner.id, idHash: hex(seed), createdAt: t0, lastSeenAt: t0))
        }
        #expect(try await store.session(idHash: hex("a")) == SessionRecord(accountID: alice.id, idHash: hex("a"), createdAt: t0, lastSeenAt: t0))
        try await store.touchSession(idHash: hex("a"), at: t0.addingTimeInterval(120))
        #expect(try await store.session(idHash: hex("a"))?.lastSeenAt == t0.addingTimeInterval(120))
        try await store.endSession(idHash: hex("a"))
        #expect(try await store.session(idHash: hex("a")) == nil)
        try await store.endSessions(account: alice.id, keeping: hex("b"))
        #expect(try await store.session(idHash: hex("b")) != nil)
        #expect(try await store.session(idHash: hex("c")) == nil)
        #expect(try await store.session(idHash: hex("d")) != nil, "bob's session stays")
        try await store.endSessions(account: alice.id, keeping: nil)
        #expect(try await store.session(idHash: hex("b")) == nil)
        // Expired ones: idle since before, or created before.
        try await store.createSession(SessionRecord(accountID: bob.id, idHash: hex("e"), createdAt: t0.addingTimeInterval(-100), lastSeenAt: t0))
        try await store.endExpiredSessions(account: bob.id, idleBefore: t0.addingTimeInterval(-10), createdBefore: t0.addingTimeInterval(-50))
        #expect(try await store.session(idHash: hex("e")) == nil)
        #expect(try await store.session(idHash: hex("d")) != nil)
        // Only the newest: sessions f (oldest), g, h for bob besides d (at t0).
        for (seed, offset) in [("f", -30.0), ("g", 10), ("h", 20)] as [(Character, TimeInterval)] {
            let at = t0.addingTimeInterval(offset)
            try await store.createSession(SessionRecord(accountID: bob.id, idHash: hex(seed), createdAt: at, lastSeenAt: at))
        }
        try await store.endSessions(account: bob.id, keepingNewest: 2)
        for (seed, kept) in [("h", true), ("g", true), ("d", false), ("f", false)] as [(Character, Bool)] {
            #expect(try await (store.session(idHash: hex(seed)) != nil) == kept, "\(seed)")
        }
    }

    @Test("ACCOUNT-5 sign-in failures: counted per name and per address since a time, cleared per name, pruned",
          arguments: StoreKind.allCases)
    func test_ACCOUNT_5_failures(kind: StoreKind) async throws {
        let (store, cleanup) = try await kind.make()
        defer { cleanup() }
        try await store.recordFailure(nameKey: "alice", address: "10.0.0.1", at: t0)
        try await store.recordFailure(nameKey: "alice", address: "10.0.0.2", at: t0.addingTimeInterval(10))
        try await store.recordFailure(nameKey: nil, address: "10.0.0.1", at: t0.addingTimeInterval(20))
        try await store.recordFailure(nameKey: "bob", address: "10.0.0.1", at: t0.addingTimeInterval(30))
        let before = t0.addingTimeInterval(-1)
        #expect(try await store.failures(nameKey: "alice", since: before) == FailureCount(count: 2, oldest: t0))
        #expect(try await store.failures(nameKey: "alice", since: t0)
            == FailureCount(count: 1, oldest: t0.addingTimeInterval(10)), "strictly after: the one at t0 no longer counts")
        #expect(try await store.failures(address: "10.0.0.1", since: before) == FailureCount(count: 3, oldest: t0))
        #expect(try await store.failures(address: "10.9.9.9", since: before) == .none)
        try await store.clearFailures(nameKey: "alice")
        #expect(try await store.failures(nameKey: "alice", since: before) == .none)
        #expect(try await store.failures(address: "10.0.0.1", since: before).count == 2, "the address's stay")
        try await store.pruneFailures(before: t0.addingTimeInterval(25))
        #expect(try await store.failures(address: "10.0.0.1", since: .distantPast) == FailureCount(count: 1, oldest: t0.addingTimeInterval(30)))
    }
}

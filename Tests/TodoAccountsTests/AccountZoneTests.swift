import Foundation
import GRDB
import PostgresNIO
import Testing
import TodoAccounts
@testable import TodoPostgres
import TodoPostgresTestSupport
@testable import TodoSQLite

/// Each person's time zone, stored with the account (docs/specs/times.md, TIME-6): every store
/// keeps it as its IANA identifier, every way of reading an account fills it in, and the
/// migrations that added it.
@Suite("Accounts: time zones")
struct AccountZoneTests {
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    static let kiritimati = TimeZone(identifier: "Pacific/Kiritimati")!

    @Test("TIME-6 a zone is nil by default, set, read by id, by name, in the list, by token and by session, changed and cleared",
          arguments: StoreKind.allCases)
    func test_TIME_6_storeRoundTrip(kind: StoreKind) async throws {
        let (store, cleanup) = try await kind.make()
        defer { cleanup() }
        let alice = account("alice", 1), bob = account("bob", 2)
        try await store.addUser(alice, passwordHash: "$2b$12$alicealicealicealicealic")
        try await store.addUser(bob, passwordHash: "$2b$12$bobbobbobbobbobbobbobbob")
        #expect(try await store.user(id: alice.id)?.account.timeZone == nil)
        #expect(try await store.timeZones(of: [alice.id, bob.id]).isEmpty)

        try await store.setTimeZone(Self.tokyo, of: alice.id)
        try await store.addToken(account: alice.id, label: "ci", hash: hex("a"), createdAt: t0)
        try await store.createSession(SessionRecord(accountID: alice.id, idHash: hex("s"), createdAt: t0, lastSeenAt: t0))
        #expect(try await store.user(id: alice.id)?.account.timeZone?.identifier == "Asia/Tokyo")
        #expect(try await store.user(named: "ALICE")?.account.timeZone?.identifier == "Asia/Tokyo")
        #expect(try await store.users().map { $0.timeZone?.identifier } == ["Asia/Tokyo", nil])
        #expect(try await store.token(hash: hex("a"))?.account.timeZone?.identifier == "Asia/Tokyo")
        let session = try #require(try await store.session(idHash: hex("s")))
        #expect(try await store.user(id: session.accountID)?.account.timeZone?.identifier == "Asia/Tokyo")
        #expect(try await store.user(id: bob.id)?.account.timeZone == nil, "the other person's is untouched")
        #expect(try await store.timeZones(of: [alice.id, bob.id, UUID()]).mapValues(\.identifier) == [alice.id: "Asia/Tokyo"])
        #expect(try await store.timeZones(of: []).isEmpty)

        try await store.setTimeZone(Self.kiritimati, of: bob.id)
        try await store.setTimeZone(nil, of: alice.id)
        #expect(try await store.user(id: alice.id)?.account.timeZone == nil)
        #expect(try await store.timeZones(of: [alice.id, bob.id]).mapValues(\.identifier) == [bob.id: "Pacific/Kiritimati"])

        await #expect(throws: AccountError.unknownUser(UUID(uuidString: "00000000-0000-0000-0000-000000000009")!.uuidString)) {
            try await store.setTimeZone(Self.tokyo, of: UUID(uuidString: "00000000-0000-0000-0000-000000000009")!)
        }
    }

    @Test("TIME-6 an account added with a zone keeps it", arguments: StoreKind.allCases)
    func test_TIME_6_addedWithZone(kind: StoreKind) async throws {
        let (store, cleanup) = try await kind.make()
        defer { cleanup() }
        var carol = account("carol", 3)
        carol.timeZone = Self.tokyo
        try await store.addUser(carol, passwordHash: "$2b$12$carolcarolcarolcarolcaro")
        #expect(try await store.user(id: carol.id)?.account == carol)
    }

    @Test("TIME-6 Accounts sets a zone by its identifier, forgets it when empty, and refuses one that names no zone",
          arguments: [StoreKind.memory, .sqliteInMemory, .postgres])
    func test_TIME_6_accountsValidates(kind: StoreKind) async throws {
        let (store, cleanup) = try await kind.make()
        defer { cleanup() }
        let accounts = Accounts(store: store, now: { t0 }, hasher: BcryptHasher.insecureForTestsOnly(cost: 4))
        let alice = try await accounts.add(name: "alice", password: "correct horse battery")
        #expect(alice.timeZone == nil)
        #expect(try await accounts.setTimeZone(name: "Alice", to: "Asia/Tokyo")?.identifier == "Asia/Tokyo")
        #expect(try await accounts.user(named: "alice").timeZone?.identifier == "Asia/Tokyo")
        #expect(try await accounts.timeZones(of: [alice.id]).mapValues(\.identifier) == [alice.id: "Asia/Tokyo"])
        for unknown in ["Mars/Olympus", "asia/tokyo", "Asia/Tokyo ", "../../../../etc/passwd", "/etc/localtime", "Asia/./Tokyo", "Asia/Tokyo'; DROP TABLE account; --",
                        String(repeating: "A", count: 100_000)] {
            await #expect(throws: AccountError.unknownTimeZone(unknown)) {
                try await accounts.setTimeZone(name: "alice", to: unknown)
            }
        }
        #expect(try await accounts.user(named: "alice").timeZone?.identifier == "Asia/Tokyo", "a refusal changes nothing")
        #expect(AccountError.unknownTimeZone("Mars/Olympus").errorDescription == "“Mars/Olympus” is not a time zone.")
        await #expect(throws: AccountError.unknownUser("nobody")) { try await accounts.setTimeZone(name: "nobody", to: "Asia/Tokyo") }
        #expect(try await accounts.setTimeZone(name: "alice", to: "") == nil)
        #expect(try await accounts.user(named: "alice").timeZone == nil)
        try await accounts.setTimeZone(name: "alice", to: "Etc/UTC")
        #expect(try await accounts.user(named: "alice").timeZone?.identifier == "Etc/UTC")
    }

    @Test("TIME-6 every zone the system knows is one an account can have, by its own identifier")
    func test_TIME_6_everyKnownZone() {
        let refused = TimeZone.knownTimeZoneIdentifiers.filter { AccountZone.zone($0)?.identifier != $0 }
        #expect(refused.isEmpty)
        #expect(AccountZone.zone("Etc/UTC")?.identifier == "Etc/UTC")
        #expect(AccountZone.zone(nil) == nil && AccountZone.zone("") == nil && AccountZone.zone("Asia//Tokyo") == nil)
    }

    @Test("TIME-6 an identifier stored that names no zone (any more) reads as none")
    func test_TIME_6_staleIdentifierSQLite() async throws {
        let database = try AppDatabase.inMemory()
        let store = SQLiteAccountStore(database: database)
        let alice = account("alice", 1)
        try await store.addUser(alice, passwordHash: "$2b$12$alicealicealicealicealic")
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE account SET timeZone = 'Mars/Olympus' WHERE id = ?", arguments: [alice.id.uuidString.lowercased()])
        }
        #expect(try await store.user(id: alice.id)?.account.timeZone == nil)
        #expect(try await store.timeZones(of: [alice.id]).isEmpty)
        await #expect(throws: DatabaseError.self, "the schema keeps identifiers short") {
            try await database.writer.write { db in
                try db.execute(sql: "UPDATE account SET timeZone = ?", arguments: [String(repeating: "A", count: 65)])
            }
        }
    }

    @Test("TIME-6 PostgreSQL: an identifier stored that names no zone reads as none; the schema keeps identifiers short")
    func test_TIME_6_staleIdentifierPostgres() async throws {
        let database = try await PostgresTestDatabase.freshDatabase()
        let store = database.accounts
        let alice = account("alice", 1)
        try await store.addUser(alice, passwordHash: "$2b$12$alicealicealicealicealic")
        let s = "\"\(database.schema)\""
        try await PostgresTestDatabase.query("UPDATE \(unescaped: s).account SET time_zone = 'Mars/Olympus'")
        #expect(try await store.user(id: alice.id)?.account.timeZone == nil)
        #expect(try await store.timeZones(of: [alice.id]).isEmpty)
        await #expect(throws: PSQLError.self) {
            try await PostgresTestDatabase.query("UPDATE \(unescaped: s).account SET time_zone = \(String(repeating: "A", count: 65))")
        }
    }

    @Test("TIME-6 migration v19-account-zone: a v18 file's accounts keep everything and have no zone")
    func test_TIME_6_sqliteMigration() async throws {
        let folder = TestFiles.folder()
        defer { TestFiles.remove(folder) }
        let path = folder + "/todo.sqlite"
        do {
            let queue = try DatabaseQueue(path: path)
            try AppDatabase.migrate(queue, upTo: "v18-due-time an item's due time, in the section index")
            try await queue.write { db in
                try db.execute(
                    sql: "INSERT INTO account (id, name, passwordHash, createdAt) VALUES (?, 'alice', ?, ?)",
                    arguments: [account("alice").id.uuidString.lowercased(), "$2b$12$alicealicealicealicealic", AccountTime.millis(t0)])
            }
            try queue.close()
        }
        let database = try AppDatabase.open(path: path)
        defer { try? database.close() }
        let store = SQLiteAccountStore(database: database)
        #expect(try await store.user(named: "alice")?.account == account("alice"))
        try await store.setTimeZone(Self.tokyo, of: account("alice").id)
        #expect(try await store.user(named: "alice")?.account.timeZone == Self.tokyo)
        #expect(AppDatabase.migrationIdentifiers.last == "v19-account-zone each person's time zone")
    }

    @Test("TIME-6 PostgreSQL migration 14: accounts keep everything and have no zone; one set then is read")
    func test_TIME_6_postgresMigration() async throws {
        let database = try PostgresTestDatabase.freshUnmigratedDatabase()
        try await database.migrate(through: 13)
        let s = "\"\(database.schema)\""
        let alice = account("alice")
        try await PostgresTestDatabase.query("""
            INSERT INTO \(unescaped: s).account (id, name, password_hash, created_at)
            VALUES (\(alice.id), 'alice', \("$2b$12$alicealicealicealicealic"), \(AccountTime.millis(t0)))
            """)
        try await database.migrate()
        let store = database.accounts
        #expect(try await store.user(named: "alice")?.account == alice)
        try await store.setTimeZone(Self.tokyo, of: alice.id)
        #expect(try await store.user(named: "alice")?.account.timeZone == Self.tokyo)
    }
}

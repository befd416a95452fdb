import Foundation
import PostgresNIO
import Testing
import TodoAccounts
import TodoPostgres
import TodoPostgresTestSupport

/// PG-12 (docs/specs/postgres.md): what only the PostgreSQL account store has. The contract
/// itself (ACCOUNT-1…5), the policy's store-level tests and two instances (ACCOUNT-11) run
/// against it through `StoreKind.postgres`.
@Suite("PostgreSQL accounts")
struct PostgresAccountsTests {
    @Test("PG-12 ACCOUNT-18 the PostgreSQL schema refuses rows outside the rules and cascades an account's removal")
    func test_PG_12_schema() async throws {
        let database = try await PostgresTestDatabase.freshDatabase()
        let s = "\"\(database.schema)\""
        let alice = "00000000-0000-0000-0000-000000000001", other = "00000000-0000-0000-0000-000000000002"
        let hash = String(repeating: "a", count: 64), passwordHash = "$2b$12$" + String(repeating: "x", count: 53)
        try await PostgresTestDatabase.query(
            "INSERT INTO \(unescaped: s).account (id, name, password_hash, created_at) VALUES (\(alice)::uuid, 'alice', \(passwordHash), 0)")
        try await PostgresTestDatabase.query(
            "INSERT INTO \(unescaped: s).account_token (account_id, label, hash, created_at) VALUES (\(alice)::uuid, 'ci', \(hash), 0)")
        try await PostgresTestDatabase.query(
            "INSERT INTO \(unescaped: s).account_session (id_hash, account_id, created_at, last_seen_at) VALUES (\(hash), \(alice)::uuid, 0, 0)")
        let missing = "00000000-0000-0000-0000-000000000009"
        let refused: [PostgresQuery] = [
            "INSERT INTO \(unescaped: s).account (id, name, password_hash, created_at) VALUES (\(other)::uuid, 'a b', \(passwordHash), 0)",
            "INSERT INTO \(unescaped: s).account (id, name, password_hash, created_at) VALUES (\(other)::uuid, '-bob', \(passwordHash), 0)",
            "INSERT INTO \(unescaped: s).account (id, name, password_hash, created_at) VALUES (\(other)::uuid, 'ALICE', \(passwordHash), 0)",
            "INSERT INTO \(unescaped: s).account (id, name, password_hash, created_at) VALUES (\(other)::uuid, 'bøb', \(passwordHash), 0)",
            "INSERT INTO \(unescaped: s).account (id, name, password_hash, created_at) VALUES (\(other)::uuid, 'bob', 'short', 0)",
            "INSERT INTO \(unescaped: s).account_token (account_id, label, hash, created_at) VALUES (\(alice)::uuid, ' ', \(String(repeating: "b", count: 64)), 0)",
            "INSERT INTO \(unescaped: s).account_token (account_id, label, hash, created_at) VALUES (\(alice)::uuid, 'x', 'short', 0)",
            "INSERT INTO \(unescaped: s).account_token (account_id, label, hash, created_at) VALUES (\(alice)::uuid, 'ci', \(String(repeating: "c", count: 64)), 0)",
            "INSERT INTO \(unescaped: s).account_token (account_id, label, hash, created_at) VALUES (\(missing)::uuid, 'x', \(String(repeating: "d", count: 64)), 0)",
            "INSERT INTO \(unescaped: s).account_session (id_hash, account_id, created_at, last_seen_at) VALUES (\(String(repeating: "e", count: 64)), \(alice)::uuid, 10, 5)",
            "INSERT INTO \(unescaped: s).account_session (id_hash, account_id, created_at, last_seen_at) VALUES (\(String(repeating: "f", count: 64)), \(missing)::uuid, 0, 0)",
            "INSERT INTO \(unescaped: s).signin_failure (name_key, address, at) VALUES ('', 'a', 0)",
            "INSERT INTO \(unescaped: s).signin_failure (name_key, address, at) VALUES ('a', repeat('9', 129), 0)",
        ]
        for query in refused {
            await #expect(throws: PSQLError.self, "\(query.sql)") { try await PostgresTestDatabase.query(query) }
        }
        try await PostgresTestDatabase.query("DELETE FROM \(unescaped: s).account WHERE id = \(alice)::uuid")
        let left = try await PostgresTestDatabase.query("""
            SELECT (SELECT COUNT(*) FROM \(unescaped: s).account_token)::bigint,
                   (SELECT COUNT(*) FROM \(unescaped: s).account_session)::bigint
            """).first?.decode((Int, Int).self)
        #expect(left?.0 == 0 && left?.1 == 0)
    }

    @Test("PG-12 a name taken by another instance between the check and the insert is refused as taken; an address with NUL is counted")
    func test_PG_12_duplicatesAndOddText() async throws {
        let store = try await PostgresTestDatabase.freshDatabase().accounts
        let names = (1...8).map { _ in "Racer" }
        let results = await withTaskGroup(of: Bool.self) { group in
            for (index, name) in names.enumerated() {
                group.addTask {
                    do {
                        try await store.addUser(account(index.isMultiple(of: 2) ? name : name.lowercased(), 10 + index), passwordHash: PostgresTestDatabase.dummyHash)
                        return true
                    } catch let error as AccountError {
                        return error == .duplicateName(index.isMultiple(of: 2) ? name : name.lowercased()) ? false : true
                    } catch {
                        return true
                    }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.filter { $0 }.count == 1, "one added, the others refused as duplicates")
        #expect(try await store.users().count == 1)
        try await store.recordFailure(nameKey: nil, address: "10.0.0.1\u{0}x", at: t0)
        #expect(try await store.failures(address: "10.0.0.1\u{0}x", since: .distantPast).count == 1)
    }
}

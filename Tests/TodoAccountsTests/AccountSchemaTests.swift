import Foundation
import GRDB
import Testing
import TodoAccounts
import TodoSQLite

/// ACCOUNT-18: the SQLite schema's own constraints, written to past the store.
@Suite("SQLite accounts schema")
struct AccountSchemaTests {
    @Test("ACCOUNT-18 the schema refuses rows outside the rules and cascades an account's removal")
    func test_ACCOUNT_18_schema() async throws {
        let database = try AppDatabase.inMemory()
        let alice = "00000000-0000-0000-0000-000000000001"
        let hash = String(repeating: "a", count: 64)
        try await database.writer.write { db in
            try db.execute(
                sql: "INSERT INTO account (id, name, passwordHash, createdAt) VALUES (?, 'alice', ?, 0)",
                arguments: [alice, "$2b$12$" + String(repeating: "x", count: 53)])
            try db.execute(
                sql: "INSERT INTO account_token (accountId, label, hash, createdAt) VALUES (?, 'ci', ?, 0)", arguments: [alice, hash])
            try db.execute(
                sql: "INSERT INTO account_session (idHash, accountId, createdAt, lastSeenAt) VALUES (?, ?, 0, 0)",
                arguments: [hash, alice])
        }
        let refused: [(String, StatementArguments)] = [
            ("INSERT INTO account (id, name, passwordHash, createdAt) VALUES (?, ?, ?, 0)",
             ["00000000-0000-0000-0000-000000000002", "a b", "$2b$12$" + String(repeating: "x", count: 53)]),
            ("INSERT INTO account (id, name, passwordHash, createdAt) VALUES (?, ?, ?, 0)",
             ["00000000-0000-0000-0000-000000000002", "-bob", "$2b$12$" + String(repeating: "x", count: 53)]),
            ("INSERT INTO account (id, name, passwordHash, createdAt) VALUES (?, ?, ?, 0)",
             ["00000000-0000-0000-0000-000000000002", "ALICE", "$2b$12$" + String(repeating: "x", count: 53)]),
            ("INSERT INTO account (id, name, passwordHash, createdAt) VALUES (?, ?, ?, 0)",
             ["00000000-0000-0000-0000-00000000000X", "bob", "$2b$12$" + String(repeating: "x", count: 53)]),
            ("INSERT INTO account_token (accountId, label, hash, createdAt) VALUES (?, ' ', ?, 0)",
             [alice, String(repeating: "b", count: 64)]),
            ("INSERT INTO account_token (accountId, label, hash, createdAt) VALUES (?, 'x', 'short', 0)", [alice]),
            ("INSERT INTO account_token (accountId, label, hash, createdAt) VALUES (?, 'ci', ?, 0)",
             [alice, String(repeating: "c", count: 64)]),
            ("INSERT INTO account_token (accountId, label, hash, createdAt) VALUES (?, 'x', ?, 0)",
             ["00000000-0000-0000-0000-000000000009", String(repeating: "d", count: 64)]),
            ("INSERT INTO account_session (idHash, accountId, createdAt, lastSeenAt) VALUES (?, ?, 10, 5)",
             [String(repeating: "e", count: 64), alice]),
            ("INSERT INTO account_session (idHash, accountId, createdAt, lastSeenAt) VALUES (?, ?, 0, 0)",
             [String(repeating: "f", count: 64), "00000000-0000-0000-0000-000000000009"]),
        ]
        for (sql, arguments) in refused {
            await #expect(throws: DatabaseError.self, "\(arguments)") {
                try await database.writer.write { db in try db.execute(sql: sql, arguments: arguments) }
            }
        }
        try await database.writer.write { db in try db.execute(sql: "DELETE FROM account WHERE id = ?", arguments: [alice]) }
        let left = try await database.writer.read { db in
            (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM account_token") ?? -1,
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM account_session") ?? -1)
        }
        #expect(left == (0, 0))
        #expect(AppDatabase.migrationIdentifiers.suffix(11) == [
            "v9-changes the record of changes live pages follow",
            "v10-change-origin a page knows its own changes without it",
            "v11-caldav CalDAV's names, kept text and calendars beside the items",
            "v12-calendar-changes each calendar reads the changes of its own list",
            "v13-calendar-uid a PUT finds a UID of the calendar by index",
            "v14-priority an item's priority, in the section index",
            "v15-tags an item's tags, in the section index",
            "v16-repeat-rule an item's repeat is a rule, in the section index",
            "v17-parent an item's parent, in the section index",
            "v18-due-time an item's due time, in the section index",
            "v19-account-zone each person's time zone",
        ])
    }
}

import Foundation
import Logging
import PostgresNIO
import Testing
import TodoCore
import TodoPostgres
import TodoPostgresTestSupport

/// docs/specs/live.md (LIVE-7, LIVE-9, LIVE-3's retention) and docs/specs/postgres.md (PG-15):
/// the record of changes in PostgreSQL, written by its triggers whichever instance writes, as
/// SQLite's (SQLiteChangeRecordTests).
private typealias Contract = ChangeRecordContractTests

@Suite("PostgreSQL: the record of changes live pages follow")
struct PostgresChangeRecordTests {
    @Test("LIVE-7 PG-15 the mute ends with its transaction, committed or rolled back: the setting the triggers read is off again on that connection")
    func test_LIVE_7_muteEndsWithTransaction() async throws {
        let database = try await PostgresTestDatabase.freshDatabase()
        try await database.client.withConnection { connection in
            let logger = Logger(label: "test")
            for end in ["COMMIT", "ROLLBACK"] {
                try await connection.query("BEGIN", logger: logger)
                try await connection.query("SELECT set_config('todo.changes_muted', 'on', true)", logger: logger)
                let inside = try await connection.query("SELECT current_setting('todo.changes_muted', true)", logger: logger)
                    .collect().first?.decode(String?.self)
                #expect(inside == "on")
                try await connection.query(PostgresQuery(unsafeSQL: end), logger: logger)
                let after = try await connection.query("SELECT current_setting('todo.changes_muted', true)", logger: logger)
                    .collect().first?.decode(String?.self)
                #expect(after != "on", "after \(end)")
            }
        }
    }

    @Test("LIVE-3 PG-15 the record keeps its latest 10,000 changes: an older id is a gap, and the ids go on")
    func test_LIVE_3_kept() async throws {
        let database = try await PostgresTestDatabase.freshDatabase()
        let record = database.changes
        let change = "\"\(database.schema)\".change"
        try await PostgresTestDatabase.query(
            "INSERT INTO \(unescaped: change) (owner, kind, at) SELECT '', 'created', i FROM generate_series(1, 10005) i")
        let count = try await PostgresTestDatabase.query("SELECT COUNT(*)::bigint FROM \(unescaped: change)")
        try await Contract.expectKeepsTheLatest(record, rows: try count.first?.decode(Int.self) ?? 0)
    }

    @Test("LIVE-3 PG-15 a change older than 24 hours goes as newer ones come")
    func test_LIVE_3_keptFor() async throws {
        let database = try await PostgresTestDatabase.freshDatabase()
        let store = database.store(environment: .fixedForTests())
        let record = database.changes
        try await PostgresTestDatabase.query(
            "INSERT INTO \(unescaped: "\"\(database.schema)\".change") (owner, kind, at) VALUES ('', 'created', 1), ('', 'created', 2), ('', 'created', 3)")
        _ = try await store.add(TodoDraft(title: "Now"))  // removes up to two of the old ones
        _ = try await store.add(TodoDraft(title: "Later"))
        #expect(try await record.changes(after: 0, limit: 10) == .gap)
        #expect(Contract.summary(try await Contract.all(record, after: 3)) == ["created -", "created -"])
        #expect(try await record.latestChangeID() == 5)
    }

    @Test("PG-15 ids follow the order of commits: a write waits for an earlier writer's commit, never overtakes it")
    func test_PG_15_idsInCommitOrder() async throws {
        let database = try await PostgresTestDatabase.freshDatabase()
        let change = "\"\(database.schema)\".change"
        let record = database.changes
        let done = Signals()
        try await database.client.withConnection { connection in
            let logger = Logger(label: "test")
            try await connection.query("BEGIN", logger: logger)
            try await connection.query(
                "INSERT INTO \(unescaped: change) (owner, kind, at) VALUES ('', 'many', (extract(epoch FROM now()) * 1000)::bigint)",
                logger: logger)
            // Another writer, while the first has not committed.
            let writer = Task {
                let item = try await database.store(environment: .fixedForTests()).add(TodoDraft(title: "Second"))
                await done.add()
                return item
            }
            // TEST-2: until the second writer is seen waiting for a lock, not for a fixed time.
            let holder = try await PostgresTestDatabase.backendPID(connection)
            #expect(try await PostgresTestDatabase.waitUntilSomeoneWaits(on: holder), "the second writer waits for a lock")
            #expect(await done.count == 0, "the second writer waits")
            #expect(try await record.latestChangeID() == 0, "nothing committed yet")
            try await connection.query("COMMIT", logger: logger)
            let item = try await writer.value
            let changes = try await Contract.all(record)
            #expect(Contract.summary(changes) == ["many -", "created -"])
            #expect(changes.map(\.id) == [1, 2] && changes.last?.item == item.id)
        }
    }

    @Test("LIVE-9 a write through another instance on the schema notifies this one, whose record reads it")
    func test_LIVE_9_otherInstance() async throws {
        let first = try await PostgresTestDatabase.freshDatabase()
        let signals = Signals()
        let listening = Task {
            for await _ in first.notifications(retryAfter: .milliseconds(100)) { await signals.add() }
        }
        defer { listening.cancel() }
        // The first element: it listens.
        #expect(await signals.wait(for: 1), "the stream says when it listens")
        let before = try await first.changes.latestChangeID()

        // Another instance: its own pool on the same schema, as another server process has.
        let second = try PostgresTodoDatabase.open(
            url: try PostgresTestDatabase.url(), schema: first.schema, maximumConnections: 2,
            operationTimeout: PostgresTestDatabase.operationTimeout, eventLoopGroup: PostgresTestDatabase.eventLoops)
        let running = Task { await second.run() }
        let added = try await second.store(environment: .fixedForTests()).add(TodoDraft(title: "From instance B"))
        #expect(await signals.wait(for: 2), "a NOTIFY reached the first instance")
        let changes = try await Contract.all(first.changes, after: before)
        #expect(Contract.summary(changes) == ["created -"])
        #expect(changes.first?.item == added.id)

        // A change in another schema of the database is not this one's.
        let other = try await PostgresTestDatabase.freshDatabase()
        let seen = await signals.count
        _ = try await other.store(environment: .fixedForTests()).add(TodoDraft(title: "Elsewhere"))
        _ = try await second.store(environment: .fixedForTests()).add(TodoDraft(title: "Here again"))
        #expect(await signals.wait(for: seen + 1))
        // The record is read from the schema itself: nothing to wait for.
        #expect(try await Contract.all(first.changes, after: before).count == 2)
        second.shutdown()
        await running.value
    }
}

/// Counts the elements a stream gave.
actor Signals {
    private(set) var count = 0

    func add() { count += 1 }

    /// Waits until `count` reaches `expected`, for 10 s at most; false when it did not.
    /// Whether `expected` signals came within a minute (asked every 20 ms: a loaded machine
    /// running the whole suite can take seconds to start a listener).
    func wait(for expected: Int) async -> Bool {
        for _ in 0..<3000 {
            if count >= expected { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return count >= expected
    }
}

import Foundation
import GRDB
import Testing
import TodoAccounts
import TodoCore
@testable import TodoSQLite
import TodoTestSupport

/// docs/specs/live.md, LIVE-7 and LIVE-8: the record of changes in the SQLite file, written by
/// its triggers whichever connection or process writes.
private typealias Contract = ChangeRecordContractTests

@Suite("SQLite: the record of changes live pages follow")
struct SQLiteChangeRecordTests {
    @Test("LIVE-8 a write through another connection to the file is in the record the first one reads")
    func test_LIVE_8_otherConnection() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("todo.sqlite")
        let server = try AppDatabase.open(path: path, concurrentReads: true)
        let record = SQLiteChangeRecord(database: server)
        let before = try await record.latestChangeID()
        let command = try AppDatabase.open(path: path)  // as the CLI opens it
        _ = try await SQLiteTodoStore(database: command, environment: .fixedForTests()).add(TodoDraft(title: "From the terminal"))
        try command.close()
        let changes = try await Contract.all(record, after: before)
        #expect(Contract.summary(changes) == ["created -"])
    }

    @Test("LIVE-3 the record keeps its latest 10,000 changes: an older id is a gap, and the ids go on")
    func test_LIVE_3_kept() async throws {
        let database = try AppDatabase.inMemory()
        let record = SQLiteChangeRecord(database: database)
        try await database.writer.write { db in
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10005)
                INSERT INTO change (owner, kind, at) SELECT '', 'created', 0 + i FROM n
                """)
        }
        let rows = try await database.writer.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM change") }
        try await Contract.expectKeepsTheLatest(record, rows: rows ?? 0)
    }

    @Test("LIVE-3 ids only grow: the newest change is never pruned, and the next id is one more")
    func test_LIVE_3_idsGoOn() async throws {
        let database = try AppDatabase.inMemory()
        let store = SQLiteTodoStore(database: database, environment: .fixedForTests())
        let record = SQLiteChangeRecord(database: database)
        try await database.writer.write { db in
            // Two old changes, the newest of them past 24 hours too.
            try db.execute(sql: "INSERT INTO change (owner, kind, at) VALUES ('', 'created', 1), ('', 'created', 2)")
        }
        _ = try await store.add(TodoDraft(title: "Now"))  // prunes both old ones
        _ = try await store.add(TodoDraft(title: "Later"))
        guard case .changes(let changes) = try await record.changes(after: 3, limit: 10) else {
            Issue.record("3 is the newest but one")
            return
        }
        #expect(changes.map(\.id) == [4])
        #expect(try await database.writer.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM change") } == 2)
    }

    @Test("LIVE-3 LIVE-6 migration v10 keeps a v9 file's changes and ids, and the next change goes on from them")
    func test_LIVE_3_v10KeepsIds() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("todo.sqlite")
        do {
            let queue = try DatabaseQueue(path: path)
            try AppDatabase.migrate(queue, upTo: "v9-changes the record of changes live pages follow")
            try await queue.write { db in
                let now = SQLiteChangeRecord.now
                try db.execute(sql: "INSERT INTO change (id, owner, kind, at) VALUES (41, '', 'created', \(now)), (42, '', 'checked', \(now))")
            }
            try queue.close()
        }
        let database = try AppDatabase.open(path: path)
        defer { try? database.close() }
        let record = SQLiteChangeRecord(database: database)
        #expect(try await record.latestChangeID() == 42)
        _ = try await SQLiteTodoStore(database: database, environment: .fixedForTests()).add(TodoDraft(title: "After the update"))
        #expect(Contract.summary(try await Contract.all(record, after: 41)).count == 2)
        #expect(try await record.latestChangeID() == 43)
        let columns = try await database.writer.read { db in try db.columns(in: "change").map(\.name) }
        #expect(columns == ["id", "owner", "kind", "list", "item", "person", "at"])
        let triggers = try await database.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger' AND name GLOB 'change_*'")
        }
        #expect(triggers == 8, "the pruning and the seven triggers that write the record")
    }

    @Test("LIVE-3 a change older than 24 hours goes as newer ones come")
    func test_LIVE_3_keptFor() async throws {
        let database = try AppDatabase.inMemory()
        let store = SQLiteTodoStore(database: database, environment: .fixedForTests())
        let record = SQLiteChangeRecord(database: database)
        try await database.writer.write { db in
            try db.execute(sql: "INSERT INTO change (owner, kind, at) VALUES ('', 'created', 1), ('', 'created', 2), ('', 'created', 3)")
        }
        _ = try await store.add(TodoDraft(title: "Now"))  // removes up to two of the old ones
        _ = try await store.add(TodoDraft(title: "Later"))
        #expect(try await record.changes(after: 0, limit: 10) == .gap)
        #expect(Contract.summary(try await Contract.all(record, after: 3)) == ["created -", "created -"])
    }
}

/// docs/specs/live.md, LIVE-8: noticing that the file changed, whoever wrote it.
@Suite("SQLite: noticing another process's writes")
struct SQLiteChangeWatcherTests {
    /// Counts the notices a watcher gives.
    actor Notices {
        var count = 0
        func add() { count += 1 }
    }

    /// Waits until `notices` reaches `count`, for at most `seconds` (generous: it returns as soon
    /// as the count is reached, and the whole suite runs in parallel on two cores).
    static func waitFor(_ count: Int, _ notices: Notices, seconds: Double = 60) async -> Int {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            let seen = await notices.count
            if seen >= count { return seen }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return await notices.count
    }

    @Test("LIVE-8 a write from another connection is noticed, and nothing is noticed without one")
    func test_LIVE_8_noticed() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("todo.sqlite")
        let server = try AppDatabase.open(path: path, concurrentReads: true)
        let notices = Notices(), started = Notices()
        let watcher = Task {
            try await SQLiteChangeWatcher.watch(path: path, every: .milliseconds(20), started: { await started.add() }) {
                await notices.add()
            }
        }
        defer { watcher.cancel() }
        // TEST-2: until the watcher has read the file's first state, not for a fixed time.
        #expect(await Self.waitFor(1, started) == 1, "the watcher started")
        // A read from another connection is no write: the write after it is the first notice.
        _ = try await SQLiteTodoStore(database: try AppDatabase.open(path: path), environment: TestEnvironment().environment).items()
        #expect(await notices.count == 0, "nothing written yet")
        // As the CLI writes: its own connection, which it closes.
        let command = try AppDatabase.open(path: path)
        _ = try await SQLiteTodoStore(database: command, environment: .fixedForTests()).add(TodoDraft(title: "From the terminal"))
        try command.close()
        #expect(await Self.waitFor(1, notices) >= 1)
        // The server's own writes are noticed the same way.
        let before = await notices.count
        _ = try await SQLiteTodoStore(database: server, environment: .fixedForTests()).add(TodoDraft(title: "From a page"))
        #expect(await Self.waitFor(before + 1, notices) > before)
        watcher.cancel()
        _ = await watcher.result
        try server.close()
    }
}

import Foundation
import Logging
import PostgresNIO
import Testing
import TodoCore
import TodoPostgres
import TodoPostgresTestSupport
import TodoTestSupport

/// docs/specs/postgres.md: what only the PostgreSQL store has (the store contract itself runs
/// against it through `StoreKind.postgres`).
@Suite("PostgreSQL store")
struct PostgresStoreTests {
    /// A second pool on the test database (its own connections), with the schema given.
    private func database(schema: String, url: String? = nil, timeout: Duration = .seconds(60)) throws
        -> PostgresTodoDatabase
    {
        try PostgresTodoDatabase.open(
            url: url ?? PostgresTestDatabase.url(), schema: schema, maximumConnections: 4, operationTimeout: timeout,
            eventLoopGroup: PostgresTestDatabase.eventLoops)
    }

    /// Runs `body` with `databases` running, and shuts them down after.
    private func running<T: Sendable>(
        _ databases: [PostgresTodoDatabase], _ body: () async throws -> T
    ) async throws -> T {
        let runs = databases.map { database in Task { await database.run() } }
        defer {
            for database in databases { database.shutdown() }
            for run in runs { run.cancel() }
        }
        return try await body()
    }

    @Test("PG-11 a database URL is read as libpq reads it, and a bad one is refused with a sentence that shows no password")
    func test_PG_11_databaseURL() throws {
        let database = try PostgresTodoDatabase.open(url: "postgresql://todo:s%40cret%2F1@db.example:6543/lists?sslmode=disable")
        #expect(database.location == "at db.example:6543/lists")
        #expect(try PostgresTodoDatabase.open(url: "postgres://todo@127.0.0.1/todo").location == "at 127.0.0.1:5432/todo")
        for bad in ["mysql://todo:secret@127.0.0.1/todo", "postgresql://127.0.0.1/todo", "not a url", "postgresql://todo:secret@/todo",
                    "postgresql://todo:secret@127.0.0.1/todo?sslmode=sometimes"] {
            let error = #expect(throws: TodoStorageError.self, "\(bad)") { try PostgresTodoDatabase.open(url: bad) }
            #expect(error?.message == "The database URL is not of the form postgresql://USER:PASSWORD@HOST:PORT/DATABASE.")
        }
        #expect(throws: TodoStorageError.self) { try PostgresTodoDatabase.open(url: "postgresql://a:b@h/d", schema: "x; DROP TABLE y") }
    }

    @Test("PG-3 a new schema gets every migration once, recorded by version; opening it again applies nothing")
    func test_PG_3_migrationsAreVersioned() async throws {
        let schema = PostgresTestDatabase.newSchemaName()
        let database = try database(schema: schema)
        try await running([database]) {
            try await database.migrate()
            try await database.migrate()
            let versions = try await PostgresTestDatabase.query(
                "SELECT version FROM \(unescaped: "\"\(schema)\".schema_migrations") ORDER BY version"
            ).map { try $0.decode(Int.self) }
            #expect(versions == PostgresTodoDatabase.migrationVersions)
            let store = PostgresTodoStore(database: database, environment: .fixedForTests())
            #expect(try await store.add(TodoDraft(title: "after migrating")).number == 1)
        }
    }

    @Test("PG-3 a schema written by a newer version of Todo is refused with a sentence, and left as it is")
    func test_PG_3_newerSchemaIsRefused() async throws {
        let database = try await PostgresTestDatabase.freshDatabase()
        try await PostgresTestDatabase.query(
            "INSERT INTO \(unescaped: "\"\(database.schema)\".schema_migrations") (version, name) VALUES (999, 'from the future')")
        let error = await #expect(throws: TodoStorageError.self) { try await database.migrate() }
        #expect(error?.kind == .newerSchema)
        #expect(error?.message.contains("newer version of Todo") == true)
    }

    @Test("PG-4 two instances migrating one new database at once both succeed, and each migration runs once")
    func test_PG_4_racingMigrations() async throws {
        // A database of its own: the race includes creating the pg_trgm extension.
        let name = "race_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try await PostgresTestDatabase.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"))
        var url = URLComponents(string: try PostgresTestDatabase.url())!
        url.path = "/" + name
        let first = try database(schema: "public", url: url.string!)
        let second = try database(schema: "public", url: url.string!)
        try await running([first, second]) {
            async let a: Void = first.migrate()
            async let b: Void = second.migrate()
            _ = try await (a, b)
            let one = PostgresTodoStore(database: first, environment: .fixedForTests()), other = PostgresTodoStore(database: second, environment: .fixedForTests())
            let added = try await one.add(TodoDraft(title: "through the first"))
            #expect(try await other.items().map(\.id) == [added.id])
            let versions = try await first.client.query("SELECT version FROM public.schema_migrations ORDER BY version")
                .collect().map { try $0.decode(Int.self) }
            #expect(versions == PostgresTodoDatabase.migrationVersions)
        }
    }

    @Test("PG-10 two instances adding at once to one list give every item its own number and place")
    func test_PG_10_writersTakeTurns() async throws {
        let shared = try await PostgresTestDatabase.freshDatabase()
        let other = try database(schema: shared.schema)
        try await running([other]) {
            let stores = [PostgresTodoStore(database: shared, environment: .fixedForTests()), PostgresTodoStore(database: other, environment: .fixedForTests())]
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<30 {
                    group.addTask { _ = try await stores[index % 2].add(TodoDraft(title: "item \(index)")) }
                }
                try await group.waitForAll()
            }
            let items = try await stores[0].items()
            #expect(items.count == 30)
            #expect(Set(items.map(\.number)) == Set(1...30))
            #expect(Set(items.map(\.position)).count == 30)
        }
    }

    @Test("PG-5 the schema itself refuses rows that break the model's rules; the store says so without SQL")
    func test_PG_5_constraints() async throws {
        let database = try await PostgresTestDatabase.freshDatabase()
        let store = PostgresTodoStore(database: database, environment: .fixedForTests())
        let item = try await store.add(TodoDraft(title: "kept", project: Project(name: "Home")))
        let table = "\"\(database.schema)\".todo_item"
        let badRows: [PostgresQuery] = [
            // NOT NULL, CHECK (blank title, too long, bad version, done without completedAt), UNIQUE, FOREIGN KEY.
            "UPDATE \(unescaped: table) SET title = NULL",
            "UPDATE \(unescaped: table) SET title = '   '",
            "UPDATE \(unescaped: table) SET title = repeat('x', \(TodoRules.maxTitleLength + 1))",
            "UPDATE \(unescaped: table) SET version = 0",
            "UPDATE \(unescaped: table) SET is_done = true",
            "UPDATE \(unescaped: table) SET position = 'NaN'",
            "UPDATE \(unescaped: table) SET estimate_minutes = 0",
            "UPDATE \(unescaped: table) SET project_id = 999999",
            """
            INSERT INTO \(unescaped: table) (owner, id, title, is_done, position, created_at, updated_at, version, number)
            VALUES ('', gen_random_uuid(), 'same number', false, 5, 0, 0, 1, \(item.number))
            """,
        ]
        for bad in badRows {
            await #expect(throws: PSQLError.self, "\(bad.sql)") { try await PostgresTestDatabase.query(bad) }
        }
        #expect(try await store.items() == [item])
    }

    @Test("PG-7 search words with LIKE and SQL characters are matched literally")
    func test_PG_7_searchIsLiteral() async throws {
        let store = try await PostgresTestDatabase.freshStore(environment: TestEnvironment().environment)
        let literal = try await store.add(TodoDraft(title: "50%_off \\ 'quoted'"))
        _ = try await store.add(TodoDraft(title: "50 percent off"))
        for word in ["50%", "%_o", "\\", "'quoted'", "_"] {
            #expect(try await store.items(TodoFilter(text: word)).map(\.id) == [literal.id], "\(word)")
        }
        #expect(try await store.items(TodoFilter(text: "%")).map(\.id) == [literal.id])
    }

    @Test("PG-8 search reads trigram (pg_trgm) indexes of the title, details, location and project names")
    func test_PG_8_trigramIndexes() async throws {
        let database = try await PostgresTestDatabase.freshDatabase()
        let indexes = try await PostgresTestDatabase.query(
            "SELECT indexname::text, indexdef FROM pg_indexes WHERE schemaname = \(database.schema) ORDER BY indexname"
        ).map { try $0.decode((String, String).self) }
        let trigram = indexes.filter { $0.1.contains("gin_trgm_ops") }.map(\.0)
        #expect(Set(trigram) == [
            "todo_item_title_search", "todo_item_details_search", "todo_item_location_search", "project_name_search",
        ])
        // The planner reads them for a search once the list is not tiny.
        let table = "\"\(database.schema)\".todo_item"
        try await PostgresTestDatabase.query("""
            INSERT INTO \(unescaped: table) (owner, id, title, is_done, position, created_at, updated_at, version, number)
            SELECT '', gen_random_uuid(), 'filler item ' || n, false, n, 0, 0, 1, n FROM generate_series(1, 5000) AS n
            """)
        try await PostgresTestDatabase.query("ANALYZE \(unescaped: table)")
        let plan = try await PostgresTestDatabase.query(
            "EXPLAIN SELECT id FROM \(unescaped: table) WHERE title ILIKE '%needle%'"
        ).map { try $0.decode(String.self) }.joined(separator: "\n")
        #expect(plan.contains("todo_item_title_search"), "\(plan)")
    }
}

/// PG-6: the server stopped in the middle of a request, and started again. A cluster of the
/// test's own (scripts/postgres-cluster), so that stopping it disturbs no other test.
@Suite("PostgreSQL outage")
struct PostgresOutageTests {
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/postgres-cluster").path

    /// Runs the cluster script and returns its standard output, waiting for it without holding
    /// a thread (the whole suite shares two).
    @discardableResult
    static func cluster(_ arguments: [String]) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script] + arguments
        let output = Pipe()
        process.standardOutput = output
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        // Only the script writes to the pipe: its end ours, or reading would never end.
        try output.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        guard status == 0 else {
            throw TodoStorageError(.unavailable, "scripts/postgres-cluster \(arguments.joined(separator: " ")) failed")
        }
        return String(decoding: data, as: UTF8.self)
    }

    @Test("PG-6 stopped mid-write: the write fails as unavailable with a sentence, nothing is half-written, and the same store works again once the server is back")
    func test_PG_6_outageAndRecovery() async throws {
        let folder = try TemporaryFolder()
        let cluster = folder.path + "/cluster"
        let outcome: Result<Void, any Error>
        do { outcome = .success(try await outageAndRecovery(cluster)) } catch { outcome = .failure(error) }
        _ = try? await Self.cluster(["stop", cluster])
        folder.remove()
        try outcome.get()
    }

    private func outageAndRecovery(_ cluster: String) async throws {
        let exports = try await Self.cluster(["start", cluster])
        let url = try #require(exports.split(separator: "\n").first { $0.contains("TODO_TEST_DATABASE_URL") }
            .map { $0.split(separator: "'")[1] }).description
        // The store under test, with a time limit a loaded machine (the whole suite at once on
        // two cores) keeps; and a second pool with a short one, to time requests while the
        // server is away.
        let database = try PostgresTodoDatabase.open(url: url, maximumConnections: 4, operationTimeout: .seconds(60), eventLoopGroup: PostgresTestDatabase.eventLoops)
        let quick = try PostgresTodoDatabase.open(url: url, maximumConnections: 1, operationTimeout: .seconds(5), eventLoopGroup: PostgresTestDatabase.eventLoops)
        let runs = [database, quick].map { database in Task { await database.run() } }
        defer {
            database.shutdown()
            quick.shutdown()
            runs.forEach { $0.cancel() }
        }
        try await database.migrate()
        let store = PostgresTodoStore(database: database, environment: TestEnvironment().environment)
        let kept = try await store.add(TodoDraft(title: "kept", project: Project(name: "Home")))

        // Another session holds the item's row, so the store's delete stops half-way through its
        // transaction, waiting for that session at one of its statements (which one depends on
        // what the server locks first: this cluster serves nobody else, so any lock wait here is
        // the delete's).
        let holder = try PostgresTodoDatabase.open(url: url, maximumConnections: 1, operationTimeout: .seconds(30), eventLoopGroup: PostgresTestDatabase.eventLoops)
        let holding = Task { await holder.run() }
        defer {
            holder.shutdown()
            holding.cancel()
        }
        let outcome: Result<Bool, any Error> = try await holder.client.withConnection { connection in
            try await connection.query("BEGIN", logger: PostgresTestLog.logger)
            try await connection.query(
                "SELECT 1 FROM public.todo_item WHERE id = \(kept.id) FOR UPDATE", logger: PostgresTestLog.logger)
            let deleting = Task { () -> Result<Bool, any Error> in
                do { return .success(try await store.delete(id: kept.id)) } catch { return .failure(error) }
            }
            // Wait until the delete is blocked on that row, then stop the server under it.
            var waiting = false
            for _ in 0..<1200 where !waiting {
                try await Task.sleep(for: .milliseconds(50))
                waiting = try await connection.query(
                    """
                    SELECT COUNT(*)::bigint FROM pg_stat_activity
                    WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()
                    """,
                    logger: PostgresTestLog.logger
                ).collect().first?.decode(Int.self) ?? 0 > 0
            }
            var activity = ""
            if !waiting {
                for row in try await connection.query(
                    "SELECT coalesce(wait_event_type, '-') || ' ' || coalesce(wait_event, '-') || ' ' || coalesce(state, '-') || ' ' || query FROM pg_stat_activity WHERE backend_type = 'client backend'",
                    logger: PostgresTestLog.logger
                ).collect() { activity += (try row.decode(String.self)) + "\n" }
            }
            #expect(waiting, "the store's delete never reached the locked row: \(activity)")
            try await Self.cluster(["pause", cluster])
            return await deleting.value
        }
        let error = try #require(outcome.failure as? TodoStorageError, "\(outcome)")
        #expect(error.kind == .unavailable)
        #expect(error.message.contains("PostgreSQL") && !error.message.contains("DELETE") && !error.message.contains("SELECT"))

        // While it is away, requests fail within their store's time limit, with a sentence.
        let started = ContinuousClock.now
        let away = await #expect(throws: TodoStorageError.self) { try await PostgresTodoStore(database: quick, environment: .fixedForTests()).items() }
        #expect(away?.kind == .unavailable)
        #expect(ContinuousClock.now - started < .seconds(30))

        // Back again: the same store (no new pool) reads the list as it was before the delete.
        try await Self.cluster(["resume", cluster])
        var items: [TodoItem]?
        for _ in 0..<60 where items == nil {
            items = try? await store.items()
            if items == nil { try await Task.sleep(for: .milliseconds(500)) }
        }
        #expect(items == [kept], "the delete was undone whole")
        #expect(try await store.trash().isEmpty)
        #expect(try await store.projects() == [Project(name: "Home")])
        #expect(try await store.delete(id: kept.id))
        #expect(try await store.trash().map(\.id) == [kept.id])
    }
}

enum PostgresTestLog {
    static let logger = Logger(label: "todo.tests.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

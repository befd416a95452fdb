import Foundation
import ProcessTestSupport
import PostgresNIO
import Testing
import TodoTestSupport
import TodoAccounts
import TodoCore
import TodoPostgres
import TodoPostgresTestSupport
import TodoSQLite

/// `todo db copy` end to end (docs/specs/postgres.md, COPY-1…7): the built `todo` executable
/// copies a real SQLite file into a database of its own on the test cluster (PG-9).
@Suite("todo db copy into PostgreSQL (the real binary)")
struct DbCopyEndToEndTests {
    static var executable: URL { BuiltTodo.executable }

    struct Run { let status: Int32, out: String, err: String }

    static func todo(_ arguments: String...) async throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        for key in ["TODO_DB", "TODO_DATABASE_URL", "LANG", "LC_ALL", "LC_MESSAGES"] { environment[key] = nil }
        process.environment = environment
        let ended = try await ChildProcess.run(process)
        return Run(status: ended.status, out: ended.output, err: ended.errors)
    }

    /// A new database on the test cluster, its URL, and a pool on it.
    static func newDatabase() async throws -> (url: String, database: PostgresTodoDatabase) {
        let url = try await PostgresTestDatabase.newDatabaseURL(prefix: "copy")
        let database = try PostgresTodoDatabase.open(
            url: url, maximumConnections: 2, operationTimeout: .seconds(60), eventLoopGroup: PostgresTestDatabase.eventLoops)
        return (url, database)
    }

    static func addAccount(_ name: String, to database: PostgresTodoDatabase) async throws -> ListOwner {
        let id = UUID()
        try await database.accounts.addUser(
            Account(id: id, name: name, createdAt: Date(timeIntervalSince1970: 0)), passwordHash: PostgresTestDatabase.dummyHash)
        return ListOwner(account: id)
    }

    /// A SQLite list of `count` items with every field used, some done, a gap in the numbers
    /// (a deleted item, in the Trash) and one moved.
    static func sqliteList(at path: String, count: Int) async throws -> SQLiteTodoStore {
        let store = SQLiteTodoStore(database: try AppDatabase.open(path: path), environment: .fixedForTests())
        var drafts: [ImportedItem] = []
        let start = Date(timeIntervalSince1970: 1_795_000_000.123)
        for index in 1...count {
            let done = index % 4 == 0
            let created = start.addingTimeInterval(Double(index) * 61.007)
            drafts.append(
                ImportedItem(
                    item: TodoItem(
                        id: UUID(), title: "item \(index) 'quoted' ; DROP TABLE x; --",
                        details: index % 3 == 0 ? "details of \(index)\nline two" : nil, isDone: done,
                        dueDate: index % 5 == 0 ? CalendarDate(iso: "2027-01-\(String(format: "%02d", index % 28 + 1))") : nil,
                        location: index % 7 == 0 ? Location(name: "Place \(index)", latitude: 48.1, longitude: 11.5) : nil,
                        project: index % 2 == 0 ? Project(name: "Project \(index % 6)") : nil,
                        estimateMinutes: index % 9 == 0 ? 45 : nil, repeatRule: index % 11 == 0 ? RepeatRule.weekly(on: [.monday, .sunday]) : nil,
                        position: Double(index) * 1024.5, createdAt: created, updatedAt: created.addingTimeInterval(30),
                        completedAt: done ? created.addingTimeInterval(90) : nil, version: index % 5 + 1, number: index),
                    origin: "item \(index)"))
        }
        _ = try await store.importItems(drafts, dryRun: false)
        let gone = try #require(try await store.item(number: 2))
        _ = try await store.delete(id: gone.id, expectedVersion: nil)
        let moved = try #require(try await store.item(number: 3))
        _ = try await store.move(id: moved.id, toIndex: 0)
        return store
    }

    @Test("COPY-1…7 the binary copies a SQLite file into an account on PostgreSQL: fields equal, re-run the same, a failure mid-way leaves nothing, refusals")
    func test_COPY_endToEnd() async throws {
        let (url, database) = try await Self.newDatabase()
        let run = Task { await database.run() }
        defer {
            database.shutdown()
            run.cancel()
        }
        try await database.migrate()
        let folder = NSTemporaryDirectory() + "todo-db-copy-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/todo.sqlite"
        let source = try await Self.sqliteList(at: file, count: 300)
        let original = try await source.items(.all)
        #expect(original.count == 299)
        let alice = database.store(owner: try await Self.addAccount("alice", to: database), environment: .fixedForTests())
        let bob = database.store(owner: try await Self.addAccount("bob", to: database), environment: .fixedForTests())
        let address = try #require(URLComponents(string: url)).password.map { url.replacingOccurrences(of: ":" + $0 + "@", with: "@") } ?? url

        // COPY-1, COPY-5, COPY-7: everything, with its id and number; the line names no password.
        var result = try await Self.todo("db", "copy", "--from", file, "--to", url, "--owner", "alice")
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == "Copied 299 items to alice's list on \(address) (299 new, 0 replaced, 0 already there).\n")
        #expect(try await alice.items(.all) == original)
        #expect(try await alice.add(TodoDraft(title: "after the copy")).number == 301)

        // COPY-4: again — the same items, none twice.
        result = try await Self.todo("db", "copy", "--from", file, "--to", url, "--owner", "alice")
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == "Copied 299 items to alice's list on \(address) (0 new, 0 replaced, 299 already there).\n")
        #expect(try await alice.count(.all) == 300)
        #expect(try await alice.trash().isEmpty, "COPY-2: the Trash stays behind")

        // COPY-6: PostgreSQL refuses the 150th row in the middle of the copy (a CHECK-like
        // trigger): bob gets nothing, not even the first 149.
        let schema = "\"\(database.schema)\""
        try await database.client.query(
            PostgresQuery(
                unsafeSQL: """
                    CREATE FUNCTION \(schema).refuse_one() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN IF NEW.title LIKE 'item 150 %' THEN RAISE EXCEPTION 'refused on purpose' USING ERRCODE = 'check_violation'; END IF; RETURN NEW; END $$
                    """))
        try await database.client.query(
            PostgresQuery(
                unsafeSQL: "CREATE TRIGGER refuse_one BEFORE INSERT OR UPDATE ON \(schema).todo_item FOR EACH ROW EXECUTE FUNCTION \(schema).refuse_one()"))
        result = try await Self.todo("db", "copy", "--from", file, "--to", url, "--owner", "bob")
        #expect(result.status == 1)
        #expect(result.out.isEmpty)
        #expect(result.err == "todo: The item breaks a rule of the database; nothing was changed.\n")
        #expect(try await bob.count(.all) == 0)
        #expect(try await bob.add(TodoDraft(title: "bob's first")).number == 1, "the counter moved for nothing copied")
        try await database.client.query(PostgresQuery(unsafeSQL: "DROP TRIGGER refuse_one ON \(schema).todo_item"))
        result = try await Self.todo("db", "copy", "--from", file, "--to", url, "--owner", "bob")
        #expect(result.status == 0, "\(result.err)")
        #expect(try await bob.count(.all) == 300)

        // COPY-3, COPY-7: refusals, each one sentence, nothing written.
        result = try await Self.todo("db", "copy", "--from", file, "--to", url, "--owner", "carol")
        #expect(result.status == 1)
        #expect(result.err == "todo: There is no user named “carol” on \(address): add them first with todo users add carol --database-url URL.\n")
        result = try await Self.todo("db", "copy", "--from", folder + "/missing.sqlite", "--to", url, "--owner", "alice")
        #expect(result.status == 1)
        #expect(result.err == "todo: There is no database file at \(folder)/missing.sqlite.\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/missing.sqlite"))
        #expect(try await alice.count(.all) == 300)
    }
}

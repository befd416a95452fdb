import Foundation
import GRDB
import PostgresNIO
import Testing
import TodoCore
import TodoPostgres
import TodoPostgresTestSupport
@testable import TodoSQLite
import TodoTestSupport

/// docs/specs/caldav.md: what each database does its own way with CalDAV's records (the
/// contract is CalendarResourcesContractTests): SQLite's index, file and migration; PostgreSQL's
/// notifications to other instances and the text it can't hold.
@Suite("SQLite: CalDAV's records in the file")
struct SQLiteCalendarResourcesTests {
    static let alice = OwnerStores.alice

    @Test("DAV-9 DAV-14 a calendar's CTag is one look-up in the index change_owner, and its changes are read through it")
    func test_DAV_9_oneLookUp() async throws {
        let database = try AppDatabase.inMemory()
        let plans = try await database.writer.read { db in
            let changes = "SELECT id, owner, kind, list, item, person, at FROM change WHERE owner = ? AND id > ? ORDER BY id LIMIT ?"
            return try [(SQLiteChangeRecord.latestOfOwner, ["" as String]), (changes, ["", 0, 10])].map { sql, arguments in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: StatementArguments(arguments))
                    .map { $0["detail"] as String }
            }
        }
        #expect(plans[0].contains { $0.contains("change_owner") }, "\(plans[0])")
        #expect(plans[1].contains { $0.contains("change_owner") } && !plans[1].contains { $0.contains("TEMP B-TREE") }, "\(plans[1])")
    }

    @Test("DAV-9 a write through another connection to the file (a CLI command) moves the CTag the server reads")
    func test_DAV_9_otherConnection() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("todo.sqlite")
        let server = try AppDatabase.open(path: path, concurrentReads: true)
        defer { try? server.close() }
        try await OwnerStores.addAccounts(server)
        let calendars = SQLiteCalendarResources(database: server)
        let before = try await calendars.latestChange(of: Self.alice)
        let command = try AppDatabase.open(path: path)
        let added = try await SQLiteTodoStore(database: command, environment: .fixedForTests(), owner: Self.alice).add(TodoDraft(title: "From the terminal"))
        try command.close()
        #expect(try await calendars.latestChange(of: Self.alice) > before)
        guard case .changes(let changes) = try await calendars.changes(of: Self.alice, after: before, limit: 10) else {
            Issue.record("a gap")
            return
        }
        #expect(changes.map(\.kind) == [.created] && changes.first?.item == added.id)
    }

    @Test("DAV-14 migration v11-caldav keeps a v10 file's changes: an owner's token goes on from them")
    func test_DAV_14_v11KeepsChanges() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("todo.sqlite")
        do {
            let queue = try DatabaseQueue(path: path)
            try AppDatabase.migrate(queue, upTo: "v10-change-origin a page knows its own changes without it")
            try await queue.write { db in
                let now = SQLiteChangeRecord.now
                try db.execute(
                    sql: "INSERT INTO change (id, owner, kind, at) VALUES (41, ?, 'created', \(now)), (42, '', 'checked', \(now))",
                    arguments: [Self.alice.key])
            }
            try queue.close()
        }
        let database = try AppDatabase.open(path: path)
        defer { try? database.close() }
        let calendars = SQLiteCalendarResources(database: database)
        #expect(try await calendars.latestChange(of: Self.alice) == 41)
        #expect(try await calendars.latestChange(of: .local) == 42)
        let item = UUID()
        _ = try await calendars.save(CalendarResource(item: item, name: "n.ics", uid: "n", kept: ""), owner: Self.alice, list: nil)
        #expect(try await calendars.latestChange(of: Self.alice) == 43)
        #expect(try await calendars.changes(of: Self.alice, after: 41, limit: 10) != .gap)
    }
}

@Suite("PostgreSQL: CalDAV's records in the schema")
struct PostgresCalendarResourcesTests {
    static let alice = OwnerStores.alice

    @Test("DAV-9 LIVE-9 a record saved through another instance notifies this one, whose CTag then moves")
    func test_DAV_9_otherInstance() async throws {
        let first = try await PostgresTestDatabase.freshDatabase()
        try await PostgresTestDatabase.addAccounts(for: [Self.alice], in: first)
        let signals = Signals()
        let listening = Task {
            for await _ in first.notifications(retryAfter: .milliseconds(100)) { await signals.add() }
        }
        defer { listening.cancel() }
        #expect(await signals.wait(for: 1), "the stream says when it listens")
        let before = try await first.calendars.latestChange(of: Self.alice)

        let second = try PostgresTodoDatabase.open(
            url: try PostgresTestDatabase.url(), schema: first.schema, maximumConnections: 2,
            operationTimeout: PostgresTestDatabase.operationTimeout, eventLoopGroup: PostgresTestDatabase.eventLoops)
        let running = Task { await second.run() }
        let item = UUID()
        let saved = try await second.calendars.save(
            CalendarResource(item: item, name: "r.ics", uid: "r", kept: "X-A:1\r\n"), owner: Self.alice, list: "Work")
        #expect(saved.revision == 1)
        #expect(await signals.wait(for: 2), "a NOTIFY reached the first instance")
        #expect(try await first.calendars.latestChange(of: Self.alice) > before)
        #expect(try await first.calendars.resources(of: Self.alice, named: "r.ics") == [saved])
        second.shutdown()
        await running.value
    }

    @Test("DAV-6 text PostgreSQL can't hold (a NUL) is refused with a sentence, and a name holding one is none; an owner with no account can't save")
    func test_DAV_6_refused() async throws {
        let database = try await PostgresTestDatabase.freshDatabase()
        try await PostgresTestDatabase.addAccounts(for: [Self.alice], in: database)
        let calendars = database.calendars
        let error = await #expect(throws: TodoStorageError.self) {
            try await calendars.save(CalendarResource(item: UUID(), name: "a\u{0}.ics", uid: "a", kept: ""), owner: Self.alice, list: nil)
        }
        #expect(error?.kind == .rejected)
        await #expect(throws: TodoStorageError.self) {
            try await calendars.save(CalendarCollection(segment: "s\u{0}", list: "List"), owner: Self.alice)
        }
        #expect(try await calendars.resources(of: Self.alice, named: "a\u{0}.ics") == [])
        #expect(try await calendars.removeCollection(segment: "s\u{0}", owner: Self.alice) == false)
        #expect(try await calendars.latestChange(of: Self.alice) == 0, "nothing was recorded")

        let nobody = ListOwner(account: UUID())
        let refused = await #expect(throws: TodoStorageError.self) {
            try await calendars.save(CalendarResource(item: UUID(), name: "n.ics", uid: "n", kept: ""), owner: nobody, list: nil)
        }
        #expect(refused?.kind == .rejected)
        await #expect(throws: TodoStorageError.self) {
            try await calendars.save(CalendarCollection(segment: "s", list: "List"), owner: nobody)
        }
    }
}

import Foundation
import GRDB
import PostgresNIO
import Testing
import TodoAccounts
import TodoCore
import TodoPostgres
import TodoPostgresTestSupport
import TodoSQLite
import TodoTestSupport

/// docs/specs/live.md, LIVE-7: one contract for the record of changes of every database store
/// (SQLite's triggers and PostgreSQL's write the same changes). What each does its own way (how
/// it keeps, how it notices other writers) is in SQLiteChangeRecordTests and PostgresChangeRecordTests.
@Suite("The record of changes: one contract (SQLite, PostgreSQL)")
struct ChangeRecordContractTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, postgres
        var testDescription: String { rawValue }

        /// A fresh database's local store, its record, and its shares over accounts for `people`.
        func make(people: [ListPerson] = []) async throws -> (store: any TodoStore, record: any ChangeRecord, sharing: any ListSharing) {
            switch self {
            case .sqlite:
                let database = try AppDatabase.inMemory()
                let accounts = SQLiteAccountStore(database: database)
                for person in people {
                    try await accounts.addUser(
                        Account(id: person.id, name: person.name, createdAt: Date(timeIntervalSince1970: 0)),
                        passwordHash: PostgresTestDatabase.dummyHash)
                }
                return (SQLiteTodoStore(database: database, environment: .fixedForTests()), SQLiteChangeRecord(database: database), SQLiteListSharing(database: database))
            case .postgres:
                let sharing = try await PostgresTestDatabase.freshSharing(people: people)
                return (sharing.database.store(environment: .fixedForTests()), sharing.database.changes, sharing)
            }
        }

        /// The time now by the database's own clock, the one its triggers stamp each change's
        /// `at` with (the test reads no clock of its own).
        func databaseNow(_ record: any ChangeRecord) async throws -> Date {
            let milliseconds: Int64
            switch self {
            case .sqlite:
                let database = try #require(record as? SQLiteChangeRecord).database
                milliseconds = try await database.writer.read { db in
                    try #require(try Int64.fetchOne(db, sql: "SELECT \(SQLiteChangeRecord.now)"))
                }
            case .postgres:
                let rows = try await PostgresTestDatabase.query("SELECT \(unescaped: PostgresChangeRecord.now)")
                milliseconds = try #require(rows.first).decode(Int64.self)
            }
            return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        }
    }

    static func all(_ record: any ChangeRecord, after id: Int64 = 0) async throws -> [ListChange] {
        guard case .changes(let changes) = try await record.changes(after: id, limit: 1_000) else {
            Issue.record("a gap after \(id)")
            return []
        }
        return changes
    }

    /// LIVE-3: what a record holding `kept` rows tells after 10,005 changes written at once: it
    /// keeps the latest 10,000 (6…10,005), an id before them or one it never gave is a gap.
    static func expectKeepsTheLatest(_ record: any ChangeRecord, rows kept: Int) async throws {
        #expect(try await record.latestChangeID() == 10_005)
        #expect(kept == 10_000)
        #expect(try await record.changes(after: 4, limit: 1) == .gap)
        guard case .changes(let changes) = try await record.changes(after: 5, limit: 2) else {
            Issue.record("6 is kept")
            return
        }
        #expect(changes.map(\.id) == [6, 7])
        #expect(try await record.changes(after: 10_006, limit: 1) == .gap, "an id the record never gave")
        #expect(try await record.changes(after: -1, limit: 1) == .gap)
    }

    static func summary(_ changes: [ListChange]) -> [String] {
        changes.map { "\($0.kind.rawValue) \($0.list ?? "-")" }
    }

    @Test("LIVE-7 every kind of write leaves its change, in order, with the item and its list", arguments: Kind.allCases)
    func test_LIVE_7_kinds(kind: Kind) async throws {
        let (store, record, _) = try await kind.make()
        #expect(try await record.latestChangeID() == 0)
        let before = try await kind.databaseNow(record)
        let milk = try await store.add(TodoDraft(title: "Buy milk", project: Project(name: "Shopping")))
        let bread = try await store.add(TodoDraft(title: "Buy bread"))
        _ = try await store.setDone(id: milk.id, true)
        _ = try await store.setDone(id: milk.id, false)
        _ = try await store.update(id: milk.id, TodoChanges(title: "Buy oat milk"))
        _ = try await store.move(id: bread.id, toIndex: 1)  // below milk
        _ = try await store.update(id: milk.id, TodoChanges(project: .some(Project(name: "Home"))))
        _ = try await store.delete(id: bread.id)
        _ = try await store.restore(id: bread.id)
        _ = try await store.delete(id: bread.id)
        _ = try await store.deleteForever(id: bread.id)
        let after = try await kind.databaseNow(record)
        let changes = try await Self.all(record)
        #expect(Self.summary(changes) == [
            "created Shopping", "created -", "checked Shopping", "unchecked Shopping", "changed Shopping", "moved -",
            "changed Home", "changed Shopping", "deleted -", "restored -", "deleted -", "purged -",
        ])
        #expect(changes.map(\.id) == Array(1...12))
        #expect(changes.allSatisfy { $0.owner == .local })
        #expect(changes.first?.item == milk.id && changes.last?.item == bread.id)
        #expect(try await record.latestChangeID() == 12)
        #expect(try await record.changes(after: 12, limit: 10) == .changes([]))
        #expect(try await record.changes(after: 13, limit: 10) == .gap, "an id the record never gave")
        #expect(try await Self.all(record, after: 10).map(\.id) == [11, 12])
        // Beside its id, only a time: the write's, by the database's clock.
        #expect(changes.allSatisfy { before <= $0.at && $0.at <= after })
        #expect(changes.map(\.at) == changes.map(\.at).sorted())
        // The restored item was back, its trashed copy gone, before it was deleted again.
        #expect(try await store.trash().isEmpty)
    }

    @Test("DAV-24 a move records the list the item joined and the one it left, the items without a list too",
        arguments: Kind.allCases)
    func test_DAV_24_moveRecordsBothLists(kind: Kind) async throws {
        let (store, record, _) = try await kind.make()
        let bread = try await store.add(TodoDraft(title: "Buy bread"))
        _ = try await store.update(id: bread.id, TodoChanges(project: .some(Project(name: "Shopping"))))
        _ = try await store.update(id: bread.id, TodoChanges(project: .some(nil)))
        let changes = try await Self.all(record)
        #expect(Self.summary(changes) == ["created -", "changed Shopping", "changed -", "changed -", "changed Shopping"])
        #expect(changes.allSatisfy { $0.item == bread.id })
    }

    @Test("LIVE-7 an import is one change, however many items it writes; a dry run none", arguments: Kind.allCases)
    func test_LIVE_7_importIsOneChange(kind: Kind) async throws {
        let (store, record, _) = try await kind.make()
        let items = (1...50).map { TodoItem(draft: TodoDraft(title: "Item \($0)"), id: UUID(), position: Double($0), now: TestEnvironment.referenceDate) }
        _ = try await store.importItems(items.map { ImportedItem(item: $0, origin: "dry run") }, dryRun: true)
        _ = try await store.importItems(items)
        _ = try await store.add(TodoDraft(title: "After"))
        #expect(Self.summary(try await Self.all(record)) == ["many -", "created -"])
        #expect(try await store.count(.all) == 51)
    }

    @Test("LIVE-7 sharing and unsharing a list are changes of its owner's, naming the person", arguments: Kind.allCases)
    func test_LIVE_7_sharing(kind: Kind) async throws {
        let alice = ListPerson(id: UUID(), name: "alice"), bob = ListPerson(id: UUID(), name: "bob")
        let (_, record, sharing) = try await kind.make(people: [alice, bob])
        try await sharing.share(list: "Shopping", owner: alice, with: bob, role: .viewer)
        try await sharing.share(list: "Shopping", owner: alice, with: bob, role: .editor)
        _ = try await sharing.unshare(list: "Shopping", owner: alice.id, with: bob.id)
        let changes = try await Self.all(record)
        #expect(Self.summary(changes) == ["shared Shopping", "shared Shopping", "unshared Shopping"])
        #expect(changes.allSatisfy { $0.owner == alice.owner && $0.person == bob.id && $0.item == nil })
    }
}

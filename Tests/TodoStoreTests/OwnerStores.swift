import Foundation
import GRDB
import Testing
import TodoCore
import TodoPostgresTestSupport
import TodoSQLite
import TodoTestSupport

/// Stores of several owners over one database (docs/specs/sharing.md, OWNER-1…9).
enum OwnerStores {
    static let aliceID = UUID(uuidString: "a11ce000-0000-4000-8000-000000000001")!
    static let bobID = UUID(uuidString: "b0b00000-0000-4000-8000-000000000002")!
    static let carolID = UUID(uuidString: "ca201000-0000-4000-8000-000000000003")!
    static let alice = ListOwner(account: aliceID)
    static let bob = ListOwner(account: bobID)

    /// OWNER-9: alice's store over a database whose local list holds a neighbour's items: the
    /// ids the test's own items get (the neighbour's ids count up from 1 too), projects a test
    /// may name, a checked item, a repeating item checked (with its next occurrence), numbers
    /// up to 8, and an item in the Trash.
    static func besideNeighbour(environment: TodoEnvironment) async throws -> SQLiteTodoStore {
        let database = try AppDatabase.inMemory()
        try await fillNeighbour(SQLiteTodoStore(database: database, environment: TestEnvironment().environment))
        return SQLiteTodoStore(database: database, environment: environment, owner: alice)
    }

    static func fillNeighbour(_ store: any TodoStore) async throws {
        let plain = try await store.add(titles: ["A", "B", "C", "D"])
        _ = try await store.add(TodoDraft(
            title: "Buy milk and bread", details: "the neighbour's", dueDate: CalendarDate(iso: "2026-11-21"),
            location: Location(name: "Market"), project: Project(name: "Home")))
        _ = try await store.add(TodoDraft(title: "Write the report", isDone: true, project: Project(name: "Work")))
        let repeating = try await store.add(TodoDraft(
            title: "Water the plants", dueDate: CalendarDate(iso: "2026-11-20"), project: Project(name: "Garden"),
            repeatRule: .weekly(on: [.monday, .thursday])))
        _ = try await store.setDone(id: repeating.id, true)
        #expect(try await store.delete(id: plain[3].id))
    }

    /// The kinds OWNER-1…5 run over.
    static let kinds: [StoreKind] = [.inMemory, .sqliteInMemory, .sqliteFile, .postgres]

    /// A store for each of `owners` over one database (one `InMemoryTodoStore` each, in memory),
    /// all on `env`'s clock and ids.
    static func make(_ kind: StoreKind, _ owners: [ListOwner], _ env: TestEnvironment) async throws -> [any TodoStore] {
        let database: AppDatabase
        switch kind {
        case .inMemory:
            return owners.map { _ in InMemoryTodoStore(environment: env.environment) }
        case .sqliteInMemory, .sqliteBesideNeighbour:
            database = try AppDatabase.inMemory()
        case .sqliteFile:
            database = try AppDatabase.open(path: try TemporaryFolder().file("todo.sqlite"))
        case .postgres:
            // A fresh schema with an account for each owner (a PostgreSQL list needs its account).
            let names = [alice: "alice", bob: "bob", ListOwner(account: carolID): "carol"]
            return try await PostgresTestDatabase.freshStores(owners: owners, names: names, environment: env.environment)
        }
        return owners.map { SQLiteTodoStore(database: database, environment: env.environment, owner: $0) }
    }

    /// Adds the accounts alice, bob and carol (the rows `todo users add` makes), for the
    /// foreign keys of shares and the removal of an account.
    static func addAccounts(_ database: AppDatabase) async throws {
        try await database.writer.write { db in
            for (id, name) in [(aliceID, "alice"), (bobID, "bob"), (carolID, "carol")] {
                try db.execute(
                    sql: "INSERT INTO account (id, name, passwordHash, createdAt) VALUES (?, ?, ?, 0)",
                    arguments: [id.lowercasedText, name, String(repeating: "h", count: 60)])
            }
        }
    }
}

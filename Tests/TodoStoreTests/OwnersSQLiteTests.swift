import Foundation
import GRDB
import Testing
import TodoCore
@testable import TodoSQLite
import TodoTestSupport

/// docs/specs/sharing.md, OWNER-6…8: what the SQLite database does with owners (the migration,
/// the first account taking the local list, an account's removal).
@Suite("Owners: the SQLite database")
struct OwnersSQLiteTests {
    static let v7 = "v7-accounts accounts, tokens, sessions and sign-in failures"
    /// The fixture's ids: clear of those a `TestEnvironment` gives.
    static func id(_ n: Int) -> UUID { TestEnvironment.id(100 + n) }

    /// A file as Todo left it at v7 (before owners): two projects, three items to do, two done
    /// (one a checked repeating item linked to its next occurrence), one in the Trash, and a
    /// number (#7) given and deleted forever, so the next one is #8.
    static func writeV7File(_ path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try AppDatabase.migrate(queue, upTo: v7)
        try queue.write { db in
            let id = Self.id
            try db.execute(sql: "INSERT INTO project (id, name) VALUES (1, 'Home'), (2, 'Work')")
            let rows: [(Int, String, Bool, String?, Int?, Int, Double, Int, Int?)] = [
                // id, title, done, due, project, repeat mask, position, number, next occurrence
                (1, "Buy milk", false, nil, 1, 0, 1.0, 1, nil),
                (2, "Call mum", false, "2026-11-21", nil, 0, 2.0, 3, nil),
                (3, "Write the report", true, nil, 2, 0, 1.0, 2, nil),
                (4, "Water the plants", true, "2026-11-20", nil, 1, 2.0, 4, 5),
                (5, "Water the plants", false, "2026-11-23", nil, 1, 0.5, 5, nil),
            ]
            for (n, title, done, due, project, mask, position, number, next) in rows {
                try db.execute(
                    sql: """
                        INSERT INTO todoItem (id, title, isDone, dueDate, projectId, repeatDays, position, createdAt,
                            updatedAt, completedAt, version, number, nextOccurrenceId)
                        VALUES (?, ?, ?, ?, ?, ?, ?, 1795000000000, 1795000000000, ?, 1, ?, ?)
                        """,
                    arguments: [
                        id(n).lowercasedText, title, done, due, project, mask, position,
                        done ? 1795000000000 : nil, number, next.map { id($0).lowercasedText },
                    ])
            }
            try db.execute(
                sql: """
                    INSERT INTO trashedItem (id, title, isDone, projectName, number, deletedAt, repeatDays, position,
                        createdAt, updatedAt, version)
                    VALUES (?, 'Old note', 0, 'Home', 6, ?, 0, 3.0, 1795000000000, 1795000000000, 1)
                    """,
                arguments: [id(6).lowercasedText, Timestamp.milliseconds(TestEnvironment.referenceDate) - 1000])
            try db.execute(sql: "UPDATE itemNumberCounter SET next = 8")
        }
    }

    @Test("OWNER-6 a database written before owners opens with the same items, numbers, order and Trash as the local list")
    func test_OWNER_6_itemsBeforeOwnersAreTheLocalList() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("todo.sqlite")
        try Self.writeV7File(path)
        let database = try AppDatabase.open(path: path)
        let local = SQLiteTodoStore(database: database, environment: TestEnvironment().environment)
        let id = Self.id
        let items = try await local.items()
        #expect(items.map(\.id) == [id(5), id(1), id(2), id(3), id(4)])
        #expect(items.map(\.number) == [5, 1, 3, 2, 4])
        #expect(items.map(\.title) == ["Water the plants", "Buy milk", "Call mum", "Write the report", "Water the plants"])
        #expect(items.map(\.project?.name) == [nil, "Home", nil, "Work", nil])
        #expect(try await local.item(number: 3)?.id == id(2))
        #expect(try await local.item(atOffset: 3)?.id == id(3))
        #expect(try await local.nextOccurrence(of: id(4))?.id == id(5))
        #expect(try await local.count(.all) == 5)
        #expect(try await local.count(TodoFilter(unfinishedOnly: true)) == 3)
        #expect(try await local.projects() == [Project(name: "Home"), Project(name: "Work")])
        #expect(try await local.sectionTitles(TodoFilter(text: "milk")).todo == ["Buy milk"])
        #expect(try await local.sectionTitles(TodoFilter(text: "work")).done == ["Write the report"])
        #expect(try await local.trash().map(\.item.id) == [id(6)])
        #expect(try await local.trash().map(\.item.project?.name) == ["Home"])
        #expect(try await local.add(TodoDraft(title: "New")).number == 8)
        #expect(try await local.restore(id: id(6))?.number == 6)
        // An account's list in the same file is empty, and starts at #1.
        let alice = SQLiteTodoStore(database: database, environment: TestEnvironment().environment, owner: OwnerStores.alice)
        #expect(try await alice.items().isEmpty)
        #expect(try await alice.trash().isEmpty)
        #expect(try await alice.projects().isEmpty)
        #expect(try await alice.add(TodoDraft(title: "Alice's", project: Project(name: "Home"))).number == 1)
        // The owner column repeats its rule.
        await #expect(throws: DatabaseError.self) {
            try await database.writer.write { db in try db.execute(sql: "UPDATE todoItem SET owner = 'Alice'") }
        }
        #expect(try await local.count(.all) == 7)
    }

    @Test("OWNER-7 the first account takes the local list (items, projects, numbers, Trash); later accounts start empty",
          arguments: [StoreKind.sqliteInMemory, .sqliteFile])
    func test_OWNER_7_firstAccountTakesTheLocalList(_ kind: StoreKind) async throws {
        let env = TestEnvironment()
        let stores = try await OwnerStores.make(kind, [.local, OwnerStores.alice, OwnerStores.bob], env)
        let (local, alice, bob) = (stores[0] as! SQLiteTodoStore, stores[1], stores[2])
        let database = local.database
        let added = try await local.add(titles: ["A", "B", "C", "D"])
        _ = try await local.update(id: added[0].id, TodoChanges(project: .some(Project(name: "Home"))))
        _ = try await local.setDone(id: added[1].id, true)
        #expect(try await local.delete(id: added[3].id))
        let before = (try await local.items(), try await local.trash(), try await local.projects())

        #expect(try await SQLiteTodoStore.adoptLocalList(in: database, by: OwnerStores.alice) == 3)
        #expect(try await alice.items() == before.0)
        #expect(try await alice.trash() == before.1)
        #expect(try await alice.projects() == before.2)
        #expect(try await alice.count(.all) == 3)
        #expect(try await alice.count(TodoFilter(unfinishedOnly: true)) == 2)
        #expect(try await alice.sectionTitles(TodoFilter(project: "Home")).todo == ["A"])
        #expect(try await alice.sectionTitles(TodoFilter(text: "home")).todo == ["A"])
        #expect(try await alice.add(TodoDraft(title: "E")).number == 5)
        #expect(try await alice.restore(id: added[3].id)?.title == "D")
        #expect(try await local.items().isEmpty)
        #expect(try await local.trash().isEmpty)
        #expect(try await local.projects().isEmpty)
        #expect(try await local.count(.all) == 0)

        // Later accounts (and alice again) start with what they have: nothing moves.
        let later = try await local.add(TodoDraft(title: "Local again", project: Project(name: "Home")))
        #expect(later.number == 1)
        #expect(try await SQLiteTodoStore.adoptLocalList(in: database, by: OwnerStores.alice) == 0)
        _ = try await bob.add(TodoDraft(title: "Bob's"))
        #expect(try await SQLiteTodoStore.adoptLocalList(in: database, by: OwnerStores.bob) == 0)
        #expect(try await SQLiteTodoStore.adoptLocalList(in: database, by: .local) == 0)
        #expect(try await local.items() == [later])
        #expect(try await bob.items().map(\.title) == ["Bob's"])
        #expect(try await alice.count(.all) == 5)

        // An account whose list and Trash are empty again takes the local list, and keeps
        // its own higher number counter: no number of its is given twice.
        let carol = SQLiteTodoStore(database: database, environment: env.environment, owner: ListOwner(account: OwnerStores.carolID))
        for item in try await carol.add(titles: ["C1", "C2", "C3"]) { #expect(try await carol.delete(id: item.id)) }
        #expect(try await carol.emptyTrash() == 3)
        #expect(try await SQLiteTodoStore.adoptLocalList(in: database, by: ListOwner(account: OwnerStores.carolID)) == 1)
        #expect(try await carol.items() == [later])
        #expect(try await carol.add(TodoDraft(title: "C4")).number == 4)
        #expect(try await local.add(TodoDraft(title: "Local, later")).number == 1)
    }

    @Test("OWNER-8 removing an account removes its items, projects, numbers, Trash and every share of or with it",
          arguments: [StoreKind.sqliteInMemory, .sqliteFile])
    func test_OWNER_8_removingAnAccountRemovesItsLists(_ kind: StoreKind) async throws {
        let env = TestEnvironment()
        let stores = try await OwnerStores.make(kind, [.local, OwnerStores.alice, OwnerStores.bob], env)
        let (local, alice, bob) = (stores[0], stores[1] as! SQLiteTodoStore, stores[2])
        let database = alice.database
        try await OwnerStores.addAccounts(database)
        let items = try await alice.add(titles: ["A1", "A2"])
        _ = try await alice.add(TodoDraft(title: "A3", isDone: true, project: Project(name: "Groceries")))
        #expect(try await alice.delete(id: items[0].id))
        let bobs = try await bob.add(TodoDraft(title: "Bob's", project: Project(name: "Groceries")))
        let locals = try await local.add(TodoDraft(title: "Local"))
        let sharing = SQLiteListSharing(database: database)
        let (aliceP, bobP, carolP) = (
            ListPerson(id: OwnerStores.aliceID, name: "alice"), ListPerson(id: OwnerStores.bobID, name: "bob"),
            ListPerson(id: OwnerStores.carolID, name: "carol"))
        try await sharing.share(list: "Groceries", owner: aliceP, with: bobP, role: .editor)
        try await sharing.share(list: "Groceries", owner: bobP, with: aliceP, role: .viewer)
        try await sharing.share(list: "Groceries", owner: bobP, with: carolP, role: .viewer)

        try await SQLiteAccountStore(database: database).removeUser(id: OwnerStores.aliceID)

        let left = try await database.writer.read { db in
            try ["todoItem", "project", "trashedItem", "itemNumberCounter", "sectionCount"].map { table in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table) WHERE owner = ?", arguments: [OwnerStores.alice.key])
            }
        }
        #expect(left == [0, 0, 0, 0, 0])
        #expect(try await alice.items().isEmpty)
        #expect(try await alice.trash().isEmpty)
        #expect(try await alice.projects().isEmpty)
        #expect(try await sharing.shares(with: OwnerStores.bobID).isEmpty)
        #expect(try await sharing.shares(ownedBy: OwnerStores.aliceID).isEmpty)
        #expect(try await sharing.shares(ownedBy: OwnerStores.bobID).map(\.person.name) == ["carol"])
        #expect(try await bob.items() == [bobs])
        #expect(try await local.items() == [locals])
        #expect(try await bob.sectionTitles(TodoFilter(text: "groceries")).todo == ["Bob's"])
        // The search index holds the items left, no more.
        let indexed = try await database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM todoSearch") }
        #expect(indexed == 2)
    }

    @Test("OWNER-1 an owner's list page, counts, search, item(atOffset:) and look-ups read through indexes that lead with the owner, never a scan of every owner's rows")
    func test_OWNER_1_queryPlans() async throws {
        let (database, recorder) = try StatementRecorder.database()
        let env = TestEnvironment()
        let local = SQLiteTodoStore(database: database, environment: env.environment)
        let alice = SQLiteTodoStore(database: database, environment: env.environment, owner: OwnerStores.alice)
        for store in [local, alice] {
            for index in 0..<120 {
                _ = try await store.add(TodoDraft(
                    title: "Task \(index) milk", isDone: index % 3 == 0, dueDate: CalendarDate(iso: "2026-11-2\(index % 9)"),
                    project: Project(name: ["Home", "Work"][index % 2])))
            }
        }
        let some = try #require(try await alice.item(atOffset: 7))
        let someID = some.id
        recorder.clear()
        _ = try await alice.listPage(.all, sections: [.todo, .done], page: 2, rowsPerSection: 50)
        _ = try await alice.listPage(TodoFilter(project: "Home"), sections: [.todo, .done], page: 1, rowsPerSection: 50)
        _ = try await alice.listPage(TodoFilter(text: "milk"), sections: [.todo, .done], page: 1, rowsPerSection: 50)
        _ = try await alice.listPage(TodoFilter(due: .todayWithOverdue(CalendarDate(iso: "2026-11-25")!)), sections: [.todo, .done], page: 1, rowsPerSection: 50)
        _ = try await alice.count(.all)
        _ = try await alice.count(TodoFilter(unfinishedOnly: true))
        _ = try await alice.item(atOffset: 60)
        _ = try await alice.item(number: 5)
        _ = try await alice.item(id: someID)
        _ = try await alice.items(idPrefix: "0000", limit: 5)
        _ = try await alice.items(.all, after: nil, limit: 20)
        _ = try await alice.items(.all, after: ListCursor(after: some), limit: 20)
        _ = try await alice.listEntries(.all, in: .todo, after: try #require(try await alice.listEntries(.all, in: .todo, offset: 3, limit: 1).first), limit: 20)
        _ = try await alice.trash()
        let statements = recorder.statements.filter { $0.hasPrefix("SELECT") }
        #expect(statements.count >= 12)
        var sectionRows = 0
        for sql in statements {
            let plan = try await database.writer.read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }
            }
            let searches = sql.contains("todoSearch")
            for step in plan where step.hasPrefix("SCAN ") {
                #expect(searches && step.contains("VIRTUAL TABLE"), "\(step) in \(sql)")
            }
            // Item rows come in index order; a search, an id prefix's few matches, the projects'
            // names and the Trash are sorted, as before owners.
            if sql.contains("FROM todoItem"), !searches, !sql.contains("GLOB") {
                #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan) sorts: \(sql)")
            }
            if plan.contains(where: { $0.contains("COVERING INDEX todoItem_section (owner=? AND isDone=?") }) { sectionRows += 1 }
        }
        // The list page's rows come from the section index alone (one slice per section).
        #expect(sectionRows >= 2)
    }
}

/// The statements a connection runs, with their arguments, for their query plans.
final class StatementRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var all: [String] = []

    func add(_ sql: String) { lock.withLock { all.append(sql) } }
    func clear() { lock.withLock { all.removeAll() } }
    var statements: [String] { lock.withLock { all } }

    /// An in-memory database whose every statement, arguments filled in, this recorder keeps.
    static func database() throws -> (AppDatabase, StatementRecorder) {
        let recorder = StatementRecorder()
        var config = Configuration()
        config.publicStatementArguments = true
        config.prepareDatabase { db in
            db.trace(options: .statement) { event in recorder.add(event.expandedDescription) }
        }
        return (try AppDatabase(DatabaseQueue(configuration: config)), recorder)
    }
}

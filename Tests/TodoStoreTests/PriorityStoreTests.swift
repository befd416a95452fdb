import Foundation
import GRDB
import Testing
import TodoCore
@testable import TodoSQLite
import TodoTestSupport

/// An item's priority in every store (docs/specs/priority.md, PRIO-2…4): kept, changed, in the
/// Trash and back, on list rows, filtered by level; and the migrations that add it.
@Suite("Priority: stores")
struct PriorityStoreTests {
    @Test("PRIO-4 a priority is stored, changed, cleared, kept in the Trash and restored, and shown on list rows",
          arguments: StoreKind.allCases)
    func test_PRIO_4_storedEverywhereTheItemIs(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let rent = try await sut.add(TodoDraft(title: "Pay rent", priority: Priority(number: 2)))
        let plants = try await sut.add(TodoDraft(title: "Water the plants"))
        #expect(try await sut.item(id: rent.id)?.priority == Priority(number: 2))
        #expect(try await sut.item(id: plants.id)?.priority == Priority.undefined)

        let page = try await sut.listPage(.all, sections: [.todo], page: 1, rowsPerSection: 10)
        #expect(page.entries[.todo]?.map(\.priority) == [Priority.undefined, Priority(number: 2)])

        let changed = try await sut.update(id: plants.id, TodoChanges(priority: Priority.Level.low.priority), expectedVersion: nil)
        #expect(changed?.priority == Priority(number: 9))
        #expect(try await sut.update(id: plants.id, TodoChanges(priority: .undefined), expectedVersion: nil)?.priority == Priority.undefined)

        #expect(try await sut.delete(id: rent.id))
        #expect(try await sut.trash().first?.item.priority == Priority(number: 2))
        #expect(try await sut.restore(id: rent.id)?.priority == Priority(number: 2))
    }

    @Test("PRIO-2 a number outside 1…9 never reaches a store: the rule refuses it first", arguments: StoreKind.allCases)
    func test_PRIO_2_theStoreRefusesNumbersOutsideTheScale(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        await #expect(throws: TodoValidationError.priorityOutOfRange(10)) {
            try await sut.add(TodoDraft(title: "Pay rent", priority: Priority(number: 10)))
        }
        #expect(try await sut.items().isEmpty)
    }

    @Test("PRIO-3 a list narrowed to levels: pages, counts and the API's items, in the list's order",
          arguments: StoreKind.allCases)
    func test_PRIO_3_filteredByLevel(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        for (title, number) in [("none", 0), ("one", 1), ("three", 3), ("five", 5), ("nine", 9), ("seven", 7)] {
            _ = try await sut.add(TodoDraft(title: title, priority: Priority(number: number)))
        }
        _ = try await sut.add(TodoDraft(title: "finished high", isDone: true, priority: Priority(number: 4)))
        let high = TodoFilter(priorities: [.high])
        #expect(try await sut.sectionTitles(high) == (["three", "one"], ["finished high"]))
        #expect(try await sut.count(high) == 3)
        let page = try await sut.listPage(TodoFilter(priorities: [.medium, .low]), sections: [.todo, .done], page: 1, rowsPerSection: 2)
        #expect(page.counts == [.todo: 3, .done: 0])
        #expect(page.entries[.todo]?.map(\.title) == ["seven", "nine"])
        #expect(try await sut.items(TodoFilter(priorities: [.low]), after: nil, limit: 10).map(\.title) == ["seven", "nine"])
        #expect(try await sut.sectionTitles(TodoFilter(text: "one", priorities: [.high])) == (["one"], []))
        #expect(try await sut.count(TodoFilter(priorities: [])) == 0)
    }

    @Test("PRIO-4 migration v14-priority: a v13 file's items and Trash keep everything and have no priority")
    func test_PRIO_4_sqliteMigrationKeepsItems() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("todo.sqlite")
        let env = TestEnvironment()
        do {
            let queue = try DatabaseQueue(path: path)
            try AppDatabase.migrate(queue, upTo: "v13-calendar-uid a PUT finds a UID of the calendar by index")
            try queue.close()
        }
        // Items written by the store as it was, before v14, would lack the column: write them as
        // rows of v13's own columns.
        do {
            let queue = try DatabaseQueue(path: path)
            try await queue.write { db in
                try db.execute(sql: """
                    INSERT OR REPLACE INTO itemNumberCounter (owner, next) VALUES ('', 3);
                    INSERT INTO todoItem (owner, id, title, isDone, position, createdAt, updatedAt, version, number)
                    VALUES ('', '00000000-0000-4000-8000-0000000b0001', 'Pay rent', 0, 1, 0, 0, 1, 1);
                    INSERT INTO trashedItem (owner, id, title, isDone, position, createdAt, updatedAt, version, number, deletedAt)
                    VALUES ('', '00000000-0000-4000-8000-0000000b0002', 'Old', 0, 2, 0, 0, 1, 2, \(Timestamp.milliseconds(TestEnvironment.referenceDate)));
                    """)
            }
            try queue.close()
        }
        let database = try AppDatabase.open(path: path)
        defer { try? database.close() }
        let store = SQLiteTodoStore(database: database, environment: env.environment)
        #expect(try await store.items().map { "\($0.title) \($0.priority.number)" } == ["Pay rent 0"])
        #expect(try await store.trash().map { "\($0.item.title) \($0.item.priority.number)" } == ["Old 0"])
        let added = try await store.add(TodoDraft(title: "File taxes", priority: Priority(number: 3)))
        #expect(try await store.listEntries(.all, in: .todo, offset: 0, limit: 5).map(\.priority) == [added.priority, .undefined])
        // The schema repeats the rule (HARDEN-8).
        await #expect(throws: (any Error).self) {
            try await database.writer.write { db in
                try db.execute(sql: "UPDATE todoItem SET priority = 10 WHERE id = ?", arguments: [added.id.lowercasedText])
            }
        }
    }
}

extension PriorityStoreTests {
    @Test("PRIO-14 a list read by priority: each section by level, a level in position order; pages by offset and after a row",
          arguments: StoreKind.allCases)
    func test_PRIO_14_readByPriority(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        // Added one by one, each first of its section: the list's own order is the reverse.
        for (title, number, done) in [("plain", 0, false), ("low", 9, false), ("two", 2, false), ("medium", 5, false),
                                      ("one", 1, false), ("done seven", 7, true), ("done one", 1, true), ("done none", 0, true)] {
            _ = try await sut.add(TodoDraft(title: title, isDone: done, priority: Priority(number: number)))
        }
        let sorted = TodoFilter(order: .priority)
        let expected = (["one", "two", "medium", "low", "plain"], ["done one", "done seven", "done none"])
        #expect(try await sut.sectionTitles(sorted) == expected)
        #expect(try await sut.sectionTitles(.all) == (["one", "medium", "two", "low", "plain"], ["done none", "done one", "done seven"]))

        let page = try await sut.listPage(sorted, sections: [.todo, .done], page: 2, rowsPerSection: 2)
        #expect(page.entries[.todo]?.map(\.title) == ["medium", "low"])
        #expect(page.entries[.done]?.map(\.title) == ["done none"])
        #expect(page.entries[.todo]?.map(\.number) == [3, 4])
        let first = try await sut.listEntries(sorted, in: .todo, offset: 0, limit: 2)
        let rest = try await sut.listEntries(sorted, in: .todo, after: try #require(first.last), limit: 10)
        #expect((first + rest).map(\.title) == expected.0)
        #expect((first + rest).map(\.number) == [1, 2, 3, 4, 5])
        let done = try await sut.listEntries(sorted, in: .done, offset: 0, limit: 1)
        let moreDone = try await sut.listEntries(sorted, in: .done, after: try #require(done.last), limit: 10)
        #expect((done + moreDone).map(\.title) == expected.1)
        #expect((done + moreDone).map(\.number) == [6, 7, 8])
        // Narrowed and sorted together; the API's cursor keeps the list's own order.
        #expect(try await sut.sectionTitles(TodoFilter(priorities: [.high, .low], order: .priority)).0 == ["one", "two", "low"])
        let one = try #require(try await sut.items().first { $0.title == "one" })
        #expect(try await sut.items(sorted, after: ListCursor(after: one), limit: 2).map(\.title) == ["medium", "two"])
    }
}

extension PriorityStoreTests {
    @Test("PRIO-14 SQLite reads a list sorted by priority in the order of its rank's index: no sort per page")
    func test_PRIO_14_sortedPagesComeFromAnIndex() async throws {
        let (database, recorder) = try StatementRecorder.database()
        let store = SQLiteTodoStore(database: database, environment: TestEnvironment().environment)
        for index in 0..<60 {
            _ = try await store.add(TodoDraft(title: "Task \(index)", isDone: index % 4 == 0, priority: Priority(number: index % 10)))
        }
        recorder.clear()
        let sorted = TodoFilter(order: .priority)
        let page = try await store.listPage(sorted, sections: [.todo, .done], page: 2, rowsPerSection: 10)
        _ = try await store.listEntries(sorted, in: .todo, after: try #require(page.entries[.todo]?.last), limit: 10)
        let statements = recorder.statements.filter { $0.hasPrefix("SELECT") && $0.contains("ORDER BY (CASE") }
        #expect(statements.count >= 3)
        for sql in statements {
            let plan = try await database.writer.read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }
            }
            #expect(plan.contains { $0.contains("USING INDEX todoItem_priority (owner=? AND isDone=?)") }, "\(plan): \(sql)")
            #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan) sorts: \(sql)")
        }
    }
}

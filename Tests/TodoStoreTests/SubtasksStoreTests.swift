import Foundation
import GRDB
import Testing
import TodoCore
@testable import TodoPostgres
import TodoPostgresTestSupport
@testable import TodoSQLite
import TodoTestSupport

/// Subtasks in every store (docs/specs/subtasks.md, SUB-1…7): the parent stored and checked,
/// placed after its parent, counted, deleted and restored with it; and the migration that adds it.
@Suite("Subtasks: stores")
struct SubtasksStoreTests {
    @Test("SUB-1 SUB-4 a parent is stored, read back, on list rows, in the Trash; a page counts each row's subtasks done",
          arguments: StoreKind.allCases)
    func test_SUB_1_storedAndCounted(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let trip = try await sut.add(TodoDraft(title: "Pack for the trip"))
        let passport = try await sut.add(TodoDraft(title: "Passport", parent: trip.id))
        let charger = try await sut.add(TodoDraft(title: "Charger", parent: trip.id))
        _ = try await sut.add(TodoDraft(title: "Other"))
        #expect(try await sut.item(id: passport.id)?.parent == trip.id)
        #expect(try await sut.subtasks(of: trip.id).map(\.title) == ["Passport", "Charger"], "in the order they were added")
        _ = try await sut.setDone(id: charger.id, true)

        let page = try await sut.listPage(.all, sections: [.todo, .done], page: 1, rowsPerSection: 10)
        let rows = page.entries[.todo] ?? []
        #expect(rows.first { $0.id == trip.id }?.subtasks == SubtaskCount(done: 1, total: 2))
        #expect(rows.first { $0.id == passport.id }?.parent == trip.id, "a row has its parent, to be nested by")
        #expect(rows.first { $0.id == passport.id }?.subtasks == nil)
        #expect(try await sut.subtaskCount(of: trip.id) == SubtaskCount(done: 1, total: 2))

        #expect(try await sut.update(id: passport.id, TodoChanges(parent: .some(nil)), expectedVersion: nil)?.parent == nil)
        #expect(try await sut.subtaskCount(of: trip.id) == SubtaskCount(done: 1, total: 1))
    }

    @Test("SUB-2 a parent must be an item of the list, not the item itself nor one of its subtasks, at most 8 levels deep; nothing changes",
          arguments: StoreKind.allCases)
    func test_SUB_2_theRule(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let top = try await sut.add(TodoDraft(title: "Top"))
        let middle = try await sut.add(TodoDraft(title: "Middle", parent: top.id))
        let bottom = try await sut.add(TodoDraft(title: "Bottom", parent: middle.id))
        await #expect(throws: TodoValidationError.parentNotFound) {
            try await sut.add(TodoDraft(title: "Orphan", parent: TestEnvironment.id(999)))
        }
        await #expect(throws: TodoValidationError.parentIsItself) {
            try await sut.update(id: top.id, TodoChanges(parent: top.id), expectedVersion: nil)
        }
        await #expect(throws: TodoValidationError.parentIsSubtask) {
            try await sut.update(id: top.id, TodoChanges(parent: bottom.id), expectedVersion: nil)
        }
        #expect(try await sut.item(id: top.id)?.parent == nil, "nothing changed")
        #expect(try await sut.items().map(\.title).sorted() == ["Bottom", "Middle", "Top"])

        var deepest = bottom
        for level in 4...Subtasks.maxDepth { deepest = try await sut.add(TodoDraft(title: "Level \(level)", parent: deepest.id)) }
        await #expect(throws: TodoValidationError.nestedTooDeep) {
            try await sut.add(TodoDraft(title: "Too deep", parent: deepest.id))
        }
        let other = try await sut.add(TodoDraft(title: "Other"))
        let under = try await sut.add(TodoDraft(title: "Under other", parent: other.id))
        await #expect(throws: TodoValidationError.nestedTooDeep, "its own subtasks count too") {
            try await sut.update(id: other.id, TodoChanges(parent: deepest.id), expectedVersion: nil)
        }
        #expect(try await sut.item(id: under.id)?.parent == other.id)
    }

    @Test("SUB-3 a new subtask goes right after its parent's last subtask, at any depth, or right after its parent",
          arguments: StoreKind.allCases)
    func test_SUB_3_placedUnderItsParent(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let trip = try await sut.add(TodoDraft(title: "Trip"))
        _ = try await sut.add(TodoDraft(title: "Later"))  // first of To Do: above the trip
        let passport = try await sut.add(TodoDraft(title: "Passport", parent: trip.id))
        _ = try await sut.add(TodoDraft(title: "Photo", parent: passport.id))
        _ = try await sut.add(TodoDraft(title: "Charger", parent: trip.id))
        _ = try await sut.add(TodoDraft(title: "Newest"))
        #expect(try await sut.items().map(\.title) == ["Newest", "Later", "Trip", "Passport", "Photo", "Charger"])
    }

    @Test("SUB-5 deleting a parent moves its subtasks, at every depth, to the Trash with it; restoring it brings back those, not one deleted before",
          arguments: StoreKind.allCases)
    func test_SUB_5_trashedAndRestoredWithItsParent(_ kind: StoreKind) async throws {
        let environment = TestEnvironment()
        let sut = try await kind.makeSUT(environment)
        let trip = try await sut.add(TodoDraft(title: "Trip"))
        let passport = try await sut.add(TodoDraft(title: "Passport", parent: trip.id))
        let photo = try await sut.add(TodoDraft(title: "Photo", parent: passport.id))
        let charger = try await sut.add(TodoDraft(title: "Charger", parent: trip.id))
        let other = try await sut.add(TodoDraft(title: "Other"))
        #expect(try await sut.delete(id: charger.id))
        environment.advance(by: 60)
        #expect(try await sut.delete(id: trip.id))
        #expect(try await sut.items().map(\.id) == [other.id])
        #expect(Set(try await sut.trash().map(\.id)) == [trip.id, passport.id, photo.id, charger.id])

        #expect(try await sut.restore(id: trip.id)?.id == trip.id)
        #expect(Set(try await sut.items().map(\.id)) == [trip.id, passport.id, photo.id, other.id])
        #expect(try await sut.trash().map(\.id) == [charger.id], "deleted on its own before: it stays in the Trash")
        #expect(try await sut.item(id: photo.id)?.parent == passport.id)

        #expect(try await sut.restore(id: charger.id)?.parent == trip.id, "back under its parent")
        #expect(try await sut.subtaskCount(of: trip.id) == SubtaskCount(done: 0, total: 2))
    }

    @Test("SUB-6 an item whose parent is not in the list keeps the id; its row has no parent row to go under",
          arguments: StoreKind.allCases)
    func test_SUB_6_aParentThatIsNotThere(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let missing = TestEnvironment.id(777)
        let imported = ImportedItem(
            item: TodoItem(id: TestEnvironment.id(778), title: "Imported subtask", parent: missing, createdAt: TestEnvironment.referenceDate),
            origin: "test")
        _ = try await sut.importItems([imported], dryRun: false)
        #expect(try await sut.item(id: TestEnvironment.id(778))?.parent == missing)
        let rows = try await sut.listEntries(.all, in: .todo, offset: 0, limit: 10)
        #expect(Subtasks.nested(rows, id: \.id, parent: \.content.parent).map(\.depth) == [0])
        // Editing another field keeps it.
        #expect(try await sut.update(id: TestEnvironment.id(778), TodoChanges(title: "Renamed"), expectedVersion: nil)?.parent == missing)
    }

    @Test("SUB-1 migration v17-parent: a v16 file's items are kept, with no parent; the column is in the section index")
    func test_SUB_1_sqliteMigration() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("todo.sqlite")
        do {
            let queue = try DatabaseQueue(path: path)
            try AppDatabase.migrate(queue, upTo: "v16-repeat-rule an item's repeat is a rule, in the section index")
            try await queue.write { db in
                try db.execute(sql: """
                    INSERT INTO todoItem (owner, id, title, isDone, position, createdAt, updatedAt, version, number)
                    VALUES ('', ?, 'Kept', 0, 1, 0, 0, 1, 100)
                    """, arguments: [TestEnvironment.id(500).lowercasedText])
            }
            try queue.close()
        }
        let database = try AppDatabase.open(path: path)
        defer { try? database.close() }
        let store = SQLiteTodoStore(database: database, environment: TestEnvironment().environment)
        #expect(try await store.items().map(\.title) == ["Kept"])
        #expect(try await store.items().first?.parent == nil)
        let sub = try await store.add(TodoDraft(title: "Sub", parent: TestEnvironment.id(500)))
        #expect(try await store.item(id: sub.id)?.parent == TestEnvironment.id(500))
        let indexed = try await database.writer.read { db in
            try Row.fetchAll(db, sql: "PRAGMA index_info(todoItem_section)").map { $0["name"] as String }
        }
        #expect(indexed.contains("parent"))
    }

    @Test("SUB-1 PostgreSQL migration 12: the items and the Trash are kept, with no parent; a subtask added then is read on its row")
    func test_SUB_1_postgresMigration() async throws {
        let database = try PostgresTestDatabase.freshUnmigratedDatabase()
        try await database.migrate(through: 11)
        let s = "\"\(database.schema)\""
        try await PostgresTestDatabase.query("""
            INSERT INTO \(unescaped: s).todo_item (owner, id, title, is_done, position, created_at, updated_at, version, number)
            VALUES ('', \(TestEnvironment.id(500)), 'Kept', false, 1, 0, 0, 1, 100)
            """)
        try await PostgresTestDatabase.query("""
            INSERT INTO \(unescaped: s).trashed_item (owner, id, title, is_done, position, created_at, updated_at, version, number, deleted_at)
            VALUES ('', \(TestEnvironment.id(501)), 'Trashed', false, 9, 0, 0, 1, 101, \(Timestamp.milliseconds(TestEnvironment.referenceDate)))
            """)
        try await database.migrate()
        let store = database.store(environment: TestEnvironment().environment)
        #expect(try await store.items().map(\.title) == ["Kept"])
        #expect(try await store.trash().map(\.item.parent) == [nil])
        let sub = try await store.add(TodoDraft(title: "Sub", parent: TestEnvironment.id(500)))
        let rows = try await store.listEntries(.all, in: .todo, offset: 0, limit: 10)
        #expect(rows.first { $0.id == sub.id }?.parent == TestEnvironment.id(500))
        #expect(rows.first { $0.title == "Kept" }?.subtasks == SubtaskCount(done: 0, total: 1))
    }
}

/// How a page's rows are nested (SUB-7), without a store.
@Suite("Subtasks: nesting")
struct SubtasksNestingTests {
    struct Row { let id: UUID; let parent: UUID? }

    @Test("SUB-7 each subtask right after its parent, one level further in; siblings keep their order; rows whose parent is elsewhere, or in a loop, at the top")
    func test_SUB_7_nested() {
        let a = TestEnvironment.id(1), b = TestEnvironment.id(2), c = TestEnvironment.id(3), d = TestEnvironment.id(4)
        let e = TestEnvironment.id(5), f = TestEnvironment.id(6), g = TestEnvironment.id(7)
        let rows = [
            Row(id: c, parent: a), Row(id: a, parent: nil), Row(id: d, parent: c), Row(id: b, parent: a),
            Row(id: e, parent: TestEnvironment.id(99)), Row(id: f, parent: g), Row(id: g, parent: f),
        ]
        let nested = Subtasks.nested(rows, id: \.id, parent: \.parent)
        #expect(nested.map(\.row.id) == [a, c, d, b, e, f, g])
        #expect(nested.map(\.depth) == [0, 1, 2, 1, 0, 0, 1])
        let flat = [Row(id: a, parent: nil), Row(id: b, parent: nil)]
        #expect(Subtasks.nested(flat, id: \.id, parent: \.parent).map(\.depth) == [0, 0])
    }
}

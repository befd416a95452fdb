import Foundation
import GRDB
import Testing
import TodoCore
@testable import TodoSQLite
import TodoTestSupport

/// docs/specs/trash.md, for every store: deleting moves an item to the Trash, which restores it
/// at its place, deletes it forever, empties, and purges after 30 days by the store's clock.
@Suite("Trash contract")
struct TrashContractTests {
    private static let day: TimeInterval = 24 * 3600

    @Test("TRASH-1 a deleted item leaves every list and count and is in the Trash, newest first", arguments: StoreKind.allCases)
    func test_TRASH_1_deleteMovesToTrash(_ kind: StoreKind) async throws {
        let env = TestEnvironment()
        let sut = try await kind.makeSUT(env)
        let items = try await sut.add(titles: ["A", "B", "C"])
        _ = try await sut.setDone(id: items[2].id, true)
        let a = try #require(try await sut.item(id: items[0].id))
        let c = try #require(try await sut.item(id: items[2].id))

        #expect(try await sut.delete(id: a.id))
        #expect(try await sut.delete(id: c.id))

        #expect(try await sut.sectionTitles() == (["B"], []))
        #expect(try await sut.count(.all) == 1)
        #expect(try await sut.item(id: a.id) == nil)
        #expect(try await sut.items(idPrefix: "0000", limit: 10).map(\.title) == ["B"])
        let page = try await sut.listPage(.all, sections: [.todo, .done], page: 1, rowsPerSection: nil)
        #expect(page.total == 1)
        let trash = try await sut.trash()
        #expect(trash.map(\.item) == [c, a], "newest deletion first, each item exactly as it was")
        #expect(trash[0].deletedAt > trash[1].deletedAt)
        #expect(try await sut.delete(id: a.id) == false, "a second delete finds nothing")
    }

    @Test("TRASH-2 restore puts the item back between its neighbours, same id and fields, version + 1", arguments: StoreKind.allCases)
    func test_TRASH_2_restoreAtItsPlace(_ kind: StoreKind) async throws {
        let env = TestEnvironment()
        let sut = try await kind.makeSUT(env)
        try await sut.add(titles: ["E", "D", "C", "B", "A"])  // To Do: A B C D E
        let c = try #require(try await sut.items().first { $0.title == "C" })
        let full = try #require(try await sut.update(id: c.id, TodoChanges(
            details: .some("notes"), dueDate: .some(CalendarDate(iso: "2026-12-24")), location: .some(Location(name: "Shop")),
            project: .some(Project(name: "Home")), estimateMinutes: .some(30), repeatRule: .weekly(on: [.monday]))))
        _ = try await sut.delete(id: c.id)
        _ = try await sut.add(TodoDraft(title: "New"))  // first of To Do, while C is away
        let b = try #require(try await sut.items().first { $0.title == "B" })
        _ = try await sut.move(id: b.id, toIndex: 4)  // To Do: New A D E B

        let restored = try #require(try await sut.restore(id: c.id))

        #expect(try await sut.sectionTitles().todo == ["New", "A", "C", "D", "E", "B"], "between A and D, as before")
        var expected = full
        expected.version = full.version + 1
        expected.updatedAt = restored.updatedAt
        #expect(restored == expected)
        #expect(restored.updatedAt > full.updatedAt)
        #expect(try await sut.item(id: c.id) == restored)
        #expect(try await sut.trash().isEmpty)
        #expect(try await sut.projects() == [Project(name: "Home")])
        #expect(try await sut.restore(id: c.id) == nil, "no longer in the Trash")
        #expect(try await sut.restore(id: TestEnvironment.id(999)) == nil)
    }

    @Test("TRASH-2 a done item goes back to Done at its place", arguments: StoreKind.allCases)
    func test_TRASH_2_restoreIntoDone(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let items = try await sut.add(titles: ["A", "B", "C"])
        for item in items { _ = try await sut.setDone(id: item.id, true) }  // Done: C B A
        _ = try await sut.delete(id: items[1].id)
        #expect(try await sut.sectionTitles() == ([], ["C", "A"]))
        _ = try await sut.restore(id: items[1].id)
        #expect(try await sut.sectionTitles() == ([], ["C", "B", "A"]))
        #expect(try await sut.item(id: items[1].id)?.isDone == true)
    }

    @Test("TRASH-2 when another item now holds its position, it goes right after that item", arguments: StoreKind.allCases)
    func test_TRASH_2_placeTakenGoesNextToIt(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        try await sut.add(titles: ["C", "B", "A"])  // To Do: A B C
        let a = try #require(try await sut.items().first)
        _ = try await sut.delete(id: a.id)
        let new = try await sut.add(TodoDraft(title: "New"))  // first of To Do: A's old position exactly
        #expect(new.position == a.position)

        let restored = try #require(try await sut.restore(id: a.id))

        #expect(try await sut.sectionTitles().todo == ["New", "A", "B", "C"])
        #expect(restored.position != a.position)
    }

    @Test("TRASH-2 no room right after the item at its place: the section is respaced, order kept", arguments: StoreKind.allCases)
    func test_TRASH_2_placeTakenWithoutRoom(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let x = try await sut.add(TodoDraft(title: "X", position: 1))
        _ = try await sut.delete(id: x.id)
        _ = try await sut.add(TodoDraft(title: "Y", position: 1))
        _ = try await sut.add(TodoDraft(title: "Z", position: 1.0.nextUp))
        _ = try await sut.add(TodoDraft(title: "W", position: 0))
        _ = try await sut.restore(id: x.id)
        #expect(try await sut.sectionTitles().todo == ["W", "Y", "X", "Z"])
    }

    @Test("TRASH-3 deleting forever leaves nothing to restore", arguments: StoreKind.allCases)
    func test_TRASH_3_deleteForever(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let items = try await sut.add(titles: ["A", "B"])
        for item in items { _ = try await sut.delete(id: item.id) }
        #expect(try await sut.deleteForever(id: items[0].id))
        #expect(try await sut.deleteForever(id: items[0].id) == false)
        #expect(try await sut.trash().map(\.item.title) == ["B"])
        #expect(try await sut.restore(id: items[0].id) == nil)
        #expect(try await sut.items().isEmpty)
    }

    @Test("TRASH-4 emptying the Trash deletes every trashed item forever, the list untouched", arguments: StoreKind.allCases)
    func test_TRASH_4_emptyTrash(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let items = try await sut.add(titles: ["A", "B", "C"])
        _ = try await sut.delete(id: items[0].id)
        _ = try await sut.delete(id: items[1].id)
        #expect(try await sut.emptyTrash() == 2)
        #expect(try await sut.trash().isEmpty)
        #expect(try await sut.sectionTitles() == (["C"], []))
        #expect(try await sut.emptyTrash() == 0)
    }

    @Test("TRASH-5 an item deleted 30 days ago is purged; 29 days 23 hours is not", arguments: StoreKind.allCases)
    func test_TRASH_5_purgeAfterThirtyDays(_ kind: StoreKind) async throws {
        let env = TestEnvironment(tick: 0)
        let sut = try await kind.makeSUT(env)
        let items = try await sut.add(titles: ["Old", "Newer", "Kept"])
        _ = try await sut.delete(id: items[0].id)
        env.advance(by: Self.day)
        _ = try await sut.delete(id: items[1].id)

        env.advance(by: 29 * Self.day - 3600)  // Old: 29 days 23 hours ago
        #expect(try await sut.trash().map(\.item.title) == ["Newer", "Old"])
        env.advance(by: 3600)  // Old: exactly 30 days ago
        #expect(try await sut.trash().map(\.item.title) == ["Newer"])
        #expect(try await sut.restore(id: items[0].id) == nil, "purged: gone for good")
        env.advance(by: Self.day)
        #expect(try await sut.purgeTrash() == 1)
        #expect(try await sut.trash().isEmpty)
        #expect(try await sut.sectionTitles() == (["Kept"], []), "the list is untouched")
    }

    @Test("TRASH-5 a restore finds no item past its 30 days", arguments: StoreKind.allCases)
    func test_TRASH_5_restorePurgesFirst(_ kind: StoreKind) async throws {
        let env = TestEnvironment(tick: 0)
        let sut = try await kind.makeSUT(env)
        let item = try await sut.add(TodoDraft(title: "A"))
        _ = try await sut.delete(id: item.id)
        env.advance(by: 31 * Self.day)
        #expect(try await sut.restore(id: item.id) == nil)
        #expect(try await sut.items().isEmpty)
    }

    @Test("TRASH-6 the project leaves with its last item and comes back with it", arguments: StoreKind.allCases)
    func test_TRASH_6_projectFollowsItems(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let item = try await sut.add(TodoDraft(title: "A", project: Project(name: "Work")))
        _ = try await sut.delete(id: item.id)
        #expect(try await sut.projects().isEmpty)
        #expect(try await sut.trash().first?.item.project == Project(name: "Work"))
        _ = try await sut.restore(id: item.id)
        #expect(try await sut.projects() == [Project(name: "Work")])
        #expect(try await sut.count(TodoFilter(project: "Work")) == 1)
    }

    @Test("TRASH-7 delete all deletes the list forever and leaves the Trash as it is", arguments: StoreKind.allCases)
    func test_TRASH_7_deleteAllLeavesTrash(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let items = try await sut.add(titles: ["A", "B", "C"])
        _ = try await sut.delete(id: items[0].id)
        try await sut.deleteAll()
        #expect(try await sut.items().isEmpty)
        #expect(try await sut.trash().map(\.item.title) == ["A"])
    }

    @Test("TRASH-8 importing an item with a trashed id adds it with the file's fields and empties its Trash place", arguments: StoreKind.allCases)
    func test_TRASH_8_importTakesTheIdBack(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let item = try await sut.add(TodoDraft(title: "A"))
        _ = try await sut.delete(id: item.id)
        var imported = item
        imported.title = "A from the file"

        let dry = try await sut.importItems([ImportedItem(item: imported, origin: "item 1")], dryRun: true)
        #expect(dry.added == 1)
        #expect(try await sut.trash().count == 1, "a dry run changes nothing")

        _ = try await sut.importItems([imported])
        #expect(try await sut.items().map(\.title) == ["A from the file"])
        #expect(try await sut.trash().isEmpty)
    }

    @Test("TRASH-1 SAVE-3 TRASH-5 the Trash is kept as it was: restore and purge after a restart")
    func test_TRASH_1_SAVE_3_trashSurvivesRestart() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("todo.sqlite")
        let env = TestEnvironment(tick: 0)
        func reopen() throws -> SQLiteTodoStore {
            SQLiteTodoStore(database: try AppDatabase.open(path: path), environment: env.environment)
        }
        let items = try await reopen().add(titles: ["C", "B", "A"])  // To Do: A B C
        let b = items[1]
        #expect(try await reopen().delete(id: b.id))
        #expect(try await reopen().sectionTitles().todo == ["A", "C"], "SAVE-3: gone after a restart")
        let trashed = try await reopen().trash()
        #expect(trashed.map(\.item) == [b])
        #expect(trashed.first?.deletedAt == env.now())
        _ = try await reopen().restore(id: b.id)
        #expect(try await reopen().sectionTitles().todo == ["A", "B", "C"])

        _ = try await reopen().delete(id: b.id)
        env.advance(by: 30 * Self.day)
        #expect(try await reopen().trash().isEmpty)
    }

    @Test("TRASH-1 a list from before the Trash gets one when it is opened, its items kept")
    func test_TRASH_1_migrationAddsTheTrash() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("todo.sqlite")
        // As the version before the Trash left the file: To Do A (#2), B (#1).
        let old = try DatabaseQueue(path: path)
        try AppDatabase.migrate(old, upTo: "v6-numbers stable item numbers and repeat links")
        try await old.write { db in
            for (n, title, position) in [(1, "B", 2.0), (2, "A", 1.0)] {
                try db.execute(
                    sql: """
                        INSERT INTO todoItem (id, title, isDone, position, createdAt, updatedAt, version, number)
                        VALUES (?, ?, 0, ?, 0, 0, 1, ?)
                        """,
                    arguments: [TestEnvironment.id(n).lowercasedText, title, position, n])
            }
            try db.execute(sql: "UPDATE itemNumberCounter SET next = 3")
        }
        try old.close()
        let reopened = SQLiteTodoStore(database: try AppDatabase.open(path: path), environment: .fixedForTests())
        #expect(try await reopened.sectionTitles().todo == ["A", "B"])
        #expect(try await reopened.add(TodoDraft(title: "C")).number == 3)
        #expect(try await reopened.delete(id: TestEnvironment.id(1)))
        #expect(try await reopened.trash().map(\.item.title) == ["B"])
    }
}

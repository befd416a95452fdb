import Foundation
import GRDB
import Testing
import TodoCore
import TodoPostgresTestSupport
@testable import TodoSQLite
import TodoTestSupport

private let utc = TimeZone(identifier: "UTC")!
/// Monday 2026-11-23, 09:00 UTC.
private let monday = Date(timeIntervalSince1970: 1_795_424_400)

/// A clock that moves a second per reading and jumps when told, with ids counting up.
final class MovableClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    private let ids = TestEnvironment()

    init(start: Date) { current = start }

    func advance(by seconds: TimeInterval) { lock.withLock { current += seconds } }

    var environment: TodoEnvironment {
        TodoEnvironment(
            now: { self.lock.withLock { defer { self.current += 1 }; return self.current } },
            makeID: { self.ids.makeID() }, timeZone: utc)
    }
}

extension StoreKind {
    /// A store on `clock`, in UTC.
    func makeSUT(_ clock: MovableClock) async throws -> any TodoStore {
        let environment = clock.environment
        switch self {
        case .postgres:
            return try await PostgresTestDatabase.freshStore(environment: environment)
        case .inMemory:
            return InMemoryTodoStore(environment: environment)
        case .sqliteInMemory:
            return SQLiteTodoStore(database: try AppDatabase.inMemory(), environment: environment)
        case .sqliteFile:
            let folder = try TemporaryFolder()
            return SQLiteTodoStore(database: try AppDatabase.open(path: folder.file("todo.sqlite")), environment: environment)
        case .sqliteBesideNeighbour:
            return try await OwnerStores.besideNeighbour(environment: environment)
        }
    }
}

/// docs/specs/numbers.md against every store.
@Suite("Stable numbers: the store contract")
struct NumbersStoreContractTests {
    @Test("NUMBER-1 items are numbered #1, #2, … in the order they are added; a deleted number is never given again",
          arguments: StoreKind.allCases)
    func test_NUMBER_1_numbersAreNeverReused(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let added = try await sut.add(titles: ["A", "B", "C"])
        #expect(added.map(\.number) == [1, 2, 3])
        #expect(try await sut.items().map(\.number) == [3, 2, 1])
        #expect(try await sut.delete(id: added[2].id))
        #expect(try await sut.add(TodoDraft(title: "D")).number == 4)
        try await sut.deleteAll()
        #expect(try await sut.add(TodoDraft(title: "E")).number == 5)
    }

    @Test("NUMBER-1 checking, moving and editing keep the number", arguments: StoreKind.allCases)
    func test_NUMBER_1_numberStaysThroughChanges(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let added = try await sut.add(titles: ["A", "B", "C"])
        _ = try await sut.setDone(id: added[1].id, true)
        _ = try await sut.move(id: added[0].id, toIndex: 0)
        _ = try await sut.update(id: added[2].id, TodoChanges(title: "C2", dueDate: CalendarDate(iso: "2026-12-01")))
        #expect(try await sut.items().map { "\($0.number) \($0.title)" } == ["1 A", "3 C2", "2 B"])
    }

    @Test("NUMBER-3 item(number:) finds an item by its number; NUMBER-4 a gone number finds nothing",
          arguments: StoreKind.allCases)
    func test_NUMBER_3_itemByNumber(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let added = try await sut.add(titles: ["A", "B"])
        #expect(try await sut.item(number: 2) == added[1])
        #expect(try await sut.item(number: 1)?.title == "A")
        #expect(try await sut.delete(id: added[0].id))
        #expect(try await sut.item(number: 1) == nil)
        #expect(try await sut.item(number: 0) == nil)
        #expect(try await sut.item(number: -3) == nil)
    }

    @Test("NUMBER-2 list rows carry the item's number", arguments: StoreKind.allCases)
    func test_NUMBER_2_listEntriesCarryNumbers(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let added = try await sut.add(titles: ["A", "B", "C"])
        _ = try await sut.setDone(id: added[1].id, true)
        let page = try await sut.listPage(.all, sections: TodoSection.allCases, page: 1, rowsPerSection: 2)
        #expect(page.entries[.todo]?.map(\.itemNumber) == [3, 1])
        #expect(page.entries[.done]?.map(\.itemNumber) == [2])
        // Row places (for paging) are still the places in the whole list.
        #expect(page.entries[.done]?.map(\.number) == [3])
        let project = try await sut.add(TodoDraft(title: "P", project: Project(name: "Work")))
        let filtered = try await sut.listEntries(TodoFilter(project: "Work"), in: .todo, offset: 0, limit: 5)
        #expect(filtered.map(\.itemNumber) == [project.number])
    }

    @Test("NUMBER-5 import keeps the file's never-given numbers, renumbers clashes, and replaced items keep theirs",
          arguments: StoreKind.allCases)
    func test_NUMBER_5_importNumbers(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let existing = try await sut.add(titles: ["A", "B"])  // #1, #2
        let date = TestEnvironment.referenceDate
        var replaced = existing[0]
        replaced.title = "A from the file"
        replaced.number = 40
        _ = try await sut.importItems([
            TodoItem(id: TestEnvironment.id(100), title: "keeps 7", createdAt: date, number: 7),
            TodoItem(id: TestEnvironment.id(101), title: "clash with 7", createdAt: date, number: 7),
            TodoItem(id: TestEnvironment.id(102), title: "2 was given", createdAt: date, number: 2),
            TodoItem(id: TestEnvironment.id(103), title: "none", createdAt: date),
            replaced,
        ])
        let byTitle = Dictionary(uniqueKeysWithValues: try await sut.items().map { ($0.title, $0.number) })
        #expect(byTitle == ["A from the file": 1, "B": 2, "keeps 7": 7, "clash with 7": 8, "2 was given": 9, "none": 10])
        #expect(try await sut.add(TodoDraft(title: "next")).number == 11)
    }

    @Test("NUMBER-5 a dry run gives no numbers away", arguments: StoreKind.allCases)
    func test_NUMBER_5_dryRunTakesNoNumbers(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let date = TestEnvironment.referenceDate
        _ = try await sut.importItems(
            [ImportedItem(item: TodoItem(id: TestEnvironment.id(100), title: "x", createdAt: date, number: 50), origin: "item 1")],
            dryRun: true)
        #expect(try await sut.add(TodoDraft(title: "first")).number == 1)
    }
}

/// docs/specs/repeats.md against every store.
@Suite("Repeats: the store contract")
struct RepeatsStoreContractTests {
    private func store(_ kind: StoreKind, _ clock: MovableClock) async throws -> any TodoStore {
        try await kind.makeSUT(clock)
    }

    @Test("REPEAT-1 checking an every-Monday item due on a Monday creates one due the next Monday, first of To Do",
          arguments: StoreKind.allCases)
    func test_REPEAT_1_checkCreatesNextOccurrence(_ kind: StoreKind) async throws {
        let env = MovableClock(start: monday)
        let sut = try await store(kind, env)
        _ = try await sut.add(titles: ["Other"])
        let item = try await sut.add(TodoDraft(
            title: "Water plants", details: "big ones", dueDate: CalendarDate(iso: "2026-11-23"),
            location: Location(name: "Home"), project: Project(name: "House"), estimateMinutes: 10, repeatRule: .weekly(on: [.monday])))
        let checked = try #require(try await sut.setDone(id: item.id, true))
        #expect(checked.isDone)
        let all = try await sut.items()
        #expect(all.map(\.title) == ["Water plants", "Other", "Water plants"])
        let next = all[0]
        #expect(try await sut.nextOccurrence(of: item.id) == next)
        #expect(next.id != item.id && next.number == 3 && !next.isDone && next.version == 1)
        #expect(next.dueDate == CalendarDate(iso: "2026-11-30"))
        #expect(next.details == "big ones" && next.location == Location(name: "Home"))
        #expect(next.project == Project(name: "House") && next.estimateMinutes == 10 && next.repeatRule == .weekly(on: [.monday]))
        #expect(all[2] == checked)
    }

    @Test("REPEAT-1 an item without repeat days creates nothing when checked", arguments: StoreKind.allCases)
    func test_REPEAT_1_plainItemCreatesNothing(_ kind: StoreKind) async throws {
        let sut = try await store(kind, MovableClock(start: monday))
        let item = try await sut.add(TodoDraft(title: "Once", dueDate: CalendarDate(iso: "2026-11-23")))
        _ = try await sut.setDone(id: item.id, true)
        #expect(try await sut.count(.all) == 1)
        #expect(try await sut.nextOccurrence(of: item.id) == nil)
    }

    @Test("REPEAT-3 unchecking the same day removes the unchanged occurrence", arguments: StoreKind.allCases)
    func test_REPEAT_3_uncheckSameDayRemovesIt(_ kind: StoreKind) async throws {
        let env = MovableClock(start: monday)
        let sut = try await store(kind, env)
        let item = try await sut.add(TodoDraft(title: "R", dueDate: CalendarDate(iso: "2026-11-23"), repeatRule: .weekly(on: [.monday])))
        _ = try await sut.setDone(id: item.id, true)
        #expect(try await sut.count(.all) == 2)
        let unchecked = try #require(try await sut.setDone(id: item.id, false))
        #expect(!unchecked.isDone)
        #expect(try await sut.items().map(\.id) == [item.id])
        #expect(try await sut.nextOccurrence(of: item.id) == nil)
        // Checking again makes a new one, with a new number.
        _ = try await sut.setDone(id: item.id, true)
        #expect(try await sut.nextOccurrence(of: item.id)?.number == 3)
    }

    @Test("REPEAT-3 an occurrence that was edited, or an uncheck on a later day, keeps the occurrence",
          arguments: StoreKind.allCases)
    func test_REPEAT_3_changedOrLaterKeepsIt(_ kind: StoreKind) async throws {
        let env = MovableClock(start: monday)
        let sut = try await store(kind, env)
        let edited = try await sut.add(TodoDraft(title: "E", repeatRule: .weekly(on: [.friday])))
        _ = try await sut.setDone(id: edited.id, true)
        let occurrence = try #require(try await sut.nextOccurrence(of: edited.id))
        _ = try await sut.update(id: occurrence.id, TodoChanges(title: "E, edited"))
        _ = try await sut.setDone(id: edited.id, false)
        #expect(try await sut.item(id: occurrence.id)?.title == "E, edited")

        let later = try await sut.add(TodoDraft(title: "L", repeatRule: .weekly(on: [.friday])))
        _ = try await sut.setDone(id: later.id, true)
        let laterOccurrence = try #require(try await sut.nextOccurrence(of: later.id))
        env.advance(by: 24 * 3600)
        _ = try await sut.setDone(id: later.id, false)
        #expect(try await sut.item(id: laterOccurrence.id) == laterOccurrence)
    }

    @Test("REPEAT-4 checking again while the occurrence is there creates no second one", arguments: StoreKind.allCases)
    func test_REPEAT_4_noSecondOccurrence(_ kind: StoreKind) async throws {
        let env = MovableClock(start: monday)
        let sut = try await store(kind, env)
        let item = try await sut.add(TodoDraft(title: "R", repeatRule: .weekly(on: [.monday])))
        _ = try await sut.setDone(id: item.id, true)
        env.advance(by: 24 * 3600)
        _ = try await sut.setDone(id: item.id, false)  // a later day: the occurrence stays
        _ = try await sut.setDone(id: item.id, true)
        #expect(try await sut.items().filter { !$0.isDone }.count == 1)
    }

    @Test("REPEAT-5 importing an already-done repeating item creates no occurrence", arguments: StoreKind.allCases)
    func test_REPEAT_5_importDoesNotSpawn(_ kind: StoreKind) async throws {
        let sut = try await store(kind, MovableClock(start: monday))
        let todo = try await sut.add(TodoDraft(title: "to be done by import", repeatRule: .weekly(on: [.monday])))
        var done = todo
        done.isDone = true
        done.completedAt = monday
        _ = try await sut.importItems([
            TodoItem(id: TestEnvironment.id(100), title: "done R", isDone: true, repeatRule: .weekly(on: [.tuesday]),
                     createdAt: monday, completedAt: monday),
            done,
        ])
        #expect(try await sut.count(.all) == 2)
        #expect(try await sut.count(TodoFilter(unfinishedOnly: true)) == 0)
    }
}

/// NUMBER-7: the v6 migration numbers a database written before numbers.
@Suite("Stable numbers: migration")
struct NumbersMigrationTests {
    @Test("NUMBER-7 items of a database from before numbers are numbered in list order; the next one follows")
    func test_NUMBER_7_migrationNumbersInListOrder() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("todo.sqlite")
        // The file as the version before v6 left it: To Do D B A, Done C.
        let old = try DatabaseQueue(path: path)
        try AppDatabase.migrate(old, upTo: "v5 list rows carry their chips")
        try await old.write { db in
            for (n, title, done, position) in [(1, "A", false, 3.0), (2, "B", false, 2.0), (3, "C", true, 1.0), (4, "D", false, 1.0)] {
                try db.execute(
                    sql: """
                        INSERT INTO todoItem (id, title, isDone, position, createdAt, updatedAt, completedAt, version)
                        VALUES (?, ?, ?, ?, 0, 0, ?, 1)
                        """,
                    arguments: [TestEnvironment.id(n).lowercasedText, title, done, position, done ? 0 : nil])
            }
        }
        try old.close()
        let reopened = SQLiteTodoStore(database: try AppDatabase.open(path: path), environment: .fixedForTests())
        #expect(try await reopened.items().map { "\($0.number) \($0.title)" } == ["1 D", "2 B", "3 A", "4 C"])
        #expect(try await reopened.add(TodoDraft(title: "E")).number == 5)
        let unique = try await reopened.database.writer.read { db in
            try Bool.fetchOne(db, sql: "SELECT \"unique\" FROM pragma_index_list('todoItem') WHERE name = 'todoItem_number'")
        }
        #expect(unique == true)
    }
}

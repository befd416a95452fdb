import Foundation
import Testing
import TodoCore
import TodoSQLite
import TodoPostgresTestSupport
import TodoTestSupport

/// The stores under contract: every test below runs against each of them.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case inMemory = "InMemoryTodoStore"
    case sqliteInMemory = "SQLiteTodoStore (in memory)"
    case sqliteFile = "SQLiteTodoStore (file)"
    /// A fresh schema of the test cluster's database (TODO_TEST_DATABASE_URL, set by scripts/test).
    case postgres = "PostgresTodoStore"
    /// OWNER-9: an account's store over a database whose local list already holds a
    /// neighbour's items, with the very ids the test's own items get (`OwnerStores`).
    case sqliteBesideNeighbour = "SQLiteTodoStore (OWNER-9: an account's, beside the local list)"

    var testDescription: String { rawValue }

    func makeSUT(_ env: TestEnvironment = TestEnvironment()) async throws -> any TodoStore {
        switch self {
        case .postgres:
            return try await PostgresTestDatabase.freshStore(environment: env.environment)
        case .inMemory:
            return InMemoryTodoStore(environment: env.environment)
        case .sqliteInMemory:
            return SQLiteTodoStore(database: try AppDatabase.inMemory(), environment: env.environment)
        case .sqliteFile:
            let folder = try TemporaryFolder()
            return SQLiteTodoStore(database: try AppDatabase.open(path: folder.file("todo.sqlite")), environment: env.environment)
        case .sqliteBesideNeighbour:
            return try await OwnerStores.besideNeighbour(environment: env.environment)
        }
    }
}

@Suite("TodoStore contract")
struct TodoStoreContractTests {
    // MARK: ordering rules

    @Test("a new item goes first of To Do", arguments: StoreKind.allCases)
    func test_add_placesNewItemFirstOfToDo(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        try await sut.add(titles: ["A", "B"])
        #expect(try await sut.sectionTitles() == (["B", "A"], []))
    }

    @Test("CHECK-1 checking moves an item to the first place of Done", arguments: StoreKind.allCases)
    func test_check_movesItemFirstOfDone(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let (a, b, c) = try await addThree(sut)
        _ = try await sut.setDone(id: a.id, true)
        _ = try await sut.setDone(id: c.id, true)
        #expect(try await sut.sectionTitles() == (["B"], ["C", "A"]))
        _ = b
    }

    @Test("CHECK-2 unchecking moves an item to the last place of To Do", arguments: StoreKind.allCases)
    func test_uncheck_movesItemLastOfToDo(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let (a, _, _) = try await addThree(sut)
        _ = try await sut.setDone(id: a.id, true)
        _ = try await sut.setDone(id: a.id, false)
        #expect(try await sut.sectionTitles() == (["C", "B", "A"], []))
        let c = try #require(try await sut.items().first)
        _ = try await sut.setDone(id: c.id, true)
        _ = try await sut.setDone(id: c.id, false)
        #expect(try await sut.sectionTitles() == (["B", "A", "C"], []))
    }

    @Test("an item moves to any place of its section, clamped to the section", arguments: StoreKind.allCases)
    func test_move_toAnyPlaceInSection(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let items = try await sut.add(titles: ["A", "B", "C", "D"])  // To Do: D C B A
        let (a, d) = (items[0], items[3])
        _ = try await sut.move(id: a.id, toIndex: 0)
        #expect(try await sut.sectionTitles().todo == ["A", "D", "C", "B"])
        _ = try await sut.move(id: a.id, toIndex: 2)
        #expect(try await sut.sectionTitles().todo == ["D", "C", "A", "B"])
        _ = try await sut.move(id: d.id, toIndex: 99)
        #expect(try await sut.sectionTitles().todo == ["C", "A", "B", "D"])
        _ = try await sut.move(id: d.id, toIndex: -5)
        #expect(try await sut.sectionTitles().todo == ["D", "C", "A", "B"])
        #expect(try await sut.move(id: TestEnvironment.id(999), toIndex: 0) == nil)
    }

    @Test("moving inside Done keeps the item in Done", arguments: StoreKind.allCases)
    func test_move_insideDone(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let items = try await sut.add(titles: ["A", "B", "C"])
        for item in items { _ = try await sut.setDone(id: item.id, true) }  // Done: C B A
        _ = try await sut.move(id: items[2].id, toIndex: 2)
        #expect(try await sut.sectionTitles() == ([], ["B", "A", "C"]))
    }

    @Test("add, check, uncheck and move write no other row", arguments: StoreKind.allCases)
    func test_operations_leaveOtherRowsUntouched(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let items = try await sut.add(titles: ["A", "B", "C", "D", "E"])
        _ = try await sut.setDone(id: items[0].id, true)
        let before = Dictionary(uniqueKeysWithValues: try await sut.items().map { ($0.id, $0) })
        let target = items[2].id
        _ = try await sut.setDone(id: target, true)
        _ = try await sut.setDone(id: target, false)
        _ = try await sut.move(id: target, toIndex: 1)
        _ = try await sut.add(TodoDraft(title: "F"))
        for item in try await sut.items() where item.id != target && before[item.id] != nil {
            #expect(item == before[item.id], "\(item.title) was rewritten")
        }
    }

    @Test("fifty moves into the same gap keep the order right", arguments: StoreKind.allCases)
    func test_move_manyTimesIntoTheSameGap(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        var titles = ["A", "B"]
        try await sut.add(titles: titles.reversed())  // To Do: A B
        for n in 0..<60 {
            let item = try await sut.add(TodoDraft(title: "x\(n)"))
            _ = try await sut.move(id: item.id, toIndex: 1)
            titles.insert("x\(n)", at: 1)
        }
        #expect(try await sut.sectionTitles().todo == titles)
    }

    // MARK: SAVE-4, SAVE-5

    @Test("SAVE-5 updating by id changes only the given fields and returns the stored item", arguments: StoreKind.allCases)
    func test_SAVE_5_updateChangesOnlyGivenFields(_ kind: StoreKind) async throws {
        let env = TestEnvironment()
        let sut = try await kind.makeSUT(env)
        let original = try await sut.add(
            TodoDraft(
                title: "Buy milk", details: "2 litres", dueDate: CalendarDate(iso: "2026-12-01"),
                location: Location(name: "Shop"), project: Project(name: "Home"), estimateMinutes: 15,
                repeatRule: .weekly(on: [.monday])))
        let updated = try #require(try await sut.update(id: original.id, TodoChanges(title: "  Buy oat milk ", details: .some(nil))))
        var expected = original
        expected.title = "Buy oat milk"
        expected.details = nil
        expected.version = 2
        expected.updatedAt = updated.updatedAt
        #expect(updated == expected)
        #expect(updated.updatedAt > original.updatedAt)
        #expect(try await sut.item(id: original.id) == updated, "returns the item as read back")
    }

    @Test("SAVE-5 an unknown id returns nothing and changes nothing", arguments: StoreKind.allCases)
    func test_SAVE_5_unknownIDChangesNothing(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        try await sut.add(titles: ["A"])
        let before = try await sut.items()
        #expect(try await sut.update(id: TestEnvironment.id(999), TodoChanges(title: "Z")) == nil)
        #expect(try await sut.delete(id: TestEnvironment.id(999)) == false)
        #expect(try await sut.items() == before)
    }

    @Test("SAVE-5 an update that changes nothing stores nothing", arguments: StoreKind.allCases)
    func test_SAVE_5_noOpUpdateKeepsVersion(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let item = try #require(try await sut.add(titles: ["A"]).first)
        #expect(try await sut.update(id: item.id, TodoChanges(title: "A", isDone: false)) == item)
    }

    @Test("SAVE-4 an in-memory store writes nothing to disk; a file store writes its file")
    func test_SAVE_4_inMemoryAndOnDisk() async throws {
        let memory = try AppDatabase.inMemory()
        let file = try await memory.writer.read { db in try String.fetchOne(db, sql: "SELECT file FROM pragma_database_list WHERE name = 'main'") }
        #expect(file == "", "an in-memory SQLite database has no file")
        #expect(memory.path == nil)

        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("nested/todo.sqlite")
        let disk = SQLiteTodoStore(database: try AppDatabase.open(path: path), environment: .fixedForTests())
        _ = try await disk.add(TodoDraft(title: "on disk"))
        #expect(FileManager.default.fileExists(atPath: path))
    }

    // MARK: other contract points

    @Test("check and uncheck keep completedAt and version in step", arguments: StoreKind.allCases)
    func test_check_setsCompletedAt(_ kind: StoreKind) async throws {
        let env = TestEnvironment()
        let sut = try await kind.makeSUT(env)
        let item = try #require(try await sut.add(titles: ["A"]).first)
        #expect(item.completedAt == nil && item.version == 1 && item.createdAt == TestEnvironment.referenceDate)
        let checked = try #require(try await sut.setDone(id: item.id, true))
        #expect(checked.isDone && checked.completedAt == checked.updatedAt && checked.version == 2)
        let unchecked = try #require(try await sut.setDone(id: item.id, false))
        #expect(!unchecked.isDone && unchecked.completedAt == nil && unchecked.version == 3)
    }

    @Test("a stale expected version is refused and changes nothing", arguments: StoreKind.allCases)
    func test_update_withStaleVersion_isRefused(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let item = try #require(try await sut.add(titles: ["A"]).first)
        let edited = try #require(try await sut.update(id: item.id, TodoChanges(title: "B"), expectedVersion: 1))
        await #expect(throws: TodoStoreError.versionConflict(current: edited)) {
            try await sut.update(id: item.id, TodoChanges(title: "C"), expectedVersion: 1)
        }
        await #expect(throws: TodoStoreError.versionConflict(current: edited)) {
            try await sut.delete(id: item.id, expectedVersion: 1)
        }
        #expect(try await sut.items() == [edited])
    }

    @Test("invalid values are refused and nothing is stored", arguments: StoreKind.allCases)
    func test_invalidValues_areRefused(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        await #expect(throws: TodoValidationError.emptyTitle) { try await sut.add(TodoDraft(title: "   ")) }
        let item = try #require(try await sut.add(titles: ["A"]).first)
        await #expect(throws: TodoValidationError.titleTooLong(length: 501)) {
            try await sut.update(id: item.id, TodoChanges(title: String(repeating: "y", count: 501)))
        }
        #expect(try await sut.items() == [item])
    }

    @Test("lists filter by project, due date and unfinished-only, keeping both sections", arguments: StoreKind.allCases)
    func test_filters(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let day = CalendarDate(iso: "2026-11-21")!
        let work1 = try await sut.add(TodoDraft(title: "W1", dueDate: day, project: Project(name: "Work")))
        _ = try await sut.add(TodoDraft(title: "W2", project: Project(name: "Work")))
        _ = try await sut.add(TodoDraft(title: "H1", dueDate: day, project: Project(name: "Home")))
        _ = try await sut.setDone(id: work1.id, true)
        #expect(try await sut.sectionTitles(TodoFilter(project: "Work")) == (["W2"], ["W1"]))
        #expect(try await sut.sectionTitles(TodoFilter(dueDate: day)) == (["H1"], ["W1"]))
        #expect(try await sut.sectionTitles(TodoFilter(unfinishedOnly: true)) == (["H1", "W2"], []))
        #expect(try await sut.count(TodoFilter(project: "Work")) == 2)
        #expect(try await sut.items(TodoFilter(project: "Nope")).isEmpty)
        #expect(try await sut.projects() == [Project(name: "Home"), Project(name: "Work")])
    }

    @Test("projects without items disappear from the project list", arguments: StoreKind.allCases)
    func test_projects_dropWhenUnused(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let a = try await sut.add(TodoDraft(title: "A", project: Project(name: "Trip")))
        let b = try await sut.add(TodoDraft(title: "B", project: Project(name: "Work")))
        _ = try await sut.update(id: a.id, TodoChanges(project: .some(nil)))
        _ = try await sut.delete(id: b.id)
        #expect(try await sut.projects() == [])
    }

    @Test("items are found by display offset and by id prefix", arguments: StoreKind.allCases)
    func test_lookups(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let items = try await sut.add(titles: ["A", "B", "C"])
        _ = try await sut.setDone(id: items[1].id, true)  // display: C A | B
        #expect(try await sut.item(atOffset: 0)?.title == "C")
        #expect(try await sut.item(atOffset: 2)?.title == "B")
        #expect(try await sut.item(atOffset: 3) == nil)
        #expect(try await sut.item(atOffset: -1) == nil)
        #expect(try await sut.items(idPrefix: "00000000-0000-4000-8000-00000000000", limit: 10).count == 3)
        #expect(try await sut.items(idPrefix: "00000000-0000-4000-8000-000000000002", limit: 10).map(\.title) == ["B"])
        #expect(try await sut.items(idPrefix: "zz*", limit: 10).isEmpty)
    }

    @Test("a page of a section carries each row's place in the list read (To Do, then Done)", arguments: StoreKind.allCases)
    func test_listEntries_pagesKeepListPlaces(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        for index in 0..<9 {
            let item = try await sut.add(TodoDraft(
                title: "T\(index)", dueDate: index % 4 == 0 ? CalendarDate(year: 2026, month: 3, day: index + 1) : nil,
                location: index % 3 == 1 ? Location(name: "Shop \(index)") : nil,
                project: Project(name: index % 2 == 0 ? "Even" : "Odd")))
            if index % 3 == 0 { _ = try await sut.setDone(id: item.id, true) }
        }
        let all = try await sut.items()
        for section in TodoSection.allCases {
            for filter in [TodoFilter.all, TodoFilter(project: "Even"), TodoFilter(project: "Odd", unfinishedOnly: true)] {
                var unfiltered = filter
                unfiltered.unfinishedOnly = false
                let list = all.filter(unfiltered.matches)
                let number = { (item: TodoItem) in (list.firstIndex(of: item) ?? -1) + 1 }
                let expected = list.filter { $0.section == section }
                for (offset, limit) in [(0, 100), (1, 2), (2, 1), (50, 3), (0, 0)] {
                    let page = try await sut.listEntries(filter, in: section, offset: offset, limit: limit)
                    let wanted = Array(expected.dropFirst(offset).prefix(limit))
                    #expect(page == wanted.map { ListEntry(number: number($0), item: $0) }, "\(section) \(filter) \(offset) \(limit)")
                }
            }
        }
    }

    @Test("a page of the list carries its sections' counts, the clamped page, each section's rows and the projects",
          arguments: StoreKind.allCases)
    func test_listPage_countsAndRowsOfOnePage(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        for index in 0..<9 {
            let item = try await sut.add(TodoDraft(title: "T\(index)", project: Project(name: index % 2 == 0 ? "Even" : "Odd")))
            if index % 3 == 0 { _ = try await sut.setDone(id: item.id, true) }
        }
        let all = try await sut.items()
        for filter in [TodoFilter.all, TodoFilter(project: "Even")] {
            let numbered = all.filter(filter.matches).enumerated()
                .map { ListEntry(number: $0.offset + 1, item: $0.element) }
            for sections in [[TodoSection.todo], TodoSection.allCases] {
                for (page, size) in [(1, 2), (2, 2), (99, 2), (0, 2), (1, nil), (3, nil)] as [(Int, Int?)] {
                    let loaded = try await sut.listPage(filter, sections: sections, page: page, rowsPerSection: size)
                    let rows = Dictionary(grouping: numbered, by: { $0.isDone ? TodoSection.done : .todo })
                    let longest = sections.map { rows[$0, default: []].count }.max() ?? 0
                    let pageCount = size.map { max(1, (longest + $0 - 1) / $0) } ?? 1
                    let shown = min(max(page, 1), pageCount)
                    let label = "\(filter) \(sections) page \(page) of \(String(describing: size))"
                    #expect(loaded.total == numbered.count, "\(label)")
                    #expect(loaded.counts == Dictionary(uniqueKeysWithValues: sections.map { ($0, rows[$0, default: []].count) }), "\(label)")
                    #expect(loaded.page == shown && loaded.pageCount == pageCount, "\(label)")
                    #expect(loaded.projects == [Project(name: "Even"), Project(name: "Odd")], "\(label)")
                    for section in sections {
                        let wanted = Array(rows[section, default: []].dropFirst((shown - 1) * (size ?? 0)).prefix(size ?? .max))
                        #expect((loaded.entries[section] ?? []) == wanted, "\(label) \(section)")
                    }
                }
            }
        }
    }

    @Test("the next slice of a section starts right after the last row read, numbered the same", arguments: StoreKind.allCases)
    func test_listEntriesAfter_continuesTheSection(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        for index in 0..<9 {
            let item = try await sut.add(TodoDraft(title: "T\(index)", project: Project(name: index % 2 == 0 ? "Even" : "Odd")))
            if index % 3 == 0 { _ = try await sut.setDone(id: item.id, true) }
        }
        for section in TodoSection.allCases {
            for filter in [TodoFilter.all, TodoFilter(project: "Even")] {
                let whole = try await sut.listEntries(filter, in: section, offset: 0, limit: 100)
                var sliced = try await sut.listEntries(filter, in: section, offset: 0, limit: 2)
                while let last = sliced.last {
                    let next = try await sut.listEntries(filter, in: section, after: last, limit: 2)
                    if next.isEmpty { break }
                    sliced += next
                }
                #expect(sliced == whole, "\(section) \(filter)")
            }
        }
        let first = try #require(try await sut.listEntries(.all, in: .todo, offset: 0, limit: 1).first)
        _ = try await sut.delete(id: first.id)
        #expect(try await sut.listEntries(.all, in: .todo, after: first, limit: 10).isEmpty, "after a deleted row")
    }

    @Test("DELETE-1 DELETE-2 deleting removes an item from either section", arguments: StoreKind.allCases)
    func test_delete_fromEitherSection(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let (a, b, _) = try await addThree(sut)
        _ = try await sut.setDone(id: b.id, true)
        #expect(try await sut.delete(id: a.id))
        #expect(try await sut.delete(id: b.id))
        #expect(try await sut.sectionTitles() == (["C"], []))
        try await sut.deleteAll()
        #expect(try await sut.items().isEmpty)
    }

    private func addThree(_ sut: any TodoStore) async throws -> (TodoItem, TodoItem, TodoItem) {
        let items = try await sut.add(titles: ["A", "B", "C"])
        return (items[0], items[1], items[2])
    }
}

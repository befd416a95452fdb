import Foundation
import GRDB
import Testing
import TodoCore
import TodoSQLite
import TodoTestSupport

/// Search (FIND-1…7) and the due scopes of Today, Overdue and Upcoming (DAY-1, DAY-2, DAY-5),
/// against every store.
@Suite("Search and due scopes: store contract")
struct SearchTodayContractTests {
    private static let today = CalendarDate(iso: "2026-11-21")!

    private func titles(_ sut: any TodoStore, _ text: String) async throws -> (todo: [String], done: [String]) {
        try await sut.sectionTitles(TodoFilter(text: text))
    }

    /// Adds `drafts` in order (each goes first of To Do, or of Done when done).
    @discardableResult
    private func add(_ sut: any TodoStore, _ drafts: [TodoDraft]) async throws -> [TodoItem] {
        var added: [TodoItem] = []
        for draft in drafts { added.append(try await sut.add(draft)) }
        return added
    }

    // MARK: search

    @Test("FIND-1 a search finds title, details, project and location, ignoring case, in the two sections",
          arguments: StoreKind.allCases)
    func test_FIND_1_searchesEveryTextInTwoSections(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        try await add(sut, [
            TodoDraft(title: "Buy MILK"),
            TodoDraft(title: "Call mom", details: "ask about the milkman"),
            TodoDraft(title: "Errand", project: Project(name: "Milky Way")),
            TodoDraft(title: "Shop", location: Location(name: "Milk bar")),
            TodoDraft(title: "Old milk", isDone: true),
            TodoDraft(title: "Bread"),
            TodoDraft(title: "Done milk run", isDone: true),
        ])
        let found = try await titles(sut, "milk")
        #expect(found.todo == ["Shop", "Errand", "Call mom", "Buy MILK"])
        #expect(found.done == ["Done milk run", "Old milk"])
        #expect(try await sut.count(TodoFilter(text: "Milk")) == 6)
        #expect(try await sut.count(TodoFilter(unfinishedOnly: true, text: "milk")) == 4)
        // A page of a search: the usual layout, rows placed in the search's own list.
        let page = try await sut.listPage(TodoFilter(text: "milk"), sections: [.todo, .done], page: 1, rowsPerSection: 2)
        #expect(page.counts == [.todo: 4, .done: 2])
        #expect(page.pageCount == 2)
        #expect(page.entries[.todo]?.map(\.title) == ["Shop", "Errand"])
        #expect(page.entries[.todo]?.map(\.number) == [1, 2])
        let next = try await sut.listEntries(TodoFilter(text: "milk"), in: .todo, after: try #require(page.entries[.todo]?.last), limit: 5)
        #expect(next.map(\.title) == ["Call mom", "Buy MILK"])
        #expect(next.map(\.number) == [3, 4])
        #expect(try await sut.listEntries(TodoFilter(text: "milk"), in: .done, offset: 1, limit: 5).map(\.title) == ["Old milk"])
        // The API's cursor paging keeps the search.
        let first = try await sut.items(TodoFilter(text: "milk"), after: nil, limit: 3)
        let rest = try await sut.items(TodoFilter(text: "milk"), after: ListCursor(after: try #require(first.last)), limit: 10)
        #expect((first + rest).map(\.title) == ["Shop", "Errand", "Call mom", "Buy MILK", "Done milk run", "Old milk"])
    }

    @Test("FIND-2 a part of a word, and of Chinese and Japanese text, is found", arguments: StoreKind.allCases)
    func test_FIND_2_substringsAndCJK(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        try await add(sut, [
            TodoDraft(title: "Buy milk"), TodoDraft(title: "我喜欢吃苹果"), TodoDraft(title: "東京タワーに行く"),
            TodoDraft(title: "Café crème"), TodoDraft(title: "Ünïcode ÉCOLE"),
        ])
        #expect(try await titles(sut, "mil").todo == ["Buy milk"])
        #expect(try await titles(sut, "ilk").todo == ["Buy milk"])
        #expect(try await titles(sut, "吃苹果").todo == ["我喜欢吃苹果"])
        #expect(try await titles(sut, "苹果").todo == ["我喜欢吃苹果"])
        #expect(try await titles(sut, "京タワー").todo == ["東京タワーに行く"])
        #expect(try await titles(sut, "東京").todo == ["東京タワーに行く"])
        #expect(try await titles(sut, "crème").todo == ["Café crème"])
        #expect(try await titles(sut, "école").todo == ["Ünïcode ÉCOLE"])
        #expect(try await titles(sut, "ケーキ").todo == [])
    }

    @Test("FIND-3 one- and two-character queries find what contains them", arguments: StoreKind.allCases)
    func test_FIND_3_shortQueries(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        try await add(sut, [
            TodoDraft(title: "Buy milk"), TodoDraft(title: "Fix the fence", location: Location(name: "Yard")),
            TodoDraft(title: "Call", project: Project(name: "Q3")), TodoDraft(title: "猫"),
        ])
        #expect(try await titles(sut, "BU").todo == ["Buy milk"])
        #expect(try await titles(sut, "y").todo == ["Fix the fence", "Buy milk"])
        #expect(try await titles(sut, "q3").todo == ["Call"])
        #expect(try await titles(sut, "猫").todo == ["猫"])
        #expect(try await titles(sut, "zz").todo == [])
    }

    @Test("FIND-4 search syntax characters and words are searched as they are", arguments: StoreKind.allCases)
    func test_FIND_4_syntaxIsLiteral(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let texts = [
            "Say \"hello\" twice", "a*b star", "well-known", "NEAR(x) call", "AND gate", "NOT this", "OR that",
            "col:umn", "^caret", "50% off", "snake_case", "back\\slash", "(paren)", "x OR y",
        ]
        for text in texts { _ = try await sut.add(TodoDraft(title: text)) }
        let queries: [(String, [String])] = [
            ("\"hello\"", ["Say \"hello\" twice"]), ("\"", ["Say \"hello\" twice"]), ("a*b", ["a*b star"]),
            ("*", ["a*b star"]), ("-known", ["well-known"]), ("-", ["well-known"]), ("NEAR(x)", ["NEAR(x) call"]),
            ("AND", ["AND gate"]), ("not", ["NOT this"]), ("col:umn", ["col:umn"]), ("^ca", ["^caret"]),
            ("50%", ["50% off"]), ("%", ["50% off"]), ("_", ["snake_case"]), ("e_c", ["snake_case"]),
            ("\\", ["back\\slash"]), ("k\\s", ["back\\slash"]), ("(paren)", ["(paren)"]), ("(", ["NEAR(x) call", "(paren)"]),
            ("\"\"\"", []), ("OR", ["x OR y", "OR that"]),
        ]
        for (query, expected) in queries {
            let found = try await titles(sut, query).todo
            #expect(Set(found) == Set(expected), "\(query)")
        }
    }

    @Test("FIND-5 every word must appear, in any order and any field; a blank query is no search",
          arguments: StoreKind.allCases)
    func test_FIND_5_wordsInAnyOrder(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        try await add(sut, [
            TodoDraft(title: "Buy milk", location: Location(name: "Home")), TodoDraft(title: "Buy bread"),
            TodoDraft(title: "Milk the cow"),
        ])
        #expect(try await titles(sut, "milk home").todo == ["Buy milk"])
        #expect(try await titles(sut, "  HOME   milk ").todo == ["Buy milk"])
        #expect(try await titles(sut, "milk b").todo == ["Buy milk"])
        #expect(try await titles(sut, "milk cow bread").todo == [])
        #expect(try await titles(sut, "   ").todo.count == 3)
        #expect(TodoFilter(text: " \t ").words.isEmpty)
    }

    @Test("FIND-7 the index follows adds, edits, project changes, deletes and imports", arguments: StoreKind.allCases)
    func test_FIND_7_indexFollowsEveryWrite(_ kind: StoreKind) async throws {
        let env = TestEnvironment()
        let sut = try await kind.makeSUT(env)
        let added = try await add(sut, [
            TodoDraft(title: "Alpha task", project: Project(name: "Garden")), TodoDraft(title: "Beta task"),
        ])
        let (alpha, beta) = (added[0], added[1])
        #expect(try await titles(sut, "alpha").todo == ["Alpha task"])
        _ = try await sut.update(id: alpha.id, TodoChanges(title: "Gamma task"))
        #expect(try await titles(sut, "alpha").todo == [])
        #expect(try await titles(sut, "gamma").todo == ["Gamma task"])
        _ = try await sut.update(id: alpha.id, TodoChanges(details: .some("with zucchini")))
        #expect(try await titles(sut, "zucchini").todo == ["Gamma task"])
        _ = try await sut.update(id: alpha.id, TodoChanges(details: .some(nil)))
        #expect(try await titles(sut, "zucchini").todo == [])
        #expect(try await titles(sut, "garden").todo == ["Gamma task"])
        _ = try await sut.update(id: alpha.id, TodoChanges(project: .some(Project(name: "Orchard"))))
        #expect(try await titles(sut, "garden").todo == [])
        #expect(try await titles(sut, "orchard").todo == ["Gamma task"])
        _ = try await sut.update(id: beta.id, TodoChanges(location: .some(Location(name: "Harbour"))))
        #expect(try await titles(sut, "harbour").todo == ["Beta task"])
        _ = try await sut.setDone(id: beta.id, true)
        _ = try await sut.move(id: alpha.id, toIndex: 0)
        #expect(try await titles(sut, "harbour").done == ["Beta task"])
        #expect(try await sut.delete(id: beta.id))
        #expect(try await titles(sut, "harbour").done == [])
        var replaced = try #require(try await sut.item(id: alpha.id))
        replaced.title = "Delta task"
        _ = try await sut.importItems([
            replaced, TodoItem(id: TestEnvironment.id(99), title: "Imported epsilon", createdAt: TestEnvironment.referenceDate),
        ])
        #expect(try await titles(sut, "gamma").todo == [])
        #expect(try await titles(sut, "delta").todo == ["Delta task"])
        #expect(try await titles(sut, "epsilon").todo == ["Imported epsilon"])
        #expect(try await titles(sut, "task").todo == ["Delta task"])
        try await sut.deleteAll()
        #expect(try await titles(sut, "task").todo == [])
    }

    // MARK: due scopes

    private func addDated(_ sut: any TodoStore) async throws {
        let day = Self.today
        try await add(sut, [
            TodoDraft(title: "Last week", dueDate: day.adding(days: -7)),
            TodoDraft(title: "Yesterday", dueDate: day.adding(days: -1)),
            TodoDraft(title: "Yesterday, done", isDone: true, dueDate: day.adding(days: -1)),
            TodoDraft(title: "Today", dueDate: day),
            TodoDraft(title: "Today, done", isDone: true, dueDate: day),
            TodoDraft(title: "Tomorrow", dueDate: day.adding(days: 1)),
            TodoDraft(title: "In a week", dueDate: day.adding(days: 7)),
            TodoDraft(title: "In a week, done", isDone: true, dueDate: day.adding(days: 7)),
            TodoDraft(title: "In eight days", dueDate: day.adding(days: 8)),
            TodoDraft(title: "No date"),
        ])
    }

    @Test("DAY-1 overdue: not done and due before the day", arguments: StoreKind.allCases)
    func test_DAY_1_overdue(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        try await addDated(sut)
        let filter = TodoFilter(due: .overdue(before: Self.today))
        #expect(try await sut.sectionTitles(filter) == (["Yesterday", "Last week"], []))
        #expect(try await sut.count(filter) == 2)
        let page = try await sut.listPage(filter, sections: [.todo], page: 1, rowsPerSection: 50)
        #expect(page.entries[.todo]?.map(\.title) == ["Yesterday", "Last week"])
        #expect(page.entries[.todo]?.map(\.number) == [1, 2])
    }

    @Test("DAY-2 today with overdue: due today in both sections, and the overdue to-do items", arguments: StoreKind.allCases)
    func test_DAY_2_todayWithOverdue(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        try await addDated(sut)
        let filter = TodoFilter(due: .todayWithOverdue(Self.today))
        #expect(try await sut.sectionTitles(filter) == (["Today", "Yesterday", "Last week"], ["Today, done"]))
        #expect(try await sut.count(filter) == 4)
        #expect(try await sut.count(TodoFilter(unfinishedOnly: true, due: .todayWithOverdue(Self.today))) == 3)
    }

    @Test("DAY-5 a range of days, both ends included", arguments: StoreKind.allCases)
    func test_DAY_5_between(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        try await addDated(sut)
        let filter = TodoFilter(due: .between(Self.today.adding(days: 1), Self.today.adding(days: 7)))
        #expect(try await sut.sectionTitles(filter) == (["In a week", "Tomorrow"], ["In a week, done"]))
        var open = filter
        open.unfinishedOnly = true
        #expect(try await sut.count(open) == 2)
    }

    @Test("TIME-7 overdue at a time: what is due before the day, and what was due on it before that time", arguments: StoreKind.allCases)
    func test_TIME_7_overdueAtATime(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let today = Self.today
        try await add(sut, [
            TodoDraft(title: "Yesterday at noon", dueDate: today.adding(days: -1), dueTime: TimeOfDay(hour: 12, minute: 0)),
            TodoDraft(title: "Today at 9", dueDate: today, dueTime: TimeOfDay(hour: 9, minute: 0)),
            TodoDraft(title: "Today at 14:59", dueDate: today, dueTime: TimeOfDay(hour: 14, minute: 59)),
            TodoDraft(title: "Today at 15", dueDate: today, dueTime: TimeOfDay(hour: 15, minute: 0)),
            TodoDraft(title: "Today, no time", dueDate: today),
            TodoDraft(title: "Today at 8, done", isDone: true, dueDate: today, dueTime: TimeOfDay(hour: 8, minute: 0)),
            TodoDraft(title: "Tomorrow at 1", dueDate: today.adding(days: 1), dueTime: TimeOfDay(hour: 1, minute: 0)),
        ])
        let atThree = TodoFilter(due: .overdue(before: today, time: TimeOfDay(hour: 15, minute: 0)))
        #expect(try await sut.sectionTitles(atThree) == (["Today at 14:59", "Today at 9", "Yesterday at noon"], []))
        #expect(try await sut.count(atThree) == 3)
        let page = try await sut.listPage(atThree, sections: [.todo], page: 1, rowsPerSection: 2)
        #expect(page.entries[.todo]?.map(\.title) == ["Today at 14:59", "Today at 9"])
        #expect(page.pageCount == 2)
        // Without the time, only the days count (DAY-1).
        #expect(try await sut.sectionTitles(TodoFilter(due: .overdue(before: today))) == (["Yesterday at noon"], []))
    }

    @Test("TIME-5 the order by time: the to-dos with a time first, earliest first, then the others, each in the list's order",
          arguments: StoreKind.allCases)
    func test_TIME_5_orderByTime(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let day = Self.today.adding(days: 2)
        try await add(sut, [
            TodoDraft(title: "No time A", dueDate: day),
            TodoDraft(title: "At 18", dueDate: day, dueTime: TimeOfDay(hour: 18, minute: 0)),
            TodoDraft(title: "At 9, second", dueDate: day, dueTime: TimeOfDay(hour: 9, minute: 0)),
            TodoDraft(title: "No time B", dueDate: day),
            TodoDraft(title: "At 9, first", dueDate: day, dueTime: TimeOfDay(hour: 9, minute: 0)),
            TodoDraft(title: "At 0:00", dueDate: day, dueTime: TimeOfDay(hour: 0, minute: 0)),
        ])
        let filter = TodoFilter(dueDate: day, order: .time)
        let order = ["At 0:00", "At 9, first", "At 9, second", "At 18", "No time B", "No time A"]
        #expect(try await sut.sectionTitles(filter).todo == order)
        let second = try await sut.listPage(filter, sections: [.todo], page: 2, rowsPerSection: 4)
        #expect(second.entries[.todo]?.map(\.title) == Array(order.suffix(2)))
        #expect(try await sut.items(filter).map(\.title) == order)
    }

    @Test("FIND-1 DAY-2 a search and a due scope together keep what matches both", arguments: StoreKind.allCases)
    func test_FIND_1_searchWithinDueScope(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        try await addDated(sut)
        let filter = TodoFilter(text: "day", due: .todayWithOverdue(Self.today))
        #expect(try await sut.sectionTitles(filter) == (["Today", "Yesterday"], ["Today, done"]))
    }
}

/// What only the SQLite store has: the index itself, its migration, and its query plans.
@Suite("Search index (SQLite)")
struct SearchIndexTests {
    @Test("FIND-7 a file made before the index existed is indexed when it is opened")
    func test_FIND_7_migrationIndexesExistingRows() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("todo.sqlite")
        let store = SQLiteTodoStore(database: try AppDatabase.open(path: path), environment: .fixedForTests())
        _ = try await store.add(TodoDraft(title: "Water the plants", project: Project(name: "Garden")))
        _ = try await store.add(TodoDraft(title: "东京 trip", location: Location(name: "Shinjuku station")))
        // Back to the schema before the index, as an older version of Todo left the file.
        try await store.database.writer.write { db in
            try db.execute(sql: """
                DROP TRIGGER todoItem_searchAdded; DROP TRIGGER todoItem_searchDeleted;
                DROP TRIGGER todoItem_searchChanged; DROP TRIGGER project_searchRenamed;
                DROP TABLE todoSearch; DELETE FROM grdb_migrations WHERE identifier = 'v6-search full-text index';
                """)
        }
        let reopened = SQLiteTodoStore(database: try AppDatabase.open(path: path), environment: .fixedForTests())
        #expect(try await reopened.sectionTitles(TodoFilter(text: "garden")).todo == ["Water the plants"])
        #expect(try await reopened.sectionTitles(TodoFilter(text: "shinjuku")).todo == ["东京 trip"])
        #expect(try await reopened.sectionTitles(TodoFilter(text: "plant")).todo == ["Water the plants"])
    }

    @Test("FIND-7 a renamed project is found by its new name")
    func test_FIND_7_projectRenameIsIndexed() async throws {
        let database = try AppDatabase.inMemory()
        let store = SQLiteTodoStore(database: database, environment: .fixedForTests())
        _ = try await store.add(TodoDraft(title: "Weed", project: Project(name: "Garden")))
        try await database.writer.write { db in try db.execute(sql: "UPDATE project SET name = 'Orchard'") }
        #expect(try await store.sectionTitles(TodoFilter(text: "orchard")).todo == ["Weed"])
        #expect(try await store.sectionTitles(TodoFilter(text: "garden")).todo == [])
    }

    @Test("FIND-1 DAY-2 a search reads the index, Today the due-date index")
    func test_FIND_1_queryPlans() async throws {
        let database = try AppDatabase.inMemory()
        let plans = try await database.writer.read { db in
            try [
                "SELECT i.id FROM todoItem i WHERE +i.owner = '' AND +i.isDone = 0 AND i.rowid IN (SELECT rowid FROM todoSearch WHERE todoSearch MATCH 'milk') ORDER BY i.position, i.id LIMIT 50",
                "SELECT COUNT(*) FROM todoItem i WHERE i.owner = '' AND i.dueDate <= '2026-11-21' AND (i.dueDate = '2026-11-21' OR i.isDone = 0)",
            ].map { sql in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }.joined(separator: "; ")
            }
        }
        #expect(plans[0].contains("VIRTUAL TABLE INDEX"), "\(plans[0])")
        #expect(plans[1].contains("todoItem_dueDate"), "\(plans[1])")
    }
}

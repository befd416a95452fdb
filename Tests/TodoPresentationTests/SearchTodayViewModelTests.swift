import Foundation
import Testing
import TodoCore
import TodoPresentation
import TodoSQLite
import TodoTestSupport

@Suite("Search, Today, Overdue and Upcoming ViewModels")
struct SearchTodayViewModelTests {
    @Test("FIND-1 a search list: the matching rows in the two sections, with their stable numbers, titled by the query")
    func test_FIND_1_searchList() async throws {
        let (sut, store) = makeListSUT(scope: .search("milk"))
        let milk = try await store.add(TodoDraft(title: "Buy milk"))
        _ = try await store.add(TodoDraft(title: "Bread"))
        _ = try await store.add(TodoDraft(title: "Milk the cow", location: Location(name: "Farm")))
        _ = try await store.setDone(id: milk.id, true)
        try await sut.load()
        #expect(sut.title == "Search “milk”")
        #expect(sut.searchText == "milk")
        #expect(sut.headerTitles == ["To Do", "Done"])
        #expect(sut.titles(.todo) == ["Milk the cow"])
        #expect(sut.titles(.done) == ["Buy milk"])
        #expect(sut.rows.map(\.number) == [3, 1], "each item's own number (NUMBER-1), not its place")
        #expect(try await sut.loadItems().map(\.title) == ["Milk the cow", "Buy milk"])
    }

    @Test("FIND-6 nothing matches: the sentence names the query")
    func test_FIND_6_nothingMatches() async throws {
        let (sut, store) = makeListSUT(scope: .search("kale"))
        try await store.add(titles: ["Buy milk"])
        try await sut.load()
        #expect(sut.isEmpty)
        #expect(sut.emptyMessage == "Nothing matches “kale”")
    }

    @Test("FIND-1 the SQLite store gives a search list the same rows")
    func test_FIND_1_searchListOnSQLite() async throws {
        let store = SQLiteTodoStore(database: try AppDatabase.inMemory(), environment: TestEnvironment().environment)
        _ = try await store.add(TodoDraft(title: "我喜欢吃苹果"))
        _ = try await store.add(TodoDraft(title: "Bread"))
        let sut = TodoListViewModel(store: store, scope: .search("苹果"), today: { today })
        try await sut.load()
        #expect(sut.titles(.todo) == ["我喜欢吃苹果"])
        #expect(sut.rows.map(\.number) == [1])
    }

    @Test("DAY-2 Today: the overdue rows first, marked, then what is due today in its two sections")
    func test_DAY_2_todayWithOverdueFirst() async throws {
        let (sut, store) = makeListSUT(scope: .today)
        _ = try await store.add(TodoDraft(title: "Last week", dueDate: today.adding(days: -7)))
        _ = try await store.add(TodoDraft(title: "Yesterday", dueDate: today.adding(days: -1)))
        _ = try await store.add(TodoDraft(title: "Yesterday, done", isDone: true, dueDate: today.adding(days: -1)))
        _ = try await store.add(TodoDraft(title: "Today", dueDate: today))
        _ = try await store.add(TodoDraft(title: "Today, done", isDone: true, dueDate: today))
        _ = try await store.add(TodoDraft(title: "Tomorrow", dueDate: today.adding(days: 1)))
        _ = try await store.add(TodoDraft(title: "No date"))
        try await sut.load()
        #expect(sut.title == "Today")
        #expect(sut.overdueHeaderTitle == "Overdue")
        #expect(sut.overdueRows.map(\.title) == ["Yesterday", "Last week"])
        #expect(sut.overdueRows.allSatisfy(sut.isOverdue))
        #expect(sut.overdueCount == 2)
        #expect(sut.headerTitles == ["To Do", "Done"])
        #expect(sut.titles(.todo) == ["Today"])
        #expect(sut.titles(.done) == ["Today, done"])
        #expect(!sut.rows.contains(where: sut.isOverdue))
        #expect(TodoListViewModel.overdueLabel == "overdue")
        #expect(try await sut.loadItems().map(\.title) == ["Yesterday", "Last week", "Today", "Today, done"])
    }

    @Test("DAY-2 Today with only overdue items is not empty; each part is paged")
    func test_DAY_2_onlyOverdueAndPaging() async throws {
        let (sut, store) = makeListSUT(scope: .today)
        for day in 1...3 { _ = try await store.add(TodoDraft(title: "Late \(day)", dueDate: today.adding(days: -day))) }
        try await sut.load(page: 2, rowsPerSection: 2)
        #expect(!sut.isEmpty)
        #expect(sut.page == 2 && sut.pageCount == 2)
        #expect(sut.overdueRows.map(\.title) == ["Late 1"])
        #expect(sut.overdueCount == 3)
        let first = try #require(try await { try await sut.load(page: 1, rowsPerSection: 2); return sut.overdueRows.last }())
        #expect(try await sut.overdueRows(after: first, limit: 5).map(\.title) == ["Late 1"])
    }

    @Test("DAY-3 Today with nothing due or overdue says so")
    func test_DAY_3_nothingDueToday() async throws {
        let (sut, store) = makeListSUT(scope: .today)
        _ = try await store.add(TodoDraft(title: "Tomorrow", dueDate: today.adding(days: 1)))
        _ = try await store.add(TodoDraft(title: "Done yesterday", isDone: true, dueDate: today.adding(days: -1)))
        try await sut.load()
        #expect(sut.isEmpty)
        #expect(sut.emptyMessage == "Nothing due today")
    }

    @Test("DAY-4 the Overdue list: only the to-do items due before today; none says so")
    func test_DAY_4_overdueList() async throws {
        let (sut, store) = makeListSUT(scope: .overdue)
        try await sut.load()
        #expect(sut.emptyMessage == "Nothing is overdue.")
        _ = try await store.add(TodoDraft(title: "Yesterday", dueDate: today.adding(days: -1)))
        _ = try await store.add(TodoDraft(title: "Done late", isDone: true, dueDate: today.adding(days: -1)))
        _ = try await store.add(TodoDraft(title: "Today", dueDate: today))
        try await sut.load()
        #expect(sut.title == "Overdue")
        #expect(sut.headerTitles == ["To Do"])
        #expect(sut.titles(.todo) == ["Yesterday"])
    }

    @Test("DAY-5 Upcoming: the next 7 days' to-do items, a group per day in date order, empty days left out")
    func test_DAY_5_upcomingByDay() async throws {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        let sut = UpcomingViewModel(store: store, today: { today })
        try await sut.load()
        #expect(sut.isEmpty)
        #expect(sut.emptyMessage == "Nothing due in the next 7 days")
        _ = try await store.add(TodoDraft(title: "In 3 days", dueDate: today.adding(days: 3)))
        _ = try await store.add(TodoDraft(title: "Tomorrow A", dueDate: today.adding(days: 1)))
        _ = try await store.add(TodoDraft(title: "Tomorrow B", dueDate: today.adding(days: 1)))
        _ = try await store.add(TodoDraft(title: "Tomorrow, done", isDone: true, dueDate: today.adding(days: 1)))
        _ = try await store.add(TodoDraft(title: "In 7 days", dueDate: today.adding(days: 7)))
        _ = try await store.add(TodoDraft(title: "In 8 days", dueDate: today.adding(days: 8)))
        _ = try await store.add(TodoDraft(title: "Today", dueDate: today))
        try await sut.load()
        #expect(sut.title == "Upcoming")
        #expect(sut.days.map(\.headerTitle) == ["Tomorrow", "Tuesday 11/24", "Saturday 11/28"])
        #expect(sut.days.map { $0.rows.map(\.title) } == [["Tomorrow B", "Tomorrow A"], ["In 3 days"], ["In 7 days"]])
        #expect(sut.days.map(\.count) == [2, 1, 1])
        let items = try await sut.loadItems()
        #expect(items.map(\.date) == [today.adding(days: 1), today.adding(days: 3), today.adding(days: 7)])
        #expect(items.map { $0.items.map(\.title) } == [["Tomorrow B", "Tomorrow A"], ["In 3 days"], ["In 7 days"]])
        try await sut.load(page: 2, rowsPerDay: 1)
        #expect(sut.page == 2 && sut.pageCount == 2)
        #expect(sut.days.map { $0.rows.map(\.title) } == [["Tomorrow A"]])
    }
}

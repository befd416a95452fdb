import Foundation
import Testing
import TodoCore
import TodoPresentation
import TodoTestSupport

let today = CalendarDate(iso: "2026-11-21")!

/// A list ViewModel over a fresh in-memory store with fixed time and ids.
func makeListSUT(scope: ListScope = .all, preferences: InMemoryListPreferences = .init())
    -> (sut: TodoListViewModel, store: InMemoryTodoStore)
{
    let store = InMemoryTodoStore(environment: TestEnvironment().environment)
    return (TodoListViewModel(store: store, scope: scope, preferences: preferences, today: { today }), store)
}

extension TodoListViewModel {
    var headerTitles: [String] { sections.map(\.headerTitle) }
    func titles(_ section: TodoSection) -> [String] {
        sections.first { $0.section == section }?.rows.map(\.title) ?? []
    }
}

@Suite("TodoListViewModel")
struct TodoListViewModelTests {
    @Test("LIST-1 To Do shows first with its items and Done last, each under a header title")
    func test_LIST_1_bothSectionsUnderHeaders() async throws {
        let (sut, store) = makeListSUT()
        let items = try await store.add(titles: ["A", "B", "C"])
        _ = try await store.setDone(id: items[0].id, true)
        try await sut.load()
        #expect(sut.headerTitles == ["To Do", "Done"])
        #expect(sut.titles(.todo) == ["C", "B"])
        #expect(sut.titles(.done) == ["A"])
        #expect(!sut.isEmpty)
    }

    @Test("LIST-2 only to-do items: only the To Do section, with its header")
    func test_LIST_2_onlyToDo() async throws {
        let (sut, store) = makeListSUT()
        try await store.add(titles: ["A"])
        try await sut.load()
        #expect(sut.headerTitles == ["To Do"])
    }

    @Test("LIST-3 only done items: only the Done section, with its header")
    func test_LIST_3_onlyDone() async throws {
        let (sut, store) = makeListSUT()
        let item = try #require(try await store.add(titles: ["A"]).first)
        _ = try await store.setDone(id: item.id, true)
        try await sut.load()
        #expect(sut.headerTitles == ["Done"])
    }

    @Test("LIST-4 no items: an empty state and no section headers")
    func test_LIST_4_emptyState() async throws {
        let (sut, _) = makeListSUT()
        try await sut.load()
        #expect(sut.isEmpty)
        #expect(sut.headerTitles.isEmpty)
        #expect(sut.emptyMessage == "Nothing to do yet. Type your first to-do in the field above.")
    }

    @Test("LIST-5 a to-do row shows title, location name and MM/dd/yyyy date; a done row keeps them, struck through and never overdue")
    func test_LIST_5_rowDisplayValues() async throws {
        let (sut, store) = makeListSUT()
        let draft = TodoDraft(title: "Buy milk", dueDate: CalendarDate(iso: "2026-03-04"), location: Location(name: "Shop"))
        let open = try await store.add(draft)
        let done = try await store.add(draft)
        _ = try await store.setDone(id: done.id, true)
        try await sut.load()
        let rows = sut.rows
        #expect(rows[0].id == open.id)
        #expect(rows[0].title == "Buy milk" && rows[0].locationName == "Shop" && rows[0].dueDateText == "03/04/2026")
        #expect(!rows[0].isStruckThrough)
        #expect(rows[1].title == "Buy milk" && rows[1].locationName == "Shop" && rows[1].dueDateText == "03/04/2026")
        #expect(rows[1].isStruckThrough)
        let later = CalendarDate(iso: "2026-03-05")!
        #expect(rows[0].isOverdue(today: later) && !rows[1].isOverdue(today: later))
    }

    @Test("LIST-6 show unfinished only hides Done, turning it off shows Done again, and the choice is remembered")
    func test_LIST_6_showUnfinishedOnly() async throws {
        let preferences = InMemoryListPreferences()
        let (sut, store) = makeListSUT(preferences: preferences)
        let items = try await store.add(titles: ["A", "B"])
        _ = try await store.setDone(id: items[0].id, true)
        try await sut.load()
        #expect(sut.headerTitles == ["To Do", "Done"])
        #expect(!sut.showUnfinishedOnly)

        preferences.showUnfinishedOnly = true  // what the View's toggle stores (a cookie on the web)
        let reopened = TodoListViewModel(store: store, preferences: preferences, today: { today })
        try await reopened.load()
        #expect(reopened.showUnfinishedOnly)
        #expect(reopened.headerTitles == ["To Do"], "the choice is remembered")

        preferences.showUnfinishedOnly = false
        try await reopened.load()
        #expect(reopened.headerTitles == ["To Do", "Done"])
    }

    @Test("LIST-6 with only done items and unfinished-only on, the empty state says why")
    func test_LIST_6_emptyBecauseHidden() async throws {
        let (sut, store) = makeListSUT(preferences: InMemoryListPreferences(showUnfinishedOnly: true))
        let item = try #require(try await store.add(titles: ["A"]).first)
        _ = try await store.setDone(id: item.id, true)
        try await sut.load()
        #expect(sut.isEmpty)
        #expect(sut.emptyMessage.contains("show unfinished only"))
    }

    @Test("LIST-7 a project's list shows only its items, in the same two sections")
    func test_LIST_7_projectList() async throws {
        let (sut, store) = makeListSUT(scope: .project("Work"))
        let w1 = try await store.add(TodoDraft(title: "W1", project: Project(name: "Work")))
        _ = try await store.add(TodoDraft(title: "W2", project: Project(name: "Work")))
        _ = try await store.add(TodoDraft(title: "H1", project: Project(name: "Home")))
        _ = try await store.setDone(id: w1.id, true)
        try await sut.load()
        #expect(sut.title == "Work")
        #expect(sut.headerTitles == ["To Do", "Done"])
        #expect(sut.titles(.todo) == ["W2"] && sut.titles(.done) == ["W1"])
    }

    @Test("LIST-7 Today's list and any date's list show only the items due that day")
    func test_LIST_7_dateLists() async throws {
        let (todaySUT, store) = makeListSUT(scope: .today)
        _ = try await store.add(TodoDraft(title: "due today", dueDate: today))
        _ = try await store.add(TodoDraft(title: "due tomorrow", dueDate: today.adding(days: 1)))
        _ = try await store.add(TodoDraft(title: "no date"))
        try await todaySUT.load()
        #expect(todaySUT.title == "Today")
        #expect(todaySUT.titles(.todo) == ["due today"])

        let tomorrowSUT = TodoListViewModel(store: store, scope: .dueDate(today.adding(days: 1)), today: { today })
        try await tomorrowSUT.load()
        #expect(tomorrowSUT.title == "Due 11/22/2026")
        #expect(tomorrowSUT.titles(.todo) == ["due tomorrow"])
    }

    @Test("NUMBER-2 a row shows its item's stable number, in a filtered list as in the whole one")
    func test_NUMBER_2_rowsShowStableNumbers() async throws {
        let (sut, store) = makeListSUT(scope: .project("Work"))
        _ = try await store.add(TodoDraft(title: "W", project: Project(name: "Work")))
        try await store.add(titles: ["X", "Y"])
        try await sut.load()
        #expect(sut.rows.map(\.number) == [1])
        let whole = TodoListViewModel(store: store, today: { today })
        try await whole.load()
        #expect(whole.rows.map(\.number) == [3, 2, 1])
    }

    @Test("CHECK-1 checking a to-do item makes it the first item of Done")
    func test_CHECK_1_checkMovesToFirstOfDone() async throws {
        let (sut, store) = makeListSUT()
        let items = try await store.add(titles: ["A", "B", "C"])
        try await ItemDetailViewModel(store: store, id: items[0].id).setDone(true)
        try await ItemDetailViewModel(store: store, id: items[1].id).setDone(true)
        try await sut.load()
        #expect(sut.titles(.todo) == ["C"])
        #expect(sut.titles(.done) == ["B", "A"])
    }

    @Test("CHECK-2 unchecking a done item makes it the last item of To Do")
    func test_CHECK_2_uncheckMovesToLastOfToDo() async throws {
        let (sut, store) = makeListSUT()
        let items = try await store.add(titles: ["A", "B", "C"])  // To Do: C B A
        let row = ItemDetailViewModel(store: store, id: items[2].id)
        try await row.setDone(true)
        try await row.setDone(false)
        try await sut.load()
        #expect(sut.titles(.todo) == ["B", "A", "C"])
        #expect(sut.titles(.done) == [])
    }

    @Test("CHECK-3 the row action is labelled Check in To Do and Uncheck in Done")
    func test_CHECK_3_actionLabels() async throws {
        let (sut, store) = makeListSUT()
        let items = try await store.add(titles: ["A", "B"])
        try await ItemDetailViewModel(store: store, id: items[0].id).setDone(true)
        try await sut.load()
        #expect(sut.sections.map { $0.rows.map(\.toggleActionTitle) } == [["Check"], ["Uncheck"]])
    }

    @Test("DELETE-1 a deleted to-do item is gone from To Do")
    func test_DELETE_1_deleteFromToDo() async throws {
        let (sut, store) = makeListSUT()
        let items = try await store.add(titles: ["A", "B"])
        try await ItemDetailViewModel(store: store, id: items[0].id).delete()
        try await sut.load()
        #expect(sut.titles(.todo) == ["B"])
        #expect(try await store.item(id: items[0].id) == nil)
    }

    @Test("DELETE-2 a deleted done item is gone from Done")
    func test_DELETE_2_deleteFromDone() async throws {
        let (sut, store) = makeListSUT()
        let items = try await store.add(titles: ["A", "B"])
        try await ItemDetailViewModel(store: store, id: items[0].id).setDone(true)
        try await ItemDetailViewModel(store: store, id: items[1].id).setDone(true)
        try await ItemDetailViewModel(store: store, id: items[0].id).delete()
        try await sut.load()
        #expect(sut.titles(.done) == ["B"])
    }

    @Test("acting on an item that no longer exists reports it")
    func test_actions_onMissingItem() async throws {
        let missing = ItemDetailViewModel(store: InMemoryTodoStore(environment: .fixedForTests()), id: TestEnvironment.id(9))
        await #expect(throws: TodoPresentationError.itemNotFound) { try await missing.setDone(true) }
        await #expect(throws: TodoPresentationError.itemNotFound) { try await missing.delete() }
        await #expect(throws: TodoPresentationError.itemNotFound) { try await missing.move(toIndex: 0) }
    }

    @Test("moving a row places it anywhere in its section")
    func test_move() async throws {
        let (sut, store) = makeListSUT()
        let items = try await store.add(titles: ["A", "B", "C"])  // C B A
        try await ItemDetailViewModel(store: store, id: items[0].id).move(toIndex: 0)
        try await sut.load()
        #expect(sut.titles(.todo) == ["A", "C", "B"])
    }

    @Test("a paged load shows one page of each section, each row with its item's number")
    func test_pagedLoad() async throws {
        let (sut, store) = makeListSUT()
        let items = try await store.add(titles: (1...7).map { "T\($0)" })  // T7 … T1
        for item in items.prefix(3) { _ = try await store.setDone(id: item.id, true) }  // Done: T3 T2 T1
        try await sut.load(page: 2, rowsPerSection: 2)
        #expect(sut.pageCount == 2)
        #expect(sut.sectionCounts == [.todo: 4, .done: 3])
        #expect(sut.titles(.todo) == ["T5", "T4"])
        #expect(sut.titles(.done) == ["T1"])
        #expect(sut.rows.map(\.number) == [5, 4, 1])
        try await sut.load()
        let full = sut.rows.map { [$0.title: $0.number] }
        try await sut.load(page: 9, rowsPerSection: 3)  // past the end: the last page
        #expect(sut.page == 2)
        #expect(sut.rows.map { [$0.title: $0.number] } == [full[3]])
    }
}

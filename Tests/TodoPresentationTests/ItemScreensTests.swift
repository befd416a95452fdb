import Foundation
import Testing
import TodoCore
import TodoPresentation
import TodoSQLite
import TodoTestSupport

@Suite("ItemDetailViewModel")
struct ItemDetailViewModelTests {
    private func makeSUT(done: Bool = false) async throws -> (ItemDetailViewModel, InMemoryTodoStore, TodoItem) {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        var item = try await store.add(
            TodoDraft(title: "Pay rent", details: "by transfer", dueDate: today, location: Location(name: "Bank"),
                      project: Project(name: "Home"), estimateMinutes: 15, repeatRule: .weekly(on: [.monday, .friday])))
        if done { item = try #require(try await store.setDone(id: item.id, true)) }
        let sut = ItemDetailViewModel(store: store, id: item.id)
        try await sut.load()
        return (sut, store, item)
    }

    @Test("DETAIL-1 a to-do item shows its title and other fields, with a Check button")
    func test_DETAIL_1_todoItemDetails() async throws {
        let (sut, _, _) = try await makeSUT()
        #expect(sut.title == "Pay rent")
        #expect(sut.toggleButtonTitle == "Check")
        #expect(sut.fields == [
            DetailField(label: "Status", value: "To do"), DetailField(label: "Details", value: "by transfer"),
            DetailField(label: "Due date", value: "11/21/2026"), DetailField(label: "Location", value: "Bank"),
            DetailField(label: "Project", value: "Home"), DetailField(label: "Estimate", value: "15m"),
            DetailField(label: "Repeat", value: "Every Mon, Fri"),
        ])
    }

    @Test("DETAIL-2 a done item shows its title with an Uncheck button")
    func test_DETAIL_2_doneItemDetails() async throws {
        let (sut, _, _) = try await makeSUT(done: true)
        #expect(sut.title == "Pay rent")
        #expect(sut.toggleButtonTitle == "Uncheck")
    }

    @Test("DETAIL-3 pressing Check turns the button into Uncheck and the item becomes first of Done")
    func test_DETAIL_3_checkFromDetails() async throws {
        let (sut, store, item) = try await makeSUT()
        let other = try await store.add(TodoDraft(title: "older done"))
        _ = try await store.setDone(id: other.id, true)
        try await sut.setDone(true)
        #expect(sut.toggleButtonTitle == "Uncheck")
        let list = TodoListViewModel(store: store, today: { today })
        try await list.load()
        #expect(list.sections.last?.rows.first?.id == item.id)
    }

    @Test("DETAIL-4 pressing Uncheck turns the button into Check and the item becomes last of To Do")
    func test_DETAIL_4_uncheckFromDetails() async throws {
        let (sut, store, item) = try await makeSUT(done: true)
        try await store.add(titles: ["other"])
        try await sut.setDone(false)
        #expect(sut.toggleButtonTitle == "Check")
        let list = TodoListViewModel(store: store, today: { today })
        try await list.load()
        #expect(list.sections.first?.rows.last?.id == item.id)
    }

    @Test("DETAIL-5 the Back control is titled Back (where it returns is the View's `from`)")
    func test_DETAIL_5_backTitle() async throws {
        let (sut, _, _) = try await makeSUT()
        #expect(sut.backButtonTitle == "Back")
    }

    @Test("checking what is already checked changes nothing (a second click is harmless)")
    func test_setDone_isIdempotent() async throws {
        let (sut, store, item) = try await makeSUT(done: true)
        let before = try #require(try await store.item(id: item.id))
        try await ItemDetailViewModel(store: store, id: item.id).setDone(true)
        try await sut.setDone(true)
        #expect(try await store.item(id: item.id) == before)
    }

    @Test("EDIT-4 opening a row goes to its details and never toggles it; only the check control does")
    func test_EDIT_4_openingDoesNotToggle() async throws {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        let item = try await store.add(TodoDraft(title: "A"))
        let list = TodoListViewModel(store: store, today: { today })
        try await list.load()
        let details = ItemDetailViewModel(store: store, id: list.rows[0].id)
        try await details.load()
        try await details.load()
        #expect(try await store.item(id: item.id) == item)
        try await details.setDone(!list.rows[0].isDone)  // what the row's check control does
        #expect(try await store.item(id: item.id)?.isDone == true)
    }

    @Test("details of a missing item report it")
    func test_missingItem() async throws {
        let sut = ItemDetailViewModel(store: InMemoryTodoStore(environment: .fixedForTests()), id: TestEnvironment.id(5))
        await #expect(throws: TodoPresentationError.itemNotFound) { try await sut.load() }
    }
}

@Suite("ItemFormViewModel")
struct ItemFormViewModelTests {
    private func makeSUT() -> (ItemFormViewModel, InMemoryTodoStore) {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        return (ItemFormViewModel(store: store, today: { today }), store)
    }

    @Test("ADD-1 the add form has a title field at the top, Cancel and Save at the bottom")
    func test_ADD_1_formLayout() {
        let (sut, _) = makeSUT()
        #expect(sut.heading == "New item")
        #expect(sut.title.isEmpty)
        #expect(sut.cancelButtonTitle == "Cancel" && sut.saveButtonTitle == "Save")
        #expect(!sut.showsDoneToggle)
    }

    @Test("ADD-3 while the title is empty or only spaces, Save can't be pressed", arguments: ["", "   ", "\n "])
    func test_ADD_3_saveDisabledForBlankTitle(_ title: String) async throws {
        let (sut, store) = makeSUT()
        sut.title = title
        #expect(!sut.canSave)
        await #expect(throws: TodoValidationError.emptyTitle) { try await sut.save() }
        #expect(try await store.items().isEmpty)
    }

    @Test("ADD-4 once the title has text, Save can be pressed")
    func test_ADD_4_saveEnabledWithTitle() {
        let (sut, _) = makeSUT()
        sut.title = "x"
        #expect(sut.canSave)
    }

    @Test("ADD-5 Save stores the item as the first of To Do")
    func test_ADD_5_saveAddsFirstOfToDo() async throws {
        let (sut, store) = makeSUT()
        try await store.add(titles: ["older"])
        sut.title = "  Buy milk  "
        let saved = try await sut.save()
        #expect(saved.title == "Buy milk")
        #expect(try await store.items().first == saved)
    }

    @Test("ADD-6 the form takes details, due date, location, project, estimate and repeat days")
    func test_ADD_6_optionalFields() async throws {
        let (sut, _) = makeSUT()
        sut.title = "Run"
        sut.details = "5 km\neasy pace"
        sut.dueDate = "tomorrow"
        sut.locationName = "Park"
        sut.latitude = "48.85"
        sut.longitude = "2.35"
        sut.projectName = "Health"
        sut.estimate = "1h30m"
        sut.repeatDays = [.monday, .thursday]
        let saved = try await sut.save()
        #expect(saved.details == "5 km\neasy pace")
        #expect(saved.dueDate == CalendarDate(iso: "2026-11-22"))
        #expect(saved.location == Location(name: "Park", latitude: 48.85, longitude: 2.35))
        #expect(saved.project == Project(name: "Health"))
        #expect(saved.estimateMinutes == 90)
        #expect(saved.repeatRule == .weekly(on: [.monday, .thursday]))
        #expect(!saved.isDone, "a new item is never done, whatever the toggle says")
    }

    @Test("ADD-6 bad optional values are refused with a sentence and nothing is stored",
          arguments: [("dueDate", "31/12/2026"), ("estimate", "soon"), ("latitude", "north"), ("locationLatOnly", "1")])
    func test_ADD_6_badValuesAreRefused(_ field: String, _ value: String) async throws {
        let (sut, store) = makeSUT()
        sut.title = "x"
        switch field {
        case "dueDate": sut.dueDate = value
        case "estimate": sut.estimate = value
        case "latitude": sut.locationName = "Home"; sut.latitude = value; sut.longitude = "1"
        default: sut.locationName = "Home"; sut.latitude = value
        }
        await #expect {
            try await sut.save()
        } throws: { error in
            (error as? any LocalizedError)?.errorDescription?.hasSuffix(".") == true
        }
        #expect(try await store.items().isEmpty)
    }

    @Test("EDIT-1 the edit form is filled with the item's values and has the done toggle")
    func test_EDIT_1_editFormFilled() async throws {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        let item = try await store.add(
            TodoDraft(title: "Run", details: "d", dueDate: today, location: Location(name: "Park", latitude: 1.5, longitude: 2),
                      project: Project(name: "Health"), estimateMinutes: 90, repeatRule: .weekly(on: [.sunday])))
        let sut = try await ItemFormViewModel.edit(store: store, id: item.id, today: { today })
        #expect(sut.heading == "Edit item" && sut.saveButtonTitle == "Save" && sut.showsDoneToggle)
        #expect([sut.title, sut.details, sut.dueDate, sut.locationName, sut.latitude, sut.longitude, sut.projectName, sut.estimate]
            == ["Run", "d", "2026-11-21", "Park", "1.5", "2.0", "Health", "1h30m"])
        #expect(sut.repeatRule == .weekly(on: [.sunday]) && !sut.isDone)
    }

    @Test("EDIT-2 OK stores the new title, details, done state and other fields")
    func test_EDIT_2_okStoresChanges() async throws {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        let item = try await store.add(TodoDraft(title: "Run", project: Project(name: "Health")))
        let sut = try await ItemFormViewModel.edit(store: store, id: item.id, today: { today })
        sut.title = "Run far"
        sut.details = "10 km"
        sut.isDone = true
        sut.projectName = ""
        sut.estimate = "2h"
        let saved = try await sut.save()
        #expect(try await store.item(id: item.id) == saved)
        #expect(saved.title == "Run far" && saved.details == "10 km" && saved.isDone && saved.project == nil)
        #expect(saved.estimateMinutes == 120)
    }

    @Test("editing over a newer version is refused, never a silent overwrite")
    func test_edit_conflict() async throws {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        let item = try await store.add(TodoDraft(title: "Run"))
        let sut = try await ItemFormViewModel.edit(store: store, id: item.id, today: { today })
        let newer = try #require(try await store.update(id: item.id, TodoChanges(title: "Elsewhere")))
        sut.title = "Mine"
        await #expect(throws: TodoStoreError.versionConflict(current: newer)) { try await sut.save() }
        #expect(try await store.item(id: item.id)?.title == "Elsewhere")
    }
}

/// SAVE-1..3 through the ViewModels, restarting on the same database file in between.
@Suite("Persistence through the screens")
struct PersistenceThroughScreensTests {
    private func restart(_ path: String) throws -> SQLiteTodoStore {
        SQLiteTodoStore(database: try AppDatabase.open(path: path), environment: .fixedForTests())
    }

    @Test("SAVE-1 SAVE-2 SAVE-3 what the screens add, change and delete is there after a restart")
    func test_SAVE_1_2_3_throughScreens() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("todo.sqlite")

        let form = ItemFormViewModel(store: try restart(path), today: { today })
        form.title = "Keep me"
        let kept = try await form.save()
        let other = ItemFormViewModel(store: try restart(path), today: { today })
        other.title = "Delete me"
        let doomed = try await other.save()

        let list = TodoListViewModel(store: try restart(path), today: { today })
        try await list.load()
        #expect(list.rows.map(\.title) == ["Delete me", "Keep me"], "SAVE-1")

        let edit = try await ItemFormViewModel.edit(store: try restart(path), id: kept.id, today: { today })
        edit.title = "Kept and changed"
        edit.isDone = true
        try await edit.save()
        try await ItemDetailViewModel(store: try restart(path), id: doomed.id).delete()

        let after = TodoListViewModel(store: try restart(path), today: { today })
        try await after.load()
        #expect(after.rows.map(\.title) == ["Kept and changed"], "SAVE-2 and SAVE-3")
        #expect(after.rows.map(\.isDone) == [true])
    }

    @Test("SAVE-4 the same screens work on an in-memory store and on disk")
    func test_SAVE_4_inMemoryOrOnDisk() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let stores: [any TodoStore] = [InMemoryTodoStore(environment: .fixedForTests()), try restart(folder.file("todo.sqlite"))]
        for store in stores {
            let form = ItemFormViewModel(store: store, today: { today })
            form.title = "A"
            try await form.save()
            let list = TodoListViewModel(store: store, today: { today })
            try await list.load()
            #expect(list.rows.map(\.title) == ["A"])
        }
    }

    @Test("SAVE-5 editing one field through the form changes only that field")
    func test_SAVE_5_formChangesOnlyEditedField() async throws {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        let item = try await store.add(TodoDraft(title: "A", details: "keep", project: Project(name: "P")))
        let edit = try await ItemFormViewModel.edit(store: store, id: item.id, today: { today })
        edit.title = "B"
        let saved = try await edit.save()
        var expected = item
        expected.title = "B"
        expected.version = 2
        expected.updatedAt = saved.updatedAt
        #expect(saved == expected)
    }
}

import Foundation
import Testing
import TodoCore
import TodoPresentation
import TodoTestSupport

/// Saving an edit form over a version changed elsewhere (MERGE-1, MERGE-2, MERGE-5) and moving
/// an item inside its section (MOVE-1), at the ViewModel layer.
@Suite("Merge and move (ViewModels)")
struct MergeAndMoveViewModelTests {
    private func makeStore() async throws -> (InMemoryTodoStore, TodoItem) {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        let item = try await store.add(TodoDraft(
            title: "Run", details: "5 km", dueDate: CalendarDate(iso: "2026-12-01"), location: Location(name: "Park"),
            project: Project(name: "Health"), estimateMinutes: 30, repeatRule: .weekly(on: [.monday])))
        return (store, item)
    }

    /// The web form: opened at version 1 showing `item`, sent back after `other` was stored.
    private func save(
        _ store: InMemoryTodoStore, _ item: TodoItem, other: TodoChanges, mine: (ItemFormViewModel) -> Void,
        withBase: Bool = true
    ) async throws -> (ItemFormViewModel, Result<TodoItem, any Error>) {
        let stored = try #require(try await store.update(id: item.id, other))
        let form = try ItemFormViewModel.reopened(
            store: store, item: stored, version: item.version, base: withBase ? ItemFormValues(item) : nil, today: { today })
        form.values = ItemFormValues(item)
        mine(form)
        do { return (form, .success(try await form.save())) } catch { return (form, .failure(error)) }
    }

    /// Each field: I change it to `mine`, the other side to `theirs`.
    struct Row: Sendable, CustomTestStringConvertible {
        let field: ItemField
        let mine: @Sendable (ItemFormViewModel) -> Void
        let theirs: TodoChanges
        let mineValue: @Sendable (TodoItem) -> Bool
        let theirValue: @Sendable (TodoItem) -> Bool
        var testDescription: String { field.id }
    }

    static let rows: [Row] = [
        Row(field: .title, mine: { $0.title = "Walk" }, theirs: TodoChanges(title: "Swim"),
            mineValue: { $0.title == "Walk" }, theirValue: { $0.title == "Swim" }),
        Row(field: .details, mine: { $0.details = "" }, theirs: TodoChanges(details: .some("10 km")),
            mineValue: { $0.details == nil }, theirValue: { $0.details == "10 km" }),
        // Another date, not none: a repeating item without one is given its first date (REPEAT-15).
        Row(field: .dueDate, mine: { $0.dueDate = "2026-12-24" }, theirs: TodoChanges(dueDate: CalendarDate(iso: "2026-12-31")),
            mineValue: { $0.dueDate == CalendarDate(iso: "2026-12-24") }, theirValue: { $0.dueDate == CalendarDate(iso: "2026-12-31") }),
        Row(field: .location, mine: { $0.locationName = "Gym" }, theirs: TodoChanges(location: .some(Location(name: "Pool"))),
            mineValue: { $0.location?.name == "Gym" }, theirValue: { $0.location?.name == "Pool" }),
        Row(field: .project, mine: { $0.projectName = "Sport" }, theirs: TodoChanges(project: .some(nil)),
            mineValue: { $0.project?.name == "Sport" }, theirValue: { $0.project == nil }),
        Row(field: .estimateMinutes, mine: { $0.estimate = "1h" }, theirs: TodoChanges(estimateMinutes: .some(15)),
            mineValue: { $0.estimateMinutes == 60 }, theirValue: { $0.estimateMinutes == 15 }),
        Row(field: .repeatRule, mine: { $0.repeatDays = [.friday] }, theirs: TodoChanges(repeatRule: .some(nil)),
            mineValue: { $0.repeatRule == .weekly(on: [.friday]) }, theirValue: { $0.repeatRule == nil }),
    ]

    @Test("MERGE-1 a field only I changed takes my value, and the other side's change to another field stays", arguments: rows)
    func test_MERGE_1_mineOnly(row: Row) async throws {
        let (store, item) = try await makeStore()
        // The other side changes a field I leave alone (done, or the title when I change another).
        let other = row.field == .title ? TodoChanges(details: .some("changed elsewhere")) : TodoChanges(title: "Run (elsewhere)")
        let (form, result) = try await save(store, item, other: other, mine: row.mine)
        let saved = try result.get()
        #expect(row.mineValue(saved))
        #expect(row.field == .title ? saved.details == "changed elsewhere" : saved.title == "Run (elsewhere)")
        #expect(form.conflicts.isEmpty && saved.version == 3)
        #expect(try await store.item(id: item.id) == saved)
    }

    @Test("MERGE-1 a field only the other side changed keeps theirs", arguments: rows)
    func test_MERGE_1_theirsOnly(row: Row) async throws {
        let (store, item) = try await makeStore()
        let (_, result) = try await save(store, item, other: row.theirs, mine: { $0.isDone = true })
        let saved = try result.get()
        #expect(row.theirValue(saved) && saved.isDone)
    }

    @Test("MERGE-1 a field both changed to the same value is that value, without a conflict", arguments: rows)
    func test_MERGE_1_bothSame(row: Row) async throws {
        let (store, item) = try await makeStore()
        // The other side stores exactly what I type.
        let probe = ItemFormViewModel(store: InMemoryTodoStore(environment: TestEnvironment().environment), today: { today })
        probe.values = ItemFormValues(item)
        row.mine(probe)
        let draft = try await probe.save()
        let same = TodoMerge(base: TodoDraft(fieldsOf: item), mine: TodoDraft(fieldsOf: draft), theirs: TodoDraft(fieldsOf: item)).changes
        let (form, result) = try await save(store, item, other: same, mine: row.mine)
        let saved = try result.get()
        #expect(row.mineValue(saved) && form.conflicts.isEmpty)
    }

    @Test("MERGE-2 a field both changed to different values is a conflict: nothing saved, the field named", arguments: rows)
    func test_MERGE_2_bothDifferent(row: Row) async throws {
        let (store, item) = try await makeStore()
        var other = row.theirs
        other.isDone = true  // and another field only they changed
        let (form, result) = try await save(store, item, other: other, mine: { row.mine($0); $0.details = "mine too" })
        guard case .failure(TodoStoreError.versionConflict(let current)) = result else {
            Issue.record("expected a conflict, got \(result)")
            return
        }
        #expect(form.conflicts == [row.field])
        #expect(try await store.item(id: item.id) == current, "nothing saved")
        // What keeping mine would store: my fields, and theirs for the one only they changed.
        #expect(form.isDone, "the other side's check is kept in what Keep mine sends")
        #expect(form.details == "mine too")
    }

    @Test("MERGE-5 without the values it started from, a stale form merges nothing")
    func test_MERGE_5_noBase() async throws {
        let (store, item) = try await makeStore()
        let (form, result) = try await save(store, item, other: TodoChanges(details: .some("x")), mine: { $0.title = "Walk" }, withBase: false)
        guard case .failure(TodoStoreError.versionConflict) = result else {
            Issue.record("expected a conflict")
            return
        }
        #expect(form.conflicts.isEmpty && form.title == "Walk")
        #expect(try await store.item(id: item.id)?.title == "Run")
    }

    // MARK: - moves

    private func list(_ titles: [String], project: [String] = []) async throws -> (InMemoryTodoStore, [String: UUID]) {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        var ids: [String: UUID] = [:]
        for title in titles.reversed() {
            ids[title] = try await store.add(TodoDraft(title: title, project: project.contains(title) ? Project(name: "P") : nil)).id
        }
        return (store, ids)
    }

    private func todo(_ store: InMemoryTodoStore) async throws -> [String] {
        try await store.items(.all).filter { !$0.isDone }.map(\.title)
    }

    @Test("MOVE-1 up, down, to an index, after and before a neighbour, in the full section")
    func test_MOVE_1_places() async throws {
        let (store, ids) = try await list(["A", "B", "C", "D", "E"], project: ["B", "D"])
        let moveD = ItemMoveViewModel(store: store, id: ids["D"]!)
        try await moveD.move(to: .up)
        #expect(try await todo(store) == ["A", "B", "D", "C", "E"])
        #expect(moveD.announcement == "Moved “D” to position 3 of To Do")
        try await ItemMoveViewModel(store: store, id: ids["A"]!).move(to: .down)
        #expect(try await todo(store) == ["B", "A", "D", "C", "E"])
        try await ItemMoveViewModel(store: store, id: ids["E"]!).move(to: .index(0))
        #expect(try await todo(store) == ["E", "B", "A", "D", "C"])
        // On the project list P shows B, D: dropping B after D puts it right after D in the full list.
        let moveB = ItemMoveViewModel(store: store, id: ids["B"]!)
        try await moveB.move(to: .after(ids["D"]!))
        #expect(try await todo(store) == ["E", "A", "D", "B", "C"])
        #expect(moveB.position == 4)
        try await ItemMoveViewModel(store: store, id: ids["C"]!).move(to: .before(ids["E"]!))
        #expect(try await todo(store) == ["C", "E", "A", "D", "B"])
        // Up from the top stays.
        try await ItemMoveViewModel(store: store, id: ids["C"]!).move(to: .up)
        #expect(try await todo(store) == ["C", "E", "A", "D", "B"])
    }

    @Test("MOVE-1 a neighbour in the other section is refused; a gone one moves nothing; an unknown item is not found")
    func test_MOVE_1_refusals() async throws {
        let (store, ids) = try await list(["A", "B", "C"])
        _ = try await store.setDone(id: ids["C"]!, true)
        await #expect(throws: ItemMoveError.self) {
            try await ItemMoveViewModel(store: store, id: ids["A"]!).move(to: .after(ids["C"]!))
        }
        try await ItemMoveViewModel(store: store, id: ids["B"]!).move(to: .before(UUID()))
        #expect(try await todo(store) == ["A", "B"])
        await #expect(throws: TodoPresentationError.itemNotFound) {
            try await ItemMoveViewModel(store: store, id: UUID()).move(to: .up)
        }
    }
}

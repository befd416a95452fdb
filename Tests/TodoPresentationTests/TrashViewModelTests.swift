import Foundation
import Testing
import TodoCore
import TodoPresentation
import TodoTestSupport

@Suite("Undo notice and Trash screen")
struct TrashViewModelTests {
    private static let hour: TimeInterval = 3600

    private func makeSUT() -> (TrashViewModel, InMemoryTodoStore, TestEnvironment) {
        let env = TestEnvironment(tick: 0)
        let store = InMemoryTodoStore(environment: env.environment)
        return (TrashViewModel(store: store, now: { env.now() }), store, env)
    }

    @Test("UNDO-1 right after a delete the notice says “Deleted “X”” with an Undo button; nothing once it is gone from the Trash")
    func test_UNDO_1_noticeWording() async throws {
        let (_, store, _) = makeSUT()
        let item = try await store.add(TodoDraft(title: "Buy milk"))
        #expect(try await UndoNotice.load(id: item.id, store: store) == nil, "not deleted: nothing to undo")
        _ = try await store.delete(id: item.id)

        let notice = try #require(try await UndoNotice.load(id: item.id, store: store))

        #expect(notice.id == item.id)
        #expect(notice.message == "Deleted “Buy milk”")
        #expect(notice.actionTitle == "Undo")
        #expect(notice.actionLabel == "Undo deleting “Buy milk”")
        #expect(notice.restoredAnnouncement == "Restored “Buy milk”")
        #expect(UndoNotice.seconds == 8)
        _ = try await store.restore(id: item.id)
        #expect(try await UndoNotice.load(id: item.id, store: store) == nil, "UNDO-4: restored elsewhere, nothing to undo")
    }

    @Test("TRASH-9 the Trash screen lists newest first, worded: when deleted and how long it stays")
    func test_TRASH_9_rowsWorded() async throws {
        let (sut, store, env) = makeSUT()
        let items = try await store.add(titles: ["Old", "Done one", "New"])
        _ = try await store.setDone(id: items[1].id, true)
        _ = try await store.delete(id: items[0].id)
        env.advance(by: 2 * 24 * Self.hour + 5 * Self.hour)
        _ = try await store.delete(id: items[1].id)
        env.advance(by: 3 * Self.hour)
        _ = try await store.delete(id: items[2].id)
        env.advance(by: 30)

        try await sut.load()

        #expect(sut.title == "Trash")
        #expect(sut.rows.map(\.title) == ["New", "Done one", "Old"])
        #expect(sut.rows.map(\.deletedText) == ["Deleted just now", "Deleted 3 hours ago", "Deleted 2 days ago"])
        #expect(sut.rows.map(\.remainingText) == [
            "Deleted forever in 29 days", "Deleted forever in 29 days", "Deleted forever in 27 days",
        ])
        #expect(sut.rows[1].sectionTitle == "Done")
        #expect(sut.rows[0].restoreLabel == "Restore “New”")
        #expect(sut.rows[0].restoreAnnouncement == "Restored “New” to To Do")
        #expect(sut.rows[0].deleteForeverLabel == "Delete “New” forever")
        #expect(sut.rows[0].deleteForeverAnnouncement == "Deleted “New” forever")
        #expect(sut.explanation == "Deleted items stay here 30 days, then they are deleted forever.")
        #expect(sut.confirmEmptyQuestion == "Delete 3 items forever?")
    }

    @Test("TRASH-9 an empty Trash says so")
    func test_TRASH_9_emptyTrash() async throws {
        let (sut, _, _) = makeSUT()
        try await sut.load()
        #expect(sut.isEmpty)
        #expect(sut.emptyMessage == "The Trash is empty.")
    }

    @Test("TRASH-2 TRASH-3 restore and delete forever act on the store and leave the screen's rows")
    func test_TRASH_2_TRASH_3_actions() async throws {
        let (sut, store, _) = makeSUT()
        let items = try await store.add(titles: ["A", "B"])
        for item in items { _ = try await store.delete(id: item.id) }
        try await sut.load()

        let restored = try await sut.restore(id: items[0].id)
        #expect(TrashViewModel.restoredSentence(restored) == "Restored “A” to To Do.")
        #expect(try await store.items().map(\.title) == ["A"])
        try await sut.deleteForever(id: items[1].id)
        #expect(sut.rows.isEmpty)
        #expect(try await store.trash().isEmpty)
        await #expect(throws: TrashError.notInTrash) { try await sut.restore(id: items[1].id) }
        await #expect(throws: TrashError.notInTrash) { try await sut.deleteForever(id: items[0].id) }
    }

    @Test("TRASH-4 emptying says how many were deleted forever")
    func test_TRASH_4_emptyWording() async throws {
        let (sut, store, _) = makeSUT()
        let items = try await store.add(titles: ["A", "B"])
        for item in items { _ = try await store.delete(id: item.id) }
        try await sut.load()
        #expect(TrashViewModel.emptiedMessage(try await sut.emptyTrash()) == "Deleted 2 items forever.")
        #expect(sut.isEmpty)
        #expect(TrashViewModel.emptiedMessage(1) == "Deleted 1 item forever.")
        #expect(TrashViewModel.emptiedMessage(0) == "The Trash was already empty.")
    }

    @Test("TRASH-5 an item on its last day says it goes today; after 30 days it is no longer listed")
    func test_TRASH_5_lastDay() async throws {
        let (sut, store, env) = makeSUT()
        let item = try await store.add(TodoDraft(title: "A"))
        _ = try await store.delete(id: item.id)
        env.advance(by: 29 * 24 * Self.hour + Self.hour)
        try await sut.load()
        #expect(sut.rows.map(\.remainingText) == ["Deleted forever today"])
        env.advance(by: 23 * Self.hour)
        try await sut.load()
        #expect(sut.isEmpty)
    }
}

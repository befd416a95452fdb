import Foundation
import Testing
import TodoCLI
import TodoCore
import TodoTestSupport

/// A store where another program changes the item between the moment `todo edit` reads it and
/// the moment it writes: the race a second terminal or the web app can cause.
final class RacingStore: TodoStore, @unchecked Sendable {
    let inner: InMemoryTodoStore
    let otherChange: TodoChanges

    init(inner: InMemoryTodoStore, otherChange: TodoChanges) {
        self.inner = inner
        self.otherChange = otherChange
    }

    func update(id: UUID, _ changes: TodoChanges, expectedVersion: Int?) async throws -> TodoItem? {
        _ = try await inner.update(id: id, otherChange, expectedVersion: nil)
        return try await inner.update(id: id, changes, expectedVersion: expectedVersion)
    }

    func items(_ filter: TodoFilter) async throws -> [TodoItem] { try await inner.items(filter) }
    func count(_ filter: TodoFilter) async throws -> Int { try await inner.count(filter) }
    func item(id: UUID) async throws -> TodoItem? { try await inner.item(id: id) }
    func item(atOffset offset: Int) async throws -> TodoItem? { try await inner.item(atOffset: offset) }
    func item(number: Int) async throws -> TodoItem? { try await inner.item(number: number) }
    func nextOccurrence(of id: UUID) async throws -> TodoItem? { try await inner.nextOccurrence(of: id) }
    func items(idPrefix prefix: String, limit: Int) async throws -> [TodoItem] { try await inner.items(idPrefix: prefix, limit: limit) }
    func add(_ draft: TodoDraft) async throws -> TodoItem { try await inner.add(draft) }
    func move(id: UUID, toIndex index: Int) async throws -> TodoItem? { try await inner.move(id: id, toIndex: index) }
    func delete(id: UUID, expectedVersion: Int?) async throws -> Bool { try await inner.delete(id: id, expectedVersion: expectedVersion) }
    func deleteAll() async throws { try await inner.deleteAll() }
    func projects() async throws -> [Project] { try await inner.projects() }
    func importItems(_ items: [ImportedItem], dryRun: Bool) async throws -> ImportSummary {
        try await inner.importItems(items, dryRun: dryRun)
    }
    func trash() async throws -> [TrashedItem] { await inner.trash() }
    func restore(id: UUID) async throws -> TodoItem? { await inner.restore(id: id) }
    func deleteForever(id: UUID) async throws -> Bool { await inner.deleteForever(id: id) }
    func emptyTrash() async throws -> Int { await inner.emptyTrash() }
    func purgeTrash() async throws -> Int { await inner.purgeTrash() }
}

@Suite("todo edit is atomic")
struct CLIEditAtomicityTests {
    @Test("an edit that races another program's change reports the conflict and overwrites nothing")
    func test_editRacingAnotherChange() async throws {
        let inner = InMemoryTodoStore(environment: TestEnvironment().environment)
        let item = try await inner.add(TodoDraft(title: "Run"))
        let store = RacingStore(inner: inner, otherChange: TodoChanges(title: "Run (changed in the browser)"))
        var err = ""
        let context = CLIContext(
            openStore: { _, _ in store }, environment: [:], stdoutIsTerminal: false,
            today: { CalendarDate(iso: "2026-11-21")! }, writeOut: { _ in }, writeErr: { err += $0 },
            readStandardInput: { Data() })
        let status = await TodoCLI.run(["edit", "1", "--title", "Walk"], context: context)
        #expect(status == 1)
        #expect(err.contains("was changed elsewhere") && err.contains("try again"), "\(err)")
        let stored = try #require(try await inner.item(id: item.id))
        #expect(stored.title == "Run (changed in the browser)" && stored.version == 2)
    }
}

import Foundation
import Testing
import TodoCLI
import TodoCore
import TodoTestSupport

/// A store where another program changes the item between the moment `todo edit` reads it and
/// the moment it writes: the race a second terminal or the web app can cause.
final class RacingStore: ForwardingTodoStore, @unchecked Sendable {
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
            today: { CalendarDate(iso: "2026-11-21")! }, now: { TestEnvironment.referenceDate }, writeOut: { _ in }, writeErr: { err += $0 },
            readStandardInput: { Data() })
        let status = await TodoCLI.run(["edit", "1", "--title", "Walk"], context: context)
        #expect(status == 1)
        #expect(err.contains("was changed elsewhere") && err.contains("try again"), "\(err)")
        let stored = try #require(try await inner.item(id: item.id))
        #expect(stored.title == "Run (changed in the browser)" && stored.version == 2)
    }
}

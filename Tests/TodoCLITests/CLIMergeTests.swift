import Foundation
import Testing
import TodoCLI
import TodoCore
import TodoTestSupport

/// MERGE-4: `todo edit` merges with a change made between its read and its write.
@Suite("todo edit merges")
struct CLIMergeTests {
    @Test("MERGE-4 another program's change to another field is kept with mine")
    func test_MERGE_4_editKeepsOtherField() async throws {
        let inner = InMemoryTodoStore(environment: TestEnvironment().environment)
        let item = try await inner.add(TodoDraft(title: "Run"))
        let store = RacingStore(inner: inner, otherChange: TodoChanges(details: .some("changed in the browser")))
        var out = "", err = ""
        let context = CLIContext(
            openStore: { _, _ in store }, environment: [:], stdoutIsTerminal: false,
            today: { CalendarDate(iso: "2026-11-21")! }, now: { TestEnvironment.referenceDate }, writeOut: { out += $0 }, writeErr: { err += $0 },
            readStandardInput: { Data() })
        let status = await TodoCLI.run(["edit", "1", "--title", "Walk"], context: context)
        #expect(status == 0, "\(err)")
        #expect(out == "Saved “Walk”.\n")
        let stored = try #require(try await inner.item(id: item.id))
        #expect(stored.title == "Walk" && stored.details == "changed in the browser")
    }
}

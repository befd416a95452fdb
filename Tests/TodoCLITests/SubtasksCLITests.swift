import Foundation
import Testing
import TodoCLI
import TodoCore
import TodoTestSupport

/// Subtasks on the command line (docs/specs/subtasks.md, SUB-8, SUB-9, SUB-10, SUB-12).
@Suite("todo: subtasks")
struct SubtasksCLITests {
    @Test("SUB-12 SUB-8 todo add --parent puts an item under another; todo list nests it two spaces in and shows the parent's 2/5; --json has parent")
    func test_SUB_12_addAndList() async throws {
        let h = CLIHarness()
        #expect(await h.run("add", "Pack for the trip") == 0)
        #expect(await h.run("add", "Passport", "--parent", "1") == 0)
        #expect(await h.run("add", "Photo", "--parent", "#2") == 0)
        #expect(await h.run("add", "Other") == 0)
        #expect(await h.run("list") == 0)
        #expect(h.out == """
            To Do
              #4 [ ] Other
              #1 [ ] Pack for the trip 0/1
              #2   [ ] Passport 0/1
              #3     [ ] Photo

            """)
        #expect(await h.run("show", "2", "--json") == 0)
        let trip = try #require(try await h.store.item(number: 1))
        #expect(h.out.contains(#""parent" : "\#(trip.id.lowercasedText)""#))
        #expect(await h.run("add", "Lost", "--parent", "99") == 1)
        #expect(h.err.hasPrefix("todo: "))
        #expect(try await h.store.items().count == 4)
    }

    @Test("SUB-12 SUB-2 todo edit --parent moves an item under another, --no-parent makes it its own; a loop is refused with the rule's sentence")
    func test_SUB_12_edit() async throws {
        let h = CLIHarness()
        let trip = try await h.store.add(TodoDraft(title: "Trip"))
        let passport = try await h.store.add(TodoDraft(title: "Passport"))
        #expect(await h.run("edit", "2", "--parent", "1") == 0)
        #expect(try await h.store.item(id: passport.id)?.parent == trip.id)
        #expect(await h.run("edit", "1", "--parent", "2") == 1)
        #expect(h.err == "todo: A to-do can't go under one of its own subtasks.\n")
        #expect(await h.run("edit", "2", "--no-parent") == 0)
        #expect(try await h.store.item(id: passport.id)?.parent == nil)
        #expect(await h.run("edit", "2", "--parent", "1", "--no-parent") != 0)
    }

    @Test("SUB-9 SUB-10 checking the last open subtask prints how to check the parent too; todo show lists the parent and the subtasks")
    func test_SUB_9_checkOffersTheParent() async throws {
        let h = CLIHarness()
        let trip = try await h.store.add(TodoDraft(title: "Pack for the trip"))
        _ = try await h.store.add(TodoDraft(title: "Passport", parent: trip.id))
        _ = try await h.store.add(TodoDraft(title: "Charger", parent: trip.id))
        #expect(await h.run("check", "2") == 0)
        #expect(h.out == "Checked “Passport”.\n")
        #expect(await h.run("check", "3") == 0)
        #expect(h.out == "Checked “Charger”.\nAll subtasks of “Pack for the trip” are done. Check it too: todo check 1\n")
        #expect(await h.run("show", "1") == 0)
        #expect(h.out.contains("  Subtasks  2 of 2 done\n"))
        #expect(h.out.contains("#3 [x] Charger\n"))
        #expect(await h.run("show", "2") == 0)
        #expect(h.out.contains("Subtask of  #1 Pack for the trip\n"))
    }
}

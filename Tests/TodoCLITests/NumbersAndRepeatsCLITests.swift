import Foundation
import Testing
import TodoCLI
import TodoCore
import TodoTestSupport

/// docs/specs/numbers.md and repeats.md through the `todo` commands (in-process).
@Suite("todo: stable numbers and repeats")
struct NumbersAndRepeatsCLITests {
    @Test("NUMBER-3 done when: add A, add B, list → A is #1; after add C and check 2, rm 1 removes A")
    func test_NUMBER_3_doneWhen() async throws {
        let h = CLIHarness()
        #expect(await h.run("add", "A") == 0)
        #expect(h.out == "Added #1 “A” (00000000).\n")
        #expect(await h.run("add", "B") == 0)
        #expect(await h.run("list") == 0)
        #expect(h.out == "To Do\n  #2 [ ] B\n  #1 [ ] A\n")
        #expect(await h.run("add", "C") == 0)
        #expect(await h.run("check", "2") == 0)
        #expect(h.out == "Checked “B”.\n")
        #expect(await h.run("rm", "1") == 0)
        #expect(h.out == "Deleted “A” (restore with: todo restore 1).\n")
        #expect(await h.run("list") == 0)
        #expect(h.out == "To Do\n  #3 [ ] C\nDone\n  #2 [x] B\n")
    }

    @Test("NUMBER-4 a number whose item was deleted reaches no other item, with or without #")
    func test_NUMBER_4_deletedNumberReachesNothing() async throws {
        let h = CLIHarness()
        for title in ["A", "B", "C"] { await h.run("add", title) }
        #expect(await h.run("rm", "3") == 0)
        #expect(await h.run("add", "D") == 0)
        #expect(h.out.hasPrefix("Added #4 “D”"))
        for ref in ["3", "#3"] {
            #expect(await h.run("rm", ref) == 1)
            #expect(h.err == "todo: #3 is in the Trash: put it back with `todo restore 3`.\n")
        }
        #expect(await h.run("trash", "--empty", "--yes") == 0)
        for ref in ["3", "#3", "9"] {
            #expect(await h.run("rm", ref) == 1)
            #expect(h.err.hasPrefix("todo: There is no #\(ref.dropFirst(ref.hasPrefix("#") ? 1 : 0))."))
        }
        #expect(await h.run("show", "#x") == 1)
        #expect(h.err.contains("is not an item number"))
        #expect(try await h.store.items().map(\.title) == ["D", "B", "A"])
    }

    @Test("NUMBER-2 show --json and list --json carry the number")
    func test_NUMBER_2_jsonCarriesNumber() async throws {
        let h = CLIHarness()
        await h.run("add", "A")
        await h.run("add", "B")
        #expect(await h.run("show", "#2", "--json") == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(h.out.utf8)) as? [String: Any])
        #expect(object["number"] as? Int == 2 && object["title"] as? String == "B")
    }

    @Test("NUMBER-5 NUMBER-6 export then import into an empty list keeps every number")
    func test_NUMBER_6_exportImportRoundTrip() async throws {
        let h = CLIHarness()
        for title in ["A", "B", "C"] { await h.run("add", title) }
        await h.run("rm", "2")
        #expect(await h.run("export", "--format", "json") == 0)
        let exported = h.out
        #expect(exported.contains("\"number\" : 3"))
        let other = CLIHarness()
        other.standardInput = Data(exported.utf8)
        #expect(await other.run("import", "--format", "json", "-") == 0)
        #expect(try await other.store.items().map { "\($0.number) \($0.title)" } == ["3 C", "1 A"])
        #expect(await other.run("add", "D") == 0)
        #expect(other.out.hasPrefix("Added #4 “D”"))
    }

    @Test("REPEAT-1 REPEAT-3 REPEAT-6 done when: checking an every-Monday item due on a Monday makes one due the next Monday; unchecking the same day removes it")
    func test_REPEAT_1_doneWhen() async throws {
        let h = CLIHarness()
        #expect(await h.run(["add", "Water plants", "--due", "2026-11-23", "--repeat", "mon"]) == 0)
        #expect(await h.run("check", "1") == 0)
        #expect(h.out == "Checked “Water plants”; next: #2 due 11/30/2026.\n")
        #expect(await h.run("list") == 0)
        #expect(h.out == """
            To Do
              #2 [ ] Water plants  (due 11/30/2026)
            Done
              #1 [x] Water plants

            """)
        #expect(await h.run("uncheck", "1") == 0)
        #expect(h.out == "Unchecked “Water plants”.\n")
        #expect(await h.run("list") == 0)
        #expect(h.out == "To Do\n  #1 [ ] Water plants  (due 11/23/2026)\n")
    }
}

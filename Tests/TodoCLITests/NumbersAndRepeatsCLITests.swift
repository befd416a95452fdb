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
              #1 [x] Water plants  (due 11/23/2026)

            """)
        #expect(await h.run("uncheck", "1") == 0)
        #expect(h.out == "Unchecked “Water plants”.\n")
        #expect(await h.run("list") == 0)
        #expect(h.out == "To Do\n  #1 [ ] Water plants  (due 11/23/2026)\n")
    }
}

/// docs/specs/repeats.md, REPEAT-17: `--repeat` takes days, a period word or an `RRULE` text.
@Suite("todo: any repeat")
struct AnyRepeatCLITests {
    private func added(_ h: CLIHarness) async throws -> TodoItem {
        try #require(try await h.store.items().first { !$0.isDone })
    }

    @Test("REPEAT-17 todo add --repeat: days, a period, a rule; --repeat-after-done; each said in words")
    func test_REPEAT_17_add() async throws {
        let cases: [([String], RepeatRule, String)] = [
            (["--repeat", "mon,thu"], .weekly(on: [.monday, .thursday]), "Every Mon, Thu"),
            (["--repeat", "monthly"], RepeatRule(.monthly), "Every month"),
            (["--repeat", "FREQ=MONTHLY;BYDAY=2TU"], RepeatRule(.monthly, days: [RepeatRule.Day(.tuesday, nth: 2)]), "Every 2nd Tue"),
            (["--repeat", "FREQ=DAILY;INTERVAL=3", "--repeat-after-done"], RepeatRule(.daily, interval: 3, afterCompletion: true),
             "Every 3 days after done"),
        ]
        for (options, rule, words) in cases {
            let h = CLIHarness()
            #expect(await h.run(["add", "Pay rent"] + options) == 0)
            #expect(try await added(h).repeatRule == rule)
            #expect(h.out.hasSuffix(" · \(words).\n"), "\(h.out)")
        }
    }

    @Test("REPEAT-17 a repeat that is none, or a rule Todo refuses, is told in a sentence and nothing is stored")
    func test_REPEAT_17_refused() async throws {
        let h = CLIHarness()
        #expect(await h.run("add", "A", "--repeat", "sometimes") == 1)
        #expect(h.err.contains("“sometimes” is not a repeat"))
        #expect(await h.run("add", "A", "--repeat", "mon,funday") == 1)
        #expect(h.err.contains("“funday”"))
        #expect(await h.run("add", "A", "--repeat", "FREQ=WEEKLY;COUNT=0") == 1)
        #expect(h.err.contains("COUNT"))
        #expect(try await h.store.items().isEmpty)
    }

    @Test("REPEAT-17 todo edit --repeat changes the rule, --repeat-after-done alone keeps it, --no-repeat removes it")
    func test_REPEAT_17_edit() async throws {
        let h = CLIHarness()
        #expect(await h.run("add", "Water the plants", "--due", "2026-12-01", "--repeat", "weekly") == 0)
        #expect(await h.run("edit", "1", "--repeat", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU") == 0)
        #expect(try await added(h).repeatRule == RepeatRule(.weekly, interval: 2, days: [RepeatRule.Day(.tuesday)]))
        #expect(await h.run("edit", "1", "--repeat-after-done") == 0)
        #expect(try await added(h).repeatRule == RepeatRule(.weekly, interval: 2, days: [RepeatRule.Day(.tuesday)], afterCompletion: true))
        #expect(await h.run("edit", "1", "--no-repeat") == 0)
        #expect(try await added(h).repeatRule == nil)
        #expect(await h.run("edit", "1", "--repeat", "daily", "--no-repeat") != 0)
    }
}

import Foundation
import Testing
import TodoCLI
import TodoCore
import TodoTestSupport

/// A priority on the command line (docs/specs/priority.md, PRIO-11…13). The harness's today is
/// Saturday 11/21/2026.
@Suite("todo: priority")
struct PriorityCLITests {
    @Test("PRIO-12 todo add --priority and !words store it; the summary and the row show !high")
    func test_PRIO_12_addWithAPriority() async throws {
        let h = CLIHarness()
        #expect(await h.run("add", "Pay rent", "--priority", "high") == 0)
        #expect(h.out.hasSuffix(" · !high.\n"))
        #expect(await h.run("add", "Dust the shelves !low") == 0)
        #expect(await h.run("add", "--raw", "Read !low") == 0)
        #expect(try await h.store.items().map { "\($0.title) \($0.priority.number)" }
            == ["Read !low 0", "Dust the shelves 9", "Pay rent 1"])
        #expect(await h.run("list") == 0)
        #expect(h.out.contains("#1 [ ] Pay rent !high\n"))
        #expect(h.out.contains("#2 [ ] Dust the shelves !low\n"))
        #expect(h.out.contains("#3 [ ] Read !low\n"), "a title that only looks like one is the title")
    }

    @Test("PRIO-12 an option wins over the words; a word that is no level is refused and nothing is added")
    func test_PRIO_12_optionWinsAndBadWordsAreRefused() async throws {
        let h = CLIHarness()
        #expect(await h.run("add", "Pay rent !low", "--priority", "medium") == 0)
        #expect(try await h.store.items().map(\.priority) == [Priority(number: 5)])
        #expect(await h.run("add", "Urgent thing", "--priority", "urgent") == 1)
        #expect(h.err == "todo: “urgent” is not a priority: use high, medium, low or none.\n")
        #expect(try await h.store.items().count == 1)
    }

    @Test("PRIO-12 todo edit --priority keeps a client's number for the same level; --no-priority removes it")
    func test_PRIO_12_editAPriority() async throws {
        let h = CLIHarness()
        let item = try await h.store.add(TodoDraft(title: "Pay rent", priority: Priority(number: 2)))
        #expect(await h.run("edit", "1", "--priority", "high") == 0)
        #expect(try await h.store.item(id: item.id)?.priority == Priority(number: 2))
        #expect(await h.run("edit", "1", "--priority", "low") == 0)
        #expect(try await h.store.item(id: item.id)?.priority == Priority(number: 9))
        #expect(await h.run("edit", "1", "--no-priority") == 0)
        #expect(try await h.store.item(id: item.id)?.priority == Priority.undefined)
        #expect(await h.run("edit", "1", "--priority", "high", "--no-priority") != 0)
    }

    @Test("PRIO-12 todo list --priority narrows every list to those levels; a wrong level is refused with the levels")
    func test_PRIO_12_listByPriority() async throws {
        let h = CLIHarness()
        let today = CalendarDate(iso: "2026-11-21")!
        for (title, number, due) in [("none", 0, today), ("high", 1, today), ("medium", 5, nil), ("low", 9, today)] {
            _ = try await h.store.add(TodoDraft(title: title, dueDate: due, priority: Priority(number: number)))
        }
        #expect(await h.run("list", "--priority", "high,medium") == 0)
        #expect(h.out.contains("medium !medium") && h.out.contains("high !high"))
        #expect(!h.out.contains("low") && !h.out.contains("none"))
        #expect(await h.run("list", "--due", "today", "--priority", "low") == 0)
        #expect(h.out.contains("low !low") && !h.out.contains("high"))
        #expect(await h.run("list", "--priority", "urgent") != 0)
        #expect(h.err.contains("“urgent” is not a priority: use high, medium or low (several: high,medium)."))
        #expect(await h.run("list", "--priority", "high", "--upcoming") != 0)
        #expect(h.err.contains("--priority, --tag and --sort can't be given with --upcoming."))
        #expect(await h.run("list", "--priority", "low", "--json") == 0)
        #expect(h.out.contains("\"priority\" : 9"))
    }

    @Test("PRIO-13 todo search milk !high finds the high items with the word")
    func test_PRIO_13_searchWithASign() async throws {
        let h = CLIHarness()
        _ = try await h.store.add(TodoDraft(title: "Buy milk", priority: Priority(number: 1)))
        _ = try await h.store.add(TodoDraft(title: "Milk the cow", priority: Priority(number: 9)))
        #expect(await h.run("search", "milk", "!high") == 0)
        #expect(h.out.contains("Buy milk") && !h.out.contains("Milk the cow"))
    }
}

extension PriorityCLITests {
    @Test("PRIO-14 todo list --sort priority: each section high, medium, low, none, a level in the list's own order")
    func test_PRIO_14_listSortedByPriority() async throws {
        let h = CLIHarness()
        for (title, number, done) in [("plain", 0, false), ("low", 9, false), ("client high", 2, false), ("medium", 5, false),
                                      ("high", 1, false), ("done low", 7, true), ("done high", 1, true)] {
            _ = try await h.store.add(TodoDraft(title: title, isDone: done, priority: Priority(number: number)))
        }
        #expect(await h.run("list", "--sort", "priority") == 0)
        let titles = h.out.split(separator: "\n").compactMap { line in
            line.range(of: "] ").map { String(line[$0.upperBound...].prefix { $0 != "!" }).trimmingCharacters(in: .whitespaces) }
        }
        #expect(titles == ["high", "client high", "medium", "low", "plain", "done high", "done low"])
        #expect(await h.run("list") == 0)
        let listOrder = try #require(h.out.range(of: "client high")?.lowerBound)
        #expect(listOrder > (try #require(h.out.range(of: "medium !medium")?.lowerBound)), "without --sort, the list's own order")
        #expect(await h.run("list", "--sort", "size") != 0)
        #expect(await h.run("list", "--sort", "priority", "--upcoming") != 0)
    }
}

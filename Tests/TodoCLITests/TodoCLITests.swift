import Foundation
import Testing
import TodoCLI
import TodoCore
import TodoTestSupport

@Suite("todo command line (in-process)")
struct TodoCLITests {
    private func titles(_ h: CLIHarness) async throws -> (todo: [String], done: [String]) {
        try await h.store.sectionTitles()
    }

    @Test("the ordering rules hold through the CLI: add A, B; check A; add and check C; uncheck A")
    func test_ordering_throughCLI() async throws {
        let h = CLIHarness()
        #expect(await h.run("add", "A") == 0)
        #expect(await h.run("add", "B") == 0)
        #expect(try await titles(h) == (["B", "A"], []))
        #expect(await h.run("check", "1") == 0)  // A is #1
        #expect(try await titles(h).done.first == "A")
        await h.run("add", "C")
        await h.run("check", "3")  // C is #3
        #expect(try await titles(h).done == ["C", "A"])
        await h.run("uncheck", "#1")  // A keeps #1
        #expect(try await titles(h) == (["B", "A"], ["C"]))
    }

    @Test("LIST-1 NUMBER-2 a list longer than one read slice prints every row once, in order, its number to the right")
    func test_LIST_1_longListPrintsEveryRowOnce() async throws {
        let h = CLIHarness()
        // 2,500 rows, 1,000 of them done: several slices in each section.
        let items = (1...2_500).map { index in
            TodoItem(
                id: TestEnvironment.id(index), title: "Item \(index)", isDone: index > 1_500,
                position: Double(index), createdAt: TestEnvironment.referenceDate, updatedAt: TestEnvironment.referenceDate,
                completedAt: index > 1_500 ? TestEnvironment.referenceDate : nil)
        }
        _ = try await h.store.importItems(items)
        #expect(await h.run("list") == 0)
        let lines = h.out.split(separator: "\n", omittingEmptySubsequences: false)
        // Imported without numbers: numbered in file order, so item n is #n.
        func row(_ n: Int, _ mark: String) -> String {
            String(repeating: " ", count: 2 + 5 - "#\(n)".count) + "#\(n) [\(mark)] Item \(n)"
        }
        let expected = ["To Do"] + (1...1_500).map { row($0, " ") } + ["Done"] + (1_501...2_500).map { row($0, "x") } + [""]
        #expect(lines.count == expected.count)
        #expect(lines.map(String.init) == expected)
    }

    @Test("LIST-1 LIST-5 NUMBER-2 list shows both sections with headers, item numbers, MM/dd/yyyy dates and [x] for done rows")
    func test_LIST_1_LIST_5_plainListing() async throws {
        let h = CLIHarness()
        await h.run("add", "Pay rent")
        await h.run(["add", "Buy milk", "--due", "2026-03-04", "--location", "Shop"])
        await h.run("check", "1")
        #expect(await h.run("list") == 0)
        #expect(h.out == """
            To Do
              #2 [ ] Buy milk  (Shop, due 03/04/2026)
            Done
              #1 [x] Pay rent

            """)
    }

    @Test("LIST-5 on a terminal, done titles are struck through; NO_COLOR turns styling off")
    func test_LIST_5_strikeThroughOnTerminal() async throws {
        let h = CLIHarness()
        await h.run("add", "Done thing")
        await h.run("check", "1")
        h.terminal = true
        await h.run("list")
        #expect(h.out.contains("\u{1B}[9mDone thing\u{1B}[0m"))
        h.environment["NO_COLOR"] = "1"
        await h.run("list")
        #expect(!h.out.contains("\u{1B}["))
    }

    @Test("LIST-4 an empty list says so, without headers")
    func test_LIST_4_emptyList() async throws {
        let h = CLIHarness()
        #expect(await h.run("list") == 0)
        #expect(h.out == "Nothing to do yet. Add your first item with: todo add \"Title\"\n")
    }

    @Test("LIST-6 --unfinished hides Done")
    func test_LIST_6_unfinished() async throws {
        let h = CLIHarness()
        await h.run("add", "A")
        await h.run("add", "B")
        await h.run("check", "2")
        await h.run("list", "--unfinished")
        #expect(h.out == "To Do\n  #1 [ ] A\n")
    }

    @Test("LIST-7 NUMBER-2 --project and --due show one project's or one day's items, with the items' numbers")
    func test_LIST_7_filteredLists() async throws {
        let h = CLIHarness()
        await h.run(["add", "Work item", "--project", "Work", "--due", "today"])
        await h.run(["add", "Home item", "--project", "Home"])
        await h.run(["list", "--project", "Work"])
        #expect(h.out == "Work\nTo Do\n  #1 [ ] Work item  (due 11/21/2026)\n")
        await h.run(["list", "--due", "today"])
        #expect(h.out == "Today\nTo Do\n  #1 [ ] Work item  (due 11/21/2026)\n")
        #expect(await h.run(["list", "--project", "Work", "--due", "today"]) != 0)
    }

    @Test("list --json prints {todo, done} with the shared ITEM shape")
    func test_listJSON() async throws {
        let h = CLIHarness()
        await h.run(["add", "A", "--repeat", "wed,mon", "--estimate", "1h30m", "--project", "P"])
        await h.run("add", "B")
        await h.run("check", "1")
        await h.run("list", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(h.out.utf8)) as? [String: [[String: Any]]])
        // A repeats: checking it brought its next occurrence (REPEAT-1).
        #expect(object["todo"]?.map { $0["title"] as? String } == ["A", "B"])
        #expect(object["done"]?.map { $0["title"] as? String } == ["A"])
        let a = try #require(object["done"]?.first)
        #expect((a["repeat"] as? [String: Any])?["rule"] as? String == "FREQ=WEEKLY;BYDAY=MO,WE")
        #expect(a["estimateMinutes"] as? Int == 90)
        #expect(a["project"] as? String == "P")
        #expect(a["completed"] as? Bool == true)
        #expect(a["number"] as? Int == 1)
        #expect(Set(a.keys) == Set(TodoItem.CodingKeys.allCases.map(\.rawValue)))
    }

    @Test("ADD-3 a blank title exits non-zero with a sentence and stores nothing")
    func test_ADD_3_blankTitleRefused() async throws {
        let h = CLIHarness()
        #expect(await h.run("add", "   ") == 1)
        #expect(h.err == "todo: The title can't be empty.\n")
        #expect(try await h.store.items().isEmpty)
    }

    @Test("bad input gets one sentence and changes nothing",
          arguments: [
            ["add", String(repeating: "x", count: 501)], ["add", "x", "--due", "2026-02-30"], ["add", "x", "--due", "someday"],
            ["add", "x", "--estimate", "5 parsecs"], ["add", "x", "--repeat", "mon,funday"],
            ["add", "x", "--location", "Home", "--latitude", "north", "--longitude", "1"],
            ["add", "x", "--details", String(repeating: "d", count: 10_001)],
            ["check", "9"], ["check", "1", "9"], ["rm", "zz"], ["show", "ffff"], ["edit", "1", "--title", " "],
            ["move", "1", "--to", "0"], ["edit", "1", "--due", "x", "--no-due"],
          ])
    func test_badInput_isRefused(_ arguments: [String]) async throws {
        let h = CLIHarness()
        await h.run("add", "existing")
        let before = try await h.store.items()
        let status = await h.run(arguments)
        #expect(status != 0)
        #expect(!h.err.isEmpty && h.out.isEmpty)
        #expect(!h.err.contains("Fatal") && !h.err.contains("Stack"))
        #expect(try await h.store.items() == before)
    }

    @Test("REF NUMBER-3: an item's number (7 or #7) or a unique id prefix; an ambiguous prefix lists the candidates")
    func test_references() async throws {
        let h = CLIHarness()
        await h.run("add", "First")   // id …0001
        await h.run("add", "Second")  // id …0002
        #expect(await h.run("show", "00000000-0000-4000-8000-000000000001") == 0)
        #expect(h.out.hasPrefix("First\n"))
        #expect(await h.run("show", "id:00000000") == 1)
        #expect(h.err.contains("matches several items"))
        #expect(h.err.contains("First") && h.err.contains("Second"))
        #expect(await h.run("show", "2") == 0)
        #expect(h.out.hasPrefix("Second\n"), "#2 is Second, though it is the first row")
        #expect(await h.run("show", "#1") == 0)
        #expect(h.out.hasPrefix("First\n"))
    }

    @Test("check, uncheck and rm take several refs, resolved before anything changes")
    func test_multipleRefs() async throws {
        let h = CLIHarness()
        for title in ["A", "B", "C"] { await h.run("add", title) }  // C B A
        #expect(await h.run("check", "3", "1") == 0)  // C, then A
        #expect(try await h.store.sectionTitles() == (["B"], ["A", "C"]))
        #expect(await h.run("check", "1") == 0)
        #expect(h.out == "“A” was already done.\n")
        #expect(await h.run("rm", "1", "3") == 0)
        #expect(try await h.store.sectionTitles() == (["B"], []))
    }

    @Test("edit changes the given fields only and can clear them")
    func test_edit() async throws {
        let h = CLIHarness()
        await h.run(["add", "Run", "--due", "2026-12-01", "--project", "Health", "--details", "5 km"])
        #expect(await h.run(["edit", "1", "--title", "Run far", "--no-due", "--done"]) == 0)
        let item = try #require(try await h.store.items().first)
        #expect(item.title == "Run far" && item.dueDate == nil && item.isDone)
        #expect(item.project == Project(name: "Health") && item.details == "5 km")
        #expect(await h.run(["edit", "1"]) != 0)
        #expect(h.err.contains("Nothing to change"))
    }

    @Test("move places an item at a 1-based place in its section")
    func test_move() async throws {
        let h = CLIHarness()
        for title in ["A", "B", "C"] { await h.run("add", title) }  // C B A
        #expect(await h.run(["move", "3", "--to", "3"]) == 0)  // C is #3
        #expect(try await h.store.sectionTitles().todo == ["B", "A", "C"])
    }

    @Test("projects lists names with counts")
    func test_projects() async throws {
        let h = CLIHarness()
        await h.run("projects")
        #expect(h.out.hasPrefix("No projects yet."))
        await h.run(["add", "a", "--project", "Work"])
        await h.run(["add", "b", "--project", "Work"])
        await h.run(["add", "c", "--project", "Home"])
        await h.run("projects")
        #expect(h.out == "Home (1)\nWork (2)\n")
    }

    @Test("the database path: --db, then TODO_DB, then XDG_DATA_HOME, then ~/.local/share")
    func test_databasePath() async {
        #expect(StoreLocation.resolve(option: "/a.sqlite", environment: ["TODO_DB": "/b.sqlite"]) == .file("/a.sqlite"))
        #expect(StoreLocation.resolve(option: nil, environment: ["TODO_DB": "/b.sqlite", "XDG_DATA_HOME": "/x"]) == .file("/b.sqlite"))
        #expect(StoreLocation.resolve(option: nil, environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"]) == .file("/x/todo/todo.sqlite"))
        #expect(StoreLocation.resolve(option: nil, environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"]) == .file("/h/.local/share/todo/todo.sqlite"))
        #expect(StoreLocation.resolve(option: nil, environment: ["HOME": "/h"]) == .file("/h/.local/share/todo/todo.sqlite"))
        let h = CLIHarness()
        h.environment = ["TODO_DB": "/env.sqlite"]
        await h.run(["list", "--db", "/flag.sqlite"])
        #expect(h.openedLocations == [.file("/flag.sqlite")])
    }

    @Test("help lists every subcommand")
    func test_help() async {
        let h = CLIHarness()
        #expect(await h.run("--help") == 0)
        for name in ["list", "add", "show", "check", "uncheck", "edit", "rm", "move", "projects"] {
            #expect(h.out.contains("  \(name)"), "\(name) missing from help")
        }
    }
}

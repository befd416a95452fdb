import Foundation
import Testing
import TodoCore
import TodoTestSupport

@Suite("CLI: search, Today, Overdue and Upcoming")
struct SearchTodayCLITests {
    @Test("FIND-9 todo search prints the matching rows as todo list does, with their numbers")
    func test_FIND_9_search() async throws {
        let h = CLIHarness()
        await h.run(["add", "Buy milk", "--location", "Shop"])
        await h.run(["add", "Bread"])
        await h.run(["add", "Oat milk"])
        await h.run(["check", "1"])
        #expect(await h.run(["search", "MILK"]) == 0)
        #expect(h.out == """
            Search “MILK”
            To Do
              #3 [ ] Oat milk
            Done
              #1 [x] Buy milk  (Shop)

            """)
        await h.run(["search", "oat", "milk"])
        #expect(h.out == "Search “oat milk”\nTo Do\n  #3 [ ] Oat milk\n")
    }

    @Test("FIND-9 todo search --json prints the sections as todo list --json does")
    func test_FIND_9_searchJSON() async throws {
        let h = CLIHarness()
        await h.run(["add", "Buy milk"])
        await h.run(["add", "Bread"])
        await h.run(["check", "1"])
        #expect(await h.run(["search", "milk", "--json"]) == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(h.out.utf8)) as? [String: [[String: Any]]])
        #expect(json["todo"]?.count == 0)
        #expect(json["done"]?.compactMap { $0["title"] as? String } == ["Buy milk"])
    }

    @Test("FIND-6 FIND-9 nothing matches says so; no text is a usage error")
    func test_FIND_6_noMatchAndNoText() async throws {
        let h = CLIHarness()
        await h.run(["add", "Bread"])
        #expect(await h.run(["search", "kale"]) == 0)
        #expect(h.out == "Search “kale”\nNothing matches “kale”\n")
        #expect(await h.run(["search", "  "]) != 0)
        #expect(h.err.contains("Give the text to look for."))
    }

    @Test("FIND-4 FIND-9 search syntax is searched as it is")
    func test_FIND_4_syntax() async throws {
        let h = CLIHarness()
        await h.run(["add", "--raw", "Fix \"NEAR\" a-b*"])  // as typed: the words would drop the quotes (WORDS-10)
        await h.run(["add", "Other"])
        #expect(await h.run(["search", "\"NEAR\"", "a-b*"]) == 0)
        #expect(h.out.contains("  #1 [ ] Fix \"NEAR\" a-b*"))
        #expect(!h.out.contains("Other"))
    }

    @Test("DAY-4 todo list --due today prints yesterday's item first under Overdue, marked overdue")
    func test_DAY_4_dueTodayWithOverdue() async throws {
        let h = CLIHarness()
        await h.run(["add", "Pay rent", "--due", "2026-11-20"])
        await h.run(["add", "Call mom", "--due", "today"])
        await h.run(["add", "Later", "--due", "2026-11-28"])
        await h.run(["add", "Done late", "--due", "2026-11-19"])
        await h.run(["check", "4"])
        #expect(await h.run(["list", "--due", "today"]) == 0)
        #expect(h.out == """
            Today
            Overdue
              #1 [ ] Pay rent  (due 11/20/2026, overdue)
            To Do
              #2 [ ] Call mom  (due 11/21/2026)

            """)
        await h.run(["list", "--due", "today", "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(h.out.utf8)) as? [String: [[String: Any]]])
        #expect(json["todo"]?.compactMap { $0["title"] as? String } == ["Pay rent", "Call mom"])
        #expect(json["done"]?.count == 0)
    }

    @Test("DAY-3 DAY-4 nothing due today or overdue says so")
    func test_DAY_3_nothingDue() async throws {
        let h = CLIHarness()
        await h.run(["add", "Later", "--due", "2026-11-28"])
        await h.run(["list", "--due", "today"])
        #expect(h.out == "Today\nNothing due today\n")
        await h.run(["list", "--overdue"])
        #expect(h.out == "Overdue\nNothing is overdue.\n")
    }

    @Test("DAY-4 todo list --overdue prints only the overdue items, marked")
    func test_DAY_4_overdue() async throws {
        let h = CLIHarness()
        await h.run(["add", "Pay rent", "--due", "2026-11-20"])
        await h.run(["add", "Call mom", "--due", "today"])
        await h.run(["add", "No date"])
        #expect(await h.run(["list", "--overdue"]) == 0)
        #expect(h.out == "Overdue\nTo Do\n  #1 [ ] Pay rent  (due 11/20/2026, overdue)\n")
        #expect(await h.run(["list", "--overdue", "--upcoming"]) != 0)
        #expect(h.err.contains("Give one of --project, --due, --overdue or --upcoming."))
    }

    @Test("DAY-7 todo list --upcoming prints each day's heading, then its rows; --json groups by date")
    func test_DAY_7_upcoming() async throws {
        let h = CLIHarness()
        await h.run(["add", "Today's", "--due", "today"])
        await h.run(["add", "Weekly sync", "--due", "2026-11-24", "--location", "Office"])
        await h.run(["add", "Tomorrow's", "--due", "tomorrow"])
        await h.run(["add", "Too late", "--due", "2026-11-29"])
        #expect(await h.run(["list", "--upcoming"]) == 0)
        #expect(h.out == """
            Upcoming
            Tomorrow
              #3 [ ] Tomorrow's
            Tuesday 11/24
              #2 [ ] Weekly sync  (Office)

            """)
        await h.run(["list", "--upcoming", "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(h.out.utf8)) as? [String: [[String: Any]]])
        #expect(json["days"]?.compactMap { $0["date"] as? String } == ["2026-11-22", "2026-11-24"])
        let firstDay = try #require(json["days"]?.first?["items"] as? [[String: Any]])
        #expect(firstDay.compactMap { $0["title"] as? String } == ["Tomorrow's"])
    }

    @Test("DAY-7 an empty Upcoming says so")
    func test_DAY_7_emptyUpcoming() async throws {
        let h = CLIHarness()
        await h.run(["list", "--upcoming"])
        #expect(h.out == "Upcoming\nNothing due in the next 7 days\n")
    }
}

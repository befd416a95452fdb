import Foundation
import Testing
import TodoCLI
import TodoCore
import TodoTestSupport

/// Due times on the command line (docs/specs/times.md, TIME-2, TIME-11). The harness's today is
/// Saturday 11/21/2026.
@Suite("todo: due times")
struct DueTimeCLITests {
    @Test("TIME-11 todo add --due --at stores the time (15:00, 9:30, 3pm, 3:30 pm); the row shows it after the date; a time without a date is refused")
    func test_TIME_11_add() async throws {
        let h = CLIHarness()
        #expect(await h.run("add", "Call the dentist", "--due", "2026-12-08", "--at", "3pm") == 0)
        #expect(await h.run("add", "Stand-up", "--due", "tomorrow", "--at", "9:30") == 0)
        #expect(await h.run("add", "Tea", "--due", "today", "--at", "3:30 pm") == 0)
        #expect(try await h.store.items().map { $0.dueTime?.text } == ["15:30", "09:30", "15:00"])
        #expect(await h.run("list") == 0)
        #expect(h.out.contains("#1 [ ] Call the dentist  (due 12/08/2026 15:00)\n"))
        #expect(await h.run("add", "When?", "--at", "15:00") == 1)
        #expect(h.err == "todo: A due time needs a due date.\n")
        #expect(await h.run("add", "Bad", "--due", "today", "--at", "25:00") == 1)
        #expect(h.err.contains("“25:00” is not a time"))
        #expect(try await h.store.items().count == 3)
    }

    @Test("TIME-11 TIME-2 todo edit --at changes the time (in words too: noon, 下午3点半), --no-time removes it, --no-due removes the date and its time")
    func test_TIME_11_edit() async throws {
        let h = CLIHarness()
        let item = try await h.store.add(TodoDraft(title: "Call", dueDate: CalendarDate(iso: "2026-12-08")))
        #expect(await h.run("edit", "1", "--at", "15:00") == 0)
        #expect(try await h.store.item(id: item.id)?.dueTime?.text == "15:00")
        #expect(await h.run("edit", "1", "--no-time") == 0)
        #expect(try await h.store.item(id: item.id)?.dueTime == nil)
        #expect(await h.run("edit", "1", "--at", "8am") == 0)
        #expect(try await h.store.item(id: item.id)?.dueTime?.text == "08:00")
        // As plain words say a time (WORDS-31), in any of the three languages.
        for (spoken, time) in [("noon", "12:00"), ("下午3点半", "15:30"), ("午後9時", "21:00"), ("3:30 pm", "15:30")] {
            #expect(await h.run("edit", "1", "--at", spoken) == 0)
            #expect(try await h.store.item(id: item.id)?.dueTime?.text == time, "\(spoken)")
        }
        #expect(await h.run("edit", "1", "--no-due") == 0)
        let cleared = try await h.store.item(id: item.id)
        #expect(cleared?.dueDate == nil && cleared?.dueTime == nil)
        #expect(await h.run("edit", "1", "--at", "9:00", "--no-time") != 0)
    }
}

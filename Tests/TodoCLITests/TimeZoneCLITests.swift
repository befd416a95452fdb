import Foundation
import Testing
import TodoCLI
import TodoCore
import TodoTestSupport

/// The command line's zone and times (docs/specs/times.md): `--tz` and `TZ` (TIME-6), a passed
/// time overdue (TIME-7), and `--sort time` (TIME-5). The harness's clock stands at Saturday
/// 2026-11-21 09:00 UTC, which is 22:00 on Friday the 20th in Pago Pago.
@Suite("The command line's time zone")
struct TimeZoneCLITests {
    @Test("TIME-6 --tz reckons today in the zone: an item due today in Pago Pago is due on Friday, and Friday's Today is its list")
    func test_TIME_6_tzOption() async throws {
        let h = CLIHarness()
        #expect(await h.run(["add", "Call mom", "--due", "today", "--tz", "Pacific/Pago_Pago"]) == 0)
        #expect(try await h.store.items().map(\.dueDate) == [CalendarDate(iso: "2026-11-20")])
        await h.run(["add", "Saturday's", "--due", "today"])
        #expect(await h.run(["list", "--due", "today", "--tz=Pacific/Pago_Pago"]) == 0)
        #expect(h.out.contains("Call mom") && !h.out.contains("Saturday's"))
        // In UTC it is Saturday: Friday's to-do is overdue.
        h.environment["TZ"] = "Pacific/Pago_Pago"
        await h.run(["list", "--due", "today", "--tz", "UTC"])
        #expect(h.out.contains("Saturday's") && h.out.contains("Call mom  (due 11/20/2026, overdue)"))
    }

    @Test("TIME-6 an unknown zone is refused with the zones it is like, or an example when none is")
    func test_TIME_6_unknownZone() async throws {
        let h = CLIHarness()
        #expect(await h.run(["list", "--tz", "Asia/Tokio"]) == 64)
        #expect(h.err.contains("--tz needs a time zone; “Asia/Tokio” is none. Did you mean Asia/Tokyo?"))
        #expect(await h.run(["list", "--tz", "new_york"]) == 64)
        #expect(h.err.contains("Did you mean America/New_York?"))
        #expect(await h.run(["add", "x", "--tz", "+09:00"]) == 64)
        #expect(h.err.contains("--tz needs a time zone such as Asia/Tokyo or Europe/Berlin; “+09:00” is none."))
        #expect(try await h.store.items().isEmpty)
        h.environment["LANG"] = "ja_JP.UTF-8"
        #expect(await h.run(["list", "--tz", "Asia/Tokio"]) == 64)
        #expect(h.err.contains("「Asia/Tokio」はタイムゾーンではありません。Asia/Tokyo のことですか？"))
    }

    @Test("TIME-6 the zone --tz names is read before the command, wherever it stands before --")
    func test_TIME_6_namedInArguments() {
        #expect(CLITimeZone.named(in: ["list", "--tz", "Asia/Tokyo"])?.identifier == "Asia/Tokyo")
        #expect(CLITimeZone.named(in: ["add", "x", "--tz=Europe/Berlin"])?.identifier == "Europe/Berlin")
        #expect(CLITimeZone.named(in: ["add", "--", "--tz", "Asia/Tokyo"]) == nil)
        #expect(CLITimeZone.named(in: ["list", "--tz", "Asia/Tokio"]) == nil)
        #expect(CLITimeZone.named(in: ["list", "--tz"]) == nil)
        #expect(CLITimeZone.named(in: ["list", "--tz", "../../etc/passwd"]) == nil)
    }

    @Test("TIME-7 a to-do due today at a time that has passed is overdue: marked, and on the Overdue list")
    func test_TIME_7_passedTimeOverdue() async throws {
        let h = CLIHarness()
        await h.run(["add", "At 8", "--due", "today", "--at", "8:00"])
        await h.run(["add", "At 10", "--due", "today", "--at", "10:00"])
        await h.run(["list", "--due", "today"])
        #expect(h.out.contains("#1 [ ] At 8  (due 11/21/2026 08:00, overdue)\n"))
        #expect(h.out.contains("#2 [ ] At 10  (due 11/21/2026 10:00)\n"))
        await h.run(["list", "--overdue"])
        #expect(h.out == "Overdue\nTo Do\n  #1 [ ] At 8  (due 11/21/2026 08:00, overdue)\n")
        // In Tokyo it is 18:00: both have passed.
        await h.run(["list", "--overdue", "--tz", "Asia/Tokyo"])
        #expect(h.out.contains("At 10") && h.out.contains("At 8"))
    }

    @Test("TIME-5 todo list --sort time: the to-dos with a time first, by time, then the others")
    func test_TIME_5_sortByTime() async throws {
        let h = CLIHarness()
        await h.run(["add", "No time", "--due", "2026-11-24"])
        await h.run(["add", "At 18", "--due", "2026-11-24", "--at", "18:00"])
        await h.run(["add", "At 7", "--due", "2026-11-24", "--at", "7:00"])
        #expect(await h.run(["list", "--sort", "time"]) == 0)
        #expect(h.out.components(separatedBy: "At 7  (")[0].hasPrefix("To Do\n"))
        let order = ["At 7", "At 18", "No time"].map { h.out.range(of: "] " + $0 + "  (")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order == order.sorted { $0! < $1! })
    }
}

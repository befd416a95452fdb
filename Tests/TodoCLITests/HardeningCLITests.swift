import Foundation
import Testing
import TodoCLI
import TodoCore
import TodoTestSupport

/// The command line's side of docs/specs/hardening.md.
@Suite("Hardening: the todo command")
struct HardeningCLITests {
    /// A list of three whose ids start with 9, 90000000… and a…, as ids can.
    private func threeRows() async throws -> CLIHarness {
        let h = CLIHarness()
        _ = try await h.store.importItems([
            TodoItem(id: UUID(uuidString: "90000000-0000-4000-8000-000000000001")!, title: "nine", position: 0, createdAt: TestEnvironment.referenceDate),
            TodoItem(id: UUID(uuidString: "a0000000-0000-4000-8000-000000000002")!, title: "ay", position: 1, createdAt: TestEnvironment.referenceDate),
            TodoItem(id: UUID(uuidString: "b0000000-0000-4000-8000-000000000003")!, title: "bee", position: 2, createdAt: TestEnvironment.referenceDate),
        ])
        return h
    }

    @Test("HARDEN-4 NUMBER-4 a number no item has is only a number: nothing is deleted, not even an item whose id starts with it")
    func test_HARDEN_4_numberIsOnlyANumber() async throws {
        let h = try await threeRows()
        #expect(await h.run("rm", "9") == 1)
        #expect(h.err == "todo: There is no #9. (`todo list` shows each item's number; for an id that starts with digits, write id:9.)\n")
        #expect(await h.run("rm", "#9") == 1)
        #expect(h.err.hasPrefix("todo: There is no #9."))
        #expect(try await h.store.count(.all) == 3)
        #expect(await h.run("check", "90000000") == 1)
        #expect(try await h.store.items().allSatisfy { !$0.isDone })
    }

    @Test("HARDEN-4 an id prefix needs 4 hex characters, or id: before it")
    func test_HARDEN_4_shortPrefixes() async throws {
        let h = try await threeRows()
        #expect(await h.run("rm", "a0") == 1)
        #expect(h.err.contains("too short to name an item by its id: give at least 4 characters of it, or write id:a0"))
        #expect(try await h.store.count(.all) == 3)
        #expect(await h.run("show", "a000") == 0)
        #expect(h.out.hasPrefix("ay\n"))
        #expect(await h.run("show", "id:9") == 0)
        #expect(h.out.hasPrefix("nine\n"))
        #expect(await h.run("rm", "id:") == 1)
        #expect(await h.run("rm", "id:xyz") == 1)
        #expect(await h.run("rm", "2") == 0)  // "ay" is #2
        #expect(try await h.store.items().map(\.title) == ["nine", "bee"])
    }

    @Test("HARDEN-1 an estimate whose number would overflow is refused with a sentence, no trap",
          arguments: ["99999999999999999999h", "9223372036854775807m9m", "153722867280912931h"])
    func test_HARDEN_1_hugeEstimate(_ estimate: String) async throws {
        let h = CLIHarness()
        #expect(await h.run("add", "x", "--estimate", estimate) != 0)
        #expect(h.err.contains("is not a duration") && h.err.contains("at most a week"))
        #expect(try await h.store.items().isEmpty)
    }

    @Test("HARDEN-1 a position past the range in `todo move` is clamped to the section, not trusted")
    func test_HARDEN_1_hugeMoveTarget() async throws {
        let h = CLIHarness()
        await h.run("add", "A")
        await h.run("add", "B")
        #expect(await h.run("move", "2", "--to", "9223372036854775807") == 0)  // B, first, to the end
        #expect(try await h.store.items().map(\.title) == ["A", "B"])
    }

    @Test("HARDEN-10j --db '' is refused rather than silently using the default file")
    func test_HARDEN_10j_emptyDatabasePath() async throws {
        let h = CLIHarness()
        for arguments in [["list", "--db", ""], ["add", "x", "--db", " "]] {
            #expect(await h.run(arguments) != 0)
            #expect(h.err.contains("--db needs a file path"), "\(h.err)")
        }
        #expect(h.openedLocations.isEmpty)
    }
}

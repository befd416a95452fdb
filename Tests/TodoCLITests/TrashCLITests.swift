import Foundation
import Testing
import TodoCLI
import TodoCore
import TodoTestSupport

/// Runs `todo` in-process over one in-memory store with a clock the test moves, a terminal (or
/// not) on standard input, and the answers typed there.
private final class TrashHarness {
    let env = TestEnvironment(tick: 0)
    let store: any TodoStore
    var out = "", err = ""
    var stdinIsTerminal = false
    var answers: [String] = []

    init() { store = InMemoryTodoStore(environment: env.environment) }

    @discardableResult
    func run(_ arguments: String...) async -> Int32 {
        out = ""
        err = ""
        let store = self.store
        var context = CLIContext(
            openStore: { _, _ in store }, environment: [:], stdoutIsTerminal: false,
            today: { CalendarDate(iso: "2026-11-21")! },
            now: { TestEnvironment.referenceDate }, writeOut: { self.out += $0 }, writeErr: { self.err += $0 }, readStandardInput: { Data() })
        context.stdinIsTerminal = stdinIsTerminal
        context.readAnswer = { self.answers.isEmpty ? nil : self.answers.removeFirst() }
        let env = self.env
        context.now = { env.now() }
        return await TodoCLI.run(arguments, context: context)
    }
}

@Suite("todo trash, restore, rm")
struct TrashCLITests {
    @Test("TRASH-11 rm says how to restore the item")
    func test_TRASH_11_rmSaysHowToRestore() async throws {
        let h = TrashHarness()
        await h.run("add", "A")
        #expect(await h.run("rm", "1") == 0)
        #expect(h.out == "Deleted “A” (restore with: todo restore 1).\n")
        #expect(try await h.store.trash().map(\.item.title) == ["A"])
    }

    @Test("TRASH-13 `todo rm 3 && todo restore 3` puts the item back at its place")
    func test_TRASH_13_rmThenRestoreAtItsPlace() async throws {
        let h = TrashHarness()
        for title in ["E", "D", "C", "B", "A"] { await h.run("add", title) }  // A B C D E; C is #3
        #expect(await h.run("rm", "3") == 0)
        #expect(h.out == "Deleted “C” (restore with: todo restore 3).\n")
        #expect(await h.run("check", "3") == 1)
        #expect(h.err == "todo: #3 is in the Trash: put it back with `todo restore 3`.\n")
        #expect(await h.run("restore", "3") == 0)
        #expect(h.out == "Restored “C” to To Do.\n")
        #expect(try await h.store.sectionTitles().todo == ["A", "B", "C", "D", "E"])

        #expect(await h.run("rm", "#3") == 0)
        #expect(await h.run("restore", "#3") == 0, "the number, as `todo trash` shows it")
        #expect(try await h.store.sectionTitles().todo == ["A", "B", "C", "D", "E"])
    }

    @Test("TRASH-12 trash lists newest first with number, title and when; --json carries deletedAt")
    func test_TRASH_12_list() async throws {
        let h = TrashHarness()
        #expect(await h.run("trash") == 0)
        #expect(h.out == "The Trash is empty.\n")
        await h.run("add", "Buy milk")
        await h.run("add", "Go")
        await h.run("rm", "1")
        h.env.advance(by: 2 * 3600)
        await h.run("rm", "2")
        h.env.advance(by: 60)

        #expect(await h.run("trash") == 0)
        #expect(h.out == """
              #2  Go        deleted 1 minute ago
              #1  Buy milk  deleted 2 hours ago

            """)

        #expect(await h.run("trash", "--json") == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(h.out.utf8)) as? [[String: Any]])
        #expect(json.map { $0["title"] as? String } == ["Go", "Buy milk"])
        #expect(json.map { $0["deletedAt"] as? String } == ["2026-11-21T11:00:00.000Z", "2026-11-21T09:00:00.000Z"])
    }

    @Test("TRASH-13 a REF that names nothing in the Trash is one sentence, exit 1, nothing restored")
    func test_TRASH_13_badRefs() async throws {
        let h = TrashHarness()
        for title in ["A", "B"] { await h.run("add", title) }
        await h.run("rm", "1")
        for (ref, message) in [
            ("2", "#2 is not in the Trash. (`todo trash` shows each deleted item's number; for an id that starts with digits, write id:2.)\n"),
            ("ffff", "No item in the Trash has an id starting with “ffff”.\n"),
            ("ab", "“ab” is too short to name an item by its id: give at least 4 characters of it, or write id:ab.\n"),
            ("milk!", "“milk!” is neither an item number (#7) nor the start of an item id.\n"),
        ] {
            #expect(await h.run("restore", "1", ref) == 1, "\(ref)")
            #expect(h.err == "todo: " + message, "\(ref)")
        }
        #expect(try await h.store.trash().count == 1, "nothing was restored")
        await h.run("rm", "2")
        #expect(await h.run("restore", "id:0000") == 1)
        #expect(h.err.hasPrefix("todo: “0000” matches several items in the Trash"))
        #expect(await h.run("restore", "id:00000000-0000-4000-8000-000000000001") == 0)
        #expect(h.out == "Restored “A” to To Do.\n")
    }

    @Test("TRASH-14 --empty asks on a terminal and empties only on yes")
    func test_TRASH_14_emptyAsksOnATerminal() async throws {
        let h = TrashHarness()
        for title in ["A", "B"] { await h.run("add", title) }
        await h.run("rm", "1", "2")
        h.stdinIsTerminal = true
        h.answers = ["n"]
        #expect(await h.run("trash", "--empty") == 0)
        #expect(h.out == "Delete 2 items forever? [y/N] Nothing was deleted.\n")
        #expect(try await h.store.trash().count == 2)
        h.answers = [" Yes "]
        #expect(await h.run("trash", "--empty") == 0)
        #expect(h.out == "Delete 2 items forever? [y/N] Deleted 2 items forever.\n")
        #expect(try await h.store.trash().isEmpty)
    }

    @Test("TRASH-14 without a terminal --empty refuses unless --yes")
    func test_TRASH_14_emptyWithoutTerminal() async throws {
        let h = TrashHarness()
        await h.run("add", "A")
        await h.run("rm", "1")
        #expect(await h.run("trash", "--empty") == 1)
        #expect(h.err == "todo: Emptying the Trash deletes 1 item forever: add --yes to do it without a terminal to ask on. Nothing was deleted.\n")
        #expect(try await h.store.trash().count == 1)
        #expect(await h.run("trash", "--empty", "--yes") == 0)
        #expect(h.out == "Deleted 1 item forever.\n")
        #expect(try await h.store.trash().isEmpty)
        #expect(await h.run("trash", "--yes") != 0)
        #expect(h.err.contains("--yes goes with --empty."))
    }

    @Test("TRASH-11 TRASH-13 SAVE-3 `todo rm 3`, then the restore it prints, in separate processes: back at row 3")
    func test_TRASH_13_rmThenRestoreBetweenProcesses() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let env = ["TODO_DB": folder.file("t.sqlite")]
        for title in ["E", "D", "C", "B", "A"] {
            #expect(try await TodoProcess.run(["add", title], environment: env).status == 0)
        }
        let rm = try await TodoProcess.run(["rm", "3"], environment: env)
        #expect(rm.status == 0, "\(rm.err)")
        let hint = try #require(rm.out.firstRange(of: "(restore with: todo ")).upperBound
        let command = rm.out[hint...].prefix { $0 != ")" }.split(separator: " ").map(String.init)
        #expect(command.first == "restore" && command.count == 2, "\(rm.out)")
        let listed = try await TodoProcess.run(["list"], environment: env)
        #expect(!listed.out.contains(" C"), "SAVE-3: gone from the list")
        let trash = try await TodoProcess.run(["trash"], environment: env)
        #expect(trash.out.contains("C") && trash.out.contains("deleted just now"), "\(trash.out)")

        let restore = try await TodoProcess.run(command, environment: env)
        #expect(restore.status == 0, "\(restore.err)")
        #expect(restore.out == "Restored “C” to To Do.\n")
        let list = try await TodoProcess.run(["list", "--json"], environment: env)
        let object = try JSONSerialization.jsonObject(with: Data(list.out.utf8)) as? [String: [[String: Any]]]
        #expect(object?["todo"]?.compactMap { $0["title"] as? String } == ["A", "B", "C", "D", "E"])
    }
}

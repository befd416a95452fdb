import Foundation
import ProcessTestSupport
import Testing
import TodoCore
import TodoTestSupport

/// Every kind of bad input on the command line: a sentence on stderr, a non-zero exit, and the
/// list exactly as it was.
@Suite("Bad input (CLI)")
struct CLIBadInputTests {
    static let cases: [[String]] = [
        ["add", ""],
        ["add", "   ", "\t"],
        ["add", String(repeating: "x", count: 501)],
        ["add", "a\u{0}b"],
        ["add", "line\nbreak"],
        ["add", "x", "--details", String(repeating: "d", count: 10_001)],
        ["add", "x", "--details", "nul \u{0} inside"],
        ["add", "x", "--project", "a\u{0}b"],
        ["add", "x", "--location", "tab\there"],
        ["add", "x", "--due", "2026-02-30"],
        ["add", "x", "--due", "2026-13-01"],
        ["add", "x", "--due", "someday"],
        ["add", "x", "--estimate", "forever"],
        ["add", "x", "--estimate", "0m"],
        ["add", "x", "--estimate", "-30m"],
        ["add", "x", "--estimate", "200h"],
        ["add", "x", "--repeat", "funday"],
        ["add", "x", "--location", "p", "--latitude", "north", "--longitude", "1"],
        ["add", "x", "--location", "p", "--latitude", "91", "--longitude", "1"],
        ["edit", "1", "--title", ""],
        ["edit", "1", "--title", String(repeating: "x", count: 501)],
        ["edit", "1", "--due", "2026-02-29"],
        ["edit", "zzz", "--title", "x"],
        ["edit", "99", "--title", "x"],
        ["check", "' OR 1=1 --"],
        ["check", "*"],
        ["uncheck", "5"],
        ["rm", "%"],
        ["rm", "1", "ffffffff"],
        ["show", "../../etc/passwd"],
        ["move", "1", "--to", "0"],
        ["move", "abc", "--to", "1"],
        ["list", "--due", "yesterday-ish"],
        ["add"],
        ["add", "x", "--colour", "red"],
    ]

    @Test("each bad input exits non-zero with one sentence and changes nothing", arguments: cases)
    func test_badInput(_ arguments: [String]) async throws {
        let cli = CLIHarness()
        let existing = try await cli.store.add(TodoDraft(title: "existing", details: "kept"))
        let status = await cli.run(arguments)
        #expect(status != 0)
        let message = cli.err.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!message.isEmpty && cli.out.isEmpty)
        #expect(!message.contains("Fatal error") && !message.contains("TodoCore."), "\(message)")
        #expect(try await cli.store.items() == [existing])
    }

    @Test("SQL metacharacters in a title are stored verbatim")
    func test_sqlStoredVerbatim() async throws {
        let cli = CLIHarness()
        let title = "Robert'); DROP TABLE todoItem;-- %_*"
        #expect(await cli.run("add", title, "--project", "' OR 1=1 --") == 0)
        #expect(try await cli.store.items().map(\.title) == [title])
        #expect(try await cli.store.projects() == [Project(name: "' OR 1=1 --")])
    }
}

@Suite("Bad input (todo executable)", .serialized)
struct CLIProcessBadInputTests {
    @Test("an argument that is not UTF-8 is refused with a sentence, not stored as replacement characters")
    func test_invalidUTF8Argument() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let db = folder.file("t.sqlite")
        #expect(try await TodoProcess.run(["add", "keep", "--db", db]).status == 0)
        let before = try await TodoProcess.run(["list", "--json", "--db", db]).out
        // Only a shell can hand a process bytes that are not UTF-8.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"exec "$0" add "$(printf 'caf\351 \377')" --db "$1""#, TodoProcess.executable.path, db]
        let ended = try await ChildProcess.run(process)
        #expect(ended.status == 64)
        #expect(ended.errors == "todo: argument 2 is not valid UTF-8 text; nothing was changed.\n")
        #expect(try await TodoProcess.run(["list", "--json", "--db", db]).out == before)
    }
}

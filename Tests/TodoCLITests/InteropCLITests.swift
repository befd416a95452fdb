import Foundation
import Testing
import TodoCLI
import TodoCore
import TodoInterop
import TodoTestSupport

@Suite("todo export and todo import (in-process)")
struct InteropCLITests {
    private func harness(with items: [TodoItem] = InteropFixtures.items) async throws -> CLIHarness {
        let h = CLIHarness()
        h.environment["TZ"] = "UTC"
        _ = try await h.store.importItems(items)
        return h
    }

    @Test("export writes every format to standard output; json by default", arguments: InteropFormat.allCases)
    func test_export_toStdout(_ format: InteropFormat) async throws {
        let h = try await harness()
        #expect(await h.run("export", "--format", format.rawValue) == 0)
        let codec = format.codec(InteropOptions(timeZone: TimeZone(identifier: "UTC")!))
        #expect(h.out == (try codec.encode(InteropFixtures.items)))
        #expect(h.err.isEmpty)
    }

    @Test("export --output writes the file, its format guessed from the name")
    func test_export_toFile_guessesFormat() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let h = try await harness()
        #expect(await h.run("export", "-o", folder.file("list.ics")) == 0)
        #expect(h.out == "Exported 6 items to \(folder.file("list.ics")) (ics).\n")
        let text = try String(contentsOfFile: folder.file("list.ics"), encoding: .utf8)
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n"))
        #expect(await h.run("export", "-o", folder.file("list.md")) != 0)
        #expect(h.err.contains("Can't tell the format from the name “\(folder.file("list.md"))”; give --format json|csv|todotxt|taskwarrior|ics."))
    }

    @Test("import adds new items and updates those with a known id; the report counts them")
    func test_import_addsAndUpdates() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var items = InteropFixtures.items
        let h = try await harness(with: Array(items.prefix(4)))
        items[1].title = "Pay the rent"
        try JSONFormat().encode(items).write(toFile: folder.file("in.json"), atomically: true, encoding: .utf8)
        #expect(await h.run("import", folder.file("in.json")) == 0)
        #expect(h.out == "Imported 6 items from \(folder.file("in.json")): 2 added, 1 updated, 3 unchanged.\n")
        var expected = items
        expected[1].version = 2
        #expect(try await h.store.items() == expected)
    }

    @Test("import --dry-run lists what would change and changes nothing")
    func test_import_dryRun() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let h = try await harness(with: Array(InteropFixtures.items.prefix(2)))
        let before = try await h.store.items()
        try "Title,dueDate\nPay rent,2026-12-03\nNew one,\n".write(toFile: folder.file("in.csv"), atomically: true, encoding: .utf8)
        // CSV rows without an id are new items.
        #expect(await h.run("import", "--dry-run", folder.file("in.csv")) == 0)
        #expect(h.out == """
            Dry run, nothing was changed. Importing \(folder.file("in.csv")) would give: 2 added, 0 updated, 0 unchanged.
              add     “Pay rent”
              add     “New one”

            """)
        #expect(try await h.store.items() == before)
    }

    @Test("import - reads standard input; --format is required there")
    func test_import_stdin() async throws {
        let h = CLIHarness()
        h.standardInput = Data("x 2026-11-20 2026-11-19 Done already +Home\nOpen one due:2026-12-01\n".utf8)
        #expect(await h.run("import", "-") != 0)
        #expect(h.err.contains("Give --format when reading standard input."))
        #expect(await h.run("import", "--format", "todotxt", "-") == 0)
        #expect(h.out == "Imported 2 items from standard input: 2 added, 0 updated, 0 unchanged.\n")
        #expect(try await h.store.sectionTitles() == (["Open one"], ["Done already"]))
    }

    @Test("a malformed file names the line and what is wrong, exits non-zero and changes nothing", arguments: [
        ("bad.txt", "Buy milk\nPay rent due:2026-13-01\n", "bad.txt, line 2: due:2026-13-01 is not a date of the form YYYY-MM-DD; nothing was imported."),
        ("bad.csv", "title\nA\n   \n", "bad.csv, line 3: The title can't be empty; nothing was imported."),
        ("bad.json", "[{\"title\": \"A\"}, {\"title\": \"B\", \"completed\": 1}]", "bad.json, item 2: \"completed\" should be true or false; nothing was imported."),
        ("bad.ics", "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:A\r\n", "bad.ics, line 2: BEGIN:VTODO is never closed by END:VTODO; nothing was imported."),
        ("bad.taskwarrior.json", "[{\"description\": \"A\", \"status\": \"lost\"}]", "bad.taskwarrior.json, task 1: status “lost” is not pending, waiting, recurring, completed or deleted; nothing was imported."),
    ])
    func test_import_malformed_changesNothing(_ name: String, _ text: String, _ message: String) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let h = try await harness()
        let before = try await h.store.items()
        #expect(FileManager.default.createFile(atPath: folder.file(name), contents: Data(text.utf8)))
        #expect(await h.run("import", folder.file(name)) == 1)
        #expect(h.err == "todo: \(folder.path)/\(message)\n")
        #expect(try await h.store.items() == before)
    }

    @Test("a missing file or one that is not UTF-8 gets one sentence")
    func test_import_unreadable() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let h = CLIHarness()
        #expect(await h.run("import", folder.file("nope.json")) == 1)
        #expect(h.err == "todo: Can't read \(folder.file("nope.json")): there is no such file, or it is not readable.\n")
        #expect(FileManager.default.createFile(atPath: folder.file("latin1.txt"), contents: Data([0x43, 0x61, 0x66, 0xE9, 0x0A])))
        #expect(await h.run("import", folder.file("latin1.txt")) == 1)
        #expect(h.err == "todo: \(folder.file("latin1.txt")): the file is not UTF-8 text; nothing was imported.\n")
    }
}

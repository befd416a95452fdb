import Foundation
import Testing
import TodoCLI
import TodoCore
import TodoTestSupport

/// `todo add` reads its title as plain words (docs/specs/plain-words.md, WORDS-14).
/// The harness's today is Saturday 11/21/2026.
@Suite("todo add in plain words")
struct PlainWordsCLITests {
    private let tomorrow = CalendarDate(iso: "2026-11-22")!

    private func only(_ h: CLIHarness) async throws -> TodoItem {
        let items = try await h.store.items()
        try #require(items.count == 1)
        return items[0]
    }

    @Test("WORDS-14 todo add \"Call mom tomorrow #Family @Home ~30m\" stores the title, date, project, location and estimate")
    func test_WORDS_14_addReadsTheWords() async throws {
        let h = CLIHarness()
        #expect(await h.run("add", "Call mom tomorrow #Family @Home ~30m") == 0)
        let item = try await only(h)
        #expect(item.title == "Call mom")
        #expect(item.dueDate == tomorrow)
        #expect(item.project == Project(name: "Family"))
        #expect(item.location == Location(name: "Home"))
        #expect(item.estimateMinutes == 30)
        #expect(h.out == "Added #\(item.number) “Call mom” (\(item.id.uuidString.lowercased().prefix(8))) · due 11/22/2026 · #Family · @Home · ~30m.\n")
    }

    @Test("WORDS-14 the words may come as several arguments, joined with spaces")
    func test_WORDS_14_wordsAsArguments() async throws {
        let h = CLIHarness()
        #expect(await h.run("add", "Gym", "every", "mon,wed", "#\"Health club\"") == 0)
        let item = try await only(h)
        #expect(item.title == "Gym" && item.repeatRule == .weekly(on: [.monday, .wednesday]) && item.project == Project(name: "Health club"))
        #expect(h.out.hasSuffix(" · #\"Health club\" · Every Mon, Wed.\n"))
    }

    @Test("WORDS-14 --raw keeps the title as typed")
    func test_WORDS_14_raw() async throws {
        let h = CLIHarness()
        #expect(await h.run("add", "--raw", "Call mom tomorrow #Family") == 0)
        let item = try await only(h)
        #expect(item.title == "Call mom tomorrow #Family" && item.dueDate == nil && item.project == nil)
        #expect(h.out == "Added #\(item.number) “Call mom tomorrow #Family” (\(item.id.uuidString.lowercased().prefix(8))).\n")
    }

    @Test("WORDS-14 an option wins over the words of its kind; the words still leave the title")
    func test_WORDS_14_optionsWin() async throws {
        let h = CLIHarness()
        #expect(await h.run("add", "Call mom tomorrow #Family ~30m", "--due", "2026-12-01", "--project", "Work") == 0)
        let item = try await only(h)
        #expect(item.title == "Call mom")
        #expect(item.dueDate == CalendarDate(iso: "2026-12-01") && item.project == Project(name: "Work") && item.estimateMinutes == 30)
        #expect(h.out.hasSuffix(" · due 12/01/2026 · #Work · ~30m.\n"))
    }

    @Test("WORDS-1 WORDS-10 words that look like dates but are not at the end, and quoted words, stay in the title")
    func test_WORDS_1_notAtTheEnd() async throws {
        let h = CLIHarness()
        #expect(await h.run("add", "Read Friday Night Lights") == 0)
        #expect(await h.run("add", "Read \"Tomorrow\"") == 0)
        let items = try await h.store.items()
        #expect(Set(items.map(\.title)) == ["Read Friday Night Lights", "Read Tomorrow"])
        #expect(items.allSatisfy { $0.dueDate == nil })
    }

    @Test("WORDS-13 a value the rules refuse exits non-zero with the rule's sentence and stores nothing")
    func test_WORDS_13_rulesRefuse() async throws {
        let h = CLIHarness()
        #expect(await h.run("add", "Long #" + String(repeating: "x", count: 201)) != 0)
        #expect(h.err.contains("The project name is 201 characters long; it can be at most 200."))
        #expect(try await h.store.items().isEmpty)
    }
}

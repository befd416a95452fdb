import Foundation
import Testing
import TodoCLI
import TodoCore
import TodoTestSupport

/// HARDEN-24: what a terminal would hide or reorder is shown as `<U+XXXX>` in the CLI's human
/// output; the stored text and `--json` stay exact.
@Suite("Hardening: terminal escapes")
struct TerminalEscapesCLITests {
    private static let title = "invoice\u{202E}fdp.exe\u{200B}x\u{2028}y"
    private static let details = "line one\rOVERWRITTEN\r\nline two\u{2029}"

    private func harness() async throws -> CLIHarness {
        let h = CLIHarness()
        _ = try await h.store.add(TodoDraft(title: Self.title, details: Self.details))
        return h
    }

    @Test("HARDEN-24 show, list and search print bidi overrides, zero-width characters, separators and a bare CR visibly")
    func test_HARDEN_24_humanOutputEscaped() async throws {
        let h = try await harness()
        let shown = "invoice<U+202E>fdp.exe<U+200B>x<U+2028>y"
        for command in [["show", "1"], ["list"], ["search", "invoice"]] {
            #expect(await h.run(command) == 0)
            #expect(h.out.contains(shown), "\(command): \(h.out)")
            for raw in ["\u{202E}", "\u{200B}", "\u{2028}", "\u{2029}"] {
                #expect(!h.out.contains(raw), "\(command) printed \(raw.unicodeScalars.first!.value) raw")
            }
        }
        #expect(await h.run("show", "1") == 0)
        #expect(h.out.contains("line one<U+000D>OVERWRITTEN"), "a bare CR is shown; CR LF stays a line break: \(h.out)")
        #expect(h.out.contains("line two<U+2029>"))
    }

    @Test("HARDEN-24 the stored text stays as typed, and --json prints it exactly")
    func test_HARDEN_24_jsonExact() async throws {
        let h = try await harness()
        #expect(try await h.store.items().first?.title == Self.title)
        #expect(await h.run("show", "1", "--json") == 0)
        let item = try #require(try JSONSerialization.jsonObject(with: Data(h.out.utf8)) as? [String: Any])
        #expect(item["title"] as? String == Self.title)
        #expect(item["details"] as? String == Self.details)
    }

    @Test("HARDEN-24 a refusal on standard error shows what was typed the same way")
    func test_HARDEN_24_errors() async throws {
        let h = CLIHarness()
        #expect(await h.run("show", "nothing\u{202E}here") == 1)
        #expect(h.err.contains("nothing<U+202E>here") && !h.err.contains("\u{202E}"), "\(h.err)")
    }
}

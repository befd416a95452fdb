@testable import Localization
import Testing

/// HARDEN-24 (and HARDEN-10a): the one function that shows text safely on a terminal.
@Suite("Terminal text")
struct TerminalTextTests {
    @Test("HARDEN-24 TerminalText keeps emoji joined by U+200D, line feeds, tabs and escape sequences")
    func test_HARDEN_24_kept() {
        for kept in ["👩\u{200D}💻 code", "a\tb\nc", "\u{1B}[1mbold\u{1B}[0m", "CRLF\r\n", "日本語 עברית"] {
            #expect(TerminalText.escaped(kept) == kept)
        }
        #expect(TerminalText.escaped("a\u{200D}b") == "a<U+200D>b")
        #expect(TerminalText.escaped("\u{FEFF}\u{2066}x\u{2069}\u{061C}") == "<U+FEFF><U+2066>x<U+2069><U+061C>")
    }

    @Test("HARDEN-10a HARDEN-24 sanitized replaces control characters, then shows what escaped shows")
    func test_HARDEN_24_sanitized() {
        #expect(TerminalText.sanitized("\u{1B}[31mred\u{202E}") == "\u{FFFD}[31mred<U+202E>")
    }

    @Test("HARDEN-24 the quick look at a text's bytes finds every character escaped may write visibly")
    func test_HARDEN_24_quickLook() {
        let hiding = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter(TerminalText.mayHide)
        #expect(hiding.count == 20)
        for scalar in hiding {
            #expect(TerminalText.mayHoldHiding("plain \(scalar) text"), "U+\(String(scalar.value, radix: 16))")
        }
        #expect(!TerminalText.mayHoldHiding("Buy milk, 牛乳を買う, 买牛奶, עברית, \u{1F469}\u{1F4BB}, CRLF\n"))
    }
}

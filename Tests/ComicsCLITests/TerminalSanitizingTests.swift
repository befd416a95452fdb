import ComicsCLI
import ComicsCore
import Foundation
import Testing

/// HARDEN-10a: upstream text never reaches a terminal with its control characters.
@Suite("comics output on a terminal (HARDEN-10a)")
struct TerminalSanitizingTests {
    /// ESC sequences (CSI colour, OSC window title, a screen clear), a C1 CSI, DEL, BEL, tab, CR and LF.
    static let hostileTitle = "Hulk\u{1B}[31m red\u{1B}[0m\u{1B}]0;pwned\u{07}\u{9B}2J\u{7F}\tx\r\ny"

    @Test("HARDEN-10a: `comics list` prints each control character of upstream titles as U+FFFD")
    func listSanitized() async {
        let console = ConsoleSpy()

        let status = await ComicsCLI(context: console.context).list(
            source: StubSource(comics: .success([Comic(id: 7, title: Self.hostileTitle)])), json: false)

        #expect(status == 0)
        #expect(console.output == """
            H
              7  Hulk\u{FFFD}[31m red\u{FFFD}[0m\u{FFFD}]0;pwned\u{FFFD}\u{FFFD}2J\u{FFFD}\u{FFFD}x\u{FFFD}\u{FFFD}y

            Data provided by Marvel. © 2025 MARVEL

            """)
    }

    @Test("HARDEN-10a: `comics characters` sanitizes the comic's name (and its underline fits it) and every character's name")
    func charactersSanitized() async {
        let console = ConsoleSpy()
        let source = StubSource(
            comic: .success(Comic(id: 7, title: "X\u{1B}[2J")),
            characters: .success([ComicCharacter(id: 1, name: "Thor\u{1B}]8;;http://evil\u{1B}\\"), ComicCharacter(id: 2, name: "Loki\u{85}")]))

        let status = await ComicsCLI(context: console.context).characters(ofComic: 7, source: source, json: false)

        #expect(status == 0)
        #expect(console.output == """
            X\u{FFFD}[2J
            =====
              Loki\u{FFFD}
              Thor\u{FFFD}]8;;http://evil\u{FFFD}\\

            Data provided by Marvel. © 2025 MARVEL

            """)
    }

    @Test("HARDEN-10a: no control character at all reaches the terminal in human output")
    func noControlCharacterLeft() async {
        let console = ConsoleSpy()
        let everyControl = String(String.UnicodeScalarView(
            (UInt32(0)..<0x20).compactMap { Unicode.Scalar($0) } + (UInt32(0x7F)...0x9F).compactMap { Unicode.Scalar($0) }))

        _ = await ComicsCLI(context: console.context).list(
            source: StubSource(comics: .success([Comic(id: 1, title: "A" + everyControl)])), json: false)

        let printed = console.output.unicodeScalars.filter { $0 != "\n" }
        #expect(!printed.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(console.output.contains("  1  A" + String(repeating: "\u{FFFD}", count: 0x20 + 0x21) + "\n"))
    }

    @Test("HARDEN-10a: --json stays exact JSON: control characters are escaped, decoding gives the title back as sent")
    func jsonExact() async throws {
        let console = ConsoleSpy()

        _ = await ComicsCLI(context: console.context).list(
            source: StubSource(comics: .success([Comic(id: 7, title: Self.hostileTitle)])), json: true)

        #expect(console.output == #"{"groups":[{"comics":[{"id":7,"title":"#
            + #""Hulk\u001b[31m red\u001b[0m\u001b]0;pwned\u0007\u009b2J\u007f\tx\r\ny"}],"letter":"H"}]}"# + "\n")
        let decoded = try JSONDecoder().decode(ComicsExecutableTests.Groups.self, from: Data(console.output.utf8))
        #expect(decoded.groups.first?.comics.first?.title == Self.hostileTitle)
    }

    @Test("HARDEN-10a: characters --json escapes control characters and decodes back exactly")
    func charactersJSONExact() async throws {
        let console = ConsoleSpy()
        let source = StubSource(
            comic: .success(Comic(id: 7, title: "X\u{1B}[2J")), characters: .success([ComicCharacter(id: 1, name: "Loki\u{85}")]))

        _ = await ComicsCLI(context: console.context).characters(ofComic: 7, source: source, json: true)

        #expect(console.output == #"{"characters":[{"id":1,"name":"Loki\u0085"}],"title":"X\u001b[2J"}"# + "\n")
        struct Shape: Decodable { struct Entry: Decodable { let name: String }; let title: String; let characters: [Entry] }
        let decoded = try JSONDecoder().decode(Shape.self, from: Data(console.output.utf8))
        #expect(decoded.title == "X\u{1B}[2J")
        #expect(decoded.characters.map(\.name) == ["Loki\u{85}"])
    }

    @Test("HARDEN-5: a source over the limits: the too-much sentence on stderr, exit status 1")
    func tooLargeMessage() async {
        let console = ConsoleSpy()

        let status = await ComicsCLI(context: console.context).list(
            source: StubSource(comics: .failure(.tooLarge(detail: "over the limits"))), json: false)

        #expect(status == 1)
        #expect(console.errors
            == "The comics server sent more than this app can take in, so the comics can't be shown. Please try again later.\n")
        #expect(console.output.isEmpty)
    }
}

import ComicsCore
import ComicsPresentation
import Foundation

/// What `comics list` and `comics characters` do, with the console and the source injected.
/// Each returns the process exit status: 0 on success, 1 with the spec's message on standard error.
public struct ComicsCLI: Sendable {
    let console: any Console

    public init(console: any Console) {
        self.console = console
    }

    public func list(source: any ComicsSource, json: Bool) async -> Int32 {
        let viewModel = await ComicsListViewModel(source: source)
        await Spinner.whileRunning("Loading comics…", on: console) { await viewModel.load() }
        guard let snapshot = await viewModel.snapshot else {
            console.err(TerminalText.sanitized(await viewModel.errorMessage ?? ComicsMessages.comicsUnreadable) + "\n")
            return 1
        }
        if json {
            console.out(Self.json(snapshot) + "\n")
        } else {
            console.out(Self.table(snapshot) + "\n" + Attribution.marvel + "\n")
        }
        return 0
    }

    public func characters(ofComic id: Int, source: any ComicsSource, json: Bool) async -> Int32 {
        let viewModel = await CharactersViewModel(comicID: id, source: source)
        await Spinner.whileRunning("Loading characters…", on: console) { await viewModel.load() }
        guard let snapshot = await viewModel.snapshot else {
            console.err(TerminalText.sanitized(await viewModel.errorMessage ?? ComicsMessages.charactersUnavailable) + "\n")
            return 1
        }
        if json {
            console.out(Self.json(snapshot) + "\n")
        } else {
            console.out(Self.text(snapshot) + "\n" + Attribution.marvel + "\n")
        }
        return 0
    }

    /// Letters as headers, then each comic's id (to pass to `comics characters`) and title.
    /// Upstream text is sanitized for the terminal (HARDEN-10a).
    static func table(_ snapshot: ComicsListSnapshot) -> String {
        let width = snapshot.groups.flatMap(\.comics).map { String($0.id).count }.max() ?? 1
        return snapshot.groups.map { group in
            TerminalText.sanitized(group.letter) + "\n" + group.comics.map { comic in
                let id = String(comic.id)
                return "  " + String(repeating: " ", count: width - id.count) + id + "  "
                    + TerminalText.sanitized(comic.title) + "\n"
            }.joined()
        }.joined(separator: "\n")
    }

    /// The comic's name underlined, then its characters' names; upstream text sanitized (HARDEN-10a).
    static func text(_ snapshot: CharactersSnapshot) -> String {
        let title = TerminalText.sanitized(snapshot.title)
        var text = title + "\n" + String(repeating: "=", count: title.count) + "\n"
        text += snapshot.characters.isEmpty
            ? "(no characters listed)\n"
            : snapshot.characters.map { "  \(TerminalText.sanitized($0.name))\n" }.joined()
        return text
    }

    /// `{"groups":[{"letter":"A","comics":[{"id":1,"title":"…"}]}]}` with keys always in this order.
    static func json(_ snapshot: ComicsListSnapshot) -> String {
        let groups = snapshot.groups.map { group in
            let comics = group.comics.map { "{\"id\":\($0.id),\"title\":\(jsonString($0.title))}" }
            return "{\"letter\":\(jsonString(group.letter)),\"comics\":[\(comics.joined(separator: ","))]}"
        }
        return "{\"groups\":[\(groups.joined(separator: ","))]}"
    }

    /// `{"title":"…","characters":[{"id":1,"name":"…"}]}` with keys always in this order.
    static func json(_ snapshot: CharactersSnapshot) -> String {
        let characters = snapshot.characters.map { "{\"id\":\($0.id),\"name\":\(jsonString($0.name))}" }
        return "{\"title\":\(jsonString(snapshot.title)),\"characters\":[\(characters.joined(separator: ","))]}"
    }

    /// A JSON string literal (RFC 8259 escaping; non-ASCII kept as UTF-8). DEL and the C1 controls, which
    /// JSON allows raw, are escaped too, so `--json` on a terminal carries no control character (HARDEN-10a).
    static func jsonString(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case _ where TerminalText.isControl(scalar):
                let hex = String(scalar.value, radix: 16)
                literal += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }
}

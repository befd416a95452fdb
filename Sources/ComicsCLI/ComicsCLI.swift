import ComicsCore
import ComicsPresentation
import Foundation
import Localization

/// What `comics list` and `comics characters` do, with the context (output, terminal) and the source
/// injected. Each returns the process exit status: 0 on success, 1 with the spec's message on standard error.
public struct ComicsCLI: Sendable {
    let context: ComicsCLIContext

    public init(context: ComicsCLIContext) {
        self.context = context
    }

    /// Which pages `comics list` and `comics search` print (COMICS-PAGE-2).
    public enum Pages: Equatable, Sendable {
        /// The first page, then how many more there are.
        case first
        /// Page K alone.
        case page(Int)
        /// Every page, within the source's rate limit.
        case all
    }

    public func list(
        source: any ComicsSource, json: Bool, pages: Pages = .first, options: ComicsLoadOptions = .init(),
        command: String = "comics list"
    ) async -> Int32 {
        let words = context.words
        let viewModel = ComicsListViewModel(source: source, options: options, language: context.language)
        await Spinner.whileRunning(words("comics.cli.loading-comics"), in: context) {
            switch pages {
            case .first: await viewModel.load()
            case .page(let number): await viewModel.load(pages: number...number)
            case .all: await viewModel.loadAll()
            }
        }
        reportCopy(viewModel.copyNotice, problem: viewModel.errorMessage)
        guard let snapshot = viewModel.snapshot else {
            context.writeErr(
                TerminalText.sanitized(viewModel.errorMessage ?? ComicsMessages.comicsUnreadable(context.language)) + "\n")
            return 1
        }
        if json {
            context.writeOut(Self.json(snapshot) + "\n")
        } else {
            var more = ""
            if let summary = viewModel.countSummary {
                let next = String(viewModel.lastPage + 1)
                more = "\n" + words("comics.cli.more", ["summary": summary, "command": command, "next": next]) + "\n"
            }
            context.writeOut(Self.table(snapshot) + more + "\n" + viewModel.attribution + "\n")
        }
        return 0
    }

    /// COMICS-COPY-2: the failure and "Showing the copy from DATE" go to standard error above the copy.
    private func reportCopy(_ notice: String?, problem: String?) {
        guard let notice else { return }
        if let problem { context.writeErr(TerminalText.sanitized(problem) + "\n") }
        context.writeErr(notice + "\n")
    }

    public func characters(ofComic id: Int, source: any ComicsSource, json: Bool, options: ComicsLoadOptions = .init()) async -> Int32 {
        let words = context.words
        let viewModel = CharactersViewModel(comicID: id, source: source, options: options, language: context.language)
        await Spinner.whileRunning(words("comics.cli.loading-characters"), in: context) { await viewModel.load() }
        reportCopy(viewModel.copyNotice, problem: viewModel.errorMessage)
        guard let snapshot = viewModel.snapshot else {
            context.writeErr(
                TerminalText.sanitized(viewModel.errorMessage ?? ComicsMessages.charactersUnavailable(context.language))
                    + "\n")
            return 1
        }
        if json {
            context.writeOut(Self.json(snapshot) + "\n")
        } else {
            context.writeOut(Self.text(snapshot, words: words) + "\n" + viewModel.attribution + "\n")
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
    static func text(_ snapshot: CharactersSnapshot, words: Strings = ComicsCLIWords.catalog.strings(.english)) -> String {
        let title = TerminalText.sanitized(snapshot.title)
        var text = title + "\n" + String(repeating: "=", count: title.count) + "\n"
        text += snapshot.characters.isEmpty
            ? words("comics.cli.no-characters") + "\n"
            : snapshot.characters.map { "  \(TerminalText.sanitized($0.name))\n" }.joined()
        return text
    }

    /// `{"groups":[{"comics":[{"id":1,"title":"…"}],"letter":"A"}]}`: the app's one JSON encoding
    /// (``ComicsJSON``: keys sorted; control characters escaped, HARDEN-10a).
    static func json(_ snapshot: some Encodable) -> String {
        (try? ComicsJSON.text(snapshot)) ?? #"{"error":"encoding failed"}"#
    }
}

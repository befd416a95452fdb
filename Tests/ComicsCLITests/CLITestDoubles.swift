import ComicsCLI
import ComicsCore
import Foundation

/// Captures what the command line writes: a ``ComicsCLIContext`` whose output goes to strings.
final class ConsoleSpy: @unchecked Sendable {
    private let lock = NSLock()
    private var stdout = ""
    private var stderr = ""
    let errorIsTerminal: Bool
    /// The terminal's environment (`LANG` and the like, LANG-3).
    let environment: [String: String]

    init(errorIsTerminal: Bool = false, environment: [String: String] = [:]) {
        self.errorIsTerminal = errorIsTerminal
        self.environment = environment
    }

    var output: String { lock.withLock { stdout } }
    var errors: String { lock.withLock { stderr } }

    /// The context the commands run in: output captured here, no source of its own (the tests hand one in).
    var context: ComicsCLIContext {
        ComicsCLIContext(
            openSource: { _ in StubSource() },
            writeOut: { text in self.lock.withLock { self.stdout += text } },
            writeErr: { text in self.lock.withLock { self.stderr += text } },
            stderrIsTerminal: errorIsTerminal, environment: environment)
    }
}

/// A source with chosen answers, optionally slow (to see the spinner turn).
struct StubSource: ComicsSource {
    var comics: Result<[Comic], ComicsSourceError> = .success([])
    var comic: Result<Comic, ComicsSourceError> = .failure(.invalidContent(detail: "unknown"))
    var characters: Result<[ComicCharacter], ComicsSourceError> = .success([])
    var delay: Duration = .zero

    func loadComics() async throws(ComicsSourceError) -> [Comic] {
        try? await Task.sleep(for: delay)
        return try comics.get()
    }

    func loadComic(id: Comic.ID) async throws(ComicsSourceError) -> Comic {
        try? await Task.sleep(for: delay)
        return try comic.get()
    }

    func loadCharacters(ofComic id: Comic.ID) async throws(ComicsSourceError) -> [ComicCharacter] {
        try? await Task.sleep(for: delay)
        return try characters.get()
    }
}

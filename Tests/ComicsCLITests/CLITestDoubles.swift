import ComicsCLI
import ComicsCore
import Foundation

/// Captures what the command line writes.
final class ConsoleSpy: Console, @unchecked Sendable {
    private let lock = NSLock()
    private var stdout = ""
    private var stderr = ""
    let errorIsTerminal: Bool

    init(errorIsTerminal: Bool = false) {
        self.errorIsTerminal = errorIsTerminal
    }

    var output: String { lock.withLock { stdout } }
    var errors: String { lock.withLock { stderr } }

    func out(_ text: String) { lock.withLock { stdout += text } }
    func err(_ text: String) { lock.withLock { stderr += text } }
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

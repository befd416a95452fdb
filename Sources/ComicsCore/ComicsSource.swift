/// Where comics and their characters come from (Metron, a Marvel-compatible server, the bundled catalog, a stub).
///
/// Every failure is reported as a ``ComicsSourceError`` so that the layers above can tell
/// "no connection" from "the content could not be read" without knowing the transport.
public protocol ComicsSource: Sendable {
    /// All comics the source offers, in any order.
    func loadComics() async throws(ComicsSourceError) -> [Comic]
    /// One page of the comics (1-based), optionally only those whose title contains `titleContaining`
    /// (PAGE-1, FIND-1). A source without pages of its own answers everything as page 1 (the default).
    func loadComicsPage(_ number: Int, titleContaining: String?) async throws(ComicsSourceError) -> ComicsPage
    /// One comic by id (used to title a characters view reached by address).
    func loadComic(id: Comic.ID) async throws(ComicsSourceError) -> Comic
    /// The characters of one comic, in any order.
    func loadCharacters(ofComic id: Comic.ID) async throws(ComicsSourceError) -> [ComicCharacter]
}

extension ComicsSource {
    /// A source that has no pages: every comic (filtered locally by title) is page 1; later pages are empty.
    public func loadComicsPage(_ number: Int, titleContaining: String?) async throws(ComicsSourceError) -> ComicsPage {
        let matching = TitleSearch.filter(try await loadComics(), containing: titleContaining)
        return ComicsPage(comics: number == 1 ? matching : [], number: number, totalCount: matching.count, hasMore: false)
    }
}

/// The kinds of failure the user is told about, each keeping a detail for the logs.
public enum ComicsSourceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No network at all: the name could not be resolved, the network is unreachable (COMICS-1).
    case noConnection(detail: String)
    /// A configured server that refuses the connection or does not answer in time (MSG-1).
    case notAnswering(detail: String)
    /// The server refused the credentials: 401 or 403 (MSG-2).
    case keysRefused(detail: String)
    /// The server says the comic does not exist: 404 (MSG-3).
    case notFound(detail: String)
    /// The source answered, but not with something we can use: non-2xx status, undecodable or incomplete JSON.
    case invalidContent(detail: String)
    /// The source answered with more than the app accepts: a response over the size cap, a list over the
    /// page limit or an absurd total, or a list that could not be read within its time budget (HARDEN-5).
    case tooLarge(detail: String)

    public var detail: String {
        switch self {
        case .noConnection(let detail), .notAnswering(let detail), .keysRefused(let detail), .notFound(let detail),
             .invalidContent(let detail), .tooLarge(let detail): detail
        }
    }

    public var isNoConnection: Bool {
        if case .noConnection = self { return true }
        return false
    }

    /// The source could not be reached at all: the offline copy stands in (COPY-2).
    public var sourceUnreachable: Bool {
        switch self {
        case .noConnection, .notAnswering: true
        default: false
        }
    }

    /// Whether trying again can help (MSG-4): not for refused keys nor a comic that doesn't exist.
    public var isRetryable: Bool {
        switch self {
        case .keysRefused, .notFound: false
        default: true
        }
    }

    public var description: String {
        switch self {
        case .noConnection(let detail): "no connection: \(detail)"
        case .notAnswering(let detail): "server not answering: \(detail)"
        case .keysRefused(let detail): "keys refused: \(detail)"
        case .notFound(let detail): "not found: \(detail)"
        case .invalidContent(let detail): "invalid content: \(detail)"
        case .tooLarge(let detail): "too large: \(detail)"
        }
    }
}

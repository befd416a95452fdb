/// Where comics and their characters come from (a Marvel-compatible server, the bundled catalog, a stub).
///
/// Every failure is reported as a ``ComicsSourceError`` so that the layers above can tell
/// "no connection" from "the content could not be read" without knowing the transport.
public protocol ComicsSource: Sendable {
    /// All comics the source offers, in any order.
    func loadComics() async throws(ComicsSourceError) -> [Comic]
    /// One comic by id (used to title a characters view reached by address).
    func loadComic(id: Comic.ID) async throws(ComicsSourceError) -> Comic
    /// The characters of one comic, in any order.
    func loadCharacters(ofComic id: Comic.ID) async throws(ComicsSourceError) -> [ComicCharacter]
}

/// The kinds of failure the user is told about, each keeping a detail for the logs.
public enum ComicsSourceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The source could not be reached: refused, unreachable, DNS failure, timeout.
    case noConnection(detail: String)
    /// The source answered, but not with something we can use: non-2xx status, undecodable or incomplete JSON.
    case invalidContent(detail: String)
    /// The source answered with more than the app accepts: a response over the size cap, a list over the
    /// page limit or an absurd total, or a list that could not be read within its time budget (HARDEN-5).
    case tooLarge(detail: String)

    public var detail: String {
        switch self {
        case .noConnection(let detail), .invalidContent(let detail), .tooLarge(let detail): detail
        }
    }

    public var isNoConnection: Bool {
        if case .noConnection = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .noConnection(let detail): "no connection: \(detail)"
        case .invalidContent(let detail): "invalid content: \(detail)"
        case .tooLarge(let detail): "too large: \(detail)"
        }
    }
}

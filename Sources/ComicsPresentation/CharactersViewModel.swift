import ComicsCore
import Observation

/// The characters of one comic, titled with the comic's name. No actor isolation (see
/// ``ComicsListViewModel``).
@Observable
public final class CharactersViewModel {
    public typealias State = LoadState<[ComicCharacter]>

    public let comicID: Comic.ID
    /// TITLE-1: the comic's name; known up front when the comic was selected from the list,
    /// otherwise filled in by ``load()``.
    public private(set) var title: String?
    public private(set) var state: State = .idle
    public let attribution = Attribution.marvel

    private let source: any ComicsSource
    private let reportFailure: @Sendable (ComicsSourceError) -> Void

    /// A comic reached by its id (a link, the command line): unless `title` is given, its title is
    /// loaded with its characters.
    public init(
        comicID: Comic.ID, title: String? = nil, source: any ComicsSource,
        reportFailure: @escaping @Sendable (ComicsSourceError) -> Void = { _ in }
    ) {
        self.comicID = comicID
        self.title = title
        self.source = source
        self.reportFailure = reportFailure
    }

    /// CHARACTERS-3: the names, sorted ascending with the same rules as comic titles.
    public var characterNames: [String] { (state.value ?? []).map(\.name) }

    public var errorMessage: String? { state.errorMessage }

    /// Runs on the caller's executor (`nonisolated(nonsending)`): the View that owns this ViewModel
    /// loads it and reads it from the same task or actor.
    nonisolated(nonsending) public func load() async {
        state = .loading
        let source = self.source
        let comicID = self.comicID
        let knownTitle = title
        do throws(ComicsSourceError) {
            async let characters = Self.result { () async throws(ComicsSourceError) in
                try await source.loadCharacters(ofComic: comicID)
            }
            async let comicTitle = Self.result { () async throws(ComicsSourceError) in
                if let knownTitle { return knownTitle }
                return try await source.loadComic(id: comicID).title
            }
            let (loadedTitle, loadedCharacters) = (try await comicTitle.get(), try await characters.get())
            title = loadedTitle
            state = .loaded(ComicCharacter.sortedByName(loadedCharacters))
        } catch {
            reportFailure(error)
            state = .failed(message: ComicsMessages.forCharacters(error))
        }
    }

    private static func result<Value: Sendable>(
        _ work: @Sendable () async throws(ComicsSourceError) -> Value
    ) async -> Result<Value, ComicsSourceError> {
        do { return .success(try await work()) } catch { return .failure(error) }
    }
}

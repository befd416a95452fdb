import ComicsCore
import Observation

/// The characters of one comic, titled with the comic's name.
@MainActor
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

    /// A comic selected in the list: its title is known.
    public convenience init(
        comic: Comic, source: any ComicsSource,
        reportFailure: @escaping @Sendable (ComicsSourceError) -> Void = { _ in }
    ) {
        self.init(comicID: comic.id, title: comic.title, source: source, reportFailure: reportFailure)
    }

    /// A comic reached by its id alone (a link, the command line): its title is loaded with its characters.
    public init(
        comicID: Comic.ID, title: String? = nil, source: any ComicsSource,
        reportFailure: @escaping @Sendable (ComicsSourceError) -> Void = { _ in }
    ) {
        self.comicID = comicID
        self.title = title
        self.source = source
        self.reportFailure = reportFailure
    }

    /// LOADING-3 / LOADING-4: `true` exactly while the characters are loading.
    public var isLoading: Bool { state.isLoading }

    /// CHARACTERS-3: the names, sorted ascending with the same rules as comic titles.
    public var characterNames: [String] { characters.map(\.name) }

    public var characters: [ComicCharacter] {
        state.value ?? []
    }

    public var errorMessage: String? { state.errorMessage }

    public func load() async {
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

    private nonisolated static func result<Value: Sendable>(
        _ work: @Sendable () async throws(ComicsSourceError) -> Value
    ) async -> Result<Value, ComicsSourceError> {
        do { return .success(try await work()) } catch { return .failure(error) }
    }
}

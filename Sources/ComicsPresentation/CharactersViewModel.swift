import ComicsCore
import Foundation
public import Localization
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
    /// Marvel's attribution, in ``language``.
    public let attribution: String
    /// The language the messages are worded in (LANG-13).
    public let language: Language
    public let options: ComicsLoadOptions
    /// COMICS-COPY-2: "Showing the copy from DATE" when the characters come from the offline copy.
    public private(set) var copyNotice: String?
    /// Why the source could not be read while the copy shows.
    public private(set) var problem: ComicsSourceError?
    private var lastFailure: ComicsSourceError?

    private let source: any ComicsSource
    private let reportFailure: @Sendable (ComicsSourceError) -> Void

    /// A comic reached by its id (a link, the command line): unless `title` is given, its title is
    /// loaded with its characters.
    public init(
        comicID: Comic.ID, title: String? = nil, source: any ComicsSource,
        options: ComicsLoadOptions = .init(), language: Language = .english,
        reportFailure: @escaping @Sendable (ComicsSourceError) -> Void = { _ in }
    ) {
        self.comicID = comicID
        self.language = language
        self.attribution = ComicsMessages.attribution(language)
        self.title = title
        self.source = source
        self.options = options
        self.reportFailure = reportFailure
    }

    /// CHARACTERS-3: the names, sorted ascending with the same rules as comic titles.
    public var characterNames: [String] { (state.value ?? []).map(\.name) }

    /// The failure's sentence: alone when nothing could be shown, above the copy when it shows.
    public var errorMessage: String? { state.errorMessage ?? problem.map { ComicsMessages.forCharacters($0, language: language) } }

    /// COMICS-MSG-4: a Retry control shows with a failure that trying again can help.
    public var canRetry: Bool { lastFailure?.isRetryable ?? false }

    /// Whether the comic is unknown to the source (the web answers 404).
    public var isNotFound: Bool {
        if case .notFound = lastFailure { return problem == nil }
        return false
    }

    /// Runs on the caller's executor (`nonisolated(nonsending)`): the View that owns this ViewModel
    /// loads it and reads it from the same task or actor.
    nonisolated(nonsending) public func load() async {
        state = .loading
        copyNotice = nil
        problem = nil
        lastFailure = nil
        if options.offline {
            showCopy(or: nil)
            return
        }
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
            let sorted = ComicCharacter.sortedByName(loadedCharacters)
            try? options.offlineCopy?.keep(
                characters: sorted, of: Comic(id: comicID, title: loadedTitle), fetchedAt: options.now())
            state = .loaded(sorted)
        } catch {
            reportFailure(error)
            lastFailure = error
            if error.sourceUnreachable, options.offlineCopy != nil {
                showCopy(or: error)
            } else {
                state = .failed(message: ComicsMessages.forCharacters(error, language: language))
            }
        }
    }

    private func showCopy(or error: ComicsSourceError?) {
        guard let kept = try? options.offlineCopy?.characters(ofComic: comicID) else {
            state = .failed(
                message: error.map { ComicsMessages.forCharacters($0, language: language) } ?? ComicsMessages.noCopyYet(language))
            return
        }
        title = title ?? kept.comic.title
        problem = error
        copyNotice = ComicsMessages.showingCopy(from: kept.fetchedAt, timeZone: options.timeZone, language: language)
        state = .loaded(ComicCharacter.sortedByName(kept.characters))
    }

    private static func result<Value: Sendable>(
        _ work: @Sendable () async throws(ComicsSourceError) -> Value
    ) async -> Result<Value, ComicsSourceError> {
        do { return .success(try await work()) } catch { return .failure(error) }
    }
}

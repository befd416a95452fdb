import ComicsCore
import Foundation
public import Localization
import Observation

/// The comics list: loading → comics grouped by first letter, or a message saying what went wrong.
///
/// It loads page after page (COMICS-PAGE-1): the groups are always those of everything loaded so far
/// (COMICS-3). It searches through the source (COMICS-FIND-1), keeps what it loaded in the offline copy
/// and shows that copy when the source can't be reached (COMICS-COPY-2).
///
/// Like every ViewModel of both apps it has no actor isolation: the View that owns one (a route's
/// task, a command) creates it, loads it and reads it from that one task.
@Observable
public final class ComicsListViewModel {
    public typealias State = LoadState<[ComicGroup]>

    public private(set) var state: State = .idle
    /// Shown wherever the data shows, in ``language``.
    public let attribution: String
    /// The language the messages are worded in (LANG-13).
    public let language: Language
    public let options: ComicsLoadOptions
    /// Every comic loaded so far, in the source's order.
    public private(set) var loadedComics: [Comic] = []
    /// The last page loaded (0 before any).
    public private(set) var lastPage = 0
    /// How many comics the source holds for this query, once a page has said.
    public private(set) var totalCount: Int?
    /// Whether the source has a page after ``lastPage``.
    public private(set) var hasMore = false
    /// The first comic of each page loaded after the first (the web list's place marks, COMICS-PLACE-1).
    public private(set) var pageStarts: [Comic.ID: Int] = [:]
    /// COMICS-COPY-2: "Showing the copy from DATE" when the list comes from the offline copy.
    public private(set) var copyNotice: String?
    /// Why the source could not be read while the copy shows (the source's sentence).
    public private(set) var problem: ComicsSourceError?

    private let source: any ComicsSource
    private let reportFailure: @Sendable (ComicsSourceError) -> Void

    /// - Parameter reportFailure: receives each failure with its detail, e.g. to log it.
    /// - Parameter language: the language of the messages (LANG-13).
    public init(
        source: any ComicsSource, options: ComicsLoadOptions = ComicsLoadOptions(),
        language: Language = .english,
        reportFailure: @escaping @Sendable (ComicsSourceError) -> Void = { _ in }
    ) {
        self.source = source
        self.options = options
        self.language = language
        self.attribution = ComicsMessages.attribution(language)
        self.reportFailure = reportFailure
    }

    public var groups: [ComicGroup] {
        state.value ?? []
    }

    /// The failure's sentence: alone when nothing could be shown, above the copy when it shows.
    public var errorMessage: String? {
        state.errorMessage ?? problem.map { ComicsMessages.forComics($0, language: language) }
    }

    /// COMICS-MSG-4: a Retry control shows with a failure that trying again can help.
    public var canRetry: Bool { lastFailure?.isRetryable ?? false }

    private var lastFailure: ComicsSourceError?

    /// "Showing 100 of 5,000 comics." while more pages remain.
    public var countSummary: String? {
        guard hasMore, let totalCount else { return nil }
        return ComicsMessages.showing(loadedComics.count, of: totalCount, language: language)
    }

    /// Loads the first page, or pages 1 through `lastPage` (a web address `?page=K` shows them all).
    nonisolated(nonsending) public func load(through lastPage: Int = 1) async {
        await load(pages: 1...max(1, lastPage))
    }

    /// Loads only `pages` (`comics list --page K`), or every page with `upperBound` `Int.max` (`--all`).
    nonisolated(nonsending) public func load(pages: ClosedRange<Int>) async {
        state = .loading
        loadedComics = []
        pageStarts = [:]
        copyNotice = nil
        problem = nil
        lastFailure = nil
        hasMore = false
        totalCount = nil
        if options.offline {
            showCopy(or: nil)
            return
        }
        do {
            var number = pages.lowerBound
            while true {
                let page = try await source.loadComicsPage(number, titleContaining: options.search)
                if number > pages.lowerBound, let first = page.comics.first { pageStarts[first.id] = number }
                loadedComics += page.comics
                lastPage = number
                totalCount = page.totalCount
                hasMore = page.hasMore
                if !page.hasMore || number >= pages.upperBound || page.comics.isEmpty { break }
                number += 1
            }
            try? options.offlineCopy?.keep(comics: loadedComics, fetchedAt: options.now())
            state = .loaded(ComicGroup.grouping(loadedComics))
        } catch {
            reportFailure(error)
            lastFailure = error
            if error.sourceUnreachable, options.offlineCopy != nil {
                showCopy(or: error)
            } else {
                state = .failed(message: ComicsMessages.forComics(error, language: language))
            }
        }
    }

    /// Every page, within the source's rate limit (`comics list --all`).
    nonisolated(nonsending) public func loadAll() async {
        await load(pages: 1...Int.max)
    }

    /// COMICS-COPY-2/3: the kept comics with the date they were fetched, else the failure's sentence.
    private func showCopy(or error: ComicsSourceError?) {
        guard let kept = try? options.offlineCopy?.comics(titleContaining: options.search), !kept.comics.isEmpty else {
            state = .failed(
                message: error.map { ComicsMessages.forComics($0, language: language) } ?? ComicsMessages.noCopyYet(language))
            return
        }
        loadedComics = kept.comics
        lastPage = 1
        totalCount = kept.comics.count
        hasMore = false
        problem = error
        copyNotice = ComicsMessages.showingCopy(from: kept.fetchedAt, timeZone: options.timeZone, language: language)
        state = .loaded(ComicGroup.grouping(kept.comics))
    }
}

/// How a list or a comic's characters are read: the search, the offline copy, the clock.
public struct ComicsLoadOptions: Sendable {
    /// Only comics whose title contains this (COMICS-FIND-1).
    public var search: String?
    /// The copy to keep answers in and to fall back on (COMICS-COPY-1).
    public var offlineCopy: (any ComicsOfflineCopy)?
    /// Read only the copy (`--offline`, COMICS-COPY-3).
    public var offline: Bool
    public var now: @Sendable () -> Date
    public var timeZone: TimeZone

    public init(
        search: String? = nil, offlineCopy: (any ComicsOfflineCopy)? = nil, offline: Bool = false,
        now: @escaping @Sendable () -> Date = { Date() }, timeZone: TimeZone = .current
    ) {
        self.search = TitleSearch.normalized(search)
        self.offlineCopy = offlineCopy
        self.offline = offline
        self.now = now
        self.timeZone = timeZone
    }
}

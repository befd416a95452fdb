import ComicsCore
import ComicsPresentation
import Foundation
import Testing

/// Paging, search, the offline copy and the messages of issue 13, at the ViewModel layer.
@Suite("Comics list ViewModel: pages, search, the offline copy, messages")
struct LiveListViewModelTests {
    @Test("COMICS-PAGE-1 the first page shows alone, grouped, with how many more there are")
    func firstPage() async {
        let source = PagedSource(pages: [[c(3, "Hulk #1"), c(1, "Avengers #1")], [c(2, "Captain America #1")]])
        let sut = ComicsListViewModel(source: source)

        await sut.load()

        #expect(sut.groups == [
            ComicGroup(letter: "A", comics: [c(1, "Avengers #1")]), ComicGroup(letter: "H", comics: [c(3, "Hulk #1")]),
        ])
        #expect(sut.hasMore)
        #expect(sut.countSummary == "Showing 2 of 3 comics.")
        #expect(await source.asked == [1])
    }

    @Test("COMICS-PAGE-1 pages 1 through K group everything loaded so far; the first of each later page is marked")
    func throughPage() async {
        let source = PagedSource(pages: [[c(3, "Hulk #1"), c(1, "Avengers #1")], [c(2, "Captain America #1")]])
        let sut = ComicsListViewModel(source: source)

        await sut.load(through: 2)

        #expect(sut.groups.map(\.letter) == ["A", "C", "H"])
        #expect(!sut.hasMore)
        #expect(sut.countSummary == nil)
        #expect(sut.pageStarts == [2: 2])
        #expect(await source.asked == [1, 2])
    }

    @Test("COMICS-PAGE-2 one page alone (--page K), every page (--all)")
    func oneOrAll() async {
        let source = PagedSource(pages: [[c(1, "A #1")], [c(2, "B #1")], [c(3, "C #1")]])
        let page2 = ComicsListViewModel(source: source)
        await page2.load(pages: 2...2)
        #expect(page2.loadedComics == [c(2, "B #1")])
        #expect(page2.lastPage == 2)

        let all = ComicsListViewModel(source: source)
        await all.loadAll()
        #expect(all.loadedComics.map(\.id) == [1, 2, 3])
    }

    @Test("COMICS-FIND-1 the search goes to the source; a source without pages filters locally")
    func search() async {
        let paged = PagedSource(pages: [[c(1, "Avengers #1")]])
        await ComicsListViewModel(source: paged, options: .init(search: "  aven ")).load()
        #expect(await paged.searched == ["aven"])

        let local = ComicsListViewModel(source: AllAtOnce(comics: [c(1, "Él #1"), c(2, "Hulk #1")]), options: .init(search: "el"))
        await local.load()
        #expect(local.loadedComics == [c(1, "Él #1")])
        #expect(!local.hasMore)
    }

    @Test("COMICS-MSG-1..4 each failure says what happened; Retry only where it can help", arguments: [
        (ComicsSourceError.noConnection(detail: "dns"), ComicsMessages.noConnection, true),
        (.notAnswering(detail: "refused"), "The comics server isn't answering. Please try again later.", true),
        (.keysRefused(detail: "401"), "The comics server refused the keys. Check the user name and password (or the keys) and try again.", false),
        (.invalidContent(detail: "oops"), ComicsMessages.comicsUnreadable, true),
    ])
    func messages(error: ComicsSourceError, message: String, retry: Bool) async {
        let sut = ComicsListViewModel(source: Failing(error: error))
        await sut.load()
        #expect(sut.errorMessage == message)
        #expect(sut.canRetry == retry)
    }

    @Test("COMICS-MSG-3 a comic that doesn't exist says so, without Retry")
    func notFound() async {
        let sut = CharactersViewModel(comicID: 9, source: Failing(error: .notFound(detail: "404")))
        await sut.load()
        #expect(sut.errorMessage == "This comic doesn't exist.")
        #expect(!sut.canRetry)
        #expect(sut.isNotFound)
    }

    @Test("COMICS-COPY-1/2 answers are kept; CHARACTERS-1 and the copy's date show when the source can't be reached")
    func copyOfCharacters() async {
        let copy = MemoryCopy()
        let now = Date(timeIntervalSince1970: 0)
        let options = ComicsLoadOptions(offlineCopy: copy, now: { now }, timeZone: TimeZone(identifier: "UTC")!)
        let live = CharactersViewModel(
            comicID: 5, source: AllAtOnce(comics: [c(5, "Thor #1")], characters: [ComicCharacter(id: 1, name: "Thor")]),
            options: options)
        await live.load()
        #expect(live.copyNotice == nil)

        let offline = CharactersViewModel(comicID: 5, source: Failing(error: .noConnection(detail: "dns")), options: options)
        await offline.load()

        #expect(offline.title == "Thor #1")
        #expect(offline.characterNames == ["Thor"])
        #expect(offline.errorMessage == ComicsMessages.noConnection)
        #expect(offline.copyNotice == "Showing the copy from 1 Jan 1970 at 00:00.")
    }

    @Test("COMICS-COPY-3 --offline reads only the copy; with nothing kept it says so")
    func offlineOnly() async {
        let copy = MemoryCopy()
        let source = PagedSource(pages: [[c(1, "Avengers #1")]])
        let empty = ComicsListViewModel(source: source, options: .init(offlineCopy: copy, offline: true))
        await empty.load()
        #expect(empty.errorMessage == "There is no offline copy yet. Open the comics once while connected.")
        #expect(await source.asked == [])

        try? copy.keep(comics: [c(1, "Avengers #1")], fetchedAt: Date(timeIntervalSince1970: 0))
        let kept = ComicsListViewModel(source: source, options: .init(offlineCopy: copy, offline: true))
        await kept.load()
        #expect(kept.loadedComics == [c(1, "Avengers #1")])
        #expect(kept.errorMessage == nil)
        #expect(kept.copyNotice != nil)
        #expect(await source.asked == [])
    }

    private func c(_ id: Int, _ title: String) -> Comic { Comic(id: id, title: title) }
}

/// A source with pages of its own, recording which pages and searches were asked for.
actor PagedSource: ComicsSource {
    let pages: [[Comic]]
    private(set) var asked: [Int] = []
    private(set) var searched: [String?] = []

    init(pages: [[Comic]]) { self.pages = pages }

    nonisolated func loadComics() async throws(ComicsSourceError) -> [Comic] { pages.flatMap { $0 } }

    func loadComicsPage(_ number: Int, titleContaining: String?) async throws(ComicsSourceError) -> ComicsPage {
        asked.append(number)
        searched.append(titleContaining)
        let comics = pages.indices.contains(number - 1) ? pages[number - 1] : []
        return ComicsPage(comics: comics, number: number, totalCount: pages.flatMap { $0 }.count, hasMore: number < pages.count)
    }

    nonisolated func loadComic(id: Comic.ID) async throws(ComicsSourceError) -> Comic { throw .notFound(detail: "") }
    nonisolated func loadCharacters(ofComic id: Comic.ID) async throws(ComicsSourceError) -> [ComicCharacter] { [] }
}

struct AllAtOnce: ComicsSource {
    var comics: [Comic]
    var characters: [ComicCharacter] = []
    func loadComics() async throws(ComicsSourceError) -> [Comic] { comics }
    func loadComic(id: Comic.ID) async throws(ComicsSourceError) -> Comic {
        guard let comic = comics.first(where: { $0.id == id }) else { throw .notFound(detail: "") }
        return comic
    }
    func loadCharacters(ofComic id: Comic.ID) async throws(ComicsSourceError) -> [ComicCharacter] { characters }
}

struct Failing: ComicsSource {
    let error: ComicsSourceError
    func loadComics() async throws(ComicsSourceError) -> [Comic] { throw error }
    func loadComic(id: Comic.ID) async throws(ComicsSourceError) -> Comic { throw error }
    func loadCharacters(ofComic id: Comic.ID) async throws(ComicsSourceError) -> [ComicCharacter] { throw error }
}

/// The offline copy in memory (the SQLite one is tested in ComicsCacheTests).
final class MemoryCopy: ComicsOfflineCopy, @unchecked Sendable {
    private let lock = NSLock()
    private var comics: [Comic.ID: (Comic, Date)] = [:]
    private var characters: [Comic.ID: KeptCharacters] = [:]

    func keep(comics: [Comic], fetchedAt: Date) throws {
        lock.withLock { for comic in comics { self.comics[comic.id] = (comic, fetchedAt) } }
    }

    func comics(titleContaining: String?) throws -> KeptComics? {
        lock.withLock {
            let all = TitleSearch.filter(comics.values.map(\.0).sorted { $0.id < $1.id }, containing: titleContaining)
            guard let latest = comics.values.map(\.1).max(), !all.isEmpty else { return nil }
            return KeptComics(comics: all, fetchedAt: latest)
        }
    }

    func keep(characters: [ComicCharacter], of comic: Comic, fetchedAt: Date) throws {
        lock.withLock { self.characters[comic.id] = KeptCharacters(comic: comic, characters: characters, fetchedAt: fetchedAt) }
    }

    func characters(ofComic id: Comic.ID) throws -> KeptCharacters? { lock.withLock { characters[id] } }
}

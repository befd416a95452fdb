import ComicsCore
@testable import ComicsWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import WebUI

/// Issue 13 on the web pages: search, "Load more", Retry, the offline copy, 404 (docs/specs/comics-live.md).
@Suite("Comics web app: search, pages, Retry, the offline copy")
struct ComicsLiveWebTests {
    @Test("COMICS-FIND-2 the list has a GET search form keeping its text; the search reaches the source")
    func search() async throws {
        let source = TwoPages()
        try await withApp(source) { client in
            try await client.execute(uri: "/?q=thor&render=server", method: .get) { response in
                let page = String(buffer: response.body)
                #expect(page.contains(#"<form class="search" role="search" method="get" action="/" data-testid="search-form">"#))
                #expect(page.contains(#"name="q" type="search" value="thor""#))
            }
        }
        #expect(await source.searches == ["thor"])
    }

    @Test("COMICS-PAGE-3 Load more is a link to pages 1..K+1 with the place mark; ?page=2 shows both pages")
    func loadMore() async throws {
        try await withApp(TwoPages()) { client in
            try await client.execute(uri: "/?render=server", method: .get) { response in
                let page = String(buffer: response.body)
                #expect(page.contains(#"<span data-testid="count-summary">Showing 1 of 2 comics.</span>"#))
                #expect(page.contains(#"<a class="button" href="/?page=2&amp;render=server#page-2" rel="next" data-load-more data-testid="load-more">"#))
                #expect(page.contains(#"<script src="/assets/comics."#), "the loaded list keeps the script that loads more")
            }
            try await client.execute(uri: "/?page=2&render=server", method: .get) { response in
                let page = String(buffer: response.body)
                #expect(page.contains(#"<li data-testid="comic-row" id="page-2" class="page-start"><a href="/comics/2""#))
                #expect(page.contains(#"href="/comics/1""#))
                #expect(!page.contains("load-more"))
            }
        }
    }

    @Test("COMICS-MSG-4 a failure that a retry can help shows Try again to the same address; COMICS-MSG-1's sentence")
    func retry() async throws {
        try await withApp(StubSource(comics: .failure(.notAnswering(detail: "refused")))) { client in
            try await client.execute(uri: "/?q=x&render=server", method: .get) { response in
                let page = String(buffer: response.body)
                #expect(response.status == .badGateway)
                #expect(page.contains("The comics server isn&#39;t answering. Please try again later.")
                    || page.contains("The comics server isn't answering. Please try again later."))
                #expect(page.contains(#"<a class="button" href="/?q=x&amp;render=server" data-testid="retry">Try again</a>"#))
            }
        }
    }

    @Test("COMICS-MSG-3 a comic that doesn't exist answers 404 with its sentence and no Retry")
    func notFound() async throws {
        try await withApp(StubSource(comic: .failure(.notFound(detail: "404")), characters: .failure(.notFound(detail: "404")))) { client in
            try await client.execute(uri: "/comics/9?render=server", method: .get) { response in
                let page = String(buffer: response.body)
                #expect(response.status == .notFound)
                #expect(page.contains("This comic doesn"))
                #expect(!page.contains(#"data-testid="retry""#))
            }
        }
    }

    @Test("COMICS-COPY-2 the copy shows with the failure's sentence, the copy's date and Retry, answered 200")
    func copy() async throws {
        let copy = Copy()
        try await withApp(StubSource(comics: .failure(.noConnection(detail: "dns"))), copy: copy) { client in
            try await client.execute(uri: "/?render=server", method: .get) { response in
                let page = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(page.contains("There is no internet connection."))
                #expect(page.contains(#"<p class="message notice" role="status" data-testid="copy-notice">Showing the copy from "#))
                #expect(page.contains(#"data-testid="retry""#))
                #expect(page.contains(#"href="/comics/7""#))
            }
        }
    }

    private func withApp(
        _ source: any ComicsSource, copy: (any ComicsOfflineCopy)? = nil,
        _ test: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let logger = Logger(label: "comics-web-test", factory: { _ in SwiftLogNoOpLogHandler() })
        var dependencies = ComicsWebDependencies(source: source, logger: logger)
        dependencies.offlineCopy = copy
        try await Application(router: try buildRouter(dependencies), logger: logger).test(.router, test)
    }
}

/// Two pages of one comic each, recording the searches.
private actor TwoPages: ComicsSource {
    private(set) var searches: [String?] = []

    nonisolated func loadComics() async throws(ComicsSourceError) -> [Comic] { [] }

    func loadComicsPage(_ number: Int, titleContaining: String?) async throws(ComicsSourceError) -> ComicsPage {
        searches.append(titleContaining)
        let comic = number == 1 ? Comic(id: 1, title: "Zombies #1") : Comic(id: 2, title: "Avengers #1")
        return ComicsPage(comics: [comic], number: number, totalCount: 2, hasMore: number < 2)
    }

    nonisolated func loadComic(id: Comic.ID) async throws(ComicsSourceError) -> Comic { Comic(id: id, title: "x") }
    nonisolated func loadCharacters(ofComic id: Comic.ID) async throws(ComicsSourceError) -> [ComicCharacter] { [] }
}

private struct Copy: ComicsOfflineCopy {
    func keep(comics: [Comic], fetchedAt: Date) throws {}
    func comics(titleContaining: String?) throws -> KeptComics? {
        KeptComics(comics: [Comic(id: 7, title: "Kept #1")], fetchedAt: Date(timeIntervalSince1970: 0))
    }
    func keep(characters: [ComicCharacter], of comic: Comic, fetchedAt: Date) throws {}
    func characters(ofComic id: Comic.ID) throws -> KeptCharacters? { nil }
}

@Suite("Comics web app: the search text")
struct ComicsSearchTextTests {
    @Test("COMICS-FIND-2 a GET form's + is a space and %2B a plus")
    func formEncoding() async throws {
        let source = Recording()
        let logger = Logger(label: "comics-web-test", factory: { _ in SwiftLogNoOpLogHandler() })
        let app = Application(router: try buildRouter(ComicsWebDependencies(source: source, logger: logger)), logger: logger)
        try await app.test(.router) { client in
            try await client.execute(uri: "/?q=spider+man&render=server", method: .get) { _ in }
            try await client.execute(uri: "/?q=c%2B%2B&render=server", method: .get) { _ in }
        }
        #expect(await source.searches == ["spider man", "c++"])
    }
}

private actor Recording: ComicsSource {
    private(set) var searches: [String?] = []
    nonisolated func loadComics() async throws(ComicsSourceError) -> [Comic] { [] }
    func loadComicsPage(_ number: Int, titleContaining: String?) async throws(ComicsSourceError) -> ComicsPage {
        searches.append(titleContaining)
        return ComicsPage(comics: [], number: number, totalCount: 0, hasMore: false)
    }
    nonisolated func loadComic(id: Comic.ID) async throws(ComicsSourceError) -> Comic { Comic(id: id, title: "x") }
    nonisolated func loadCharacters(ofComic id: Comic.ID) async throws(ComicsSourceError) -> [ComicCharacter] { [] }
}

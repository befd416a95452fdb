import ComicsCore
@testable import ComicsWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import WebUI

@Suite("Comics web app")
struct ComicsWebTests {
    static let comics = [
        Comic(id: 3, title: "Thor (1966) #126"), Comic(id: 1, title: "2099 Unlimited (1993) #1"),
        Comic(id: 2, title: "Avengers <1963> #1"),
    ]

    // MARK: Comics list

    @Test("LOADING-1 COMICS-WEB-1 the list page opens on the activity indicator, with the script that fetches the loaded page")
    func listShell() async throws {
        try await withApp(StubSource()) { client in
            try await client.execute(uri: "/", method: .get) { response in
                let page = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(page.contains(#"<html lang="en" "#))
                #expect(page.contains(#"role="status" aria-live="polite" data-testid="loading-indicator" data-load-in-place>Loading comics…"#))
                #expect(!page.contains(#"data-testid="error-message""#))
                #expect(page.contains(#"<script src="/assets/comics."#) && page.contains(#"<script src="/assets/webui."#))
                #expect(page.contains(#"<p data-testid="attribution">Data provided by Marvel. © 2025 MARVEL</p>"#))
                #expect(!page.contains("/api/"), "the page reads no JSON")
            }
        }
    }

    @Test("COMICS-WEB-1 with the fragment header, the same address answers the loaded #page only")
    func listFragment() async throws {
        try await withApp(StubSource(comics: .success(Self.comics))) { client in
            try await client.execute(uri: "/", method: .get, headers: [PageFragment.header: "1"]) { response in
                let page = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(response.headers[.vary] == "X-Page-Fragment, Accept-Language, Cookie")
                #expect(response.headers[.cacheControl] == "no-store")
                #expect(page.hasPrefix(#"<div id="page" data-title="Marvel Comics">"#))
                #expect(!page.contains("<html") && !page.contains("<script"))
                #expect(!page.contains("loading-indicator"))
                #expect(page.contains(#"<li data-testid="comic-row"><a href="/comics/2" data-testid="comic-link-2">Avengers &lt;1963&gt; #1</a></li>"#))
            }
        }
    }

    @Test("COMICS-WEB-2 without JavaScript the first screen goes at once to the loaded page")
    func listNoScript() async throws {
        try await withApp(StubSource()) { client in
            try await client.execute(uri: "/", method: .get) { response in
                let page = String(buffer: response.body)
                #expect(page.contains(#"<noscript><meta http-equiv="refresh" content="0; url=/?render=server">"#))
                #expect(page.contains(#"<a href="/?render=server" data-testid="noscript-link">"#))
            }
            try await client.execute(uri: "/comics/3", method: .get) { response in
                #expect(String(buffer: response.body).contains(#"<meta http-equiv="refresh" content="0; url=/comics/3?render=server">"#))
            }
        }
    }

    @Test("COMICS-1 COMICS-WEB-1 the loaded page of a failed load: the sentence as an alert, no spinner, 502")
    func listFailedPage() async throws {
        try await withApp(StubSource(comics: .failure(.noConnection(detail: "refused")))) { client in
            try await client.execute(uri: "/", method: .get, headers: [PageFragment.header: "1"]) { response in
                let page = String(buffer: response.body)
                #expect(response.status == .badGateway)
                #expect(page.contains(#"<p class="message error" role="alert" data-testid="error-message">"#
                    + "There is no internet connection. Check your connection and try again.</p>"))
                #expect(!page.contains("loading-indicator") && !page.contains("letter-index"))
            }
        }
    }

    @Test("COMICS-3 /api/comics gives the groups by first letter, sorted, '#' last")
    func listJSON() async throws {
        try await withApp(StubSource(comics: .success(Self.comics))) { client in
            try await client.execute(uri: "/api/comics", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == """
                    {"groups":[{"comics":[{"id":2,"title":"Avengers <1963> #1"}],"letter":"A"},\
                    {"comics":[{"id":3,"title":"Thor (1966) #126"}],"letter":"T"},\
                    {"comics":[{"id":1,"title":"2099 Unlimited (1993) #1"}],"letter":"#"}]}
                    """)
            }
        }
    }

    @Test("COMICS-1 /api/comics with no connection gives the no-connection message")
    func listNoConnection() async throws {
        try await withApp(StubSource(comics: .failure(.noConnection(detail: "refused")))) { client in
            try await client.execute(uri: "/api/comics", method: .get) { response in
                #expect(response.status == .badGateway)
                #expect(String(buffer: response.body)
                    == #"{"error":"There is no internet connection. Check your connection and try again."}"#)
            }
        }
    }

    @Test("COMICS-2 /api/comics with invalid content gives the couldn't-be-read message, detail in the log")
    func listInvalid() async throws {
        let logs = LogSpy()
        try await withApp(StubSource(comics: .failure(.invalidContent(detail: "HTTP 401 code=InvalidCredentials"))), logs: logs) {
            client in
            try await client.execute(uri: "/api/comics", method: .get) { response in
                #expect(String(buffer: response.body) == #"{"error":"The content couldn't be read. Please try again later."}"#)
            }
        }
        #expect(logs.messages.contains { $0.contains("HTTP 401 code=InvalidCredentials") })
    }

    @Test("COMICS-3 without JavaScript: server-rendered groups, letter index anchors, escaped titles")
    func listServerRendered() async throws {
        try await withApp(StubSource(comics: .success(Self.comics))) { client in
            try await client.execute(uri: "/?render=server", method: .get) { response in
                let page = String(buffer: response.body)
                #expect(page.contains(##"<a href="#group-A" data-testid="letter-link-A""##))
                #expect(page.contains(##"<a href="#group-other" data-testid="letter-link-other""##))
                #expect(page.contains(#"<section class="group" id="group-other" data-testid="group-other""#))
                #expect(page.contains("Avengers &lt;1963&gt; #1"))
                #expect(!page.contains("Avengers <1963>"))
                let a = try #require(page.range(of: "group-A\"")), t = try #require(page.range(of: "group-T\""))
                let other = try #require(page.range(of: "id=\"group-other\""))
                #expect(a.lowerBound < t.lowerBound && t.lowerBound < other.lowerBound)
            }
        }
    }

    // MARK: Characters

    @Test("LOADING-3 the characters page opens on the activity indicator, under a back link")
    func charactersShell() async throws {
        try await withApp(StubSource()) { client in
            try await client.execute(uri: "/comics/3", method: .get) { response in
                let page = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(page.contains(#"data-testid="loading-indicator" data-load-in-place>Loading characters…"#))
                #expect(page.contains(#"<h1 data-testid="comic-title">Characters</h1>"#))
                #expect(page.contains(#"data-testid="back-link""#))
                #expect(!page.contains(#"data-testid="characters""#))
            }
        }
    }

    @Test("CHARACTERS-3 COMICS-WEB-1 the characters fragment: the comic's name, the sorted names, no spinner")
    func charactersFragment() async throws {
        let source = StubSource(
            comic: .success(Self.comics[2]),
            characters: .success([ComicCharacter(id: 9, name: "Thor"), ComicCharacter(id: 8, name: "<Hercules>")]))
        try await withApp(source) { client in
            try await client.execute(uri: "/comics/2", method: .get, headers: [PageFragment.header: "1"]) { response in
                let page = String(buffer: response.body)
                #expect(page.hasPrefix(#"<div id="page" data-title="Avengers &lt;1963&gt; #1">"#))
                #expect(page.contains(#"<h1 data-testid="comic-title">Avengers &lt;1963&gt; #1</h1>"#))
                #expect(page.contains(#"<li data-testid="character-row">&lt;Hercules&gt;</li>"#
                    + "\n" + #"<li data-testid="character-row">Thor</li>"#))
                #expect(!page.contains("loading-indicator"))
            }
        }
    }

    @Test("CHARACTERS-3 TITLE-1 /api/comics/{id}/characters: the comic's name and the sorted names")
    func charactersJSON() async throws {
        let source = StubSource(
            comic: .success(Self.comics[0]),
            characters: .success([ComicCharacter(id: 9, name: "Thor"), ComicCharacter(id: 8, name: "Hercules")]))
        try await withApp(source) { client in
            try await client.execute(uri: "/api/comics/3/characters", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body)
                    == #"{"characters":[{"id":8,"name":"Hercules"},{"id":9,"name":"Thor"}],"title":"Thor (1966) #126"}"#)
            }
        }
    }

    @Test("CHARACTERS-1 no connection: the no-connection message")
    func charactersNoConnection() async throws {
        let source = StubSource(comic: .success(Self.comics[0]), characters: .failure(.noConnection(detail: "timeout")))
        try await withApp(source) { client in
            try await client.execute(uri: "/api/comics/3/characters", method: .get) { response in
                #expect(String(buffer: response.body)
                    == #"{"error":"There is no internet connection. Check your connection and try again."}"#)
            }
        }
    }

    @Test("CHARACTERS-2 invalid content: the can't-be-shown message")
    func charactersInvalid() async throws {
        let source = StubSource(comic: .success(Self.comics[0]), characters: .failure(.invalidContent(detail: "HTTP 500")))
        try await withApp(source) { client in
            try await client.execute(uri: "/api/comics/3/characters", method: .get) { response in
                #expect(String(buffer: response.body)
                    == #"{"error":"The list of characters can't be shown. Please try again later."}"#)
            }
        }
    }

    @Test("TITLE-1 without JavaScript: <title> and <h1> carry the comic's name")
    func charactersServerRendered() async throws {
        let source = StubSource(comic: .success(Self.comics[0]), characters: .success([ComicCharacter(id: 9, name: "Thor")]))
        try await withApp(source) { client in
            try await client.execute(uri: "/comics/3?render=server", method: .get) { response in
                let page = String(buffer: response.body)
                #expect(page.contains("<title>Thor (1966) #126</title>"))
                #expect(page.contains(#"<h1 data-testid="comic-title">Thor (1966) #126</h1>"#))
                #expect(page.contains(#"<li data-testid="character-row">Thor</li>"#))
            }
        }
    }

    // MARK: Wiring

    @Test("assets, one log line per request, and no catalog routes unless configured")
    func wiring() async throws {
        let logs = LogSpy()
        try await withApp(StubSource(), logs: logs) { client in
            try await client.execute(uri: "/assets/comics.js", method: .get) { response in
                #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
                #expect(!String(buffer: response.body).contains("<"), "the script builds no markup")
            }
            try await client.execute(uri: "/v1/public/comics", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
        #expect(logs.messages.filter { $0.hasPrefix("GET ") } .count == 2)
        #expect(logs.messages.contains { $0.hasPrefix("GET /assets/comics.js 200 ") })
    }

    @Test("COMICS-WEB-4 the stylesheet is a file under a content-hashed name, cached for a year; the plain name revalidates")
    func assetCaching() async throws {
        try await withApp(StubSource()) { client in
            let page = String(buffer: try await client.execute(uri: "/", method: .get).body)
            let link = try #require(page.firstMatch(of: /href="(\/assets\/comics\.[0-9a-f]+\.css)"/)).1
            let hashed = try await client.execute(uri: String(link), method: .get)
            #expect(hashed.status == .ok)
            #expect(hashed.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(String(buffer: hashed.body).contains("prefers-color-scheme: dark"))
            let plain = try await client.execute(uri: "/assets/comics.css", method: .get)
            let eTag = try #require(plain.headers[.eTag])
            let again = try await client.execute(uri: "/assets/comics.css", method: .get, headers: [.ifNoneMatch: eTag])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
        }
    }

    @Test("COMICS-WEB-3 errors become pages for page addresses and JSON for the API, from one middleware", arguments: [
        ("/comics/abc", false), ("/no/such/page", false), ("/api/comics/abc/characters", true), ("/api/nothing", true),
    ])
    func errors(path: String, json: Bool) async throws {
        try await withApp(StubSource()) { client in
            let response = try await client.execute(uri: path, method: .get)
            let body = String(buffer: response.body)
            #expect(response.status == .notFound)
            if json {
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(body.hasPrefix(#"{"error":""#))
            } else {
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(body.contains(#"<h1 data-testid="page-title">Not found</h1>"#))
                #expect(body.contains(#"role="alert" data-testid="error-message""#))
            }
            let fragment = try await client.execute(uri: path, method: .get, headers: [PageFragment.header: "1"])
            if !json { #expect(String(buffer: fragment.body).hasPrefix(#"<div id="page""#)) }
        }
    }

    // MARK: - Helpers

    private func withApp(
        _ source: StubSource, logs: LogSpy = LogSpy(), _ test: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let logger = Logger(label: "comics-web-test", factory: { _ in logs })
        let router = try buildRouter(ComicsWebDependencies(source: source, logger: logger))
        try await Application(router: router, logger: logger).test(.router, test)
    }
}

struct StubSource: ComicsSource {
    var comics: Result<[Comic], ComicsSourceError> = .success([])
    var comic: Result<Comic, ComicsSourceError> = .failure(.invalidContent(detail: "unknown"))
    var characters: Result<[ComicCharacter], ComicsSourceError> = .success([])

    func loadComics() async throws(ComicsSourceError) -> [Comic] { try comics.get() }
    func loadComic(id: Comic.ID) async throws(ComicsSourceError) -> Comic { try comic.get() }
    func loadCharacters(ofComic id: Comic.ID) async throws(ComicsSourceError) -> [ComicCharacter] { try characters.get() }
}

/// Collects log messages.
final class LogSpy: LogHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    var messages: [String] { lock.withLock { recorded } }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lock.withLock { recorded.append(event.message.description) }
    }
}

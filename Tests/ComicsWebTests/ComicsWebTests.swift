import ComicsCatalog
import ComicsCatalogServer
import ComicsCore
@testable import ComicsWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@Suite("Comics web app")
struct ComicsWebTests {
    static let comics = [
        Comic(id: 3, title: "Thor (1966) #126"), Comic(id: 1, title: "2099 Unlimited (1993) #1"),
        Comic(id: 2, title: "Avengers <1963> #1"),
    ]

    // MARK: Comics list

    @Test("LOADING-1 the list page is a shell showing the activity indicator while data loads")
    func listShell() async throws {
        try await withApp(StubSource()) { client in
            try await client.execute(uri: "/", method: .get) { response in
                let page = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(page.contains(#"<html lang="en">"#))
                #expect(page.contains(#"role="status""#))
                #expect(page.contains(#"data-testid="loading-indicator">"#))
                #expect(page.contains(#"data-testid="error-message" hidden"#))
                #expect(page.contains(#"data-source="/api/comics""#))
                #expect(page.contains("Data provided by Marvel. © 2025 MARVEL"))
                #expect(page.contains("<noscript>"))
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

    @Test("LOADING-3 the characters page is a shell showing the activity indicator")
    func charactersShell() async throws {
        try await withApp(StubSource()) { client in
            try await client.execute(uri: "/comics/3", method: .get) { response in
                let page = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(page.contains(#"data-source="/api/comics/3/characters""#))
                #expect(page.contains(#"data-testid="loading-indicator">"#))
                #expect(page.contains(#"data-testid="comic-title""#))
                #expect(page.contains(#"data-testid="back-link""#))
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
            }
            try await client.execute(uri: "/v1/public/comics", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
        #expect(logs.messages.filter { $0.hasPrefix("GET ") } .count == 2)
        #expect(logs.messages.contains { $0.hasPrefix("GET /assets/comics.js 200 ") })
    }

    @Test("COMICS-3 with no --api-base-url the pages read the bundled catalog over HTTP from this very server")
    func selfHostedCatalog() async throws {
        let app = try buildApplication(
            configuration: ComicsWebConfiguration(host: "127.0.0.1", port: 0), logger: Logger(label: "test"))
        let catalog = try Catalog.bundled()

        // An HTTP client that opens a new connection after `Connection: close` (the data routes close theirs, HARDEN-5).
        try await app.test(.ahc(.http)) { client in
            try await client.execute(uri: "/api/comics", method: .get) { response in
                #expect(response.status == .ok)
                let body = try JSONDecoder().decode(GroupsJSON.self, from: Data(buffer: response.body))
                #expect(body.groups.flatMap(\.comics).count == catalog.comics.count)
                #expect(body.groups.last?.letter == "#")
            }
            try await client.execute(uri: "/v1/public/comics?limit=1", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains(#""attributionText":"Data provided by Marvel. © 2025 MARVEL""#))
            }
        }
    }

    // MARK: - Helpers

    struct GroupsJSON: Decodable {
        struct Group: Decodable { let letter: String; let comics: [Entry] }
        struct Entry: Decodable { let id: Int; let title: String }
        let groups: [Group]
    }

    private func withApp(
        _ source: StubSource, logs: LogSpy = LogSpy(), _ test: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let logger = Logger(label: "comics-web-test", factory: { _ in logs })
        let router = buildRouter(ComicsWebDependencies(source: source, logger: logger))
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

import ComicsAPI
import ComicsCore
import Foundation
import Testing

/// The real client and the real URLSession transport against a stub Marvel server on loopback.
@Suite("Marvel client over HTTP against a stub server")
struct MarvelClientLoopbackTests {
    // MARK: Valid answers

    @Test("COMICS-3 a valid page gives its comics")
    func validPage() async throws {
        let comics = try await StubMarvelServer.with({ request in
            .json(MarvelJSON.comicsPage(total: 3, offset: 0, limit: 100, titles: { ["Hulk", "Avengers", "Thor"][$0] }))
        }) { baseURL, _ in
            try await makeSUT(baseURL).loadComics()
        }

        #expect(comics.map(\.title) == ["Hulk", "Avengers", "Thor"])
        #expect(comics.map(\.id) == [1, 2, 3])
    }

    @Test("COMICS-3 a 250-comic catalog is read in 3 pages of 100 following offset until total")
    func multiPageCatalog() async throws {
        let (comics, requests) = try await StubMarvelServer.with({ request in
            let offset = Int(request.query["offset"] ?? "0") ?? 0
            let limit = Int(request.query["limit"] ?? "20") ?? 20
            return .json(MarvelJSON.comicsPage(total: 250, offset: offset, limit: limit))
        }) { baseURL, log in
            let comics = try await makeSUT(baseURL).loadComics()
            return (comics, await log.requests)
        }

        #expect(comics.count == 250)
        #expect(comics.map(\.id) == Array(1...250))
        #expect(requests.map(\.path) == Array(repeating: "/v1/public/comics", count: 3))
        #expect(requests.map { $0.query["offset"] } == ["0", "100", "200"])
        #expect(requests.allSatisfy { $0.query["limit"] == "100" && $0.query["orderBy"] == "title" })
        #expect(requests.allSatisfy { $0.query["apikey"] == "pub" && $0.query["ts"] == "7" })
        #expect(requests.allSatisfy { $0.query["hash"] == MarvelCredentials(publicKey: "pub", privateKey: "priv").hash(timestamp: "7") })
    }

    @Test("CHARACTERS-3 characters of a comic are read page by page, ordered by name")
    func charactersPaged() async throws {
        let (characters, requests) = try await StubMarvelServer.with({ request in
            let offset = Int(request.query["offset"] ?? "0") ?? 0
            return .json(MarvelJSON.charactersPage(total: 120, offset: offset, limit: 100, names: { "Hero \($0)" }))
        }) { baseURL, log in
            (try await makeSUT(baseURL).loadCharacters(ofComic: 77), await log.requests)
        }

        #expect(characters.count == 120)
        #expect(requests.map(\.path) == ["/v1/public/comics/77/characters", "/v1/public/comics/77/characters"])
        #expect(requests.allSatisfy { $0.query["orderBy"] == "name" })
    }

    @Test("TITLE-1 one comic by id gives its title")
    func singleComic() async throws {
        let comic = try await StubMarvelServer.with({ _ in
            .json(MarvelJSON.comicsPage(total: 5, offset: 4, limit: 1, titles: { _ in "Amazing Fantasy (1962) #15" }))
        }) { baseURL, _ in
            try await makeSUT(baseURL).loadComic(id: 5)
        }

        #expect(comic == Comic(id: 5, title: "Amazing Fantasy (1962) #15", issueNumber: 4, description: nil))
    }

    // MARK: Invalid content

    @Test("COMICS-2 invalid JSON is content that couldn't be read")
    func invalidJSON() async throws {
        let error = try await loadComicsFailure(answer: .json(#"{"oops""#))

        #expect(error.isNoConnection == false)
        #expect(error.detail.contains("undecodable"))
    }

    @Test("COMICS-2 JSON without the envelope's data is content that couldn't be read")
    func incompleteJSON() async throws {
        let error = try await loadComicsFailure(answer: .json(#"{"code":200,"status":"Ok"}"#))

        #expect(error == .invalidContent(detail: "undecodable JSON (missing data)"))
    }

    @Test("COMICS-2 a comic without a title is content that couldn't be read")
    func comicWithoutTitle() async throws {
        let body = MarvelJSON.envelope(offset: 0, limit: 100, total: 1, results: [#"{"id":1,"title":null}"#])
        let error = try await loadComicsFailure(answer: .json(body))

        #expect(error == .invalidContent(detail: "undecodable JSON (null at data.results.[0].title)"))
    }

    @Test("COMICS-2 a server error (500) is content that couldn't be read, status kept for the logs")
    func serverError() async throws {
        let error = try await loadComicsFailure(answer: .json("Internal Server Error", status: 500))

        #expect(error == .invalidContent(detail: "HTTP 500"))
    }

    @Test("COMICS-MSG-2 the contract's 401 is refused keys, with its code and message kept")
    func refusedKeys() async throws {
        let error = try await loadComicsFailure(answer: .json(MarvelJSON.invalidCredentials, status: 401))

        #expect(error == .keysRefused(
            detail: "HTTP 401 code=InvalidCredentials message=That hash, timestamp and key combination is invalid."))
    }

    @Test("COMICS-2 the contract's error bodies are invalid content with their code and message kept", arguments: [
        (409, MarvelJSON.missingKey, "HTTP 409 code=MissingParameter message=You must provide a user key."),
        (409, MarvelJSON.tooMany, "HTTP 409 code=409 message=You may not request more than 100 items."),
        (429, MarvelJSON.throttled, "HTTP 429 code=RequestThrottled message=You have exceeded your rate limit.  Please try again later."),
    ])
    func contractErrorBodies(status: Int, body: String, detail: String) async throws {
        let error = try await loadComicsFailure(answer: .json(body, status: status))

        #expect(error == .invalidContent(detail: detail))
    }

    @Test("CHARACTERS-2 an invalid characters answer is content that couldn't be read")
    func invalidCharacters() async throws {
        let error = try await StubMarvelServer.with({ _ in .json("[1,2,3]") }) { baseURL, _ in
            await #expect(throws: ComicsSourceError.self) { try await makeSUT(baseURL).loadCharacters(ofComic: 1) }
        }

        #expect(error?.isNoConnection == false)
    }

    @Test("COMICS-MSG-3 an unknown comic (404) is a comic that doesn't exist")
    func unknownComic() async throws {
        let error = try await StubMarvelServer.with({ _ in
            .json(#"{"code":404,"status":"We couldn't find that comic_issue"}"#, status: 404)
        }) { baseURL, _ in
            await #expect(throws: ComicsSourceError.self) { try await makeSUT(baseURL).loadComic(id: 9) }
        }

        #expect(error == .notFound(detail: "HTTP 404 code=404 message=We couldn't find that comic_issue"))
    }

    // MARK: No connection

    @Test("COMICS-MSG-1 a slow answer past the timeout is a server that isn't answering")
    func slowAnswerTimesOut() async throws {
        let error = try await StubMarvelServer.with({ _ in
            StubMarvelServer.Answer(status: 200, body: MarvelJSON.comicsPage(total: 1, offset: 0, limit: 100), delay: .seconds(3))
        }) { baseURL, _ in
            await #expect(throws: ComicsSourceError.self) { try await makeSUT(baseURL, timeout: 0.5).loadComics() }
        }

        #expect(error?.isNoConnection == false)
        #expect(error?.sourceUnreachable == true)
    }

    @Test("COMICS-MSG-1 a closed port (127.0.0.1:1) is a server that isn't answering, not a missing network")
    func closedPort() async {
        let error = await #expect(throws: ComicsSourceError.self) {
            try await makeSUT(URL(string: "http://127.0.0.1:1")!).loadComics()
        }

        #expect(error?.isNoConnection == false)
        #expect(error?.sourceUnreachable == true)
    }

    @Test("COMICS-MSG-1 a closed port is not answering for characters too")
    func closedPortCharacters() async {
        let error = await #expect(throws: ComicsSourceError.self) {
            try await makeSUT(URL(string: "http://127.0.0.1:1")!).loadCharacters(ofComic: 1)
        }

        #expect(error?.sourceUnreachable == true)
    }

    @Test("COMICS-1 a host name that does not resolve means no connection")
    func unresolvableHost() async {
        let error = await #expect(throws: ComicsSourceError.self) {
            // A generous deadline: the name fails at once, but under the full parallel suite the
            // request can wait its turn longer than a few seconds, and a deadline that passes
            // first is "not answering", not the "no connection" this checks.
            try await makeSUT(URL(string: "http://comics.invalid")!, timeout: 120).loadComics()
        }

        #expect(error?.isNoConnection == true)
    }

    // MARK: - Helpers

    /// A list's time budget far beyond any run of the suite: under the full parallel suite a
    /// request to a closed port was seen to wait its turn for over 30 s (the default budget), and
    /// a budget that runs out is "too large", not the classification these tests check.
    private func makeSUT(_ baseURL: URL, timeout: TimeInterval = 5) -> MarvelClient {
        MarvelClient(
            configuration: .init(
                baseURL: baseURL, credentials: MarvelCredentials(publicKey: "pub", privateKey: "priv"), timeout: timeout,
                listTimeBudget: 600),
            transport: AsyncHTTPTransport(), timestamp: { "7" })
    }

    private func loadComicsFailure(answer: StubMarvelServer.Answer) async throws -> ComicsSourceError {
        let error = try await StubMarvelServer.with({ _ in answer }) { baseURL, _ in
            await #expect(throws: ComicsSourceError.self) { try await makeSUT(baseURL).loadComics() }
        }
        return try #require(error)
    }
}

import AsyncHTTPClient
import NIOCore
@testable import ComicsAPI
import ComicsCore
import Foundation
import Testing

/// Request building and error mapping with a spy transport (no network).
@Suite("Marvel client requests and error mapping")
struct MarvelClientRequestTests {
    @Test("COMICS-3 asks for comics ordered by title, 100 per page, signed with ts/apikey/hash")
    func signedComicsRequest() async throws {
        let (sut, transport) = makeSUT(answers: [.init(statusCode: 200, body: Data(MarvelJSON.comicsPage(total: 1, offset: 0, limit: 100).utf8))])

        _ = try await sut.loadComics()

        let url = try #require(await transport.requestedURLs.first)
        let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        #expect(components.scheme == "https")
        #expect(components.host == "marvel.example")
        #expect(components.path == "/archive/v1/public/comics")
        #expect(components.queryItems == [
            URLQueryItem(name: "orderBy", value: "title"), URLQueryItem(name: "limit", value: "100"),
            URLQueryItem(name: "offset", value: "0"), URLQueryItem(name: "ts", value: "1"),
            URLQueryItem(name: "apikey", value: "1234"),
            URLQueryItem(name: "hash", value: "ffd275c5130566a2916217b101f26150"),
        ])
    }

    @Test("CHARACTERS-3 asks for a comic's characters ordered by name")
    func charactersRequest() async throws {
        let page = MarvelJSON.charactersPage(total: 1, offset: 0, limit: 100, names: { _ in "Hulk" })
        let (sut, transport) = makeSUT(credentials: nil, answers: [.init(statusCode: 200, body: Data(page.utf8))])

        let characters = try await sut.loadCharacters(ofComic: 42)

        #expect(characters == [ComicCharacter(id: 1_009_000, name: "Hulk", description: "")])
        let url = try #require(await transport.requestedURLs.first)
        #expect(url.absoluteString == "https://marvel.example/archive/v1/public/comics/42/characters?orderBy=name&limit=100&offset=0")
    }

    @Test("COMICS-1 a transport that cannot reach the server means no connection")
    func unreachableTransport() async {
        let (sut, _) = makeSUT(failure: TransportError(.unreachable, detail: "refused"))

        await #expect(throws: ComicsSourceError.noConnection(detail: "unreachable (refused)")) {
            try await sut.loadComics()
        }
    }

    @Test("COMICS-2 a transport failure that is not about reachability means invalid content")
    func otherTransportFailure() async {
        let (sut, _) = makeSUT(failure: TransportError(.other, detail: "bad answer"))

        await #expect(throws: ComicsSourceError.invalidContent(detail: "transport failure (bad answer)")) {
            try await sut.loadComics()
        }
    }

    @Test("COMICS-2 a page that holds fewer results than its count is incomplete")
    func pageShorterThanCount() async {
        let body = MarvelJSON.envelope(offset: 0, limit: 100, total: 2, results: [])
            .replacingOccurrences(of: #""count":0"#, with: #""count":2"#)
        let (sut, _) = makeSUT(answers: [.init(statusCode: 200, body: Data(body.utf8))])

        let error = await #expect(throws: ComicsSourceError.self) { try await sut.loadComics() }
        #expect(error?.isNoConnection == false)
        #expect(error?.detail.contains("incomplete") == true)
    }

    @Test("COMICS-MSG-1 a server not answering is told apart from no network and from answers that make no sense", arguments: [
        (HTTPClientError.connectTimeout, TransportError.Kind.notAnswering), (.deadlineExceeded, .notAnswering),
        (.remoteConnectionClosed, .notAnswering), (.readTimeout, .notAnswering), (.cancelled, .unreachable),
        (.invalidURL, .other), (.emptyHost, .other), (.bodyLengthMismatch, .other), (.redirectLimitReached, .other),
    ])
    func classification(error: HTTPClientError, kind: TransportError.Kind) {
        #expect(AsyncHTTPTransport.classify(error).kind == kind)
    }

    @Test("COMICS-1 a cancelled request counts as no connection; COMICS-MSG-1 a connect timeout as not answering")
    func classificationOfOtherErrors() {
        #expect(AsyncHTTPTransport.classify(CancellationError()).kind == .unreachable)
        #expect(AsyncHTTPTransport.classify(ChannelError.connectTimeout(.seconds(1))).kind == .notAnswering)
    }

    // MARK: - Helpers

    private func makeSUT(
        credentials: MarvelCredentials? = MarvelCredentials(publicKey: "1234", privateKey: "abcd"),
        answers: [TransportResponse] = [], failure: TransportError? = nil
    ) -> (MarvelClient, TransportSpy) {
        let transport = TransportSpy(answers: answers, failure: failure)
        let sut = MarvelClient(
            configuration: .init(baseURL: URL(string: "https://marvel.example/archive/")!, credentials: credentials),
            transport: transport, timestamp: { "1" })
        return (sut, transport)
    }
}

/// Records the URLs asked for and plays back canned answers.
actor TransportSpy: HTTPTransport {
    private(set) var requestedURLs: [URL] = []
    private var answers: [TransportResponse]
    private let failure: TransportError?

    init(answers: [TransportResponse], failure: TransportError?) {
        self.answers = answers
        self.failure = failure
    }

    func get(_ url: URL, timeout: TimeInterval) async throws(TransportError) -> TransportResponse {
        requestedURLs.append(url)
        if let failure { throw failure }
        guard !answers.isEmpty else { throw TransportError(.other, detail: "spy has no answer left") }
        return answers.removeFirst()
    }
}

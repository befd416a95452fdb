import ComicsCore
@testable import ComicsWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// HARDEN-5 at the web layer: work for a request stops when its client is gone; limits read as a sentence.
@Suite("Comics web app under a hostile source (HARDEN-5)")
struct ComicsWebCancellationTests {
    @Test("HARDEN-5: when the browser disconnects, the load it started is cancelled", arguments: [
        "/api/comics", "/?render=server", "/api/comics/5/characters", "/comics/5?render=server",
    ])
    func disconnectCancelsLoad(path: String) async throws {
        let source = HangingSource()
        let router = try buildRouter(ComicsWebDependencies(
            source: source, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })))
        let bound = AsyncStream<Int>.makeStream()
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in bound.continuation.yield(channel.localAddress?.port ?? 0) },
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let server = Task { try await app.run() }
        defer { server.cancel() }
        var ports = bound.stream.makeAsyncIterator()
        let port = await ports.next() ?? 0

        let session = URLSession(configuration: .ephemeral)
        let task = session.dataTask(with: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        task.resume()
        try await source.waitUntilStarted(within: .seconds(10))
        task.cancel()
        session.invalidateAndCancel()

        let cancelled = try await source.waitUntilCancelled(within: .seconds(5))
        #expect(cancelled, "the load went on after the client had gone")
        server.cancel()
        _ = await server.result
    }

    @Test("HARDEN-5: a source over the limits: the page says the server sent more than the app takes in (502)")
    func tooLargePage() async throws {
        let source = StubSource(comics: .failure(.tooLarge(detail: "over the limits")))
        let router = try buildRouter(ComicsWebDependencies(
            source: source, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })))

        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/api/comics", method: .get) { response in
                #expect(response.status == .badGateway)
                #expect(response.headers[.connection] == "close")
                #expect(String(buffer: response.body) == #"{"error":"The comics server sent more than this app can take in, "#
                    + #"so the comics can't be shown. Please try again later."}"#)
            }
        }
    }
}

/// A source whose loads never answer: they wait until their task is cancelled, and say so.
actor HangingSource: ComicsSource {
    private(set) var started = 0
    private(set) var cancelled = 0

    func loadComics() async throws(ComicsSourceError) -> [Comic] { try await hang() }
    func loadComic(id: Comic.ID) async throws(ComicsSourceError) -> Comic { try await hang() }
    func loadCharacters(ofComic id: Comic.ID) async throws(ComicsSourceError) -> [ComicCharacter] { try await hang() }

    private func hang<Value>() async throws(ComicsSourceError) -> Value {
        started += 1
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(60))
        }
        cancelled += 1
        throw .noConnection(detail: "cancelled")
    }

    func waitUntilStarted(within limit: Duration) async throws {
        let deadline = ContinuousClock.now + limit
        while started == 0 {
            guard ContinuousClock.now < deadline else { throw CancellationError() }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    func waitUntilCancelled(within limit: Duration) async throws -> Bool {
        let deadline = ContinuousClock.now + limit
        while cancelled == 0 {
            guard ContinuousClock.now < deadline else { return false }
            try await Task.sleep(for: .milliseconds(10))
        }
        return true
    }
}

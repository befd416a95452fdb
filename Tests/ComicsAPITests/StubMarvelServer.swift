import Foundation
import Hummingbird
import Logging

/// A tiny Marvel-compatible server on 127.0.0.1 and a free port, started and stopped by each test.
///
/// It answers every GET with what `answer` returns and records each request it received.
struct StubMarvelServer {
    struct Answer: Sendable {
        var status: Int
        var body: String
        var delay: Duration = .zero

        static func json(_ body: String, status: Int = 200) -> Answer { Answer(status: status, body: body) }
    }

    struct ReceivedRequest: Sendable, Equatable {
        let path: String
        let query: [String: String]
    }

    typealias Handler = @Sendable (ReceivedRequest) async -> Answer

    /// Starts the server, runs `body` with its base URL and request log, then stops the server.
    static func with<Value: Sendable>(
        _ handler: @escaping Handler,
        _ body: @Sendable (_ baseURL: URL, _ log: RequestLog) async throws -> Value
    ) async throws -> Value {
        let log = RequestLog()
        let router = Router()
        router.get("**") { request, _ -> Response in
            var query: [String: String] = [:]
            for (name, value) in request.uri.queryParameters { query[String(name)] = String(value) }
            let received = ReceivedRequest(path: request.uri.path, query: query)
            await log.append(received)
            let answer = await handler(received)
            if answer.delay > .zero { try? await Task.sleep(for: answer.delay) }
            return Response(
                status: .init(code: answer.status),
                headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: answer.body)))
        }
        let port = PortBox()
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in await port.set(channel.localAddress?.port ?? 0) },
            logger: .init(label: "stub-marvel", factory: { _ in SwiftLogNoOpLogHandler() })
        )
        let server = Task { try await app.run() }
        defer { server.cancel() }
        let bound = await port.value()
        let value = try await body(URL(string: "http://127.0.0.1:\(bound)")!, log)
        server.cancel()
        _ = await server.result
        return value
    }
}

actor RequestLog {
    private(set) var requests: [StubMarvelServer.ReceivedRequest] = []
    func append(_ request: StubMarvelServer.ReceivedRequest) { requests.append(request) }
}

private actor PortBox {
    private var port: Int?
    private var waiting: [CheckedContinuation<Int, Never>] = []

    func set(_ port: Int) {
        self.port = port
        for continuation in waiting { continuation.resume(returning: port) }
        waiting = []
    }

    func value() async -> Int {
        if let port { return port }
        return await withCheckedContinuation { waiting.append($0) }
    }
}

/// Marvel-shaped JSON written out by hand, independent of the client's own Codable types.
enum MarvelJSON {
    static func comicsPage(total: Int, offset: Int, limit: Int, titles: (Int) -> String = { "Comic \($0)" }) -> String {
        let ids = Array(offset..<min(offset + limit, total))
        let results = ids.map { id in
            """
            {"id":\(id + 1),"digitalId":0,"title":"\(titles(id))","issueNumber":\(id % 7),"variantDescription":"",\
            "description":null,"modified":"2014-01-01T00:00:00-0500","isbn":"","upc":"","format":"Comic","pageCount":32,\
            "resourceURI":"http://gateway.marvel.com/v1/public/comics/\(id + 1)",\
            "thumbnail":{"path":"http://i.annihil.us/u/prod/marvel/i/mg/b/40/image_not_available","extension":"jpg"},\
            "characters":{"available":0,"collectionURI":"x","items":[],"returned":0}}
            """
        }
        return envelope(offset: offset, limit: limit, total: total, results: results)
    }

    static func charactersPage(total: Int, offset: Int, limit: Int, names: (Int) -> String) -> String {
        let ids = Array(offset..<min(offset + limit, total))
        let results = ids.map { id in
            """
            {"id":\(1_009_000 + id),"name":"\(names(id))","description":"","modified":"2013-01-01T00:00:00-0500",\
            "thumbnail":{"path":"http://i.annihil.us/u/prod/marvel/i/mg/b/40/image_not_available","extension":"jpg"},\
            "resourceURI":"http://gateway.marvel.com/v1/public/characters/\(1_009_000 + id)"}
            """
        }
        return envelope(offset: offset, limit: limit, total: total, results: results)
    }

    static func envelope(offset: Int, limit: Int, total: Int, results: [String]) -> String {
        """
        {"code":200,"status":"Ok","copyright":"© 2025 MARVEL","attributionText":"Data provided by Marvel. © 2025 MARVEL",\
        "attributionHTML":"<a href=\\"http://marvel.com\\">Data provided by Marvel. © 2025 MARVEL</a>",\
        "etag":"f0fbae65eb2f8f28bdeea0a29be8749a4e67acb3",\
        "data":{"offset":\(offset),"limit":\(limit),"total":\(total),"count":\(results.count),\
        "results":[\(results.joined(separator: ","))]}}
        """
    }

    static let tooMany = #"{"code":409,"status":"You may not request more than 100 items."}"#
    static let missingKey = #"{"code":"MissingParameter","message":"You must provide a user key."}"#
    static let invalidCredentials =
        #"{"code":"InvalidCredentials","message":"That hash, timestamp and key combination is invalid."}"#
    static let throttled = #"{"code":"RequestThrottled","message":"You have exceeded your rate limit.  Please try again later."}"#
}

@testable import ComicsAPI
import ComicsCore
import Foundation
import Hummingbird
import Logging
import Testing

/// The Metron client against a Metron-contract stub on loopback (its answers written from Metron's
/// public API documentation: Basic auth, `{count, next, previous, results}`, `issue/{id}/` with
/// `characters`, `{"detail": …}` errors, `429` with `Retry-After`).
@Suite("Metron client", .serialized)
struct MetronClientTests {
    @Test("COMICS-METRON-1 the first page of Marvel's issues, asked with Basic auth and a User-Agent")
    func firstPage() async throws {
        try await StubMetron.with(issues: StubMetron.issues(5), pageSize: 2) { baseURL, log in
            let page = try await makeSUT(baseURL).loadComicsPage(1, titleContaining: nil)

            #expect(page.comics.map(\.title) == ["Avengers (2018) #1", "Avengers (2018) #2"])
            #expect(page.totalCount == 5)
            #expect(page.hasMore)
            let request = try #require(await log.requests.first)
            #expect(request.path == "/api/issue/")
            #expect(request.query == ["publisher_id": "1"])
            #expect(request.authorization == "Basic " + Data("u:p".utf8).base64EncodedString())
            #expect(request.userAgent?.contains("Comics") == true)
        }
    }

    @Test("COMICS-METRON-2 a comic's title and characters come from one request for the issue's detail")
    func issueDetail() async throws {
        try await StubMetron.with(issues: StubMetron.issues(3)) { baseURL, log in
            let sut = makeSUT(baseURL)
            let comic = Task { try await sut.loadComic(id: 102) }
            let characters = Task { try await sut.loadCharacters(ofComic: 102) }
            let title = try await comic.value.title
            let names = try await characters.value.map(\.name)

            #expect(title == "Avengers (2018) #3")
            #expect(names == ["Thor", "Hulk"])
            #expect(await log.requests.map(\.path) == ["/api/issue/102/"])
        }
    }

    @Test("COMICS-METRON-3 every page follows next until it is null; COMICS-FIND-1 series_name filters")
    func everyPageAndSearch() async throws {
        try await StubMetron.with(issues: StubMetron.issues(5), pageSize: 2) { baseURL, log in
            let all = try await makeSUT(baseURL).loadComics()
            #expect(all.count == 5)
            #expect(await log.requests.map(\.query) == [
                ["publisher_id": "1"], ["publisher_id": "1", "page": "2"], ["publisher_id": "1", "page": "3"],
            ])
            let found = try await makeSUT(baseURL).loadComicsPage(1, titleContaining: " widow ")
            #expect(found.comics.map(\.title) == ["Black Widow (2020) #5"])
            #expect(await log.requests.last?.query == ["publisher_id": "1", "series_name": "widow"])
        }
    }

    @Test("COMICS-METRON-5 a 429 with Retry-After: 2 is waited out, then asked again")
    func retryAfter() async throws {
        try await StubMetron.with(issues: StubMetron.issues(1), throttleFirst: 1) { baseURL, log in
            let started = ContinuousClock.now
            let page = try await makeSUT(baseURL, limiter: RequestRateLimiter()).loadComicsPage(1, titleContaining: nil)

            #expect(page.comics.count == 1)
            #expect(ContinuousClock.now - started >= .seconds(2))
            #expect(await log.requests.count == 2)
        }
    }

    @Test("COMICS-MSG-2 401 refuses the keys; COMICS-MSG-3 404 is a comic that doesn't exist; 500 can't be read")
    func statuses() async throws {
        try await StubMetron.with(issues: StubMetron.issues(1)) { baseURL, _ in
            var bad = MetronClient.Configuration(baseURL: baseURL, username: "u", password: "wrong")
            bad.timeout = 5
            let refused = MetronClient(configuration: bad, limiter: Self.unlimited())
            await #expect { try await refused.loadComicsPage(1, titleContaining: nil) } throws: { error in
                if case .keysRefused = error as? ComicsSourceError { return true }
                return false
            }
            await #expect { try await makeSUT(baseURL).loadCharacters(ofComic: 999) } throws: { error in
                if case .notFound = error as? ComicsSourceError { return true }
                return false
            }
        }
        try await StubMetron.with(issues: StubMetron.issues(1), failWith: 500) { baseURL, _ in
            await #expect { try await makeSUT(baseURL).loadComicsPage(1, titleContaining: nil) } throws: { error in
                if case .invalidContent = error as? ComicsSourceError { return true }
                return false
            }
        }
    }

    @Test("COMICS-MSG-1 a refused connection and a server that never answers: the server isn't answering")
    func notAnswering() async throws {
        var configuration = MetronClient.Configuration(
            baseURL: URL(string: "http://127.0.0.1:1/api/")!, username: "u", password: "p")
        configuration.timeout = 1
        await #expect { try await MetronClient(configuration: configuration, limiter: Self.unlimited()).loadComics() } throws: { error in
            if case .notAnswering = error as? ComicsSourceError { return true }
            return false
        }
        try await StubMetron.with(issues: StubMetron.issues(1), neverAnswer: true) { baseURL, _ in
            var silent = MetronClient.Configuration(baseURL: baseURL, username: "u", password: "p")
            silent.timeout = 1
            await #expect { try await MetronClient(configuration: silent, limiter: Self.unlimited()).loadComics() } throws: { error in
                if case .notAnswering = error as? ComicsSourceError { return true }
                return false
            }
        }
    }

    @Test("Retry-After is read as seconds or as an HTTP date")
    func retryAfterValues() {
        #expect(MetronClient.retryAfter("2") == 2)
        #expect(MetronClient.retryAfter(nil) == nil)
        #expect(MetronClient.retryAfter("soon") == nil)
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(MetronClient.retryAfter("Tue, 14 Nov 2023 22:13:30 GMT", now: now) == 10)
    }

    private func makeSUT(_ baseURL: URL, limiter: RequestRateLimiter = Self.unlimited()) -> MetronClient {
        var configuration = MetronClient.Configuration(baseURL: baseURL, username: "u", password: "p")
        configuration.timeout = 5
        return MetronClient(configuration: configuration, limiter: limiter)
    }

    static func unlimited() -> RequestRateLimiter {
        RequestRateLimiter(limits: [.init(requests: 1_000_000, seconds: 1)])
    }
}

@Suite("Request rate limiter")
struct RequestRateLimiterTests {
    @Test("COMICS-METRON-4 never more than 20 requests in any 60 s, nor 5,000 in a day (an injected clock)")
    func slidingWindows() async throws {
        let clock = VirtualClock()
        let sut = RequestRateLimiter(
            limits: RequestRateLimiter.metronLimits, now: { clock.now }, sleep: { clock.advance(by: $0) })
        var sentAt: [Double] = []
        for _ in 0..<65 {
            try await sut.acquire()
            sentAt.append(clock.now)
            clock.advance(by: 0.5)  // each request takes half a second
        }
        for (index, start) in sentAt.enumerated() {
            #expect(sentAt[index...].prefix { $0 < start + 60 }.count <= 20)
        }
        #expect(sentAt[20] >= sentAt[0] + 60)
        #expect(sentAt.last! < 60 * 4)  // it waits no longer than it must

        let daily = VirtualClock()
        let small = RequestRateLimiter(
            limits: [.init(requests: 20, seconds: 60), .init(requests: 30, seconds: 86_400)],
            now: { daily.now }, sleep: { daily.advance(by: $0) })
        for _ in 0..<31 { try await small.acquire() }
        #expect(daily.now >= 86_400)
    }

    @Test("COMICS-METRON-5 a pause asked by the server holds the next request back")
    func pause() async throws {
        let clock = VirtualClock()
        let sut = RequestRateLimiter(now: { clock.now }, sleep: { clock.advance(by: $0) })
        try await sut.acquire()
        await sut.pause(for: 2)
        try await sut.acquire()
        #expect(clock.now == 2)
    }
}

/// A clock that moves only when told to (sleeping moves it).
final class VirtualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var time = 0.0
    var now: Double { lock.withLock { time } }
    func advance(by seconds: Double) { lock.withLock { time += seconds } }
}

/// A Metron-contract stub on 127.0.0.1 (Hummingbird), started and stopped by each test.
enum StubMetron {
    struct Issue: Sendable {
        let id: Int
        let series: String
        let year: Int
        let number: String
        let characters: [String]
    }

    struct Received: Sendable {
        let path: String
        let query: [String: String]
        let authorization: String?
        let userAgent: String?
    }

    actor Log {
        private(set) var requests: [Received] = []
        func append(_ request: Received) { requests.append(request) }
    }

    static func issues(_ count: Int) -> [Issue] {
        let series = ["Avengers", "Avengers", "Avengers", "Daredevil", "Black Widow"]
        return (0..<count).map { index in
            Issue(id: 100 + index, series: series[index % series.count], year: index == 4 ? 2020 : 2018,
                  number: String(index + 1), characters: ["Thor", "Hulk"])
        }
    }

    static func with(
        issues: [Issue], pageSize: Int = 100, throttleFirst: Int = 0, failWith: Int? = nil, neverAnswer: Bool = false,
        _ body: @Sendable (URL, Log) async throws -> Void
    ) async throws {
        let log = Log()
        let throttled = Counter()
        let router = Router()
        router.get("**") { request, _ -> Response in
            var query: [String: String] = [:]
            for (name, value) in request.uri.queryParameters { query[String(name)] = String(value) }
            await log.append(Received(
                path: request.uri.path, query: query, authorization: request.headers[.authorization],
                userAgent: request.headers[.userAgent]))
            if neverAnswer { try? await Task.sleep(for: .seconds(30)) }
            guard request.headers[.authorization] == "Basic " + Data("u:p".utf8).base64EncodedString() else {
                return json(#"{"detail":"Invalid username/password."}"#, status: .unauthorized)
            }
            if await throttled.next() < throttleFirst {
                var response = json(#"{"detail":"Request was throttled."}"#, status: .tooManyRequests)
                response.headers[.retryAfter] = "2"
                return response
            }
            if let failWith { return json(#"{"detail":"Server error."}"#, status: .init(code: failWith)) }
            let path = request.uri.path
            if path == "/api/issue/" {
                var matching = issues
                if let name = query["series_name"] { matching = matching.filter { $0.series.lowercased().contains(name.lowercased()) } }
                let number = Int(query["page"] ?? "1") ?? 1
                let chunk = Array(matching.dropFirst((number - 1) * pageSize).prefix(pageSize))
                let more = number * pageSize < matching.count
                let next = more ? #""http://127.0.0.1/api/issue/?page=\#(number + 1)""# : "null"
                let results = chunk.map { issue in
                    #"{"id":\#(issue.id),"series":{"id":1,"name":"\#(issue.series)","volume":1,"year_began":\#(issue.year)},"number":"\#(issue.number)","issue":"\#(issue.series) #\#(issue.number)","cover_date":"2018-01-01","modified":"2025-01-01T00:00:00Z"}"#
                }
                return json(#"{"count":\#(matching.count),"next":\#(next),"previous":null,"results":[\#(results.joined(separator: ","))]}"#)
            }
            if path.hasPrefix("/api/issue/"), let id = Int(path.split(separator: "/").last ?? ""),
               let issue = issues.first(where: { $0.id == id })
            {
                let characters = issue.characters.enumerated().map { #"{"id":\#(500 + $0.offset),"name":"\#($0.element)","modified":"2025-01-01T00:00:00Z"}"# }
                return json(#"{"id":\#(issue.id),"publisher":{"id":1,"name":"Marvel"},"series":{"id":1,"name":"\#(issue.series)","sort_name":"\#(issue.series)","volume":1,"year_began":\#(issue.year),"series_type":{"id":2,"name":"Ongoing Series"}},"number":"\#(issue.number)","desc":"An issue.","characters":[\#(characters.joined(separator: ","))]}"#)
            }
            return json(#"{"detail":"Not found."}"#, status: .notFound)
        }
        let port = PortHolder()
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in await port.set(channel.localAddress?.port ?? 0) },
            logger: Logger(label: "stub-metron", factory: { _ in SwiftLogNoOpLogHandler() }))
        let server = Task { try await app.run() }
        defer { server.cancel() }
        let bound = await port.value()
        try await body(URL(string: "http://127.0.0.1:\(bound)/api/")!, log)
        server.cancel()
        _ = await server.result
    }

    static func json(_ body: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    actor Counter {
        private var count = 0
        func next() -> Int {
            defer { count += 1 }
            return count
        }
    }

    actor PortHolder {
        private var port: Int?
        private var waiting: [CheckedContinuation<Int, Never>] = []
        func set(_ value: Int) {
            port = value
            for continuation in waiting { continuation.resume(returning: value) }
            waiting = []
        }
        func value() async -> Int {
            if let port { return port }
            return await withCheckedContinuation { waiting.append($0) }
        }
    }
}

import ComicsTestSupport
import Foundation
import ProcessTestSupport
import Hummingbird
import Logging
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// HARDEN-5 end to end: the built `comics serve --api-base-url …` against a hostile Marvel-contract stub,
/// both on 127.0.0.1, over real HTTP. Every process started here is stopped by its own PID.
@Suite("comics serve against a hostile server (HARDEN-5)", .serialized)
struct HostileServerTests {
    static let tooMuch = "The comics server sent more than this app can take in"

    @Test("HARDEN-5: a gzip body inflating to 200 MB gives an error page within the budget; the server's memory stays bounded")
    func gzipBomb() async throws {
        let bomb = GzipBomb.make(inflatedBytes: 200 << 20)  // about 1.3 MB on the wire
        let routes = { (router: Router<BasicRequestContext>) in _ = router.get("v1/public/comics") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json", .contentEncoding: "gzip"],
                body: ResponseBody(contentsOf: stride(from: 0, to: bomb.count, by: 64 * 1024).map {
                    ByteBuffer(bytes: bomb[$0..<min($0 + 64 * 1024, bomb.count)])
                }))
        } }
        try await Self.withStub(routes) { stubURL, _ in
            try await Self.withServe(apiBaseURL: stubURL) { serveURL, pid in
                let (status, body, elapsed) = try await Self.get(serveURL.absoluteString + "?render=server")

                #expect(status == 502)
                #expect(body.contains(Self.tooMuch))
                #expect(elapsed < .seconds(30))
                let peak = try #require(Self.memory(of: pid, field: "VmHWM"))
                #expect(peak < 200 * 1024 * 1024, "peak resident memory \(peak / 1024 / 1024) MB")
            }
        }
    }

    @Test("HARDEN-5: endless paging (total 2^62, one item a page) ends at once with an error, after one request")
    func absurdTotal() async throws {
        let routes = { (router: Router<BasicRequestContext>) in _ = router.get("v1/public/comics") { request, _ in
            Self.onePerPage(request, total: 1 << 62)
        } }
        try await Self.withStub(routes) { stubURL, log in
            try await Self.withServe(apiBaseURL: stubURL) { serveURL, _ in
                let (status, body, elapsed) = try await Self.get(serveURL.absoluteString + "api/comics")

                #expect(status == 502)
                #expect(body.contains(Self.tooMuch))
                #expect(elapsed < .seconds(30))
                #expect(await log.count == 1)
            }
        }
    }

    @Test("HARDEN-5: a plausible total served one item a page stops at the 100-page limit with an error")
    func pageLimit() async throws {
        let routes = { (router: Router<BasicRequestContext>) in _ = router.get("v1/public/comics") { request, _ in
            Self.onePerPage(request, total: 9_000)
        } }
        try await Self.withStub(routes) { stubURL, log in
            try await Self.withServe(apiBaseURL: stubURL) { serveURL, _ in
                let (status, body, elapsed) = try await Self.get(serveURL.absoluteString + "api/comics")

                #expect(status == 502)
                #expect(body.contains(Self.tooMuch))
                #expect(elapsed < .seconds(30))
                #expect(await log.count == 100)
            }
        }
    }

    @Test("HARDEN-5: when the browser disconnects mid-load, the server stops asking the upstream server soon after")
    func disconnectStopsWork() async throws {
        let routes = { (router: Router<BasicRequestContext>) in _ = router.get("v1/public/comics") { request, _ in
            try await Task.sleep(for: .milliseconds(150))
            return Self.onePerPage(request, total: 9_000)
        } }
        try await Self.withStub(routes) { stubURL, log in
            try await Self.withServe(apiBaseURL: stubURL) { serveURL, pid in
                let session = URLSession(configuration: .ephemeral)
                let task = session.dataTask(with: URL(string: serveURL.absoluteString + "api/comics")!)
                task.resume()
                try await Self.waitUntil(within: .seconds(10)) { await log.count >= 3 }
                task.cancel()  // the browser goes away mid-load
                session.invalidateAndCancel()

                try await Task.sleep(for: .seconds(1))
                let settled = await log.count
                try await Task.sleep(for: .seconds(2))
                let later = await log.count

                #expect(settled < 30, "requests by the time the load should have stopped: \(settled)")
                #expect(later - settled <= 1, "the stub still received \(later - settled) requests after the disconnect")
                #expect(kill(pid, 0) == 0, "comics serve is still running")
            }
        }
    }

    // MARK: - Helpers

    /// A Marvel page at the requested offset holding one comic, claiming `total`.
    static func onePerPage(_ request: Request, total: Int) -> Response {
        let offset = request.uri.queryParameters["offset"].flatMap { Int(String($0)) } ?? 0
        let body = """
            {"code":200,"status":"Ok","data":{"offset":\(offset),"limit":100,"total":\(total),"count":1,\
            "results":[{"id":\(offset + 1),"title":"Comic \(offset)"}]}}
            """
        return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    actor Counter {
        private(set) var count = 0
        func increment() { count += 1 }
    }

    /// Runs the stub on 127.0.0.1 and a free port; `log` counts the requests it received.
    static func withStub(
        _ routes: (Router<BasicRequestContext>) -> Void, _ body: @Sendable (URL, Counter) async throws -> Void
    ) async throws {
        let counter = Counter()
        let router = Router()
        router.add(middleware: CountingMiddleware(counter: counter))
        routes(router)
        try await ComicsExecutableTests.withServer(router) { port in
            try await body(URL(string: "http://127.0.0.1:\(port)")!, counter)
        }
    }

    /// Starts `comics serve --port 0 --api-base-url …`, runs `body` with its address and PID, then stops
    /// that PID (SIGTERM) and waits for it.
    static func withServe(
        apiBaseURL: URL, _ body: @Sendable (URL, pid_t) async throws -> Void
    ) async throws {
        let process = Process()
        process.executableURL = try ComicsExecutableTests.binary()
        process.arguments = ["serve", "--port", "0", "--api-base-url", apiBaseURL.absoluteString]
        process.environment = ComicsExecutableTests.isolatedEnvironment()
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        do {
            let line = await ComicsExecutableTests.firstLine(of: stdout, from: process, within: 20)
            let address = try #require(line.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init))
            try await body(try #require(URL(string: address)), pid)
        } catch {
            await stop(process, pid: pid)
            throw error
        }
        await stop(process, pid: pid)
    }

    /// SIGTERM to that PID; SIGKILL to the same PID if it has not exited 5 s later (a server still busy
    /// with an endless load would otherwise keep its graceful shutdown waiting).
    static func stop(_ process: Process, pid: pid_t) async {
        guard process.isRunning else { return }
        kill(pid, SIGTERM)
        for _ in 0..<50 where process.isRunning { try? await Task.sleep(for: .milliseconds(100)) }
        if process.isRunning { kill(pid, SIGKILL) }
        await ChildProcess.waitUntilExit(process)
    }

    /// One GET with its status, body and duration; gives up (throws) after 45 s rather than hang.
    static func get(_ address: String) async throws -> (Int, String, Duration) {
        let clock = ContinuousClock()
        let started = clock.now
        let request = URLRequest(url: URL(string: address)!, timeoutInterval: 45)
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let (data, response) = try await withThrowingTaskGroup(of: (Data, URLResponse).self) { group in
            group.addTask { try await session.data(for: request) }
            group.addTask {
                try await Task.sleep(for: .seconds(45))
                throw TimedOut()
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self), clock.now - started)
    }

    /// A field of /proc/PID/status in bytes (e.g. VmRSS, VmHWM: the peak resident set).
    static func memory(of pid: pid_t, field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") }
        let kilobytes = line?.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) }
        return kilobytes.map { $0 * 1024 }
    }

    static func waitUntil(within limit: Duration, _ condition: @Sendable () async -> Bool) async throws {
        let deadline = ContinuousClock.now + limit
        while !(await condition()) {
            guard ContinuousClock.now < deadline else { throw TimedOut() }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    struct TimedOut: Error {}
}

/// Counts every request the stub receives.
struct CountingMiddleware: RouterMiddleware {
    let counter: HostileServerTests.Counter

    func handle(_ request: Request, context: BasicRequestContext, next: (Request, BasicRequestContext) async throws -> Response) async throws -> Response {
        await counter.increment()
        return try await next(request, context)
    }
}

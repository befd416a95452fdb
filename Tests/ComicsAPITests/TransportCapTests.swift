import ComicsAPI
import ComicsCore
import ComicsTestSupport
import Foundation
import Hummingbird
import Logging
import Testing

/// HARDEN-5 at the transport: the real URLSession transport against hostile answers on loopback.
@Suite("URLSession transport caps (HARDEN-5)")
struct TransportCapTests {
    @Test("HARDEN-5: a response larger than the cap is refused while it arrives")
    func endlessBody() async throws {
        let router = Router()
        router.get("endless") { _, _ in
            // No Content-Length, and a body that never ends: only counting while receiving can stop it.
            Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody { writer in
                let chunk = ByteBuffer(repeating: UInt8(ascii: " "), count: 64 * 1024)
                while true { try await writer.write(chunk) }
            })
        }
        let (error, _) = try await Self.withServer(router) { baseURL in
            await Self.failure(AsyncHTTPTransport(maxBodyBytes: 1 << 20), baseURL.appendingPathComponent("endless"), timeout: 20)
        }

        // The body never ends: only counting while it arrives can refuse it as too large (the
        // 20 s timeout would be a timeout). No bound on the time it took: a loaded machine is slow.
        #expect(error?.kind == .tooLarge)
        #expect(error?.detail.contains("over the 1048576-byte cap") == true, "\(String(describing: error))")
    }

    @Test("HARDEN-5: a Content-Length over the cap is refused before the body is read")
    func announcedTooLarge() async throws {
        let router = Router()
        router.get("announced") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json", .contentLength: "104857600"],
                body: ResponseBody(contentLength: 104_857_600) { writer in
                    try await writer.write(ByteBuffer(string: "[1,"))
                    try await Task.sleep(for: .seconds(30))
                })
        }
        let (error, elapsed) = try await Self.withServer(router) { baseURL in
            await Self.failure(AsyncHTTPTransport(maxBodyBytes: 1 << 20), baseURL.appendingPathComponent("announced"), timeout: 20)
        }

        #expect(error == TransportError(.tooLarge, detail: "127.0.0.1 announced a 104857600-byte body, over the 1048576-byte cap"))
        #expect(elapsed < .seconds(10))
    }

    @Test("HARDEN-5: a compressed body (sent although identity was asked for) is refused at its head, before it is inflated")
    func gzipBomb() async throws {
        let bomb = GzipBomb.make(inflatedBytes: 64 << 20)  // about 400 KB on the wire, 64 MiB inflated
        let router = Router()
        router.get("bomb") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json", .contentEncoding: "gzip"],
                body: ResponseBody(contentsOf: stride(from: 0, to: bomb.count, by: 16 * 1024).map {
                    ByteBuffer(bytes: bomb[$0..<min($0 + 16 * 1024, bomb.count)])
                }))
        }
        let (error, _) = try await Self.withServer(router) { baseURL in
            await Self.failure(AsyncHTTPTransport(maxBodyBytes: 1 << 20), baseURL.appendingPathComponent("bomb"), timeout: 20)
        }

        #expect(bomb.count < 1 << 20)
        #expect(error?.kind == .tooLarge)
        #expect(error?.detail.contains("gzip-compressed body although identity was asked for") == true, "\(String(describing: error))")
    }

    @Test("HARDEN-5: an answer within the cap arrives whole")
    func withinCap() async throws {
        let body = String(repeating: "x", count: 300_000)
        let router = Router()
        router.get("fine") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain"], body: .init(byteBuffer: ByteBuffer(string: body)))
        }
        let response = try await Self.withServer(router) { baseURL in
            try await AsyncHTTPTransport(maxBodyBytes: 300_000).get(baseURL.appendingPathComponent("fine"), timeout: 10)
        }

        #expect(response == TransportResponse(statusCode: 200, body: Data(body.utf8), headers: ["Content-Type": "text/plain"]))
    }

    @Test("HARDEN-5: cancelling the caller cancels the request in flight at once")
    func cancellation() async throws {
        let router = Router()
        router.get("slow") { _, _ in
            try await Task.sleep(for: .seconds(120))
            return Response(status: .ok)
        }
        // Far from the transport's 60 s timeout and the handler's 120 s, so that a machine busy
        // with other work can't make a cancelled request look like one that waited.
        let (error, elapsed): (TransportError?, Duration) = try await Self.withServer(router) { baseURL in
            let clock = ContinuousClock()
            let started = clock.now
            let url = baseURL.appendingPathComponent("slow")
            let request = Task { await Self.failure(AsyncHTTPTransport(), url, timeout: 60).0 }
            try? await Task.sleep(for: .milliseconds(300))
            request.cancel()
            let error = await request.value
            return (error, clock.now - started)
        }

        #expect(error == TransportError(.unreachable, detail: "cancelled"))
        #expect(elapsed < .seconds(15))
    }

    // MARK: - Helpers

    static func failure(_ transport: AsyncHTTPTransport, _ url: URL, timeout: TimeInterval) async -> (TransportError?, Duration) {
        let clock = ContinuousClock()
        let started = clock.now
        do {
            _ = try await transport.get(url, timeout: timeout)
            return (nil, clock.now - started)
        } catch {
            return (error, clock.now - started)
        }
    }

    static func withServer<Value: Sendable>(
        _ router: Router<BasicRequestContext>, _ body: @Sendable (URL) async throws -> Value
    ) async throws -> Value {
        let bound = AsyncStream<Int>.makeStream()
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in bound.continuation.yield(channel.localAddress?.port ?? 0) },
            logger: Logger(label: "hostile-stub", factory: { _ in SwiftLogNoOpLogHandler() }))
        let server = Task { try await app.run() }
        defer { server.cancel() }
        var iterator = bound.stream.makeAsyncIterator()
        let port = await iterator.next() ?? 0
        let value = try await body(URL(string: "http://127.0.0.1:\(port)")!)
        server.cancel()
        _ = await server.result
        return value
    }
}

import Foundation
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import HTTPTypes
import Testing
@testable import WebUI

/// What both servers share from docs/specs/hardening.md: whom they answer, where they send a
/// person back to, and how they keep room for new connections.
@Suite("WebUI: server safety")
struct ServerSafetyTests {
    // MARK: HARDEN-2

    @Test("HARDEN-2 the bound address and localhost are answered, with or without a port, in any case")
    func test_HARDEN_2_ownNames() {
        let hosts = HostAllowList(boundHost: "127.0.0.1")
        for own in ["127.0.0.1", "127.0.0.1:8080", "localhost", "LocalHost:80", "localhost.", nil] {
            #expect(hosts.allows(own), "\(own ?? "no Host")")
        }
        for other in ["evil.example", "evil.example:8080", "127.0.0.2", "localhost.evil.example", "127.0.0.1.evil.example",
                      "user@127.0.0.1", "127.0.0.1:80/x", "", "127.0.0.1:abc", "[::1]"] {
            #expect(!hosts.allows(other), "\(other)")
        }
    }

    @Test("HARDEN-2 --allowed-host names and IPv6 addresses are answered; an unspecified address adds loopback")
    func test_HARDEN_2_allowedAndIPv6() {
        let proxied = HostAllowList(boundHost: "127.0.0.1", allowed: ["Todo.Example"])
        #expect(proxied.allows("todo.example:8443") && proxied.allows("TODO.EXAMPLE"))
        let v6 = HostAllowList(boundHost: "::1")
        #expect(v6.allows("[::1]:8080") && v6.allows("[::1]") && !v6.allows("[::2]"))
        let any = HostAllowList(boundHost: "0.0.0.0")
        #expect(any.allows("127.0.0.1:1") && any.allows("[::1]") && !any.allows("example.com"))
    }

    // MARK: HARDEN-3

    @Test("HARDEN-3 what a browser would read as another site is never a local path", arguments: [
        "/\t/evil.example", "/\r\n/evil.example", "\t//evil.example", "/\\evil.example", "\\\\evil.example", "//evil.example",
        "https://evil.example/", "javascript:alert(1)", "evil.example", "", "/\u{0}x", "/\u{7f}//evil.example",
    ])
    func test_HARDEN_3_foreignPathsBecomeRoot(_ candidate: String) {
        #expect(LocalPath.validated(candidate) == "/")
    }

    @Test("HARDEN-3 local paths are kept, queries included", arguments: [
        "/", "/today", "/projects/Home%20%26%20Garden?page=2", "/due/2026-12-24", "/items/new?from=%2F",
    ])
    func test_HARDEN_3_localPathsKept(_ path: String) {
        #expect(LocalPath.validated(path) == path)
    }

    // MARK: HARDEN-6

    @Test("HARDEN-6 past the limit, the connection idle the longest is closed; busy ones are kept")
    func test_HARDEN_6_evictsTheOldestIdle() async throws {
        let registry = ConnectionRegistry(limit: 3)
        let channels = (0..<5).map { _ in EmbeddedChannel() }
        for channel in channels { try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).get() }
        let first = registry.register(channels[0])
        let second = registry.register(channels[1])
        _ = registry.register(channels[2])
        registry.enter(first, .answering)  // a request in progress: never the one to go
        _ = registry.register(channels[3])
        #expect(registry.count == 3)
        #expect(channels[0].isActive && !channels[1].isActive && channels[2].isActive && channels[3].isActive)
        registry.remove(second)
        registry.enter(first, .idle)  // idle again, now the longest idle but for none
        _ = registry.register(channels[4])
        #expect(channels.map(\.isActive) == [true, false, false, true, true])
    }

    @Test("HARDEN-6 LIVE-5 a connection answering with an event stream is neither counted nor closed to make room, until its answer ends")
    func test_HARDEN_6_streamsLeaveTheCount() async throws {
        let registry = ConnectionRegistry(limit: 1)
        let channels = (0..<4).map { _ in EmbeddedChannel() }
        for channel in channels { try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).get() }
        let stream = registry.register(channels[0])
        registry.enter(stream, .answering)
        registry.setStreaming(stream, true)
        _ = registry.register(channels[1])  // the one counted place, taken
        #expect(channels[0].isActive && channels[1].isActive, "the stream took no place")
        let third = registry.register(channels[2])  // past the limit: the idle one makes room, never the stream
        #expect(channels[0].isActive && !channels[1].isActive && channels[2].isActive)
        registry.setStreaming(stream, false)
        registry.enter(stream, .idle)  // its answer ended: an idle keep-alive connection, counted again
        registry.remove(third)
        _ = registry.register(channels[3])
        #expect(!channels[0].isActive && channels[3].isActive, "counted again, it makes room like any idle connection")
    }

    @Test("HARDEN-6 when every other connection is busy, the new one is closed — unless one has been busy past the idle timeout")
    func test_HARDEN_6_allBusy() async throws {
        let clock = TestClock()
        let registry = ConnectionRegistry(limit: 1, patience: .seconds(15), now: { clock.now })
        let slow = EmbeddedChannel(), early = EmbeddedChannel(), late = EmbeddedChannel()
        for channel in [slow, early, late] { try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).get() }
        registry.enter(registry.register(slow), .answering)
        clock.advance(.seconds(10))
        _ = registry.register(early)
        #expect(slow.isActive && !early.isActive, "a request of 10 s is within the idle timeout: the newcomer waits elsewhere")
        clock.advance(.seconds(6))
        _ = registry.register(late)
        #expect(!slow.isActive && late.isActive, "a request running 16 s (a trickling body) makes room")
        #expect(registry.count == 1)
    }

    // MARK: HARDEN-20

    @Test("HARDEN-20 when every other connection is busy, the one receiving its body the slowest makes room, not the newcomer")
    func test_HARDEN_20_slowestBodyMakesRoom() async throws {
        let clock = TestClock()
        let registry = ConnectionRegistry(limit: 3, patience: .seconds(15), now: { clock.now })
        let channels = (0..<5).map { _ in EmbeddedChannel() }
        for channel in channels { try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).get() }
        let answering = registry.register(channels[0])
        registry.enter(answering, .answering)  // a whole request in hand: never the one to go before the idle timeout
        let trickle = registry.register(channels[1])
        registry.enter(trickle, .receiving)
        let upload = registry.register(channels[2])
        registry.enter(upload, .receiving)
        clock.advance(.seconds(5))
        registry.received(trickle, bytes: 5)  // a byte a second
        registry.received(upload, bytes: 500_000)  // a file on its way
        let newcomer = registry.register(channels[3])
        #expect(channels.map(\.isActive) == [true, false, true, true, true], "the trickling body made room, 5 s in: under the idle timeout")
        registry.enter(newcomer, .answering)
        _ = registry.register(channels[4])
        #expect(channels.map(\.isActive) == [true, false, false, true, true], "then the only body still arriving, however fast")
        #expect(registry.count == 3)
    }

    @Test("HARDEN-20 a body that has not arrived whole within the body timeout is answered 408 and its connection closed")
    func test_HARDEN_20_lateBody() async throws {
        let registry = ConnectionRegistry(limit: 10)
        let channel = EmbeddedChannel(handler: ConnectionGuard(registry: registry, bodyTimeout: .seconds(30)))
        try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).get()
        let head = HTTPRequest(method: .post, scheme: nil, authority: "127.0.0.1", path: "/api/todos")
        try channel.writeInbound(HTTPRequestPart.head(head))
        try channel.writeInbound(HTTPRequestPart.body(ByteBuffer(string: "{")))
        channel.embeddedEventLoop.advanceTime(by: .seconds(29))
        #expect(try channel.readOutbound(as: HTTPResponsePart.self) == nil, "29 s in, the body may still come")
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(2))
        guard case .head(let answer) = try channel.readOutbound(as: HTTPResponsePart.self) else {
            Issue.record("no answer after the body timeout")
            return
        }
        #expect(answer.status == .requestTimeout)
        guard case .body(let sentence) = try channel.readOutbound(as: HTTPResponsePart.self) else {
            Issue.record("no sentence")
            return
        }
        #expect(String(buffer: sentence) == "The request's body did not arrive in time; nothing was changed.\n")
        #expect(!channel.isActive, "closed after the answer")
    }

    @Test("HARDEN-20 a body that arrives whole in time cancels the deadline; the next request has its own")
    func test_HARDEN_20_bodyInTime() async throws {
        let registry = ConnectionRegistry(limit: 10)
        let channel = EmbeddedChannel(handler: ConnectionGuard(registry: registry, bodyTimeout: .seconds(30)))
        try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).get()
        let head = HTTPRequest(method: .post, scheme: nil, authority: "127.0.0.1", path: "/api/todos")
        try channel.writeInbound(HTTPRequestPart.head(head))
        channel.embeddedEventLoop.advanceTime(by: .seconds(20))
        try channel.writeInbound(HTTPRequestPart.body(ByteBuffer(string: "{}")))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        channel.embeddedEventLoop.advanceTime(by: .seconds(60))
        #expect(try channel.readOutbound(as: HTTPResponsePart.self) == nil)
        #expect(channel.isActive, "a request read whole is the app's to answer, however long it takes")
    }
}

@Suite("WebUI: descriptor budget (HARDEN-21)")
struct DescriptorBudgetTests {
    @Test("HARDEN-21 a soft limit high enough changes nothing")
    func test_HARDEN_21_enough() {
        let budget = DescriptorBudget.fitting(maxConnections: 256, maxStreams: 2000, soft: 1_048_576, hard: 1_048_576)
        #expect(budget == DescriptorBudget(softLimit: nil, maxConnections: 256, maxStreams: 2000, lowered: false))
    }

    @Test("HARDEN-21 a soft limit too low is raised to what is needed when the hard limit allows it")
    func test_HARDEN_21_raiseSoft() {
        let budget = DescriptorBudget.fitting(maxConnections: 256, maxStreams: 2000, soft: 1024, hard: 524_288)
        #expect(budget == DescriptorBudget(softLimit: 256 + 2000 + 64, maxConnections: 256, maxStreams: 2000, lowered: false))
        let unlimited = DescriptorBudget.fitting(maxConnections: 256, maxStreams: 2000, soft: 1024, hard: UInt64.max)
        #expect(unlimited.softLimit == 2320 && !unlimited.lowered)
    }

    @Test("HARDEN-21 under a hard limit too low, connections keep up to half of what is left after the reserve, streams the rest")
    func test_HARDEN_21_lowerCaps() {
        // ulimit -n 256: 192 descriptors after the reserve.
        let tight = DescriptorBudget.fitting(maxConnections: 256, maxStreams: 2000, soft: 256, hard: 256)
        #expect(tight == DescriptorBudget(softLimit: nil, maxConnections: 96, maxStreams: 96, lowered: true))
        // ulimit -n 1024: the 200 connections asked for fit in half; streams get the other 760.
        let soft = DescriptorBudget.fitting(maxConnections: 200, maxStreams: 2000, soft: 512, hard: 1024)
        #expect(soft == DescriptorBudget(softLimit: 1024, maxConnections: 200, maxStreams: 760, lowered: true))
        #expect(soft.maxConnections + soft.maxStreams + Int(DescriptorBudget.reserve) <= 1024)
    }

    @Test("HARDEN-21 a limit below the reserve still serves one connection and no stream")
    func test_HARDEN_21_tiny() {
        let budget = DescriptorBudget.fitting(maxConnections: 256, maxStreams: 2000, soft: 20, hard: 20)
        #expect(budget == DescriptorBudget(softLimit: nil, maxConnections: 1, maxStreams: 0, lowered: true))
    }

    @Test("HARDEN-21 the log line names the limit and both caps")
    func test_HARDEN_21_sentence() {
        let budget = DescriptorBudget.fitting(maxConnections: 256, maxStreams: 2000, soft: 256, hard: 256)
        #expect(budget.sentence(limit: 256, askedConnections: 256, askedStreams: 2000)
            == "This process may open only 256 files (ulimit -n): serving at most 96 connections and 96 event streams at once "
            + "instead of 256 and 2000; raise the limit to serve more.")
    }
}

@Suite("Listening addresses (MODE-1, MODE-2)")
struct ListenAddressTests {
    @Test("MODE-1 loopback: localhost, 127.0.0.0/8 and ::1 however written", arguments: [
        "127.0.0.1", "127.1.2.3", "localhost", "LOCALHOST", "::1", "[::1]", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1",
    ])
    func test_MODE_1_loopback(_ host: String) {
        #expect(ListenAddress.isLoopback(host))
    }

    @Test("MODE-2 every other address lets other machines connect", arguments: [
        "0.0.0.0", "::", "[::]", "192.168.1.10", "10.0.0.1", "128.0.0.1", "::2", "::ffff:10.0.0.1", "fe80::1",
        "example.com", "localhost.example.com", "", "127.0.0.1 ", "127.0.0.256",
    ])
    func test_MODE_2_notLoopback(_ host: String) {
        #expect(!ListenAddress.isLoopback(host))
    }
}

/// A clock for the registry that moves only when told.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var instant = ContinuousClock.now

    var now: ContinuousClock.Instant { lock.withLock { instant } }
    func advance(_ duration: Duration) { lock.withLock { instant += duration } }
}

import Foundation
import NIOCore
import NIOEmbedded
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
        registry.setBusy(first, true)  // a request in progress: never the one to go
        _ = registry.register(channels[3])
        #expect(registry.count == 3)
        #expect(channels[0].isActive && !channels[1].isActive && channels[2].isActive && channels[3].isActive)
        registry.remove(second)
        registry.setBusy(first, false)  // idle again, now the longest idle but for none
        _ = registry.register(channels[4])
        #expect(channels.map(\.isActive) == [true, false, false, true, true])
    }

    @Test("HARDEN-6 LIVE-5 a connection answering with an event stream is neither counted nor closed to make room, until its answer ends")
    func test_HARDEN_6_streamsLeaveTheCount() async throws {
        let registry = ConnectionRegistry(limit: 1)
        let channels = (0..<4).map { _ in EmbeddedChannel() }
        for channel in channels { try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).get() }
        let stream = registry.register(channels[0])
        registry.setBusy(stream, true)
        registry.setStreaming(stream, true)
        _ = registry.register(channels[1])  // the one counted place, taken
        #expect(channels[0].isActive && channels[1].isActive, "the stream took no place")
        let third = registry.register(channels[2])  // past the limit: the idle one makes room, never the stream
        #expect(channels[0].isActive && !channels[1].isActive && channels[2].isActive)
        registry.setStreaming(stream, false)
        registry.setBusy(stream, false)  // its answer ended: an idle keep-alive connection, counted again
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
        registry.setBusy(registry.register(slow), true)
        clock.advance(.seconds(10))
        _ = registry.register(early)
        #expect(slow.isActive && !early.isActive, "a request of 10 s is within the idle timeout: the newcomer waits elsewhere")
        clock.advance(.seconds(6))
        _ = registry.register(late)
        #expect(!slow.isActive && late.isActive, "a request running 16 s (a trickling body) makes room")
        #expect(registry.count == 1)
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

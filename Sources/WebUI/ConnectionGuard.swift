public import HummingbirdCore
import NIOCore
import NIOHTTPTypes
import Synchronization

/// How a server protects itself from slow and idle connections (HARDEN-6).
public struct ConnectionLimits: Sendable, Equatable {
    /// A connection that has not sent a whole request head within this time, or that sits idle
    /// between requests this long, is closed.
    public var idleTimeout: Duration
    /// Connections served at once. A new one past this closes the connection that has waited
    /// longest with no request in progress.
    public var maxConnections: Int

    public init(idleTimeout: Duration = .seconds(15), maxConnections: Int = 256) {
        self.idleTimeout = idleTimeout
        self.maxConnections = maxConnections
    }

    /// The HTTP/1.1 server with these limits: Hummingbird's idle timeout (which also runs
    /// while a request head is incomplete) and a `ConnectionGuard` per connection.
    public func http1Server() -> HTTPServerBuilder {
        let registry = ConnectionRegistry(limit: maxConnections)
        let nanoseconds = idleTimeout.components.seconds * 1_000_000_000 + idleTimeout.components.attoseconds / 1_000_000_000
        return .http1(
            configuration: .init(
                additionalChannelHandlers: [ConnectionGuard(registry: registry)],
                idleTimeout: .nanoseconds(nanoseconds)))
    }
}

/// The open connections and whether each has a request in progress.
final class ConnectionRegistry: Sendable {
    private struct Entry {
        let channel: any Channel
        var busy: Bool
        /// When it last became idle (connected, or finished answering).
        var idleSince: UInt64
    }

    private struct State {
        var next: UInt64 = 0
        var clock: UInt64 = 0
        var entries: [UInt64: Entry] = [:]
    }

    let limit: Int
    private let state = Mutex(State())

    init(limit: Int) { self.limit = max(1, limit) }

    /// Adds a connection; past the limit, closes the one idle the longest (never the new one
    /// while another is idle; the new one itself when every other is busy).
    func register(_ channel: any Channel) -> UInt64 {
        let (id, victim): (UInt64, (any Channel)?) = state.withLock { state in
            state.next += 1
            state.clock += 1
            let id = state.next
            state.entries[id] = Entry(channel: channel, busy: false, idleSince: state.clock)
            guard state.entries.count > limit else { return (id, nil) }
            let oldest = state.entries.filter { $0.key != id && !$0.value.busy }.min { $0.value.idleSince < $1.value.idleSince }
            let victimID = oldest?.key ?? id
            let victim = state.entries.removeValue(forKey: victimID)?.channel
            return (id, victim)
        }
        victim?.close(promise: nil)
        return id
    }

    func setBusy(_ id: UInt64, _ busy: Bool) {
        state.withLock { state in
            state.clock += 1
            state.entries[id]?.busy = busy
            if !busy { state.entries[id]?.idleSince = state.clock }
        }
    }

    func remove(_ id: UInt64) {
        _ = state.withLock { $0.entries.removeValue(forKey: id) }
    }

    var count: Int { state.withLock { $0.entries.count } }
}

/// Tells the registry when its connection starts and finishes requests.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let registry: ConnectionRegistry
    private var id: UInt64?

    init(registry: ConnectionRegistry) { self.registry = registry }

    func handlerAdded(context: ChannelHandlerContext) {
        id = registry.register(context.channel)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        if let id { registry.remove(id) }
        id = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let id { registry.remove(id) }
        id = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data), let id { registry.setBusy(id, true) }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), let id { registry.setBusy(id, false) }
        context.write(data, promise: promise)
    }
}

@available(*, unavailable)
extension ConnectionGuard: Sendable {}

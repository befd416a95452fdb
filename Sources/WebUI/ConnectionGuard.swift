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
    /// longest with no request in progress — or, when every one has a request in progress, the
    /// one whose request has run longest past the idle timeout (a body trickling in, say).
    /// A connection answering with an event stream (`text/event-stream`) is held open on
    /// purpose: it leaves the count while it streams, and the app limits those itself (Todo's
    /// `--max-streams`).
    public var maxConnections: Int

    public init(idleTimeout: Duration = .seconds(15), maxConnections: Int = 256) {
        self.idleTimeout = idleTimeout
        self.maxConnections = maxConnections
    }

    /// The HTTP/1.1 server with these limits: Hummingbird's idle timeout (which also runs
    /// while a request head is incomplete) and a `ConnectionGuard` per connection.
    public func http1Server() -> HTTPServerBuilder {
        let registry = ConnectionRegistry(limit: maxConnections, patience: idleTimeout)
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
        /// Answering with an event stream: neither counted nor closed to make room.
        var streaming = false
        /// When it last changed between idle and busy.
        var since: ContinuousClock.Instant
        /// Registration order, to break ties between equal instants.
        let order: UInt64
    }

    private struct State {
        var next: UInt64 = 0
        var entries: [UInt64: Entry] = [:]
    }

    let limit: Int
    /// How long a request may run before its connection may be closed to make room.
    let patience: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private let state = Mutex(State())

    init(limit: Int, patience: Duration = .seconds(15), now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.limit = max(1, limit)
        self.patience = patience
        self.now = now
    }

    /// Adds a connection; past the limit, closes one to make room: the one idle the longest,
    /// else the one busy the longest past `patience`, else the new one itself.
    func register(_ channel: any Channel) -> UInt64 {
        let instant = now()
        let (id, victim): (UInt64, (any Channel)?) = state.withLock { state in
            state.next += 1
            let id = state.next
            state.entries[id] = Entry(channel: channel, busy: false, since: instant, order: id)
            guard state.entries.values.count(where: { !$0.streaming }) > limit else { return (id, nil) }
            let others = state.entries.filter { $0.key != id && !$0.value.streaming }
            func oldest(_ candidates: [UInt64: Entry]) -> UInt64? {
                candidates.min { ($0.value.since, $0.value.order) < ($1.value.since, $1.value.order) }?.key
            }
            let victimID = oldest(others.filter { !$0.value.busy })
                ?? oldest(others.filter { $0.value.busy && instant - $0.value.since > patience })
                ?? id
            return (id, state.entries.removeValue(forKey: victimID)?.channel)
        }
        victim?.close(promise: nil)
        return id
    }

    func setBusy(_ id: UInt64, _ busy: Bool) {
        let instant = now()
        state.withLock { state in
            guard state.entries[id]?.busy != busy else { return }
            state.entries[id]?.busy = busy
            state.entries[id]?.since = instant
        }
    }

    /// Marks a connection as answering with an event stream, or no longer (its answer ended).
    func setStreaming(_ id: UInt64, _ streaming: Bool) {
        state.withLock { $0.entries[id]?.streaming = streaming }
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
        if let id {
            switch unwrapOutboundIn(data) {
            case .head(let head) where head.headerFields[.contentType]?.hasPrefix("text/event-stream") == true:
                registry.setStreaming(id, true)
            case .end:
                registry.setStreaming(id, false)
                registry.setBusy(id, false)
            default:
                break
            }
        }
        context.write(data, promise: promise)
    }
}

@available(*, unavailable)
extension ConnectionGuard: Sendable {}

public import HummingbirdCore
import HTTPTypes
import NIOCore
import NIOHTTPTypes
import Synchronization

/// How a server protects itself from slow and idle connections (HARDEN-6, HARDEN-20).
public struct ConnectionLimits: Sendable, Equatable {
    /// A connection that has not sent a whole request head within this time, or that sits idle
    /// between requests this long, is closed.
    public var idleTimeout: Duration
    /// A request's body must arrive whole within this time after its head (HARDEN-20); one
    /// that doesn't is answered 408 and its connection closed.
    public var bodyTimeout: Duration
    /// Connections served at once. A new one past this closes, to make room, the connection that
    /// has waited longest with no request in progress; else the one receiving its body the
    /// slowest; else the one whose answer has run longest past the idle timeout; only when none
    /// of those is there, the new one itself (HARDEN-20).
    /// A connection answering with an event stream (`text/event-stream`) is held open on
    /// purpose: it leaves the count while it streams, and the app limits those itself (Todo's
    /// `--max-streams`).
    public var maxConnections: Int

    public init(idleTimeout: Duration = .seconds(15), bodyTimeout: Duration = .seconds(30), maxConnections: Int = 256) {
        self.idleTimeout = idleTimeout
        self.bodyTimeout = bodyTimeout
        self.maxConnections = maxConnections
    }

    /// The HTTP/1.1 server with these limits: Hummingbird's idle timeout (which also runs
    /// while a request head is incomplete) and a `ConnectionGuard` per connection.
    public func http1Server() -> HTTPServerBuilder {
        let registry = ConnectionRegistry(limit: maxConnections, patience: idleTimeout)
        let bodyTimeout = TimeAmount(bodyTimeout)
        return .http1(
            configuration: .init(
                additionalChannelHandlers: [ConnectionGuard(registry: registry, bodyTimeout: bodyTimeout)],
                idleTimeout: TimeAmount(idleTimeout)))
    }
}

/// The open connections and what each is doing: waiting for a request, receiving a request's
/// body, or answering.
final class ConnectionRegistry: Sendable {
    enum Phase {
        /// No request in progress (or its head not yet whole).
        case idle
        /// A request's head has come; its body is still arriving.
        case receiving
        /// The whole request has come; the app is answering it.
        case answering
    }

    private struct Entry {
        let channel: any Channel
        var phase: Phase = .idle
        /// Answering with an event stream: neither counted nor closed to make room.
        var streaming = false
        /// When it last changed phase.
        var since: ContinuousClock.Instant
        /// The body bytes received since the request's head, while receiving.
        var bodyBytes = 0
        /// Registration order, to break ties between equal instants.
        let order: UInt64
    }

    private struct State {
        var next: UInt64 = 0
        var entries: [UInt64: Entry] = [:]
    }

    let limit: Int
    /// How long an answer may run before its connection may be closed to make room.
    let patience: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private let state = Mutex(State())

    init(limit: Int, patience: Duration = .seconds(15), now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.limit = max(1, limit)
        self.patience = patience
        self.now = now
    }

    /// Adds a connection; past the limit, closes one to make room: the one idle the longest,
    /// else the one receiving its body the slowest, else the one answering the longest past
    /// `patience`, else the new one itself.
    func register(_ channel: any Channel) -> UInt64 {
        let instant = now()
        let (id, victim): (UInt64, (any Channel)?) = state.withLock { state in
            state.next += 1
            let id = state.next
            state.entries[id] = Entry(channel: channel, since: instant, order: id)
            guard state.entries.values.count(where: { !$0.streaming }) > limit else { return (id, nil) }
            let others = state.entries.filter { $0.key != id && !$0.value.streaming }
            func oldest(_ candidates: [UInt64: Entry]) -> UInt64? {
                candidates.min { ($0.value.since, $0.value.order) < ($1.value.since, $1.value.order) }?.key
            }
            /// Body bytes per second so far, one byte granted so that a body just begun is not the slowest.
            func rate(_ entry: Entry) -> Double {
                let elapsed = instant - entry.since
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                return Double(entry.bodyBytes + 1) / max(seconds, 0.001)
            }
            let slowest = others.filter { $0.value.phase == .receiving }
                .min { (rate($0.value), $0.value.order) < (rate($1.value), $1.value.order) }?.key
            let victimID = oldest(others.filter { $0.value.phase == .idle })
                ?? slowest
                ?? oldest(others.filter { $0.value.phase == .answering && instant - $0.value.since > patience })
                ?? id
            return (id, state.entries.removeValue(forKey: victimID)?.channel)
        }
        victim?.close(promise: nil)
        return id
    }

    /// Moves a connection to `phase` (a request's head came: `.receiving`; its end: `.answering`;
    /// the answer's end: `.idle`).
    func enter(_ id: UInt64, _ phase: Phase) {
        let instant = now()
        state.withLock { state in
            guard let entry = state.entries[id], entry.phase != phase else { return }
            state.entries[id]?.phase = phase
            state.entries[id]?.since = instant
            state.entries[id]?.bodyBytes = 0
        }
    }

    /// Counts body bytes of the request a connection is receiving.
    func received(_ id: UInt64, bytes: Int) {
        state.withLock { $0.entries[id]?.bodyBytes += bytes }
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

/// Tells the registry when its connection starts and finishes requests, and answers 408 and
/// closes when a request's body has not arrived whole within `bodyTimeout` (HARDEN-20).
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// What a body that came too slowly is answered.
    static let slowBodySentence = "The request's body did not arrive in time; nothing was changed.\n"

    private let registry: ConnectionRegistry
    private let bodyTimeout: TimeAmount
    private var id: UInt64?
    /// Runs out when the body of the request being received is late.
    private var bodyDeadline: Scheduled<Void>?
    /// Whether the app has begun, and ended, its answer to the request in progress.
    private var answerBegun = false
    private var answerEnded = false

    init(registry: ConnectionRegistry, bodyTimeout: TimeAmount = .seconds(30)) {
        self.registry = registry
        self.bodyTimeout = bodyTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        id = registry.register(context.channel)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        forget()
    }

    func channelInactive(context: ChannelHandlerContext) {
        forget()
        context.fireChannelInactive()
    }

    private func forget() {
        bodyDeadline?.cancel()
        bodyDeadline = nil
        if let id { registry.remove(id) }
        id = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if let id {
            switch unwrapInboundIn(data) {
            case .head:
                registry.enter(id, .receiving)
                (answerBegun, answerEnded) = (false, false)
                bodyDeadline?.cancel()
                let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
                bodyDeadline = context.eventLoop.scheduleTask(in: bodyTimeout) {
                    let (handler, context) = loopBound.value
                    handler.bodyLate(context: context)
                }
            case .body(let buffer):
                registry.received(id, bytes: buffer.readableBytes)
            case .end:
                bodyDeadline?.cancel()
                bodyDeadline = nil
                registry.enter(id, answerEnded ? .idle : .answering)
            }
        }
        context.fireChannelRead(data)
    }

    /// The body is late: 408 with a sentence (unless the app has begun its own answer), then close.
    private func bodyLate(context: ChannelHandlerContext) {
        bodyDeadline = nil
        guard id != nil, context.channel.isActive else { return }
        if !answerBegun {
            var fields = HTTPFields()
            fields[.contentType] = "text/plain; charset=utf-8"
            fields[.connection] = "close"
            let sentence = ByteBuffer(string: Self.slowBodySentence)
            fields[.contentLength] = String(sentence.readableBytes)
            context.write(wrapOutboundOut(.head(HTTPResponse(status: .requestTimeout, headerFields: fields))), promise: nil)
            context.write(wrapOutboundOut(.body(sentence)), promise: nil)
            context.write(wrapOutboundOut(.end(nil)), promise: nil)
            context.flush()
        }
        context.close(promise: nil)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if let id {
            switch unwrapOutboundIn(data) {
            case .head(let head):
                answerBegun = true
                if head.headerFields[.contentType]?.hasPrefix("text/event-stream") == true {
                    registry.setStreaming(id, true)
                }
            case .end:
                answerEnded = true
                registry.setStreaming(id, false)
                registry.enter(id, .idle)
            default:
                break
            }
        }
        context.write(data, promise: promise)
    }
}

@available(*, unavailable)
extension ConnectionGuard: Sendable {}

import Foundation
import HTTPTypes
import Hummingbird
import Localization
import ServiceLifecycle
import TodoCore
import WebUI

/// `GET /events` (docs/specs/live.md, LIVE-1…6): the changes of the lists a person may read, as
/// Server-Sent Events, for pages that follow their list. Each event carries the change's id; a
/// reconnect's `Last-Event-ID` catches up (or is told to reload). A comment every
/// `heartbeat` keeps proxies from closing an idle stream, and a server shutting down ends every
/// stream, so that the shutdown isn't held by them. With accounts, a stream lasts as long as the
/// session that opened it: before each event and each heartbeat it asks again (HARDEN-16).
struct EventsController: Sendable {
    static let path = "/events"
    static let lastEventID = HTTPField.Name("Last-Event-ID")!
    /// Tells nginx (and proxies like it) to pass each event on at once instead of buffering it.
    static let accelBuffering = HTTPField.Name("X-Accel-Buffering")!

    let live: LiveChanges
    /// With accounts: the people and their shares; nil in local mode (one person, the local list).
    let web: AccountsWeb?
    let heartbeat: Duration
    /// Bytes waiting for a slow client at most, in pieces: past it, the stream is ended and the
    /// page reconnects with the last id it got (LIVE-5).
    static let pending = 64

    func register(on router: Router<TodoRequestContext>) {
        router.get(RouterPath(Self.path), use: events)
    }

    @Sendable func events(_ request: Request, context: TodoRequestContext) async throws -> Response {
        let (person, audience, refresh) = try await whose(context)
        let allowed = stillAllowed(request, context)
        let lastSeen = request.headers[Self.lastEventID].flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
        let changes: AsyncStream<LiveEvent>
        do {
            changes = try await live.open(person: person, audience: audience, refresh: refresh, after: lastSeen)
        } catch let refusal as LiveRefusal {
            let key = refusal == .tooManyForPerson ? "live.too-many-for-person" : "live.too-many-for-server"
            let sentence = TodoViews.strings(LanguageChoice.of(request))(key)
            return Response(
                status: .tooManyRequests,
                headers: [.contentType: "text/plain; charset=utf-8", .retryAfter: "10", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: sentence + "\n")))
        }
        let own = audience.own
        let (bytes, continuation) = AsyncStream<ByteBuffer>.makeStream(bufferingPolicy: .bufferingOldest(Self.pending))
        let heartbeat = self.heartbeat
        // Unstructured, so it keeps the request's task-locals: the server's graceful shutdown
        // reaches it and ends the stream.
        let pump = Task {
            func send(_ text: String) -> Bool {
                if case .dropped = continuation.yield(ByteBuffer(string: text)) { return false }
                return true
            }
            _ = send("retry: 2000\n\n")
            await withGracefulShutdownHandler {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await event in changes {
                            guard await allowed(), send(Self.text(of: event, own: own)) else { return }
                        }
                    }
                    group.addTask {
                        while !Task.isCancelled {
                            try? await Task.sleep(for: heartbeat)
                            guard !Task.isCancelled, await allowed(), send(": ping\n\n") else { return }
                        }
                    }
                    // The first to end (the changes ended, a client too slow) ends the other.
                    await group.next()
                    group.cancelAll()
                }
            } onGracefulShutdown: {
                continuation.finish()
            }
            continuation.finish()
        }
        // The pump holds the continuation only: once the server stops reading (the client has
        // gone), the stream ends, and so does the pump, freeing the person's place (LIVE-5).
        continuation.onTermination = { _ in pump.cancel() }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-store", Self.accelBuffering: "no"],
            body: ResponseBody(asyncSequence: bytes))
    }

    /// Whether the stream may go on: with accounts, while the session that opened it is live and
    /// still the same person's (not signed out, the password not changed elsewhere, the account
    /// not removed, not expired); a question that can't be answered ends it too (HARDEN-16).
    private func stillAllowed(_ request: Request, _ context: TodoRequestContext) -> @Sendable () async -> Bool {
        guard let web else { return { true } }
        guard let account = context.account, let session = AccountsWeb.sessionText(request) else { return { false } }
        let accounts = web.accounts, id = account.id
        return { (try? await accounts.isLive(session: session, of: id)) ?? false }
    }

    /// The signed-in person (or local mode's one person), what they may read, and how to ask again.
    private func whose(_ context: TodoRequestContext) async throws -> (String, LiveAudience, LiveChanges.Audience) {
        guard let web else {
            let local = LiveAudience(own: .local)
            return ("", local, { local })
        }
        guard let account = context.account else { throw AccountsWeb.unauthorized }
        let sharing = web.lists.sharing, id = account.id
        let refresh: LiveChanges.Audience = {
            let shared = try await sharing.shares(with: id).map { LiveAudience.SharedList(owner: $0.owner.owner, list: $0.list) }
            return LiveAudience(own: ListOwner(account: id), person: id, shared: Set(shared))
        }
        return (id.uuidString, try await refresh(), refresh)
    }

    /// One event as the stream writes it (LIVE-1): its id, its kind and one line of JSON.
    static func text(of event: LiveEvent, own: ListOwner) -> String {
        switch event {
        case .reload:
            return "event: reload\ndata: {}\n\n"
        case .change(let change):
            var fields: [String: Any] = ["kind": change.kind.rawValue, "mine": change.owner == own]
            if let list = change.list { fields["list"] = list }
            if let item = change.item { fields["item"] = item.uuidString.lowercased() }
            let data = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]))
                .map { String(decoding: $0, as: UTF8.self) } ?? "{}"
            return "id: \(change.id)\nevent: change\ndata: \(data)\n\n"
        }
    }
}

/// LIVE-7: after each request that may have written (anything but GET, HEAD and OPTIONS), the
/// process's live changes read the record at once, so that the server's own writes reach open
/// streams without waiting for the file's watcher. The reading runs beside the answer, which
/// doesn't wait for it; `LiveChanges` folds readings asked for while one runs into one more.
struct LiveWritesMiddleware<Context: RequestContext>: RouterMiddleware {
    let live: LiveChanges

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        switch request.method {
        case .get, .head, .options:
            return try await next(request, context)
        // CalDAV's reads (docs/specs/caldav.md) change nothing either.
        case _ where ["PROPFIND", "REPORT"].contains(request.method.rawValue):
            return try await next(request, context)
        default:
            defer { Task { [live] in await live.changed() } }
            return try await next(request, context)
        }
    }
}

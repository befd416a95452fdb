import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdAuth
import TodoAccounts
import TodoCore
import TodoInterop
import WebUI

/// Todo's CalDAV server (docs/specs/caldav.md): each list a person may read is a calendar of
/// VTODOs under `/dav/`, on the web app's own listener. People sign in with HTTP Basic, their
/// account name and an app token. Everything goes through the same stores as the web app, so
/// a change made here shows everywhere, and one made anywhere moves the ETags and sync tokens.
public struct CalDAVServer: Sendable {
    public let accounts: Accounts
    public let lists: PeopleLists
    public let calendars: any CalendarResources
    /// Where a due date's day is, for `time-range` filters and dates written without a time.
    public let timeZone: TimeZone
    /// The time a free/busy answer is stamped with (DAV-29).
    public let now: @Sendable () -> Date

    /// The largest request body read (DAV-11), as the web app's.
    public static let maxBodySize = 1 << 20
    /// The largest REPORT body: a first sync's multiget names every item of a list (vdirsyncer
    /// sends one for the whole list), some 70 bytes each; 8 MiB is over 100,000 of them.
    public static let maxReportSize = 8 << 20
    /// Where the server is; `/.well-known/caldav` leads here.
    public static let root = "/dav/"
    static let wellKnown = "/.well-known/caldav"

    public init(
        accounts: Accounts, lists: PeopleLists, calendars: any CalendarResources, timeZone: TimeZone = .current,
        now: @escaping @Sendable () -> Date = TodoEnvironment.live.now
    ) {
        self.accounts = accounts
        self.lists = lists
        self.calendars = calendars
        self.timeZone = timeZone
        self.now = now
    }

    /// The middleware that answers `/dav/…` and the well-known address, and passes every
    /// other request on. Add it before the web app's sign-in.
    public func middleware<Context: RequestContext>() -> CalDAVMiddleware<Context> { CalDAVMiddleware(server: self) }

    /// CalDAV on a web app's listener (`TodoWebOptions.services`), beside its pages.
    public func service<Context: RequestContext>() -> @Sendable (Router<Context>) -> Void {
        { router in router.add(middleware: middleware()) }
    }

    /// Whether the server answers `path` (not the web app).
    public static func serves(_ path: String) -> Bool {
        path == "/dav" || path.hasPrefix("/dav/") || isWellKnown(path)
    }

    static func isWellKnown(_ path: String) -> Bool { path == wellKnown || path == wellKnown + "/" }

    /// To `/dav/` (DAV-1).
    static var redirect: Response {
        var headers = HTTPFields()
        headers[.location] = root
        return Response(status: .movedPermanently, headers: headers)
    }

    /// The answer to one request; never throws: every failure is a status and a sentence.
    func respond(to request: Request) async -> Response {
        do {
            return try await route(request)
        } catch let failure as DAVFailure {
            return failure.response
        } catch let error as TodoValidationError {
            return DAVFailure(.badRequest, error.localizedDescription).response
        } catch let error as TodoAccessError {
            return DAVFailure(.forbidden, error.localizedDescription).response
        } catch TodoStoreError.versionConflict {
            return DAVFailure(.preconditionFailed, "It was changed elsewhere; read it again.").response
        } catch let error as TodoStorageError {
            return DAVFailure(.serviceUnavailable, error.message).response
        } catch let error as RequestBodyTooLarge {
            return DAVFailure(.contentTooLarge, error.message).response
        } catch {
            // Nothing of the error reaches the client (no SQL, no stack).
            return DAVFailure(.internalServerError, "Something went wrong on the server; nothing was changed.").response
        }
    }

    private func route(_ request: Request) async throws -> Response {
        let path = request.uri.path
        if Self.isWellKnown(path) { return Self.redirect }
        // OPTIONS says what the server does, to anyone (DAV-19).
        if request.method == .options { return DAVRequests.options() }
        let session = try await signIn(request)
        guard let target = DAVPath(path) else { throw DAVFailure.notFound }
        return try await DAVRequests(server: self, session: session, request: request).answer(target)
    }

    /// The person the request's Basic credentials name, with a token of theirs (DAV-2).
    private func signIn(_ request: Request) async throws -> DAVSession {
        guard let basic = request.headers.withCanonicalAuthorizationScheme.basic, let account = try await accounts.account(token: basic.password),
              account.name == basic.username
        else { throw DAVFailure.unauthorized }
        return try await DAVSession.open(account: account, server: self)
    }
}

/// Hands `/dav/…` and `/.well-known/caldav` to the CalDAV server.
public struct CalDAVMiddleware<Context: RequestContext>: RouterMiddleware {
    let server: CalDAVServer

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let path = request.uri.path
        // A client given the bare address asks its root first (DAVx5, the caldav library): lead it here.
        if path == "/", request.method == .propfind { return CalDAVServer.redirect }
        guard CalDAVServer.serves(path) else { return try await next(request, context) }
        return await server.respond(to: request)
    }
}

/// A body longer than the server reads.
struct RequestBodyTooLarge: Error {
    var limit: Int
    var message: String { "The request body is over \(limit / 1024) KiB; nothing was changed." }
}

/// Where a request goes under `/dav/` (docs/specs/caldav.md, "Addresses"). Names are
/// percent-decoded one segment at a time, so a list name may hold a slash.
enum DAVPath: Equatable {
    case root
    case principals
    case principal(String)
    case calendars
    case home(String)
    case calendar(String, String)
    case resource(String, String, String)

    init?(_ path: String) {
        guard path == "/dav" || path.hasPrefix("/dav/") else { return nil }
        var segments: [String] = []
        for raw in path.dropFirst(5).split(separator: "/", omittingEmptySubsequences: true) {
            let segment = raw.contains("%") ? String(raw).removingPercentEncoding : String(raw)
            guard let segment, !segment.isEmpty else { return nil }
            segments.append(segment)
        }
        switch (segments.first, segments.count) {
        case (nil, _): self = .root
        case ("principals", 1): self = .principals
        case ("principals", 2): self = .principal(segments[1])
        case ("calendars", 1): self = .calendars
        case ("calendars", 2): self = .home(segments[1])
        case ("calendars", 3): self = .calendar(segments[1], segments[2])
        case ("calendars", 4): self = .resource(segments[1], segments[2], segments[3])
        default: return nil
        }
    }

    /// Percent-encodes one segment: everything but RFC 3986's unreserved characters.
    static func encoded(_ segment: String) -> String { HTML.urlComponent(segment) }

    static func principal(_ name: String) -> String { "/dav/principals/\(encoded(name))/" }
    static func home(_ name: String) -> String { "/dav/calendars/\(encoded(name))/" }
}

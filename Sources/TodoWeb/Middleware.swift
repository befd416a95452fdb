import Foundation
import HTTPTypes
import Hummingbird
import Logging
import WebUI

/// Which other origins may use the API (`--cors-origin`), and the check that refuses
/// state-changing requests from any origin that is neither this app's nor allowed.
struct CrossOriginPolicy: Sendable {
    /// Allowed origins like `https://example.com`; `*` allows all.
    let allowedOrigins: Set<String>

    init(allowedOrigins: [String]) {
        self.allowedOrigins = Set(allowedOrigins.map(RequestOrigin.normalized))
    }

    var allowsAll: Bool { allowedOrigins.contains("*") }

    func allows(_ origin: String) -> Bool { allowsAll || allowedOrigins.contains(RequestOrigin.normalized(origin)) }

    /// Whether a request may change state: yes for this app's own pages and clients that are
    /// not browsers (no Origin, no Sec-Fetch-Site: curl, scripts); an allowed origin only for an
    /// API request that a session cookie doesn't sign in (HARDEN-17).
    func permitsStateChange(_ request: Request) -> Bool {
        RequestOrigin.isOwnPage(request, orAllowed: Self.isTokenAPI(request) ? allows : { _ in false })
    }

    /// Whether a request is one `--cors-origin` is for: under `/api/`, and signed in by a Bearer
    /// token (`AccountsWeb.account(of:)` then reads the token only) or by nothing, never by the
    /// person's session cookie (HARDEN-17).
    static func isTokenAPI(_ request: Request) -> Bool {
        guard AccountsWeb.isAPI(request.uri.path) else { return false }
        return request.headers[.authorization] != nil || AccountsWeb.sessionText(request) == nil
    }
}

/// Refuses POST, PUT, PATCH and DELETE from foreign origins, so that a page the user
/// happens to visit cannot change their list.
struct OriginCheckMiddleware<Context: RequestContext>: RouterMiddleware {
    let policy: CrossOriginPolicy

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let changesState = [.post, .put, .patch, .delete].contains(request.method)
        if changesState, !policy.permitsStateChange(request) {
            let refusal = PageError(.forbidden, key: "error.cross-site")
            if request.uri.path.hasPrefix("/api/") { throw APIError(.forbidden, refusal.message) }
            throw refusal
        }
        return try await next(request, context)
    }
}

/// CORS for `/api/…`, off unless origins are allowed: answers preflights and marks responses
/// readable by the allowed origin.
struct CORSMiddleware<Context: RequestContext>: RouterMiddleware {
    let policy: CrossOriginPolicy

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.uri.path.hasPrefix("/api/"), let origin = request.headers[.origin], policy.allows(origin) else {
            return try await next(request, context)
        }
        var headers: HTTPFields = [:]
        headers[.accessControlAllowOrigin] = policy.allowsAll ? "*" : origin
        headers[.vary] = "Origin"
        headers[.accessControlExposeHeaders] = "ETag, Location"
        if request.method == .options {
            headers[.accessControlAllowMethods] = "GET, POST, PATCH, DELETE, OPTIONS"
            // `Authorization` for `Bearer` tokens (SERVERS-5).
            headers[.accessControlAllowHeaders] = "Content-Type, If-Match, Authorization"
            headers[.accessControlMaxAge] = "600"
            return Response(status: .noContent, headers: headers)
        }
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            response = try APIError.from(error).response(from: request, context: context)
        }
        for field in headers { response.headers[field.name] = field.value }
        return response
    }
}

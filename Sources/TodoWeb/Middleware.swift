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

/// CORS for `/api/…`, off unless origins are allowed: Hummingbird's `CORSMiddleware` answers
/// preflights and marks responses readable by the allowed origin. Around it, what it does not do:
/// it answers only `/api/` requests from an allowed origin (a preflight from any other origin
/// gets no CORS header at all, SERVERS-5), it names the allowed headers as they are spelled
/// (`Content-Type`, not Hummingbird's `content-type`), it lets a page read `ETag` and `Location` on every
/// answer (Hummingbird exposes them on preflights only), and an error becomes the API's JSON
/// answer before the CORS headers are added, so it carries them too.
struct APICORSMiddleware<Context: RequestContext>: RouterMiddleware {
    let policy: CrossOriginPolicy
    let cors: CORSMiddleware<Context>

    init(policy: CrossOriginPolicy) {
        self.policy = policy
        cors = CORSMiddleware(
            allowOrigin: policy.allowsAll ? .all : .originBased,
            allowHeaders: apiAllowedHeaders,
            allowMethods: [.get, .post, .patch, .delete, .options],
            exposedHeaders: apiExposedHeaders, maxAge: .seconds(600))
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.uri.path.hasPrefix("/api/"), let origin = request.headers[.origin], policy.allows(origin) else {
            return try await next(request, context)
        }
        var response = try await cors.handle(request, context: context) { request, context in
            do {
                return try await next(request, context)
            } catch {
                return try APIError.from(error).response(from: request, context: context)
            }
        }
        response.headers[.accessControlExposeHeaders] = apiExposedHeaders.joined(separator: ", ")
        // Hummingbird writes the names in lower case: named again as they are spelled.
        if request.method == .options {
            response.headers[.accessControlAllowHeaders] = apiAllowedHeaders.map(\.rawName).joined(separator: ", ")
        }
        return response
    }
}

/// What a page on an allowed origin may read of an API answer besides its body.
private let apiExposedHeaders = ["ETag", "Location"]

/// The request headers a preflight allows: `Authorization` for `Bearer` tokens (SERVERS-5).
private let apiAllowedHeaders: [HTTPField.Name] = [.contentType, .ifMatch, .authorization]

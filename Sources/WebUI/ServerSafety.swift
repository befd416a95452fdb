import Foundation
import HTTPTypes
public import Hummingbird
import NIOHTTP1
import ServerOptions

// What both web apps do to requests before any route sees them: only the Host names they
// serve (HARDEN-2), and the same security headers on every response (HARDEN-10b). (HEAD is
// answered like GET by the router itself: `Router(options: .autoGenerateHeadEndpoints)`.)

/// Answers a request whose Host this server does not serve with 421 Misdirected Request and a
/// sentence, before any route runs: a page on a DNS-rebinding domain gets nothing.
public struct HostCheckMiddleware<Context: RequestContext>: RouterMiddleware {
    public let hosts: HostAllowList
    /// Renders the refusal in the app's own style (JSON for an API, a page otherwise).
    public let refuse: @Sendable (Request, String) -> Response

    public init(hosts: HostAllowList, refuse: @escaping @Sendable (Request, String) -> Response) {
        self.hosts = hosts
        self.refuse = refuse
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard hosts.allows(request.head.authority) else {
            // The unchecked name is not repeated back: nothing a request names is reflected.
            return refuse(
                request,
                "This server does not answer to the host name this request was sent to. Use one of its own "
                    + "addresses (\(hosts.names.sorted().joined(separator: ", "))), or start it with --allowed-host NAME.")
        }
        return try await next(request, context)
    }
}

/// Headers every response carries: no sniffing, no framing, scripts and styles from this
/// origin only (no inline script can run, whatever text a page shows).
public struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    public static var policy: String {
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
    }

    public init() {}

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        response.headers[.contentSecurityPolicy] = Self.policy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        return response
    }
}

/// Requests that are malformed below the level of a route: a broken chunked body, say. They
/// answer 400, not 500 (HARDEN-10i).
public enum MalformedRequest {
    public static func matches(_ error: any Error) -> Bool { error is HTTPParserError }
}

/// A path to send a person back to (`from=`), or `/`: never another site (HARDEN-3).
///
/// The candidate is read the way a browser would read it as a link: TAB, CR and LF are
/// removed and `\` counts as `/`. What remains is used only when it parses as a path on this
/// server: one leading `/`, no scheme, no authority.
public enum LocalPath {
    public static func validated(_ candidate: String?) -> String {
        guard let candidate else { return "/" }
        let browserView = String(candidate.unicodeScalars.filter { !["\t", "\r", "\n"].contains($0) })
            .replacingOccurrences(of: "\\", with: "/")
        guard browserView.hasPrefix("/"), !browserView.hasPrefix("//"),
              !browserView.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
              let components = URLComponents(string: browserView),
              components.scheme == nil, components.host == nil, components.user == nil, components.port == nil,
              components.percentEncodedPath.hasPrefix("/"), !components.percentEncodedPath.hasPrefix("//")
        else { return "/" }
        return browserView
    }
}

/// Whether a request that changes something comes from one of this server's own pages (both
/// apps refuse the others, so another site's page can neither change a list nor set the
/// language cookie). A browser says where a request comes from with `Origin`, or at least
/// `Sec-Fetch-Site`; programs that are not browsers send neither and pass.
public enum RequestOrigin {
    /// `allowed` admits further origins (Todo's `--cors-origin`), given as the request sent them.
    public static func isOwnPage(_ request: Request, orAllowed allowed: (String) -> Bool = { _ in false }) -> Bool {
        if let origin = request.headers[.origin] {
            return isSameOrigin(origin, request) || allowed(origin)
        }
        switch request.headers[HTTPField.Name("Sec-Fetch-Site")!]?.lowercased() {
        case nil, "same-origin", "none": return true
        default: return false
        }
    }

    /// `https://Example.com/` → `https://example.com`: origins compared as browsers send them.
    public static func normalized(_ origin: String) -> String {
        var text = origin.trimmingCharacters(in: .whitespaces).lowercased()
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    private static func isSameOrigin(_ origin: String, _ request: Request) -> Bool {
        guard let host = request.head.authority?.lowercased() else { return false }
        let normalized = normalized(origin)
        return normalized == "http://" + host || normalized == "https://" + host
    }
}

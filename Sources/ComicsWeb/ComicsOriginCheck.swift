import Foundation
import HTTPTypes
import Hummingbird
import WebUI

/// Refuses a POST, PUT, PATCH or DELETE sent by another site's page (its `Origin` is not this
/// server's, or the browser says `Sec-Fetch-Site: cross-site`), so that no other page can set the
/// language cookie (LANG-2, the switcher's `POST /language`). Programs that are not browsers send
/// neither header and pass. The refusal is a 403 page in the request's language.
struct ComicsOriginCheckMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if [.post, .put, .patch, .delete].contains(request.method), !Self.isSameSite(request) {
            throw HTTPError(
                .forbidden, message: ComicsViews.strings(LanguageChoice.of(request))("comics.error.cross-site"))
        }
        return try await next(request, context)
    }

    static func isSameSite(_ request: Request) -> Bool {
        if let origin = request.headers[.origin] {
            guard let host = request.head.authority?.lowercased() else { return false }
            var normalized = origin.trimmingCharacters(in: .whitespaces).lowercased()
            while normalized.hasSuffix("/") { normalized.removeLast() }
            return normalized == "http://" + host || normalized == "https://" + host
        }
        switch request.headers[HTTPField.Name("Sec-Fetch-Site")!]?.lowercased() {
        case nil, "same-origin", "none": return true
        default: return false
        }
    }
}

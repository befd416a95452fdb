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
        if [.post, .put, .patch, .delete].contains(request.method), !RequestOrigin.isOwnPage(request) {
            throw HTTPError(
                .forbidden, message: ComicsViews.strings(LanguageChoice.of(request))("comics.error.cross-site"))
        }
        return try await next(request, context)
    }
}

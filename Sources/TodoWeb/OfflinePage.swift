import Hummingbird
import Localization
import WebUI

/// `GET /offline`: what the service worker shows for a page that was never loaded here once the
/// network is gone (WEB-8), in the language of the person who loaded the app (LANG-4). The
/// worker keeps this page as it keeps the list (todo.js asks it to), so the sentence comes from
/// the catalogs like every other: sw.js has no words of its own.
struct OfflinePage: Sendable {
    let views: TodoViews

    func register(on router: Router<TodoRequestContext>) {
        router.get("/offline", use: page)
    }

    @Sendable func page(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let words = TodoViews.strings(LanguageChoice.of(request))
        let heading = words("error.offline.title")
        return views.page(ErrorPageView(frame: views.frame(heading, request, nil), heading: heading, message: words("error.offline")))
    }
}

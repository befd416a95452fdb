import ComicsCore
import HTTPTypes
import Hummingbird
import Localization
import WebUI

/// The one place where errors become answers: an error page for a page address (a whole page, or
/// the `#page` fragment when the script asked for one), `{"error":"…"}` for `/api/` and `/v1/`.
/// Routes throw; none wraps its own errors. Pages are in the request's language (LANG-13); the
/// JSON stays English (LANG-11).
struct ComicsErrorMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let views: ComicsViews

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            var response = ComicsErrorMiddleware.answer(
                request, status: error.status, message: error.body ?? Self.sentence(for: error.status, request: request), views: views)
            for field in error.headers where response.headers[field.name] == nil { response.headers.append(field) }
            return response
        } catch let error as any HTTPResponseError {
            // Hummingbird's own errors (a body too large, a malformed request): the status, in a sentence.
            return ComicsErrorMiddleware.answer(
                request, status: error.status, message: Self.sentence(for: error.status, request: request), views: views)
        } catch {
            context.logger.error("request failed: \(error)")
            return ComicsErrorMiddleware.answer(
                request, status: .internalServerError, message: Self.sentence(for: .internalServerError, request: request),
                views: views)
        }
    }

    /// The answer for `status` with `message`, in the form the address calls for. Also used by the
    /// Host check (HARDEN-2), which answers before any route.
    static func answer(_ request: Request, status: HTTPResponse.Status, message: String, views: ComicsViews) -> Response {
        let path = request.uri.path
        if path.hasPrefix("/api/") || path.hasPrefix("/v1/") {
            return ComicsJSONResponse.error(message, status: status)
        }
        let frame = views.frame(title: "", loading: false, request: request)
        let strings = ComicsViews.strings(frame.language)
        let heading = switch status {
        case .notFound: strings("comics.error.heading.not-found")
        case .misdirectedRequest: strings("comics.error.heading.misdirected")
        default: strings("comics.error.heading.failed")
        }
        var titled = frame
        titled.title = strings("comics.error.title", ["heading": heading])
        let page = ErrorPage(frame: titled, heading: heading, message: message)
        return views.page(page, "error", status: status)
    }

    /// The sentence for `status`: in the request's language on a page, in English for `/api/` and `/v1/`.
    static func sentence(for status: HTTPResponse.Status, request: Request) -> String {
        let path = request.uri.path
        let api = path.hasPrefix("/api/") || path.hasPrefix("/v1/")
        return sentence(for: status, language: api ? .english : LanguageChoice.of(request))
    }

    static func sentence(for status: HTTPResponse.Status, language: Language) -> String {
        let strings = ComicsViews.strings(language)
        return switch status {
        case .notFound: strings("comics.error.no-page")
        case .methodNotAllowed: strings("comics.error.method")
        case .contentTooLarge: strings("comics.error.too-large")
        default: strings("comics.error.server")
        }
    }
}

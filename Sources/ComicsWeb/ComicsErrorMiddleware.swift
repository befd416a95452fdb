import ComicsCore
import HTTPTypes
import Hummingbird
import WebUI

/// The one place where errors become answers: an error page for a page address (a whole page, or
/// the `#page` fragment when the script asked for one), `{"error":"…"}` for `/api/` and `/v1/`.
/// Routes throw; none wraps its own errors.
struct ComicsErrorMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let views: ComicsViews

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            var response = ComicsErrorMiddleware.answer(
                request, status: error.status, message: error.body ?? Self.sentence(for: error.status), views: views)
            for field in error.headers where response.headers[field.name] == nil { response.headers.append(field) }
            return response
        } catch let error as any HTTPResponseError {
            // Hummingbird's own errors (a body too large, a malformed request): the status, in a sentence.
            return ComicsErrorMiddleware.answer(
                request, status: error.status, message: Self.sentence(for: error.status), views: views)
        } catch {
            context.logger.error("request failed: \(error)")
            return ComicsErrorMiddleware.answer(
                request, status: .internalServerError, message: Self.sentence(for: .internalServerError), views: views)
        }
    }

    /// The answer for `status` with `message`, in the form the address calls for. Also used by the
    /// Host check (HARDEN-2), which answers before any route.
    static func answer(_ request: Request, status: HTTPResponse.Status, message: String, views: ComicsViews) -> Response {
        let path = request.uri.path
        if path.hasPrefix("/api/") || path.hasPrefix("/v1/") {
            return ComicsJSONResponse.error(message, status: status)
        }
        let heading = status == .notFound ? "Not found" : status == .misdirectedRequest ? "Not served here" : "Something went wrong"
        let page = ErrorPage(
            frame: views.frame(title: "\(heading) · Marvel Comics", loading: false, request: request),
            heading: heading, message: message)
        return views.page(page, "error", status: status)
    }

    static func sentence(for status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: "There is no page at this address."
        case .methodNotAllowed: "This address can't be used that way."
        case .contentTooLarge: "The request is too large."
        default: "Something went wrong on the server. Please try again later."
        }
    }
}

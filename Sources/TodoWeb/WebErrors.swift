import Foundation
import HTTPTypes
import Hummingbird
import TodoCore
import TodoPresentation
import WebUI

/// An API failure: answered as `{"error": "a sentence"}` with its status.
struct APIError: HTTPResponseError {
    let status: HTTPResponse.Status
    let message: String
    var headers: HTTPFields = [:]

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    func response(from request: Request, context: some RequestContext) throws -> Response { jsonResponse }

    var jsonResponse: Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        let body = (try? TodoJSON.encoder().encode(["error": message])) ?? Data()
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    static func notFound(_ id: String) -> APIError {
        APIError(.notFound, "No item has the id “\(id)”.")
    }

    /// The API's status and sentence for an error thrown by a store or ViewModel.
    static func from(_ error: any Error) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case let error as TodoValidationError:
            return APIError(.unprocessableContent, error.errorDescription ?? "The item breaks a rule.")
        case let error as TodoPresentationError:
            return error == .itemNotFound
                ? APIError(.notFound, error.errorDescription!)
                : APIError(.unprocessableContent, error.errorDescription!)
        case TodoStoreError.versionConflict(let current):
            var conflict = APIError(
                .preconditionFailed,
                "The item changed since the version you sent; it is now at version \(current.version). Nothing was changed.")
            conflict.headers[.eTag] = WebFormat.eTag(current)
            return conflict
        case let error as TodoStorageError:
            var refusal = APIError(error.kind == .rejected ? .unprocessableContent : .serviceUnavailable, error.message)
            if error.kind == .busy { refusal.headers[.retryAfter] = "2" }
            return refusal
        case let error as any HTTPResponseError where error.status == .contentTooLarge:
            return APIError(.contentTooLarge, "The body is larger than 1 MiB.")
        case let error as any HTTPResponseError where error.status == .notFound:
            return APIError(.notFound, "There is nothing at this address.")
        case let error as any HTTPResponseError where error.status == .methodNotAllowed:
            return APIError(.methodNotAllowed, "This address can't be used that way.")
        case let error as PageError:
            return APIError(error.status, error.message)
        case let error where MalformedRequest.matches(error):
            return APIError(.badRequest, "The request's body is malformed (a broken chunked encoding?); nothing was changed.")
        default:
            return APIError(.internalServerError, "Something went wrong on the server; nothing was changed.")
        }
    }
}

/// A page failure: answered by ``ErrorMiddleware`` as a small page with its status.
struct PageError: Error {
    let status: HTTPResponse.Status
    let message: String

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    static func from(_ error: any Error) -> PageError {
        switch error {
        case let error as PageError: error
        case TodoPresentationError.itemNotFound: PageError(.notFound, "That item doesn't exist (it may have been deleted).")
        case let error as TodoStorageError:
            PageError(error.kind == .rejected ? .unprocessableContent : .serviceUnavailable, error.message)
        case let error as APIError: PageError(error.status, error.message)
        case let error as any HTTPResponseError where error.status == .contentTooLarge:
            PageError(.contentTooLarge, "What you sent is larger than 1 MiB.")
        case let error as any HTTPResponseError where error.status == .notFound:
            PageError(.notFound, "There is no page at this address.")
        case let error as any HTTPResponseError where error.status == .methodNotAllowed:
            PageError(.methodNotAllowed, "This address can't be used that way.")
        case let error where MalformedRequest.matches(error):
            PageError(.badRequest, "What you sent was malformed; nothing was changed.")
        case let error as any LocalizedError: PageError(.unprocessableContent, error.errorDescription ?? "That didn't work.")
        default: PageError(.internalServerError, "Something went wrong on the server; nothing was changed.")
        }
    }
}

/// The one place errors become answers: JSON (`{"error": …}`) under `/api/`, a page elsewhere,
/// each with its status and a sentence; never SQL or a stack trace.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let views: TodoViews

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            if request.uri.path.hasPrefix("/api/") {
                return try APIError.from(error).response(from: request, context: context)
            }
            let page = PageError.from(error)
            return Self.response(for: request, status: page.status, page.message, views: views)
        }
    }

    /// An error as the API answers it under `/api/`, and as a page elsewhere.
    static func response(for request: Request, status: HTTPResponse.Status, _ message: String, views: TodoViews) -> Response {
        if request.uri.path.hasPrefix("/api/") {
            return APIError(status, message).jsonResponse
        }
        let heading = status == .notFound ? "Not found" : "Something went wrong"
        let view = ErrorPageView(frame: views.frame(heading, request), heading: heading, message: message)
        return views.page(view, status: status)
    }
}

enum WebFormat {
    static let maxBodySize = 1 << 20

    /// 303 See Other: after a form POST, the browser loads `location` with GET.
    static func redirect(to location: String, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.location] = location
        return Response(status: .seeOther, headers: fields)
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        let data = try TodoJSON.encoder().encode(value)
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func eTag(_ item: TodoItem) -> String { "\"\(item.version)\"" }

    /// A local path to return to, or `/`: never another site (no open redirects, HARDEN-3).
    static func localPath(_ candidate: String?) -> String { LocalPath.validated(candidate) }

    /// Reads a body of at most 1 MiB.
    static func body(of request: Request) async throws -> ByteBuffer {
        try await request.body.collect(upTo: maxBodySize)
    }
}

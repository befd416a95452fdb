import Foundation
import HTTPTypes
import Hummingbird
import Localization
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
        case let error as TodoAccessError:
            return APIError(.forbidden, SharingWording.sentence(for: error, .english) ?? "That is not yours to change.")
        case let error as TodoStorageError:
            var refusal = APIError(
                error.kind == .rejected ? .unprocessableContent : .serviceUnavailable, PageError.storageSentence(error, .english))
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

/// A page failure: answered by ``ErrorMiddleware`` as a small page with its status, in the
/// request's language (LANG-4). `message` is the English sentence: what the API says when the
/// same failure happens under `/api/` (LANG-11).
struct PageError: Error {
    let status: HTTPResponse.Status
    let message: String
    /// The sentence in a language; nil for a sentence that is shown as it is.
    private let worded: (@Sendable (Language) -> String)?

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
        worded = nil
    }

    /// The failure worded by `worded` in each language.
    init(_ status: HTTPResponse.Status, worded: @escaping @Sendable (Language) -> String) {
        self.status = status
        self.message = worded(.english)
        self.worded = worded
    }

    /// The failure whose sentence is the TodoWeb catalog's entry `key`.
    init(_ status: HTTPResponse.Status, key: String, _ values: KeyValuePairs<String, String> = [:]) {
        self.init(status) { TodoViews.strings($0)(key, values) }
    }

    /// The sentence in `language`.
    func message(_ language: Language) -> String { worded?(language) ?? message }

    static func from(_ error: any Error) -> PageError {
        switch error {
        case let error as PageError: error
        case TodoPresentationError.itemNotFound: PageError(.notFound, key: "error.item-not-found")
        case let error as TrashError: PageError(.unprocessableContent) { error.message($0) }
        case let error as TodoAccessError:
            PageError(.forbidden) { SharingWording.sentence(for: error, $0) ?? error.localizedDescription }
        case let error as TodoStorageError:
            PageError(error.kind == .rejected ? .unprocessableContent : .serviceUnavailable) { storageSentence(error, $0) }
        case let error as APIError: PageError(error.status, error.message)
        case let error as any HTTPResponseError where error.status == .contentTooLarge:
            PageError(.contentTooLarge, key: "error.too-large")
        case let error as any HTTPResponseError where error.status == .notFound:
            PageError(.notFound, key: "error.no-page")
        case let error as any HTTPResponseError where error.status == .methodNotAllowed:
            PageError(.methodNotAllowed, key: "error.method")
        case let error where MalformedRequest.matches(error):
            PageError(.badRequest, key: "error.malformed")
        case let error as any LocalizedError: PageError(.unprocessableContent, error.errorDescription ?? "That didn't work.")
        default: PageError(.internalServerError, key: "error.server")
        }
    }

    /// A storage failure as a person reads it: one fixed sentence by its kind, never the store's
    /// own, which names the file, the host or the SQLSTATE (HARDEN-23; ``ErrorMiddleware`` logs
    /// that one). A refused value and a busy import say what they are in English (their sentences
    /// name nothing of the server).
    static func storageSentence(_ error: TodoStorageError, _ language: Language) -> String {
        if language == .english, error.kind == .rejected || error == .importing { return error.message }
        let words = TodoViews.strings(language)
        return switch error.kind {
        case .busy: words("error.storage.busy")
        case .readOnly: words("error.storage.read-only")
        case .full: words("error.storage.full")
        case .unavailable, .corrupt, .newerSchema, .rejected: words("error.storage.other")
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
            if let error = error as? TodoStorageError, error.kind != .rejected {
                // The store's own sentence, with its path or host, is for the log only (HARDEN-23).
                context.logger.error("\(error.message)")
            }
            if request.uri.path.hasPrefix("/api/") {
                return try APIError.from(error).response(from: request, context: context)
            }
            return Self.response(for: request, PageError.from(error), views: views)
        }
    }

    /// An error as the API answers it under `/api/`, and as a page elsewhere.
    static func response(for request: Request, status: HTTPResponse.Status, _ message: String, views: TodoViews) -> Response {
        response(for: request, PageError(status, message), views: views)
    }

    /// An error as the API answers it under `/api/` (in English), and as a page in the
    /// request's language elsewhere (LANG-4).
    static func response(for request: Request, _ error: PageError, views: TodoViews) -> Response {
        if request.uri.path.hasPrefix("/api/") {
            return APIError(error.status, error.message).jsonResponse
        }
        let language = LanguageChoice.of(request)
        let words = TodoViews.strings(language)
        let heading = error.status == .notFound ? words("error.not-found.title") : words("error.title")
        let view = ErrorPageView(frame: views.frame(heading, request, nil), heading: heading, message: error.message(language))
        return views.page(view, status: error.status)
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

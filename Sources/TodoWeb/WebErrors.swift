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

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        let body = try JSONEncoder().encode(["error": message])
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
        case let error where MalformedRequest.matches(error):
            return APIError(.badRequest, "The request's body is malformed (a broken chunked encoding?); nothing was changed.")
        default:
            return APIError(.internalServerError, "Something went wrong on the server; nothing was changed.")
        }
    }
}

/// A page failure: answered as a small HTML page with its status.
struct PageError: HTTPResponseError {
    let status: HTTPResponse.Status
    let message: String

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let title = status == .notFound ? "Not found" : "Something went wrong"
        let page = TodoPages.errorPage(title: title, message: message)
        return WebFormat.html(page, status: status)
    }

    static func from(_ error: any Error) -> PageError {
        switch error {
        case let error as PageError: error
        case TodoPresentationError.itemNotFound: PageError(.notFound, "That item doesn't exist (it may have been deleted).")
        case let error as TodoStorageError:
            PageError(error.kind == .rejected ? .unprocessableContent : .serviceUnavailable, error.message)
        case let error as any HTTPResponseError where error.status == .contentTooLarge:
            PageError(.contentTooLarge, "What you sent is larger than 1 MiB.")
        case let error where MalformedRequest.matches(error):
            PageError(.badRequest, "What you sent was malformed; nothing was changed.")
        case let error as any LocalizedError: PageError(.unprocessableContent, error.errorDescription ?? "That didn't work.")
        default: PageError(.internalServerError, "Something went wrong on the server; nothing was changed.")
        }
    }
}

enum WebFormat {
    static let maxBodySize = 1 << 20

    static func html(_ body: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        html(ByteBuffer(string: body), status: status, headers: headers)
    }

    /// A page written into one buffer, sent without turning it into a string first.
    static func html(_ page: HTMLWriter) -> Response {
        html(ByteBuffer(bytes: page.bytes))
    }

    private static func html(_ body: ByteBuffer, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "text/html; charset=utf-8"
        fields[.cacheControl] = "no-store"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: body))
    }

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

    /// An error as the API answers it under `/api/`, and as a page elsewhere.
    static func errorResponse(for request: Request, status: HTTPResponse.Status, _ message: String) -> Response {
        if request.uri.path.hasPrefix("/api/") {
            let body = (try? JSONEncoder().encode(["error": message])) ?? Data()
            return Response(
                status: status, headers: [.contentType: "application/json; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
        }
        return html(TodoPages.errorPage(title: "Something went wrong", message: message), status: status)
    }

    /// Reads a body of at most 1 MiB.
    static func body(of request: Request) async throws -> ByteBuffer {
        try await request.body.collect(upTo: maxBodySize)
    }

    static func form(of request: Request) async throws -> FormData {
        let type = request.headers[.contentType]?.lowercased() ?? ""
        guard type.hasPrefix("application/x-www-form-urlencoded") else {
            throw PageError(.unsupportedMediaType, "Forms must be sent as application/x-www-form-urlencoded.")
        }
        let buffer = try await body(of: request)
        // Refuse rather than repair: bytes that are not UTF-8 (raw or percent-encoded) would be
        // stored as replacement characters, silently changing what was sent.
        guard let text = String(data: Data(buffer.readableBytesView), encoding: .utf8),
              text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding != nil
        else {
            throw PageError(.badRequest, "The form was not sent as valid UTF-8 text; nothing was changed.")
        }
        let form = FormData(urlEncoded: text)
        // Browsers send a textarea's line breaks as CR LF (the HTML form encoding); the
        // store keeps LF like the CLI and the API do.
        return FormData(fields: form.fields.map { ($0.name, normalizedLineBreaks($0.value)) })
    }

    /// CR LF and lone CR become LF.
    static func normalizedLineBreaks(_ text: String) -> String {
        guard text.unicodeScalars.contains("\r") else { return text }
        var scalars = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\r" {
                scalars.append("\n")
                previousWasCR = true
            } else {
                if !(scalar == "\n" && previousWasCR) { scalars.append(scalar) }
                previousWasCR = false
            }
        }
        return String(scalars)
    }
}

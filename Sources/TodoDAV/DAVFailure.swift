import Foundation
import HTTPTypes
import Hummingbird

/// A request refused with a status and one sentence (docs/specs/caldav.md): the body is the
/// sentence as plain text, or, with a precondition, the `DAV:error` element RFC 4791 and RFC
/// 6578 name, the sentence in `DAV:responsedescription`.
struct DAVFailure: Error, Equatable, Sendable {
    var status: HTTPResponse.Status
    var message: String
    /// The precondition or postcondition element that failed (`DAV:valid-sync-token`…).
    var condition: DAVName?
    /// The `DAV:href`s the condition element holds (`CALDAV:no-uid-conflict` names the resource
    /// that has the UID already).
    var conditionHrefs: [String] = []
    var headers: HTTPFields = [:]

    init(_ status: HTTPResponse.Status, _ message: String, condition: DAVName? = nil) {
        self.status = status
        self.message = message
        self.condition = condition
    }

    static let unauthorized: DAVFailure = {
        var failure = DAVFailure(.unauthorized, "Sign in with your user name and an app token (todo users token NAME).")
        failure.headers[.wwwAuthenticate] = "Basic realm=\"Todo\", charset=\"UTF-8\""
        return failure
    }()

    static let notFound = DAVFailure(.notFound, "There is nothing here, or it is not yours.")

    var response: Response {
        var headers = self.headers
        let body: String
        if let condition {
            headers[.contentType] = DAVWriter.contentType
            body = DAVWriter.document(root: .dav("error")) { writer in
                if conditionHrefs.isEmpty { writer.empty(condition) } else {
                    writer.open(condition)
                    for href in conditionHrefs { writer.element(.dav("href"), text: href) }
                    writer.close(condition)
                }
                writer.element(.dav("responsedescription"), text: message)
            }
        } else {
            headers[.contentType] = "text/plain; charset=utf-8"
            body = message + "\n"
        }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}

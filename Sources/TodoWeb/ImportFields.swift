import Foundation
import Hummingbird
import MultipartKit

/// What the import form sent, as a URL-encoded form (pasted text only) or a `multipart/form-data`
/// one (RFC 7578, with the file picker), read by MultipartKit's parser. The body is bounded
/// (1 MiB) before it is parsed, and at most `maxParts` parts are kept.
struct ImportFields {
    /// The file chosen with the picker: the name the browser gave it, and its bytes.
    struct File {
        let name: String
        let bytes: Data
    }

    /// The page sends four parts; a form with more than this many is refused.
    static let maxParts = 32

    var format: String?
    var contents = ""
    var dryRun = false
    var file: File?

    static func read(_ request: Request) async throws -> ImportFields {
        guard let mediaType = MediaType(from: request.headers[.contentType] ?? ""), mediaType.isType(.multipartForm) else {
            let form = try await WebFormat.form(ImportForm.self, of: request)
            return ImportFields(format: form.format, contents: form.contents ?? "", dryRun: form.dryRun == "1")
        }
        // RFC 2046: a boundary is 1 to 70 characters (MultipartKit's parser stops the program on an empty one).
        guard let parameter = mediaType.parameter, parameter.name.lowercased() == "boundary",
              (1...70).contains(parameter.value.utf8.count)
        else { throw malformed }
        let parts = try Self.parts(of: try await WebFormat.body(of: request), boundary: parameter.value)
        let file = parts.first { $0.name == "file" && fileName(of: $0)?.isEmpty == false }
        return ImportFields(
            format: text("format", in: parts), contents: text("contents", in: parts) ?? "",
            dryRun: text("dryRun", in: parts) == "1",
            file: file.map { File(name: fileName(of: $0) ?? "", bytes: Data($0.body.readableBytesView)) })
    }

    private static var malformed: PageError { PageError(.badRequest, key: "error.import.malformed") }

    /// The body's parts. MultipartKit's parser refuses bad syntax; a body that ends before its
    /// closing delimiter (`--boundary--`) or holds more than `maxParts` parts is refused here.
    private static func parts(of body: ByteBuffer, boundary: String) throws -> [MultipartPart] {
        let parser = MultipartParser(boundary: boundary)
        var parts: [MultipartPart] = [], tooMany = false
        var headers = HTTPHeaders(), bytes = ByteBuffer()
        parser.onHeader = { name, value in headers.add(name: name, value: value) }
        parser.onBody = { chunk in bytes.writeBuffer(&chunk) }
        parser.onPartComplete = {
            if parts.count < maxParts { parts.append(MultipartPart(headers: headers, body: bytes)) } else { tooMany = true }
            headers = HTTPHeaders()
            bytes = ByteBuffer()
        }
        do { try parser.execute(body) } catch { throw malformed }
        // The parser reads nothing after the closing delimiter, and the boundary occurs nowhere else.
        let closed = body.readableBytesView.firstRange(of: Array("--\(boundary)--".utf8)) != nil
        guard closed, !tooMany else { throw malformed }
        return parts
    }

    /// The text of the field `name` (its first part that is not a file), line breaks as LF.
    private static func text(_ name: String, in parts: [MultipartPart]) -> String? {
        guard let part = parts.first(where: { $0.name == name && fileName(of: $0) == nil }) else { return nil }
        return String(decoding: part.body.readableBytesView, as: UTF8.self)
            .replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    /// The `filename` of `Content-Disposition: form-data; name="file"; filename="…"`, nil when there
    /// is none, empty when no file was chosen. Browsers quote it and escape `"` as `%22` (HTML's
    /// form submission), so a quoted name, `;` and all, ends at the next quote.
    private static func fileName(of part: MultipartPart) -> String? {
        guard let disposition = part.headers.first(name: "Content-Disposition"),
              let match = disposition.firstMatch(of: #/;\s*filename\s*=\s*(?:"([^"]*)"|([^;\s"]+))/#.ignoresCase())
        else { return nil }
        return (match.output.1 ?? match.output.2).map(String.init)
    }
}

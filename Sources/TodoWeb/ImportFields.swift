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
        return try fields(of: try await WebFormat.body(of: request), boundary: parameter.value)
    }

    /// The fields of a `multipart/form-data` body whose boundary is `boundary` (1 to 70 characters).
    static func fields(of body: ByteBuffer, boundary: String) throws -> ImportFields {
        let parts = try Self.parts(of: body, boundary: boundary)
        let file = parts.first { $0.name == "file" && fileName(of: $0)?.isEmpty == false }
        return ImportFields(
            format: text("format", in: parts), contents: text("contents", in: parts) ?? "",
            dryRun: text("dryRun", in: parts) == "1",
            file: file.map { File(name: fileName(of: $0) ?? "", bytes: Data($0.body.readableBytesView)) })
    }

    private static var malformed: PageError { PageError(.badRequest, key: "error.import.malformed") }

    /// The body's parts. MultipartKit's parser refuses bad syntax; a body that ends before its
    /// closing delimiter (`--boundary--`), holds more than `maxParts` parts or a header name the
    /// parser can't be handed (HARDEN-12) is refused here.
    static func parts(of body: ByteBuffer, boundary: String) throws -> [MultipartPart] {
        guard !hasHeaderNameBeyondASCII(body, boundary: Array("--\(boundary)".utf8)) else { throw malformed }
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

    /// Whether a header name holds a byte ≥ 0x80 (HARDEN-12). MultipartKit 4.7.1's parser looks
    /// each header name byte up in a table of 128 entries and stops the program past it, so such
    /// a body must not reach it. A header block follows every `--boundary` and a CR LF (where the
    /// parser may see a delimiter, and more); each of its lines is a name up to `:`, then a value
    /// up to CR LF (values may be UTF-8: a file name); an empty line ends it. Each line is read
    /// once, however many blocks run into it: the check stays linear in the body's length.
    static func hasHeaderNameBeyondASCII(_ buffer: ByteBuffer, boundary delimiter: [UInt8]) -> Bool {
        buffer.withUnsafeReadableBytes { body in
            let length = delimiter.count
            var lineStarts = Set<Int>(), candidate = 0
            while candidate + length + 2 <= body.count {
                let start = candidate
                candidate += 1
                guard body[start + length] == .cr, body[start + length + 1] == .lf,
                      (0..<length).allSatisfy({ body[start + $0] == delimiter[$0] })
                else { continue }
                var index = start + length + 2
                lines: while index < body.count, lineStarts.insert(index).inserted {
                    while index < body.count, body[index] != .colon {
                        if body[index] >= 0x80 { return true }
                        if body[index] == .cr { break lines }
                        index += 1
                    }
                    while index < body.count, body[index] != .cr { index += 1 }
                    index += 2
                }
            }
            return false
        }
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

private extension UInt8 {
    static let cr = UInt8(ascii: "\r")
    static let lf = UInt8(ascii: "\n")
    static let colon = UInt8(ascii: ":")
}

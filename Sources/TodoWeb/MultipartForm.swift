import Foundation
import Hummingbird

/// A `multipart/form-data` body (RFC 7578), as the import page's file picker sends it: each part's
/// field name, file name (for a file) and bytes. Hummingbird 2.28 decodes URL-encoded forms only,
/// so this reads the few parts that page sends; the body is already bounded (1 MiB) and at most
/// `maxParts` parts are read.
struct MultipartForm {
    struct Part {
        let name: String
        let fileName: String?
        let bytes: [UInt8]
    }

    static let maxParts = 32
    let parts: [Part]

    /// The boundary of a `multipart/form-data; boundary=…` content type; nil for any other type.
    static func boundary(of contentType: String) -> String? {
        let pieces = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard pieces.first?.lowercased() == "multipart/form-data" else { return nil }
        for piece in pieces.dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            return (1...70).contains(value.utf8.count) ? value : nil
        }
        return nil
    }

    init(_ body: ByteBuffer, boundary: String) throws {
        let bytes = Array(body.readableBytesView)
        let delimiter = Array("--\(boundary)".utf8)
        let malformed = PageError(.badRequest, "The form was malformed; nothing was imported.")
        guard var at = Self.find(delimiter, in: bytes, from: 0) else { throw malformed }
        var parts: [Part] = []
        while true {
            at += delimiter.count
            if bytes[at...].starts(with: Array("--".utf8)) { break }  // the closing delimiter
            guard bytes[at...].starts(with: [13, 10]), parts.count < Self.maxParts else { throw malformed }
            at += 2
            guard let headersEnd = Self.find([13, 10, 13, 10], in: bytes, from: at) else { throw malformed }
            let headers = String(decoding: bytes[at..<headersEnd], as: UTF8.self)
            let start = headersEnd + 4
            guard let end = Self.find([13, 10] + delimiter, in: bytes, from: start) else { throw malformed }
            guard let disposition = Self.disposition(headers), let name = disposition["name"] else { throw malformed }
            parts.append(Part(name: name, fileName: disposition["filename"], bytes: Array(bytes[start..<end])))
            at = end + 2
        }
        self.parts = parts
    }

    /// The text of the field `name` (its first part), line breaks as LF.
    func text(_ name: String) -> String? {
        guard let part = parts.first(where: { $0.name == name && $0.fileName == nil }) else { return nil }
        return String(decoding: part.bytes, as: UTF8.self)
            .replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    /// The file chosen for the field `name`, when one was (browsers send an empty part without one).
    func file(_ name: String) -> Part? {
        parts.first { $0.name == name && $0.fileName?.isEmpty == false }
    }

    /// The parameters of the part's `Content-Disposition: form-data; name="…"; filename="…"`.
    private static func disposition(_ headers: String) -> [String: String]? {
        for line in headers.split(separator: "\r\n") {
            let header = line.split(separator: ":", maxSplits: 1)
            guard header.count == 2, header[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-disposition" else { continue }
            var parameters: [String: String] = [:]
            for piece in Self.parameters(String(header[1])).dropFirst() {
                let pair = piece.split(separator: "=", maxSplits: 1).map(String.init)
                guard pair.count == 2 else { continue }
                var value = pair[1].trimmingCharacters(in: .whitespaces)
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                    value = String(value.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
                }
                parameters[pair[0].trimmingCharacters(in: .whitespaces).lowercased()] = value
            }
            return parameters
        }
        return nil
    }

    /// `form-data; name="a;b"; filename="x"` split at the semicolons outside quotes.
    private static func parameters(_ text: String) -> [String] {
        var pieces: [String] = [], current = "", quoted = false, escaped = false
        for character in text {
            if escaped { escaped = false } else if character == "\\" && quoted { escaped = true } else if character == "\"" { quoted.toggle() }
            if character == ";" && !quoted {
                pieces.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        pieces.append(current)
        return pieces.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        let first = needle[0]
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}

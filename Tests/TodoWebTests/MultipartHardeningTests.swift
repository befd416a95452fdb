import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore

@testable import TodoWeb

/// docs/specs/hardening.md, HARDEN-12: a multipart import can't stop the server.
@Suite("Hardening: multipart import bodies")
struct MultipartHardeningTests {
    static let headers: HTTPFields = [.contentType: "multipart/form-data; boundary=XyZ"]
    static let malformed = "The form was malformed; nothing was imported."

    static func bytes(_ parts: [UInt8]...) -> ByteBuffer { ByteBuffer(bytes: parts.flatMap { $0 }) }

    @Test("HARDEN-12 a part header name with a byte ≥ 0x80 answers 400 with a sentence, and the server goes on")
    func test_HARDEN_12_headerNameBeyondASCII() async throws {
        let sut = WebSUT()
        let field = Array("Content-Disposition: form-data; name=\"contents\"\r\n".utf8)
        let bodies: [(String, ByteBuffer)] = [
            ("the issue's body", Self.bytes(Array("--XyZ\r\n".utf8), [0x80], Array(": a\r\n\r\nx\r\n--XyZ--\r\n".utf8))),
            ("after a first header", Self.bytes(Array("--XyZ\r\n".utf8), field, Array("X-".utf8), [0xC3, 0xA9], Array(": a\r\n\r\nx\r\n--XyZ--\r\n".utf8))),
            ("in the second part", Self.bytes(Array("--XyZ\r\n".utf8), field, Array("\r\nx\r\n--XyZ\r\n".utf8), [0xFF], Array(": a\r\n\r\ny\r\n--XyZ--\r\n".utf8))),
            ("after a preamble", Self.bytes(Array("preamble é\r\n--XyZ\r\n".utf8), [0xFE], Array("\r\n\r\nx\r\n--XyZ--\r\n".utf8))),
        ]
        try await sut.app.test(.router) { client async throws in
            for (what, body) in bodies {
                let response = try await client.execute(uri: "/import-export", method: .post, headers: Self.headers, body: body)
                #expect(response.status == .badRequest, "\(what)")
                #expect(response.text.contains(Self.malformed), "\(what)")
            }
            // The server goes on; a header value beyond ASCII (a file name) is still read.
            let named = try await client.execute(
                uri: "/import-export", method: .post, headers: Self.headers,
                body: Self.bytes(Array("--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"café.txt\"\r\n\r\nCall mom\r\n--XyZ--\r\n".utf8)))
            #expect(named.status == .ok)
            #expect(named.text.contains("from the file “café.txt”"))
            #expect(try await sut.store.items().map(\.title) == ["Call mom"])
        }
    }

    @Test("HARDEN-12 the check reads each header line once, however many delimiters run into it", .timeLimit(.minutes(1)))
    func test_HARDEN_12_checkIsLinear() throws {
        // Each `--XyZ` starts a block that runs to the end; read naively, that is quadratic.
        let body = ByteBuffer(string: String(repeating: "x:--XyZ\r\n", count: 100_000) + "\u{80}:")
        #expect(ImportFields.hasHeaderNameBeyondASCII(body, boundary: Array("--XyZ".utf8)) == true)
        let clean = ByteBuffer(string: String(repeating: "x:--XyZ\r\n", count: 100_000))
        #expect(ImportFields.hasHeaderNameBeyondASCII(clean, boundary: Array("--XyZ".utf8)) == false)
    }
}

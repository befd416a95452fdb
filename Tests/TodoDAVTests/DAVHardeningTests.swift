import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore

@testable import TodoDAV

/// docs/specs/hardening.md, HARDEN-11, HARDEN-14 and HARDEN-15: bodies and names a CalDAV
/// client must not be able to stop the server with, or slip past its checks.
@Suite("Hardening: CalDAV bodies and resource names")
struct DAVHardeningTests {
    static let inbox = "/dav/calendars/alice/inbox/"
    static let notText = "The request body is not UTF-8 or UTF-16 text.\n"
    static let dtd = "XML with a DTD or an entity declaration is not accepted.\n"

    /// `<d:propfind>` asking for the display name, as bytes, with `inner` inside `<d:prop>`.
    static func propfind(_ inner: [UInt8] = Array("<d:displayname/>".utf8)) -> [UInt8] {
        Array(#"<d:propfind xmlns:d="DAV:"><d:prop>"#.utf8) + inner + Array("</d:prop></d:propfind>".utf8)
    }

    /// `text` as UTF-16 in the given byte order, with or without its byte order mark.
    static func utf16(_ text: String, bigEndian: Bool = false, mark: Bool = true) -> [UInt8] {
        let units = (mark ? [0xFEFF] : []) + Array(text.utf16)
        return units.flatMap { unit in
            bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
    }

    @Test("HARDEN-11 a body that isn't UTF-8 or UTF-16 text answers 400 with a sentence, and the server goes on")
    func test_HARDEN_11_bodiesThatAreNotText() async throws {
        let sut = try await DAVSUT.make()
        let bodies: [(String, [UInt8])] = [
            ("invalid UTF-8 in an element name", Self.propfind(Array("<d:x".utf8) + [0xC3] + Array("/>".utf8))),
            ("invalid UTF-8 in a prefix", Array("<x".utf8) + [0xC3] + Array(#":propfind xmlns:x"#.utf8) + [0xC3] + Array(#"="DAV:"/>"#.utf8)),
            ("invalid UTF-8 in an attribute name", Array(#"<d:propfind xmlns:d="DAV:" a"#.utf8) + [0xFF] + Array(#"="1"/>"#.utf8)),
            ("an overlong slash", Self.propfind(Array("<d:x".utf8) + [0xC0, 0xAF] + Array("/>".utf8))),
            ("an encoded surrogate", Self.propfind(Array("<d:x".utf8) + [0xED, 0xA0, 0x80] + Array("/>".utf8))),
            ("a NUL", Self.propfind(Array("<d:displayname/>".utf8) + [0])),
            ("UTF-16 without its mark", Self.utf16(String(decoding: Self.propfind(), as: UTF8.self), mark: false)),
            ("another encoding declared", Array(#"<?xml version="1.0" encoding="ISO-8859-1"?>"#.utf8) + Self.propfind()),
        ]
        try await sut.test { (dav: DAVClient) async throws in
            for (what, body) in bodies {
                let answer = try await dav.send("PROPFIND", Self.inbox, bytes: body, headers: ["Depth": "0"])
                #expect(answer.status == 400, "\(what)")
                #expect(answer.text == Self.notText, "\(what)")
            }
            // The server goes on, and reads UTF-8 with a mark and UTF-16 with one in either order.
            let text = String(decoding: Self.propfind(), as: UTF8.self)
            for (what, body) in [("UTF-8", Array(text.utf8)), ("UTF-8 with a mark", [0xEF, 0xBB, 0xBF] + Array(text.utf8)),
                                 ("UTF-16LE", Self.utf16(#"<?xml version="1.0" encoding="UTF-16"?>"# + text)),
                                 ("UTF-16BE", Self.utf16(text, bigEndian: true))]
            {
                let answer = try await dav.send("PROPFIND", Self.inbox, bytes: body, headers: ["Depth": "0"])
                #expect(answer.status == 207, "\(what)")
                #expect(answer.response(Self.inbox)?.text("displayname") == "To Do", "\(what)")
            }
        }
    }

    @Test("HARDEN-11 a processing instruction answers 400 with a sentence, and the server goes on (found by fuzzing)")
    func test_HARDEN_11_processingInstructions() async throws {
        let sut = try await DAVSUT.make()
        try await sut.test { (dav: DAVClient) async throws in
            for body in [#"<d:propfind xmlns:d="DAV:"><?x?></d:propfind>"#, #"<?x?><d:propfind xmlns:d="DAV:"/>"#,
                         #"<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><?pi data?></d:prop></d:propfind>"#]
            {
                let answer = try await dav.send("PROPFIND", Self.inbox, bytes: Array(body.utf8), headers: ["Depth": "0"])
                #expect(answer.status == 400, "\(body)")
                #expect(answer.text == "XML processing instructions are not accepted.\n", "\(body)")
            }
            let answer = try await dav.send("PROPFIND", Self.inbox, bytes: Self.propfind(), headers: ["Depth": "0"])
            #expect(answer.status == 207)
        }
    }

    @Test("HARDEN-11 the parser reads names, prefixes and attributes beyond ASCII when they are UTF-8")
    func test_HARDEN_11_unicodeNames() throws {
        let root = try #require(try DAVXML.parse(Data(#"<ü:prop xmlns:ü="urn:ü" ä="ö"><ü:名前>x</ü:名前></ü:prop>"#.utf8)))
        #expect(root.is("urn:ü", "prop"))
        #expect(root.attributes == ["ä": "ö"])
        #expect(root.child("urn:ü", "名前")?.text == "x")
    }

    @Test("HARDEN-15 a DTD is refused in any encoding the body is read in")
    func test_HARDEN_15_doctypeInUTF16() async throws {
        let sut = try await DAVSUT.make()
        let bomb = #"<!DOCTYPE d [<!ENTITY a "aaaaaaaaaa">]><d:propfind xmlns:d="DAV:"><d:prop><d:displayname>&a;</d:displayname></d:prop></d:propfind>"#
        try await sut.test { (dav: DAVClient) async throws in
            for (what, body) in [("UTF-16LE", Self.utf16(bomb)), ("UTF-16BE", Self.utf16(bomb, bigEndian: true)),
                                 ("UTF-8 with a mark", [0xEF, 0xBB, 0xBF] + Array(bomb.utf8)),
                                 ("lower case", Array(bomb.replacingOccurrences(of: "DOCTYPE", with: "doctype").utf8))]
            {
                let answer = try await dav.send("PROPFIND", Self.inbox, bytes: body, headers: ["Depth": "0"])
                #expect(answer.status == 400, "\(what)")
                #expect(answer.text == Self.dtd, "\(what)")
            }
        }
    }

    @Test("HARDEN-14 a resource name with a control character, a dot segment or a slash is refused with its own sentence")
    func test_HARDEN_14_resourceNames() async throws {
        let sut = try await DAVSUT.make()
        let control = "A resource name can't hold control characters; nothing was changed.\n"
        let dots = "A resource name can't be . or ..; nothing was changed.\n"
        let slash = "A resource name can't hold a slash; nothing was changed.\n"
        let cases: [(String, String)] = [
            ("a%00b.ics", control), ("a%0Ab.ics", control), ("a%7Fb.ics", control), ("%C2%85.ics", control),
            ("%2e%2e", dots), ("%2E", dots), ("..", dots),
            ("a%2Fb.ics", slash), ("%2F", slash),
        ]
        try await sut.test { (dav: DAVClient) async throws in
            for (name, sentence) in cases {
                let put = try await dav.put("inbox", name, DAVBodies.vtodo(uid: name, summary: "Milk"))
                #expect(put.status == 400, "\(name)")
                #expect(put.text == sentence, "\(name)")
                for method in ["GET", "DELETE"] {
                    let answer = try await dav.send(method, Self.inbox + name)
                    #expect(answer.status == 400, "\(method) \(name)")
                    #expect(answer.text == sentence, "\(method) \(name)")
                }
            }
            let long = String(repeating: "a", count: 256) + ".ics"
            let answer = try await dav.put("inbox", long, DAVBodies.vtodo(uid: "long", summary: "Milk"))
            #expect(answer.status == 400)
            #expect(answer.text == "A resource name is at most 255 characters; nothing was changed.\n")
            // Nothing was stored, under any name: `a%00b.ics` is not `a`.
            #expect(try await sut.store(sut.alice).items().isEmpty)
            #expect(try await dav.put("inbox", "a", DAVBodies.vtodo(uid: "a", summary: "Milk")).status == 201)
            #expect(try await dav.send("GET", Self.inbox + "a%00b.ics").status == 400)
            let hrefs = try await dav.propfind(Self.inbox, depth: "1", props: ["d:getetag"]).responses.map(\.href)
            #expect(hrefs == [Self.inbox, Self.inbox + "a"])
        }
    }
}

extension DAVClient {
    /// `send` with a body of raw bytes, which need not be text.
    func send(_ method: String, _ path: String, bytes: [UInt8], headers: [String: String] = [:]) async throws -> DAVAnswer {
        var fields = HTTPFields()
        fields[.authorization] = authorization
        fields[.contentType] = "application/xml"
        for (name, value) in headers { fields[HTTPField.Name(name)!] = value }
        return try await client.execute(
            uri: path, method: HTTPRequest.Method(method)!, headers: fields, body: ByteBuffer(bytes: bytes)
        ) { response in
            DAVAnswer(status: response.status.code, headers: response.headers, text: String(buffer: response.body))
        }
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoWeb

/// One bad request and what the app must answer.
struct BadRequest: CustomTestStringConvertible, Sendable {
    let name: String
    let method: HTTPRequest.Method
    let uri: String
    let contentType: String?
    let body: [UInt8]?
    let status: HTTPResponse.Status
    var extraHeaders: HTTPFields = [:]

    init(_ name: String, _ method: HTTPRequest.Method, _ uri: String, json: String, _ status: HTTPResponse.Status) {
        self.init(name, method, uri, type: "application/json", bytes: Array(json.utf8), status)
    }

    init(_ name: String, _ method: HTTPRequest.Method, _ uri: String, form: String, _ status: HTTPResponse.Status) {
        self.init(name, method, uri, type: "application/x-www-form-urlencoded", bytes: Array(form.utf8), status)
    }

    init(
        _ name: String, _ method: HTTPRequest.Method, _ uri: String, type: String? = nil, bytes: [UInt8]? = nil,
        _ status: HTTPResponse.Status
    ) {
        self.name = name
        self.method = method
        self.uri = uri
        self.contentType = type
        self.body = bytes
        self.status = status
    }

    var testDescription: String { "\(name) → \(status.code)" }
}

let existingID = "00000000-0000-4000-8000-000000000001"
let unknownID = "00000000-0000-4000-8000-0000000009ff"

/// Every kind of bad input over the JSON API and the page forms: each gets a clear error, the
/// database is unchanged, and the server keeps serving.
@Suite("Bad input (router)")
struct BadInputTests {
    static let title501 = String(repeating: "x", count: 501)
    static let details10001 = String(repeating: "d", count: 10_001)

    static let api: [BadRequest] = [
        // Titles
        BadRequest("blank title", .post, "/api/todos", json: #"{"title":""}"#, .unprocessableContent),
        BadRequest("whitespace title", .post, "/api/todos", json: #"{"title":" \t\n \u00a0 "}"#, .unprocessableContent),
        BadRequest("501-character title", .post, "/api/todos", json: #"{"title":"\#(title501)"}"#, .unprocessableContent),
        BadRequest("501-character title by PATCH", .patch, "/api/todos/\(existingID)", json: #"{"title":"\#(title501)"}"#, .unprocessableContent),
        BadRequest("10,001-character details", .post, "/api/todos", json: #"{"title":"x","details":"\#(details10001)"}"#, .unprocessableContent),
        BadRequest("title with a line break", .post, "/api/todos", json: #"{"title":"a\nb"}"#, .unprocessableContent),
        // Malformed JSON and wrong types
        BadRequest("empty body", .post, "/api/todos", json: "", .badRequest),
        BadRequest("truncated JSON", .post, "/api/todos", json: #"{"title":"a""#, .badRequest),
        BadRequest("trailing garbage", .post, "/api/todos", json: #"{"title":"a"} x"#, .badRequest),
        BadRequest("JSON null", .post, "/api/todos", json: "null", .badRequest),
        BadRequest("JSON string", .post, "/api/todos", json: #""title""#, .badRequest),
        BadRequest("deeply nested JSON", .post, "/api/todos", json: String(repeating: "[", count: 10_000), .badRequest),
        BadRequest("title as number", .post, "/api/todos", json: #"{"title":1}"#, .badRequest),
        BadRequest("title as null", .post, "/api/todos", json: #"{"title":null}"#, .badRequest),
        BadRequest("completed as string", .patch, "/api/todos/\(existingID)", json: #"{"completed":"true"}"#, .badRequest),
        BadRequest("order as string", .patch, "/api/todos/\(existingID)", json: #"{"order":"1"}"#, .badRequest),
        BadRequest("location as string", .post, "/api/todos", json: #"{"title":"x","location":"home"}"#, .badRequest),
        BadRequest("repeatDays as string", .post, "/api/todos", json: #"{"title":"x","repeatDays":"mon"}"#, .badRequest),
        BadRequest("unknown field", .post, "/api/todos", json: #"{"title":"x","colour":"red"}"#, .badRequest),
        BadRequest("unknown field by PATCH", .patch, "/api/todos/\(existingID)", json: #"{"__proto__":{}}"#, .badRequest),
        BadRequest("form body on the API", .post, "/api/todos", type: "application/x-www-form-urlencoded", bytes: Array("title=x".utf8), .unsupportedMediaType),
        BadRequest("no content type", .post, "/api/todos", bytes: Array(#"{"title":"x"}"#.utf8), .unsupportedMediaType),
        // Invalid UTF-8 and NUL bytes
        BadRequest("invalid UTF-8 in a string", .post, "/api/todos", type: "application/json", bytes: Array(#"{"title":""#.utf8) + [0xff, 0xfe] + Array(#""}"#.utf8), .badRequest),
        BadRequest("overlong UTF-8 encoding", .post, "/api/todos", type: "application/json", bytes: Array(#"{"title":""#.utf8) + [0xc0, 0xaf] + Array(#""}"#.utf8), .badRequest),
        BadRequest("lone surrogate escape", .post, "/api/todos", json: #"{"title":"\ud800"}"#, .badRequest),
        BadRequest("NUL in the title", .post, "/api/todos", json: #"{"title":"a\u0000b"}"#, .unprocessableContent),
        BadRequest("NUL in the details", .post, "/api/todos", json: #"{"title":"x","details":"a\u0000b"}"#, .unprocessableContent),
        BadRequest("NUL in the project", .post, "/api/todos", json: #"{"title":"x","project":"a\u0000b"}"#, .unprocessableContent),
        BadRequest("NUL in the location name", .post, "/api/todos", json: #"{"title":"x","location":{"name":"a\u0000b"}}"#, .unprocessableContent),
        BadRequest("raw NUL byte in the body", .post, "/api/todos", type: "application/json", bytes: Array(#"{"title":"a"#.utf8) + [0] + Array(#"b"}"#.utf8), .badRequest),
        // Dates and durations
        BadRequest("30 February", .post, "/api/todos", json: #"{"title":"x","dueDate":"2026-02-30"}"#, .unprocessableContent),
        BadRequest("month 13", .post, "/api/todos", json: #"{"title":"x","dueDate":"2026-13-01"}"#, .unprocessableContent),
        BadRequest("US date", .post, "/api/todos", json: #"{"title":"x","dueDate":"11/21/2026"}"#, .unprocessableContent),
        BadRequest("date and time", .post, "/api/todos", json: #"{"title":"x","dueDate":"2026-11-21T10:00:00Z"}"#, .unprocessableContent),
        BadRequest("date as number", .post, "/api/todos", json: #"{"title":"x","dueDate":20261121}"#, .badRequest),
        BadRequest("zero estimate", .post, "/api/todos", json: #"{"title":"x","estimateMinutes":0}"#, .unprocessableContent),
        BadRequest("negative estimate", .post, "/api/todos", json: #"{"title":"x","estimateMinutes":-30}"#, .unprocessableContent),
        BadRequest("estimate over a week", .post, "/api/todos", json: #"{"title":"x","estimateMinutes":10081}"#, .unprocessableContent),
        BadRequest("fractional estimate", .post, "/api/todos", json: #"{"title":"x","estimateMinutes":1.5}"#, .badRequest),
        BadRequest("huge estimate", .post, "/api/todos", json: #"{"title":"x","estimateMinutes":1e300}"#, .badRequest),
        BadRequest("estimate as text", .post, "/api/todos", json: #"{"title":"x","estimateMinutes":"30m"}"#, .badRequest),
        BadRequest("latitude out of range", .post, "/api/todos", json: #"{"title":"x","location":{"name":"p","latitude":91,"longitude":0}}"#, .unprocessableContent),
        BadRequest("unknown day", .post, "/api/todos", json: #"{"title":"x","repeatDays":["funday"]}"#, .unprocessableContent),
        // Ids
        BadRequest("unknown id GET", .get, "/api/todos/\(unknownID)", .notFound),
        BadRequest("unknown id PATCH", .patch, "/api/todos/\(unknownID)", json: #"{"title":"x"}"#, .notFound),
        BadRequest("unknown id DELETE", .delete, "/api/todos/\(unknownID)", .notFound),
        BadRequest("malformed id", .get, "/api/todos/12345", .notFound),
        BadRequest("SQL in the id", .get, "/api/todos/1'%20OR%20'1'='1", .notFound),
        BadRequest("GLOB pattern as id", .delete, "/api/todos/*", .notFound),
        BadRequest("encoded traversal as id", .get, "/api/todos/..%2F..%2Fetc%2Fpasswd", .notFound),
        BadRequest("NUL as id", .patch, "/api/todos/%00", json: #"{"title":"x"}"#, .notFound),
        BadRequest("very long id", .get, "/api/todos/" + String(repeating: "a", count: 5000), .notFound),
        // Preconditions
        BadRequest("stale If-Match on PATCH", .patch, "/api/todos/\(existingID)", json: #"{"title":"y"}"#, .preconditionFailed).ifMatch("\"7\""),
        BadRequest("garbage If-Match", .delete, "/api/todos/\(existingID)", .preconditionFailed).ifMatch("yesterday"),
    ]

    @Test("the API answers each bad input with a JSON sentence and changes nothing", arguments: api)
    func test_api(_ bad: BadRequest) async throws {
        let sut = WebSUT()
        let existing = try await sut.store.add(TodoDraft(title: "existing"))
        try await sut.app.test(.router) { client async throws in
            let response = try await client.execute(bad)
            #expect(response.status == bad.status, "\(response.text)")
            let error = try #require((try? response.json() as? [String: String])?["error"], "\(response.text)")
            #expect(error.count > 10 && error.hasSuffix("."), "\(error)")
            #expect(try await sut.store.items() == [existing])
            #expect(try await client.execute(uri: "/api/todos", method: .get).status == .ok)
        }
    }

    @Test("a 10,000-character body is accepted and a 10 MiB body is refused with 413")
    func test_bodySizes() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let details = String(repeating: "é", count: 10_000)
            let small = try await client.execute(
                uri: "/api/todos", method: .post, headers: .json,
                body: ByteBuffer(string: #"{"title":"ten thousand","details":"\#(details)"}"#))
            #expect(small.status == .created)
            #expect(try await sut.store.items().first?.details == details)
            let before = try await sut.store.items()
            let huge = #"{"title":"x","details":""# + String(repeating: "a", count: 10 << 20) + #""}"#
            let response = try await client.execute(uri: "/api/todos", method: .post, headers: .json, body: ByteBuffer(string: huge))
            #expect(response.status == .contentTooLarge)
            let form = try await client.execute(
                uri: "/items", method: .post, headers: .form, body: ByteBuffer(string: "title=" + String(repeating: "a", count: 10 << 20)))
            #expect(form.status == .contentTooLarge)
            #expect(try await sut.store.items() == before)
            #expect(try await client.execute(uri: "/", method: .get).status == .ok)
        }
    }

    static let forms: [BadRequest] = [
        BadRequest("blank title", .post, "/items", form: "title=", .unprocessableContent),
        BadRequest("whitespace title", .post, "/items", form: "title=+%09+", .unprocessableContent),
        BadRequest("501-character title", .post, "/items", form: "title=\(title501)", .unprocessableContent),
        BadRequest("501-character title on edit", .post, "/items/\(existingID)", form: "title=\(title501)&version=1", .unprocessableContent),
        BadRequest("NUL in the title", .post, "/items", form: "title=a%00b", .unprocessableContent),
        BadRequest("NUL in the project", .post, "/items", form: "title=x&project=a%00b", .unprocessableContent),
        BadRequest("invalid UTF-8, percent-encoded", .post, "/items", form: "title=%FF%FE", .badRequest),
        BadRequest("invalid UTF-8, raw bytes", .post, "/items", type: "application/x-www-form-urlencoded", bytes: Array("title=".utf8) + [0xc3, 0x28], .badRequest),
        BadRequest("malformed percent escape", .post, "/items", form: "title=100%zz", .badRequest),
        BadRequest("invalid date", .post, "/items", form: "title=x&dueDate=2026-02-30", .unprocessableContent),
        BadRequest("words as a date", .post, "/items", form: "title=x&dueDate=someday", .unprocessableContent),
        BadRequest("invalid duration", .post, "/items", form: "title=x&estimate=forever", .unprocessableContent),
        BadRequest("negative duration", .post, "/items", form: "title=x&estimate=-30m", .unprocessableContent),
        BadRequest("duration over a week", .post, "/items", form: "title=x&estimate=200h", .unprocessableContent),
        BadRequest("latitude not a number", .post, "/items", form: "title=x&locationName=p&latitude=north&longitude=1", .unprocessableContent),
        BadRequest("JSON to a form route", .post, "/items", type: "application/json", bytes: Array(#"{"title":"x"}"#.utf8), .unsupportedMediaType),
        BadRequest("unknown id", .post, "/items/\(unknownID)", form: "title=x&version=1", .notFound),
        BadRequest("malformed id", .post, "/items/not-an-id/done", form: "done=1", .notFound),
        BadRequest("SQL id", .post, "/items/1%20OR%201=1/delete", form: "", .notFound),
        BadRequest("stale version", .post, "/items/\(existingID)", form: "title=y&version=0", .conflict),
        BadRequest("empty quick add", .post, "/quick-add", form: "text=%0A%20", .unprocessableContent),
        BadRequest("invalid UTF-8 in quick add", .post, "/quick-add", form: "text=%C3", .badRequest),
    ]

    @Test("the page forms answer each bad input with a page that says why, and change nothing", arguments: forms)
    func test_forms(_ bad: BadRequest) async throws {
        let sut = WebSUT()
        let existing = try await sut.store.add(TodoDraft(title: "existing"))
        try await sut.app.test(.router) { client async throws in
            let response = try await client.execute(bad)
            #expect(response.status == bad.status, "\(response.text.prefix(300))")
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            #expect(response.text.contains("role=\"alert\""))
            #expect(try await sut.store.items() == [existing])
            #expect(try await client.execute(uri: "/", method: .get).status == .ok)
        }
    }

    static let staticPaths = [
        "/assets/../Package.swift", "/assets/%2e%2e/Package.swift", "/assets/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
        "/assets/..%2f..%2fetc/passwd", "/assets/....//....//etc/passwd", "/assets/%252e%252e/Package.swift",
        "/assets/todo.js%00.png", "/assets/%00", "/assets/", "/assets/./todo.js/..", "/..%5c..%5cetc%5cpasswd",
        "/assets/" + String(repeating: "../", count: 200) + "etc/passwd", "/%2e%2e/%2e%2e/etc/passwd",
    ]

    @Test("`..` and encoded paths on the static routes are 404 and serve no file", arguments: staticPaths)
    func test_staticPaths(_ path: String) async throws {
        try await WebSUT().app.test(.router) { client async throws in
            let response = try await client.execute(uri: path, method: .get)
            #expect(response.status == .notFound)
            #expect(!response.text.contains("PackageDescription") && !response.text.contains("root:"))
            #expect(try await client.execute(uri: "/assets/todo.js", method: .get).status == .ok)
        }
    }

    static let verbatim = [
        "Robert'); DROP TABLE todoItem;--", "\" OR 1=1 --", "%_*?[]^$\\", "'; DELETE FROM project; SELECT '",
        "<b>bold</b> & <script>alert(1)</script>", "emoji 🧪 and RTL \u{202E}txet", "back\\slash \"quoted\" `tick`",
    ]

    @Test("SQL metacharacters and markup are stored and answered verbatim", arguments: verbatim)
    func test_verbatim(_ text: String) async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let body = try JSONSerialization.data(withJSONObject: [
                "title": text, "details": text, "project": text, "location": ["name": text],
            ])
            let response = try await client.execute(uri: "/api/todos", method: .post, headers: .json, body: ByteBuffer(bytes: body))
            #expect(response.status == .created, "\(response.text)")
            let item = try #require(try await sut.store.items().first)
            #expect(item.title == text && item.details == text && item.project?.name == text && item.location?.name == text)
        }
    }
}

extension BadRequest {
    func ifMatch(_ value: String) -> BadRequest {
        var copy = self
        copy.extraHeaders[.ifMatch] = value
        return copy
    }
}

extension TestClientProtocol {
    func execute(_ bad: BadRequest) async throws -> TestResponse {
        var headers = bad.extraHeaders
        if let type = bad.contentType { headers[.contentType] = type }
        return try await executeRequest(
            uri: bad.uri, method: bad.method, headers: headers, body: bad.body.map { ByteBuffer(bytes: $0) })
    }
}

import Foundation
import ProcessTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TodoCore
import TodoTestSupport
import TodoWeb

/// The web app's side of docs/specs/hardening.md (the router, and a live server where the Host
/// a request names matters).
@Suite("Hardening: the web app")
struct HardeningWebTests {
    /// Sends one request naming `authority` as its Host to a live test server on `port`.
    private func send(
        port: Int?, authority: String, _ uri: String, method: HTTPRequest.Method = .get, headers: HTTPFields = [:],
        body: String? = nil
    ) async throws -> TestClient.Response {
        let client = TestClient(host: "localhost", port: try #require(port), configuration: .init(timeout: .seconds(10)))
        client.connect()
        defer { Task { try? await client.shutdown() } }
        return try await client.execute(
            TestClient.Request(uri, method: method, authority: authority, headers: headers, body: body.map { ByteBuffer(string: $0) }))
    }

    // MARK: HARDEN-1

    @Test("HARDEN-1 the import that crashed the server is refused, and an edit of an item at the top version answers 200")
    func test_HARDEN_1_versionAtTheTopCannotCrashAnEdit() async throws {
        let sut = WebSUT()
        let id = "11111111-1111-1111-1111-111111111111"
        try await sut.app.test(.router) { client async throws in
            let refused = try await client.execute(
                uri: "/api/import?format=json", method: .post, headers: .json,
                body: ByteBuffer(string: #"[{"id":"\#(id)","title":"m","version":9223372036854775807}]"#))
            #expect(refused.status == .unprocessableContent)
            #expect(try await sut.store.items().isEmpty)
            let top = try await client.execute(
                uri: "/api/import?format=json", method: .post, headers: .json,
                body: ByteBuffer(string: #"[{"id":"\#(id)","title":"m","version":9007199254740991}]"#))
            #expect(top.status == .ok)
            let bumped = try await client.execute(
                uri: "/api/todos/\(id)", method: .patch, headers: .json, body: ByteBuffer(string: #"{"title":"bump"}"#))
            #expect(bumped.status == .ok)
            #expect(bumped.headers[.eTag] == "\"1\"")
            let form = try await client.execute(
                uri: "/items/\(id)", method: .post, headers: .form, body: .form([("title", "by form"), ("version", "1")]))
            #expect(form.status == .seeOther)
        }
    }

    @Test("HARDEN-1 numbers out of range in the API answer 422 with the range", arguments: [
        (#"{"title":"a","order":-1e16}"#, "outside -1000000000000…1000000000000"),
        (#"{"title":"a","estimateMinutes":99999}"#, "outside 1 minute…1 week"),
        (#"{"title":"a","location":{"name":"x","latitude":1e308,"longitude":0}}"#, "outside -90…90"),
    ])
    func test_HARDEN_1_apiRanges(_ body: String, _ sentence: String) async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let response = try await client.execute(uri: "/api/todos", method: .post, headers: .json, body: ByteBuffer(string: body))
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains(sentence), "\(response.text)")
        }
    }

    // MARK: HARDEN-2

    @Test("HARDEN-2 a request for another Host name is answered 421 and changes nothing; reading is refused too")
    func test_HARDEN_2_foreignHostIsRefused() async throws {
        let sut = WebSUT()
        _ = try await sut.store.add(TodoDraft(title: "keep me"))
        try await sut.app.test(.live) { client async throws in
            let port = client.port
            let delete = try await send(
                port: port, authority: "evil.example:\(port ?? 0)", "/api/todos", method: .delete,
                headers: [.origin: "http://evil.example:\(port ?? 0)"])
            #expect(delete.head.status == .misdirectedRequest)
            #expect(String(buffer: delete.body ?? ByteBuffer()).contains("--allowed-host"))
            #expect(try await sut.store.count(.all) == 1)
            let read = try await send(port: port, authority: "evil.example", "/api/todos")
            #expect(read.head.status == .misdirectedRequest)
            #expect(!String(buffer: read.body ?? ByteBuffer()).contains("keep me"))
            let page = try await send(port: port, authority: "rebind.example", "/")
            #expect(page.head.status == .misdirectedRequest)
            #expect(page.head.headerFields[.contentType]?.hasPrefix("text/html") == true)
            for own in ["localhost:\(port ?? 0)", "LOCALHOST", "127.0.0.1:\(port ?? 0)"] {
                #expect(try await send(port: port, authority: own, "/api/todos").head.status == .ok, "\(own)")
            }
        }
    }

    @Test("HARDEN-2 a name given with --allowed-host is answered, and the API's urls use it")
    func test_HARDEN_2_allowedHost() async throws {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        let app = Application(router: try TodoWebApp.buildRouter(
            store: store, options: TodoWebOptions(allowedHosts: ["todo.example"], today: { today }, now: { TestEnvironment.referenceDate })))
        try await app.test(.live) { client async throws in
            let created = try await send(
                port: client.port, authority: "todo.example:8443", "/api/todos", method: .post, headers: .json,
                body: #"{"title":"via the proxy"}"#)
            #expect(created.head.status == .created)
            #expect(created.head.headerFields[.location]?.hasPrefix("http://todo.example:8443/api/todos/") == true)
            let list = try await send(port: client.port, authority: "todo.example:8443", "/api/todos")
            #expect(String(buffer: list.body ?? ByteBuffer()).contains(#""url":"http:\/\/todo.example:8443\/api\/todos\/"#)
                || String(buffer: list.body ?? ByteBuffer()).contains(#""url":"http://todo.example:8443/api/todos/"#))
            #expect(try await send(port: client.port, authority: "other.example", "/").head.status == .misdirectedRequest)
        }
    }

    // MARK: HARDEN-3

    @Test("HARDEN-3 a hostile from= never becomes the redirect or the Cancel link", arguments: [
        "/%09/evil.example", "/%0d%0a/evil.example", "/%5Cevil.example", "//evil.example", "https%3A%2F%2Fevil.example%2F",
        "/%5C%5Cevil.example", "javascript%3Aalert(1)", "%09//evil.example",
    ])
    func test_HARDEN_3_hostileFrom(_ from: String) async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let post = try await client.execute(
                uri: "/preferences/unfinished", method: .post, headers: .form, body: ByteBuffer(string: "on=1&from=\(from)"))
            #expect(post.status == .seeOther)
            #expect(post.headers[.location] == "/")
            let form = try await client.execute(uri: "/items/new?from=\(from)", method: .get)
            #expect(form.text.contains(#"href="/" data-testid="cancel""#) || form.text.contains(#"data-testid="cancel" href="/""#), "\(from)")
            #expect(!form.text.contains("evil.example"))
        }
    }

    @Test("HARDEN-3 a local path with a query is kept as it is")
    func test_HARDEN_3_localPathKept() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let post = try await client.execute(
                uri: "/preferences/unfinished", method: .post, headers: .form,
                body: ByteBuffer(string: "on=1&from=%2Fprojects%2FHome%3Fpage%3D2"))
            #expect(post.headers[.location] == "/projects/Home?page=2")
        }
    }

    // MARK: HARDEN-7

    @Test("HARDEN-7 ?limit= pages the list in order, with a Link to the next page until the end")
    func test_HARDEN_7_limitAndLink() async throws {
        let sut = WebSUT()
        let added = try await sut.store.add(titles: (1...5).map { "T\($0)" })
        _ = try await sut.store.setDone(id: added[0].id, true)
        let whole = try await sut.store.items().map(\.title)
        try await sut.app.test(.router) { client async throws in
            var uri: String? = "/api/todos?limit=2"
            var titles: [String] = []
            var pages = 0
            while let next = uri, pages < 10 {
                let response = try await client.execute(uri: next, method: .get)
                #expect(response.status == .ok)
                let page = try #require(try response.json() as? [[String: Any]])
                #expect(page.count <= 2)
                titles += page.compactMap { $0["title"] as? String }
                pages += 1
                uri = response.headers[HTTPField.Name("Link")!].map { link in
                    #expect(link.hasSuffix(#">; rel="next""#))
                    return String(link.dropFirst("<http://localhost".count).prefix { $0 != ">" })
                }
            }
            #expect(titles == whole)
            #expect(pages == 3)
            for bad in ["limit=0", "limit=abc", "limit=1001", "after=nope", "limit=2&after=0.0.x"] {
                #expect(try await client.execute(uri: "/api/todos?\(bad)", method: .get).status == .badRequest, "\(bad)")
            }
        }
    }

    @Test("HARDEN-7 the whole list streamed in batches is every item once, in order, as valid JSON")
    func test_HARDEN_7_streamedListIsComplete() async throws {
        let sut = WebSUT()
        let count = 1_234  // more than two batches
        _ = try await sut.store.importItems((1...count).map { index in
            TodoItem(id: TestEnvironment.id(10_000 + index), title: "T\(index)", position: Double(index), createdAt: TestEnvironment.referenceDate)
        })
        try await sut.app.test(.router) { client async throws in
            let response = try await client.execute(uri: "/api/todos", method: .get)
            let list = try #require(try response.json() as? [[String: Any]])
            #expect(list.compactMap { $0["title"] as? String } == (1...count).map { "T\($0)" })
            let export = try await client.execute(uri: "/api/export?format=json", method: .get)
            let exported = try #require(try export.json() as? [[String: Any]])
            #expect(exported.count == count)
        }
    }

    // MARK: HARDEN-10

    @Test("HARDEN-10c HEAD answers like GET, with its headers and no body", arguments: ["/", "/api/todos", "/healthz", "/items/new"])
    func test_HARDEN_10c_head(_ path: String) async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let get = try await client.execute(uri: path, method: .get)
            let head = try await client.execute(uri: path, method: .head)
            #expect(head.status == .ok)
            #expect(head.headers[.contentType] == get.headers[.contentType])
            #expect(head.body.readableBytes == 0)
        }
    }

    @Test("HARDEN-10f an edit form without its version is refused and changes nothing")
    func test_HARDEN_10f_editNeedsVersion() async throws {
        let sut = WebSUT()
        let item = try await sut.store.add(TodoDraft(title: "Before"))
        try await sut.app.test(.router) { client async throws in
            let response = try await client.execute(
                uri: "/items/\(item.id.uuidString)", method: .post, headers: .form, body: .form([("title", "After")]))
            #expect(response.status == .badRequest)
            #expect(response.text.contains("without the version"))
        }
        #expect(try await sut.store.item(id: item.id) == item)
    }

    @Test("HARDEN-10g ?due= that is not a date answers 400", arguments: ["2026-13-45", "tomorrow", ""])
    func test_HARDEN_10g_badDueFilter(_ due: String) async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let response = try await client.execute(uri: "/api/todos?due=\(due)", method: .get)
            #expect(response.status == .badRequest)
            #expect(response.text.contains("YYYY-MM-DD"))
        }
    }

    @Test("HARDEN-10h unknown keys inside location and keys given twice answer 400", arguments: [
        #"{"title":"x","location":{"name":"a","evil":1}}"#,
        #"{"title":"a","title":"b"}"#,
        #"{"title":"a","\u0074itle":"b"}"#,
        #"{"title":"a","location":{"name":"a","name":"b"}}"#,
    ])
    func test_HARDEN_10h_strictObjects(_ body: String) async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let response = try await client.execute(uri: "/api/todos", method: .post, headers: .json, body: ByteBuffer(string: body))
            #expect(response.status == .badRequest, "\(response.text)")
        }
        #expect(try await sut.store.items().isEmpty)
    }

    @Test("HARDEN-10h equal values under different keys, and a key in two objects, are fine")
    func test_HARDEN_10h_notDuplicates() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let response = try await client.execute(
                uri: "/api/todos", method: .post, headers: .json,
                body: ByteBuffer(string: #"{"title":"name","details":"name","location":{"name":"name"},"project":"\"name\""}"#))
            #expect(response.status == .created)
        }
    }

    @Test("HARDEN-10i a malformed chunked body is a bad request, not a server error, and the server goes on")
    func test_HARDEN_10i_malformedBodyIs400() async throws {
        let sut = WebSUT()
        try await sut.app.test(.live) { client async throws in
            let port = try #require(client.port)
            let answer = try await RawHTTP.exchange(
                port: port,
                "POST /api/todos HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\nzz\r\n{\"title\":\"x\"}\r\n0\r\n\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer)")
            #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
        }
        #expect(try await sut.store.items().isEmpty)
    }
}

/// One request written as raw bytes on a new connection, and everything the server answers
/// until it closes (or 15 s pass): for requests no HTTP client would send. The socket is waited
/// for off the pool: the server under test answers on it.
enum RawHTTP {
    static func exchange(port: Int, _ request: String) async throws -> String {
        try await OffThePool.run { try blockingExchange(port: port, request) }
    }

    private static func blockingExchange(port: Int, _ request: String) throws -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        var timeout = timeval(tv_sec: 15, tv_usec: 0)  // the server closes after its answer; this only bounds a hang
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(request.utf8)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }
}

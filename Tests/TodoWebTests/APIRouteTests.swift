import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoTestSupport

@Suite("JSON API (router)")
struct APIRouteTests {
    @Test("POST creates (201, Location, ETag) with the shared shape plus url; GET lists and reads it")
    func test_createListRead() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let created = try await client.execute(
                uri: "/api/todos", method: .post, headers: .json, body: ByteBuffer(string: #"{"title":"walk the dog","order":523}"#))
            #expect(created.status == .created)
            let body = try #require(try created.json() as? [String: Any])
            let url = try #require(body["url"] as? String)
            #expect(created.headers[.location] == url)
            #expect(created.headers[.eTag] == "\"1\"")
            #expect(body["title"] as? String == "walk the dog")
            #expect(body["completed"] as? Bool == false)
            #expect(body["order"] as? Double == 523)
            #expect(Set(body.keys) == Set(TodoItem.CodingKeys.allCases.map(\.rawValue) + ["url"]))
            let path = String(url.dropFirst("http://localhost".count))
            let read = try await client.execute(uri: path, method: .get)
            let readBody = try read.json() as? [String: Any]
            #expect(read.status == .ok && readBody?["title"] as? String == "walk the dog")
            let list = try #require(try await client.execute(uri: "/api/todos", method: .get).json() as? [[String: Any]])
            #expect(list.count == 1)
        }
    }

    @Test("PATCH changes any subset of fields; completed places the item by the ordering rules")
    func test_patch() async throws {
        let sut = WebSUT()
        let item = try await sut.store.add(TodoDraft(title: "A", details: "keep"))
        try await sut.app.test(.router) { client async throws in
            let response = try await client.execute(
                uri: "/api/todos/\(item.id.uuidString)", method: .patch, headers: .json,
                body: ByteBuffer(string: #"{"completed":true,"dueDate":"2026-12-24","repeatDays":["fri","mon"],"location":{"name":"Home"}}"#))
            #expect(response.status == .ok)
            #expect(response.headers[.eTag] == "\"2\"")
            let stored = try #require(try await sut.store.item(id: item.id))
            #expect(stored.isDone && stored.details == "keep" && stored.dueDate == CalendarDate(iso: "2026-12-24"))
            #expect(stored.repeatRule == .weekly(on: [.monday, .friday]) && stored.location == Location(name: "Home"))
            _ = try await client.execute(
                uri: "/api/todos/\(item.id.uuidString)", method: .patch, headers: .json, body: ByteBuffer(string: #"{"details":null,"order":95}"#))
            let cleared = try #require(try await sut.store.item(id: item.id))
            #expect(cleared.details == nil && cleared.position == 95)
        }
    }

    @Test("DELETE removes one item (204, then 404) or all items")
    func test_delete() async throws {
        let sut = WebSUT()
        let items = try await sut.store.add(titles: ["A", "B", "C"])
        try await sut.app.test(.router) { client async throws in
            let uri = "/api/todos/\(items[0].id.lowercasedText)"
            #expect(try await client.execute(uri: uri, method: .delete).status == .noContent)
            #expect(try await client.execute(uri: uri, method: .delete).status == .notFound)
            #expect(try await client.execute(uri: "/api/todos", method: .delete).status == .noContent)
            #expect(try await sut.store.items().isEmpty)
        }
    }

    @Test("If-Match with a stale version answers 412 and changes nothing")
    func test_ifMatch() async throws {
        let sut = WebSUT()
        let item = try await sut.store.add(TodoDraft(title: "A"))
        _ = try await sut.store.update(id: item.id, TodoChanges(title: "B"))
        try await sut.app.test(.router) { client async throws in
            let uri = "/api/todos/\(item.id.uuidString)"
            let stale = try await client.execute(
                uri: uri, method: .patch, headers: [.contentType: "application/json", .ifMatch: "\"1\""], body: ByteBuffer(string: #"{"title":"C"}"#))
            #expect(stale.status == .preconditionFailed)
            #expect(stale.headers[.eTag] == "\"2\"")
            #expect(try await client.execute(uri: uri, method: .delete, headers: [.ifMatch: "W/\"1\""]).status == .preconditionFailed)
            #expect(try await sut.store.item(id: item.id)?.title == "B")
            let fresh = try await client.execute(
                uri: uri, method: .patch, headers: [.contentType: "application/json", .ifMatch: "\"2\""], body: ByteBuffer(string: #"{"title":"C"}"#))
            #expect(fresh.status == .ok)
        }
    }

    @Test("errors are JSON sentences with the right status and change nothing",
          arguments: [
            ("POST", "/api/todos", "application/json", #"{"title":"#, HTTPResponse.Status.badRequest),
            ("POST", "/api/todos", "application/json", #"["title"]"#, .badRequest),
            ("POST", "/api/todos", "application/json", #"{"title":42}"#, .badRequest),
            ("POST", "/api/todos", "application/json", #"{"title":"x","completed":"yes"}"#, .badRequest),
            ("POST", "/api/todos", "application/json", #"{"title":"x","estimateMinutes":1.5}"#, .badRequest),
            ("POST", "/api/todos", "application/json", #"{"title":"x","colour":"red"}"#, .badRequest),
            ("POST", "/api/todos", "text/plain", #"{"title":"x"}"#, .unsupportedMediaType),
            ("POST", "/api/todos", "application/json", #"{"title":"   "}"#, .unprocessableContent),
            ("POST", "/api/todos", "application/json", #"{}"#, .unprocessableContent),
            ("POST", "/api/todos", "application/json", #"{"title":"x","dueDate":"2026-02-30"}"#, .unprocessableContent),
            ("POST", "/api/todos", "application/json", #"{"title":"x","repeatDays":["someday"]}"#, .unprocessableContent),
            ("POST", "/api/todos", "application/json", #"{"title":"x","location":{"name":""}}"#, .unprocessableContent),
            ("GET", "/api/todos/00000000-0000-4000-8000-000000000999", "", "", .notFound),
            ("GET", "/api/todos/not-a-uuid", "", "", .notFound),
            ("PATCH", "/api/todos/not-a-uuid", "application/json", #"{"title":"x"}"#, .notFound),
            ("DELETE", "/api/todos/00000000-0000-4000-8000-000000000999", "", "", .notFound),
          ])
    func test_errors(_ method: String, _ uri: String, _ type: String, _ body: String, _ status: HTTPResponse.Status) async throws {
        let sut = WebSUT()
        let existing = try await sut.store.add(TodoDraft(title: "existing"))
        try await sut.app.test(.router) { client async throws in
            let headers: HTTPFields = type.isEmpty ? [:] : [.contentType: type]
            let response = try await client.execute(
                uri: uri, method: HTTPRequest.Method(method)!, headers: headers, body: body.isEmpty ? nil : ByteBuffer(string: body))
            #expect(response.status == status)
            let error = try #require((try? response.json() as? [String: String])?["error"], "\(response.text)")
            #expect(error.hasSuffix("."))
            #expect(try await sut.store.items() == [existing])
        }
    }

    @Test("a body over 1 MiB is refused with 413")
    func test_bodyTooLarge() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let big = #"{"title":"x","details":""# + String(repeating: "a", count: 1 << 20) + #""}"#
            let response = try await client.execute(uri: "/api/todos", method: .post, headers: .json, body: ByteBuffer(string: big))
            #expect(response.status == .contentTooLarge)
            #expect((try response.json() as? [String: String])?["error"] == "The body is larger than 1 MiB.")
            #expect(try await sut.store.items().isEmpty)
        }
    }

    @Test("GET /api/projects lists projects with counts; quick-add sections load with their state")
    func test_projectsAndQuickAddSections() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let empty = try #require(try await client.execute(uri: "/api/quick-add/project", method: .get).json() as? [String: Any])
            #expect(empty["state"] as? String == "empty" && empty["message"] as? String == "No projects yet.")
            _ = try await sut.store.add(TodoDraft(title: "a", project: Project(name: "Work")))
            let projects = try #require(try await client.execute(uri: "/api/projects", method: .get).json() as? [[String: Any]])
            #expect(projects.first?["name"] as? String == "Work" && projects.first?["count"] as? Int == 1)
            let section = try #require(
                try await client.execute(uri: "/api/quick-add/project?project=Work", method: .get).json() as? [String: Any])
            #expect(section["selection"] as? String == "single")
            let options = try #require(section["options"] as? [[String: Any]])
            #expect(options.map { $0["id"] as? String } == ["Work"] && options.first?["selected"] as? Bool == true)
            let days = try #require(try await client.execute(uri: "/api/quick-add/repeatDays", method: .get).json() as? [String: Any])
            #expect(days["selection"] as? String == "multiple")
            #expect(try await client.execute(uri: "/api/quick-add/colour", method: .get).status == .notFound)
        }
    }
}

@Suite("Cross-origin safety (router)")
struct CrossOriginTests {
    @Test("a POST from another origin is refused and creates nothing")
    func test_foreignOriginRefused() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let api = try await client.execute(
                uri: "/api/todos", method: .post, headers: [.contentType: "application/json", .origin: "https://evil.example"],
                body: ByteBuffer(string: #"{"title":"evil"}"#))
            #expect(api.status == .forbidden)
            #expect((try api.json() as? [String: String])?["error"] == "Requests from other sites can't change this list.")
            let form = try await client.execute(
                uri: "/items", method: .post, headers: [.contentType: "application/x-www-form-urlencoded", .origin: "http://127.0.0.2:9000"],
                body: .form([("title", "evil")]))
            #expect(form.status == .forbidden)
            let fetchSite = try await client.execute(
                uri: "/items", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", HTTPField.Name("Sec-Fetch-Site")!: "cross-site"],
                body: .form([("title", "evil")]))
            #expect(fetchSite.status == .forbidden)
            #expect(try await sut.store.items().isEmpty)
        }
    }

    @Test("the app's own origin, and clients that send no Origin, may change the list")
    func test_sameOriginAllowed() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let same = try await client.execute(
                uri: "/api/todos", method: .post, headers: [.contentType: "application/json", .origin: "http://localhost"],
                body: ByteBuffer(string: #"{"title":"mine"}"#))
            #expect(same.status == .created)
            let plain = try await client.execute(
                uri: "/items", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", HTTPField.Name("Sec-Fetch-Site")!: "same-origin"],
                body: .form([("title", "form")]))
            #expect(plain.status == .seeOther)
            #expect(try await sut.store.items().count == 2)
        }
    }

    @Test("CORS is off by default: no Access-Control headers for other origins")
    func test_corsOffByDefault() async throws {
        try await WebSUT().app.test(.router) { client async throws in
            let read = try await client.execute(uri: "/api/todos", method: .get, headers: [.origin: "https://evil.example"])
            #expect(read.headers[.accessControlAllowOrigin] == nil)
            let preflight = try await client.execute(
                uri: "/api/todos", method: .options,
                headers: [.origin: "https://evil.example", .accessControlRequestMethod: "PATCH"])
            #expect(preflight.headers[.accessControlAllowOrigin] == nil)
        }
    }

    @Test("--cors-origin allows that origin: preflights for PATCH and DELETE with Content-Type, and writes")
    func test_corsAllowedOrigin() async throws {
        var sut = WebSUT()
        sut.corsOrigins = ["https://www.todobackend.com"]
        try await sut.app.test(.router) { client async throws in
            let preflight = try await client.execute(
                uri: "/api/todos/x", method: .options,
                headers: [.origin: "https://www.todobackend.com", .accessControlRequestMethod: "PATCH",
                          .accessControlRequestHeaders: "content-type"])
            #expect(preflight.status == .noContent)
            #expect(preflight.headers[.accessControlAllowOrigin] == "https://www.todobackend.com")
            #expect(preflight.headers[.accessControlAllowMethods]?.contains("PATCH") == true)
            #expect(preflight.headers[.accessControlAllowMethods]?.contains("DELETE") == true)
            #expect(preflight.headers[.accessControlAllowHeaders]?.contains("Content-Type") == true)
            let created = try await client.execute(
                uri: "/api/todos", method: .post,
                headers: [.contentType: "application/json", .origin: "https://www.todobackend.com"],
                body: ByteBuffer(string: #"{"title":"from the spec runner"}"#))
            #expect(created.status == .created)
            #expect(created.headers[.accessControlAllowOrigin] == "https://www.todobackend.com")
            let other = try await client.execute(
                uri: "/api/todos", method: .post, headers: [.contentType: "application/json", .origin: "https://evil.example"],
                body: ByteBuffer(string: #"{"title":"evil"}"#))
            #expect(other.status == .forbidden)
        }
    }

    @Test("--cors-origin * allows any origin")
    func test_corsWildcard() async throws {
        var sut = WebSUT()
        sut.corsOrigins = ["*"]
        try await sut.app.test(.router) { client async throws in
            let response = try await client.execute(uri: "/api/todos", method: .get, headers: [.origin: "https://any.example"])
            #expect(response.headers[.accessControlAllowOrigin] == "*")
        }
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoTestSupport
import TodoWeb

/// The web and the API read added titles as plain words (docs/specs/plain-words.md).
/// Today is Saturday 11/21/2026: tomorrow is Sunday 11/22.
@Suite("Plain words on the web and in the API")
struct PlainWordsRouteTests {
    private let tomorrow = CalendarDate(iso: "2026-11-22")!

    @Test("WORDS-15 POST /api/todos with parse: true reads the title")
    func test_WORDS_15_apiParses() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let response = try await client.execute(
                uri: "/api/todos", method: .post, headers: .json,
                body: ByteBuffer(string: #"{"title":"Call mom tomorrow #Family @Home ~30m","parse":true}"#))
            #expect(response.status == .created)
            let body = try #require(try response.json() as? [String: Any])
            #expect(body["title"] as? String == "Call mom")
            #expect(body["dueDate"] as? String == "2026-11-22")
            #expect(body["project"] as? String == "Family")
            #expect(body["estimateMinutes"] as? Int == 30)
            let item = try #require(try await sut.store.items().first)
            #expect(item.location == Location(name: "Home"))
        }
    }

    @Test("WORDS-15 a field in the body wins over the words; without parse the title is literal")
    func test_WORDS_15_fieldsWinAndLiteralByDefault() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let parsed = try await client.execute(
                uri: "/api/todos", method: .post, headers: .json,
                body: ByteBuffer(string: #"{"title":"Call mom tomorrow #Family","project":"Work","parse":true}"#))
            let body = try #require(try parsed.json() as? [String: Any])
            #expect(body["title"] as? String == "Call mom" && body["project"] as? String == "Work")
            #expect(body["dueDate"] as? String == "2026-11-22")
            for literal in [#"{"title":"Call mom tomorrow #Family"}"#, #"{"title":"Call mom tomorrow #Family","parse":false}"#] {
                let response = try await client.execute(uri: "/api/todos", method: .post, headers: .json, body: ByteBuffer(string: literal))
                let item = try #require(try response.json() as? [String: Any])
                #expect(item["title"] as? String == "Call mom tomorrow #Family")
                #expect(item["project"] == nil || item["project"] is NSNull)
            }
        }
    }

    @Test("WORDS-15 parse must be a boolean, and only on POST")
    func test_WORDS_15_parseChecked() async throws {
        let sut = WebSUT()
        let item = try await sut.store.add(TodoDraft(title: "A"))
        try await sut.app.test(.router) { client async throws in
            let wrong = try await client.execute(
                uri: "/api/todos", method: .post, headers: .json, body: ByteBuffer(string: #"{"title":"A fri","parse":"yes"}"#))
            #expect(wrong.status == .badRequest)
            #expect(try (wrong.json() as? [String: Any])?["error"] as? String == "“parse” must be a boolean, not a string.")
            let patch = try await client.execute(
                uri: "/api/todos/\(item.id.lowercasedText)", method: .patch, headers: .json,
                body: ByteBuffer(string: #"{"title":"B fri","parse":true}"#))
            #expect(patch.status == .badRequest)
            #expect(try await sut.store.item(id: item.id)?.title == "A")
            #expect(try await sut.store.items().count == 1)
        }
    }

    @Test("WORDS-16 the inline add reads its words; they win over the list's project; without words the list's stays")
    func test_WORDS_16_inlineAdd() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let page = try await client.execute(uri: "/projects/Home", method: .get).text
            #expect(page.contains(#"<input type="hidden" name="words" value="1">"#))
            #expect(page.contains(#"data-add-preview="add-title-preview""#))
            #expect(page.contains(#"id="add-title-preview" class="add-preview inline" aria-live="polite""#))
            for title in ["Call mom tomorrow #Family", "Buy milk"] {
                let response = try await client.execute(
                    uri: "/items", method: .post, headers: .form,
                    body: .form([("from", "/projects/Home"), ("words", "1"), ("project", "Home"), ("title", title)]))
                #expect(response.status == .seeOther)
            }
            let items = try await sut.store.items()
            let call = try #require(items.first { $0.title == "Call mom" })
            #expect(call.project == Project(name: "Family") && call.dueDate == tomorrow)
            #expect(items.first { $0.title == "Buy milk" }?.project == Project(name: "Home"))
        }
    }

    @Test("WORDS-17 the + form reads its title when adding, shows what it will store, and never reads when editing")
    func test_WORDS_17_form() async throws {
        let sut = WebSUT()
        let old = try await sut.store.add(TodoDraft(title: "Old"))
        try await sut.app.test(.router) { client async throws in
            let form = try await client.execute(uri: "/items/new?from=%2F", method: .get).text
            #expect(form.contains(#"<input type="hidden" name="words" value="1">"#))
            #expect(form.contains(#"id="title-preview" class="add-preview" aria-live="polite""#))
            let added = try await client.execute(
                uri: "/items", method: .post, headers: .form,
                body: .form([("from", "/"), ("words", "1"), ("title", "Call mom tomorrow ~30m"), ("dueDate", ""), ("estimate", "")]))
            #expect(added.status == .seeOther)
            let item = try #require(try await sut.store.items().first { $0.title == "Call mom" })
            #expect(item.dueDate == tomorrow && item.estimateMinutes == 30)

            let edit = try await client.execute(uri: "/items/\(old.id.lowercasedText)/edit", method: .get).text
            #expect(!edit.contains(#"name="words""#))
            let saved = try await client.execute(
                uri: "/items/\(old.id.lowercasedText)", method: .post, headers: .form,
                body: .form([("from", "/"), ("version", "1"), ("words", "1"), ("title", "Read Friday fri")]))
            #expect(saved.status == .seeOther)
            #expect(try await sut.store.item(id: old.id)?.title == "Read Friday fri")
        }
    }

    @Test("WORDS-13 WORDS-17 a refused value brings the form back with the rule's sentence and the chips")
    func test_WORDS_13_formRefusal() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let title = "Long tomorrow #" + String(repeating: "x", count: 201)
            let response = try await client.execute(
                uri: "/items", method: .post, headers: .form, body: .form([("from", "/"), ("words", "1"), ("title", title)]))
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("The project name is 201 characters long; it can be at most 200."))
            #expect(response.text.contains(#"data-testid="chip-dueDate">Due Sun 11/22/2026</li>"#))
            #expect(try await sut.store.items().isEmpty)
        }
    }

    @Test("WORDS-18 quick add reads its first line; the words win over the chosen project")
    func test_WORDS_18_quickAdd() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let page = try await client.execute(uri: "/quick-add", method: .get).text
            #expect(page.contains(#"<input type="hidden" name="words" value="1">"#))
            #expect(page.contains(#"id="quick-text-page-preview" class="add-preview" aria-live="polite""#))
            let response = try await client.execute(
                uri: "/quick-add", method: .post, headers: .form,
                body: .form([("from", "/"), ("words", "1"), ("text", "Call mom tomorrow #Family\r\nabout fri"), ("project", "Home")]))
            #expect(response.status == .seeOther)
            let item = try #require(try await sut.store.items().first)
            #expect(item.title == "Call mom" && item.details == "about fri")
            #expect(item.project == Project(name: "Family") && item.dueDate == tomorrow)
        }
    }

    @Test("WORDS-19 /add/preview answers the chips as a fragment, escaped; nothing for plain text")
    func test_WORDS_19_previewRoute() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let text = "Call <b>mom</b> tomorrow #Family @\"Corner shop\" ~30m every mon,wed"
            let query = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let response = try await client.execute(uri: "/add/preview?text=\(query)", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.cacheControl] == "no-store")
            let html = response.text
            #expect(!html.contains("<html") && !html.contains("<b>mom"))
            #expect(html.contains("“Call &lt;b&gt;mom&lt;/b&gt;”"))
            #expect(html.contains(#"<li class="chip dueDate" title="From “tomorrow”" data-testid="chip-dueDate">Due Sun 11/22/2026</li>"#))
            #expect(html.contains(#"data-testid="chip-project">Project Family</li>"#))
            #expect(html.contains(#"data-testid="chip-location">Location Corner shop</li>"#))
            #expect(html.contains(#"data-testid="chip-estimate">Estimate 30m</li>"#))
            #expect(html.contains(#"data-testid="chip-repeatRule">Every Mon, Wed</li>"#))
            #expect(html.contains("Will store “Call &lt;b&gt;mom&lt;/b&gt;”: Due Sun 11/22/2026"))
            let plain = try await client.execute(uri: "/add/preview?text=Read%20Friday%20Night%20Lights", method: .get)
            #expect(plain.status == .ok && plain.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
            let none = try await client.execute(uri: "/add/preview", method: .get)
            #expect(none.status == .ok && none.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        }
    }
}

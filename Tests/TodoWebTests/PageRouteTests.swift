import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoTestSupport

@Suite("Web pages (router)")
struct PageRouteTests {
    @Test("LIST-4 an empty list shows the empty state and no section headers")
    func test_LIST_4_emptyList() async throws {
        try await WebSUT().app.test(.router) { client async throws in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(response.text.contains("data-testid=\"empty-state\""))
                #expect(!response.text.contains("data-testid=\"header-todo\""))
            }
        }
    }

    @Test("LIST-1 LIST-5 the list shows To Do above Done with rows, dates and struck-through done titles")
    func test_LIST_1_LIST_5_sections() async throws {
        let sut = WebSUT()
        _ = try await sut.store.add(TodoDraft(title: "Open", dueDate: CalendarDate(iso: "2026-03-04"), location: Location(name: "Shop")))
        let done = try await sut.store.add(TodoDraft(title: "Finished"))
        _ = try await sut.store.setDone(id: done.id, true)
        try await sut.app.test(.router) { client async throws in
            let html = try await client.execute(uri: "/", method: .get).text
            let todo = try #require(html.range(of: "data-testid=\"header-todo\""))
            let doneHeader = try #require(html.range(of: "data-testid=\"header-done\""))
            #expect(todo.lowerBound < doneHeader.lowerBound)
            #expect(html.contains(">Shop</span>") && html.contains(">03/04/2026</time></span>"))
            #expect(html.contains("<s class=\"title\">Finished</s>"))
            #expect(html.contains(">Uncheck</span></button>") && html.contains(">Check</span></button>"))
        }
    }

    @Test("user text is escaped on every page")
    func test_userTextIsEscaped() async throws {
        let sut = WebSUT()
        let payload = "<img src=x onerror=alert(1)>"
        let item = try await sut.store.add(TodoDraft(title: payload, details: payload, project: Project(name: payload)))
        try await sut.app.test(.router) { client async throws in
            let id = item.id.lowercasedText
            for uri in ["/", "/items/\(id)", "/items/\(id)/edit", "/projects/\(HTMLPath.encode(payload))", "/quick-add"] {
                let html = try await client.execute(uri: uri, method: .get).text
                #expect(!html.contains(payload), "\(uri) shows raw markup")
                #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;") || uri == "/quick-add", "\(uri)")
            }
        }
    }

    @Test("LIST-6 the unfinished-only toggle is remembered in a cookie and hides Done")
    func test_LIST_6_unfinishedToggle() async throws {
        let sut = WebSUT()
        let done = try await sut.store.add(TodoDraft(title: "Finished"))
        _ = try await sut.store.setDone(id: done.id, true)
        try await sut.app.test(.router) { client async throws in
            let response = try await client.execute(
                uri: "/preferences/unfinished", method: .post, headers: .form, body: .form([("on", "1"), ("from", "/")]))
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/")
            let cookie = try #require(response.headers[.setCookie])
            #expect(cookie.hasPrefix("unfinished=1") && cookie.contains("SameSite=Lax"))
            let hidden = try await client.execute(uri: "/", method: .get, headers: [.cookie: "unfinished=1"]).text
            #expect(!hidden.contains("data-testid=\"header-done\""))
            #expect(hidden.contains("aria-checked=\"true\""))
            let shown = try await client.execute(uri: "/", method: .get, headers: [.cookie: "unfinished=0"]).text
            #expect(shown.contains("data-testid=\"header-done\""))
        }
    }

    @Test("LIST-7 project and date lists show only their items; a malformed date is 404")
    func test_LIST_7_filteredLists() async throws {
        let sut = WebSUT()
        _ = try await sut.store.add(TodoDraft(title: "Work item", dueDate: today, project: Project(name: "Work & Co")))
        _ = try await sut.store.add(TodoDraft(title: "Home item", project: Project(name: "Home")))
        try await sut.app.test(.router) { client async throws in
            let work = try await client.execute(uri: "/projects/Work%20%26%20Co", method: .get).text
            #expect(work.contains("Work item") && !work.contains("Home item"))
            #expect(work.contains("/quick-add?from=%2Fprojects%2FWork%2520%2526%2520Co&amp;project=Work%20%26%20Co"),
                    "quick add opens with the project preselected")
            #expect(work.contains("name=\"project\" value=\"Work &amp; Co\""), "the inline add field adds to this project")
            let todayList = try await client.execute(uri: "/today", method: .get).text
            #expect(todayList.contains("Work item") && !todayList.contains("Home item"))
            let date = try await client.execute(uri: "/due/2026-11-21", method: .get).text
            #expect(date.contains("Work item") && date.contains("name=\"dueDate\" value=\"2026-11-21\""))
            #expect(try await client.execute(uri: "/due/2026-13-01", method: .get).status == .notFound)
        }
    }

    @Test("CHECK-1 CHECK-2 DELETE-1 row forms check, uncheck and delete, then return to the list")
    func test_rowActions() async throws {
        let sut = WebSUT()
        let a = try await sut.store.add(TodoDraft(title: "A"))
        let b = try await sut.store.add(TodoDraft(title: "B"))
        try await sut.app.test(.router) { client async throws in
            let check = try await client.execute(
                uri: "/items/\(a.id.uuidString)/done", method: .post, headers: .form, body: .form([("done", "1"), ("from", "/today")]))
            #expect(check.status == .seeOther && check.headers[.location] == "/today")
            #expect(try await sut.store.item(id: a.id)?.isDone == true)
            _ = try await client.execute(uri: "/items/\(a.id.uuidString)/done", method: .post, headers: .form, body: .form([("done", "0")]))
            #expect(try await sut.store.sectionTitles() == (["B", "A"], []))
            let delete = try await client.execute(
                uri: "/items/\(b.id.uuidString)/delete", method: .post, headers: .form, body: .form([("from", "https://evil.example/")]))
            #expect(delete.headers[.location] == "/", "never redirects to another site")
            #expect(try await sut.store.items().map(\.title) == ["A"])
            // A second delete of the same row (a double click) is harmless: back to the list (WEB-4).
            let again = try await client.execute(
                uri: "/items/\(b.id.uuidString)/delete", method: .post, headers: .form, body: .form([("from", "/")]))
            #expect(again.status == .seeOther && again.headers[.location] == "/")
        }
    }

    @Test("DETAIL-1 DETAIL-5 details show the fields, Check at the bottom and Back to the list they came from")
    func test_DETAIL_details() async throws {
        let sut = WebSUT()
        let item = try await sut.store.add(TodoDraft(title: "Pay rent", details: "by transfer"))
        try await sut.app.test(.router) { client async throws in
            let html = try await client.execute(uri: "/items/\(item.id.uuidString)?from=%2Fprojects%2FHome", method: .get).text
            #expect(html.contains("href=\"/projects/Home\" class=\"back\" data-testid=\"back\""))
            #expect(html.contains("by transfer"))
            #expect(html.contains("data-testid=\"toggle\">Check</button>"))
            #expect(try await client.execute(uri: "/items/\(UUID().uuidString)", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/items/not-an-id", method: .get).status == .notFound)
        }
    }

    @Test("ADD-1 ADD-5 ADD-6 the form adds an item with its optional fields and returns to the list")
    func test_ADD_form() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let form = try await client.execute(uri: "/items/new?from=%2F", method: .get).text
            #expect(form.contains("data-testid=\"title-input\"") && form.contains("data-testid=\"save\">Save</button>"))
            #expect(form.contains("data-testid=\"cancel\">Cancel</a>"))
            #expect(!form.contains("done-toggle"))
            let response = try await client.execute(
                uri: "/items", method: .post, headers: .form,
                body: .form([
                    ("title", "Run"), ("details", "5 km"), ("dueDate", "2026-12-01"), ("locationName", "Park"),
                    ("latitude", "48.85"), ("longitude", "2.35"), ("project", "Health"), ("estimate", "1h30m"),
                    ("repeat[]", "mon"), ("repeat[]", "thu"), ("from", "/"),
                ]))
            #expect(response.status == .seeOther && response.headers[.location] == "/")
            let item = try #require(try await sut.store.items().first)
            #expect(item.title == "Run" && item.details == "5 km" && item.dueDate == CalendarDate(iso: "2026-12-01"))
            #expect(item.location == Location(name: "Park", latitude: 48.85, longitude: 2.35))
            #expect(item.project == Project(name: "Health") && item.estimateMinutes == 90 && item.repeatRule == .weekly(on: [.monday, .thursday]))
        }
    }

    @Test("ADD-3 the server refuses a blank title with the form again, input kept, and a message")
    func test_ADD_3_blankTitleRefused() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let response = try await client.execute(
                uri: "/items", method: .post, headers: .form, body: .form([("title", "   "), ("details", "keep me")]))
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("The title can&#39;t be empty."))
            #expect(response.text.contains(">keep me</textarea>"))
            #expect(try await sut.store.items().isEmpty)
        }
    }

    @Test("ADD-6 QUICK-4 line breaks a browser sends as CR LF are stored as LF")
    func test_formLineBreaksNormalized() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let added = try await client.execute(
                uri: "/items", method: .post, headers: .form, body: .form([("title", "Milk"), ("details", "Two litres\r\nsemi\rskimmed")]))
            #expect(added.status == .seeOther)
            let quick = try await client.execute(
                uri: "/quick-add", method: .post, headers: .form, body: .form([("text", "Eggs\r\n\r\n  a dozen\r\nfree range  \r\n")]))
            #expect(quick.status == .seeOther)
            let items = try await sut.store.items()
            #expect(items.first { $0.title == "Milk" }?.details == "Two litres\nsemi\nskimmed")
            #expect(items.first { $0.title == "Eggs" }?.details == "a dozen\nfree range")
        }
    }

    @Test("a malformed date's error page repeats it decoded and escaped")
    func test_malformedDateMessage() async throws {
        try await WebSUT().app.test(.router) { client async throws in
            let response = try await client.execute(uri: "/due/%3Cb%3Ex%3C%2Fb%3E", method: .get)
            #expect(response.status == .notFound)
            #expect(response.text.contains("“&lt;b&gt;x&lt;/b&gt;” is not a date"))
        }
    }

    @Test("EDIT-1 EDIT-2 the edit form is filled, has the done toggle, and OK stores the changes")
    func test_EDIT_form() async throws {
        let sut = WebSUT()
        let item = try await sut.store.add(TodoDraft(title: "Run", project: Project(name: "Health")))
        try await sut.app.test(.router) { client async throws in
            let id = item.id.lowercasedText
            let form = try await client.execute(uri: "/items/\(id)/edit", method: .get).text
            #expect(form.contains("value=\"Run\"") && form.contains("data-testid=\"done-toggle\"") && form.contains(">Save</button>"))
            let response = try await client.execute(
                uri: "/items/\(id)", method: .post, headers: .form,
                body: .form([("title", "Run far"), ("done", "1"), ("version", "1"), ("from", "/items/\(id)")]))
            #expect(response.status == .seeOther && response.headers[.location] == "/items/\(id)")
            let saved = try #require(try await sut.store.item(id: item.id))
            #expect(saved.title == "Run far" && saved.isDone && saved.project == nil)
        }
    }

    @Test("saving an edit over a newer version shows a conflict and overwrites nothing")
    func test_editConflict() async throws {
        let sut = WebSUT()
        let item = try await sut.store.add(TodoDraft(title: "Run"))
        _ = try await sut.store.update(id: item.id, TodoChanges(title: "Changed elsewhere"))
        try await sut.app.test(.router) { client async throws in
            let response = try await client.execute(
                uri: "/items/\(item.id.uuidString)", method: .post, headers: .form,
                body: .form([("title", "Mine"), ("version", "1")]))
            #expect(response.status == .conflict)
            #expect(response.text.contains("Changed elsewhere") && response.text.contains("Mine"))
            #expect(try await sut.store.item(id: item.id)?.title == "Changed elsewhere")
        }
    }

    @Test("QUICK-1 QUICK-3 QUICK-4 quick add saves title, description and selections; a blank title saves nothing")
    func test_QUICK_quickAdd() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let page = try await client.execute(uri: "/quick-add?from=%2Ftoday&due=2026-11-21", method: .get).text
            #expect(page.contains("data-testid=\"quick-option-dueDate-2026-11-21\" ") || page.contains("value=\"2026-11-21\" checked"))
            let blank = try await client.execute(uri: "/quick-add", method: .post, headers: .form, body: .form([("text", "  \nrest")]))
            #expect(blank.status == .unprocessableContent)
            #expect(try await sut.store.items().isEmpty)
            let response = try await client.execute(
                uri: "/quick-add", method: .post, headers: .form,
                body: .form([
                    ("text", "Plan sprint\nwith the team"), ("project", "Work"), ("dueDate", "2026-11-22"), ("estimate", "90"),
                    ("repeatDays[]", "mon"), ("repeatDays[]", "fri"), ("from", "/today"),
                ]))
            #expect(response.status == .seeOther && response.headers[.location] == "/today")
            let item = try #require(try await sut.store.items().first)
            #expect(item.title == "Plan sprint" && item.details == "with the team" && item.project == Project(name: "Work"))
            #expect(item.dueDate == CalendarDate(iso: "2026-11-22") && item.estimateMinutes == 90 && item.repeatRule == .weekly(on: [.monday, .friday]))
        }
    }

    @Test("static files are served with their content types; unknown and traversal paths are 404")
    func test_staticFiles() async throws {
        try await WebSUT().app.test(.router) { client async throws in
            #expect(try await client.execute(uri: "/assets/todo.js", method: .get).headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(try await client.execute(uri: "/assets/webui.css", method: .get).headers[.contentType] == "text/css; charset=utf-8")
            #expect(try await client.execute(uri: "/assets/../Package.swift", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/assets/%2e%2e/%2e%2e/etc/passwd", method: .get).status == .notFound)
        }
    }

    @Test("every page carries a content security policy that forbids inline scripts")
    func test_securityHeaders() async throws {
        try await WebSUT().app.test(.router) { client async throws in
            let response = try await client.execute(uri: "/", method: .get)
            #expect(response.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
            #expect(response.headers[.xContentTypeOptions] == "nosniff")
        }
    }

    @Test("a long list comes a page at a time, with links to the other pages")
    func test_longListIsPaged() async throws {
        let sut = WebSUT()
        for index in 1...60 { _ = try await sut.store.add(TodoDraft(title: "Item \(index)")) }  // Item 60 first
        try await sut.app.test(.router) { client async throws in
            let first = try await client.execute(uri: "/", method: .get).text
            #expect(first.components(separatedBy: "class=\"row\"").count - 1 == 50)
            #expect(first.contains(">Item 60<") && !first.contains(">Item 10<"))
            #expect(first.contains("href=\"/?page=2\""))
            #expect(first.contains("Page 1 of 2 (To Do 1–50 of 60)"))
            let second = try await client.execute(uri: "/?page=2", method: .get).text
            #expect(second.components(separatedBy: "class=\"row\"").count - 1 == 10)
            #expect(second.contains(">Item 10<") && second.contains(">Item 1<"))
            #expect(second.contains("name=\"from\" value=\"/?page=2\""))
        }
    }

    @Test("GET /healthz answers without touching the list")
    func test_healthz() async throws {
        try await WebSUT().app.test(.router) { client async throws in
            let response = try await client.execute(uri: "/healthz", method: .get)
            #expect(response.status == .ok)
            #expect(response.text == "ok\n")
        }
    }
}

enum HTMLPath {
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}

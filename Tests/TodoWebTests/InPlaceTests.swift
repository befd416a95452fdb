import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing
import TodoCore
import TodoTestSupport
import TodoWeb

@Suite("In-place pages (router)")
struct InPlaceTests {
    private let fragment: HTTPFields = [HTTPField.Name("X-Page-Fragment")!: "1"]

    @Test("WEB-1 a page's own route answers its #page fragment when asked, the whole document otherwise")
    func test_WEB_1_fragment() async throws {
        let sut = WebSUT()
        _ = try await sut.store.add(TodoDraft(title: "Buy <milk>"))
        try await sut.app.test(.router) { client async throws in
            for path in ["/", "/today", "/items/new", "/quick-add", "/import-export"] {
                let whole = try await client.execute(uri: path, method: .get)
                #expect(whole.text.hasPrefix("<!doctype html>"), "\(path)")
                #expect(whole.headers[.vary] == "X-Page-Fragment, Accept-Language, Cookie" && whole.headers[.cacheControl] == "no-store")
                let part = try await client.execute(uri: path, method: .get, headers: fragment)
                #expect(part.status == .ok)
                #expect(part.text.hasPrefix("<div id=\"page\""), "\(path)")
                #expect(!part.text.contains("<html") && !part.text.contains("<script"), "\(path)")
                #expect(part.headers[.contentType] == "text/html; charset=utf-8")
            }
            let list = try await client.execute(uri: "/", method: .get, headers: fragment).text
            #expect(list.contains("<span class=\"title\">Buy &lt;milk&gt;</span>"))
            // Errors come as fragments too, with their status, so the script can show them in place.
            let missing = try await client.execute(uri: "/items/\(UUID().uuidString)", method: .get, headers: fragment)
            #expect(missing.status == .notFound && missing.text.hasPrefix("<div id=\"page\""))
            #expect(missing.text.contains("data-testid=\"error-message\""))
        }
    }

    @Test("WEB-2 a row's check control says what it does and what will be said, from the ViewModel")
    func test_WEB_2_rowAnnouncements() async throws {
        let sut = WebSUT()
        _ = try await sut.store.add(TodoDraft(title: "Buy milk"))
        let done = try await sut.store.add(TodoDraft(title: "Read"))
        _ = try await sut.store.setDone(id: done.id, true)
        try await sut.app.test(.router) { client async throws in
            let html = try await client.execute(uri: "/", method: .get).text
            #expect(html.contains("aria-label=\"Check Buy milk\" data-announce=\"Checked “Buy milk”\""))
            #expect(html.contains("aria-label=\"Uncheck Read\" data-announce=\"Unchecked “Read”\""))
            #expect(html.contains("aria-label=\"Delete Buy milk\" data-announce=\"Deleted “Buy milk”\""))
        }
    }

    @Test("WEB-5 the inline add field adds to the list it is on: a project, today, a date")
    func test_WEB_5_inlineAdd() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            for (path, hidden) in [
                ("/projects/Home", [("project", "Home")]), ("/today", [("dueDate", today.iso)]),
                ("/due/2026-12-24", [("dueDate", "2026-12-24")]), ("/", []),
            ] {
                let page = try await client.execute(uri: path, method: .get).text
                for (name, value) in hidden {
                    #expect(page.contains("<input type=\"hidden\" name=\"\(name)\" value=\"\(value)\">"), "\(path)")
                }
                let title = "Added on \(path)"
                let response = try await client.execute(
                    uri: "/items", method: .post, headers: .form,
                    body: .form([("from", path), ("title", title)] + hidden))
                #expect(response.status == .seeOther && response.headers[.location] == path)
                let item = try #require(try await sut.store.items().first { $0.title == title })
                #expect(item.project?.name == hidden.first { $0.0 == "project" }?.1)
                #expect(item.dueDate?.iso == hidden.first { $0.0 == "dueDate" }?.1)
            }
            let listed = try await client.execute(uri: "/projects/Home", method: .get).text
            #expect(listed.contains("Added on /projects/Home"))
        }
    }

    @Test("WEB-6 an overdue to-do row says so in words; a future one doesn't")
    func test_WEB_6_overdue() async throws {
        let sut = WebSUT()
        _ = try await sut.store.add(TodoDraft(title: "Late", dueDate: today.adding(days: -2)))
        _ = try await sut.store.add(TodoDraft(title: "Soon", dueDate: today.adding(days: 2)))
        try await sut.app.test(.router) { client async throws in
            let html = try await client.execute(uri: "/", method: .get).text
            let late = today.adding(days: -2).monthDayYear, soon = today.adding(days: 2).monthDayYear
            #expect(html.contains(
                "class=\"chip due overdue\" data-testid=\"due\"><span class=\"visually-hidden\">overdue, </span><time datetime=\"\(today.adding(days: -2).iso)\">\(late)</time>"))
            // Two days on, the row says the weekday, the date on hover (TIME-9).
            #expect(html.contains("class=\"chip due\" data-testid=\"due\"><time datetime=\"\(today.adding(days: 2).iso)\" title=\"\(soon)\">Mon</time>"))
        }
    }

    @Test("WEB-6 a row rendered yesterday turns overdue when the day turns (rendered rows are kept by day)")
    func test_WEB_6_overdueWhenTheDayTurns() async throws {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        let day = Mutex(today)
        _ = try await store.add(TodoDraft(title: "Due today", dueDate: today))
        let app = Application(router: try TodoWebApp.buildRouter(
            store: store, options: TodoWebOptions(today: { day.withLock { $0 } }, now: { TestEnvironment.referenceDate })))
        try await app.test(.router) { client async throws in
            let before = try await client.execute(uri: "/", method: .get).text
            #expect(!before.contains("chip due overdue"))
            day.withLock { $0 = today.adding(days: 1) }
            let after = try await client.execute(uri: "/", method: .get).text
            #expect(after.contains(
                "class=\"chip due overdue\" data-testid=\"due\"><span class=\"visually-hidden\">overdue, </span><time datetime=\"\(today.iso)\">\(today.monthDayYear)</time>"))
        }
    }

    @Test("QUICK-5 QUICK-7 the popup's sections come one at a time as server-rendered fieldsets")
    func test_quickAddSections() async throws {
        let sut = WebSUT()
        _ = try await sut.store.add(TodoDraft(title: "x", project: Project(name: "Home")))
        try await sut.app.test(.router) { client async throws in
            let list = try await client.execute(uri: "/projects/Home", method: .get).text
            #expect(list.contains("data-src=\"/quick-add/sections/project?project=Home\" data-state=\"notLoaded\""))
            let section = try await client.execute(uri: "/quick-add/sections/project?project=Home", method: .get)
            #expect(section.status == .ok)
            #expect(section.text.hasPrefix("<fieldset class=\"quick-section\" data-section=\"project\""))
            #expect(section.text.contains("data-state=\"loaded\""))
            #expect(section.text.contains("value=\"Home\" checked data-testid=\"quick-option-project-Home\""))
            #expect(try await client.execute(uri: "/quick-add/sections/nope", method: .get).status == .notFound)
        }
    }
}

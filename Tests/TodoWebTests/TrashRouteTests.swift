import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoTestSupport
import TodoWeb

/// docs/specs/trash.md in the web View and the API: the Undo notice after a delete, the Trash
/// page and its confirmation, and `/api/trash`.
@Suite("Trash and undo (router)")
struct TrashRouteTests {
    private let fragment: HTTPFields = [HTTPField.Name("X-Page-Fragment")!: "1"]

    private func headers(_ base: HTTPFields, _ extra: HTTPFields) -> HTTPFields {
        var all = base
        all.append(contentsOf: extra)
        return all
    }

    private func deleteForm(_ id: UUID, from: String = "/") -> (String, ByteBuffer) {
        ("/items/\(id.lowercasedText)/delete", .form([("from", from)]))
    }

    @Test("UNDO-1 a delete hands the list its id; the list shows “Deleted “X” · Undo” once, then forgets it")
    func test_UNDO_1_noticeAfterDelete() async throws {
        let sut = WebSUT()
        let a = try await sut.store.add(TodoDraft(title: "Buy <milk>"))
        _ = try await sut.store.add(TodoDraft(title: "Keep"))
        let id = a.id.lowercasedText
        try await sut.app.test(.router) { client async throws in
            let (uri, body) = deleteForm(a.id, from: "/projects/Home")
            let delete = try await client.execute(uri: uri, method: .post, headers: .form, body: body)
            #expect(delete.status == .seeOther && delete.headers[.location] == "/projects/Home")
            let cookie = try #require(delete.headers[.setCookie])
            #expect(cookie.hasPrefix("undo=\(id)") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"))

            let list = try await client.execute(uri: "/", method: .get, headers: [.cookie: "undo=\(id)"])
            let html = list.text
            #expect(html.contains("data-testid=\"undo-notice\""))
            #expect(html.contains("role=\"status\" data-undo-notice data-seconds=\"8\""))
            #expect(html.contains("<span class=\"undo-message\" data-testid=\"undo-message\">Deleted “Buy &lt;milk&gt;”</span>"))
            #expect(html.contains("<form method=\"post\" action=\"/trash/\(id)/restore\" data-in-place"))
            #expect(html.contains("data-focus=\"[data-testid='toggle-\(id)']\""))
            #expect(html.contains("data-announce=\"Restored “Buy &lt;milk&gt;”\""))
            #expect(html.contains("<input type=\"hidden\" name=\"from\" value=\"/\">"))
            #expect(html.contains("aria-label=\"Undo deleting “Buy &lt;milk&gt;”\""))
            #expect(html.contains("data-undo data-testid=\"undo\">Undo</button>"))
            let cleared = try #require(list.headers[.setCookie])
            #expect(cleared.hasPrefix("undo=;") && cleared.contains("Max-Age=0"))
            // The fragment carries the same notice (the in-place delete follows the redirect).
            let part = try await client.execute(
                uri: "/", method: .get, headers: headers(fragment, [.cookie: "undo=\(id)"]))
            #expect(part.text.hasPrefix("<div id=\"page\"") && part.text.contains("data-testid=\"undo-notice\""))

            let next = try await client.execute(uri: "/", method: .get)
            #expect(!next.text.contains("undo-notice"), "once: the next page has no notice")
            #expect(next.headers[.setCookie] == nil)
        }
    }

    @Test("UNDO-4 no notice for an item no longer in the Trash, nor after a delete that found nothing")
    func test_UNDO_4_nothingToUndo() async throws {
        let sut = WebSUT()
        let a = try await sut.store.add(TodoDraft(title: "A"))
        let id = a.id.lowercasedText
        try await sut.app.test(.router) { client async throws in
            let (uri, body) = deleteForm(a.id)
            _ = try await client.execute(uri: uri, method: .post, headers: .form, body: body)
            let again = try await client.execute(uri: uri, method: .post, headers: .form, body: body)
            #expect(again.status == .seeOther && again.headers[.setCookie] == nil, "nothing deleted: nothing to undo")
            _ = try await sut.store.restore(id: a.id)
            let list = try await client.execute(uri: "/", method: .get, headers: [.cookie: "undo=\(id)"]).text
            #expect(!list.contains("undo-notice"))
            let bogus = try await client.execute(uri: "/", method: .get, headers: [.cookie: "undo=<script>"])
            #expect(bogus.status == .ok && !bogus.text.contains("undo-notice"))
            // Undo of what is no longer in the Trash: back to the list, no error page.
            let undo = try await client.execute(
                uri: "/trash/\(id)/restore", method: .post, headers: .form, body: .form([("from", "/")]))
            #expect(undo.status == .seeOther && undo.headers[.location] == "/")
            #expect(try await sut.store.items().map(\.title) == ["A"])
        }
    }

    @Test("UNDO-2 TRASH-2 Undo is a plain form that puts the item back at its place and returns to the list")
    func test_UNDO_2_undoRestoresInPlace() async throws {
        let sut = WebSUT()
        try await sut.store.add(titles: ["C", "B", "A"])  // To Do: A B C
        let b = try #require(try await sut.store.items().first { $0.title == "B" })
        try await sut.app.test(.router) { client async throws in
            let (uri, body) = deleteForm(b.id, from: "/?page=1")
            _ = try await client.execute(uri: uri, method: .post, headers: .form, body: body)
            #expect(try await sut.store.sectionTitles().todo == ["A", "C"])
            let undo = try await client.execute(
                uri: "/trash/\(b.id.lowercasedText)/restore", method: .post, headers: .form, body: .form([("from", "/?page=1")]))
            #expect(undo.status == .seeOther && undo.headers[.location] == "/?page=1")
            #expect(undo.headers[.setCookie]?.hasPrefix("undo=;") == true, "the notice is done with")
            #expect(try await sut.store.sectionTitles().todo == ["A", "B", "C"])
            #expect(try await sut.store.item(id: b.id)?.version == 2)
            // In place: the redirect is followed with the fragment header, and the row is back.
            _ = try await client.execute(uri: uri, method: .post, headers: .form, body: body)
            let inPlace = try await client.execute(
                uri: "/trash/\(b.id.lowercasedText)/restore", method: .post, headers: headers(.form, fragment),
                body: .form([("from", "https://evil.example/")]))
            #expect(inPlace.headers[.location] == "/", "never redirects to another site")
        }
    }

    @Test("TRASH-9 the lists link the Trash; it lists newest first with Restore and Delete forever; empty, it says so")
    func test_TRASH_9_trashPage() async throws {
        let sut = WebSUT()
        let items = try await sut.store.add(titles: ["Old", "New"])
        try await sut.app.test(.router) { client async throws in
            let list = try await client.execute(uri: "/", method: .get).text
            #expect(list.contains("<a href=\"/trash\" data-testid=\"nav-trash\">Trash</a>"))
            let empty = try await client.execute(uri: "/trash", method: .get).text
            #expect(empty.contains("data-testid=\"trash-empty\">The Trash is empty.</p>"))
            #expect(!empty.contains("data-testid=\"empty-trash\""), "nothing to empty")

            for item in items { _ = try await sut.store.delete(id: item.id) }
            let page = try await client.execute(uri: "/trash", method: .get)
            #expect(page.status == .ok)
            let html = page.text
            #expect(html.contains("<title>Trash — Todo</title>"))
            #expect(html.contains("Deleted items stay here 30 days, then they are deleted forever."))
            let (old, new) = (items[0].id.lowercasedText, items[1].id.lowercasedText)
            let newRow = try #require(html.range(of: "data-testid=\"trash-row-\(new)\""))
            let oldRow = try #require(html.range(of: "data-testid=\"trash-row-\(old)\""))
            #expect(newRow.lowerBound < oldRow.lowerBound, "newest first")
            #expect(html.contains("<form method=\"post\" action=\"/trash/\(new)/restore\" data-in-place>"))
            #expect(html.contains("aria-label=\"Restore “New”\" data-announce=\"Restored “New” to To Do\" data-row-focus data-testid=\"restore-\(new)\">Restore</button>"))
            #expect(html.contains("<form method=\"post\" action=\"/trash/\(new)/delete\" data-in-place>"))
            #expect(html.contains("aria-label=\"Delete “New” forever\""))
            #expect(html.contains("data-testid=\"delete-forever-\(new)\">Delete forever</button>"))
            #expect(html.contains("<a class=\"button\" href=\"/trash/empty\" data-in-place"))
            let part = try await client.execute(uri: "/trash", method: .get, headers: fragment)
            #expect(part.text.hasPrefix("<div id=\"page\"") && part.text.contains("trash-row-\(new)"))
        }
    }

    @Test("TRASH-2 TRASH-3 the Trash page's Restore and Delete forever, as plain forms back to the Trash")
    func test_TRASH_3_restoreAndDeleteForever() async throws {
        let sut = WebSUT()
        let items = try await sut.store.add(titles: ["A", "B"])
        for item in items { _ = try await sut.store.delete(id: item.id) }
        try await sut.app.test(.router) { client async throws in
            let restore = try await client.execute(
                uri: "/trash/\(items[0].id.lowercasedText)/restore", method: .post, headers: .form, body: .form([("from", "/trash")]))
            #expect(restore.status == .seeOther && restore.headers[.location] == "/trash")
            let forever = try await client.execute(
                uri: "/trash/\(items[1].id.lowercasedText)/delete", method: .post, headers: .form, body: .form([("from", "/trash")]))
            #expect(forever.status == .seeOther && forever.headers[.location] == "/trash")
            #expect(try await sut.store.items().map(\.title) == ["A"])
            #expect(try await sut.store.trash().isEmpty)
            let again = try await client.execute(
                uri: "/trash/\(items[1].id.lowercasedText)/delete", method: .post, headers: .form, body: .form([("from", "/trash")]))
            #expect(again.status == .seeOther, "already gone: no error page")
            let malformed = try await client.execute(uri: "/trash/not-an-id/restore", method: .post, headers: .form, body: .form([]))
            #expect(malformed.status == .notFound)
        }
    }

    @Test("TRASH-10 Empty trash asks on a page first; only its form empties")
    func test_TRASH_10_emptyAsksFirst() async throws {
        let sut = WebSUT()
        let items = try await sut.store.add(titles: ["A", "B", "C"])
        for item in items.prefix(2) { _ = try await sut.store.delete(id: item.id) }
        try await sut.app.test(.router) { client async throws in
            let confirm = try await client.execute(uri: "/trash/empty", method: .get)
            #expect(confirm.status == .ok)
            let html = confirm.text
            #expect(html.contains("data-testid=\"confirm-question\">Delete 2 items forever?</h2>"))
            #expect(html.contains("<form method=\"post\" action=\"/trash/empty\""))
            #expect(html.contains("data-testid=\"confirm-empty\">Empty trash</button>"))
            #expect(html.contains("href=\"/trash\" data-in-place data-focus=\"[data-testid=empty-trash]\" data-testid=\"cancel-empty\">Cancel</a>"))
            #expect(try await sut.store.trash().count == 2, "asking changes nothing")
            // A page on another site can't empty it (as for every other action).
            let crossSite = try await client.execute(
                uri: "/trash/empty", method: .post, headers: headers(.form, [.origin: "https://evil.example"]), body: .form([]))
            #expect(crossSite.status == .forbidden)
            #expect(try await sut.store.trash().count == 2)

            let empty = try await client.execute(uri: "/trash/empty", method: .post, headers: .form, body: .form([]))
            #expect(empty.status == .seeOther && empty.headers[.location] == "/trash")
            #expect(try await sut.store.trash().isEmpty)
            #expect(try await sut.store.items().map(\.title) == ["C"])
        }
    }

    @Test("TRASH-15 DELETE keeps the Todo-Backend meaning; /api/trash lists; restore answers the item or 404")
    func test_TRASH_15_api() async throws {
        let sut = WebSUT()
        let item = try await sut.store.add(TodoDraft(title: "Buy milk", project: Project(name: "Home")))
        let id = item.id.lowercasedText
        try await sut.app.test(.router) { client async throws in
            #expect(try await client.execute(uri: "/api/todos/\(id)", method: .delete).status == .noContent)
            #expect(try await client.execute(uri: "/api/todos/\(id)", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/api/todos/\(id)", method: .delete).status == .notFound)
            let list = try await client.execute(uri: "/api/todos", method: .get)
            #expect((try list.json() as? [Any])?.isEmpty == true)

            let trash = try await client.execute(uri: "/api/trash", method: .get)
            #expect(trash.status == .ok)
            let entries = try #require(try trash.json() as? [[String: Any]])
            #expect(entries.count == 1)
            #expect(entries.first?["id"] as? String == id)
            #expect(entries.first?["title"] as? String == "Buy milk")
            #expect(entries.first?["project"] as? String == "Home")
            #expect((entries.first?["deletedAt"] as? String)?.hasPrefix("2026-11-21T09:00") == true)

            let restored = try await client.execute(uri: "/api/trash/\(id)/restore", method: .post)
            #expect(restored.status == .ok)
            #expect(restored.headers[.eTag] == "\"2\"")
            let body = try #require(try restored.json() as? [String: Any])
            #expect(body["title"] as? String == "Buy milk")
            #expect((body["url"] as? String)?.hasSuffix("/api/todos/\(id)") == true)
            #expect(try await client.execute(uri: "/api/todos/\(id)", method: .get).status == .ok)

            let again = try await client.execute(uri: "/api/trash/\(id)/restore", method: .post)
            #expect(again.status == .notFound)
            let error = try #require(try again.json() as? [String: Any])
            #expect(error["error"] as? String == "No item with id “\(id)” is in the Trash.")
            #expect(try await client.execute(uri: "/api/trash/nope/restore", method: .post).status == .notFound)
        }
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoWeb

/// The details page and the edit form follow their item (docs/specs/live.md, LIVE-12, LIVE-13):
/// what the server renders for the page's script to follow with. The following itself is in
/// browser-tests/todo/test_live_details.py.
@Suite("Pages about one item follow it (router)")
struct LiveItemPageTests {
    private let fragment: HTTPFields = [HTTPField.Name("X-Page-Fragment")!: "1"]

    /// The value of `name` on the element whose attributes include `marker`.
    private func attribute(_ name: String, of marker: String, in html: String) -> String? {
        guard let start = html.range(of: marker),
              let tagStart = html[..<start.lowerBound].lastIndex(of: "<"),
              let tagEnd = html[start.upperBound...].firstIndex(of: ">")
        else { return nil }
        let tag = html[tagStart..<tagEnd]
        guard let found = tag.range(of: " \(name)=\"") else { return nil }
        return String(tag[found.upperBound...].prefix { $0 != "\"" })
    }

    @Test("LIVE-12 the details page's fragment names its item and holds the notice for when it is gone, hidden")
    func test_LIVE_12_detailsFragment() async throws {
        let sut = WebSUT()
        let item = try await sut.store.add(TodoDraft(title: "Paint the fence", project: Project(name: "Home")))
        let id = item.id.uuidString.lowercased()
        try await sut.app.test(.router) { client async throws in
            let uri = "/items/\(id)?from=/projects/Home"
            let page = try await client.execute(uri: uri, method: .get, headers: fragment)
            #expect(page.status == .ok && page.text.hasPrefix("<div id=\"page\""))
            let html = page.text
            #expect(attribute("data-live-item", of: "data-live-follow", in: html) == id)
            #expect(attribute("data-live-announce", of: "data-live-follow", in: html) == "This item changed elsewhere.")
            #expect(html.contains(
                "<div class=\"live-notices\" role=\"status\" data-testid=\"live-notices\"><p class=\"message\" hidden data-live-gone"
                    + " data-testid=\"live-gone\">This item was deleted elsewhere. <a href=\"/projects/Home\""
                    + " data-testid=\"live-gone-back\">Back to the list</a></p></div>"))
            // What hides when the item is gone: the actions that would act on it.
            for part in ["data-testid=\"edit\"", "data-testid=\"move-actions\"", "class=\"bottom-actions\""] {
                let tag = try #require(html.range(of: part).map { html[..<$0.upperBound] }.flatMap { $0.lastIndex(of: "<") }
                    .map { String(html[$0...].prefix { $0 != ">" }) })
                #expect(tag.contains("data-live-gone-hides"), "\(part)")
            }
            #expect(html.contains("<h1 data-testid=\"item-title\" data-live-part>Paint the fence</h1>"))
            #expect(html.contains("<dl class=\"fields\" data-live-parts data-testid=\"fields\">"))

            let japanese = try await client.execute(uri: uri, method: .get, headers: [.acceptLanguage: "ja"]).text
            #expect(japanese.contains(">この項目は別の場所で削除されました。 <a href=\"/projects/Home\" data-testid=\"live-gone-back\">リストに戻る</a>"))
            #expect(japanese.contains("data-live-announce=\"この項目が別の場所で変更されました。\""))

            // Deleted, the page answers 404 as a fragment, not a page that follows: the page the
            // script already shows says so itself.
            _ = try await sut.store.delete(id: item.id, expectedVersion: nil)
            let gone = try await client.execute(uri: uri, method: .get, headers: fragment)
            #expect(gone.status == .notFound && gone.text.hasPrefix("<div id=\"page\""))
            #expect(!gone.text.contains("data-live-follow"))
        }
    }

    @Test("LIVE-13 the edit form carries a stamp of the values it shows: a changed value changes it, a move does not")
    func test_LIVE_13_stamp() async throws {
        let sut = WebSUT()
        let item = try await sut.store.add(TodoDraft(title: "Run", details: "5 km"))
        _ = try await sut.store.add(TodoDraft(title: "Swim"))
        let id = item.id.uuidString.lowercased()
        try await sut.app.test(.router) { client async throws in
            func form() async throws -> String {
                let page = try await client.execute(uri: "/items/\(id)/edit?from=/", method: .get, headers: fragment)
                #expect(page.status == .ok)
                return page.text
            }
            func stamp(_ html: String) -> String? { attribute("data-live-stamp", of: "data-live-follow", in: html) }
            let opened = try await form()
            #expect(attribute("data-live-item", of: "data-live-follow", in: opened) == id)
            #expect(opened.contains("<span hidden data-live-follow data-live-hold data-live-item="))
            #expect(opened.contains(
                "<p class=\"message\" hidden data-live-stale data-testid=\"live-stale\">This item changed elsewhere since you opened it."))
            #expect(opened.contains("<button type=\"submit\" class=\"save\" data-live-gone-hides data-testid=\"save\">"))
            let first = try #require(stamp(opened))
            #expect(first.count == 16 && first.allSatisfy(\.isHexDigit))

            let moved = try #require(try await sut.store.move(id: item.id, toIndex: 0))
            #expect(moved.version > item.version, "a move is a change of the item")
            #expect(stamp(try await form()) == first, "but of nothing the form shows")

            _ = try await sut.store.update(id: item.id, TodoChanges(details: .some("10 km")))
            let changed = try #require(stamp(try await form()))
            #expect(changed != first)
            _ = try await sut.store.update(id: item.id, TodoChanges(details: .some("5 km")))
            #expect(stamp(try await form()) == first, "the values, not the version")

            // The add form follows nothing.
            let add = try await client.execute(uri: "/items/new", method: .get, headers: fragment).text
            #expect(!add.contains("data-live-follow") && !add.contains("data-live-stale"))
        }
    }

    @Test("LIVE-13 a form sent back with a mistake keeps the version and the stamp it was opened with")
    func test_LIVE_13_formAgain() async throws {
        let sut = WebSUT()
        let item = try await sut.store.add(TodoDraft(title: "Run", details: "5 km"))
        let id = item.id.uuidString.lowercased()
        try await sut.app.test(.router) { client async throws in
            let opened = try await client.execute(uri: "/items/\(id)/edit?from=/", method: .get, headers: fragment).text
            let first = try #require(attribute("data-live-stamp", of: "data-live-follow", in: opened))
            _ = try await sut.store.update(id: item.id, TodoChanges(details: .some("10 km")))
            let sent: [(String, String)] = [
                ("from", "/"), ("version", String(item.version)), ("title", "Walk"), ("details", "5 km"),
                ("dueDate", "not a date"), ("base", "1"), ("baseTitle", "Run"), ("baseDetails", "5 km"),
            ]
            let again = try await client.execute(
                uri: "/items/\(id)", method: .post, headers: fragment.merging(.form), body: .form(sent))
            #expect(again.status == .unprocessableContent)
            #expect(again.text.contains("name=\"version\" value=\"\(item.version)\""))
            #expect(again.text.contains("name=\"title\" value=\"Walk\""))
            #expect(attribute("data-live-stamp", of: "data-live-follow", in: again.text) == first)
        }
    }
}

extension HTTPFields {
    fileprivate func merging(_ other: HTTPFields) -> HTTPFields {
        var all = self
        for field in other { all.append(field) }
        return all
    }
}

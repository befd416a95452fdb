import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoTestSupport
import TodoWeb

/// A priority on the web and in the API (docs/specs/priority.md, PRIO-5, PRIO-10, PRIO-11, PRIO-13).
@Suite("Priority on the web and in the API")
struct PriorityWebTests {
    @Test("PRIO-5 the API takes a level's word or a number, answers the number, and refuses the rest with a 422 sentence")
    func test_PRIO_5_api() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let high = try await client.execute(
                uri: "/api/todos", method: .post, headers: .json, body: ByteBuffer(string: #"{"title":"Pay rent","priority":"high"}"#))
            #expect(high.status == .created)
            #expect((try high.json() as? [String: Any])?["priority"] as? Int == 1)
            let clients = try await client.execute(
                uri: "/api/todos", method: .post, headers: .json, body: ByteBuffer(string: #"{"title":"Dust","priority":7}"#))
            #expect((try clients.json() as? [String: Any])?["priority"] as? Int == 7)
            for (body, sentence) in [
                (#"{"title":"x","priority":12}"#, "The priority 12 is outside 1 (highest) … 9 (lowest)."),
                (#"{"title":"x","priority":"urgent"}"#, "“urgent” is not a priority: use high, medium, low, none or a number 0…9."),
            ] {
                let refused = try await client.execute(uri: "/api/todos", method: .post, headers: .json, body: ByteBuffer(string: body))
                #expect(refused.status == .unprocessableContent)
                #expect((try refused.json() as? [String: String])?["error"] == sentence)
            }
            #expect(try await sut.store.items().map(\.priority.number) == [7, 1])
        }
    }

    @Test("PRIO-10 the form's Priority menu keeps a client's number; the row shows the level's chip, read out with its label")
    func test_PRIO_10_formAndChip() async throws {
        let sut = WebSUT()
        let item = try await sut.store.add(TodoDraft(title: "Pay rent", priority: Priority(number: 2)))
        try await sut.app.test(.router) { client async throws in
            let form = try await client.execute(uri: "/items/\(item.id.uuidString)/edit", method: .get).text
            #expect(form.contains(#"<select id="priority" name="priority" data-testid="priority-input"><option value="">None</option><option value="2" selected>High</option><option value="medium">Medium</option><option value="low">Low</option></select>"#))
            let list = try await client.execute(uri: "/", method: .get).text
            #expect(list.contains(#"<span class="chip priority-high" data-testid="chip-priority-high"><span class="visually-hidden">Priority </span>High</span>"#))
            let details = try await client.execute(uri: "/items/\(item.id.uuidString)", method: .get).text
            #expect(details.contains("Priority") && details.contains("High"))
            let saved = try await client.execute(
                uri: "/items/\(item.id.uuidString)", method: .post, headers: .form,
                body: .form([("title", "Pay the rent"), ("priority", "2"), ("version", "1"), ("from", "/")]))
            #expect(saved.status == .seeOther)
            #expect(try await sut.store.item(id: item.id)?.priority == Priority(number: 2))
            _ = try await client.execute(
                uri: "/items/\(item.id.uuidString)", method: .post, headers: .form,
                body: .form([("title", "Pay the rent"), ("priority", "low"), ("version", "2"), ("from", "/")]))
            #expect(try await sut.store.item(id: item.id)?.priority == Priority(number: 9))
        }
    }

    @Test("PRIO-11 the add field's preview shows a priority chip; adding stores it")
    func test_PRIO_11_previewAndAdd() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let preview = try await client.execute(uri: "/add/preview?text=Pay%20rent%20!high", method: .get).text
            #expect(preview.contains(#"data-testid="chip-priority">Priority High</li>"#))
            let added = try await client.execute(
                uri: "/items", method: .post, headers: .form, body: .form([("title", "Pay rent !high"), ("words", "1"), ("from", "/")]))
            #expect(added.status == .seeOther)
            #expect(try await sut.store.items().map { "\($0.title) \($0.priority.number)" } == ["Pay rent 1"])
        }
    }

    @Test("PRIO-13 /search?q=rent !high lists the high items with the word")
    func test_PRIO_13_search() async throws {
        let sut = WebSUT()
        _ = try await sut.store.add(TodoDraft(title: "Pay rent", priority: Priority(number: 3)))
        _ = try await sut.store.add(TodoDraft(title: "Rent a car", priority: Priority(number: 6)))
        try await sut.app.test(.router) { client async throws in
            let page = try await client.execute(uri: "/search?q=rent%20!high", method: .get).text
            #expect(page.contains("Pay rent") && !page.contains("Rent a car"))
        }
    }
}

extension PriorityWebTests {
    @Test("PRIO-15 ?sort=priority reads each section by priority, without move handles; its link, pager and actions keep the order")
    func test_PRIO_15_aListPageSortedByPriority() async throws {
        let sut = WebSUT()
        for (title, number) in [("plain", 0), ("low", 9), ("client high", 2), ("medium", 5)] {
            _ = try await sut.store.add(TodoDraft(title: title, priority: Priority(number: number)))
        }
        try await sut.app.test(.router) { client async throws in
            func titles(_ page: String) -> [String] {
                // A search's rows mark what matched (FIND-12): the title is the text around the marks.
                page.components(separatedBy: "<span class=\"title\">").dropFirst().map {
                    String($0.prefix(upTo: $0.range(of: "</span>")!.lowerBound)).replacingOccurrences(of: "<mark>", with: "")
                        .replacingOccurrences(of: "</mark>", with: "")
                }
            }
            let own = try await client.execute(uri: "/", method: .get).text
            #expect(titles(own) == ["medium", "client high", "low", "plain"])
            #expect(own.contains(#"<a class="sort-toggle" href="/?sort=priority" data-testid="sort-toggle">Sort by priority</a>"#))
            #expect(own.components(separatedBy: "data-testid=\"sort-toggle\"").count == 2, "once, on the first heading's line")
            #expect(own.contains("data-move-handle"))

            let sorted = try await client.execute(uri: "/?sort=priority", method: .get).text
            #expect(titles(sorted) == ["client high", "medium", "low", "plain"])
            #expect(sorted.contains(#"<a class="sort-toggle" href="/" data-testid="sort-toggle">List order</a>"#))
            #expect(!sorted.contains("data-move-handle"), "a place in a sorted list is the priority's")
            #expect(sorted.contains(#"<input type="hidden" name="from" value="/?sort=priority">"#), "actions come back sorted")
            #expect(sorted.contains(#"aria-current="page" data-testid="nav-/""#), "still the All items list")

            let search = try await client.execute(uri: "/search?q=i&sort=priority", method: .get).text
            #expect(titles(search) == ["client high", "medium", "plain"], "the items with an i, by priority")
            #expect(search.contains(#"href="/search?q=i" data-testid="sort-toggle""#))
            #expect(titles(try await client.execute(uri: "/?sort=size", method: .get).text) == titles(own))
            let upcoming = try await client.execute(uri: "/upcoming", method: .get).text
            #expect(!upcoming.contains("sort-toggle"))
        }
    }

    @Test("PRIO-15 a sorted list's pager keeps the order")
    func test_PRIO_15_thePagerKeepsTheOrder() async throws {
        let sut = WebSUT()
        for index in 0..<120 {
            _ = try await sut.store.add(TodoDraft(title: "item \(index)", priority: Priority(number: index % 10)))
        }
        try await sut.app.test(.router) { client async throws in
            let first = try await client.execute(uri: "/?sort=priority", method: .get).text
            #expect(first.contains(#"href="/?sort=priority&amp;page=2""#) || first.contains(#"href="/?sort=priority&page=2""#))
            let second = try await client.execute(uri: "/?sort=priority&page=2", method: .get).text
            #expect(second.contains(#"<input type="hidden" name="from" value="/?sort=priority&amp;page=2">"#)
                || second.contains(#"<input type="hidden" name="from" value="/?sort=priority&page=2">"#))
        }
    }
}

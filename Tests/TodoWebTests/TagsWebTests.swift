import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoTestSupport
import TodoWeb

/// Tags on the web and in the API (docs/specs/tags.md, TAG-6, TAG-11…13, TAG-15).
@Suite("Tags on the web and in the API")
struct TagsWebTests {
    @Test("TAG-6 TAG-12 the API takes and answers an array, refuses a wrong type (400) and a broken rule (422), lists the tags and filters by them")
    func test_TAG_6_TAG_12_api() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let milk = try await client.execute(
                uri: "/api/todos", method: .post, headers: .json, body: ByteBuffer(string: #"{"title":"Buy milk","tags":["errands","家"]}"#))
            #expect(milk.status == .created)
            #expect((try milk.json() as? [String: Any])?["tags"] as? [String] == ["errands", "家"])
            _ = try await client.execute(
                uri: "/api/todos", method: .post, headers: .json, body: ByteBuffer(string: #"{"title":"Stamps","tags":["errands","post"]}"#))
            let wrongType = try await client.execute(
                uri: "/api/todos", method: .post, headers: .json, body: ByteBuffer(string: #"{"title":"x","tags":"errands"}"#))
            #expect(wrongType.status == .badRequest)
            let broken = try await client.execute(
                uri: "/api/todos", method: .post, headers: .json, body: ByteBuffer(string: #"{"title":"x","tags":["a,b"]}"#))
            #expect(broken.status == .unprocessableContent)
            #expect((try broken.json() as? [String: String])?["error"] == "The tag “a,b” has a comma: tags are separated by commas.")
            let tags = try await client.execute(uri: "/api/tags", method: .get)
            let counted = (try tags.json() as? [[String: Any]])?.map { "\($0["name"] as? String ?? "?") \($0["count"] as? Int ?? -1)" }
            #expect(counted == ["errands 2", "post 1", "家 1"])
            let post = try await client.execute(uri: "/api/todos?tag=errands&tag=post", method: .get)
            #expect((try post.json() as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["Stamps"])
        }
    }

    @Test("TAG-11 the form's Tags field, a row's chips read out as “Tag”, the details' links to each tag's list")
    func test_TAG_11_formChipsAndDetails() async throws {
        let sut = WebSUT()
        let item = try await sut.store.add(TodoDraft(title: "Buy milk", tags: ["errands", "corner shop"]))
        try await sut.app.test(.router) { client async throws in
            let form = try await client.execute(uri: "/items/\(item.id.uuidString)/edit", method: .get).text
            #expect(form.contains(#"<input id="tags" name="tags" value="errands, corner shop" autocomplete="off" aria-describedby="tags-hint" data-testid="tags-input">"#))
            let list = try await client.execute(uri: "/", method: .get).text
            #expect(list.contains(#"<span class="chip tag" data-testid="chip-tag"><span class="visually-hidden">Tag </span>+errands</span>"#))
            let details = try await client.execute(uri: "/items/\(item.id.uuidString)", method: .get).text
            #expect(details.contains(#"<a class="chip tag" href="/tags/corner%20shop">+corner shop</a>"#))
            let saved = try await client.execute(
                uri: "/items/\(item.id.uuidString)", method: .post, headers: .form,
                body: .form([("title", "Buy milk"), ("tags", "post, errands"), ("version", "1"), ("from", "/")]))
            #expect(saved.status == .seeOther)
            #expect(try await sut.store.item(id: item.id)?.tags == ["post", "errands"])
        }
    }

    @Test("TAG-12 TAG-13 /tags/NAME lists the items with the tag; its add field gives new items the tag; an unknown tag is an empty list")
    func test_TAG_12_aTagsPage() async throws {
        let sut = WebSUT()
        _ = try await sut.store.add(TodoDraft(title: "Buy milk", tags: ["corner shop"]))
        _ = try await sut.store.add(TodoDraft(title: "Dust"))
        try await sut.app.test(.router) { client async throws in
            let page = try await client.execute(uri: "/tags/corner%20shop", method: .get)
            #expect(page.status == .ok)
            let text = page.text
            #expect(text.contains("+corner shop") && text.contains("Buy milk") && !text.contains("Dust"))
            #expect(text.contains(#"<input type="hidden" name="tags" value="corner shop">"#))
            let added = try await client.execute(
                uri: "/items", method: .post, headers: .form,
                body: .form([("title", "Bread +bakery"), ("words", "1"), ("tags", "corner shop"), ("from", "/tags/corner%20shop")]))
            #expect(added.status == .seeOther)
            #expect(try await sut.store.items().first.map { "\($0.title) \($0.tags.names)" } == "Bread [\"corner shop\", \"bakery\"]")
            let empty = try await client.execute(uri: "/tags/garden", method: .get)
            #expect(empty.status == .ok && empty.text.contains("Nothing has the tag +garden yet."))
            let preview = try await client.execute(uri: "/add/preview?text=Bread%20%2Bbakery", method: .get).text
            #expect(preview.contains(#"data-testid="chip-tag">Tag +bakery</li>"#))
        }
    }

    @Test("TAG-15 /search?q=milk +errands lists the items with the word and the tag")
    func test_TAG_15_search() async throws {
        let sut = WebSUT()
        _ = try await sut.store.add(TodoDraft(title: "Buy milk", tags: ["errands"]))
        _ = try await sut.store.add(TodoDraft(title: "Milk the cow"))
        try await sut.app.test(.router) { client async throws in
            let page = try await client.execute(uri: "/search?q=milk%20%2Berrands", method: .get).text
            #expect(page.contains("Buy milk") && !page.contains("Milk the cow"))
        }
    }
}

@Suite("Tags: the tags page")
struct TagsPageWebTests {
    @Test("TAG-16 /tags links each tag in use to its page, with its count; every list's navigation links to it")
    func test_TAG_16_theTagsPage() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let none = try await client.execute(uri: "/tags", method: .get)
            #expect(none.status == .ok && none.text.contains(#"data-testid="tags-empty">No tags yet."#))
            _ = try await sut.store.add(TodoDraft(title: "Buy milk", tags: ["corner shop", "errands"]))
            let page = try await client.execute(uri: "/tags", method: .get).text
            #expect(page.contains(#"<a class="chip tag" href="/tags/corner%20shop" data-testid="tag-link">+corner shop</a> <span class="tag-count">1 to-do</span>"#))
            let list = try await client.execute(uri: "/tags/errands", method: .get).text
            #expect(list.contains(#"<a href="/tags" data-testid="nav-tags">Tags</a>"#))
        }
    }
}

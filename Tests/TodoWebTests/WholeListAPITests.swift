import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoTestSupport
import TodoWeb

/// HARDEN-7 / HARDEN-7b: `GET /api/todos` without `limit` is the whole list in one streamed answer,
/// the same as its pages and as the store's list.
@Suite("The whole list from the API")
struct WholeListAPITests {
    /// The list as the JSON encoder writes it, item by item, with each item's url.
    private func encoded(_ items: [TodoItem]) throws -> String {
        let encoder = TodoJSON.encoder()
        let parts = try items.map { item in
            String(decoding: try encoder.encode(
                EncodedItemWithURL(item: item, url: "http://localhost/api/todos/\(item.id.lowercasedText)")), as: UTF8.self)
        }
        return "[" + parts.joined(separator: ",") + "]"
    }

    /// Follows `rel="next"` from `first`; the items of every page in turn.
    private func pages(_ client: some TestClientProtocol, _ first: String) async throws -> (items: [TodoItem], count: Int) {
        var uri: String? = first
        var items: [TodoItem] = []
        var count = 0
        while let next = uri, count < 50 {
            let response = try await client.execute(uri: next, method: .get)
            #expect(response.status == .ok)
            items += try JSONDecoder().decode([TodoItem].self, from: Data(buffer: response.body))
            count += 1
            uri = response.headers[HTTPField.Name("Link")!].map { link in
                String(link.dropFirst("<http://localhost".count).prefix { $0 != ">" })
            }
        }
        return (items, count)
    }

    @Test("HARDEN-7b the whole list of 1,234 items of tricky text is one answer: the store's list, its pages, the encoder's bytes")
    func test_HARDEN_7b_wholeListIsOneStreamedAnswer() async throws {
        let sut = WebSUT()
        _ = try await sut.store.importItems(TrickyText.items(count: 1_234))
        let whole = try await sut.store.items()
        #expect(whole.count == 1_234)
        try await sut.app.test(.router) { client async throws in
            let response = try await client.execute(uri: "/api/todos", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let body = Data(buffer: response.body)
            // Byte for byte what the JSON encoder writes, item after item.
            #expect(String(decoding: body, as: UTF8.self) == (try encoded(whole)))
            // Valid JSON that decodes back to the same items, strings included.
            let streamed = try JSONDecoder().decode([TodoItem].self, from: body)
            #expect(streamed == whole)
            let objects = try #require(try JSONSerialization.jsonObject(with: body) as? [[String: Any]])
            #expect(objects.compactMap { $0["url"] as? String }
                == whole.map { "http://localhost/api/todos/\($0.id.lowercasedText)" })
            // The same items as following the pages to the end.
            let paged = try await pages(client, "/api/todos?limit=500")
            #expect(paged.count == 3)
            #expect(paged.items == streamed)
            let pagedByOne = try await pages(client, "/api/todos?limit=1000")
            #expect(pagedByOne.count == 2)
            #expect(pagedByOne.items == streamed)
        }
    }

    @Test("HARDEN-7b a filtered whole list is its pages and the store's filtered list",
          arguments: ["unfinished=1", "project=%E4%BB%95%E4%BA%8B", "q=%E4%B8%AD%E6%96%87"])
    func test_HARDEN_7b_filteredWholeList(_ query: String) async throws {
        let sut = WebSUT()
        _ = try await sut.store.importItems(TrickyText.items(count: 1_234))
        let filter: TodoFilter = switch query {
        case "unfinished=1": TodoFilter(unfinishedOnly: true)
        case let text where text.hasPrefix("project="): TodoFilter(project: "仕事")
        default: TodoFilter(text: "中文")
        }
        let expected = try await sut.store.items(filter)
        #expect(!expected.isEmpty)
        try await sut.app.test(.router) { client async throws in
            let response = try await client.execute(uri: "/api/todos?\(query)", method: .get)
            #expect(response.status == .ok)
            #expect(String(buffer: response.body) == (try encoded(expected)))
            #expect(try await pages(client, "/api/todos?\(query)&limit=100").items == expected)
        }
    }

    @Test("HARDEN-7b an empty list is an empty array")
    func test_HARDEN_7b_emptyList() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let response = try await client.execute(uri: "/api/todos", method: .get)
            #expect(response.status == .ok)
            #expect(String(buffer: response.body) == "[]")
            let page = try await client.execute(uri: "/api/todos?limit=10", method: .get)
            #expect(String(buffer: page.body) == "[]")
            #expect(page.headers[HTTPField.Name("Link")!] == nil)
        }
    }
}

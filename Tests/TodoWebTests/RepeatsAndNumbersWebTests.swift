import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoTestSupport

/// docs/specs/numbers.md and repeats.md through the web app's routes.
@Suite("Web: stable numbers and repeats")
struct RepeatsAndNumbersWebTests {
    @Test("NUMBER-2 the API's items carry their number; a client may send it back, and it is not changed")
    func test_NUMBER_2_apiCarriesNumber() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            for title in ["A", "B"] {
                _ = try await client.execute(
                    uri: "/api/todos", method: .post, headers: .json, body: ByteBuffer(string: #"{"title":"\#(title)"}"#))
            }
            let list = try #require(try await client.execute(uri: "/api/todos", method: .get).json() as? [[String: Any]])
            #expect(list.map { $0["number"] as? Int } == [2, 1])
            let b = try #require(try await sut.store.item(number: 2))
            let patched = try await client.execute(
                uri: "/api/todos/\(b.id.lowercasedText)", method: .patch, headers: .json,
                body: ByteBuffer(string: #"{"title":"B2","number":99}"#))
            #expect(patched.status == .ok)
            #expect(try await sut.store.item(number: 2)?.title == "B2")
        }
    }

    @Test("REPEAT-1 REPEAT-6 checking a repeating item through the API creates its occurrence and links to it")
    func test_REPEAT_6_apiLinksTheOccurrence() async throws {
        let sut = WebSUT()
        let item = try await sut.store.add(TodoDraft(title: "Water plants", dueDate: CalendarDate(iso: "2026-11-23"), repeatDays: [.monday]))
        try await sut.app.test(.router) { client async throws in
            let response = try await client.execute(
                uri: "/api/todos/\(item.id.lowercasedText)", method: .patch, headers: .json,
                body: ByteBuffer(string: #"{"completed":true}"#))
            #expect(response.status == .ok)
            let next = try #require(try await sut.store.nextOccurrence(of: item.id))
            #expect(next.dueDate == CalendarDate(iso: "2026-11-30") && next.number == 2)
            #expect(response.headers[HTTPField.Name("Link")!]
                == "<http://localhost/api/todos/\(next.id.lowercasedText)>; rel=\"next-occurrence\"")
            let list = try #require(try await client.execute(uri: "/api/todos", method: .get).json() as? [[String: Any]])
            #expect(list.map { $0["dueDate"] as? String } == ["2026-11-30", "2026-11-23"])
            // A change that is not a check links nothing.
            let edit = try await client.execute(
                uri: "/api/todos/\(item.id.lowercasedText)", method: .patch, headers: .json,
                body: ByteBuffer(string: #"{"details":"big ones"}"#))
            #expect(edit.headers[HTTPField.Name("Link")!] == nil)
        }
    }

    @Test("REPEAT-6 the row's check control announces when the next occurrence is due")
    func test_REPEAT_6_rowAnnouncesNextOccurrence() async throws {
        let sut = WebSUT()
        _ = try await sut.store.add(TodoDraft(title: "Water plants", dueDate: CalendarDate(iso: "2026-11-23"), repeatDays: [.monday]))
        _ = try await sut.store.add(TodoDraft(title: "Once"))
        try await sut.app.test(.router) { client async throws in
            let page = try await client.execute(uri: "/", method: .get).text
            #expect(page.contains("data-announce=\"Checked “Water plants” · next on Mon 11/30/2026\""))
            #expect(page.contains("data-announce=\"Checked “Once”\""))
        }
    }
}

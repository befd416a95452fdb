import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoTestSupport
import TodoWeb

/// Due times on the web and in the API (docs/specs/times.md, TIME-2, TIME-3, TIME-9, TIME-10).
@Suite("Due times on the web and in the API")
struct DueTimeWebTests {
    @Test("TIME-3 the API takes and answers “dueTime” as HH:MM; another type is 400, no time or a time without a date 422")
    func test_TIME_3_api() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let added = try await client.execute(
                uri: "/api/todos", method: .post, headers: .json,
                body: ByteBuffer(string: #"{"title":"Call the dentist","dueDate":"2026-12-08","dueTime":"9:30"}"#))
            #expect(added.status == .created)
            #expect((try added.json() as? [String: Any])?["dueTime"] as? String == "09:30")
            let number = try await client.execute(
                uri: "/api/todos", method: .post, headers: .json, body: ByteBuffer(string: #"{"title":"x","dueDate":"2026-12-08","dueTime":930}"#))
            #expect(number.status == .badRequest)
            let noTime = try await client.execute(
                uri: "/api/todos", method: .post, headers: .json, body: ByteBuffer(string: #"{"title":"x","dueDate":"2026-12-08","dueTime":"25:00"}"#))
            #expect(noTime.status == .unprocessableContent)
            let noDate = try await client.execute(
                uri: "/api/todos", method: .post, headers: .json, body: ByteBuffer(string: #"{"title":"x","dueTime":"15:00"}"#))
            #expect(noDate.status == .unprocessableContent)
            #expect((try noDate.json() as? [String: String])?["error"] == "A due time needs a due date.")
        }
    }

    @Test("TIME-9 TIME-10 a row shows the time after its date; the form has a time field; the details say the time; saving the form keeps it")
    func test_TIME_9_TIME_10_rowsFormAndDetails() async throws {
        let sut = WebSUT()
        let item = try await sut.store.add(TodoDraft(
            title: "Call the dentist", dueDate: CalendarDate(iso: "2030-12-08"), dueTime: TimeOfDay(hour: 15, minute: 0)))
        try await sut.app.test(.router) { client async throws in
            let list = try await client.execute(uri: "/", method: .get).text
            #expect(list.contains(#"<span class="chip due" data-testid="due"><time datetime="2030-12-08T15:00">12/08/2030 15:00</time></span>"#))
            let id = item.id.lowercasedText
            let form = try await client.execute(uri: "/items/\(id)/edit", method: .get).text
            #expect(form.contains(#"<input id="dueTime" name="dueTime" type="time" value="15:00" data-testid="time-input">"#))
            let details = try await client.execute(uri: "/items/\(id)", method: .get).text
            #expect(details.contains(#"<dd data-testid="field-due-date">12/08/2030 15:00</dd>"#))

            let saved = try await client.execute(
                uri: "/items/\(id)", method: .post, headers: .form,
                body: .form([("title", "Call the dentist"), ("dueDate", "2030-12-09"), ("dueTime", "15:00"), ("version", "1"), ("from", "/")]))
            #expect(saved.status == .seeOther)
            #expect(try await sut.store.item(id: item.id).map { "\($0.dueDate?.iso ?? "") \($0.dueTime?.text ?? "")" } == "2030-12-09 15:00")
            let refused = try await client.execute(
                uri: "/items/\(id)", method: .post, headers: .form,
                body: .form([("title", "Call the dentist"), ("dueDate", ""), ("dueTime", "15:00"), ("version", "2"), ("from", "/")]))
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("A due time needs a due date."))
        }
    }
}

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
        let item = try await sut.store.add(TodoDraft(title: "Water plants", dueDate: CalendarDate(iso: "2026-11-23"), repeatRule: .weekly(on: [.monday])))
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
        _ = try await sut.store.add(TodoDraft(title: "Water plants", dueDate: CalendarDate(iso: "2026-11-23"), repeatRule: .weekly(on: [.monday])))
        _ = try await sut.store.add(TodoDraft(title: "Once"))
        try await sut.app.test(.router) { client async throws in
            let page = try await client.execute(uri: "/", method: .get).text
            #expect(page.contains("data-announce=\"Checked “Water plants” · next on Mon 11/30/2026\""))
            #expect(page.contains("data-announce=\"Checked “Once”\""))
        }
    }
}

/// docs/specs/repeats.md, REPEAT-16 and REPEAT-17 through the web app: the API's `repeat`, and
/// the form's repeat controls.
@Suite("Web: any repeat")
struct AnyRepeatWebTests {
    @Test("REPEAT-16 the API: repeat as an object both ways, repeatDays still read, a refused rule 422 with its sentence")
    func test_REPEAT_16_api() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let created = try await client.execute(
                uri: "/api/todos", method: .post, headers: .json,
                body: ByteBuffer(string: #"{"title":"Rent","dueDate":"2026-12-08","repeat":{"rule":"FREQ=MONTHLY;BYDAY=2TU","afterCompletion":false}}"#))
            #expect(created.status == .created)
            let object = try #require(try created.json() as? [String: Any])
            let repeatObject = try #require(object["repeat"] as? [String: Any])
            #expect(repeatObject["rule"] as? String == "FREQ=MONTHLY;BYDAY=2TU" && repeatObject["afterCompletion"] as? Bool == false)
            let old = try await client.execute(
                uri: "/api/todos", method: .post, headers: .json, body: ByteBuffer(string: #"{"title":"Gym","repeatDays":["mon","wed"]}"#))
            #expect(old.status == .created)
            #expect(try await sut.store.items().first { $0.title == "Gym" }?.repeatRule == .weekly(on: [.monday, .wednesday]))
            let refused = try await client.execute(
                uri: "/api/todos", method: .post, headers: .json, body: ByteBuffer(string: #"{"title":"x","repeat":{"rule":"FREQ=WEEKLY;COUNT=2;UNTIL=20270101"}}"#))
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("COUNT and UNTIL"))
            let wrongType = try await client.execute(
                uri: "/api/todos", method: .post, headers: .json, body: ByteBuffer(string: #"{"title":"x","repeat":"FREQ=DAILY"}"#))
            #expect(wrongType.status == .badRequest)
            let id = try #require(try await sut.store.items().first { $0.title == "Rent" }).id
            let cleared = try await client.execute(
                uri: "/api/todos/\(id.lowercasedText)", method: .patch, headers: .json, body: ByteBuffer(string: #"{"repeat":null}"#))
            #expect(cleared.status == .ok)
            #expect(try await sut.store.item(id: id)?.repeatRule == nil)
        }
    }

    @Test("REPEAT-17 the form: how often, every N, until or a count, after done; an item's own rule kept while chosen")
    func test_REPEAT_17_form() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let fields: [(String, String)] = [
                ("title", "Water the plants"), ("dueDate", "2026-12-01"), ("repeatFrequency", "DAILY"), ("repeatEvery", "3"),
                ("repeatCount", "10"), ("repeatAfterDone", "1"), ("from", "/"),
            ]
            let added = try await client.execute(uri: "/items", method: .post, headers: .form, body: .form(fields))
            #expect(added.status == .seeOther)
            let plants = try #require(try await sut.store.items().first)
            #expect(plants.repeatRule == RepeatRule(.daily, interval: 3, end: .count(10), afterCompletion: true))
            // A rule the controls can't show: offered as it is, and kept by a save that leaves it chosen.
            let rent = try await sut.store.add(TodoDraft(
                title: "Pay rent", dueDate: CalendarDate(iso: "2026-12-08"),
                repeatRule: RepeatRule(.monthly, days: [RepeatRule.Day(.tuesday, nth: 2)])))
            let form = try await client.execute(uri: "/items/\(rent.id.lowercasedText)/edit", method: .get).text
            #expect(form.contains(#"<option value="kept" selected>Every 2nd Tue</option>"#))
            #expect(form.contains(#"name="repeatRule" value="FREQ=MONTHLY;BYDAY=2TU""#))
            let kept: [(String, String)] = [
                ("title", "Pay the rent"), ("dueDate", "2026-12-08"), ("repeatFrequency", "kept"), ("repeatEvery", "1"),
                ("repeatRule", "FREQ=MONTHLY;BYDAY=2TU"), ("version", "1"), ("from", "/"),
            ]
            let saved = try await client.execute(uri: "/items/\(rent.id.lowercasedText)", method: .post, headers: .form, body: .form(kept))
            #expect(saved.status == .seeOther)
            #expect(try await sut.store.item(id: rent.id)?.repeatRule == rent.repeatRule)
            // Both ends at once is refused in place, with the sentence.
            let both: [(String, String)] = [
                ("title", "X"), ("repeatFrequency", "WEEKLY"), ("repeatUntil", "2027-01-01"), ("repeatCount", "3"), ("from", "/"),
            ]
            let refused = try await client.execute(uri: "/items", method: .post, headers: .form, body: .form(both))
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("COUNT or UNTIL, not both"))
        }
    }
}

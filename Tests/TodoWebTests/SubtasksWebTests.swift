import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoTestSupport
import TodoWeb

/// Subtasks on the web and in the API (docs/specs/subtasks.md, SUB-8…11, SUB-13).
@Suite("Subtasks on the web and in the API")
struct SubtasksWebTests {
    @Test("SUB-8 a subtask's row is nested under its parent; the parent shows “2/5” read out as subtasks done, and a collapse button hidden until a script shows it")
    func test_SUB_8_nestedRows() async throws {
        let sut = WebSUT()
        let trip = try await sut.store.add(TodoDraft(title: "Pack for the trip"))
        let passport = try await sut.store.add(TodoDraft(title: "Passport", parent: trip.id))
        let charger = try await sut.store.add(TodoDraft(title: "Charger", parent: trip.id))
        _ = try await sut.store.setDone(id: charger.id, true)
        try await sut.app.test(.router) { client async throws in
            let html = try await client.execute(uri: "/", method: .get).text
            let trip = trip.id.lowercasedText, passport = passport.id.lowercasedText
            #expect(html.contains(#"<li class="row" data-row data-id="\#(trip)" data-depth="0""#))
            #expect(html.contains(#"<li class="row nested depth-1" data-row data-id="\#(passport)" data-depth="1""#))
            #expect(html.contains(#"<span class="chip subtasks" data-testid="chip-subtasks"><span class="visually-hidden">Subtasks done </span>1/2</span>"#))
            #expect(html.contains(#"<button type="button" class="subtasks-toggle" hidden aria-expanded="true" aria-label="Hide subtasks""#))
            #expect(html.contains(#"data-show="Show subtasks" data-testid="subtasks-toggle-\#(trip)""#))
            #expect(html.contains(#"<span class="visually-hidden">Subtask: </span><span class="title">Passport</span>"#))
            let rows = html.components(separatedBy: "data-testid=\"row-").dropFirst().map { String($0.prefix(36)) }
            #expect(rows == [trip, passport, charger.id.lowercasedText], "the open subtask under its parent; the done one in Done")
        }
    }

    @Test("SUB-9 checking the last open subtask returns to a page that offers to check the parent too, once; its button checks it")
    func test_SUB_9_offerToCheckTheParent() async throws {
        let sut = WebSUT()
        let trip = try await sut.store.add(TodoDraft(title: "Pack <the> trip"))
        let passport = try await sut.store.add(TodoDraft(title: "Passport", parent: trip.id))
        let charger = try await sut.store.add(TodoDraft(title: "Charger", parent: trip.id))
        try await sut.app.test(.router) { client async throws in
            let first = try await client.execute(
                uri: "/items/\(passport.id.lowercasedText)/done", method: .post, headers: .form, body: .form([("done", "1"), ("from", "/")]))
            #expect(first.status == .seeOther && first.headers[.setCookie] == nil, "another subtask is still open")
            let last = try await client.execute(
                uri: "/items/\(charger.id.lowercasedText)/done", method: .post, headers: .form, body: .form([("done", "1"), ("from", "/")]))
            let id = trip.id.lowercasedText
            let cookie = try #require(last.headers[.setCookie])
            #expect(cookie.hasPrefix("offer=\(id)") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"))

            let list = try await client.execute(uri: "/", method: .get, headers: [.cookie: "offer=\(id)"])
            #expect(list.text.contains(#"<span class="undo-message" data-testid="subtask-offer-message">All subtasks of “Pack &lt;the&gt; trip” are done.</span>"#))
            #expect(list.text.contains(#"<form method="post" action="/items/\#(id)/done" data-in-place"#))
            #expect(list.text.contains(#"<button type="submit" class="undo-button" data-testid="subtask-offer-check">Check it too</button>"#))
            #expect(try #require(list.headers[.setCookie]).hasPrefix("offer=;"))
            #expect(!(try await client.execute(uri: "/", method: .get).text.contains("subtask-offer")), "once")

            _ = try await client.execute(
                uri: "/items/\(id)/done", method: .post, headers: .form, body: .form([("done", "1"), ("from", "/")]))
            #expect(try await sut.store.item(id: trip.id)?.isDone == true)
            let after = try await client.execute(uri: "/", method: .get, headers: [.cookie: "offer=\(id)"])
            #expect(!after.text.contains("subtask-offer"), "a parent done already is offered no more")
        }
    }

    @Test("SUB-10 SUB-11 the details link the parent and list the subtasks; “Add a subtask” adds one under it in its list; the edit form keeps the parent or lets it go")
    func test_SUB_10_SUB_11_detailsAndForm() async throws {
        let sut = WebSUT()
        let trip = try await sut.store.add(TodoDraft(title: "Pack for the trip", project: Project(name: "Holiday")))
        let passport = try await sut.store.add(TodoDraft(title: "Passport", project: Project(name: "Holiday"), parent: trip.id))
        try await sut.app.test(.router) { client async throws in
            let id = trip.id.lowercasedText
            let details = try await client.execute(uri: "/items/\(id)", method: .get).text
            #expect(details.contains(#"<h2 id="subtasks-heading">Subtasks <span class="count" data-testid="subtasks-count">· 0 of 1 done</span></h2>"#))
            #expect(details.contains(#"data-testid="subtask-\#(passport.id.lowercasedText)"><a href="/items/\#(passport.id.lowercasedText)?from="#))
            #expect(details.contains(#"<input type="hidden" name="parent" value="\#(id)">"#))
            #expect(details.contains(#"<input type="hidden" name="project" value="Holiday">"#))
            let child = try await client.execute(uri: "/items/\(passport.id.lowercasedText)", method: .get).text
            #expect(child.contains(#"Subtask of <a href="/items/\#(id)?from="#))

            let added = try await client.execute(
                uri: "/items", method: .post, headers: .form,
                body: .form([("title", "Charger"), ("parent", id), ("project", "Holiday"), ("words", "1"), ("from", "/items/\(id)")]))
            #expect(added.status == .seeOther && added.headers[.location] == "/items/\(id)")
            let charger = try #require(try await sut.store.items().first { $0.title == "Charger" })
            #expect(charger.parent == trip.id && charger.project?.name == "Holiday")

            let form = try await client.execute(uri: "/items/\(charger.id.lowercasedText)/edit", method: .get).text
            #expect(form.contains(#"<input type="hidden" name="parent" value="\#(id)">"#))
            #expect(form.contains(#"<p class="hint" data-testid="parent-of">Subtask of “Pack for the trip”</p>"#))
            #expect(form.contains(#"<input type="checkbox" name="ownTodo" value="1" data-testid="own-todo"> Make it a to-do of its own"#))
            let new = try await client.execute(uri: "/items/new?parent=\(id)", method: .get).text
            #expect(new.contains("Subtask of “Pack for the trip”") && !new.contains("own-todo"))

            let unchanged = try await client.execute(
                uri: "/items/\(charger.id.lowercasedText)", method: .post, headers: .form,
                body: .form([("title", "Charger 2"), ("project", "Holiday"), ("parent", id), ("version", "1"), ("from", "/")]))
            #expect(unchanged.status == .seeOther)
            #expect(try await sut.store.item(id: charger.id)?.parent == trip.id)
            _ = try await client.execute(
                uri: "/items/\(charger.id.lowercasedText)", method: .post, headers: .form,
                body: .form([("title", "Charger 2"), ("project", "Holiday"), ("parent", id), ("ownTodo", "1"), ("version", "2"), ("from", "/")]))
            #expect(try await sut.store.item(id: charger.id)?.parent == nil)
        }
    }

    @Test("SUB-13 the API takes and answers “parent” as an id; refuses another type (400), a text that is no id and a parent the rule refuses (422)")
    func test_SUB_13_api() async throws {
        let sut = WebSUT()
        let trip = try await sut.store.add(TodoDraft(title: "Trip"))
        let id = trip.id.lowercasedText
        try await sut.app.test(.router) { client async throws in
            let added = try await client.execute(
                uri: "/api/todos", method: .post, headers: .json, body: ByteBuffer(string: #"{"title":"Passport","parent":"\#(id)"}"#))
            #expect(added.status == .created)
            #expect((try added.json() as? [String: Any])?["parent"] as? String == id)
            let number = try await client.execute(
                uri: "/api/todos", method: .post, headers: .json, body: ByteBuffer(string: #"{"title":"x","parent":7}"#))
            #expect(number.status == .badRequest)
            let notAnID = try await client.execute(
                uri: "/api/todos", method: .post, headers: .json, body: ByteBuffer(string: #"{"title":"x","parent":"trip"}"#))
            #expect(notAnID.status == .unprocessableContent)
            #expect((try notAnID.json() as? [String: String])?["error"]?.contains("is not the id of a to-do") == true)
            let missing = try await client.execute(
                uri: "/api/todos", method: .post, headers: .json,
                body: ByteBuffer(string: #"{"title":"x","parent":"00000000-0000-4000-8000-000000000000"}"#))
            #expect(missing.status == .unprocessableContent)
            #expect((try missing.json() as? [String: String])?["error"] == "There is no such to-do to put it under.")
            let itself = try await client.execute(
                uri: "/api/todos/\(id)", method: .patch, headers: .json, body: ByteBuffer(string: #"{"parent":"\#(id)"}"#))
            #expect(itself.status == .unprocessableContent)
            let plain = try await client.execute(uri: "/api/todos/\(id)", method: .get)
            #expect((try plain.json() as? [String: Any])?["parent"] is NSNull)
        }
    }
}

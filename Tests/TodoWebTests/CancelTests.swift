import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoTestSupport

/// ADD-2 and EDIT-3 where Cancel lives: in the web View, Cancel is a link back to the page the
/// form was opened from. Pressing it is a GET of that page, which must store nothing; a Cancel
/// that submitted the form (or led anywhere that writes) fails these tests.
@Suite("Cancel on the add and edit forms (router)")
struct CancelTests {
    @Test("ADD-2 Cancel on the new-item form goes back to the list and adds nothing")
    func test_ADD_2_cancelAddsNothing() async throws {
        let sut = WebSUT()
        let existing = try await sut.store.add(TodoDraft(title: "Already here", project: Project(name: "Home")))
        try await sut.app.test(.router) { client async throws in
            let form = try await client.execute(uri: "/items/new?from=%2Fprojects%2FHome&project=Home", method: .get)
            #expect(form.status == .ok)
            let cancel = try #require(HTMLControl(testID: "cancel", in: form.text), "the form has a Cancel control")
            #expect(cancel.element == "a", "Cancel is a link, not a button that sends the form: <\(cancel.tag)>")
            #expect(cancel.attributes["href"] == "/projects/Home", "Cancel goes back to the list the form came from")

            let back = try await client.execute(uri: try #require(cancel.attributes["href"]), method: .get)
            #expect(back.status == .ok, "following Cancel shows the list")
            #expect(back.text.contains("Already here"))
            #expect(try await sut.store.items() == [existing], "nothing was added")
        }
    }

    @Test("ADD-2 Cancel on the new-item form opened from All items goes back to /")
    func test_ADD_2_cancelFromAllItems() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let form = try await client.execute(uri: "/items/new?from=%2F", method: .get)
            let cancel = try #require(HTMLControl(testID: "cancel", in: form.text))
            #expect(cancel.element == "a" && cancel.attributes["href"] == "/")
            _ = try await client.execute(uri: "/", method: .get)
            #expect(try await sut.store.items().isEmpty, "nothing was added")
        }
    }

    @Test("EDIT-3 Cancel on the edit form goes back and leaves the item exactly as it was")
    func test_EDIT_3_cancelLeavesItemAsItWas() async throws {
        let sut = WebSUT()
        let added = try await sut.store.add(TodoDraft(
            title: "Run", details: "5 km", dueDate: CalendarDate(iso: "2026-12-01"), location: Location(name: "Park"),
            project: Project(name: "Health"), estimateMinutes: 30, repeatRule: .weekly(on: [.monday])))
        let item = try #require(try await sut.store.update(id: added.id, TodoChanges(title: "Run far")))  // version 2
        let id = item.id.lowercasedText
        let details = "/items/\(id)?from=/"
        try await sut.app.test(.router) { client async throws in
            let form = try await client.execute(
                uri: "/items/\(id)/edit?from=\(HTMLPath.encode(details))", method: .get)
            #expect(form.status == .ok)
            #expect(form.text.contains("value=\"Run far\""), "the edit form shows the item")
            let cancel = try #require(HTMLControl(testID: "cancel", in: form.text), "the form has a Cancel control")
            #expect(cancel.element == "a", "Cancel is a link, not a button that sends the form: <\(cancel.tag)>")
            #expect(cancel.attributes["href"] == details, "Cancel goes back to the details the form came from")

            let back = try await client.execute(uri: try #require(cancel.attributes["href"]), method: .get)
            #expect(back.status == .ok, "following Cancel shows the details")
            #expect(back.text.contains("Run far"))
            let after = try #require(try await sut.store.item(id: item.id))
            #expect(after == item, "the item is exactly as it was")
            #expect(after.version == 2, "and no write happened")
            #expect(try await sut.store.items().count == 1)
        }
    }
}

/// The opening tag of the element with `data-testid="…"` and its attributes (entities decoded).
struct HTMLControl {
    let tag: String
    let element: String
    let attributes: [String: String]

    init?(testID: String, in html: String) {
        guard let marker = html.range(of: "data-testid=\"\(testID)\""),
              let open = html[..<marker.lowerBound].range(of: "<", options: .backwards),
              let close = html[marker.upperBound...].range(of: ">")
        else { return nil }
        tag = String(html[open.upperBound..<close.lowerBound])
        element = String(tag.prefix { !$0.isWhitespace }).lowercased()
        var attributes: [String: String] = [:]
        let pattern = /([A-Za-z_:][-A-Za-z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/
        for match in tag.dropFirst(element.count).matches(of: pattern) {
            let value = match.output.2 ?? match.output.3 ?? match.output.4 ?? ""
            attributes[String(match.output.1).lowercased()] = Self.decode(String(value))
        }
        self.attributes = attributes
    }

    private static func decode(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&#x27;", with: "'").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoWeb

/// Saving the edit form over a newer version never overwrites silently: the conflict page shows
/// both values and the user chooses.
@Suite("Edit conflicts (router)")
struct ConflictPageTests {
    /// An item at version 2 (changed elsewhere) while the form was opened at version 1.
    private func changedElsewhere(_ sut: WebSUT) async throws -> TodoItem {
        let item = try await sut.store.add(TodoDraft(title: "Run", details: "5 km", project: Project(name: "Health")))
        return try #require(try await sut.store.update(
            id: item.id, TodoChanges(title: "Run 10 km", estimateMinutes: .some(60))))
    }

    private let mine: [(String, String)] = [
        ("title", "Walk"), ("details", "5 km"), ("project", "Health"), ("estimate", ""), ("repeat[]", "mon"),
        ("version", "1"), ("from", "/projects/Health"),
    ]

    @Test("the conflict page shows each field's current value beside mine and marks those that differ")
    func test_conflictShowsBothValues() async throws {
        let sut = WebSUT()
        let current = try await changedElsewhere(sut)
        try await sut.app.test(.router) { client async throws in
            let response = try await client.execute(
                uri: "/items/\(current.id.uuidString)", method: .post, headers: .form, body: .form(mine))
            #expect(response.status == .conflict)
            let page = response.text
            #expect(page.contains("<td data-testid=\"theirs-title\">Run 10 km</td><td data-testid=\"mine-title\">Walk</td>"))
            #expect(page.contains("<td data-testid=\"theirs-estimate\">1h</td><td data-testid=\"mine-estimate\"></td>"))
            #expect(page.contains("<td data-testid=\"theirs-repeat\"></td><td data-testid=\"mine-repeat\">Every Mon</td>"))
            #expect(page.contains("<tr data-testid=\"conflict-row-title\" class=\"differs\" data-differs>"))
            #expect(page.contains("<tr data-testid=\"conflict-row-details\"><th"))
            #expect(page.contains("data-testid=\"keep-mine\"") && page.contains("data-testid=\"keep-theirs\""))
            #expect(page.contains("href=\"/projects/Health\" data-testid=\"keep-theirs\""))
            // Nothing saved yet.
            #expect(try await sut.store.item(id: current.id) == current)
        }
    }

    @Test("keep mine re-submits my values over the current version and saves them")
    func test_keepMine() async throws {
        let sut = WebSUT()
        let current = try await changedElsewhere(sut)
        try await sut.app.test(.router) { client async throws in
            let page = try await client.execute(
                uri: "/items/\(current.id.uuidString)", method: .post, headers: .form, body: .form(mine)).text
            // The keep-mine form carries the current version and my values.
            let form = try #require(page.range(of: "data-testid=\"keep-mine-form\"").map { String(page[$0.upperBound...]) })
            #expect(form.contains("name=\"version\" value=\"2\""))
            #expect(form.contains("name=\"title\" value=\"Walk\"") && form.contains("name=\"repeat[]\" value=\"mon\""))
            let resubmitted = [
                ("title", "Walk"), ("details", "5 km"), ("project", "Health"), ("estimate", ""), ("repeat[]", "mon"),
                ("version", "2"), ("from", "/projects/Health"),
            ]
            let response = try await client.execute(
                uri: "/items/\(current.id.uuidString)", method: .post, headers: .form, body: .form(resubmitted))
            #expect(response.status == .seeOther && response.headers[.location] == "/projects/Health")
            let saved = try #require(try await sut.store.item(id: current.id))
            #expect(saved.title == "Walk" && saved.estimateMinutes == nil && saved.repeatRule == .weekly(on: [.monday]))
            #expect(saved.version == 3)
        }
    }

    @Test("keep theirs leaves the current version as it is")
    func test_keepTheirs() async throws {
        let sut = WebSUT()
        let current = try await changedElsewhere(sut)
        try await sut.app.test(.router) { client async throws in
            _ = try await client.execute(uri: "/items/\(current.id.uuidString)", method: .post, headers: .form, body: .form(mine))
            // "Keep theirs" is a link back: following it is a GET that changes nothing.
            #expect(try await client.execute(uri: "/projects/Health", method: .get).status == .ok)
            #expect(try await sut.store.item(id: current.id) == current)
        }
    }

    @Test("a second change while deciding shows the conflict again rather than overwriting it")
    func test_keepMineAfterAnotherChange() async throws {
        let sut = WebSUT()
        let current = try await changedElsewhere(sut)
        let newer = try #require(try await sut.store.update(id: current.id, TodoChanges(title: "Swim")))
        try await sut.app.test(.router) { client async throws in
            let stale = [("title", "Walk"), ("version", "2")]
            let response = try await client.execute(
                uri: "/items/\(current.id.uuidString)", method: .post, headers: .form, body: .form(stale))
            #expect(response.status == .conflict)
            #expect(response.text.contains("<td data-testid=\"theirs-title\">Swim</td>"))
            #expect(try await sut.store.item(id: current.id) == newer)
        }
    }
}

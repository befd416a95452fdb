import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoAccounts
import TodoCore
import TodoTestSupport

@testable import TodoWeb

/// SHARE-13, SHARE-14 (docs/specs/sharing.md): a viewer's pages show no control that can't work,
/// and a write that still arrives comes back to its page with the sentence.
@Suite("View-only lists on the web")
struct ViewOnlyWebTests {
    typealias People = SharingWebTests.People
    static let groceries = "/projects/alice%2FGroceries"
    static let sentence = "“alice/Groceries” is shared with you to read only; nothing was changed."

    /// The controls a row, a list and a details page have when they can change the item.
    static func listControls(_ id: String) -> [String] {
        [
            "data-testid=\"inline-add\"", "data-testid=\"add-button\"", "data-testid=\"quick-add-open\"", "id=\"quick-add-dialog\"",
            "data-testid=\"toggle-\(id)\"", "data-testid=\"delete-\(id)\"", "data-testid=\"move-\(id)\"", "data-edit-href=",
            "<kbd>x</kbd>", "<kbd>e</kbd>", "<kbd>n</kbd>", "<kbd>Delete</kbd>",
        ]
    }
    static let detailsControls = [
        "data-testid=\"edit\"", "data-testid=\"add-subtask\"", "data-testid=\"move-up\"", "data-testid=\"move-down\"",
        "data-testid=\"toggle\"", "data-testid=\"details-delete\"",
    ]

    @Test("SHARE-13 a viewer's list and details pages say “View only · alice's list” and have no control that changes them")
    func test_SHARE_13_viewerPages() async throws {
        let people = try await People(sharing: .viewer)
        let milk = people.milk.id.lowercasedText
        try await people.sut.app.test(.router) { client in
            let bob = HTTPFields.session(try await people.signIn(client).bob)
            let list = try await client.execute(uri: Self.groceries, method: .get, headers: bob)
            #expect(list.status == .ok)
            #expect(list.text.contains("data-testid=\"view-only\""))
            #expect(list.text.contains("View only · alice&#39;s list") || list.text.contains("View only · alice's list"))
            #expect(list.text.contains("data-testid=\"state-\(milk)\""), "the row still shows whether it is done")
            #expect(list.text.contains("href=\"/items/\(milk)?from="), "and opens its details")
            for control in Self.listControls(milk) {
                #expect(!list.text.contains(control), "\(control)")
            }
            #expect(list.text.contains("<kbd>j</kbd>"), "the shortcuts that work are still listed")
            let details = try await client.execute(uri: "/items/\(milk)", method: .get, headers: bob)
            #expect(details.status == .ok)
            #expect(details.text.contains("data-testid=\"view-only\""))
            for control in Self.detailsControls {
                #expect(!details.text.contains(control), "\(control)")
            }
            let chinese = try await client.execute(
                uri: Self.groceries, method: .get, headers: [.cookie: bob[.cookie]! + "; lang=zh-Hans"])
            #expect(chinese.text.contains("仅可查看 · alice 的清单"))
        }
    }

    @Test("SHARE-13 an editor's and the owner's pages keep every control and say nothing of viewing")
    func test_SHARE_13_editorPages() async throws {
        let people = try await People(sharing: .editor)
        let milk = people.milk.id.lowercasedText
        try await people.sut.app.test(.router) { client in
            let sessions = try await people.signIn(client)
            for (session, path) in [(sessions.bob, Self.groceries), (sessions.alice, "/projects/Groceries")] {
                let list = try await client.execute(uri: path, method: .get, headers: .session(session))
                #expect(!list.text.contains("data-testid=\"view-only\""), "\(path)")
                for control in Self.listControls(milk) {
                    #expect(list.text.contains(control), "\(path) \(control)")
                }
                let details = try await client.execute(uri: "/items/\(milk)", method: .get, headers: .session(session))
                #expect(!details.text.contains("data-testid=\"view-only\""))
                for control in Self.detailsControls {
                    #expect(details.text.contains(control), "\(path) \(control)")
                }
            }
        }
    }

    @Test("SHARE-14 each write a viewer's page can send comes back to that page, which says why once with 403; nothing changes")
    func test_SHARE_14_refusedInPlace() async throws {
        let people = try await People(sharing: .viewer)
        let milk = people.milk.id.lowercasedText
        let from = Self.groceries + "?page=1"
        let writes: [(String, [(String, String)])] = [
            ("/items/\(milk)/done", [("done", "1")]),
            ("/items/\(milk)/delete", []),
            ("/items/\(milk)/move", [("direction", "down")]),
        ]
        try await people.sut.app.test(.router) { client in
            let session = try await people.signIn(client).bob
            for (action, form) in writes {
                let write = try await client.execute(
                    uri: action, method: .post, headers: .sessionForm(session), body: .form(form + [("from", from)]))
                #expect(write.status == .seeOther, "\(action)")
                #expect(write.headers[.location] == from, "\(action)")
                let cookie = try #require(write.headers[.setCookie], "\(action)")
                #expect(cookie.hasPrefix("refused=alice%2FGroceries;") && cookie.contains("HttpOnly"), "\(action)")
                let value = String(cookie.prefix { $0 != ";" })
                let page = try await client.execute(uri: from, method: .get, headers: [.cookie: "todo_session=\(session); \(value)"])
                #expect(page.status == .forbidden, "\(action)")
                #expect(page.text.contains("role=\"alert\" data-testid=\"refused\">\(Self.sentence)</p>"), "\(action)")
                #expect(page.text.contains("data-testid=\"row-\(milk)\""), "the list itself, not an error page: \(action)")
                #expect(page.headers[.setCookie]?.hasPrefix("refused=;") == true, "said once: \(action)")
            }
            // The page without the cookie, and a cookie made by hand naming a list that isn't view only: no sentence.
            for cookie in ["", "; refused=Home", "; refused=alice%2FWork", "; refused=%E2%80%9D%3Cb%3E"] {
                let page = try await client.execute(uri: from, method: .get, headers: [.cookie: "todo_session=\(session)\(cookie)"])
                #expect(page.status == .ok, "\(cookie)")
                #expect(!page.text.contains("data-testid=\"refused\""), "\(cookie)")
            }
        }
        let store = try await people.sut.store(of: "alice")
        #expect(try await store.items().map(\.title) == ["Dear diary", "Milk"])
        #expect(try await store.item(id: people.milk.id)?.version == 1)
    }

    @Test("SHARE-14 a list named in Chinese travels in the cookie as ASCII and is said as it is named")
    func test_SHARE_14_cjkListName() async throws {
        let people = try await People(sharing: nil)
        let home = try await people.sut.store(of: "alice").add(TodoDraft(title: "扫地", project: Project(name: "家 务")))
        try await AccountsWebSUT.sharing(people.sut).share(list: "家 务", owner: "alice", with: "bob", role: .viewer)
        try await people.sut.app.test(.router) { client in
            let session = try await people.signIn(client).bob
            let from = "/projects/alice%2F%E5%AE%B6%20%E5%8A%A1"
            let check = try await client.execute(
                uri: "/items/\(home.id.lowercasedText)/done", method: .post, headers: .sessionForm(session),
                body: .form([("done", "1"), ("from", from)]))
            let cookie = try #require(check.headers[.setCookie])
            #expect(cookie.hasPrefix("refused=alice%2F%E5%AE%B6%20%E5%8A%A1;"))
            #expect(cookie.unicodeScalars.allSatisfy { $0.isASCII })
            let value = String(cookie.prefix { $0 != ";" })
            let page = try await client.execute(
                uri: from, method: .get, headers: [.cookie: "todo_session=\(session); \(value); lang=zh-Hans"])
            #expect(page.status == .forbidden)
            #expect(page.text.contains("“alice/家 务”是只读共享给你的清单；没有做任何更改。"))
        }
    }

    @Test("SHARE-14 a form's save on a view-only list shows the form again with the sentence and what was typed, 403")
    func test_SHARE_14_formsKeepWhatWasTyped() async throws {
        let people = try await People(sharing: .viewer)
        let milk = people.milk.id.lowercasedText
        let saves: [(String, [(String, String)], String)] = [
            ("/items/\(milk)", [("title", "Oat milk typed"), ("version", "1"), ("project", "alice/Groceries")], "value=\"Oat milk typed\""),
            ("/items", [("title", "Cheese typed"), ("project", "alice/Groceries")], "value=\"Cheese typed\""),
            ("/quick-add", [("text", "Cheese typed"), ("project", "alice/Groceries")], "Cheese typed</textarea>"),
        ]
        try await people.sut.app.test(.router) { client in
            let session = try await people.signIn(client).bob
            for (action, form, typed) in saves {
                let save = try await client.execute(
                    uri: action, method: .post, headers: .sessionForm(session), body: .form(form + [("from", Self.groceries)]))
                #expect(save.status == .forbidden, "\(action)")
                #expect(save.text.contains("role=\"alert\" data-testid=\"form-error\">\(Self.sentence)</p>"), "\(action)")
                #expect(save.text.contains(typed), "what was typed is kept: \(action)")
            }
        }
        let store = try await people.sut.store(of: "alice")
        #expect(try await store.items().map(\.title) == ["Dear diary", "Milk"])
    }

    @Test("SHARE-14 the edit form of a view-only item shows its details page with the sentence, in the person's language")
    func test_SHARE_14_editForm() async throws {
        let people = try await People(sharing: .viewer)
        let milk = people.milk.id.lowercasedText
        try await people.sut.app.test(.router) { client in
            let session = try await people.signIn(client).bob
            let form = try await client.execute(
                uri: "/items/\(milk)/edit?from=%2Fprojects%2Falice%252FGroceries", method: .get, headers: .session(session))
            #expect(form.status == .seeOther)
            let location = try #require(form.headers[.location])
            #expect(location.hasPrefix("/items/\(milk)?from="))
            let cookie = String(try #require(form.headers[.setCookie]).prefix { $0 != ";" })
            let details = try await client.execute(
                uri: location, method: .get, headers: [.cookie: "todo_session=\(session); \(cookie); lang=ja"])
            #expect(details.status == .forbidden)
            #expect(details.text.contains("「alice/Groceries」は閲覧のみで共有されています。何も変更していません。"))
            #expect(details.text.contains("data-testid=\"item-title\""), "the details page itself")
            #expect(details.headers[.setCookie]?.hasPrefix("refused=;") == true)
        }
    }

    @Test("SHARE-15 a list shared to read only is not offered as a project to put an item in; one shared to edit is")
    func test_SHARE_15_projectsToPutIn() async throws {
        for (role, offered) in [(ShareRole.viewer, false), (.editor, true)] {
            let people = try await People(sharing: role)
            try await people.sut.app.test(.router) { client in
                let bob = HTTPFields.session(try await people.signIn(client).bob)
                let form = try await client.execute(uri: "/items/new", method: .get, headers: bob)
                #expect(form.text.contains(#"<option value="alice/Groceries">"#) == offered, "\(role) form")
                let quick = try await client.execute(uri: "/quick-add/sections/project", method: .get, headers: bob)
                #expect(quick.status == .ok)
                #expect(quick.text.contains("alice/Groceries") == offered, "\(role) Quick add")
                let api = try await client.execute(uri: "/api/projects", method: .get, headers: bob)
                #expect(api.text.contains("alice/Groceries"), "\(role): the API names every list read")
            }
        }
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoAccounts
import TodoCore
import TodoTestSupport

@testable import TodoWeb

/// SHARE-8…10 (docs/specs/sharing.md): each person's lists on the web, and sharing them.
@Suite("Sharing lists on the web")
struct SharingWebTests {
    /// alice and bob, each signed in; alice has Groceries (shared as `role`, when given) and a
    /// private Diary.
    struct People {
        let sut = AccountsWebSUT()
        struct Sessions { let alice, bob: String }
        let milk: TodoItem, diary: TodoItem

        init(sharing role: ShareRole?) async throws {
            try await sut.accounts.add(name: "alice", password: AccountsWebSUT.password)
            try await sut.accounts.add(name: "bob", password: AccountsWebSUT.password)
            let store = try await sut.store(of: "alice")
            milk = try await store.add(TodoDraft(title: "Milk", project: Project(name: "Groceries")))
            diary = try await store.add(TodoDraft(title: "Dear diary", project: Project(name: "Diary")))
            if let role {
                try await AccountsWebSUT.sharing(sut).share(list: "Groceries", owner: "alice", with: "bob", role: role)
            }
        }

        func signIn(_ client: some TestClientProtocol) async throws -> Sessions {
            Sessions(
                alice: try #require(try await client.signIn("alice", AccountsWebSUT.password).sessionCookie),
                bob: try #require(try await client.signIn("bob", AccountsWebSUT.password).sessionCookie))
        }
    }

    @Test("SHARE-9 another person's item or list answers 404 on pages, API routes and export, like one that doesn't exist")
    func test_SHARE_9_notFound() async throws {
        let people = try await People(sharing: nil)
        let diary = people.diary.id.lowercasedText
        try await people.sut.app.test(.router) { client in
            let sessions = try await people.signIn(client)
            let bob = HTTPFields.session(sessions.bob)
            for path in ["/items/\(diary)", "/items/\(diary)/edit", "/api/todos/\(diary)"] {
                let theirs = try await client.execute(uri: path, method: .get, headers: bob)
                let nobodys = try await client.execute(uri: path.replacingOccurrences(of: diary, with: UUID().lowercasedText), method: .get, headers: bob)
                #expect(theirs.status == .notFound, "\(path)")
                #expect(theirs.status == nobodys.status, "\(path)")
                #expect(!theirs.text.contains("Dear diary"), "\(path)")
            }
            let nobody = UUID().lowercasedText
            for action in ["/items/\(diary)/done", "/items/\(diary)/delete", "/items/\(diary)"] {
                let form = ByteBuffer.form([("done", "1"), ("title", "Mine")])
                let write = try await client.execute(uri: action, method: .post, headers: .sessionForm(sessions.bob), body: form)
                let unknown = try await client.execute(
                    uri: action.replacingOccurrences(of: diary, with: nobody), method: .post, headers: .sessionForm(sessions.bob), body: form)
                #expect(write.status == unknown.status, "\(action)")
                #expect(write.headers[.location] == unknown.headers[.location], "\(action)")
            }
            let patch = try await client.execute(
                uri: "/api/todos/\(diary)", method: .patch, headers: [.cookie: "todo_session=\(sessions.bob)", .contentType: "application/json"],
                body: ByteBuffer(string: #"{"completed":true}"#))
            #expect(patch.status == .notFound)
            #expect(try await client.execute(uri: "/api/todos/\(diary)", method: .delete, headers: bob).status == .notFound)
            let page = try await client.execute(uri: "/projects/Diary", method: .get, headers: bob)
            #expect(!page.text.contains("Dear diary"))
            // LIVE-10: a list named as shared ones are, not shared with bob and not his, is not found.
            let theirs = try await client.execute(uri: "/projects/alice%2FDiary", method: .get, headers: bob)
            #expect(theirs.status == .notFound)
            #expect(theirs.text.contains("There is no list “alice/Diary” shared with you.") && !theirs.text.contains("Dear diary"))
            let fragment = try await client.execute(
                uri: "/projects/alice%2FDiary", method: .get, headers: [.cookie: "todo_session=\(sessions.bob)", HTTPField.Name("X-Page-Fragment")!: "1"])
            #expect(fragment.status == .notFound)
            // bob's own list whose name has a slash is his, as before.
            _ = try await people.sut.store(of: "bob").add(TodoDraft(title: "Pay rent", project: Project(name: "home/bills")))
            let own = try await client.execute(uri: "/projects/home%2Fbills", method: .get, headers: bob)
            #expect(own.status == .ok && own.text.contains("Pay rent"))
            for path in ["/", "/api/todos", "/api/export?format=json", "/search?q=diary", "/api/projects"] {
                let answer = try await client.execute(uri: path, method: .get, headers: bob)
                #expect(answer.status == .ok, "\(path)")
                #expect(!answer.text.contains("Dear diary") && !answer.text.contains("Milk"), "\(path)")
            }
            #expect(try await client.execute(uri: "/projects/Groceries/settings", method: .get, headers: bob).status == .notFound)
            let alices = try await client.execute(uri: "/api/todos", method: .get, headers: .session(sessions.alice))
            #expect(alices.text.contains("Dear diary") && alices.text.contains("Milk"))
        }
        #expect(try await people.sut.store(of: "alice").item(id: people.diary.id)?.isDone == false)
    }

    @Test("SHARE-9 a viewer reads the shared list; every write answers 403 with a sentence and changes nothing")
    func test_SHARE_9_viewer() async throws {
        let people = try await People(sharing: .viewer)
        let milk = people.milk.id.lowercasedText
        try await people.sut.app.test(.router) { client in
            let sessions = try await people.signIn(client)
            let list = try await client.execute(uri: "/projects/alice%2FGroceries", method: .get, headers: .session(sessions.bob))
            #expect(list.status == .ok)
            #expect(list.text.contains("Milk") && !list.text.contains("Dear diary"))
            #expect(!list.text.contains("data-testid=\"share-link\""), "only the owner shares")
            let home = try await client.execute(uri: "/", method: .get, headers: .session(sessions.bob))
            #expect(home.text.contains("alice/Groceries"), "offered in bob's lists")
            #expect(try await client.execute(uri: "/items/\(milk)", method: .get, headers: .session(sessions.bob)).status == .ok)

            // A page's write comes back to its page, which says why (SHARE-14).
            let check = try await client.execute(
                uri: "/items/\(milk)/done", method: .post, headers: .sessionForm(sessions.bob), body: .form([("done", "1")]))
            #expect(check.status == .seeOther)
            #expect(check.headers[.setCookie]?.hasPrefix("refused=alice%2FGroceries;") == true)
            let add = try await client.execute(
                uri: "/items", method: .post, headers: .sessionForm(sessions.bob),
                body: .form([("title", "Cheese"), ("project", "alice/Groceries")]))
            #expect(add.status == .forbidden, "a form's save shows the form again, with the sentence")
            #expect(add.text.contains("read only") && add.text.contains("value=\"Cheese\""))
            let api = try await client.execute(
                uri: "/api/todos/\(milk)", method: .patch, headers: [.cookie: "todo_session=\(sessions.bob)", .contentType: "application/json"],
                body: ByteBuffer(string: #"{"completed":true}"#))
            #expect(api.status == .forbidden)
            #expect(try (api.json() as? [String: String])?["error"]?.contains("read only") == true)
            let settings = try await client.execute(uri: "/projects/alice%2FGroceries/settings", method: .get, headers: .session(sessions.bob))
            #expect(settings.status == .forbidden)
            #expect(settings.text.contains("Only alice can share"))
        }
        let store = try await people.sut.store(of: "alice")
        #expect(try await store.items().map(\.title) == ["Dear diary", "Milk"])
        #expect(try await store.item(id: people.milk.id)?.version == 1)
    }

    @Test("SHARE-8 the owner shares a list from its settings page, sees the share, and stops it; the person follows at once")
    func test_SHARE_8_settingsPage() async throws {
        let people = try await People(sharing: nil)
        try await people.sut.app.test(.router) { client in
            let sessions = try await people.signIn(client)
            let alice = HTTPFields.session(sessions.alice)
            let list = try await client.execute(uri: "/projects/Groceries", method: .get, headers: alice)
            #expect(list.text.contains("href=\"/projects/Groceries/settings\""))
            let empty = try await client.execute(uri: "/projects/Groceries/settings", method: .get, headers: alice)
            #expect(empty.status == .ok)
            #expect(empty.text.contains("data-testid=\"no-shares\""))
            #expect(try await client.execute(uri: "/projects/Nothing/settings", method: .get, headers: alice).status == .notFound)

            let refused = try await client.execute(
                uri: "/projects/Groceries/share", method: .post, headers: .sessionForm(sessions.alice),
                body: .form([("person", "carol"), ("role", "editor")]))
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("There is no user named “carol”."))
            let shared = try await client.execute(
                uri: "/projects/Groceries/share", method: .post, headers: .sessionForm(sessions.alice),
                body: .form([("person", "bob"), ("role", "editor")]))
            #expect(shared.status == .seeOther)
            let page = try await client.execute(uri: "/projects/Groceries/settings", method: .get, headers: alice)
            #expect(page.text.contains("data-testid=\"share-name\">bob</span>"))
            #expect(page.text.contains("<option value=\"editor\" selected>"))

            // bob, an editor, checks Milk in alice's list.
            let check = try await client.execute(
                uri: "/items/\(people.milk.id.lowercasedText)/done", method: .post, headers: .sessionForm(sessions.bob),
                body: .form([("done", "1")]))
            #expect(check.status == .seeOther)

            let stop = try await client.execute(
                uri: "/projects/Groceries/unshare", method: .post, headers: .sessionForm(sessions.alice), body: .form([("person", "bob")]))
            #expect(stop.status == .seeOther)
            let gone = try await client.execute(uri: "/projects/alice%2FGroceries", method: .get, headers: .session(sessions.bob))
            #expect(gone.status == .notFound && !gone.text.contains("Milk"))
            let item = try await client.execute(uri: "/items/\(people.milk.id.lowercasedText)", method: .get, headers: .session(sessions.bob))
            #expect(item.status == .notFound)
        }
        #expect(try await people.sut.store(of: "alice").item(id: people.milk.id)?.isDone == true)
    }

    @Test("SHARE-10 an import goes into the person's own list and leaves another person's item with the same id alone")
    func test_SHARE_10_import() async throws {
        let people = try await People(sharing: nil)
        let diary = people.diary.id.lowercasedText
        try await people.sut.app.test(.router) { client in
            let sessions = try await people.signIn(client)
            let body = #"[{"id":"\#(diary)","title":"Bob's own","completed":false}]"#
            let imported = try await client.execute(
                uri: "/api/import?format=json", method: .post,
                headers: [.cookie: "todo_session=\(sessions.bob)", .contentType: "application/json"], body: ByteBuffer(string: body))
            #expect(imported.status == .ok)
        }
        #expect(try await people.sut.store(of: "bob").items().map(\.title) == ["Bob's own"])
        #expect(try await people.sut.store(of: "alice").item(id: people.diary.id)?.title == "Dear diary")
    }
}

extension AccountsWebSUT {
    /// Sharing by names over the SUT's accounts and lists.
    static func sharing(_ sut: AccountsWebSUT) -> SharingService {
        AccountsWeb(
            accounts: sut.accounts, lists: sut.lists, allowSignup: false, secureCookies: false, clientAddress: { _, _ in "test" },
            serverZone: testUTC
        ).sharing
    }
}

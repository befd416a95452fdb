import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoTestSupport

@testable import TodoWeb

/// WEB-9 … WEB-13 (docs/specs/web.md): words and forms people understand.
@Suite("Web: words and forms people understand")
struct PlainFormsTests {
    @Test("WEB-9 the edit form saves with “Save” (保存), as the add form does")
    func test_WEB_9_save() async throws {
        let sut = WebSUT()
        let item = try await sut.store.add(TodoDraft(title: "Run"))
        try await sut.app.test(.router) { client async throws in
            for (language, word) in [("en", "Save"), ("zh-Hans", "保存"), ("ja", "保存")] {
                let headers: HTTPFields = [.cookie: "lang=\(language)"]
                let edit = try await client.execute(uri: "/items/\(item.id.lowercasedText)/edit", method: .get, headers: headers).text
                let add = try await client.execute(uri: "/items/new", method: .get, headers: headers).text
                #expect(edit.contains("data-testid=\"save\">\(word)</button>"), "\(language)")
                #expect(add.contains("data-testid=\"save\">\(word)</button>"), "\(language)")
            }
        }
    }

    @Test("WEB-10 WEB-11 the Japanese pages say やること; an empty list points at the add field above it")
    func test_WEB_10_WEB_11_wordsOfTheList() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let japanese = try await client.execute(uri: "/", method: .get, headers: [.cookie: "lang=ja"]).text
            #expect(japanese.contains("<h1 data-testid=\"list-title\">やること</h1>"))
            #expect(japanese.contains("上の欄に最初のやることを入力しましょう。"))
            let english = try await client.execute(uri: "/", method: .get).text
            #expect(english.contains("<h1 data-testid=\"list-title\">Todo</h1>"))
            let field = try #require(english.range(of: "data-testid=\"add-title\""))
            let empty = try #require(english.range(of: "data-testid=\"empty-state\">Nothing to do yet. Type your first to-do in the field above.</p>"))
            #expect(field.lowerBound < empty.lowerBound, "the field is above the sentence that points at it")
        }
    }

    @Test("WEB-12 latitude and longitude are behind “More”: closed for a new to-do, open for one that has them")
    func test_WEB_12_coordinatesBehindMore() async throws {
        let sut = WebSUT()
        let park = try await sut.store.add(TodoDraft(title: "Walk", location: Location(name: "Park", latitude: 48.85, longitude: 2.35)))
        let shop = try await sut.store.add(TodoDraft(title: "Shop", location: Location(name: "Corner")))
        try await sut.app.test(.router) { client async throws in
            let new = try await client.execute(uri: "/items/new", method: .get).text
            #expect(new.contains("<details class=\"more\" data-testid=\"location-more\"><summary data-testid=\"location-more-toggle\">More</summary>"))
            #expect(new.contains("data-testid=\"latitude-input\""), "still in the form: a plain form sends it")
            let withCoordinates = try await client.execute(uri: "/items/\(park.id.lowercasedText)/edit", method: .get).text
            #expect(withCoordinates.contains("<details class=\"more\" open data-testid=\"location-more\">"))
            #expect(withCoordinates.contains("value=\"48.85\""))
            let without = try await client.execute(uri: "/items/\(shop.id.lowercasedText)/edit", method: .get).text
            #expect(without.contains("<details class=\"more\" data-testid=\"location-more\">"))
        }
    }

    @Test("WEB-13 the share page lists each person once with their role's control beside their name; saving it changes the role")
    func test_WEB_13_roleBesideTheName() async throws {
        let people = try await SharingWebTests.People(sharing: .viewer)
        try await people.sut.app.test(.router) { client in
            let alice = try await people.signIn(client).alice
            let before = try await client.execute(uri: "/projects/Groceries/settings", method: .get, headers: .session(alice)).text
            #expect(before.components(separatedBy: "data-testid=\"share-name\">bob</span>").count == 2, "bob, once")
            #expect(before.contains("<label class=\"visually-hidden\" for=\"share-role-0\">bob&#39;s role</label>")
                || before.contains("<label class=\"visually-hidden\" for=\"share-role-0\">bob's role</label>"))
            #expect(before.contains("<option value=\"viewer\" selected>Viewer: reads the list</option><option value=\"editor\">"))
            let saved = try await client.execute(
                uri: "/projects/Groceries/share", method: .post, headers: .sessionForm(alice),
                body: .form([("person", "bob"), ("role", "editor")]))
            #expect(saved.status == .seeOther)
            let after = try await client.execute(uri: "/projects/Groceries/settings", method: .get, headers: .session(alice)).text
            #expect(after.components(separatedBy: "data-testid=\"share-name\">bob</span>").count == 2, "still once")
            #expect(after.contains("<option value=\"viewer\">Viewer: reads the list</option><option value=\"editor\" selected>"))
        }
        let shares = try await AccountsWebSUT.sharing(people.sut).shares(of: "alice")
        #expect(shares.map(\.role) == [.editor])
    }
}

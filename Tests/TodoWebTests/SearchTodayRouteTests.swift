import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoTestSupport

@Suite("Web: search, Today and Upcoming (router)")
struct SearchTodayRouteTests {
    @Test("FIND-8 every list page has the search field, a GET form to /search with the shortcut's key")
    func test_FIND_8_searchFieldOnEveryList() async throws {
        let sut = WebSUT()
        _ = try await sut.store.add(TodoDraft(title: "Weed", project: Project(name: "Garden")))
        try await sut.app.test(.router) { client async throws in
            for uri in ["/", "/today", "/upcoming", "/projects/Garden", "/due/2026-11-21", "/search?q=weed"] {
                let html = try await client.execute(uri: uri, method: .get).text
                #expect(html.contains("<form method=\"get\" action=\"/search\" role=\"search\""), "\(uri)")
                #expect(html.contains("name=\"q\""), "\(uri)")
                #expect(html.contains("data-key=\"search\" data-testid=\"search-field\""), "\(uri)")
                #expect(html.contains("<label for=\"search-field\""), "\(uri)")
            }
        }
    }

    @Test("FIND-1 FIND-8 /search?q= shows the matching rows in the two sections; the field keeps the query")
    func test_FIND_8_searchResults() async throws {
        let sut = WebSUT()
        let milk = try await sut.store.add(TodoDraft(title: "Buy milk"))
        _ = try await sut.store.add(TodoDraft(title: "Bread"))
        _ = try await sut.store.add(TodoDraft(title: "Oat milk", location: Location(name: "Shop")))
        _ = try await sut.store.setDone(id: milk.id, true)
        try await sut.app.test(.router) { client async throws in
            let response = try await client.execute(uri: "/search?q=MILK", method: .get)
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains("<h1 data-testid=\"list-title\">Search “MILK”</h1>"))
            #expect(html.contains("value=\"MILK\""))
            #expect(html.contains("Oat milk") && html.contains("Buy milk") && !html.contains("Bread"))
            let todo = try #require(html.range(of: "data-testid=\"header-todo\""))
            let done = try #require(html.range(of: "data-testid=\"header-done\""))
            #expect(todo.lowerBound < done.lowerBound)
            // A form sends spaces as +, pluses as %2B.
            let words = try await client.execute(uri: "/search?q=oat+MILK", method: .get).text
            #expect(words.contains("Search “oat MILK”") && words.contains("Oat milk") && !words.contains("Buy milk"))
            let plus = try await client.execute(uri: "/search?q=a%2Bb", method: .get).text
            #expect(plus.contains("Nothing matches “a+b”"))
            // Row actions come back to the search.
            #expect(html.contains("name=\"from\" value=\"/search?q=MILK\""))
        }
    }

    @Test("FIND-12 a found row marks each place the search's words are in its title; the text around stays escaped; other lists mark nothing")
    func test_FIND_12_marks() async throws {
        let sut = WebSUT()
        let oat = try await sut.store.add(TodoDraft(title: "Oat MILK <b>milk</b>"))
        _ = try await sut.store.add(TodoDraft(title: "Bread", details: "milk bread"))
        try await sut.app.test(.router) { client async throws in
            let html = try await client.execute(uri: "/search?q=milk+oat", method: .get).text
            #expect(html.contains(
                "<span class=\"title\"><mark>Oat</mark> <mark>MILK</mark> &lt;b&gt;<mark>milk</mark>&lt;/b&gt;</span>"))
            #expect(html.contains("<span class=\"title\">Bread</span>") == false, "Bread has no oat")
            let details = try await client.execute(uri: "/search?q=bread", method: .get).text
            #expect(details.contains("<span class=\"title\"><mark>Bread</mark></span>"))
            let all = try await client.execute(uri: "/", method: .get).text
            #expect(!all.contains("<mark>"))
            #expect(all.contains("data-testid=\"row-\(oat.id.lowercasedText)\""))
        }
    }

    @Test("FIND-6 FIND-8 nothing matches says so; a blank query goes to the whole list; a long one is refused")
    func test_FIND_6_emptyBlankAndLong() async throws {
        let sut = WebSUT()
        _ = try await sut.store.add(TodoDraft(title: "Bread"))
        try await sut.app.test(.router) { client async throws in
            let html = try await client.execute(uri: "/search?q=kale", method: .get).text
            #expect(html.contains("data-testid=\"empty-state\">Nothing matches “kale”</p>"))
            let blank = try await client.execute(uri: "/search?q=%20%20", method: .get)
            #expect(blank.status == .seeOther)
            #expect(blank.headers[.location] == "/")
            let long = try await client.execute(uri: "/search?q=" + String(repeating: "a", count: 201), method: .get)
            #expect(long.status == .badRequest)
            #expect(long.text.contains("at most 200 characters"))
        }
    }

    @Test("FIND-4 FIND-8 search syntax in the query is searched as it is, and escaped on the page")
    func test_FIND_4_syntaxInQuery() async throws {
        let sut = WebSUT()
        _ = try await sut.store.add(TodoDraft(title: "Say \"hi\" <b>now</b>"))
        try await sut.app.test(.router) { client async throws in
            let response = try await client.execute(uri: "/search?q=%22hi%22%20%3Cb%3E", method: .get)
            #expect(response.status == .ok)
            #expect(response.text.contains("Say &quot;hi&quot; &lt;b&gt;now&lt;/b&gt;"))
            #expect(!response.text.contains("<b>now"))
        }
    }

    @Test("FIND-8 a search's pager keeps the query")
    func test_FIND_8_pagerKeepsQuery() async throws {
        let sut = WebSUT()
        for index in 1...55 { _ = try await sut.store.add(TodoDraft(title: "Item \(index) milk")) }
        try await sut.app.test(.router) { client async throws in
            let html = try await client.execute(uri: "/search?q=milk", method: .get).text
            #expect(html.contains("href=\"/search?q=milk&amp;page=2\"") || html.contains("href=\"/search?q=milk&page=2\""))
            let second = try await client.execute(uri: "/search?q=milk&page=2", method: .get).text
            #expect(second.contains("Page 2 of 2"))
        }
    }

    @Test("DAY-2 DAY-6 /today shows yesterday's item first under Overdue, marked in words, then today's")
    func test_DAY_2_todayPage() async throws {
        let sut = WebSUT()
        let late = try await sut.store.add(TodoDraft(title: "Pay rent", dueDate: today.adding(days: -1)))
        _ = try await sut.store.add(TodoDraft(title: "Call mom", dueDate: today))
        _ = try await sut.store.add(TodoDraft(title: "Next week", dueDate: today.adding(days: 7)))
        try await sut.app.test(.router) { client async throws in
            let html = try await client.execute(uri: "/today", method: .get).text
            let overdue = try #require(html.range(of: "data-testid=\"header-overdue\">Overdue</h2>"))
            let todo = try #require(html.range(of: "data-testid=\"header-todo\""))
            let rent = try #require(html.range(of: "Pay rent"))
            let mom = try #require(html.range(of: "Call mom"))
            #expect(overdue.lowerBound < rent.lowerBound && rent.lowerBound < todo.lowerBound && todo.lowerBound < mom.lowerBound)
            #expect(!html.contains("Next week"))
            let row = try #require(html.range(of: "data-testid=\"row-\(late.id.lowercasedText)\""))
            let rowHTML = html[row.lowerBound...].prefix(2000)
            #expect(rowHTML.contains("data-testid=\"overdue\">Overdue</span>"))
            #expect(html.contains("aria-current=\"page\" data-testid=\"nav-/today\""))
            #expect(html.contains("data-testid=\"nav-/upcoming\""))
        }
    }

    @Test("DAY-3 an empty Today says Nothing due today")
    func test_DAY_3_emptyToday() async throws {
        try await WebSUT().app.test(.router) { client async throws in
            let html = try await client.execute(uri: "/today", method: .get).text
            #expect(html.contains("data-testid=\"empty-state\">Nothing due today</p>"))
        }
    }

    @Test("DAY-5 DAY-6 /upcoming shows a section per day, in date order, with the day as its heading")
    func test_DAY_5_upcomingPage() async throws {
        let sut = WebSUT()
        _ = try await sut.store.add(TodoDraft(title: "In three days", dueDate: today.adding(days: 3)))
        _ = try await sut.store.add(TodoDraft(title: "Tomorrow's", dueDate: today.adding(days: 1)))
        _ = try await sut.store.add(TodoDraft(title: "Today's", dueDate: today))
        try await sut.app.test(.router) { client async throws in
            let html = try await client.execute(uri: "/upcoming", method: .get).text
            #expect(html.contains("<h1 data-testid=\"list-title\">Upcoming</h1>"))
            let first = try #require(html.range(of: "data-testid=\"header-day-2026-11-22\">Tomorrow</h2>"))
            let second = try #require(html.range(of: "data-testid=\"header-day-2026-11-24\">Tuesday 11/24</h2>"))
            #expect(first.lowerBound < second.lowerBound)
            #expect(html.contains("Tomorrow&#39;s") || html.contains("Tomorrow's"))
            #expect(!html.contains("Today&#39;s") && !html.contains("Today's"))
            #expect(html.contains("aria-current=\"page\" data-testid=\"nav-/upcoming\""))
            let empty = try WebSUT().app
            try await empty.test(.router) { client async throws in
                let html = try await client.execute(uri: "/upcoming", method: .get).text
                #expect(html.contains("Nothing due in the next 7 days"))
            }
        }
    }

    @Test("FIND-10 GET /api/todos?q= answers the matching items, with paging; a long query is refused")
    func test_FIND_10_apiSearch() async throws {
        let sut = WebSUT()
        _ = try await sut.store.add(TodoDraft(title: "Buy milk"))
        _ = try await sut.store.add(TodoDraft(title: "Bread"))
        _ = try await sut.store.add(TodoDraft(title: "Oat milk"))
        try await sut.app.test(.router) { client async throws in
            let all = try #require(try await client.execute(uri: "/api/todos?q=milk", method: .get).json() as? [[String: Any]])
            #expect(all.compactMap { $0["title"] as? String } == ["Oat milk", "Buy milk"])
            let page = try await client.execute(uri: "/api/todos?q=milk&limit=1", method: .get)
            let first = try #require(try page.json() as? [[String: Any]])
            #expect(first.compactMap { $0["title"] as? String } == ["Oat milk"])
            #expect(page.headers[HTTPField.Name("Link")!]?.contains("q=milk") == true)
            let long = try await client.execute(uri: "/api/todos?q=" + String(repeating: "a", count: 201), method: .get)
            #expect(long.status == .badRequest)
            #expect((try long.json() as? [String: String])?["error"] == "?q= is at most 200 characters.")
        }
    }
}

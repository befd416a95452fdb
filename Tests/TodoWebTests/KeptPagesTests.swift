import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoAccounts
import TodoCore
import TodoSQLite
import TodoTestSupport
import TodoWeb

/// docs/specs/live.md, LIVE-17: a list page asked for again is answered as last time while the
/// change record's newest id and everything else the page is made of are the same.
///
/// The in-memory store keeps no record of its own, so these tests write to the store and to the
/// record separately: a write the record doesn't know of shows whether a page was kept (it is
/// not in the page) or made (it is).
@Suite("Live: a page kept until its list changes")
struct KeptPagesTests {
    /// The web app over an in-memory store, with a record of changes the test writes to and a
    /// clock it moves (in UTC, the server's zone).
    struct SUT {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        let record = InMemoryChangeRecord()
        let clock = WebClock()

        var app: some ApplicationProtocol {
            get throws {
                let clock = clock, utc = TimeZone(identifier: "UTC")!
                var options = TodoWebOptions(today: { CalendarDate(clock.now, in: utc) }, now: { clock.now })
                options.changes = record
                return Application(router: try TodoWebApp.buildRouter(store: store, options: options))
            }
        }

        /// Adds a to-do the record doesn't know of.
        func addUnrecorded(_ title: String, due: CalendarDate? = nil, at time: TimeOfDay? = nil) async throws {
            _ = try await store.add(TodoDraft(title: title, dueDate: due, dueTime: time))
        }

        /// Adds a to-do, and its change to the record, as a store's trigger would.
        func add(_ title: String) async throws {
            let item = try await store.add(TodoDraft(title: title))
            await record.append(.created, owner: .local, item: item.id)
        }
    }

    @Test("LIVE-17 an unchanged list is answered as last time; a change in the record makes it anew")
    func test_LIVE_17_keptUntilAChange() async throws {
        let sut = SUT()
        try await sut.add("Milk")
        try await sut.app.test(.router) { client async throws in
            let first = try await client.execute(uri: "/", method: .get)
            #expect(first.status == .ok)
            #expect(first.text.contains("Milk"))
            try await sut.addUnrecorded("Bread")
            let again = try await client.execute(uri: "/", method: .get)
            #expect(again.text == first.text, "nothing in the record changed: the page kept")
            #expect(again.headers[.contentType] == first.headers[.contentType])
            #expect(again.headers[.cacheControl] == first.headers[.cacheControl])
            try await sut.add("Eggs")
            let after = try await client.execute(uri: "/", method: .get).text
            #expect(after.contains("Bread") && after.contains("Eggs"), "a change in the record: the page made anew")
        }
    }

    @Test("LIVE-17 another address, query, language, fragment or “unfinished only” choice is a page of its own")
    func test_LIVE_17_whatIsAskedFor() async throws {
        let sut = SUT()
        try await sut.add("Milk")
        let asked: [(uri: String, headers: HTTPFields)] = [
            ("/?sort=priority", [:]),
            ("/?page=1", [:]),
            ("/", [.acceptLanguage: "zh-CN"]),
            ("/", [HTTPField.Name("X-Page-Fragment")!: "1"]),
            ("/", [.cookie: "unfinished=1"]),
            ("/search?q=Bread", [:]),
        ]
        try await sut.app.test(.router) { client async throws in
            let plain = try await client.execute(uri: "/", method: .get).text
            try await sut.addUnrecorded("Bread")
            for (uri, headers) in asked {
                let page = try await client.execute(uri: uri, method: .get, headers: headers)
                #expect(page.status == .ok)
                #expect(page.text.contains("Bread"), "\(uri) \(headers): made for what it asks, not the page of /")
            }
            #expect(try await client.execute(uri: "/", method: .get).text == plain, "/ itself still kept")
        }
    }

    @Test("LIVE-17 the minute and the day on the person's clock: a passed time makes its row overdue, and Today moves on")
    func test_LIVE_17_minuteAndDay() async throws {
        let sut = SUT()
        let utc = TimeZone(identifier: "UTC")!
        // 2026-09-15 14:59:30 UTC.
        sut.clock.set(Date(timeIntervalSince1970: 1_789_484_370))
        let today = CalendarDate(sut.clock.now, in: utc)
        try await sut.addUnrecorded("Call the dentist", due: today, at: TimeOfDay(hour: 15, minute: 0))
        try await sut.app.test(.router) { client async throws in
            let before = try await client.execute(uri: "/", method: .get).text
            #expect(before.contains(">Today 15:00</time>"))
            #expect(!before.contains(#"data-testid="overdue""#))
            sut.clock.advance(30)  // 15:00:00: not yet past
            #expect(try await client.execute(uri: "/", method: .get).text == before)
            sut.clock.advance(60)  // 15:01:00
            let passed = try await client.execute(uri: "/", method: .get).text
            #expect(passed.contains(#"data-testid="overdue""#), "the same list, a minute later: overdue")
            sut.clock.advance(9 * 3600)  // 00:01 the next day
            let nextDay = try await client.execute(uri: "/", method: .get).text
            #expect(!nextDay.contains(">Today 15:00</time>"), "yesterday's time is no longer today's")
        }
    }

    @Test("LIVE-17 a page with a once-only notice is made for its request and never kept")
    func test_LIVE_17_noticesNotKept() async throws {
        let sut = SUT()
        try await sut.add("Milk")
        let bread = try await sut.store.add(TodoDraft(title: "Bread"))
        _ = try await sut.store.delete(id: bread.id)
        await sut.record.append(.deleted, owner: .local, item: bread.id)
        let undo: HTTPFields = [.cookie: "undo=\(bread.id.lowercasedText)"]
        try await sut.app.test(.router) { client async throws in
            let notice = try await client.execute(uri: "/", method: .get, headers: undo)
            #expect(notice.text.contains(#"data-testid="undo-notice""#))
            #expect(notice.headers[.setCookie]?.hasPrefix("undo=;") == true, "the notice is shown once")
            let plain = try await client.execute(uri: "/", method: .get).text
            #expect(!plain.contains(#"data-testid="undo-notice""#), "the notice's page was not kept")
            #expect(try await client.execute(uri: "/", method: .get, headers: undo).text.contains(#"data-testid="undo-notice""#))
        }
    }

    @Test("LIVE-17 each person's page is their own: another person is never answered with it")
    func test_LIVE_17_eachPerson() async throws {
        var sut = AccountsWebSUT()
        sut.changes = InMemoryChangeRecord()
        try await sut.accounts.add(name: "alice", password: AccountsWebSUT.password)
        try await sut.accounts.add(name: "bob", password: AccountsWebSUT.password)
        _ = try await sut.store(of: "alice").add(TodoDraft(title: "Surprise party for Bob"))
        try await sut.app.test(.router) { client async throws in
            let alice = try await client.session("alice"), bob = try await client.session("bob")
            #expect(try await client.execute(uri: "/", method: .get, headers: .session(alice)).text.contains("Surprise party for Bob"))
            let bobs = try await client.execute(uri: "/", method: .get, headers: .session(bob))
            #expect(bobs.status == .ok)
            #expect(!bobs.text.contains("Surprise party for Bob"))
        }
    }

    @Test("LIVE-17 on a SQLite file, a write by another process (the CLI) is on the next page at once")
    func test_LIVE_17_anotherProcessOnTheFile() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("todo.sqlite")
        let server = try AppDatabase.open(path: path, concurrentReads: true)
        let environment = TodoEnvironment.fixedForTests()
        var options = TodoWebOptions(today: { today }, now: { TestEnvironment.referenceDate })
        options.changes = SQLiteChangeRecord(database: server)
        let app = Application(router: try TodoWebApp.buildRouter(
            store: SQLiteTodoStore(database: server, environment: environment), options: options))
        try await app.test(.router) { client async throws in
            let first = try await client.execute(uri: "/", method: .get).text
            #expect(try await client.execute(uri: "/", method: .get).text == first)
            let command = try AppDatabase.open(path: path)  // as the CLI opens it
            _ = try await SQLiteTodoStore(database: command, environment: environment).add(TodoDraft(title: "From the terminal"))
            try command.close()
            #expect(try await client.execute(uri: "/", method: .get).text.contains("From the terminal"))
        }
        try server.close()
    }
}

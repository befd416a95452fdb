import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoAccounts
import TodoCore
import TodoTestSupport
import TodoWeb

/// Each person's day and time on the web (docs/specs/times.md): Today, Upcoming and what is
/// overdue in the person's own zone (TIME-6, TIME-7), and rows that say when in words (TIME-9).
/// The clock stands at Saturday 2026-11-21 09:00 UTC: 22:00 on Friday the 20th in Pago Pago.
@Suite("Times on the web: each person's zone, overdue times, dates in words")
struct TimesWebTests {
    private static func at(_ hour: Int, _ minute: Int) -> TimeOfDay { TimeOfDay(hour: hour, minute: minute)! }
    private static let friday = CalendarDate(iso: "2026-11-20")!

    /// The `<time>` inside a row's due chip, by the row's title.
    private static func due(_ page: String, _ title: String) -> String? {
        guard let row = page.range(of: ">" + title + "<") else { return nil }
        let rest = page[row.upperBound...]
        let end = rest.range(of: "</li>").map { $0.lowerBound } ?? rest.endIndex
        guard let match = rest[..<end].firstMatch(of: #/data-testid="due">(?:<span class="visually-hidden">[^<]*</span>)?(<time [^>]*>[^<]*</time>)/#)
        else { return nil }
        return String(match.output.1)
    }

    private static func overdue(_ page: String, _ title: String) -> Bool {
        guard let row = page.range(of: ">" + title + "<") else { return false }
        let rest = page[row.upperBound...]
        let end = rest.range(of: "</li>").map { $0.lowerBound } ?? rest.endIndex
        return rest[..<end].contains(#"class="chip due overdue""#)
    }

    @Test("TIME-6 TIME-7 TIME-9 a person in Pago Pago has Friday for today: Today, overdue times and the rows' words follow their zone")
    func test_TIME_6_personsZone() async throws {
        let sut = AccountsWebSUT()
        try await sut.accounts.add(name: "alice", password: AccountsWebSUT.password)
        try await sut.accounts.add(name: "bob", password: AccountsWebSUT.password)
        try await sut.accounts.setTimeZone(name: "alice", to: "Pacific/Pago_Pago")
        let alice = try await sut.store(of: "alice")
        for draft in [
            TodoDraft(title: "Friday 21:00", dueDate: Self.friday, dueTime: Self.at(21, 0)),
            TodoDraft(title: "Friday 23:00", dueDate: Self.friday, dueTime: Self.at(23, 0)),
            TodoDraft(title: "Saturday", dueDate: Self.friday.adding(days: 1)),
            TodoDraft(title: "Monday 09:30", dueDate: Self.friday.adding(days: 3), dueTime: Self.at(9, 30)),
        ] { _ = try await alice.add(draft) }
        let bob = try await sut.store(of: "bob")
        _ = try await bob.add(TodoDraft(title: "Bob on Saturday", dueDate: Self.friday.adding(days: 1), dueTime: Self.at(8, 0)))
        try await sut.app.test(.router) { client in
            let here = try await client.session("alice")
            let today = try await client.execute(uri: "/today", method: .get, headers: .session(here)).text
            #expect(today.contains(">Friday 21:00<") && today.contains(">Friday 23:00<"))
            #expect(!today.contains(">Saturday<"))
            // 21:00 has passed at 22:00 in Pago Pago; 23:00 hasn't.
            #expect(Self.overdue(today, "Friday 21:00"))
            #expect(!Self.overdue(today, "Friday 23:00"))
            #expect(Self.due(today, "Friday 21:00") == #"<time datetime="2026-11-20T21:00" title="11/20/2026 21:00">Today 21:00</time>"#)
            let all = try await client.execute(uri: "/", method: .get, headers: .session(here)).text
            #expect(Self.due(all, "Saturday") == #"<time datetime="2026-11-21" title="11/21/2026">Tomorrow</time>"#)
            #expect(Self.due(all, "Monday 09:30") == #"<time datetime="2026-11-23T09:30" title="11/23/2026 09:30">Mon 09:30</time>"#)
            let overdue = try await client.execute(uri: "/overdue", method: .get, headers: .session(here)).text
            #expect(overdue.contains(">Friday 21:00<") && !overdue.contains(">Friday 23:00<"))
            let upcoming = try await client.execute(uri: "/upcoming", method: .get, headers: .session(here)).text
            #expect(upcoming.contains(">Saturday<") && !upcoming.contains(">Friday 23:00<"))

            // Bob has chosen no zone: the server's (UTC) is his, where it is Saturday 09:00.
            let his = try await client.session("bob")
            let bobsToday = try await client.execute(uri: "/today", method: .get, headers: .session(his)).text
            #expect(bobsToday.contains(">Bob on Saturday<"))
            #expect(Self.overdue(bobsToday, "Bob on Saturday"))
            #expect(Self.due(bobsToday, "Bob on Saturday") == #"<time datetime="2026-11-21T08:00" title="11/21/2026 08:00">Today 08:00</time>"#)
        }
    }

    @Test("TIME-9 a row due more than six days after tomorrow, or before today, says its date, in the page's language")
    func test_TIME_9_datesBeyondTheWeek() async throws {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        _ = try await store.add(TodoDraft(title: "Next week", dueDate: today.adding(days: 7)))
        _ = try await store.add(TodoDraft(title: "Last week", dueDate: today.adding(days: -7)))
        _ = try await store.add(TodoDraft(title: "Thursday", dueDate: today.adding(days: 5)))
        let app = Application(router: try TodoWebApp.buildRouter(
            store: store, options: TodoWebOptions(today: { today }, now: { TestEnvironment.referenceDate })))
        try await app.test(.router) { client in
            let page = try await client.execute(uri: "/", method: .get).text
            #expect(Self.due(page, "Next week") == #"<time datetime="2026-11-28">11/28/2026</time>"#)
            #expect(Self.due(page, "Last week") == #"<time datetime="2026-11-14">11/14/2026</time>"#)
            #expect(Self.due(page, "Thursday") == #"<time datetime="2026-11-26" title="11/26/2026">Thu</time>"#)
            let japanese = try await client.execute(uri: "/", method: .get, headers: [.cookie: "lang=ja"]).text
            #expect(Self.due(japanese, "Thursday") == #"<time datetime="2026-11-26" title="2026/11/26">木</time>"#)
            #expect(Self.due(japanese, "Next week") == #"<time datetime="2026-11-28">2026/11/28</time>"#)
        }
    }
}

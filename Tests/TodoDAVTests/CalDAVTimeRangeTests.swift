import Foundation
import Testing
import TodoCore
import TodoTestSupport

@testable import TodoDAV

/// docs/specs/caldav.md, DAV-28: a `time-range` on a VTODO is judged by RFC 4791 §9.9's table
/// (DTSTART, DURATION, DUE, COMPLETED, CREATED), in the owner's time zone, occurrence by
/// occurrence. The server's clock is 2026-11-21 09:00 UTC (`fixedForTests`), so a task put
/// here is CREATED then.
@Suite("DAV-28 time ranges as RFC 4791 §9.9 reads them")
struct CalDAVTimeRangeTests {
    static let inbox = "/dav/calendars/alice/inbox/"

    /// `<c:time-range start=… end=…/>`, an attribute left out when nil.
    static func range(_ start: String?, _ end: String?) -> String {
        "<c:time-range" + (start.map { #" start="\#($0)""# } ?? "") + (end.map { #" end="\#($0)""# } ?? "") + "/>"
    }

    /// The resource names (without `.ics`) of To Do that a calendar-query with `inner` in its VTODO comp-filter answers.
    static func names(_ dav: DAVClient, _ inner: String) async throws -> Set<String> {
        let answer = try await dav.report(inbox, DAVBodies.query(#"<c:comp-filter name="VTODO">"# + inner + "</c:comp-filter>"))
        #expect(answer.status == 207, "\(answer.text)")
        // `done` for `…/inbox/done.ics`.
        return Set(answer.responses.map { String($0.href.dropFirst(inbox.count).dropLast(".ics".count)) })
    }

    /// The tasks a query answers for a range (`tasks` or `due`).
    typealias Query = @Sendable (DAVClient, String?, String?) async throws -> Set<String>

    /// The tasks whose VTODO is in the range (the comp-filter's time-range).
    static func tasks(_ dav: DAVClient, _ start: String?, _ end: String?) async throws -> Set<String> {
        try await names(dav, range(start, end))
    }

    /// The tasks whose DUE is in the range (a prop-filter's time-range).
    static func due(_ dav: DAVClient, _ start: String?, _ end: String?) async throws -> Set<String> {
        try await names(dav, #"<c:prop-filter name="DUE">"# + range(start, end) + "</c:prop-filter>")
    }

    static func put(_ dav: DAVClient, _ name: String, _ extra: [String], calendarExtra: [String] = []) async throws {
        let answer = try await dav.put(
            "inbox", name + ".ics", DAVBodies.vtodo(uid: name, summary: name, extra: extra, calendarExtra: calendarExtra))
        #expect(answer.status == 201, "\(name): \(answer.text)")
    }

    @Test("REPEAT-15 a client's repeating task without DUE gets none: its DTSTART anchors the series")
    func test_REPEAT_15_clientKeepsItsDates() async throws {
        let sut = try await DAVSUT.make()
        try await sut.test { (dav: DAVClient) async throws in
            try await Self.put(dav, "weekly", ["DTSTART:20270119T065500Z", "RRULE:FREQ=WEEKLY;COUNT=3;BYDAY=MO"])
            let item = try #require(try await sut.store(sut.alice).items().first { $0.title == "weekly" })
            let rule = try RepeatRule(rruleText: "FREQ=WEEKLY;BYDAY=MO;COUNT=3")
            #expect(item.dueDate == nil && item.repeatRule == rule)
            let resource = try await dav.send("GET", "/dav/calendars/alice/inbox/weekly.ics")
            #expect(!resource.text.contains("\r\nDUE"), "\(resource.text)")
            #expect(resource.text.contains("RRULE:FREQ=WEEKLY;COUNT=3;BYDAY=MO\r\n"), "the client's spelling")
        }
    }

    @Test("DAV-28 each row of the VTODO table a task can reach: DTSTART+DURATION, DTSTART+DUE, DTSTART, DUE, COMPLETED+CREATED, CREATED")
    func test_DAV_28_table() async throws {
        let sut = try await DAVSUT.make()
        try await sut.test { (dav: DAVClient) async throws in
            try await Self.put(dav, "span", ["DTSTART:20261125T100000Z", "DURATION:PT2H"])
            try await Self.put(dav, "startdue", ["DTSTART:20261125T100000Z", "DUE:20261127T100000Z"])
            try await Self.put(dav, "start", ["DTSTART:20261125T100000Z"])
            try await Self.put(dav, "due", ["DUE:20261125T100000Z"])
            try await Self.put(dav, "done", ["STATUS:COMPLETED", "COMPLETED:20261125T080000Z"])
            try await Self.put(dav, "open", [])
            // 10:30–11:00 on the 25th: inside the span and before the DUE of the 27th; after DTSTART, after DUE.
            #expect(try await Self.tasks(dav, "20261125T103000Z", "20261125T110000Z") == ["span", "startdue", "open"])
            // 09:00–10:00: a range ending at DUE holds it (end >= DUE); one ending at DTSTART doesn't (end > DTSTART).
            #expect(try await Self.tasks(dav, "20261125T090000Z", "20261125T100000Z") == ["due", "open"])
            // Starting at 10:00: DTSTART is in (start <= DTSTART), DUE isn't (start < DUE).
            #expect(try await Self.tasks(dav, "20261125T100000Z", "20261125T100001Z") == ["span", "startdue", "start", "open"])
            // The 26th: only the task from the 25th to the 27th spans it.
            #expect(try await Self.tasks(dav, "20261126T000000Z", "20261127T000000Z") == ["startdue", "open"])
            // The second it was completed (before, and after, it was created).
            #expect(try await Self.tasks(dav, "20261125T080000Z", "20261125T080001Z") == ["done", "open"])
            // From the 22nd to the 23rd: after it was created, before it was completed.
            #expect(try await Self.tasks(dav, "20261122T000000Z", "20261123T000000Z") == ["done", "open"])
            // A range ending before the open task was made, or in the year 2000, holds nothing.
            #expect(try await Self.tasks(dav, "20261120T000000Z", "20261121T090000Z").isEmpty)
            #expect(try await Self.tasks(dav, "20000101T000000Z", "20010101T000000Z").isEmpty, "the year 2000")
            // Next year: only the open task (RFC 4791: a task without dates is open from its creation on).
            #expect(try await Self.tasks(dav, "20270101T000000Z", "20270201T000000Z") == ["open"])
        }
    }

    @Test("DAV-28 a task without DUE, made or completed on the web, is in no range of the year 2000")
    func test_DAV_28_year2000() async throws {
        let sut = try await DAVSUT.make()
        let store = try await sut.store(sut.alice)
        let open = try await store.add(TodoDraft(title: "Open"))
        let done = try await store.add(TodoDraft(title: "Done", isDone: true))
        let dated = try await store.add(TodoDraft(title: "Dated", dueDate: CalendarDate(year: 2000, month: 6, day: 1)))
        let name: @Sendable (TodoItem) -> String = { $0.id.lowercasedText }
        try await sut.test { (dav: DAVClient) async throws in
            #expect(try await Self.tasks(dav, "20000101T000000Z", "20010101T000000Z") == [name(dated)])
            #expect(try await Self.tasks(dav, "20261101T000000Z", "20261201T000000Z") == [name(open), name(done)])
        }
    }

    @Test("DAV-28 a DUE with a time counts in the owner's zone: 2026-12-30 23:00 UTC is 31 December in Tokyo")
    func test_DAV_28_ownersZone() async throws {
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let sut = try await DAVSUT.make(environment: .fixedForTests(in: tokyo))
        let zone = [
            "BEGIN:VTIMEZONE", "TZID:Tokyo Standard Time", "BEGIN:STANDARD", "DTSTART:16010101T000000",
            "TZOFFSETFROM:+0900", "TZOFFSETTO:+0900", "END:STANDARD", "END:VTIMEZONE",
        ]
        try await sut.test { (dav: DAVClient) async throws in
            try await Self.put(dav, "utc", ["DUE:20261230T230000Z"])
            try await Self.put(dav, "tzid", ["DUE;TZID=Asia/Tokyo:20261231T080000"])
            try await Self.put(dav, "floating", ["DUE:20261231T080000"])
            try await Self.put(dav, "vtimezone", ["DUE;TZID=Tokyo Standard Time:20261231T080000"], calendarExtra: zone)
            try await Self.put(dav, "date", ["DUE;VALUE=DATE:20261231"])
            let all: Set = ["utc", "tzid", "floating", "vtimezone", "date"]
            // 31 December in Tokyo, 30 December in Tokyo, 1 January in Tokyo.
            let days = [("20261230T150000Z", "20261231T150000Z"), ("20261229T150000Z", "20261230T150000Z"),
                        ("20261231T150000Z", "20270101T150000Z")]
            for (index, (start, end)) in days.enumerated() {
                let expected: Set<String> = index == 0 ? all : []
                #expect(try await Self.tasks(dav, start, end) == expected, "\(start)")
                #expect(try await Self.due(dav, start, end) == expected, "DUE in \(start)")
            }
            // A range that ends the moment it is due holds it; one that starts then doesn't.
            #expect(try await Self.tasks(dav, "20261230T220000Z", "20261230T230000Z") == ["utc", "tzid", "floating", "vtimezone", "date"])
            #expect(try await Self.tasks(dav, "20261230T230000Z", "20261230T233000Z") == ["date"])

            // The item itself is due that day in Tokyo, everywhere (web, API, CLI), and the
            // client's DUE line comes back as it sent it.
            let items = try await sut.store(sut.alice).items()
            let utc = try #require(items.first { $0.title == "utc" })
            #expect(utc.dueDate == CalendarDate(year: 2026, month: 12, day: 31))
            let resource = try await dav.send("GET", "/dav/calendars/alice/inbox/utc.ics")
            #expect(resource.text.contains("DUE:20261230T230000Z\r\n"), "\(resource.text)")
        }
    }

    @Test("DAV-28 REPEAT-16 a repeating task is in each range one of its occurrences falls in, and in no other")
    func test_DAV_28_repeating() async throws {
        let sut = try await DAVSUT.make()
        // Due Monday 23 November, every Monday: made on the web.
        let weekly = try await sut.store(sut.alice).add(
            TodoDraft(title: "Bins", dueDate: CalendarDate(year: 2026, month: 11, day: 23), repeatRule: .weekly(on: [.monday])))
        let bins = weekly.id.lowercasedText
        // Mondays and Wednesdays at 09:00 in Berlin (08:00 UTC in winter, 07:00 UTC in summer).
        let berlin = ["DUE;TZID=Europe/Berlin:20261123T090000", "RRULE:FREQ=WEEKLY;BYDAY=MO,WE"]
        var monday = try #require(CalendarDate(year: 9998, month: 1, day: 1))
        while monday.weekday != .monday { monday = monday.adding(days: 1) }
        let far = monday.iso.replacingOccurrences(of: "-", with: "")
        let dayAfter = monday.adding(days: 1).iso.replacingOccurrences(of: "-", with: "")
        try await sut.test { (dav: DAVClient) async throws in
            try await Self.put(dav, "standup", berlin)
            try await Self.put(dav, "rent", ["DUE;VALUE=DATE:20261125", "RRULE:FREQ=MONTHLY;BYMONTHDAY=25"])
            for query: Query in [Self.tasks, Self.due] {
                // Monday 7 December; Tuesday 8 to Sunday 13 December; the week before the first.
                #expect(try await query(dav, "20261207T000000Z", "20261208T000000Z") == [bins, "standup"])
                #expect(try await query(dav, "20261208T000000Z", "20261214T000000Z") == ["standup"])
                #expect(try await query(dav, "20261116T000000Z", "20261123T000000Z").isEmpty)
                #expect(try await query(dav, "20000101T000000Z", "20010101T000000Z").isEmpty)
                // REPEAT-16: a monthly rule is on its days only, the 25th.
                #expect(try await query(dav, "20261225T000000Z", "20261226T000000Z") == ["rent"])
                #expect(try await query(dav, "20270525T000000Z", "20270526T000000Z") == ["rent"])
                #expect(try await query(dav, "20270126T000000Z", "20270127T000000Z").isEmpty)
                // Wednesday 2 December at 08:00 UTC, and in summer at 07:00 UTC: the time on Berlin's clock.
                #expect(try await query(dav, "20261202T073000Z", "20261202T083000Z") == ["standup"])
                #expect(try await query(dav, "20261202T083000Z", "20261202T093000Z").isEmpty)
                #expect(try await query(dav, "20270707T063000Z", "20270707T073000Z") == ["standup"])
                #expect(try await query(dav, "20270707T073000Z", "20270707T083000Z").isEmpty)
                // Everything, and a Monday in the year 9998.
                #expect(try await query(dav, "00010101T000000Z", "99991231T235959Z") == [bins, "standup", "rent"])
                #expect(try await query(dav, far + "T000000Z", dayAfter + "T000000Z") == [bins, "standup"])
                #expect(try await query(dav, dayAfter + "T000000Z", dayAfter + "T120000Z").isEmpty)
            }
        }
    }

    @Test("DAV-28 hostile ranges: reversed, empty, unreadable, absurd years, no attributes; never a failure", .timeLimit(.minutes(2)))
    func test_DAV_28_hostileRanges() async throws {
        let sut = try await DAVSUT.make()
        try await sut.test { (dav: DAVClient) async throws in
            try await Self.put(dav, "due", ["DUE;VALUE=DATE:20261125"])
            try await Self.put(dav, "daily", ["DUE;VALUE=DATE:20261125", "RRULE:FREQ=DAILY"])
            try await Self.put(dav, "open", [])
            let all: Set = ["due", "daily", "open"]
            let bad = ["00000101T000000Z", "20261301T000000Z", "20260230T000000Z", "20261125T250000Z", "1e400",
                       String(repeating: "9", count: 10_000), "-20261101T000000Z", "２０２６１１０１T000000Z", "",
                       "20261101T000000", "20261101"]
            let queries: [(Query, Set<String>)] = [(Self.tasks, all), (Self.due, ["due", "daily"])]
            for (query, everything) in queries {
                // A range that ends before, or when, it starts holds no time.
                #expect(try await query(dav, "20261201T000000Z", "20261101T000000Z").isEmpty)
                #expect(try await query(dav, "20261125T000000Z", "20261125T000000Z").isEmpty)
                // An attribute that isn't a UTC date-time leaves that end open: the answer holds more, never less.
                for text in bad {
                    #expect(try await query(dav, text, text) == everything, "\(text.prefix(20))")
                }
                #expect(try await query(dav, "20261301T000000Z", "20261126T000000Z") == everything)
            }
            // No attributes: all time. The whole calendar from year 1 to 9999.
            #expect(try await Self.tasks(dav, nil, nil) == all)
            #expect(try await Self.tasks(dav, "00010101T000000Z", "99991231T235959Z") == all)
            // After the last second of 9999 a daily task still has occurrences, and an open task is still open.
            #expect(try await Self.tasks(dav, "99991231T235959Z", nil) == ["daily", "open"])
            #expect(try await Self.tasks(dav, nil, "00010101T000000Z").isEmpty)
            #expect(try await Self.due(dav, "99991231T235959Z", nil) == ["daily"])
        }
    }
}

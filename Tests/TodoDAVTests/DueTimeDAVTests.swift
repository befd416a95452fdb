import Foundation
import Testing
import TodoCore
import TodoTestSupport

@testable import TodoDAV

/// docs/specs/times.md, TIME-8 and TIME-4 over CalDAV: a client's date-time DUE is the item's
/// due date and time in the owner's zone, and a repeating task keeps its time on its next date.
/// The server's zone is Asia/Tokyo; its clock is 2026-11-21 09:00 UTC (`fixedForTests`).
@Suite("TIME-8 TIME-4 due times over CalDAV")
struct DueTimeDAVTests {
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    static let inbox = "/dav/calendars/alice/inbox/"

    static func day(_ iso: String) -> CalendarDate { CalendarDate(iso: iso)! }
    static func time(_ text: String) -> TimeOfDay { TimeOfDay(text: text)! }

    /// Puts the weekly task `uid` with `dates`, then puts it again completed; answers the open
    /// item left (the next occurrence) and its resource as a GET answers it.
    static func completeWeekly(
        _ sut: DAVSUT, _ dav: DAVClient, uid: String, dates: [String]
    ) async throws -> (TodoItem, DAVAnswer) {
        let lines = dates + ["RRULE:FREQ=WEEKLY"]
        let created = try await dav.put("inbox", uid + ".ics", DAVBodies.vtodo(uid: uid, summary: "Call Mum", extra: lines))
        #expect(created.status == 201, "\(created.text)")
        let first = try #require(try await sut.store(sut.alice).items().first { $0.title == "Call Mum" })
        #expect(first.dueDate == day("2026-12-07") && first.dueTime == time("15:00"), "Monday 7 December, 15:00 in Tokyo")
        let done = lines + ["STATUS:COMPLETED", "COMPLETED:20261207T070000Z"]
        let completed = try await dav.put(
            "inbox", uid + ".ics", DAVBodies.vtodo(uid: uid, summary: "Call Mum", extra: done), etag: created.etag)
        #expect(completed.status == 204, "\(completed.text)")
        let open = try await sut.store(sut.alice).items().filter { !$0.isDone }
        #expect(open.count == 1, "exactly one next occurrence")
        let next = try #require(open.first)
        return (next, try await dav.send("GET", inbox + next.id.lowercasedText + ".ics"))
    }

    @Test("TIME-8 TIME-4 A repeating item with a time in Tokyo, completed by a CalDAV client, creates the right next occurrence in Tokyo's calendar, on each database",
          arguments: DAVSUT.Database.allCases)
    func test_TIME_8_repeatingWithATimeInTokyo(_ kind: DAVSUT.Database) async throws {
        let sut = try await DAVSUT.make(kind, environment: .fixedForTests(in: Self.tokyo))
        try await sut.test { (dav: DAVClient) async throws in
            // 06:00 UTC on Monday 7 December is 15:00 in Tokyo.
            let (next, get) = try await Self.completeWeekly(sut, dav, uid: "weekly-utc", dates: ["DUE:20261207T060000Z"])
            #expect(next.dueDate == Self.day("2026-12-14") && next.dueTime == Self.time("15:00"))
            #expect(get.status == 200)
            #expect(get.text.contains("\r\nDUE:20261214T060000Z\r\n"), "\(get.text)")
            #expect(get.text.contains("\r\nDTSTART:20261214T060000Z\r\n"), "a repeating task starts at its DUE, of the same kind")
        }
    }

    @Test("TIME-6 TIME-8 a person's own zone, not the server's, reads and writes their due times and reckons their repeats, on each database",
          arguments: DAVSUT.Database.allCases)
    func test_TIME_6_personsZone(_ kind: DAVSUT.Database) async throws {
        let sut = try await DAVSUT.make(kind)  // the server in UTC
        try await sut.accounts.setTimeZone(name: "alice", to: "Asia/Tokyo")
        #expect(try await sut.accounts.user(named: "alice").timeZone == Self.tokyo)
        try await sut.test { (dav: DAVClient) async throws in
            let (next, get) = try await Self.completeWeekly(sut, dav, uid: "weekly-alice", dates: ["DUE:20261207T060000Z"])
            #expect(next.dueDate == Self.day("2026-12-14") && next.dueTime == Self.time("15:00"))
            #expect(get.text.contains("\r\nDUE:20261214T060000Z\r\n"), "\(get.text)")
        }
        // Bob has chosen no zone: 06:00 UTC is 06:00 for him.
        try await sut.test { (dav: DAVClient) async throws in
            let created = try await dav.as("bob", sut.bobToken).send(
                "PUT", "/dav/calendars/bob/inbox/bob.ics", body: DAVBodies.vtodo(uid: "bob", summary: "Bob's", extra: ["DUE:20261207T060000Z"]),
                headers: ["Content-Type": "text/calendar; charset=utf-8", "If-None-Match": "*"])
            #expect(created.status == 201, "\(created.text)")
        }
        let bobs = try #require(try await sut.store(sut.bob).items().first)
        #expect(bobs.dueDate == Self.day("2026-12-07") && bobs.dueTime == Self.time("06:00"))
    }

    @Test("TIME-4 the client's own spelling of DUE and DTSTART (its TZID) moves to the next occurrence by 7 days")
    func test_TIME_4_clientsSpellingMoves() async throws {
        let sut = try await DAVSUT.make(environment: .fixedForTests(in: Self.tokyo))
        try await sut.test { (dav: DAVClient) async throws in
            let dates = ["DTSTART;TZID=Asia/Tokyo:20261207T150000", "DUE;TZID=Asia/Tokyo:20261207T150000"]
            let (next, get) = try await Self.completeWeekly(sut, dav, uid: "weekly-tzid", dates: dates)
            #expect(next.dueDate == Self.day("2026-12-14") && next.dueTime == Self.time("15:00"))
            #expect(get.text.contains("\r\nDUE;TZID=Asia/Tokyo:20261214T150000\r\n"), "\(get.text)")
            #expect(get.text.contains("\r\nDTSTART;TZID=Asia/Tokyo:20261214T150000\r\n"), "\(get.text)")
        }
    }

    @Test("TIME-8 a time set on the web is written DUE:<UTC>Z; a client's new time, or a date, changes the item's time")
    func test_TIME_8_bothWays() async throws {
        let sut = try await DAVSUT.make(environment: .fixedForTests(in: Self.tokyo))
        let store = try await sut.store(sut.alice)
        let made = try await store.add(TodoDraft(content: TodoContent(title: "Dentist", dueDate: Self.day("2026-12-30"), dueTime: Self.time("15:00"))))
        let path = Self.inbox + made.id.lowercasedText + ".ics"
        try await sut.test { (dav: DAVClient) async throws in
            let get = try await dav.send("GET", path)
            #expect(get.text.contains("\r\nDUE:20261230T060000Z\r\n"), "\(get.text)")
            let uid = made.id.lowercasedText
            // A client moves it to 16:30 in New York's spelling (02:30 there is 16:30 in Tokyo).
            let later = try await dav.send(
                "PUT", path, body: DAVBodies.vtodo(uid: uid, summary: "Dentist", extra: ["DUE;TZID=America/New_York:20261230T023000"]),
                headers: ["Content-Type": "text/calendar; charset=utf-8", "If-Match": get.etag ?? ""])
            #expect(later.status == 204, "\(later.text)")
            var item = try #require(try await store.item(id: made.id))
            #expect(item.dueDate == Self.day("2026-12-30") && item.dueTime == Self.time("16:30"))
            #expect(try await dav.send("GET", path).text.contains("\r\nDUE;TZID=America/New_York:20261230T023000\r\n"))
            // A date takes the time away.
            let dated = try await dav.send(
                "PUT", path, body: DAVBodies.vtodo(uid: uid, summary: "Dentist", extra: ["DUE;VALUE=DATE:20261231"]),
                headers: ["Content-Type": "text/calendar; charset=utf-8", "If-Match": later.etag ?? ""])
            #expect(dated.status == 204, "\(dated.text)")
            item = try #require(try await store.item(id: made.id))
            #expect(item.dueDate == Self.day("2026-12-31") && item.dueTime == nil)
        }
    }
}

import Foundation
import Testing
import TodoCore

@testable import TodoDAV

/// docs/specs/caldav.md on each database the server runs on (SQLite and PostgreSQL): one
/// round of create, change elsewhere, sync, update, delete.
@Suite("CalDAV on SQLite and PostgreSQL")
struct CalDAVDatabaseTests {
    static let groceries = "/dav/calendars/alice/list-Groceries/"

    @Test("DAV-6 DAV-7 DAV-8 DAV-9 DAV-14 a task's life over CalDAV and the store, on each database", arguments: DAVSUT.Database.allCases)
    func test_DAV_9_lifeOnEachDatabase(_ kind: DAVSUT.Database) async throws {
        let sut = try await DAVSUT.make(kind)
        let store = try await sut.store(sut.alice)
        _ = try await store.add(TodoDraft(title: "Milk", project: Project(name: "Groceries")))
        try await sut.test { (dav: DAVClient) async throws in
            let first = try await dav.report(Self.groceries, DAVBodies.sync(token: ""))
            #expect(first.responses.count == 1)
            let token = try #require(first.syncToken)
            let alarm = "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT5M\r\nEND:VALARM\r\n"
            let created = try await dav.put(
                "list-Groceries", "eggs.ics",
                DAVBodies.vtodo(uid: "eggs-uid", summary: "Eggs", extra: ["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT5M", "END:VALARM"]))
            #expect(created.status == 201)
            // Changed on the web: checked there.
            let eggs = try #require(try await store.items(TodoFilter(project: "Groceries")).first { $0.title == "Eggs" })
            _ = try await store.setDone(id: eggs.id, true)
            let next = try await dav.report(Self.groceries, DAVBodies.sync(token: token, props: "<d:getetag/><c:calendar-data/>"))
            let data = try #require(next.response(Self.groceries + "eggs.ics")?.text("calendar-data"))
            #expect(data.contains("STATUS:COMPLETED\r\n"))
            #expect(data.contains(alarm))
            #expect(data.contains("UID:eggs-uid\r\n"))
            let etag = try #require(next.response(Self.groceries + "eggs.ics")?.text("getetag"))
            #expect(etag != created.etag)
            // An update with the old ETag is refused; with the new one it lands.
            #expect(try await dav.put("list-Groceries", "eggs.ics", DAVBodies.vtodo(uid: "eggs-uid", summary: "Old"), etag: created.etag).status == 412)
            let updated = try await dav.put("list-Groceries", "eggs.ics", DAVBodies.vtodo(uid: "eggs-uid", summary: "Brown eggs"), etag: etag)
            #expect(updated.status == 204)
            #expect(try await store.item(id: eggs.id)?.title == "Brown eggs")
            #expect(try await store.item(id: eggs.id)?.isDone == false, "the client's body says NEEDS-ACTION now")
            let later = try #require(try await dav.report(Self.groceries, DAVBodies.sync(token: token)).syncToken)
            #expect(try await dav.send("DELETE", Self.groceries + "eggs.ics", headers: ["If-Match": try #require(updated.etag)]).status == 204)
            let gone = try await dav.report(Self.groceries, DAVBodies.sync(token: later))
            #expect(gone.response(Self.groceries + "eggs.ics")?.status?.contains("404") == true)
            #expect(try await store.trash().map(\.item.title) == ["Brown eggs"])
        }
    }

    @Test("DAV-24 a token sync, the CTag and the sync token cover the calendar's own list only, on each database",
        arguments: DAVSUT.Database.allCases)
    func test_DAV_24_syncScopedToItsCalendar(_ kind: DAVSUT.Database) async throws {
        let sut = try await DAVSUT.make(kind)
        let store = try await sut.store(sut.alice)
        _ = try await store.add(TodoDraft(title: "Milk", project: Project(name: "Groceries")))
        _ = try await store.add(TodoDraft(title: "Diary", project: Project(name: "Private")))
        try await sut.lists.sharing.share(
            list: "Groceries", owner: ListPerson(id: sut.alice.id, name: "alice"), with: ListPerson(id: sut.bob.id, name: "bob"),
            role: .viewer)
        let inbox = "/dav/calendars/alice/inbox/"
        let shared = "/dav/calendars/bob/list-alice~sGroceries/"
        try await sut.test { (dav: DAVClient) async throws in
            let bob = dav.as("bob", sut.bobToken)
            let groceriesToken = try #require(try await dav.report(Self.groceries, DAVBodies.sync(token: "")).syncToken)
            let inboxToken = try #require(try await dav.report(inbox, DAVBodies.sync(token: "")).syncToken)
            let bobsFirst = try await bob.report(shared, DAVBodies.sync(token: ""))
            let bobsToken = try #require(bobsFirst.syncToken)
            let ctag = try await bob.propfind(shared, depth: "0", props: ["cs:getctag"]).response(shared)?.text("getctag")

            // Alice's private list changes: nothing of it reaches bob, and his calendar's CTag stays.
            let secret = try await dav.put(
                "list-Private", "divorce-lawyer-appointment.ics", DAVBodies.vtodo(uid: "secret", summary: "Lawyer"))
            #expect(secret.status == 201)
            _ = try await dav.put(
                "list-Private", "divorce-lawyer-appointment.ics", DAVBodies.vtodo(uid: "secret", summary: "Lawyer at 9"),
                etag: secret.etag)
            let bobsNext = try await bob.report(shared, DAVBodies.sync(token: bobsToken))
            #expect(bobsNext.responses.isEmpty, "\(bobsNext.text)")
            #expect(!bobsNext.text.contains("divorce-lawyer-appointment"))
            #expect(try await bob.propfind(shared, depth: "0", props: ["cs:getctag"]).response(shared)?.text("getctag") == ctag)

            // Thunderbird's move: a PUT into Groceries under the same name and UID, then a DELETE
            // from To Do. Groceries' next sync reports the task there, never as gone.
            let task = try await dav.put("inbox", "task.ics", DAVBodies.vtodo(uid: "task", summary: "Pay rent"))
            #expect(try await dav.put("list-Groceries", "task.ics", DAVBodies.vtodo(uid: "task", summary: "Pay rent")).status == 201)
            #expect(try await dav.send("DELETE", inbox + "task.ics", headers: ["If-Match": try #require(task.etag)]).status == 204)
            let groceries = try await dav.report(Self.groceries, DAVBodies.sync(token: groceriesToken))
            #expect(groceries.response(Self.groceries + "task.ics")?.status == nil, "\(groceries.text)")
            #expect(groceries.response(Self.groceries + "task.ics")?.text("getetag") != nil)
            #expect(!groceries.text.contains("divorce-lawyer-appointment"))

            // An item moved out of To Do elsewhere is gone from To Do, once; it is in Groceries.
            let moving = try await store.add(TodoDraft(title: "Bread"))
            let beforeMove = try #require(try await dav.report(inbox, DAVBodies.sync(token: inboxToken)).syncToken)
            let groceriesBeforeMove = try #require(groceries.syncToken)
            _ = try await store.update(id: moving.id, TodoChanges(project: .some(Project(name: "Groceries"))))
            let bread = moving.id.lowercasedText + ".ics"
            let left = try await dav.report(inbox, DAVBodies.sync(token: beforeMove))
            #expect(left.response(inbox + bread)?.status?.contains("404") == true, "\(left.text)")
            #expect(left.responses.count == 1)
            let again = try await dav.report(inbox, DAVBodies.sync(token: try #require(left.syncToken)))
            #expect(again.responses.isEmpty, "reported gone once")
            let joined = try await dav.report(Self.groceries, DAVBodies.sync(token: groceriesBeforeMove))
            #expect(joined.response(Self.groceries + bread)?.text("getetag") != nil, "\(joined.text)")
        }
    }

    @Test("DAV-25 a client's COMPLETED time is kept on a PUT, new or over an item, on each database",
        arguments: DAVSUT.Database.allCases)
    func test_DAV_25_completedTimeKept(_ kind: DAVSUT.Database) async throws {
        let sut = try await DAVSUT.make(kind)
        let store = try await sut.store(sut.alice)
        let offline = try #require(ISO8601DateFormatter().date(from: "2026-11-20T08:00:00Z"))
        try await sut.test { (dav: DAVClient) async throws in
            let done = ["STATUS:COMPLETED", "COMPLETED:20261120T080000Z"]
            #expect(try await dav.put("inbox", "new.ics", DAVBodies.vtodo(uid: "new", summary: "Done offline", extra: done)).status == 201)
            let open = try await dav.put("inbox", "open.ics", DAVBodies.vtodo(uid: "open", summary: "Done later"))
            #expect(try await dav.put(
                "inbox", "open.ics", DAVBodies.vtodo(uid: "open", summary: "Done later", extra: done), etag: open.etag).status == 204)
            for item in try await store.items() {
                #expect(item.completedAt == offline, "\(item.title)")
            }
            let get = try await dav.send("GET", "/dav/calendars/alice/inbox/new.ics")
            #expect(get.text.contains("COMPLETED:20261120T080000Z\r\n"), "\(get.text)")
        }
    }

    @Test("DAV-26 completing a repeating task over CalDAV gives its next occurrence what the server kept, on each database",
        arguments: DAVSUT.Database.allCases)
    func test_DAV_26_occurrenceKeepsKept(_ kind: DAVSUT.Database) async throws {
        let sut = try await DAVSUT.make(kind)
        let store = try await sut.store(sut.alice)
        let zone = ["BEGIN:VTIMEZONE", "TZID:Europe/Paris", "BEGIN:STANDARD", "DTSTART:19701025T030000",
                    "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE"]
        let kept = ["PRIORITY:1", "CATEGORIES:Home,Errands", "X-CLIENT-THING;X-P=1:value"]
        let alarm = ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER;VALUE=DATE-TIME:20261124T070000Z",
                     "END:VALARM"]
        let task = ["DUE;TZID=Europe/Paris:20261124T090000", "RRULE:FREQ=WEEKLY;BYDAY=TU,TH"] + kept + alarm
        try await sut.test { (dav: DAVClient) async throws in
            let created = try await dav.put(
                "inbox", "walk.ics", DAVBodies.vtodo(uid: "walk", summary: "Walk", extra: task, calendarExtra: zone))
            let done = try await dav.put(
                "inbox", "walk.ics",
                DAVBodies.vtodo(uid: "walk", summary: "Walk", extra: task + ["STATUS:COMPLETED", "COMPLETED:20261124T100000Z"],
                    calendarExtra: zone),
                etag: created.etag)
            #expect(done.status == 204)
            let next = try #require(try await store.items().first { !$0.isDone })
            #expect(next.dueDate == CalendarDate(year: 2026, month: 11, day: 26))
            let get = try await dav.send("GET", "/dav/calendars/alice/inbox/" + next.id.lowercasedText + ".ics")
            #expect(get.status == 200)
            for line in kept { #expect(get.text.contains(line + "\r\n"), "\(line) in \(get.text)") }
            #expect(get.text.contains("DUE;TZID=Europe/Paris:20261126T090000\r\n"), "\(get.text)")
            #expect(get.text.contains("TRIGGER;VALUE=DATE-TIME:20261126T070000Z\r\n"), "the alarm moves with the date")
            #expect(get.text.contains(zone.joined(separator: "\r\n")), "the calendar's VTIMEZONE")
            #expect(get.text.contains("UID:" + next.id.lowercasedText + "\r\n"), "the occurrence is its own task")
            #expect(!get.text.contains("STATUS:COMPLETED"))
        }
    }

    @Test("DAV-29 a UID another resource of the calendar holds answers 409 no-uid-conflict naming it, on each database",
          arguments: DAVSUT.Database.allCases)
    func test_DAV_29_noUIDConflict(_ kind: DAVSUT.Database) async throws {
        let sut = try await DAVSUT.make(kind)
        let store = try await sut.store(sut.alice)
        let made = try await store.add(TodoDraft(title: "Made on the web", project: Project(name: "Groceries")))
        try await sut.test { (dav: DAVClient) async throws in
            #expect(try await dav.put("list-Groceries", "first.ics", DAVBodies.vtodo(uid: "same-uid", summary: "First")).status == 201)
            // RFC 4791 §5.3.2.1: the same UID under another name of the same calendar is refused.
            let second = try await dav.put("list-Groceries", "second.ics", DAVBodies.vtodo(uid: "same-uid", summary: "Second"))
            #expect(second.status == 409, "\(second.text)")
            #expect(second.text.contains("no-uid-conflict") && second.text.contains(Self.groceries + "first.ics"), "\(second.text)")
            // An item made elsewhere has its id as its UID.
            let web = made.id.lowercasedText
            let copy = try await dav.put("list-Groceries", "copy.ics", DAVBodies.vtodo(uid: web, summary: "Copy"))
            #expect(copy.status == 409 && copy.text.contains(Self.groceries + web + ".ics"), "\(copy.text)")
            #expect(try await store.items(TodoFilter(project: "Groceries")).map(\.title).sorted() == ["First", "Made on the web"])
            // Another calendar may hold the same UID (Thunderbird's move, DAV-24), and the
            // resource itself keeps it on an update.
            #expect(try await dav.put("inbox", "first.ics", DAVBodies.vtodo(uid: "same-uid", summary: "Moved")).status == 201)
            let get = try await dav.send("GET", Self.groceries + "first.ics")
            #expect(try await dav.put("list-Groceries", "first.ics", DAVBodies.vtodo(uid: "same-uid", summary: "First!"), etag: get.etag).status == 204)
        }
    }

    @Test("DAV-29 a first sync with DAV:limit answers a page, a 507 and a checkpoint that leads to every member, on each database",
          arguments: DAVSUT.Database.allCases)
    func test_DAV_29_firstSyncLimit(_ kind: DAVSUT.Database) async throws {
        let sut = try await DAVSUT.make(kind)
        let store = try await sut.store(sut.alice)
        var made: [TodoItem] = []
        for title in ["A", "B", "C", "D", "E"] {
            made.append(try await store.add(TodoDraft(title: title, project: Project(name: "Groceries"))))
        }
        let first = made
        let href: @Sendable (TodoItem) -> String = { Self.groceries + $0.id.lowercasedText + ".ics" }
        try await sut.test { (dav: DAVClient) async throws in
            var items = first
            var seen = Set<String>()
            var token = ""
            var pages = 0
            while pages < 10 {
                pages += 1
                let page = try await dav.report(Self.groceries, DAVBodies.sync(token: token, limit: 2))
                #expect(page.status == 207, "\(page.text)")
                let cut = page.responses.filter { $0.status?.contains("507") == true }
                #expect(cut.allSatisfy { $0.href == Self.groceries })
                let members = page.responses.filter { $0.status?.contains("507") != true }.map(\.href)
                #expect(members.count <= 2)
                seen.formUnion(members)
                token = try #require(page.syncToken)
                if pages == 1 {
                    // Made while the client pages: it comes with a page to come or the next sync.
                    items.append(try await store.add(TodoDraft(title: "F", project: Project(name: "Groceries"))))
                }
                if cut.isEmpty { break }
            }
            #expect(pages >= 3, "five members two at a time take three pages at least")
            let next = try await dav.report(Self.groceries, DAVBodies.sync(token: token))
            seen.formUnion(next.responses.map(\.href))
            #expect(seen == Set(items.map(href)), "every member, none lost")
            // The checkpoint is a token like any: a stale or forged one answers 403.
            let forged = "http://todo.invalid/sync/999999/" + items[0].id.lowercasedText
            let refused = try await dav.report(Self.groceries, DAVBodies.sync(token: forged, limit: 2))
            #expect(refused.status == 403 && refused.text.contains("valid-sync-token"), "\(refused.text)")
        }
    }

    @Test("DAV-29 free-busy-query answers a VFREEBUSY of the range with no busy time (tasks take none), on each database",
          arguments: DAVSUT.Database.allCases)
    func test_DAV_29_freeBusy(_ kind: DAVSUT.Database) async throws {
        let sut = try await DAVSUT.make(kind)
        _ = try await sut.store(sut.alice).add(TodoDraft(title: "Milk", project: Project(name: "Groceries")))
        try await sut.test { (dav: DAVClient) async throws in
            let body = #"<?xml version="1.0" encoding="utf-8"?><c:free-busy-query \#(DAVBodies.namespaces)><c:time-range start="20261124T000000Z" end="20261125T000000Z"/></c:free-busy-query>"#
            let answer = try await dav.report(Self.groceries, body)
            #expect(answer.status == 200, "\(answer.text)")
            #expect(answer.headers[.contentType]?.hasPrefix("text/calendar") == true)
            for line in ["BEGIN:VFREEBUSY", "DTSTART:20261124T000000Z", "DTEND:20261125T000000Z", "END:VFREEBUSY"] {
                #expect(answer.text.contains(line + "\r\n"), "\(answer.text)")
            }
            #expect(!answer.text.contains("FREEBUSY:"), "no busy period")
            let reports = try await dav.propfind(Self.groceries, depth: "0", props: ["d:supported-report-set"])
            #expect(reports.text.contains("free-busy-query"))
            let open = #"<?xml version="1.0"?><c:free-busy-query \#(DAVBodies.namespaces)><c:time-range start="20261124T000000Z"/></c:free-busy-query>"#
            #expect(try await dav.report(Self.groceries, open).status == 400)
        }
    }
}

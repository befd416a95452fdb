import Foundation
import Testing
import TodoCore

@testable import TodoDAV

/// docs/specs/caldav.md, DAV-20…22: the request sequences Apple Reminders, DAVx5 (with
/// Tasks.org) and Thunderbird send, from their documented behaviour, start to end.
@Suite("CalDAV: the flows of Apple Reminders, DAVx5 and Thunderbird")
struct CalDAVClientFlowTests {
    static let home = "/dav/calendars/alice/"

    @Test("DAV-20 Apple Reminders: well-known, principal, home with getctag, query with getetag, multiget, PUT of a UUID")
    func test_DAV_20_appleReminders() async throws {
        let sut = try await DAVSUT.make()
        let milk = try await sut.store(sut.alice).add(TodoDraft(title: "Milk", project: Project(name: "Groceries")))
        try await sut.test { (dav: DAVClient) async throws in
            // iOS starts from the server name: the well-known address, then the principal.
            let redirect = try await dav.send("PROPFIND", "/.well-known/caldav", headers: ["Depth": "0"])
            let root = try #require(redirect.headers[.location])
            let principal = try await dav.propfind(root, depth: "0", props: ["d:current-user-principal", "d:resourcetype"])
            let principalHref = try #require(principal.response(root)?.hrefs("current-user-principal").first)
            let homeSet = try await dav.propfind(
                principalHref, depth: "0",
                props: ["c:calendar-home-set", "c:calendar-user-address-set", "d:displayname", "d:principal-URL"])
            let home = try #require(homeSet.response(principalHref)?.hrefs("calendar-home-set").first)
            #expect(home == Self.home)
            // The calendars with their CTags, colours and orders.
            let calendars = try await dav.propfind(home, depth: "1", props: [
                "d:resourcetype", "d:displayname", "cs:getctag", "ic:calendar-color", "ic:calendar-order",
                "c:supported-calendar-component-set", "d:current-user-privilege-set", "d:sync-token",
            ])
            let groceries = try #require(calendars.responses.first { $0.text("displayname") == "Groceries" })
            let ctag = try #require(groceries.text("getctag"))
            // Which tasks: a query with getetag, then a multiget of what it doesn't have.
            let etags = try await dav.report(groceries.href, DAVBodies.query(#"<c:comp-filter name="VTODO"/>"#))
            let milkHref = groceries.href + milk.id.lowercasedText + ".ics"
            #expect(etags.responses.map(\.href) == [milkHref])
            let bodies = try await dav.report(groceries.href, DAVBodies.multiget([milkHref]))
            #expect(bodies.response(milkHref)?.text("calendar-data")?.contains("SUMMARY:Milk") == true)
            // A new reminder: a UUID name, X-APPLE-SORT-ORDER, a due time in a zone, an alarm.
            let uuid = "A9D0C1E2-3F40-4B5C-8D6E-7F8091A2B3C4"
            let reminder = DAVBodies.vtodo(uid: uuid, summary: "Eggs", extra: [
                "CREATED:20261124T090000Z", "X-APPLE-SORT-ORDER:-5", "DUE;TZID=Europe/Paris:20261125T180000",
                "BEGIN:VALARM", "X-WR-ALARMUID:B1", "UID:B1", "TRIGGER;VALUE=DATE-TIME:20261125T170000Z", "ACTION:DISPLAY",
                "DESCRIPTION:Reminder", "END:VALARM",
            ])
            let created = try await dav.send(
                "PUT", groceries.href + uuid + ".ics", body: reminder,
                headers: ["If-None-Match": "*", "Content-Type": "text/calendar; charset=utf-8"])
            #expect(created.status == 201)
            let items = try await sut.store(sut.alice).items(TodoFilter(project: "Groceries"))
            #expect(items.map(\.title) == ["Eggs", "Milk"], "X-APPLE-SORT-ORDER -5 comes first")
            #expect(items.first?.dueDate == CalendarDate(year: 2026, month: 11, day: 25))
            // Next sync: the CTag moved, and the query shows the new ETag.
            let again = try await dav.propfind(groceries.href, depth: "0", props: ["cs:getctag"])
            #expect(again.response(groceries.href)?.text("getctag") != ctag)
            let get = try await dav.send("GET", groceries.href + uuid + ".ics")
            #expect(get.etag == created.etag)
            #expect(get.text.contains("DUE;TZID=Europe/Paris:20261125T180000"))
            #expect(get.text.contains("X-WR-ALARMUID:B1"))
            // Checking it on the phone.
            let done = reminder.replacingOccurrences(of: "SUMMARY:Eggs", with: "SUMMARY:Eggs\r\nSTATUS:COMPLETED\r\nCOMPLETED:20261124T120000Z")
            let checked = try await dav.send(
                "PUT", groceries.href + uuid + ".ics", body: done, headers: ["If-Match": try #require(created.etag)])
            #expect(checked.status == 204)
            #expect(try await sut.store(sut.alice).items(TodoFilter(project: "Groceries")).first { $0.title == "Eggs" }?.isDone == true)
        }
    }

    @Test("DAV-21 DAVx5: home-set from the root, sync-collection with a token, multiget, PUT with If-Match")
    func test_DAV_21_davx5() async throws {
        let sut = try await DAVSUT.make()
        let store = try await sut.store(sut.alice)
        _ = try await store.add(TodoDraft(title: "One"))
        try await sut.test { (dav: DAVClient) async throws in
            // DAVx5 asks the base URL for the principal and the home-set at once.
            let base = try await dav.propfind("/dav/", depth: "0", props: ["d:current-user-principal", "c:calendar-home-set"])
            #expect(base.response("/dav/")?.hrefs("calendar-home-set") == [Self.home])
            let home = try await dav.propfind(Self.home, depth: "1", props: [
                "d:current-user-privilege-set", "d:displayname", "ic:calendar-color", "c:supported-calendar-component-set",
                "d:resourcetype", "d:sync-token",
            ])
            let inbox = try #require(home.responses.first { $0.text("displayname") == "To Do" })
            // First sync: sync-collection without a token; DAVx5 then multigets the bodies.
            let first = try await dav.report(inbox.href, DAVBodies.sync(token: ""))
            let token = try #require(first.syncToken)
            let hrefs = first.responses.map(\.href)
            #expect(hrefs.count == 1)
            let bodies = try await dav.report(inbox.href, DAVBodies.multiget(hrefs))
            let etag = try #require(bodies.responses.first?.text("getetag"))
            let ics = try #require(bodies.responses.first?.text("calendar-data"))
            // Tasks.org edits it (a subtask link and a priority, kept), DAVx5 uploads with If-Match.
            let edited = ics.replacingOccurrences(of: "SUMMARY:One", with: "SUMMARY:One, edited\r\nPRIORITY:5\r\nRELATED-TO:parent-uid")
            let put = try await dav.send("PUT", hrefs[0], body: edited, headers: ["If-Match": etag])
            #expect(put.status == 204)
            #expect(try await store.items().map(\.title) == ["One, edited"])
            // Meanwhile a task added on the web; the next sync brings both changes, and only them.
            let web = try await store.add(TodoDraft(title: "From the web"))
            let next = try await dav.report(inbox.href, DAVBodies.sync(token: token))
            #expect(Set(next.responses.map(\.href)) == [hrefs[0], inbox.href + web.id.lowercasedText + ".ics"])
            let get = try await dav.send("GET", hrefs[0])
            #expect(get.text.contains("PRIORITY:5\r\n"))
            #expect(get.text.contains("RELATED-TO:parent-uid\r\n"))
        }
    }

    @Test("DAV-22 Thunderbird: OPTIONS, getctag, query with getetag, multiget, PUT with If-None-Match: *")
    func test_DAV_22_thunderbird() async throws {
        let sut = try await DAVSUT.make()
        _ = try await sut.store(sut.alice).add(TodoDraft(title: "Existing", project: Project(name: "Work")))
        let calendar = Self.home + "list-Work/"
        try await sut.test { (dav: DAVClient) async throws in
            let options = try await dav.send("OPTIONS", calendar)
            #expect(options.headers[.init("DAV")!]?.contains("calendar-access") == true)
            let props = try await dav.propfind(calendar, depth: "0", props: [
                "d:resourcetype", "d:owner", "d:current-user-principal", "d:current-user-privilege-set",
                "c:supported-calendar-component-set", "cs:getctag", "d:displayname",
            ])
            #expect(props.response(calendar)?.text("displayname") == "Work")
            let etags = try await dav.report(calendar, DAVBodies.query(
                #"<c:comp-filter name="VTODO"/>"#, props: "<d:getetag/><d:getcontenttype/>"))
            #expect(etags.responses.count == 1)
            let bodies = try await dav.report(calendar, DAVBodies.multiget(etags.responses.map(\.href)))
            #expect(bodies.responses.first?.text("calendar-data")?.contains("SUMMARY:Existing") == true)
            // A new task with a time zone and Thunderbird's own properties.
            let task = DAVBodies.vtodo(
                uid: "0f6c6a8e-5a3b-4b0e-9b6e-3e1d2c4b5a69", summary: "Write report",
                extra: ["DTSTART;TZID=Europe/Berlin:20261124T090000", "DUE;TZID=Europe/Berlin:20261126T170000", "X-MOZ-GENERATION:1"],
                calendarExtra: [
                    "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:STANDARD", "DTSTART:19701025T030000", "TZOFFSETFROM:+0200",
                    "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE",
                ])
            let created = try await dav.send(
                "PUT", calendar + "0f6c6a8e-5a3b-4b0e-9b6e-3e1d2c4b5a69.ics", body: task,
                headers: ["If-None-Match": "*", "Content-Type": "text/calendar; charset=utf-8"])
            #expect(created.status == 201)
            let get = try await dav.send("GET", calendar + "0f6c6a8e-5a3b-4b0e-9b6e-3e1d2c4b5a69.ics")
            #expect(get.text.contains("BEGIN:VTIMEZONE"))
            #expect(get.text.contains("X-MOZ-GENERATION:1"))
            #expect(get.text.contains("DTSTART;TZID=Europe/Berlin:20261124T090000"))
            let items = try await sut.store(sut.alice).items(TodoFilter(project: "Work"))
            #expect(items.first { $0.title == "Write report" }?.dueDate == CalendarDate(year: 2026, month: 11, day: 26))
        }
    }
}

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
        let store = sut.store(sut.alice)
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
}

import Foundation
import Testing
import TodoCore
import TodoTestSupport

@testable import TodoDAV

/// docs/specs/subtasks.md, SUB-14: a task's parent over CalDAV, as `RELATED-TO`.
@Suite("Subtasks over CalDAV")
struct SubtasksDAVTests {
    static let inbox = "/dav/calendars/alice/inbox/"
    static let groceries = "/dav/calendars/alice/list-Groceries/"

    /// The `RELATED-TO` lines of a resource body.
    private func relations(_ body: String?) -> [String] {
        (body ?? "").components(separatedBy: "\r\n").filter { $0.hasPrefix("RELATED-TO") }
    }

    @Test("SUB-14 a client's RELATED-TO names the parent by its UID, in another calendar too; GET, reports and PROPFIND give RELATED-TO;RELTYPE=PARENT, on each database",
        arguments: DAVSUT.Database.allCases)
    func test_SUB_14_clientsParent(_ kind: DAVSUT.Database) async throws {
        let sut = try await DAVSUT.make(kind)
        let store = try await sut.store(sut.alice)
        _ = try await store.add(TodoDraft(title: "Milk", project: Project(name: "Groceries")))
        try await sut.test { (dav: DAVClient) async throws in
            let parentPut = try await dav.put("inbox", "trip.ics", DAVBodies.vtodo(uid: "trip-uid", summary: "Pack for the trip"))
            #expect(parentPut.status == 201)
            let put = try await dav.put(
                "list-Groceries", "passport.ics",
                DAVBodies.vtodo(uid: "passport-uid", summary: "Passport", extra: ["RELATED-TO:trip-uid", "RELATED-TO;RELTYPE=CHILD:x-1"]))
            #expect(put.status == 201)
            let items = try await store.items()
            let trip = try #require(items.first { $0.title == "Pack for the trip" })
            let passport = try #require(items.first { $0.title == "Passport" })
            #expect(passport.parent == trip.id)
            #expect(try await dav.send("GET", Self.inbox + "trip.ics").etag == parentPut.etag, "a subtask added leaves its parent as it was")
            #expect(try await store.subtasks(of: trip.id).map(\.id) == [passport.id])
            let wanted = ["RELATED-TO;RELTYPE=PARENT:trip-uid", "RELATED-TO;RELTYPE=CHILD:x-1"]
            let href = Self.groceries + "passport.ics"
            let get = try await dav.send("GET", href)
            #expect(relations(get.text) == wanted, "the client's line in Todo's spelling, the other relation as it came")
            let data = "<d:getetag/><c:calendar-data/>"
            let multiget = try await dav.report(Self.groceries, DAVBodies.multiget([href], props: data))
            #expect(relations(multiget.response(href)?.text("calendar-data")) == wanted)
            let query = try await dav.report(Self.groceries, DAVBodies.query(#"<c:comp-filter name="VTODO"/>"#, props: data))
            #expect(relations(query.response(href)?.text("calendar-data")) == wanted)
            let sync = try await dav.report(Self.groceries, DAVBodies.sync(token: "", props: data))
            #expect(relations(sync.response(href)?.text("calendar-data")) == wanted)
            let propfind = try await dav.propfind(Self.groceries, depth: "1", props: ["c:calendar-data", "d:getcontentlength"])
            #expect(relations(propfind.response(href)?.text("calendar-data")) == wanted)
            #expect(propfind.response(href)?.text("getcontentlength") == String(get.text.utf8.count))
            // The client writes back what it read: nothing changes.
            let again = try await dav.put("list-Groceries", "passport.ics", get.text, etag: get.etag)
            #expect(again.status == 204)
            #expect(try await store.item(id: passport.id)?.version == passport.version)
        }
    }

    @Test("SUB-14 a subtask made on the web is written with its parent's UID: its id, or the UID its client gave it; a client names a web task by its id")
    func test_SUB_14_webParent() async throws {
        let sut = try await DAVSUT.make()
        let store = try await sut.store(sut.alice)
        let trip = try await store.add(TodoDraft(title: "Pack for the trip"))
        let passport = try await store.add(TodoDraft(title: "Passport", parent: trip.id))
        _ = try await store.add(TodoDraft(title: "Milk", project: Project(name: "Groceries")))
        try await sut.test { (dav: DAVClient) async throws in
            let get = try await dav.send("GET", Self.inbox + passport.id.lowercasedText + ".ics")
            #expect(relations(get.text) == ["RELATED-TO;RELTYPE=PARENT:" + trip.id.lowercasedText])
            // A client's parent: its UID, whatever the subtask's calendar.
            _ = try await dav.put("inbox", "home.ics", DAVBodies.vtodo(uid: "home-uid", summary: "Tidy up"))
            let home = try #require(try await store.items().first { $0.title == "Tidy up" })
            let sink = try await store.add(TodoDraft(title: "Sink", project: Project(name: "Groceries"), parent: home.id))
            let sinkBody = try await dav.send("GET", Self.groceries + sink.id.lowercasedText + ".ics")
            #expect(relations(sinkBody.text) == ["RELATED-TO;RELTYPE=PARENT:home-uid"])
            // A client naming a task made on the web by the UID it read: its id.
            let put = try await dav.put(
                "inbox", "charger.ics",
                DAVBodies.vtodo(uid: "charger-uid", summary: "Charger", extra: ["RELATED-TO;RELTYPE=PARENT:" + trip.id.lowercasedText]))
            #expect(put.status == 201)
            #expect(try await store.subtasks(of: trip.id).map(\.title).sorted() == ["Charger", "Passport"])
        }
    }

    @Test("SUB-14 a RELATED-TO naming a UID the person has no task of is given back as it came and gives no parent")
    func test_SUB_14_unresolvedParent() async throws {
        let sut = try await DAVSUT.make()
        let store = try await sut.store(sut.alice)
        let bobs = try await sut.store(sut.bob).add(TodoDraft(title: "Bob's trip"))
        let trashed = try await store.add(TodoDraft(title: "Old trip"))
        _ = try await store.delete(id: trashed.id)
        try await sut.test { (dav: DAVClient) async throws in
            let lines = ["RELATED-TO:nobody-uid", "RELATED-TO;RELTYPE=SIBLING:s-1"]
            #expect(try await dav.put("inbox", "a.ics", DAVBodies.vtodo(uid: "a-uid", summary: "A", extra: lines)).status == 201)
            // Another person's task is none of hers, by its id too; nor is one in her Trash.
            let other = ["RELATED-TO;RELTYPE=PARENT:" + bobs.id.lowercasedText]
            #expect(try await dav.put("inbox", "b.ics", DAVBodies.vtodo(uid: "b-uid", summary: "B", extra: other)).status == 201)
            let binned = ["RELATED-TO:" + trashed.id.lowercasedText]
            #expect(try await dav.put("inbox", "c.ics", DAVBodies.vtodo(uid: "c-uid", summary: "C", extra: binned)).status == 201)
            #expect(try await store.items().map(\.parent) == [nil, nil, nil])
            #expect(relations(try await dav.send("GET", Self.inbox + "a.ics").text) == lines)
            #expect(relations(try await dav.send("GET", Self.inbox + "b.ics").text) == other)
            // Once the task with that UID is there, the client's next write finds it.
            #expect(try await dav.put("inbox", "nobody.ics", DAVBodies.vtodo(uid: "nobody-uid", summary: "Parent")).status == 201)
            let a = try await dav.send("GET", Self.inbox + "a.ics")
            let again = try await dav.put("inbox", "a.ics", DAVBodies.vtodo(uid: "a-uid", summary: "A", extra: lines), etag: a.etag)
            #expect(again.status == 204)
            let parent = try #require(try await store.items().first { $0.title == "Parent" })
            #expect(try await store.subtasks(of: parent.id).map(\.title) == ["A"])
            #expect(relations(try await dav.send("GET", Self.inbox + "a.ics").text)
                == ["RELATED-TO;RELTYPE=PARENT:nobody-uid", "RELATED-TO;RELTYPE=SIBLING:s-1"])
        }
    }

    @Test("SUB-14 a client's write without RELATED-TO makes it a to-do of its own; a parent the server wrote none for (SUB-6) stays; the ETag follows the parent")
    func test_SUB_14_clientRemovesTheParent() async throws {
        let sut = try await DAVSUT.make()
        let store = try await sut.store(sut.alice)
        let trip = try await store.add(TodoDraft(title: "Pack for the trip"))
        let passport = try await store.add(TodoDraft(title: "Passport", parent: trip.id))
        let missing = TestEnvironment.id(900)
        _ = try await store.importItems(
            [ImportedItem(item: TodoItem(id: TestEnvironment.id(901), title: "Orphan", parent: missing, createdAt: TestEnvironment.referenceDate),
                given: [], origin: "test")],
            dryRun: false)
        try await sut.test { (dav: DAVClient) async throws in
            let href = Self.inbox + passport.id.lowercasedText + ".ics"
            let before = try await dav.send("GET", href)
            _ = try await store.update(id: passport.id, TodoChanges(parent: .some(nil)))
            let after = try await dav.send("GET", href)
            #expect(after.etag != before.etag)
            #expect(relations(after.text) == [])
            _ = try await store.update(id: passport.id, TodoChanges(parent: .some(trip.id)))
            let back = try await dav.send("GET", href)
            #expect(relations(back.text).count == 1)
            // The client drops the line: a to-do of its own.
            let uid = passport.id.lowercasedText
            #expect(try await dav.put("inbox", uid + ".ics", DAVBodies.vtodo(uid: uid, summary: "Passport"), etag: back.etag).status == 204)
            #expect(try await store.item(id: passport.id)?.parent == nil)
            // A parent not in the list: written as none, kept through the client's writes.
            let orphan = TestEnvironment.id(901).lowercasedText
            let body = try await dav.send("GET", Self.inbox + orphan + ".ics")
            #expect(relations(body.text) == [])
            let put = try await dav.put("inbox", orphan + ".ics", DAVBodies.vtodo(uid: orphan, summary: "Orphan 2"), etag: body.etag)
            #expect(put.status == 204)
            #expect(try await store.item(id: TestEnvironment.id(901))?.parent == missing)
        }
    }

    @Test("SUB-14 a parent moved to another calendar as Thunderbird moves it (PUT there, DELETE here) keeps its subtasks")
    func test_SUB_14_parentMovedByPutAndDelete() async throws {
        let sut = try await DAVSUT.make()
        let store = try await sut.store(sut.alice)
        _ = try await store.add(TodoDraft(title: "Milk", project: Project(name: "Groceries")))
        let trip = try await store.add(TodoDraft(title: "Pack for the trip"))
        let passport = try await store.add(TodoDraft(title: "Passport", parent: trip.id))
        let name = trip.id.lowercasedText + ".ics"
        try await sut.test { (dav: DAVClient) async throws in
            let old = try await dav.send("GET", Self.inbox + name)
            #expect(try await dav.put("list-Groceries", name, old.text).status == 201)
            let gone = try await dav.send("DELETE", Self.inbox + name, headers: ["If-Match": try #require(old.etag)])
            #expect(gone.status == 204)
            let copy = try #require(try await store.items(TodoFilter(project: "Groceries")).first { $0.title == "Pack for the trip" })
            #expect(try await store.item(id: passport.id)?.parent == copy.id, "under the copy, not in the Trash")
            #expect(try await store.trash().map(\.item.title) == ["Pack for the trip"])
            let body = try await dav.send("GET", Self.inbox + passport.id.lowercasedText + ".ics")
            #expect(relations(body.text) == ["RELATED-TO;RELTYPE=PARENT:" + trip.id.lowercasedText], "the same UID as before")
        }
    }

    @Test("SUB-14 a RELATED-TO that breaks the rule answers 400 with its sentence; nothing changes")
    func test_SUB_14_ruleRefused() async throws {
        let sut = try await DAVSUT.make()
        let store = try await sut.store(sut.alice)
        try await sut.test { (dav: DAVClient) async throws in
            let created = try await dav.put("inbox", "a.ics", DAVBodies.vtodo(uid: "a-uid", summary: "A"))
            let itself = try await dav.put(
                "inbox", "a.ics", DAVBodies.vtodo(uid: "a-uid", summary: "A2", extra: ["RELATED-TO:a-uid"]), etag: created.etag)
            #expect(itself.status == 400)
            #expect(itself.text.contains("A to-do can't be its own subtask."))
            #expect(try await store.items().map(\.title) == ["A"])
        }
    }

    @Test("SUB-14 in a shared list: a parent in that list is written and found; one in a list not shared is neither")
    func test_SUB_14_sharedList() async throws {
        let sut = try await DAVSUT.make()
        let bob = try await sut.store(sut.bob)
        let trip = try await bob.add(TodoDraft(title: "Trip", project: Project(name: "Trip")))
        let hidden = try await bob.add(TodoDraft(title: "Diary", project: Project(name: "Private")))
        let tickets = try await bob.add(TodoDraft(title: "Tickets", project: Project(name: "Trip"), parent: trip.id))
        let secret = try await bob.add(TodoDraft(title: "Secret", project: Project(name: "Trip"), parent: hidden.id))
        try await sut.lists.sharing.share(
            list: "Trip", owner: ListPerson(id: sut.bob.id, name: "bob"), with: ListPerson(id: sut.alice.id, name: "alice"),
            role: .editor)
        let shared = "/dav/calendars/alice/list-bob~sTrip/"
        try await sut.test { (dav: DAVClient) async throws in
            let all = try await dav.report(shared, DAVBodies.query(#"<c:comp-filter name="VTODO"/>"#, props: "<c:calendar-data/>"))
            #expect(relations(all.response(shared + tickets.id.lowercasedText + ".ics")?.text("calendar-data"))
                == ["RELATED-TO;RELTYPE=PARENT:" + trip.id.lowercasedText])
            let secretData = try #require(all.response(shared + secret.id.lowercasedText + ".ics")?.text("calendar-data"))
            #expect(relations(secretData) == [], "the parent is in a list not shared with her")
            for (name, parent) in [("visa", trip), ("peek", hidden)] {
                let body = DAVBodies.vtodo(uid: name, summary: name, extra: ["RELATED-TO:" + parent.id.lowercasedText])
                #expect(try await dav.put("list-bob~sTrip", name + ".ics", body).status == 201)
            }
            let items = try await bob.items()
            #expect(items.first { $0.title == "visa" }?.parent == trip.id)
            #expect(items.first { $0.title == "peek" }?.parent == nil)
        }
    }
}

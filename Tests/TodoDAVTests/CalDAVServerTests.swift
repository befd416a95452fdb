import Foundation
import Testing
import TodoCore
import TodoTestSupport

@testable import TodoDAV

/// docs/specs/caldav.md, DAV-1…19: the server, one request at a time.
@Suite("CalDAV: discovery, calendars, resources, reports, lists")
struct CalDAVServerTests {
    static let inbox = "/dav/calendars/alice/inbox/"
    static let groceries = "/dav/calendars/alice/list-Groceries/"

    @Test("DAV-1 the well-known address leads to /dav/, which names the principal, which names the home")
    func test_DAV_1_discovery() async throws {
        let sut = try await DAVSUT.make()
        try await sut.test { (dav: DAVClient) async throws in
            for method in ["GET", "PROPFIND"] {
                let redirect = try await dav.send(method, "/.well-known/caldav", signedIn: false)
                #expect(redirect.status == 301)
                #expect(redirect.headers[.location] == "/dav/")
            }
            // A client given the bare address asks the root first.
            let bare = try await dav.send("PROPFIND", "/", headers: ["Depth": "0"])
            #expect(bare.status == 301)
            #expect(bare.headers[.location] == "/dav/")
            let root = try await dav.propfind("/dav/", depth: "0", props: ["d:current-user-principal"])
            #expect(root.status == 207)
            #expect(root.response("/dav/")?.hrefs("current-user-principal") == ["/dav/principals/alice/"])
            let principal = try await dav.propfind(
                "/dav/principals/alice/", depth: "0",
                props: ["d:principal-URL", "c:calendar-home-set", "d:displayname", "c:calendar-user-address-set"])
            let answer = try #require(principal.response("/dav/principals/alice/"))
            #expect(answer.hrefs("principal-URL") == ["/dav/principals/alice/"])
            #expect(answer.hrefs("calendar-home-set") == ["/dav/calendars/alice/"])
            #expect(answer.text("displayname") == "alice")
            #expect(answer.hrefs("calendar-user-address-set").count == 1)
            // The home-set fallback: asked of the root directly.
            let fallback = try await dav.propfind("/dav/", depth: "0", props: ["c:calendar-home-set"])
            #expect(fallback.response("/dav/")?.hrefs("calendar-home-set") == ["/dav/calendars/alice/"])
        }
    }

    @Test("DAV-2 no credentials, a wrong token, a password or a revoked token answer 401 with Basic; the scheme in any case signs in")
    func test_DAV_2_signIn() async throws {
        let sut = try await DAVSUT.make()
        try await sut.test { (dav: DAVClient) async throws in
            let none = try await dav.send("PROPFIND", "/dav/", headers: ["Depth": "0"], signedIn: false)
            #expect(none.status == 401)
            #expect(none.headers[.wwwAuthenticate]?.hasPrefix("Basic realm=\"Todo\"") == true)
            #expect(try await dav.as("alice", "not-a-token").send("PROPFIND", "/dav/").status == 401)
            #expect(try await dav.as("alice", "alice-password-1").send("PROPFIND", "/dav/").status == 401)
            // bob's token with alice's name: the name must be the token's.
            #expect(try await dav.as("alice", sut.bobToken).send("PROPFIND", "/dav/").status == 401)
            #expect(try await dav.send("PROPFIND", "/dav/", headers: ["Depth": "0"]).status == 207)
            // The scheme's name in any case (RFC 9110 §11.1); the credentials as written.
            let credentials = String(dav.authorization.dropFirst("Basic ".count))
            for scheme in ["basic", "BASIC"] {
                let answer = try await dav.send(
                    "PROPFIND", "/dav/", headers: ["Depth": "0", "Authorization": "\(scheme) \(credentials)"], signedIn: false)
                #expect(answer.status == 207, "\(scheme)")
            }
            try await sut.accounts.revoke(name: "alice", label: "phone")
            #expect(try await dav.send("PROPFIND", "/dav/", headers: ["Depth": "0"]).status == 401)
            // Everything else is the web app's.
            #expect(try await dav.send("GET", "/elsewhere", signedIn: false).text == "the web app\n")
        }
    }

    @Test("DAV-3 Depth 1 on the home lists To Do, each project and each shared list with their properties")
    func test_DAV_3_calendars() async throws {
        let sut = try await DAVSUT.make()
        _ = try await sut.store(sut.alice).add(TodoDraft(title: "Milk", project: Project(name: "Groceries")))
        _ = try await sut.store(sut.alice).add(TodoDraft(title: "Fix", project: Project(name: "Home/DIY ~1")))
        _ = try await sut.store(sut.bob).add(TodoDraft(title: "Drill", project: Project(name: "Garage")))
        _ = try await sut.store(sut.bob).add(TodoDraft(title: "Plan", project: Project(name: "Trip")))
        let alice = ListPerson(id: sut.alice.id, name: "alice"), bob = ListPerson(id: sut.bob.id, name: "bob")
        try await sut.lists.sharing.share(list: "Garage", owner: bob, with: alice, role: .viewer)
        try await sut.lists.sharing.share(list: "Trip", owner: bob, with: alice, role: .editor)
        try await sut.test { (dav: DAVClient) async throws in
            let props = [
                "d:resourcetype", "d:displayname", "c:supported-calendar-component-set", "ic:calendar-color",
                "ic:calendar-order", "cs:getctag", "d:sync-token", "d:current-user-privilege-set", "x:unknown xmlns:x=\"urn:x\"",
            ]
            let home = try await dav.propfind("/dav/calendars/alice/", depth: "1", props: props)
            #expect(home.status == 207)
            #expect(Set(home.responses.map(\.href)) == [
                "/dav/calendars/alice/", Self.inbox, Self.groceries, "/dav/calendars/alice/list-bob~sGarage/",
                "/dav/calendars/alice/list-bob~sTrip/",
                // No encoded slash in an address: clients decode it into a path separator.
                "/dav/calendars/alice/list-Home~sDIY%20~~1/",
            ])
            #expect(home.response("/dav/calendars/alice/list-Home~sDIY%20~~1/")?.text("displayname") == "Home/DIY ~1")
            let groceries = try #require(home.response(Self.groceries))
            #expect(groceries.found["resourcetype"]?.child(DAVNamespace.caldav, "calendar") != nil)
            #expect(groceries.found["resourcetype"]?.child(DAVNamespace.dav, "collection") != nil)
            #expect(groceries.text("displayname") == "Groceries")
            #expect(groceries.found["supported-calendar-component-set"]?.children.map { $0.attributes["name"] } == ["VTODO"])
            #expect(Int(groceries.text("getctag") ?? "") ?? 0 > 0)
            #expect(groceries.text("sync-token")?.hasPrefix("http://todo.invalid/sync/") == true)
            #expect(groceries.notFound.contains("unknown"), "an unknown property is a 404 propstat")
            #expect(home.response(Self.inbox)?.text("displayname") == "To Do")
            func privileges(_ href: String) -> Set<String> {
                Set(home.response(href)?.found["current-user-privilege-set"]?.children.compactMap { $0.children.first?.name } ?? [])
            }
            #expect(privileges(Self.groceries).isSuperset(of: ["read", "write", "write-content", "bind", "unbind"]))
            #expect(privileges("/dav/calendars/alice/list-bob~sGarage/") == ["read", "read-current-user-privilege-set"])
            #expect(privileges("/dav/calendars/alice/list-bob~sTrip/").contains("write"))
            let depth0 = try await dav.propfind("/dav/calendars/alice/", depth: "0", props: ["d:displayname"])
            #expect(depth0.responses.map(\.href) == ["/dav/calendars/alice/"])
        }
    }

    @Test("DAV-4 another person's principal, home, calendar or a name not in the calendar answers 404")
    func test_DAV_4_othersData() async throws {
        let sut = try await DAVSUT.make()
        _ = try await sut.store(sut.bob).add(TodoDraft(title: "Secret", project: Project(name: "Private")))
        let bobsItem = try await sut.store(sut.bob).items().first!
        try await sut.test { (dav: DAVClient) async throws in
            for path in [
                "/dav/principals/bob/", "/dav/calendars/bob/", "/dav/calendars/bob/list-Private/",
                "/dav/calendars/alice/list-Private/", "/dav/calendars/alice/list-bob~sPrivate/",
                "/dav/calendars/alice/inbox/\(bobsItem.id.lowercasedText).ics", "/dav/calendars/alice/inbox/nothing.ics",
                "/dav/elsewhere/",
            ] {
                let answer = try await dav.propfind(path, depth: "0", props: ["d:displayname"])
                #expect(answer.status == 404, "\(path)")
                #expect(!answer.text.contains("Secret"))
                #expect(try await dav.send("GET", path).status == 404, "\(path)")
            }
        }
    }

    @Test("DAV-5 Depth 1 on a calendar lists its resources with ETags; GET answers the body with the same ETag")
    func test_DAV_5_listing() async throws {
        let sut = try await DAVSUT.make()
        let milk = try await sut.store(sut.alice).add(TodoDraft(title: "Milk", project: Project(name: "Groceries")))
        _ = try await sut.store(sut.alice).add(TodoDraft(title: "Inbox thing"))
        try await sut.test { (dav: DAVClient) async throws in
            let listing = try await dav.propfind(Self.groceries, depth: "1", props: ["d:getetag", "d:getcontenttype"])
            let href = Self.groceries + milk.id.lowercasedText + ".ics"
            #expect(listing.responses.map(\.href) == [Self.groceries, href])
            let entry = try #require(listing.response(href))
            #expect(entry.text("getcontenttype") == "text/calendar; charset=utf-8; component=vtodo")
            let get = try await dav.send("GET", href)
            #expect(get.status == 200)
            #expect(get.etag == entry.text("getetag"))
            #expect(get.headers[.contentType] == "text/calendar; charset=utf-8")
            #expect(get.text.contains("SUMMARY:Milk"))
            #expect(get.text.contains("UID:\(milk.id.lowercasedText)"))
            // Markup in a title is text in the XML, read back as written.
            let tricky = try await sut.store(sut.alice).add(TodoDraft(title: #"Fish & <chips> "now" 日本]]>"#, project: Project(name: "Groceries")))
            let trickyHref = Self.groceries + tricky.id.lowercasedText + ".ics"
            let data = try await dav.report(Self.groceries, DAVBodies.multiget([trickyHref])).response(trickyHref)?.text("calendar-data")
            #expect(data?.contains(#"SUMMARY:Fish & <chips> "now" 日本]]>"# + "\r\n") == true)
        }
    }

    @Test("DAV-6 PUT with If-None-Match: * creates the item under the client's name and UID; again answers 412")
    func test_DAV_6_create() async throws {
        let sut = try await DAVSUT.make()
        _ = try await sut.store(sut.alice).add(TodoDraft(title: "Milk", project: Project(name: "Groceries")))
        try await sut.test { (dav: DAVClient) async throws in
            let uid = "6F1C0F7E-1B0A-4C8E-9D4A-2E5B7C9A1D3F"
            let created = try await dav.put("list-Groceries", "\(uid).ics", DAVBodies.vtodo(uid: uid, summary: "Eggs"))
            #expect(created.status == 201)
            let etag = try #require(created.etag)
            let items = try await sut.store(sut.alice).items(TodoFilter(project: "Groceries"))
            #expect(items.map(\.title).sorted() == ["Eggs", "Milk"])
            let get = try await dav.send("GET", Self.groceries + uid + ".ics")
            #expect(get.etag == etag)
            #expect(get.text.contains("UID:\(uid)"))
            let again = try await dav.put("list-Groceries", "\(uid).ics", DAVBodies.vtodo(uid: uid, summary: "Other"))
            #expect(again.status == 412)
            #expect(try await sut.store(sut.alice).items().filter { $0.title == "Other" }.isEmpty)
            // Any name a client picks is kept as given.
            let odd = try await dav.put("inbox", "a%20b%2Bc.ics", DAVBodies.vtodo(uid: "odd-uid@example.com", summary: "Odd"))
            #expect(odd.status == 201)
            let listing = try await dav.propfind(Self.inbox, depth: "1", props: ["d:getetag"])
            #expect(listing.responses.map(\.href).contains(Self.inbox + "a%20b%2Bc.ics"))
        }
    }

    @Test("DAV-7 PUT with the current ETag updates; a stale ETag answers 412; checking a repeating task makes the next")
    func test_DAV_7_update() async throws {
        let sut = try await DAVSUT.make()
        try await sut.test { (dav: DAVClient) async throws in
            let created = try await dav.put("inbox", "walk.ics", DAVBodies.vtodo(
                uid: "walk", summary: "Walk the dog", extra: ["DUE;VALUE=DATE:20261124", "RRULE:FREQ=WEEKLY;BYDAY=TU,TH"]))
            let first = try #require(created.etag)
            let renamed = try await dav.put(
                "inbox", "walk.ics",
                DAVBodies.vtodo(uid: "walk", summary: "Walk Rex", extra: ["DUE;VALUE=DATE:20261124", "RRULE:FREQ=WEEKLY;BYDAY=TU,TH"]),
                etag: first)
            #expect(renamed.status == 204)
            let second = try #require(renamed.etag)
            #expect(second != first)
            #expect(try await sut.store(sut.alice).items().map(\.title) == ["Walk Rex"])
            let stale = try await dav.put("inbox", "walk.ics", DAVBodies.vtodo(uid: "walk", summary: "Stale"), etag: first)
            #expect(stale.status == 412)
            #expect(try await sut.store(sut.alice).items().map(\.title) == ["Walk Rex"])
            let done = try await dav.put(
                "inbox", "walk.ics",
                DAVBodies.vtodo(uid: "walk", summary: "Walk Rex", extra: [
                    "DUE;VALUE=DATE:20261124", "RRULE:FREQ=WEEKLY;BYDAY=TU,TH", "STATUS:COMPLETED", "COMPLETED:20261124T100000Z",
                ]), etag: second)
            #expect(done.status == 204)
            let items = try await sut.store(sut.alice).items()
            #expect(items.count == 2, "the next occurrence (docs/specs/repeats.md)")
            #expect(items.first { !$0.isDone }?.dueDate == CalendarDate(year: 2026, month: 11, day: 26))
            let listing = try await dav.propfind(Self.inbox, depth: "1", props: ["d:getetag"])
            #expect(listing.responses.count == 3)
        }
    }

    @Test("DAV-8 DELETE moves the item to the Trash; a stale If-Match answers 412")
    func test_DAV_8_delete() async throws {
        let sut = try await DAVSUT.make()
        try await sut.test { (dav: DAVClient) async throws in
            let created = try await dav.put("inbox", "x.ics", DAVBodies.vtodo(uid: "x", summary: "Gone soon"))
            let etag = try #require(created.etag)
            let edited = try await dav.put("inbox", "x.ics", DAVBodies.vtodo(uid: "x", summary: "Gone now"), etag: etag)
            #expect(try await dav.send("DELETE", Self.inbox + "x.ics", headers: ["If-Match": etag]).status == 412)
            let deleted = try await dav.send("DELETE", Self.inbox + "x.ics", headers: ["If-Match": edited.etag!])
            #expect(deleted.status == 204)
            #expect(try await sut.store(sut.alice).items().isEmpty)
            #expect(try await sut.store(sut.alice).trash().map(\.item.title) == ["Gone now"])
            #expect(try await dav.send("GET", Self.inbox + "x.ics").status == 404)
        }
    }

    @Test("DAV-9 a change made elsewhere changes the ETag, the CTag and the sync token")
    func test_DAV_9_everyDoor() async throws {
        let sut = try await DAVSUT.make()
        let milk = try await sut.store(sut.alice).add(TodoDraft(title: "Milk", project: Project(name: "Groceries")))
        try await sut.test { (dav: DAVClient) async throws in
            let props = ["cs:getctag", "d:sync-token"]
            let before = try await dav.propfind(Self.groceries, depth: "0", props: props).response(Self.groceries)
            let href = Self.groceries + milk.id.lowercasedText + ".ics"
            let etagBefore = try await dav.send("GET", href).etag
            _ = try await sut.store(sut.alice).setDone(id: milk.id, true)
            let after = try await dav.propfind(Self.groceries, depth: "0", props: props).response(Self.groceries)
            #expect(after?.text("getctag") != before?.text("getctag"))
            #expect(after?.text("sync-token") != before?.text("sync-token"))
            let get = try await dav.send("GET", href)
            #expect(get.etag != etagBefore)
            #expect(get.text.contains("STATUS:COMPLETED"))
            // And a CalDAV change shows to the other doors: the store reads it.
            _ = try await dav.put("list-Groceries", "bread.ics", DAVBodies.vtodo(uid: "bread", summary: "Bread"))
            #expect(try await sut.store(sut.alice).items(TodoFilter(project: "Groceries")).map(\.title).contains("Bread"))
        }
    }

    @Test("DAV-10 a VALARM, CATEGORIES, PRIORITY and X- properties set by a client come back unchanged")
    func test_DAV_10_roundTrip() async throws {
        let sut = try await DAVSUT.make()
        let alarm = ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT15M", "X-WR-ALARMUID:A1", "END:VALARM"]
        let kept = ["PRIORITY:1", "CATEGORIES:Home,Errands", "X-CLIENT-THING;X-P=1:value"]
        try await sut.test { (dav: DAVClient) async throws in
            let created = try await dav.put(
                "inbox", "r.ics", DAVBodies.vtodo(uid: "r", summary: "Call mum", extra: kept + alarm))
            #expect(created.status == 201)
            // A change on the web keeps them too.
            let item = try #require(try await sut.store(sut.alice).items().first)
            _ = try await sut.store(sut.alice).update(id: item.id, TodoChanges(title: "Call mum tonight"))
            let get = try await dav.send("GET", Self.inbox + "r.ics")
            #expect(get.text.contains("SUMMARY:Call mum tonight"))
            #expect(get.text.contains(alarm.joined(separator: "\r\n")))
            for line in kept { #expect(get.text.contains(line + "\r\n"), "\(line)") }
        }
    }

    @Test("DAV-11 a malformed body answers 400, a DTD 400, a huge body 413, a viewer's writes 403; nothing changes")
    func test_DAV_11_badBodies() async throws {
        let sut = try await DAVSUT.make()
        _ = try await sut.store(sut.bob).add(TodoDraft(title: "Drill", project: Project(name: "Garage")))
        try await sut.lists.sharing.share(
            list: "Garage", owner: ListPerson(id: sut.bob.id, name: "bob"), with: ListPerson(id: sut.alice.id, name: "alice"),
            role: .viewer)
        try await sut.test { (dav: DAVClient) async throws in
            for body in ["not a calendar", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n",
                         "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:a\r\nSUMMARY:x\r\nDUE;VALUE=DATE:2026-99-99\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"]
            {
                let answer = try await dav.put("inbox", "bad.ics", body)
                #expect(answer.status == 400, "\(body)")
                #expect(!answer.text.isEmpty)
            }
            #expect(try await sut.store(sut.alice).items().isEmpty)
            let bomb = #"<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><d:propfind xmlns:d="DAV:"><d:prop><d:displayname>&b;</d:displayname></d:prop></d:propfind>"#
            #expect(try await dav.send("PROPFIND", "/dav/calendars/alice/", body: bomb).status == 400)
            let huge = String(repeating: "x", count: CalDAVServer.maxBodySize + 1)
            #expect(try await dav.put("inbox", "huge.ics", huge).status == 413)
            let hugeReport = DAVBodies.multiget([String](repeating: Self.inbox + "x.ics", count: CalDAVServer.maxReportSize / 40))
            #expect(try await dav.report(Self.inbox, hugeReport).status == 413)
            let viewer = "/dav/calendars/alice/list-bob~sGarage/"
            let drill = try await dav.propfind(viewer, depth: "1", props: ["d:getetag"]).responses.map(\.href).last!
            #expect(try await dav.send(
                "PUT", viewer + "new.ics", body: DAVBodies.vtodo(uid: "n", summary: "Mine now"),
                headers: ["If-None-Match": "*"]).status == 403)
            #expect(try await dav.send("DELETE", drill).status == 403)
            #expect(try await sut.store(sut.bob).items().map(\.title) == ["Drill"])
        }
    }

    @Test("DAV-11 hostile requests get a status and a sentence: odd dates, digits, depths, limits, headers, nesting")
    func test_DAV_11_hostileRequests() async throws {
        let sut = try await DAVSUT.make()
        _ = try await sut.store(sut.alice).add(TodoDraft(title: "Milk", dueDate: CalendarDate(year: 2026, month: 11, day: 24)))
        try await sut.test { (dav: DAVClient) async throws in
            for range in [#"start="2026½124T000000Z""#, #"start="٢٠٢٦١١٢٤T000000Z""#, #"start="99999999T999999Z""#, #"end="""#] {
                let answer = try await dav.report(Self.inbox, DAVBodies.query(#"<c:comp-filter name="VTODO"><c:time-range \#(range)/></c:comp-filter>"#))
                #expect(answer.status == 207, "\(range)")
            }
            for limit in ["-5", "0", "99999999999999999999", "x"] {
                let body = DAVBodies.sync(token: "").replacingOccurrences(of: "<d:sync-level>", with: "<d:limit><d:nresults>\(limit)</d:nresults></d:limit><d:sync-level>")
                #expect([207, 507].contains(try await dav.report(Self.inbox, body).status), "\(limit)")
            }
            #expect(try await dav.send("PROPFIND", Self.inbox, headers: ["Depth": "banana"]).status == 207)
            #expect(try await dav.send("REPORT", Self.inbox).status == 400)
            #expect(try await dav.send("PROPFIND", Self.inbox, body: "<not-closed").status == 400)
            #expect(try await dav.send("PROPFIND", Self.inbox, body: #"<x:propfind xmlns:x="urn:other"/>"#).status == 400)
            let deep = String(repeating: "<d:prop>", count: 100) + String(repeating: "</d:prop>", count: 100)
            #expect(try await dav.send("PROPFIND", Self.inbox, body: #"<d:propfind xmlns:d="DAV:">\#(deep)</d:propfind>"#).status == 400)
            for header in ["Basic", "Basic !!!", "Basic " + Data("no-colon".utf8).base64EncodedString(), "Bearer x", String(repeating: "a", count: 5000)] {
                let answer = try await dav.send("PROPFIND", "/dav/", headers: ["Authorization": header], signedIn: false)
                #expect(answer.status == 401, "\(header.prefix(20))")
            }
            #expect(try await dav.send("PROPFIND", "/dav/calendars/alice/%ZZ/").status == 404)
            #expect(try await dav.send("PROPFIND", "/dav/calendars/alice/inbox/a/b/c").status == 404)
            #expect(try await dav.send("PATCH", Self.inbox).status == 405)
            #expect(try await sut.store(sut.alice).items().map(\.title) == ["Milk"])
        }
    }

    @Test("DAV-12 calendar-query: not completed, STATUS not COMPLETED, and a time-range on DUE")
    func test_DAV_12_query() async throws {
        let sut = try await DAVSUT.make()
        let store = try await sut.store(sut.alice)
        let open = try await store.add(TodoDraft(title: "Open", dueDate: CalendarDate(year: 2026, month: 11, day: 24)))
        let later = try await store.add(TodoDraft(title: "Later", dueDate: CalendarDate(year: 2026, month: 12, day: 24)))
        let done = try await store.add(TodoDraft(title: "Done", isDone: true))
        let href: @Sendable (TodoItem) -> String = { Self.inbox + $0.id.lowercasedText + ".ics" }
        try await sut.test { (dav: DAVClient) async throws in
            let notCompleted = try await dav.report(Self.inbox, DAVBodies.query(
                #"<c:comp-filter name="VTODO"><c:prop-filter name="COMPLETED"><c:is-not-defined/></c:prop-filter></c:comp-filter>"#))
            #expect(Set(notCompleted.responses.map(\.href)) == [href(open), href(later)])
            let status = try await dav.report(Self.inbox, DAVBodies.query(
                #"<c:comp-filter name="VTODO"><c:prop-filter name="STATUS"><c:text-match negate-condition="yes">COMPLETED</c:text-match></c:prop-filter></c:comp-filter>"#))
            #expect(Set(status.responses.map(\.href)) == [href(open), href(later)])
            let november = try await dav.report(Self.inbox, DAVBodies.query(
                #"<c:comp-filter name="VTODO"><c:time-range start="20261101T000000Z" end="20261201T000000Z"/></c:comp-filter>"#))
            #expect(Set(november.responses.map(\.href)) == [href(open), href(done)], "a done task without DUE is judged by its CREATED and COMPLETED (DAV-28)")
            let all = try await dav.report(
                Self.inbox, DAVBodies.query(#"<c:comp-filter name="VTODO"/>"#, props: "<d:getetag/><c:calendar-data/>"))
            #expect(all.responses.count == 3)
            #expect(all.response(href(done))?.text("calendar-data")?.contains("STATUS:COMPLETED") == true)
            let events = try await dav.report(Self.inbox, DAVBodies.query(#"<c:comp-filter name="VEVENT"/>"#))
            #expect(events.responses.isEmpty)
            // A client's own open STATUS (Thunderbird's IN-PROCESS) is kept, so a query for it answers it.
            _ = try await dav.put("inbox", "busy.ics", DAVBodies.vtodo(uid: "busy", summary: "Busy", extra: ["STATUS:IN-PROCESS"]))
            let inProcess = try await dav.report(Self.inbox, DAVBodies.query(
                #"<c:comp-filter name="VTODO"><c:prop-filter name="STATUS"><c:text-match>IN-PROCESS</c:text-match></c:prop-filter></c:comp-filter>"#))
            #expect(inProcess.responses.map(\.href).contains(Self.inbox + "busy.ics"))
            #expect(!inProcess.responses.map(\.href).contains(href(done)))
        }
    }

    @Test("DAV-13 calendar-multiget answers each named resource, and 404 for a name that isn't there")
    func test_DAV_13_multiget() async throws {
        let sut = try await DAVSUT.make()
        let milk = try await sut.store(sut.alice).add(TodoDraft(title: "Milk"))
        try await sut.test { (dav: DAVClient) async throws in
            let here = Self.inbox + milk.id.lowercasedText + ".ics", missing = Self.inbox + "missing.ics"
            let answer = try await dav.report(Self.inbox, DAVBodies.multiget([here, "http://localhost:8080" + missing]))
            #expect(answer.status == 207)
            // Lines end in CR LF once the XML is read (a bare CR LF would become LF).
            #expect(answer.response(here)?.text("calendar-data")?.contains("SUMMARY:Milk\r\n") == true)
            let get = try await dav.send("GET", here)
            #expect(answer.response(here)?.text("getetag") == get.etag)
            #expect(answer.responses.first { $0.href.hasSuffix("missing.ics") }?.status?.contains("404") == true)
            // Many names at once (a first sync): read another way, answered the same.
            for n in 1...60 { _ = try await dav.put("inbox", "n\(n).ics", DAVBodies.vtodo(uid: "n\(n)", summary: "N\(n)")) }
            let names = (1...60).map { Self.inbox + "n\($0).ics" } + [here, missing]
            let many = try await dav.report(Self.inbox, DAVBodies.multiget(names))
            #expect(many.responses.map(\.href) == names, "in the order asked")
            #expect(many.response(Self.inbox + "n42.ics")?.text("calendar-data")?.contains("SUMMARY:N42\r\n") == true)
            #expect(many.response(here)?.text("getetag") == get.etag)
            #expect(many.response(missing)?.status?.contains("404") == true)
            // A first sync of a long list names every item in one multiget (vdirsyncer): more than 10,000 is answered.
            let all = (1...12_000).map { Self.inbox + "m\($0).ics" } + [here]
            let long = try await dav.report(Self.inbox, DAVBodies.multiget(all, props: "<d:getetag/>"))
            #expect(long.status == 207)
            #expect(long.responses.count == 12_001)
            #expect(long.response(here)?.text("getetag") == get.etag)
        }
    }

    @Test("DAV-14 sync-collection: everything first, then what changed, deletions as 404, a limit, a bad token 403")
    func test_DAV_14_sync() async throws {
        let sut = try await DAVSUT.make()
        let store = try await sut.store(sut.alice)
        let a = try await store.add(TodoDraft(title: "A", project: Project(name: "Groceries")))
        let b = try await store.add(TodoDraft(title: "B", project: Project(name: "Groceries")))
        let href: @Sendable (TodoItem) -> String = { Self.groceries + $0.id.lowercasedText + ".ics" }
        try await sut.test { (dav: DAVClient) async throws in
            let first = try await dav.report(Self.groceries, DAVBodies.sync(token: ""))
            #expect(Set(first.responses.map(\.href)) == [href(a), href(b)])
            let token = try #require(first.syncToken)
            let quiet = try await dav.report(Self.groceries, DAVBodies.sync(token: token))
            #expect(quiet.responses.isEmpty)
            #expect(quiet.syncToken == token)
            _ = try await store.update(id: a.id, TodoChanges(title: "A2"))
            _ = try await store.delete(id: b.id)
            let c = try await store.add(TodoDraft(title: "C", project: Project(name: "Groceries")))
            _ = try await store.update(id: c.id, TodoChanges(project: .some(Project(name: "Elsewhere"))))
            let next = try await dav.report(Self.groceries, DAVBodies.sync(token: token, props: "<d:getetag/><c:calendar-data/>"))
            #expect(next.response(href(a))?.text("calendar-data")?.contains("SUMMARY:A2") == true)
            #expect(next.response(href(b))?.status?.contains("404") == true)
            #expect(next.response(href(c))?.status?.contains("404") == true, "moved out of the calendar")
            let newToken = try #require(next.syncToken)
            #expect(newToken != token)
            // A limit of one: one member and a 507 for the rest, with a token to go on from.
            let limited = try await dav.report(Self.groceries, DAVBodies.sync(token: token, limit: 1))
            #expect(limited.responses.filter { $0.status?.contains("507") == true }.map(\.href) == [Self.groceries])
            #expect(limited.responses.filter { $0.status?.contains("507") != true }.count == 1)
            let rest = try await dav.report(Self.groceries, DAVBodies.sync(token: try #require(limited.syncToken)))
            #expect(Set(rest.responses.map(\.href)) == [href(b), href(c)])
            for bad in ["http://todo.invalid/sync/999999", "nonsense", "http://todo.invalid/sync/-3"] {
                let refused = try await dav.report(Self.groceries, DAVBodies.sync(token: bad))
                #expect(refused.status == 403)
                #expect(refused.text.contains("valid-sync-token"))
            }
        }
    }

    @Test("DAV-15 an unknown REPORT answers 403 supported-report, never 412")
    func test_DAV_15_unknownReport() async throws {
        let sut = try await DAVSUT.make()
        try await sut.test { (dav: DAVClient) async throws in
            let answer = try await dav.report(
                Self.inbox, #"<?xml version="1.0"?><d:expand-property xmlns:d="DAV:"><d:property name="owner"/></d:expand-property>"#)
            #expect(answer.status == 403)
            #expect(answer.text.contains("supported-report"))
        }
    }

    @Test("DAV-16 MKCALENDAR makes an empty list at the client's address; an address in use answers 405")
    func test_DAV_16_mkcalendar() async throws {
        let sut = try await DAVSUT.make()
        try await sut.test { (dav: DAVClient) async throws in
            let body = #"<?xml version="1.0"?><c:mkcalendar \#(DAVBodies.namespaces)><d:set><d:prop><d:displayname>Work</d:displayname><ic:calendar-color>#FF2968FF</ic:calendar-color><c:supported-calendar-component-set><c:comp name="VTODO"/></c:supported-calendar-component-set></d:prop></d:set></c:mkcalendar>"#
            let path = "/dav/calendars/alice/3E2B7C1A-0000-4000-8000-000000000001/"
            #expect(try await dav.send("MKCALENDAR", path, body: body).status == 201)
            let home = try await dav.propfind("/dav/calendars/alice/", depth: "1", props: ["d:displayname", "ic:calendar-color"])
            #expect(home.response(path)?.text("displayname") == "Work")
            #expect(home.response(path)?.text("calendar-color") == "#FF2968FF")
            #expect(try await dav.send("MKCALENDAR", path, body: body).status == 405)
            #expect(try await dav.put("3E2B7C1A-0000-4000-8000-000000000001", "t.ics", DAVBodies.vtodo(uid: "t", summary: "Report")).status == 201)
            #expect(try await sut.store(sut.alice).items(TodoFilter(project: "Work")).map(\.title) == ["Report"])
            let events = #"<?xml version="1.0"?><c:mkcalendar \#(DAVBodies.namespaces)><d:set><d:prop><c:supported-calendar-component-set><c:comp name="VEVENT"/></c:supported-calendar-component-set></d:prop></d:set></c:mkcalendar>"#
            #expect(try await dav.send("MKCALENDAR", "/dav/calendars/alice/events/", body: events).status == 403)
        }
    }

    @Test("DAV-27 an event, a journal entry or free/busy time answers 403 supported-calendar-component; a bad task still 400")
    func test_DAV_27_unsupportedComponent() async throws {
        let sut = try await DAVSUT.make()
        try await sut.test { (dav: DAVClient) async throws in
            let header = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tests//DAV//EN"]
            let task = ["BEGIN:VTODO", "UID:t", "DTSTAMP:20261124T090000Z", "SUMMARY:Task", "END:VTODO"]
            let bodies: [(String, [String])] = [
                ("VEVENT", ["BEGIN:VEVENT", "UID:e", "DTSTAMP:20261124T090000Z", "DTSTART:20261125T100000Z", "SUMMARY:Meeting", "END:VEVENT"]),
                ("VJOURNAL", ["BEGIN:VJOURNAL", "UID:j", "DTSTAMP:20261124T090000Z", "SUMMARY:Notes", "END:VJOURNAL"]),
                ("VFREEBUSY", ["BEGIN:VFREEBUSY", "UID:f", "DTSTAMP:20261124T090000Z", "END:VFREEBUSY"]),
                ("VEVENT", task + ["BEGIN:VEVENT", "UID:e", "DTSTAMP:20261124T090000Z", "END:VEVENT"]),
            ]
            for (index, (component, lines)) in bodies.enumerated() {
                let body = (header + lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
                let answer = try await dav.put("inbox", "x\(index).ics", body)
                #expect(answer.status == 403, "\(component): \(answer.text)")
                #expect(answer.text.contains("supported-calendar-component"), "\(answer.text)")
                #expect(answer.text.contains(component), "\(answer.text)")
            }
            let broken = (header + ["BEGIN:VTODO", "UID:b", "DUE:not-a-date", "END:VTODO", "END:VCALENDAR"]).joined(separator: "\r\n")
            let refused = try await dav.put("inbox", "broken.ics", broken)
            #expect(refused.status == 400 && refused.text.contains("valid-calendar-data"), "\(refused.text)")
            #expect(try await sut.store(sut.alice).items().isEmpty, "nothing was stored")
        }
    }

    @Test("DAV-17 PROPPATCH renames a list (its items follow, its address stays) and recolours it; shared lists 403")
    func test_DAV_17_proppatch() async throws {
        let sut = try await DAVSUT.make()
        _ = try await sut.store(sut.alice).add(TodoDraft(title: "Milk", project: Project(name: "Groceries")))
        _ = try await sut.store(sut.bob).add(TodoDraft(title: "Drill", project: Project(name: "Garage")))
        try await sut.lists.sharing.share(
            list: "Garage", owner: ListPerson(id: sut.bob.id, name: "bob"), with: ListPerson(id: sut.alice.id, name: "alice"),
            role: .editor)
        try await sut.test { (dav: DAVClient) async throws in
            let body = #"<?xml version="1.0"?><d:propertyupdate \#(DAVBodies.namespaces)><d:set><d:prop><d:displayname>Shopping</d:displayname><ic:calendar-color>#00FF00</ic:calendar-color><ic:calendar-order>3</ic:calendar-order></d:prop></d:set></d:propertyupdate>"#
            let answer = try await dav.send("PROPPATCH", Self.groceries, body: body)
            #expect(answer.status == 207)
            #expect(answer.response(Self.groceries)?.found.keys.sorted() == ["calendar-color", "calendar-order", "displayname"])
            #expect(try await sut.store(sut.alice).items(TodoFilter(project: "Shopping")).map(\.title) == ["Milk"])
            let calendar = try await dav.propfind(
                Self.groceries, depth: "0", props: ["d:displayname", "ic:calendar-color", "ic:calendar-order"])
            #expect(calendar.response(Self.groceries)?.text("displayname") == "Shopping")
            #expect(calendar.response(Self.groceries)?.text("calendar-color") == "#00FF00")
            #expect(calendar.response(Self.groceries)?.text("calendar-order") == "3")
            // All or nothing: a property Todo can't set fails the rename beside it.
            let mixed = #"<?xml version="1.0"?><d:propertyupdate \#(DAVBodies.namespaces)><d:set><d:prop><d:displayname>Other</d:displayname><c:calendar-description>words</c:calendar-description></d:prop></d:set></d:propertyupdate>"#
            let refused = try await dav.send("PROPPATCH", Self.groceries, body: mixed)
            #expect(refused.status == 207)
            #expect(refused.text.contains("HTTP/1.1 403") && refused.text.contains("HTTP/1.1 424"))
            #expect(try await sut.store(sut.alice).projects().map(\.name) == ["Shopping"])
            // To Do keeps its name, and takes a colour and an order.
            let inboxColour = #"<?xml version="1.0"?><d:propertyupdate \#(DAVBodies.namespaces)><d:set><d:prop><ic:calendar-color>#112233</ic:calendar-color><ic:calendar-order>1</ic:calendar-order></d:prop></d:set></d:propertyupdate>"#
            let recoloured = try await dav.send("PROPPATCH", Self.inbox, body: inboxColour)
            #expect(recoloured.response(Self.inbox)?.found.keys.sorted() == ["calendar-color", "calendar-order"])
            let inbox = try await dav.propfind(Self.inbox, depth: "0", props: ["d:displayname", "ic:calendar-color", "ic:calendar-order"])
            #expect(inbox.response(Self.inbox)?.text("calendar-color") == "#112233")
            #expect(inbox.response(Self.inbox)?.text("displayname") == "To Do")
            let renamed = try await dav.send("PROPPATCH", Self.inbox, body: body)
            #expect(renamed.response(Self.inbox)?.notFound.contains("displayname") == true)
            #expect(try await sut.store(sut.alice).projects().map(\.name) == ["Shopping"])
            let shared = try await dav.send("PROPPATCH", "/dav/calendars/alice/list-bob~sGarage/", body: body)
            #expect(shared.status == 403)
            #expect(try await sut.store(sut.bob).items(TodoFilter(project: "Garage")).count == 1)
        }
    }

    @Test("DAV-18 DELETE of a list moves its items to the Trash; To Do and shared lists answer 403")
    func test_DAV_18_deleteList() async throws {
        let sut = try await DAVSUT.make()
        _ = try await sut.store(sut.alice).add(TodoDraft(title: "Milk", project: Project(name: "Groceries")))
        _ = try await sut.store(sut.bob).add(TodoDraft(title: "Drill", project: Project(name: "Garage")))
        try await sut.lists.sharing.share(
            list: "Garage", owner: ListPerson(id: sut.bob.id, name: "bob"), with: ListPerson(id: sut.alice.id, name: "alice"),
            role: .editor)
        try await sut.test { (dav: DAVClient) async throws in
            #expect(try await dav.send("DELETE", Self.groceries).status == 204)
            #expect(try await sut.store(sut.alice).items().isEmpty)
            #expect(try await sut.store(sut.alice).trash().map(\.item.title) == ["Milk"])
            #expect(try await dav.propfind(Self.groceries, depth: "0", props: ["d:displayname"]).status == 404)
            #expect(try await dav.send("DELETE", Self.inbox).status == 403)
            #expect(try await dav.send("DELETE", "/dav/calendars/alice/list-bob~sGarage/").status == 403)
            #expect(try await sut.store(sut.bob).items().count == 1)
        }
    }

    @Test("DAV-19 OPTIONS answers DAV: 1, 3, calendar-access and the methods")
    func test_DAV_19_options() async throws {
        let sut = try await DAVSUT.make()
        try await sut.test { (dav: DAVClient) async throws in
            for path in ["/dav/", Self.inbox] {
                let answer = try await dav.send("OPTIONS", path, signedIn: false)
                #expect(answer.status == 200)
                let dav = answer.headers[.init("DAV")!] ?? ""
                #expect(dav.hasPrefix("1, 3, calendar-access"))
                for method in ["PROPFIND", "REPORT", "MKCALENDAR", "PUT"] { #expect(answer.headers[.allow]?.contains(method) == true) }
            }
        }
    }
}

/// docs/specs/testing.md, TEST-1: a client completing a repeating task at any instant, in any zone.
@Suite("TEST-1 CalDAV at injected instants and zones")
struct TimelessCalDAVTests {
    @Test("TEST-1 a task completed by a client is next due on the owner's next repeat day, reckoned in their zone",
          arguments: TestInstant.all)
    func test_TEST_1_completeRepeatingTask(_ instant: TestInstant) async throws {
        let sut = try await DAVSUT.make(environment: instant.environment)
        let tomorrow = instant.day(after: 1)
        let due = "DUE;VALUE=DATE:" + instant.today.iso.replacingOccurrences(of: "-", with: "")
        let rule = "RRULE:FREQ=WEEKLY;BYDAY=" + tomorrow.weekday.rawValue.prefix(2).uppercased()
        let completed = icalendarUTC(instant.date)
        try await sut.test { (dav: DAVClient) async throws in
            let created = try await dav.put("inbox", "walk.ics", DAVBodies.vtodo(uid: "walk", summary: "Walk", extra: [due, rule]))
            let etag: String = try #require(created.etag)
            let done = try await dav.put(
                "inbox", "walk.ics",
                DAVBodies.vtodo(uid: "walk", summary: "Walk", extra: [due, rule, "STATUS:COMPLETED", "COMPLETED:\(completed)"]),
                etag: etag)
            #expect(done.status == 204)
            let next = try #require(try await sut.store(sut.alice).items().first { !$0.isDone })
            #expect(next.dueDate == tomorrow)
        }
    }
}

/// `20261124T100000Z`: `date` as iCalendar writes a time in UTC.
private func icalendarUTC(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    return String(format: "%04d%02d%02dT%02d%02d%02dZ", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
}

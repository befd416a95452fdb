import Foundation
import GRDB
import Testing
import TodoAccounts
import TodoCore
import TodoPostgres
import TodoPostgresTestSupport
import TodoSQLite
import TodoTestSupport

/// docs/specs/caldav.md: one contract for CalDAV's records (`CalendarResources`) in every store
/// (in memory, SQLite, PostgreSQL): the names clients give their resources and the text Todo
/// doesn't model (DAV-6, DAV-10), the calendars' records (DAV-16, DAV-17), and the CTags and
/// sync tokens read from the record of changes by owner (DAV-9, DAV-14). What only a database
/// does (an item's write moves the CTag, a purged item or a removed account takes its records)
/// runs over SQLite and PostgreSQL; the in-memory records see their own saves only.
@Suite("CalDAV's records: one contract (in memory, SQLite, PostgreSQL)")
struct CalendarResourcesContractTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case inMemory = "InMemoryCalendarResources"
        case sqlite = "SQLiteCalendarResources"
        case postgres = "PostgresCalendarResources"
        var testDescription: String { rawValue }

        /// The stores whose record of changes holds every write to the items too.
        static let databases: [Kind] = [.sqlite, .postgres]
    }

    static let alice = OwnerStores.alice, bob = OwnerStores.bob
    static let carol = ListOwner(account: OwnerStores.carolID)

    /// One database's records, and alice's and bob's stores over it (accounts alice, bob and
    /// carol exist).
    struct Subject: Sendable {
        let calendars: any CalendarResources
        let alice: any TodoStore, bob: any TodoStore
        /// Writes `count` changes of `owner`'s dated long ago: the next changes prune them (two
        /// by two; in memory, a record keeping 2 does it by count).
        let addOldChanges: @Sendable (ListOwner, Int) async throws -> Void
        /// Removes an account (OWNER-8); nothing in memory.
        let removeAccount: @Sendable (UUID) async throws -> Void
    }

    /// - Parameter keptInMemory: how many changes the in-memory record keeps.
    static func make(_ kind: Kind, keptInMemory: Int = ChangeRetention.changes) async throws -> Subject {
        switch kind {
        case .inMemory:
            let record = InMemoryChangeRecord(kept: keptInMemory)
            return Subject(
                calendars: InMemoryCalendarResources(record: record), alice: InMemoryTodoStore(environment: .fixedForTests()), bob: InMemoryTodoStore(environment: .fixedForTests()),
                addOldChanges: { owner, count in
                    for _ in 0..<count { await record.append(.changed, owner: owner, at: Date(timeIntervalSince1970: 0)) }
                },
                removeAccount: { _ in })
        case .sqlite:
            let database = try AppDatabase.inMemory()
            try await OwnerStores.addAccounts(database)
            return Subject(
                calendars: SQLiteCalendarResources(database: database),
                alice: SQLiteTodoStore(database: database, environment: .fixedForTests(), owner: alice), bob: SQLiteTodoStore(database: database, environment: .fixedForTests(), owner: bob),
                addOldChanges: { owner, count in
                    try await database.writer.write { db in
                        for at in 1...count {
                            try db.execute(
                                sql: "INSERT INTO change (owner, kind, at) VALUES (?, 'changed', ?)", arguments: [owner.key, at])
                        }
                    }
                },
                removeAccount: { try await SQLiteAccountStore(database: database).removeUser(id: $0) })
        case .postgres:
            let names = [alice: "alice", bob: "bob", carol: "carol"]
            let stores = try await PostgresTestDatabase.freshStores(
                owners: [alice, bob, carol], names: names, environment: TestEnvironment().environment)
            let database = try #require((stores[0] as? PostgresTodoStore)?.database)
            let change = "\"\(database.schema)\".change"
            return Subject(
                calendars: database.calendars, alice: stores[0], bob: stores[1],
                addOldChanges: { owner, count in
                    try await PostgresTestDatabase.query(
                        "INSERT INTO \(unescaped: change) (owner, kind, at) SELECT \(owner.key), 'changed', i FROM generate_series(1, \(count)) i")
                },
                removeAccount: { try await database.accounts.removeUser(id: $0) })
        }
    }

    /// The changes to `owner`'s lists after `id`; none, with an issue, on a gap.
    static func changes(_ calendars: any CalendarResources, of owner: ListOwner, after id: Int64, limit: Int = 100)
        async throws -> [ListChange]
    {
        guard case .changes(let changes) = try await calendars.changes(of: owner, after: id, limit: limit) else {
            Issue.record("a gap after \(id)")
            return []
        }
        return changes
    }

    /// What Apple Reminders keeps that Todo doesn't model: a reminder, a category, a property of
    /// its own with a parameter, written as the codec writes it (CRLF lines, non-ASCII text).
    static let kept = """
        BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT15M\r\nDESCRIPTION:Rappel – 提醒\r\nEND:VALARM\r\n\
        CATEGORIES:Home,Errands\r\nX-APPLE-TRAVEL;X-P="a,b":日本語 ü\r\n
        """

    // MARK: - Resources (DAV-6, DAV-10)

    @Test("DAV-6 DAV-10 a record is kept as given (client's name, UID, kept text) and its revision counts its saves from 1", arguments: Kind.allCases)
    func test_DAV_6_savedAsGiven(kind: Kind) async throws {
        let s = try await Self.make(kind)
        let item = UUID()
        let name = "6F1C3D2A-91B4-4E0F-A7B1-0D6C1E2F3A4B.ics"
        let given = CalendarResource(item: item, name: name, uid: "6F1C3D2A-91B4-4E0F-A7B1-0D6C1E2F3A4B", kept: Self.kept)
        let first = try await s.calendars.save(given, owner: Self.alice, list: "Errands")
        var expected = given
        expected.revision = 1
        #expect(first == expected)
        #expect(try await s.calendars.resources(of: Self.alice, items: [item, UUID()]) == [first])
        #expect(try await s.calendars.resources(of: Self.alice, named: name) == [first])

        // DAV-10: a change of the kept text alone is a new revision (a new ETag); the revision
        // given is not the one stored.
        var edited = given
        edited.kept = ""
        edited.revision = 41
        let second = try await s.calendars.save(edited, owner: Self.alice, list: "Errands")
        #expect(second.revision == 2 && second.kept.isEmpty)
        #expect(try await s.calendars.resources(of: Self.alice, items: [item]) == [second])
        let third = try await s.calendars.save(given, owner: Self.alice, list: "Errands")
        #expect(third.revision == 3 && third.kept == Self.kept)
        #expect(try await s.calendars.resources(of: Self.alice, named: name).map(\.kept) == [Self.kept])
        #expect(try await s.calendars.resources(of: Self.alice, items: []) == [])

        // A calendar's worth of ids at once (a multiget, a page of a large list).
        let other = try await s.calendars.save(
            CalendarResource(item: UUID(), name: "other.ics", uid: "other", kept: ""), owner: Self.alice, list: nil)
        let many = (0..<1_200).map { _ in UUID() } + [item, other.item]
        #expect(Set(try await s.calendars.resources(of: Self.alice, items: many.shuffled())) == [third, other])
    }

    @Test("DAV-6 names are an owner's: another owner's name or item never answers, and one id of two owners keeps two records", arguments: Kind.allCases)
    func test_DAV_6_namesPerOwner(kind: Kind) async throws {
        let s = try await Self.make(kind)
        let mine = UUID(), theirs = UUID()
        let a = try await s.calendars.save(CalendarResource(item: mine, name: "task.ics", uid: "A", kept: ""), owner: Self.alice, list: nil)
        let b = try await s.calendars.save(CalendarResource(item: theirs, name: "task.ics", uid: "B", kept: "X-B:1\r\n"), owner: Self.bob, list: nil)
        #expect(try await s.calendars.resources(of: Self.alice, named: "task.ics") == [a])
        #expect(try await s.calendars.resources(of: Self.bob, named: "task.ics") == [b])
        #expect(try await s.calendars.resources(of: Self.carol, named: "task.ics") == [])
        #expect(try await s.calendars.resources(of: Self.alice, named: "Task.ics") == [], "names are compared exactly")
        #expect(try await s.calendars.resources(of: Self.bob, items: [mine]) == [])
        #expect(try await s.calendars.resources(of: Self.alice, items: [mine, theirs, mine]) == [a])

        // An import of a shared list can give two owners one id: each keeps their own record.
        let shared = UUID()
        _ = try await s.calendars.save(CalendarResource(item: shared, name: "a.ics", uid: "S", kept: ""), owner: Self.alice, list: nil)
        let bobs = try await s.calendars.save(CalendarResource(item: shared, name: "b.ics", uid: "S", kept: ""), owner: Self.bob, list: nil)
        #expect(bobs.revision == 1)
        #expect(try await s.calendars.resources(of: Self.alice, items: [shared]).map(\.name) == ["a.ics"])
        #expect(try await s.calendars.resources(of: Self.bob, named: "a.ics") == [])
    }

    @Test("DAV-6 a record forgotten is gone; forgetting it again, or as another owner, answers false", arguments: Kind.allCases)
    func test_DAV_6_forget(kind: Kind) async throws {
        let s = try await Self.make(kind)
        let item = UUID()
        _ = try await s.calendars.save(CalendarResource(item: item, name: "x.ics", uid: "x", kept: ""), owner: Self.alice, list: nil)
        #expect(try await s.calendars.forget(item: item, owner: Self.bob) == false)
        #expect(try await s.calendars.resources(of: Self.alice, items: [item]).count == 1)
        #expect(try await s.calendars.forget(item: item, owner: Self.alice))
        #expect(try await s.calendars.forget(item: item, owner: Self.alice) == false)
        #expect(try await s.calendars.resources(of: Self.alice, named: "x.ics") == [])
        // Saved again: a new record, from revision 1.
        let again = try await s.calendars.save(CalendarResource(item: item, name: "x.ics", uid: "x", kept: ""), owner: Self.alice, list: nil)
        #expect(again.revision == 1)
    }

    // MARK: - Calendars (DAV-16, DAV-17)

    @Test("DAV-16 DAV-17 a calendar's record: kept by its address, one per list, renamed and recoloured in place, removed, an owner's own", arguments: Kind.allCases)
    func test_DAV_16_collections(kind: Kind) async throws {
        let s = try await Self.make(kind)
        let c = s.calendars
        #expect(try await c.collections(of: Self.alice) == [])
        let work = CalendarCollection(segment: "work", list: "Work", color: "#FF0000FF", order: 2)
        // DAV-16: MKCALENDAR with an address of the client's, no colour or order chosen.
        let groceries = CalendarCollection(segment: "B5A3E0C2-7D11-4C0E-9E55-3F1A2B3C4D5E", list: "Groceries")
        try await c.save(work, owner: Self.alice)
        try await c.save(groceries, owner: Self.alice)
        #expect(try await c.collections(of: Self.alice) == [groceries, work], "by segment")

        // DAV-17: renamed (the list's new name) and recoloured, its address kept.
        let renamed = CalendarCollection(segment: "work", list: "Work stuff", color: "#00FF00", order: 7)
        try await c.save(renamed, owner: Self.alice)
        #expect(try await c.collections(of: Self.alice) == [groceries, renamed])

        // One record per list: a record of the same list at another address replaces the old one.
        let moved = CalendarCollection(segment: "list-Groceries", list: "Groceries", color: nil, order: 1)
        try await c.save(moved, owner: Self.alice)
        #expect(try await c.collections(of: Self.alice) == [moved, renamed])

        // Another owner's calendars are apart, the same address and list name included.
        #expect(try await c.collections(of: Self.bob) == [])
        try await c.save(work, owner: Self.bob)
        #expect(try await c.collections(of: Self.bob) == [work])
        #expect(try await c.removeCollection(segment: "work", owner: Self.bob))
        #expect(try await c.removeCollection(segment: "work", owner: Self.bob) == false)
        #expect(try await c.removeCollection(segment: "nowhere", owner: Self.alice) == false)
        #expect(try await c.collections(of: Self.alice) == [moved, renamed])
        #expect(try await c.removeCollection(segment: "list-Groceries", owner: Self.alice))
        #expect(try await c.collections(of: Self.alice) == [renamed])
    }

    // MARK: - CTags and sync tokens (DAV-9, DAV-14)

    @Test("DAV-9 saving a record is a change of its item in its list: the owner's CTag moves, no one else's", arguments: Kind.allCases)
    func test_DAV_9_saveIsAChange(kind: Kind) async throws {
        let s = try await Self.make(kind)
        let c = s.calendars
        #expect(try await c.latestChange(of: Self.alice) == 0, "none yet")
        let item = UUID(), inbox = UUID()
        _ = try await c.save(CalendarResource(item: item, name: "a.ics", uid: "a", kept: ""), owner: Self.alice, list: "Work")
        let first = try await c.latestChange(of: Self.alice)
        #expect(first > 0)
        #expect(try await c.latestChange(of: Self.bob) < first, "bob's lists did not change")
        _ = try await c.save(CalendarResource(item: inbox, name: "b.ics", uid: "b", kept: ""), owner: Self.alice, list: nil)
        let second = try await c.latestChange(of: Self.alice)
        #expect(second > first)
        let changes = try await Self.changes(c, of: Self.alice, after: 0)
        #expect(changes.map(\.kind) == [.changed, .changed])
        #expect(changes.map(\.item) == [item, inbox])
        #expect(changes.map(\.list) == ["Work", nil])
        #expect(changes.allSatisfy { $0.owner == Self.alice })
        #expect(changes.map(\.id) == [first, second])
    }

    @Test("DAV-9 a change anywhere moves the CTag: an item written through its owner's store moves theirs, another owner's doesn't", arguments: Kind.databases)
    func test_DAV_9_itemWritesMoveTheCTag(kind: Kind) async throws {
        let s = try await Self.make(kind)
        let c = s.calendars
        let start = try await c.latestChange(of: Self.alice)
        let milk = try await s.alice.add(TodoDraft(title: "Buy milk", project: Project(name: "Shopping")))
        let added = try await c.latestChange(of: Self.alice)
        #expect(added > start)
        _ = try await s.bob.add(TodoDraft(title: "Bob's own"))
        #expect(try await c.latestChange(of: Self.alice) == added, "bob's write is not alice's change")
        #expect(try await c.latestChange(of: Self.bob) > added)
        _ = try await s.alice.setDone(id: milk.id, true)
        let checked = try await c.latestChange(of: Self.alice)
        #expect(checked > added)
        _ = try await s.alice.update(id: milk.id, TodoChanges(title: "Buy oat milk"))
        #expect(try await c.latestChange(of: Self.alice) > checked)
        let changes = try await Self.changes(c, of: Self.alice, after: start)
        #expect(changes.map(\.kind) == [.created, .checked, .changed])
        #expect(changes.allSatisfy { $0.item == milk.id && $0.list == "Shopping" && $0.owner == Self.alice })
        #expect(try await Self.changes(c, of: Self.bob, after: start).map(\.kind) == [.created])
    }

    @Test("DAV-14 sync tokens: the changes after one are the owner's only, oldest first, as many as asked; an unknown or negative one is a gap", arguments: Kind.allCases)
    func test_DAV_14_syncTokens(kind: Kind) async throws {
        let s = try await Self.make(kind)
        let c = s.calendars
        var items: [(ListOwner, UUID)] = []
        for owner in [Self.alice, Self.bob, Self.alice, Self.bob, Self.alice] {
            let item = UUID()
            _ = try await c.save(CalendarResource(item: item, name: "\(item).ics", uid: "\(item)", kept: ""), owner: owner, list: "Home")
            items.append((owner, item))
        }
        let alices = items.filter { $0.0 == Self.alice }.map(\.1), bobs = items.filter { $0.0 == Self.bob }.map(\.1)
        let all = try await Self.changes(c, of: Self.alice, after: 0)
        #expect(all.map(\.item) == alices)
        #expect(all.map(\.id) == all.map(\.id).sorted())
        #expect(try await Self.changes(c, of: Self.bob, after: 0).map(\.item) == bobs)

        // DAV-14's DAV:limit: a page, then the next from its last id.
        let page = try await Self.changes(c, of: Self.alice, after: 0, limit: 2)
        #expect(page.map(\.item) == Array(alices.prefix(2)))
        let rest = try await Self.changes(c, of: Self.alice, after: try #require(page.last?.id), limit: 2)
        #expect(rest.map(\.item) == [alices[2]])
        #expect(try await c.changes(of: Self.alice, after: 0, limit: 0) == .changes([]))

        // The current token: nothing after it; bob's is older than the newest change, and valid.
        let latest = try await c.latestChange(of: Self.alice)
        #expect(latest == all.last?.id)
        #expect(try await c.changes(of: Self.alice, after: latest, limit: 10) == .changes([]))
        let bobsLatest = try await c.latestChange(of: Self.bob)
        #expect(bobsLatest < latest)
        #expect(try await c.changes(of: Self.bob, after: bobsLatest, limit: 10) == .changes([]))
        #expect(try await c.changes(of: Self.carol, after: 0, limit: 10) == .changes([]))

        // A token the record never gave, or a negative one.
        #expect(try await c.changes(of: Self.alice, after: latest + 1, limit: 10) == .gap)
        #expect(try await c.changes(of: Self.bob, after: latest + 1, limit: 10) == .gap)
        #expect(try await c.changes(of: Self.alice, after: -1, limit: 10) == .gap)
    }

    @Test("DAV-14 a token older than the record keeps is a gap; an owner none of whose changes are kept gets a token that stays valid", arguments: Kind.allCases)
    func test_DAV_14_tooOld(kind: Kind) async throws {
        let s = try await Self.make(kind, keptInMemory: 2)
        let c = s.calendars
        try await s.addOldChanges(Self.alice, 3)  // 1…3, long ago
        #expect(try await c.latestChange(of: Self.alice) == 3)
        // Bob's two saves (4, 5) prune alice's three old changes.
        for name in ["x.ics", "y.ics"] {
            _ = try await c.save(CalendarResource(item: UUID(), name: name, uid: name, kept: ""), owner: Self.bob, list: nil)
        }
        #expect(try await c.latestChange(of: Self.bob) == 5)
        // Nothing of alice's is kept: her token is the id before the oldest kept change (not 0,
        // which the record can no longer answer), and nothing of hers follows it.
        #expect(try await c.latestChange(of: Self.alice) == 3)
        #expect(try await c.changes(of: Self.alice, after: 3, limit: 10) == .changes([]))
        #expect(try await c.changes(of: Self.alice, after: 2, limit: 10) == .gap, "older than the record keeps")
        #expect(try await c.changes(of: Self.alice, after: 0, limit: 10) == .gap)
        #expect(try await Self.changes(c, of: Self.bob, after: 3).map(\.id) == [4, 5])

        let item = UUID()
        _ = try await c.save(CalendarResource(item: item, name: "z.ics", uid: "z", kept: ""), owner: Self.alice, list: nil)
        #expect(try await c.latestChange(of: Self.alice) == 6)
        #expect(try await Self.changes(c, of: Self.alice, after: 5).map(\.item) == [item])
    }

    // MARK: - What goes with the items and accounts (databases)

    @Test("DAV-8 OWNER-8 a record stays while its item is in the Trash, goes when it is deleted for good, and an account's go with it", arguments: Kind.databases)
    func test_DAV_8_recordsGoWithTheirItems(kind: Kind) async throws {
        let s = try await Self.make(kind)
        let c = s.calendars
        let item = try await s.alice.add(TodoDraft(title: "Call the dentist"))
        let other = try await s.alice.add(TodoDraft(title: "Stays"))
        for id in [item.id, other.id] {
            _ = try await c.save(CalendarResource(item: id, name: "\(id).ics", uid: "\(id)", kept: Self.kept), owner: Self.alice, list: nil)
        }
        try await c.save(CalendarCollection(segment: "inbox", list: "Inbox"), owner: Self.alice)
        #expect(try await s.alice.delete(id: item.id))
        #expect(try await c.resources(of: Self.alice, items: [item.id]).count == 1, "restorable: DAV-8 moves it to the Trash")
        _ = try await s.alice.restore(id: item.id)
        #expect(try await s.alice.delete(id: item.id))
        #expect(try await s.alice.deleteForever(id: item.id))
        #expect(try await c.resources(of: Self.alice, items: [item.id, other.id]).map(\.item) == [other.id])

        let bobs = UUID()
        _ = try await c.save(CalendarResource(item: bobs, name: "b.ics", uid: "b", kept: ""), owner: Self.bob, list: nil)
        try await c.save(CalendarCollection(segment: "inbox", list: "Inbox"), owner: Self.bob)
        try await s.removeAccount(OwnerStores.aliceID)
        #expect(try await c.resources(of: Self.alice, items: [other.id]) == [])
        #expect(try await c.collections(of: Self.alice) == [])
        #expect(try await c.resources(of: Self.bob, items: [bobs]).count == 1)
        #expect(try await c.collections(of: Self.bob).count == 1)
    }
}

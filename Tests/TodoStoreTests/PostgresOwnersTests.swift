import Foundation
import PostgresNIO
import Testing
import TodoAccounts
import TodoCore
@testable import TodoPostgres
import TodoPostgresTestSupport
import TodoTestSupport

/// docs/specs/sharing.md (OWNER-1…5, OWNER-8, SHARE-1) and docs/specs/postgres.md (PG-13, PG-14)
/// against PostgreSQL: several owners' stores over one fresh schema.
@Suite("PostgreSQL owners and shares")
struct PostgresOwnersTests {
    static let aliceID = UUID(uuidString: "a11ce000-0000-4000-8000-000000000001")!
    static let bobID = UUID(uuidString: "b0b00000-0000-4000-8000-000000000002")!
    let alice = ListOwner(account: Self.aliceID), bob = ListOwner(account: Self.bobID)

    /// The local list's, alice's and bob's stores over one schema, with one environment.
    private func stores(_ env: TestEnvironment = TestEnvironment())
        async throws -> (local: PostgresTodoStore, alice: PostgresTodoStore, bob: PostgresTodoStore)
    {
        let stores = try await PostgresTestDatabase.freshStores(owners: [.local, alice, bob], environment: env.environment)
            .map { try #require($0 as? PostgresTodoStore) }
        return (stores[0], stores[1], stores[2])
    }

    /// Everything a store shows of its list, to compare before and after.
    private func snapshot(_ store: some TodoStore) async throws -> [String] {
        let items = try await store.items().map { "\($0.id) \($0.title) #\($0.number) v\($0.version) \($0.isDone) \($0.position) \($0.project?.name ?? "-")" }
        let trash = try await store.trash().map { "trash \($0.item.id) \($0.item.title)" }
        return items + trash + (try await store.projects().map { "project \($0.name)" })
    }

    /// Bob's list: a project, a checked repeating item (with its next occurrence), one in the Trash.
    private func fillBob(_ bob: PostgresTodoStore) async throws -> (kept: TodoItem, repeating: TodoItem, trashed: TodoItem) {
        let kept = try await bob.add(TodoDraft(title: "bob's secret plan", project: Project(name: "Home")))
        let repeating = try await bob.add(TodoDraft(title: "bob waters plants", repeatRule: .weekly(on: [.monday])))
        _ = try await bob.setDone(id: repeating.id, true)
        let trashed = try await bob.add(TodoDraft(title: "bob's old note"))
        #expect(try await bob.delete(id: trashed.id))
        return (kept, repeating, trashed)
    }

    @Test("OWNER-1 two owners' stores over one database see nothing of each other, and by-id writes to the other's items answer as unknown")
    func test_OWNER_1_ownersAreApart() async throws {
        let (local, alice, bob) = try await stores()
        let (kept, repeating, trashed) = try await fillBob(bob)
        let mine = try await alice.add(TodoDraft(title: "alice's plan", project: Project(name: "Work")))
        let localItem = try await local.add(TodoDraft(title: "the local list's item"))
        let bobBefore = try await snapshot(bob)

        #expect(try await alice.items().map(\.id) == [mine.id])
        #expect(try await local.items().map(\.id) == [localItem.id])
        #expect(try await alice.count(.all) == 1)
        #expect(try await alice.count(TodoFilter(text: "bob")) == 0)
        #expect(try await alice.items(TodoFilter(text: "secret")).isEmpty)
        #expect(try await alice.items(TodoFilter(project: "Home")).isEmpty)
        for id in [kept.id, repeating.id, trashed.id, localItem.id] {
            #expect(try await alice.item(id: id) == nil)
            #expect(try await alice.items(idPrefix: id.lowercasedText, limit: 10).isEmpty)
            #expect(try await alice.nextOccurrence(of: id) == nil)
        }
        #expect(try await bob.nextOccurrence(of: repeating.id) != nil, "bob sees his own link")
        #expect(try await alice.item(number: 1)?.id == mine.id)
        #expect(try await alice.item(number: 2) == nil)
        #expect(try await alice.item(atOffset: 0)?.id == mine.id)
        #expect(try await alice.item(atOffset: 1) == nil)
        #expect(try await alice.items(idPrefix: "0", limit: 50).map(\.id) == [mine.id])
        #expect(try await alice.items(.all, after: nil, limit: 10).map(\.id) == [mine.id])
        let page = try await alice.listPage(.all, sections: [.todo, .done], page: 1, rowsPerSection: nil)
        #expect(page.total == 1 && page.projects == [Project(name: "Work")])
        #expect(try await alice.listEntries(.all, in: .todo, offset: 0, limit: 10).map(\.id) == [mine.id])
        #expect(try await alice.listEntries(.all, in: .done, offset: 0, limit: 10).isEmpty)
        #expect(try await alice.projects() == [Project(name: "Work")])
        #expect(try await alice.trash().isEmpty)
        #expect(try await alice.trashedItem(id: trashed.id) == nil)

        // Writes by id to bob's items: as for an unknown id, and nothing of his changes.
        #expect(try await alice.update(id: kept.id, TodoChanges(title: "taken over"), expectedVersion: nil) == nil)
        #expect(try await alice.update(id: kept.id, TodoChanges(isDone: true), expectedVersion: kept.version) == nil)
        #expect(try await alice.move(id: kept.id, toIndex: 0) == nil)
        #expect(try await !alice.delete(id: kept.id, expectedVersion: nil))
        #expect(try await alice.restore(id: trashed.id) == nil)
        #expect(try await !alice.deleteForever(id: trashed.id))
        #expect(try await local.update(id: kept.id, TodoChanges(title: "taken over"), expectedVersion: nil) == nil)
        #expect(try await snapshot(bob) == bobBefore)
        #expect(try await alice.items().map(\.id) == [mine.id], "alice's list is as it was")
    }

    @Test("OWNER-2 stable numbers are counted per owner: each owner's first item is #1")
    func test_OWNER_2_numbersPerOwner() async throws {
        let (local, alice, bob) = try await stores()
        #expect(try await bob.add(titles: ["b1", "b2", "b3"]).map(\.number) == [1, 2, 3])
        #expect(try await alice.add(titles: ["a1", "a2"]).map(\.number) == [1, 2])
        #expect(try await local.add(TodoDraft(title: "l1")).number == 1)
        #expect(try await bob.add(TodoDraft(title: "b4")).number == 4)
        #expect(try await alice.item(number: 3) == nil)
        #expect(try await bob.item(number: 1)?.title == "b1")
        #expect(try await alice.item(number: 1)?.title == "a1")
    }

    @Test("OWNER-3 a project named alike in two owners' lists is two lists, each with its own items and count")
    func test_OWNER_3_projectsPerOwner() async throws {
        let (_, alice, bob) = try await stores()
        let home = Project(name: "Home")
        let a = try await alice.add(TodoDraft(title: "alice at home", project: home))
        let b1 = try await bob.add(TodoDraft(title: "bob at home", project: home))
        _ = try await bob.add(TodoDraft(title: "bob at home again", project: home))
        #expect(try await alice.items(TodoFilter(project: "Home")).map(\.id) == [a.id])
        #expect(try await alice.count(TodoFilter(project: "Home")) == 1)
        #expect(try await bob.count(TodoFilter(project: "Home")) == 2)
        #expect(try await alice.items(TodoFilter(text: "home")).map(\.id) == [a.id], "a search through the project's name")
        // Alice's last Home item leaves: her project goes, bob's stays.
        _ = try await alice.update(id: a.id, TodoChanges(project: .some(nil)), expectedVersion: nil)
        #expect(try await alice.projects().isEmpty)
        #expect(try await bob.projects() == [home])
        #expect(try await bob.item(id: b1.id)?.project == home)
        _ = try await alice.update(id: a.id, TodoChanges(project: home), expectedVersion: nil)
        #expect(try await alice.projects() == [home])
        #expect(try await bob.count(TodoFilter(project: "Home")) == 2)
    }

    @Test("OWNER-4 importing an item with an id another owner's item has creates it in the importer's list and leaves the other's as it was")
    func test_OWNER_4_idsPerOwner() async throws {
        let (_, alice, bob) = try await stores()
        let (kept, _, trashed) = try await fillBob(bob)
        let bobBefore = try await snapshot(bob)
        var copy = kept
        copy.title = "alice's own item with bob's id"
        copy.project = nil
        var trashedCopy = trashed
        trashedCopy.title = "alice's item with the id of bob's trashed one"
        let summary = try await alice.importItems([copy, trashedCopy])
        #expect(summary.entries.map(\.change) == [.added, .added])
        #expect(Set(try await alice.items().map(\.id)) == [kept.id, trashed.id])
        #expect(try await alice.item(id: kept.id)?.title == "alice's own item with bob's id")
        #expect(try await snapshot(bob) == bobBefore, "bob's item and his Trash are as they were")
        // Both now change apart.
        _ = try await alice.update(id: kept.id, TodoChanges(title: "alice's edit"), expectedVersion: nil)
        #expect(try await bob.item(id: kept.id)?.title == "bob's secret plan")
        #expect(try await alice.delete(id: kept.id))
        #expect(try await bob.item(id: kept.id) != nil)
        #expect(try await alice.trash().map(\.item.id) == [kept.id])
        #expect(Set(try await bob.trash().map(\.item.id)) == [trashed.id])
    }

    @Test("OWNER-5 deleteAll, emptyTrash and the 30-day purge touch the owner's items only")
    func test_OWNER_5_wholeListActions() async throws {
        let env = TestEnvironment()
        let (local, alice, bob) = try await stores(env)
        _ = try await fillBob(bob)
        let localItem = try await local.add(TodoDraft(title: "local"))
        #expect(try await local.delete(id: localItem.id))
        let gone = try await alice.add(TodoDraft(title: "alice's to trash"))
        #expect(try await alice.delete(id: gone.id))
        _ = try await alice.add(TodoDraft(title: "alice's", project: Project(name: "Home")))
        let bobBefore = try await snapshot(bob)
        try await alice.deleteAll()
        #expect(try await alice.items().isEmpty)
        #expect(try await alice.projects().isEmpty)
        #expect(try await snapshot(bob) == bobBefore)
        #expect(try await alice.emptyTrash() == 1)
        #expect(try await snapshot(bob) == bobBefore)
        #expect(try await local.trash().count == 1)
        // Thirty-one days on: alice's purge takes nothing of bob's or the local list's.
        let later = try await alice.add(TodoDraft(title: "alice's later"))
        #expect(try await alice.delete(id: later.id))
        env.advance(by: 31 * 24 * 3600)
        #expect(try await alice.purgeTrash() == 1)
        #expect(try await bob.trashCount() == 1, "bob's old Trash is his to purge")
        #expect(try await PostgresTestDatabase.query(
            "SELECT COUNT(*)::bigint FROM \(unescaped: "\"\(local.database.schema)\".trashed_item") WHERE owner = ''"
        ).first?.decode(Int.self) == 1)
        #expect(try await bob.purgeTrash() == 1)
    }

    @Test("OWNER-8 removing an account removes its items, projects, numbers, Trash and every share of or with it, and nothing else")
    func test_OWNER_8_removingAnAccount() async throws {
        let (local, alice, bob) = try await stores()
        let database = bob.database
        _ = try await fillBob(bob)
        _ = try await alice.add(TodoDraft(title: "alice's", project: Project(name: "Home")))
        _ = try await local.add(TodoDraft(title: "local", project: Project(name: "Home")))
        let people = (alice: ListPerson(id: Self.aliceID, name: "o" + Self.aliceID.lowercasedText.filter { $0 != "-" }),
                      bob: ListPerson(id: Self.bobID, name: "o" + Self.bobID.lowercasedText.filter { $0 != "-" }))
        try await database.sharing.share(list: "Home", owner: people.bob, with: people.alice, role: .editor)
        try await database.sharing.share(list: "Home", owner: people.alice, with: people.bob, role: .viewer)
        let aliceBefore = try await snapshot(alice), localBefore = try await snapshot(local)

        try await database.accounts.removeUser(id: Self.bobID)

        let s = "\"\(database.schema)\""
        for table in ["todo_item", "trashed_item", "project", "item_number_counter"] {
            let left = try await PostgresTestDatabase.query(
                "SELECT COUNT(*)::bigint FROM \(unescaped: s).\(unescaped: table) WHERE owner = \(bob.owner.key)"
            ).first?.decode(Int.self)
            #expect(left == 0, "\(table)")
        }
        #expect(try await database.sharing.shares(ownedBy: Self.aliceID).isEmpty)
        #expect(try await database.sharing.shares(with: Self.aliceID).isEmpty)
        #expect(try await bob.items().isEmpty)
        #expect(try await bob.trash().isEmpty)
        #expect(try await bob.projects().isEmpty)
        #expect(try await snapshot(alice) == aliceBefore)
        #expect(try await snapshot(local) == localBefore)
        // A store of the removed account adds nothing: its list has no owner any more.
        let refused = await #expect(throws: TodoStorageError.self) { try await bob.add(TodoDraft(title: "after removal")) }
        #expect(refused?.message == "This list's account doesn't exist (any more); nothing was changed.")
        await #expect(throws: TodoStorageError.self) {
            try await bob.importItems([TodoItem(draft: TodoDraft(title: "imported"), id: UUID(), position: 1, now: .now)])
        }
        #expect(try await bob.update(id: UUID(), TodoChanges(title: "x"), expectedVersion: nil) == nil)
        #expect(try await bob.emptyTrash() == 0)
        #expect(try await bob.items().isEmpty)
    }

    @Test("SHARE-1 share, change the role, unshare, list by owner and by person; removing either account ends the share")
    func test_SHARE_1_shares() async throws {
        let alice = ListPerson(id: Self.aliceID, name: "alice"), bob = ListPerson(id: Self.bobID, name: "bob")
        let carol = ListPerson(id: UUID(uuidString: "ca401000-0000-4000-8000-000000000003")!, name: "Carol")
        let sharing = try await PostgresTestDatabase.freshSharing(people: [alice, bob, carol])
        try await sharing.share(list: "Home", owner: alice, with: bob, role: .viewer)
        try await sharing.share(list: "Home", owner: alice, with: bob, role: .editor)
        try await sharing.share(list: "Errands", owner: alice, with: carol, role: .viewer)
        try await sharing.share(list: "Home", owner: alice, with: carol, role: .viewer)
        try await sharing.share(list: "Garage", owner: carol, with: bob, role: .editor)
        #expect(try await sharing.shares(ownedBy: alice.id) == [
            ListShare(owner: alice, list: "Errands", person: carol, role: .viewer),
            ListShare(owner: alice, list: "Home", person: carol, role: .viewer),
            ListShare(owner: alice, list: "Home", person: bob, role: .editor),
        ], "by list, then person name (Carol before bob, as the names sort)")
        #expect(try await sharing.shares(with: bob.id) == [
            ListShare(owner: carol, list: "Garage", person: bob, role: .editor),
            ListShare(owner: alice, list: "Home", person: bob, role: .editor),
        ], "by owner name, then list")
        #expect(try await sharing.unshare(list: "Home", owner: alice.id, with: carol.id))
        #expect(try await !sharing.unshare(list: "Home", owner: alice.id, with: carol.id), "none any more")
        #expect(try await !sharing.unshare(list: "Nowhere", owner: alice.id, with: bob.id))
        #expect(try await !sharing.unshare(list: "Ho\u{0}me", owner: alice.id, with: bob.id))
        // A list name with quotes and SQL characters is a name like any other.
        try await sharing.share(list: "x'); DROP TABLE list_share;--", owner: alice, with: bob, role: .viewer)
        #expect(try await sharing.shares(with: bob.id).map(\.list).contains("x'); DROP TABLE list_share;--"))
        // Refused: an unknown person, sharing with oneself.
        let dave = ListPerson(id: UUID(), name: "dave")
        let unknown = await #expect(throws: TodoStorageError.self) {
            try await sharing.share(list: "Home", owner: alice, with: dave, role: .viewer)
        }
        #expect(unknown?.message == "There is no such account; nothing was shared.")
        await #expect(throws: TodoValidationError.self) {
            try await sharing.share(list: "  ", owner: alice, with: bob, role: .viewer)
        }
        await #expect(throws: TodoStorageError.self) {
            try await sharing.share(list: "Home", owner: alice, with: alice, role: .viewer)
        }
        // Removing the person ends the shares with them; removing the owner ends theirs.
        try await sharing.database.accounts.removeUser(id: bob.id)
        #expect(try await sharing.shares(ownedBy: alice.id) == [ListShare(owner: alice, list: "Errands", person: carol, role: .viewer)])
        #expect(try await sharing.shares(ownedBy: carol.id).isEmpty)
        try await sharing.database.accounts.removeUser(id: alice.id)
        #expect(try await sharing.shares(with: carol.id).isEmpty)
    }

    @Test("PG-13 the items, projects, numbers and Trash a database held before owners become the local list, as they were")
    func test_PG_13_existingRowsAreTheLocalList() async throws {
        let database = try PostgresTestDatabase.freshUnmigratedDatabase()
        try await database.migrate(through: 1)
        let s = "\"\(database.schema)\""
        // Rows as the first version wrote them.
        try await PostgresTestDatabase.query("INSERT INTO \(unescaped: s).project (name) VALUES ('Home')")
        try await PostgresTestDatabase.query("""
            INSERT INTO \(unescaped: s).todo_item (id, title, is_done, position, created_at, updated_at, version, number, project_id)
            VALUES ('00000000-0000-4000-8000-0000000a0001', 'first', false, 2, 0, 0, 1, 1, (SELECT id FROM \(unescaped: s).project)),
                   ('00000000-0000-4000-8000-0000000a0002', 'second', false, 1, 0, 0, 3, 2, NULL)
            """)
        try await PostgresTestDatabase.query("""
            INSERT INTO \(unescaped: s).trashed_item (id, title, is_done, position, created_at, updated_at, version, number, deleted_at)
            VALUES ('00000000-0000-4000-8000-0000000a0003', 'trashed', false, 3, 0, 0, 1, 3, \(Timestamp.milliseconds(TestEnvironment.referenceDate)))
            """)
        try await PostgresTestDatabase.query("UPDATE \(unescaped: s).item_number_counter SET next = 4")
        try await database.migrate()

        let env = TestEnvironment()
        let local = database.store(environment: env.environment)
        #expect(try await local.items().map { "\($0.title) #\($0.number) v\($0.version) \($0.project?.name ?? "-")" }
            == ["second #2 v3 -", "first #1 v1 Home"])
        #expect(try await local.trash().map(\.item.title) == ["trashed"])
        #expect(try await local.projects() == [Project(name: "Home")])
        #expect(try await local.add(TodoDraft(title: "next")).number == 4, "the numbers run on")
        #expect(try await local.restore(id: UUID(uuidString: "00000000-0000-4000-8000-0000000a0003")!)?.title == "trashed")
        let versions = try await PostgresTestDatabase.query(
            "SELECT version FROM \(unescaped: s).schema_migrations ORDER BY version").map { try $0.decode(Int.self) }
        #expect(versions == PostgresTodoDatabase.migrationVersions)
        // An account's list starts empty beside it.
        try await PostgresTestDatabase.addAccounts(for: [alice], in: database)
        #expect(try await database.store(owner: alice, environment: env.environment).items().isEmpty)
    }

    @Test("PG-13 every index of the owners' tables leads with the owner; ids and numbers are unique per owner")
    func test_PG_13_indexesLeadWithTheOwner() async throws {
        let database = try await PostgresTestDatabase.freshDatabase()
        let indexes = try await PostgresTestDatabase.query("""
            SELECT indexname::text, indexdef FROM pg_indexes
            WHERE schemaname = \(database.schema) AND tablename IN ('todo_item', 'trashed_item', 'project', 'item_number_counter')
            """).map { try $0.decode((String, String).self) }
        let btree = indexes.filter { !$0.1.contains("USING gin") }
        #expect(btree.count >= 8)
        for (name, definition) in btree {
            #expect(definition.contains("(owner"), "\(name): \(definition)")
        }
        for unique in ["todo_item_pkey", "trashed_item_pkey", "todo_item_owner_number_key", "project_owner_name_key"] {
            #expect(btree.contains { $0.0 == unique }, "\(unique)")
        }
    }

    @Test("PG-13 a store of an owner that is no account writes nothing; the schema keeps an item's project its owner's")
    func test_PG_13_ownerRules() async throws {
        let database = try await PostgresTestDatabase.freshDatabase()
        let env = TestEnvironment()
        let stranger = database.store(owner: ListOwner(account: UUID()), environment: env.environment)
        let error = await #expect(throws: TodoStorageError.self) { try await stranger.add(TodoDraft(title: "x")) }
        #expect(error?.message.contains("INSERT") == false, "no SQL in the sentence")
        #expect(try await stranger.items().isEmpty)
        let odd = database.store(owner: ListOwner(key: "not an account"), environment: env.environment)
        await #expect(throws: TodoStorageError.self) { try await odd.add(TodoDraft(title: "x")) }

        try await PostgresTestDatabase.addAccounts(for: [alice, bob], in: database)
        let a = try await database.store(owner: alice, environment: env.environment)
            .add(TodoDraft(title: "alice's", project: Project(name: "Home")))
        _ = try await database.store(owner: bob, environment: env.environment).add(TodoDraft(title: "bob's", project: Project(name: "Work")))
        let s = "\"\(database.schema)\""
        // Alice's item pointed at bob's project: refused by the schema.
        await #expect(throws: PSQLError.self) {
            try await PostgresTestDatabase.query("""
                UPDATE \(unescaped: s).todo_item SET project_id = (SELECT id FROM \(unescaped: s).project WHERE name = 'Work')
                WHERE id = \(a.id)
                """)
        }
        // An item of no owner row: refused.
        await #expect(throws: PSQLError.self) {
            try await PostgresTestDatabase.query("UPDATE \(unescaped: s).todo_item SET owner = 'nobody' WHERE id = \(a.id)")
        }
    }

    @Test("PG-13 PG-10 one owner's writes take turns on their own lock: another owner's writes don't wait for it")
    func test_PG_13_locksPerOwner() async throws {
        let (_, alice, bob) = try await stores()
        _ = try await alice.add(TodoDraft(title: "alice's first"))
        let counter = "\"\(alice.database.schema)\".item_number_counter"
        let held = AsyncStream<Int>.makeStream(), release = AsyncStream<Void>.makeStream()
        // Another instance's write of alice's, holding her lock until told.
        let holder = Task {
            try await PostgresTestDatabase.shared.get().client.withConnection { connection in
                try await connection.query("BEGIN", logger: PostgresTodoDatabase.logger)
                try await connection.query(
                    "SELECT next FROM \(unescaped: counter) WHERE owner = \(alice.owner.key) FOR UPDATE",
                    logger: PostgresTodoDatabase.logger)
                held.continuation.yield(try await PostgresTestDatabase.backendPID(connection))
                for await _ in release.stream { break }
                try await connection.query("COMMIT", logger: PostgresTodoDatabase.logger)
            }
        }
        var holderPID = 0
        for await pid in held.stream { holderPID = pid; break }
        let finished = Finished()
        let waiting = Task {
            let item = try await alice.add(TodoDraft(title: "alice's second"))
            finished.set()
            return item
        }
        #expect(try await bob.add(TodoDraft(title: "bob's, while alice's lock is held")).number == 1)
        #expect(try await bob.items().count == 1)
        // TEST-2: until alice's write is seen waiting for the lock, not for a fixed time.
        #expect(try await PostgresTestDatabase.waitUntilSomeoneWaits(on: holderPID), "alice's write waits for a lock")
        #expect(!finished.value, "alice's write waits for her lock")
        release.continuation.yield()
        try await holder.value
        #expect(try await waiting.value.number == 2)
    }

    @Test("PG-14 the shares table refuses a share with the owner, an unknown role, an unknown account, and a second row for one share")
    func test_PG_14_shareSchema() async throws {
        let database = try await PostgresTestDatabase.freshDatabase()
        try await PostgresTestDatabase.addAccounts(for: [alice, bob], in: database)
        let table = "\"\(database.schema)\".list_share"
        let (a, b) = (Self.aliceID, Self.bobID)
        try await PostgresTestDatabase.query(
            "INSERT INTO \(unescaped: table) (owner_id, list, person_id, role) VALUES (\(a), 'Home', \(b), 'viewer')")
        let refused: [PostgresQuery] = [
            "INSERT INTO \(unescaped: table) (owner_id, list, person_id, role) VALUES (\(a), 'Home', \(a), 'viewer')",
            "INSERT INTO \(unescaped: table) (owner_id, list, person_id, role) VALUES (\(a), 'Work', \(b), 'owner')",
            "INSERT INTO \(unescaped: table) (owner_id, list, person_id, role) VALUES (\(a), 'Work', \(UUID()), 'viewer')",
            "INSERT INTO \(unescaped: table) (owner_id, list, person_id, role) VALUES (\(a), 'Home', \(b), 'editor')",
            "INSERT INTO \(unescaped: table) (owner_id, list, person_id, role) VALUES (\(a), '  ', \(b), 'editor')",
            "INSERT INTO \(unescaped: table) (owner_id, list, person_id, role) VALUES (\(a), NULL, \(b), 'editor')",
        ]
        for query in refused {
            await #expect(throws: PSQLError.self, "\(query.sql)") { try await PostgresTestDatabase.query(query) }
        }
    }
}

private extension PostgresTodoStore {
    func trashCount() async throws -> Int {
        try await PostgresTestDatabase.query(
            "SELECT COUNT(*)::bigint FROM \(unescaped: "\"\(database.schema)\".trashed_item") WHERE owner = \(owner.key)"
        ).first?.decode(Int.self) ?? -1
    }
}

/// A flag set once, read from another task.
private final class Finished: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    func set() { lock.withLock { done = true } }
    var value: Bool { lock.withLock { done } }
}

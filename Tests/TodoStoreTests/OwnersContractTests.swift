import Foundation
import Testing
import TodoCore
import TodoSQLite
import TodoTestSupport

/// docs/specs/sharing.md, OWNER-1…5: stores of two owners over one database.
/// PostgreSQL joins at merge (owners-postgres branch): `OwnerStores.kinds` leaves it out.
@Suite("Owners: the store contract")
struct OwnersContractTests {
    /// Everything of one owner's that a read can show, to compare before and after.
    struct Snapshot: Equatable {
        var items: [TodoItem]
        var trash: [TrashedItem]
        var projects: [Project]
        var counts: [Int]

        init(_ store: any TodoStore) async throws {
            items = try await store.items()
            trash = try await store.trash()
            projects = try await store.projects()
            counts = [
                try await store.count(.all), try await store.count(TodoFilter(unfinishedOnly: true)),
                try await store.count(TodoFilter(project: "Home")),
            ]
        }
    }

    @Test("OWNER-1 two owners' stores over one database see nothing of each other, and a write by id to the other's item answers as unknown",
          arguments: OwnerStores.kinds)
    func test_OWNER_1_ownersSeeNothingOfEachOther(_ kind: StoreKind) async throws {
        let env = TestEnvironment()
        let stores = try await OwnerStores.make(kind, [OwnerStores.alice, OwnerStores.bob], env)
        let (alice, bob) = (stores[0], stores[1])
        let milk = try await alice.add(TodoDraft(
            title: "Buy milk", dueDate: CalendarDate(iso: "2026-11-21"), project: Project(name: "Home")))
        let report = try await alice.add(TodoDraft(title: "Write the report", isDone: true))
        let plants = try await alice.add(TodoDraft(title: "Water the plants", repeatRule: .weekly(on: [.monday])))
        _ = try await alice.setDone(id: plants.id, true)
        let trashed = try await alice.add(TodoDraft(title: "Old note"))
        #expect(try await alice.delete(id: trashed.id))
        let aliceBefore = try await Snapshot(alice)
        let bobs = try await bob.add(TodoDraft(title: "Bob's errand"))

        // Reads: only bob's own item.
        #expect(try await bob.items() == [bobs])
        #expect(try await bob.count(.all) == 1)
        #expect(try await bob.count(TodoFilter(unfinishedOnly: true)) == 1)
        #expect(try await bob.count(TodoFilter(project: "Home")) == 0)
        #expect(try await bob.items(TodoFilter(text: "milk")).isEmpty)
        #expect(try await bob.items(TodoFilter(dueDate: CalendarDate(iso: "2026-11-21"))).isEmpty)
        for id in [milk.id, report.id, plants.id, trashed.id] {
            #expect(try await bob.item(id: id) == nil)
            #expect(try await bob.items(idPrefix: id.lowercasedText, limit: 10).isEmpty)
        }
        #expect(try await bob.items(idPrefix: "0", limit: 50) == [bobs])
        #expect(try await bob.item(number: 1) == bobs)
        #expect(try await bob.item(number: 3) == nil)
        #expect(try await bob.item(atOffset: 0) == bobs)
        #expect(try await bob.item(atOffset: 1) == nil)
        #expect(try await bob.nextOccurrence(of: plants.id) == nil)
        #expect(try await alice.nextOccurrence(of: plants.id) != nil)
        let page = try await bob.listPage(.all, sections: [.todo, .done], page: 1, rowsPerSection: 50)
        #expect((page.entries[.todo] ?? []).map(\.id) == [bobs.id])
        #expect((page.entries[.done] ?? []).isEmpty)
        #expect(page.projects.isEmpty)
        #expect(try await bob.listEntries(.all, in: .done, offset: 0, limit: 50).isEmpty)
        #expect(try await bob.projects().isEmpty)
        #expect(try await bob.trash().isEmpty)

        // Writes by id to alice's items: unknown, nothing changed.
        #expect(try await bob.update(id: milk.id, TodoChanges(title: "Hijacked")) == nil)
        #expect(try await bob.setDone(id: milk.id, true) == nil)
        #expect(try await bob.move(id: milk.id, toIndex: 0) == nil)
        #expect(try await bob.delete(id: milk.id) == false)
        #expect(try await bob.restore(id: trashed.id) == nil)
        #expect(try await bob.deleteForever(id: trashed.id) == false)
        #expect(try await Snapshot(alice) == aliceBefore)
        #expect(try await bob.items() == [bobs])
    }

    @Test("OWNER-2 stable numbers are counted per owner: each owner's first item is #1", arguments: OwnerStores.kinds)
    func test_OWNER_2_numbersPerOwner(_ kind: StoreKind) async throws {
        let stores = try await OwnerStores.make(kind, [.local, OwnerStores.alice, OwnerStores.bob], TestEnvironment())
        let (local, alice, bob) = (stores[0], stores[1], stores[2])
        #expect(try await alice.add(titles: ["A1", "A2", "A3"]).map(\.number) == [1, 2, 3])
        #expect(try await bob.add(titles: ["B1", "B2"]).map(\.number) == [1, 2])
        #expect(try await local.add(TodoDraft(title: "L1")).number == 1)
        let a4 = try await alice.add(TodoDraft(title: "A4"))
        #expect(a4.number == 4)
        #expect(try await alice.delete(id: a4.id))
        #expect(try await bob.add(TodoDraft(title: "B3")).number == 3)
        #expect(try await alice.add(TodoDraft(title: "A5")).number == 5)
        #expect(try await bob.item(number: 3)?.title == "B3")
        #expect(try await alice.item(number: 3)?.title == "A3")
        #expect(try await local.item(number: 2) == nil)
    }

    @Test("OWNER-3 a project named alike in two owners' lists is two lists, each with its own items and count",
          arguments: OwnerStores.kinds)
    func test_OWNER_3_projectsPerOwner(_ kind: StoreKind) async throws {
        let stores = try await OwnerStores.make(kind, [OwnerStores.alice, OwnerStores.bob], TestEnvironment())
        let (alice, bob) = (stores[0], stores[1])
        let groceries = Project(name: "Groceries")
        _ = try await alice.add(TodoDraft(title: "Milk", project: groceries))
        _ = try await alice.add(TodoDraft(title: "Eggs", project: groceries))
        let bread = try await bob.add(TodoDraft(title: "Bread", project: groceries))
        _ = try await bob.add(TodoDraft(title: "Paint", project: Project(name: "Garage")))
        let inGroceries = TodoFilter(project: "Groceries")
        #expect(try await alice.sectionTitles(inGroceries).todo == ["Eggs", "Milk"])
        #expect(try await bob.sectionTitles(inGroceries).todo == ["Bread"])
        #expect(try await alice.count(inGroceries) == 2)
        #expect(try await bob.count(inGroceries) == 1)
        #expect(try await alice.projects() == [groceries])
        #expect(try await bob.projects() == [Project(name: "Garage"), groceries])
        let page = try await bob.listPage(inGroceries, sections: [.todo, .done], page: 1, rowsPerSection: 50)
        #expect((page.entries[.todo] ?? []).map(\.title) == ["Bread"])
        #expect((page.entries[.todo] ?? []).map(\.project?.name) == ["Groceries"])
        // Bob's last item of his Groceries goes: his project goes, alice's stays.
        #expect(try await bob.delete(id: bread.id))
        #expect(try await bob.projects() == [Project(name: "Garage")])
        #expect(try await alice.projects() == [groceries])
        #expect(try await alice.count(inGroceries) == 2)
        // Renaming into a project of the same name stays in the owner's list.
        let paint = try #require(try await bob.items().first)
        _ = try await bob.update(id: paint.id, TodoChanges(project: .some(groceries)))
        #expect(try await bob.sectionTitles(inGroceries).todo == ["Paint"])
        #expect(try await alice.sectionTitles(inGroceries).todo == ["Eggs", "Milk"])
    }

    @Test("OWNER-4 importing an id another owner's item has creates it in the importer's list and leaves the other's alone",
          arguments: OwnerStores.kinds)
    func test_OWNER_4_idsPerOwner(_ kind: StoreKind) async throws {
        let env = TestEnvironment()
        let stores = try await OwnerStores.make(kind, [OwnerStores.alice, OwnerStores.bob], env)
        let (alice, bob) = (stores[0], stores[1])
        let alices = try await alice.add(TodoDraft(title: "Alice's item", project: Project(name: "Home")))
        let before = try await Snapshot(alice)
        let imported = TodoItem(id: alices.id, title: "Bob's item", createdAt: env.now())
        let fresh = TodoItem(id: TestEnvironment.id(900), title: "Bob's other item", createdAt: env.now())
        let summary = try await bob.importItems([imported, fresh])
        // Said as for any new id: both added, nothing about alice's.
        #expect(summary.entries.map(\.change) == [.added, .added])
        #expect(summary.entries.map(\.id) == [alices.id, fresh.id])
        #expect(try await bob.item(id: alices.id)?.title == "Bob's item")
        #expect(try await Snapshot(alice) == before)
        // A second import of it is bob's own item now: unchanged.
        #expect(try await bob.importItems([imported]).entries.map(\.change) == [.unchanged])
        // Each owner's item with the one id goes to its owner's Trash, and back.
        #expect(try await bob.delete(id: alices.id))
        #expect(try await alice.item(id: alices.id) == alices)
        #expect(try await alice.delete(id: alices.id))
        #expect(try await alice.trash().map(\.item.title) == ["Alice's item"])
        #expect(try await bob.trash().map(\.item.title) == ["Bob's item"])
        #expect(try await bob.restore(id: alices.id)?.title == "Bob's item")
        #expect(try await alice.trash().map(\.item.title) == ["Alice's item"])
        #expect(try await alice.restore(id: alices.id)?.title == "Alice's item")
        #expect(try await alice.items().map(\.title) == ["Alice's item"])
        #expect(Set(try await bob.items().map(\.title)) == ["Bob's item", "Bob's other item"])
    }

    @Test("OWNER-5 deleteAll, emptyTrash and the 30-day purge touch the owner's items only", arguments: OwnerStores.kinds)
    func test_OWNER_5_wholeListActionsPerOwner(_ kind: StoreKind) async throws {
        let env = TestEnvironment()
        let stores = try await OwnerStores.make(kind, [OwnerStores.alice, OwnerStores.bob], env)
        let (alice, bob) = (stores[0], stores[1])
        let aliceItems = try await alice.add(titles: ["A1", "A2", "A3"])
        let bobItems = try await bob.add(titles: ["B1", "B2", "B3"])
        #expect(try await alice.delete(id: aliceItems[0].id))
        #expect(try await bob.delete(id: bobItems[0].id))
        env.advance(by: 30 * 86_400)
        // Bob's purge takes his old trashed item only; alice's is still hers to purge.
        #expect(try await bob.purgeTrash() == 1)
        #expect(try await alice.purgeTrash() == 1)
        #expect(try await alice.delete(id: aliceItems[1].id))
        #expect(try await bob.delete(id: bobItems[1].id))
        let aliceBefore = try await Snapshot(alice)
        #expect(try await bob.emptyTrash() == 1)
        try await bob.deleteAll()
        #expect(try await bob.items().isEmpty)
        #expect(try await bob.trash().isEmpty)
        #expect(try await Snapshot(alice) == aliceBefore)
        #expect(aliceBefore.items.map(\.title) == ["A3"])
        #expect(aliceBefore.trash.map(\.item.title) == ["A2"])
        #expect(try await bob.add(TodoDraft(title: "B4")).number == 4)
    }
}

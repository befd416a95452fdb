import Foundation
import Synchronization
import Testing
import TodoCore

/// SHARE-2…6 (docs/specs/sharing.md): a person's own list and the lists shared with them, over
/// one in-memory store per owner.
@Suite("A person's lists (PersonalLists)")
struct PersonalListsTests {
    let alice = ListPerson(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000a")!, name: "alice")
    let bob = ListPerson(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000b")!, name: "bob")
    let aliceStore = InMemoryTodoStore(environment: .fixedForTests())
    let bobStore = InMemoryTodoStore(environment: .fixedForTests())
    let sharing = InMemoryListSharing()

    /// Bob's lists as a request would open them now.
    func bobsLists() async throws -> PersonalLists {
        let stores = [alice.owner: aliceStore, bob.owner: bobStore]
        return try await PeopleLists(sharing: sharing) { stores[$0]! }.lists(of: bob.id)
    }

    @discardableResult
    func aliceAdds(_ title: String, in project: String? = nil) async throws -> TodoItem {
        try await aliceStore.add(TodoDraft(title: title, project: project.map(Project.init(name:))))
    }

    @Test("TIME-6 each owner's list is opened in the owner's zone, with one look-up for all; one without a zone in the stores' own")
    func test_TIME_6_listsInTheirOwnersZones() async throws {
        await sharing.share(list: "Groceries", owner: alice, with: bob, role: .editor)
        let carol = ListPerson(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000c")!, name: "carol")
        await sharing.share(list: "Books", owner: carol, with: bob, role: .viewer)
        let opened = Mutex<[(String, String?)]>([]), lookUps = Mutex<[[UUID]]>([])
        let people = PeopleLists(sharing: sharing, zones: { ids in
            lookUps.withLock { $0.append(ids.sorted { $0.uuidString < $1.uuidString }) }
            return [self.alice.id: TimeZone(identifier: "Asia/Tokyo")!, self.bob.id: TimeZone(identifier: "Pacific/Pago_Pago")!]
        }) { owner, zone in
            opened.withLock { $0.append((owner.key, zone?.identifier)) }
            return InMemoryTodoStore(environment: .fixedForTests())
        }
        let lists = try await people.lists(of: bob.id)
        #expect(lists.shared.map(\.name) == ["alice/Groceries", "carol/Books"])
        #expect(opened.withLock { $0.map(\.0) } == [bob.owner.key, alice.owner.key, carol.owner.key])
        #expect(opened.withLock { $0.map(\.1) } == ["Pacific/Pago_Pago", "Asia/Tokyo", nil])
        #expect(lookUps.withLock { $0 } == [[alice.id, bob.id, carol.id]])
        // The local list has no account, so no zone of its own: no look-up.
        _ = try await people.store(.local)
        #expect(lookUps.withLock { $0.count } == 1)
        #expect(opened.withLock { $0.last?.1 } == nil)
    }

    @Test("SHARE-2 a person is offered their own projects and each shared list as OWNER/LIST")
    func test_SHARE_2_projects() async throws {
        try await aliceAdds("Milk", in: "Groceries")
        try await aliceAdds("Report", in: "Work")
        _ = try await bobStore.add(TodoDraft(title: "Call mum", project: Project(name: "Home")))
        #expect(try await bobsLists().projects().map(\.name) == ["Home"])

        await sharing.share(list: "Groceries", owner: alice, with: bob, role: .viewer)
        let lists = try await bobsLists()
        #expect(try await lists.projects().map(\.name) == ["alice/Groceries", "Home"])
        let page = try await lists.listPage(.all, sections: [.todo, .done], page: 1, rowsPerSection: nil)
        #expect(page.projects.map(\.name) == ["alice/Groceries", "Home"])
        #expect(page.entries[.todo]?.map(\.title) == ["Call mum"], "the all-items list is bob's own")
    }

    @Test("SHARE-3 the shared list reads as OWNER/LIST; the owner's other items stay unknown")
    func test_SHARE_3_reads() async throws {
        let milk = try await aliceAdds("Milk", in: "Groceries")
        try await aliceAdds("Bread", in: "Groceries")
        let secret = try await aliceAdds("Diary", in: "Private")
        let loose = try await aliceAdds("No project")
        await sharing.share(list: "Groceries", owner: alice, with: bob, role: .viewer)
        let lists = try await bobsLists()

        let shared = TodoFilter(project: "alice/Groceries")
        #expect(try await lists.items(shared).map(\.title) == ["Bread", "Milk"])
        #expect(try await lists.count(shared) == 2)
        let page = try await lists.listPage(shared, sections: [.todo, .done], page: 1, rowsPerSection: nil)
        #expect(page.entries[.todo]?.map(\.project?.name) == ["alice/Groceries", "alice/Groceries"])
        #expect(try await lists.item(id: milk.id)?.project?.name == "alice/Groceries")
        #expect(try await lists.items(idPrefix: String(milk.id.lowercasedText.prefix(8)), limit: 5).map(\.id) == [milk.id])
        for hidden in [secret, loose] {
            #expect(try await lists.item(id: hidden.id) == nil)
            #expect(try await lists.update(id: hidden.id, TodoChanges(title: "Mine now"), expectedVersion: nil) == nil)
            #expect(try await lists.delete(id: hidden.id, expectedVersion: nil) == false)
            #expect(try await lists.move(id: hidden.id, toIndex: 0) == nil)
        }
        #expect(try await lists.items(TodoFilter(project: "alice/Private")).isEmpty)
        #expect(try await lists.items(TodoFilter(project: "Groceries")).isEmpty, "bob has no Groceries of his own")
        #expect(try await aliceStore.item(id: secret.id)?.title == "Diary")
    }

    @Test("SHARE-12 a list shared to read only is view only by its owner's name; the person's own lists and an editor's are theirs to change")
    func test_SHARE_12_access() async throws {
        try await aliceAdds("Milk", in: "Groceries")
        try await aliceAdds("Report", in: "Work")
        _ = try await bobStore.add(TodoDraft(title: "Call mum", project: Project(name: "Home")))
        await sharing.share(list: "Groceries", owner: alice, with: bob, role: .viewer)
        await sharing.share(list: "Work", owner: alice, with: bob, role: .editor)
        let lists = try await bobsLists()
        #expect(lists.access(toList: "alice/Groceries") == .viewOnly(owner: "alice"))
        #expect(lists.access(toList: "alice/Groceries").isViewOnly)
        #expect(lists.access(toList: "alice/Work") == .changes)
        for own in ["Home", nil, "Nowhere", "alice/Private", "Groceries"] as [String?] {
            #expect(lists.access(toList: own) == .changes, "\(own ?? "the whole list")")
        }
        // A store of one person's list has no list to read only.
        #expect(aliceStore.access(toList: "Groceries") == .changes)
        // The share changed: the next request's lists say so (SHARE-6).
        await sharing.share(list: "Groceries", owner: alice, with: bob, role: .editor)
        #expect(try await bobsLists().access(toList: "alice/Groceries") == .changes)
    }

    @Test("SHARE-4 a viewer's every write is refused and changes nothing")
    func test_SHARE_4_viewer() async throws {
        let milk = try await aliceAdds("Milk", in: "Groceries")
        let gone = try await aliceAdds("Eggs", in: "Groceries")
        _ = try await aliceStore.delete(id: gone.id)
        await sharing.share(list: "Groceries", owner: alice, with: bob, role: .viewer)
        let lists = try await bobsLists()
        let refused = TodoAccessError.readOnly(list: "alice/Groceries")

        await #expect(throws: refused) {
            try await lists.add(TodoDraft(title: "Cheese", project: Project(name: "alice/Groceries")))
        }
        await #expect(throws: refused) { try await lists.update(id: milk.id, TodoChanges(title: "Oat milk")) }
        await #expect(throws: refused) { try await lists.setDone(id: milk.id, true) }
        await #expect(throws: refused) { try await lists.move(id: milk.id, toIndex: 0) }
        await #expect(throws: refused) { try await lists.delete(id: milk.id) }
        await #expect(throws: refused) { try await lists.restore(id: gone.id) }
        await #expect(throws: refused) { try await lists.deleteForever(id: gone.id) }
        #expect(try await aliceStore.items().map(\.title) == ["Milk"])
        #expect(try await aliceStore.item(id: milk.id)?.version == 1)
        #expect(try await aliceStore.trash().map(\.id) == [gone.id])
        #expect(try await lists.trash().map(\.item.project?.name) == ["alice/Groceries"], "a viewer reads the list's Trash")
    }

    @Test("SHARE-5 an editor adds, edits, checks, moves, deletes and restores in the list, and no more")
    func test_SHARE_5_editor() async throws {
        let milk = try await aliceAdds("Milk", in: "Groceries")
        try await aliceAdds("Report", in: "Work")
        let bread = try await aliceAdds("Bread", in: "Groceries")
        await sharing.share(list: "Groceries", owner: alice, with: bob, role: .editor)
        let lists = try await bobsLists()
        let list = Project(name: "alice/Groceries")

        let cheese = try await lists.add(TodoDraft(title: "Cheese", project: list))
        #expect(cheese.project == list)
        #expect(try await aliceStore.item(id: cheese.id)?.project?.name == "Groceries")
        #expect(try await lists.update(id: milk.id, TodoChanges(title: "Oat milk", project: .some(list)))?.title == "Oat milk")
        #expect(try await lists.setDone(id: bread.id, true)?.isDone == true)

        // To Do in alice's list: Cheese, Report, Oat milk; bob's list counts Cheese, Oat milk.
        #expect(try await lists.items(TodoFilter(project: list.name, unfinishedOnly: true)).map(\.title) == ["Cheese", "Oat milk"])
        _ = try await lists.move(id: milk.id, toIndex: 0)
        #expect(try await lists.items(TodoFilter(project: list.name, unfinishedOnly: true)).map(\.title) == ["Oat milk", "Cheese"])
        #expect(lists.moveScope(of: try #require(try await lists.item(id: milk.id))) == TodoFilter(project: list.name))

        #expect(try await lists.delete(id: cheese.id))
        #expect(try await aliceStore.trash().map(\.id) == [cheese.id], "to the owner's Trash")
        #expect(try await lists.restore(id: cheese.id)?.project == list)

        let moved = TodoAccessError.otherList(list: "alice/Groceries")
        await #expect(throws: moved) { try await lists.update(id: milk.id, TodoChanges(project: .some(nil))) }
        await #expect(throws: moved) {
            try await lists.update(id: milk.id, TodoChanges(project: .some(Project(name: "Home"))))
        }
        let own = try await lists.add(TodoDraft(title: "Mine", project: Project(name: "Home")))
        await #expect(throws: moved) { try await lists.update(id: own.id, TodoChanges(project: .some(list))) }

        try await lists.deleteAll()
        #expect(try await aliceStore.count(.all) == 4, "delete everything is bob's own list")
        #expect(try await bobStore.count(.all) == 0)
    }

    @Test("SHARE-6 an ended or changed share applies from the next request")
    func test_SHARE_6_revoke() async throws {
        let milk = try await aliceAdds("Milk", in: "Groceries")
        await sharing.share(list: "Groceries", owner: alice, with: bob, role: .editor)
        #expect(try await bobsLists().item(id: milk.id) != nil)

        await sharing.share(list: "Groceries", owner: alice, with: bob, role: .viewer)
        await #expect(throws: TodoAccessError.readOnly(list: "alice/Groceries")) {
            try await bobsLists().update(id: milk.id, TodoChanges(title: "Oat milk"))
        }
        #expect(await sharing.unshare(list: "Groceries", owner: alice.id, with: bob.id))
        let lists = try await bobsLists()
        #expect(try await lists.item(id: milk.id) == nil)
        #expect(try await lists.projects().isEmpty)
        #expect(try await lists.items(TodoFilter(project: "alice/Groceries")).isEmpty)
    }

    @Test("SHARE-7 sharing by names: unknown people, a list the owner doesn't have, the owner, and unsharing what isn't shared are refused")
    func test_SHARE_7_service() async throws {
        try await aliceAdds("Milk", in: "Groceries")
        let people = [alice, bob]
        let stores = [alice.owner: aliceStore, bob.owner: bobStore]
        let service = SharingService(lists: PeopleLists(sharing: sharing) { stores[$0]! }) { name in
            people.first { $0.name == name }
        }
        let share = try await service.share(list: "Groceries", owner: "alice", with: "bob", role: .viewer)
        #expect(share == ListShare(owner: alice, list: "Groceries", person: bob, role: .viewer))
        try await service.share(list: "Groceries", owner: "alice", with: "bob", role: .editor)
        #expect(try await service.shares(of: "alice").map(\.role) == [.editor])

        await #expect(throws: SharingError.unknownPerson("carol")) {
            try await service.share(list: "Groceries", owner: "alice", with: "carol", role: .viewer)
        }
        await #expect(throws: SharingError.noSuchList(owner: "alice", list: "Work")) {
            try await service.share(list: "Work", owner: "alice", with: "bob", role: .viewer)
        }
        await #expect(throws: SharingError.withOwner("alice")) {
            try await service.share(list: "Groceries", owner: "alice", with: "alice", role: .viewer)
        }
        try await service.unshare(list: "Groceries", owner: "alice", with: "bob")
        #expect(try await service.shares(of: "alice").isEmpty)
        await #expect(throws: SharingError.notShared(list: "Groceries", person: "bob")) {
            try await service.unshare(list: "Groceries", owner: "alice", with: "bob")
        }
    }
}

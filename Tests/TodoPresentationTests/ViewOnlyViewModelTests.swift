import Foundation
import Localization
import Testing
import TodoCore
import TodoPresentation
import TodoTestSupport

/// SHARE-12 (docs/specs/sharing.md): the list and details ViewModels say when a list is shared
/// to read only, and whose it is, in the person's language.
@Suite("View-only lists (SHARE-12)")
struct ViewOnlyViewModelTests {
    let alice = ListPerson(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000a")!, name: "alice")
    let bob = ListPerson(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000b")!, name: "bob")
    // Ids of their own (`fixedForTests`): two stores counting ids alike would give alice's item
    // and bob's the same one.
    let aliceStore = InMemoryTodoStore(environment: .fixedForTests())
    let bobStore = InMemoryTodoStore(environment: .fixedForTests())
    let sharing = InMemoryListSharing()

    /// Bob's lists, with alice's Groceries shared to read only and her Work to edit.
    func bobsLists() async throws -> (lists: PersonalLists, milk: TodoItem, report: TodoItem) {
        let milk = try await aliceStore.add(TodoDraft(title: "Milk", project: Project(name: "Groceries")))
        let report = try await aliceStore.add(TodoDraft(title: "Report", project: Project(name: "Work")))
        _ = try await bobStore.add(TodoDraft(title: "Call mum", project: Project(name: "Home")))
        await sharing.share(list: "Groceries", owner: alice, with: bob, role: .viewer)
        await sharing.share(list: "Work", owner: alice, with: bob, role: .editor)
        let stores = [alice.owner: aliceStore, bob.owner: bobStore]
        return (try await PeopleLists(sharing: sharing) { stores[$0]! }.lists(of: bob.id), milk, report)
    }

    @Test("SHARE-12 a list shared to read only says “View only” and whose it is, in each language; any other list says nothing")
    func test_SHARE_12_listNotice() async throws {
        let (lists, _, _) = try await bobsLists()
        let expected: [(Language, String)] = [
            (.english, "View only · alice's list"), (.simplifiedChinese, "仅可查看 · alice 的清单"), (.japanese, "閲覧のみ · aliceさんのリスト"),
        ]
        for (language, words) in expected {
            let list = TodoListViewModel(store: lists, scope: .project("alice/Groceries"), today: { today }, language: language)
            try await list.load()
            #expect(list.access == .viewOnly(owner: "alice"))
            #expect(list.viewOnlyNotice == words, "\(language)")
            #expect(list.rows.map(\.title) == ["Milk"], "a viewer reads every row")
        }
        for scope in [ListScope.project("alice/Work"), .project("Home"), .all, .today, .search("milk")] {
            let list = TodoListViewModel(store: lists, scope: scope, today: { today })
            #expect(list.access == .changes, "\(scope)")
            #expect(list.viewOnlyNotice == nil, "\(scope)")
        }
    }

    @Test("SHARE-12 an item of a list shared to read only says so on its details; an editor's item does not")
    func test_SHARE_12_detailsNotice() async throws {
        let (lists, milk, report) = try await bobsLists()
        let details = ItemDetailViewModel(store: lists, id: milk.id, language: .japanese)
        try await details.load()
        #expect(details.access == .viewOnly(owner: "alice"))
        #expect(details.viewOnlyNotice == "閲覧のみ · aliceさんのリスト")
        let editable = ItemDetailViewModel(store: lists, id: report.id)
        try await editable.load()
        #expect(editable.access == .changes)
        #expect(editable.viewOnlyNotice == nil)
    }
}

/// FIND-12: a search list's rows show what matched.
@Suite("Search marks (FIND-12)")
struct SearchMarksViewModelTests {
    @Test("FIND-12 a title in pieces, the places the search found marked; nil when none is in it")
    func test_FIND_12_markedText() {
        let words = SearchWords("milk oat")
        #expect(MarkedText("Oat milk, please", marking: words)?.parts == [
            .init("Oat", isMatch: true), .init(" ", isMatch: false), .init("milk", isMatch: true), .init(", please", isMatch: false),
        ])
        #expect(MarkedText("milk", marking: words)?.parts == [.init("milk", isMatch: true)])
        #expect(MarkedText("Bread", marking: words) == nil)
    }

    @Test("FIND-12 a search list's words are what it looks for, without its signs; other lists have none")
    func test_FIND_12_searchWords() {
        let store = InMemoryTodoStore(environment: .fixedForTests())
        let search = TodoListViewModel(store: store, scope: .search("milk !high +shop Oat"), today: { today })
        #expect(search.searchWords?.words == ["milk", "Oat"])
        #expect(TodoListViewModel(store: store, scope: .search("!high"), today: { today }).searchWords == nil)
        for scope in [ListScope.all, .today, .project("milk"), .tag("milk")] {
            #expect(TodoListViewModel(store: store, scope: scope, today: { today }).searchWords == nil, "\(scope)")
        }
    }
}

import Foundation
import Testing
import TodoCore

/// The three-way merge of one item (MERGE-1, MERGE-2): for every field, changed by me only, by
/// them only, by both to the same value, by both to different values.
@Suite("TodoMerge")
struct MergeRulesTests {
    enum Who: String, CaseIterable, Sendable { case me, them, bothSame, bothDifferent, nobody }

    private static let base = TodoDraft(
        title: "Run", details: "5 km", isDone: false, dueDate: CalendarDate(iso: "2026-12-01"),
        location: Location(name: "Park"), project: Project(name: "Health"), estimateMinutes: 30, repeatRule: .weekly(on: [.monday]),
        priority: Priority(number: 2), tags: ["errands"])

    /// `values` with `field` set to its `n`-th other value (1 or 2).
    private static func changed(_ values: TodoDraft, _ field: ItemField, _ n: Int) -> TodoDraft {
        var v = values
        switch field {
        case .title: v.title = "Title \(n)"
        case .details: v.details = n == 1 ? nil : "10 km"
        case .dueDate: v.dueDate = n == 1 ? nil : CalendarDate(iso: "2026-12-24")
        case .location: v.location = Location(name: "Gym \(n)", latitude: Double(n), longitude: 2)
        case .project: v.project = n == 1 ? nil : Project(name: "Sport")
        case .estimateMinutes: v.estimateMinutes = n == 1 ? nil : 90
        case .repeatRule: v.repeatRule = n == 1 ? nil : RepeatRule(.monthly, interval: 2, days: [RepeatRule.Day(.friday, nth: -1)])
        case .priority: v.priority = n == 1 ? .undefined : Priority(number: 9)
        case .tags: v.tags = n == 1 ? [] : ["errands", "waiting"]
        case .parent: v.parent = UUID(text: "00000000-0000-0000-0000-00000000000\(n)")
        case .dueTime: v.dueTime = TimeOfDay(hour: 15, minute: 30 * n - 30)
        case .isDone: v.isDone = true
        default: Issue.record("no other value for \(field)")
        }
        return v
    }

    static let cases: [(ItemField, Who)] = ItemField.all.flatMap { field in
        Who.allCases.filter { !(field == .isDone && $0 == .bothDifferent) }.map { (field, $0) }
    }

    @Test("MERGE-1 MERGE-2 each field: mine only, theirs only, both the same, both different", arguments: cases)
    func test_MERGE_1_MERGE_2_fieldTable(field: ItemField, who: Who) {
        let base = Self.base
        let mine = [.me, .bothSame, .bothDifferent].contains(who) ? Self.changed(base, field, 1) : base
        let theirs: TodoDraft = switch who {
        case .them, .bothSame: Self.changed(base, field, 1)
        case .bothDifferent: Self.changed(base, field, 2)
        case .me, .nobody: base
        }
        let merge = TodoMerge(base: base, mine: mine, theirs: theirs)
        switch who {
        case .me:
            // Only I changed it: my value goes over theirs.
            #expect(merge.isClean && merge.mine == [field])
            #expect(merge.changes != TodoChanges())
            #expect(TodoItem.sample(theirs).applying(merge.changes, now: .distantPast).map(TodoDraft.init(fieldsOf:)) == mine)
        case .them, .nobody:
            // Only they changed it (or nobody): theirs is kept, nothing of mine to apply.
            #expect(merge.isClean && merge.mine.isEmpty && merge.changes == TodoChanges())
        case .bothSame:
            #expect(merge.isClean && merge.mine == [field] && merge.changes == TodoChanges())
        case .bothDifferent:
            #expect(merge.conflicts == [field] && !merge.isClean && merge.changes == TodoChanges())
        }
    }

    @Test("MERGE-1 my change to one field and theirs to another both survive")
    func test_MERGE_1_differentFieldsBothKept() {
        let mine = Self.changed(Self.base, .title, 1)
        let theirs = Self.changed(Self.changed(Self.base, .details, 2), .isDone, 1)
        let merge = TodoMerge(base: Self.base, mine: mine, theirs: theirs)
        #expect(merge.isClean && merge.changes == TodoChanges(title: "Title 1"))
        let stored = TodoItem.sample(theirs).applying(merge.changes, now: .distantPast)
        #expect(stored?.title == "Title 1" && stored?.details == "10 km" && stored?.isDone == true)
    }

    @Test("MERGE-2 only the field both changed differently conflicts; the rest would merge")
    func test_MERGE_2_onlyBothChangedConflict() {
        let mine = Self.changed(Self.changed(Self.base, .title, 1), .estimateMinutes, 2)
        let theirs = Self.changed(Self.changed(Self.base, .title, 2), .project, 1)
        let merge = TodoMerge(base: Self.base, mine: mine, theirs: theirs)
        #expect(merge.conflicts == [ItemField.title])
        #expect(merge.mine == [ItemField.title, .estimateMinutes])
    }
}

extension TodoItem {
    /// A stored item holding `values`.
    static func sample(_ values: TodoDraft) -> TodoItem {
        TodoItem(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, content: values.content, createdAt: .distantPast)
    }
}

import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// `TodoStore.importItems` against every store: all or nothing, same id updates, the
/// ordering rules for items that come without a position.
@Suite("TodoStore contract: import")
struct ImportContractTests {
    private static let t0 = TestEnvironment.referenceDate

    /// A whole item, as a lossless format gives it (its number is `n`).
    private func item(
        _ n: Int, _ title: String, done: Bool = false, position: Double, version: Int = 1,
        project: String? = nil, details: String? = nil
    ) -> TodoItem {
        TodoItem(
            id: TestEnvironment.id(100 + n), title: title, details: details, isDone: done,
            dueDate: CalendarDate(iso: "2026-12-0\(n % 9 + 1)"), location: Location(name: "Café ☕", latitude: 48.85, longitude: 2.35),
            project: project.map(Project.init(name:)), estimateMinutes: 15 * n, repeatRule: .weekly(on: [.monday, .friday]),
            position: position, createdAt: Self.at(-86_400_000 + 123), updatedAt: Self.at(-3_600_000 + 456),
            completedAt: done ? Self.at(-60_000 + 789) : nil, version: version, number: n)
    }

    /// The reference date moved by whole milliseconds (what stores keep).
    private static func at(_ milliseconds: Int64) -> Date {
        Timestamp.date(milliseconds: Timestamp.milliseconds(t0) + milliseconds)
    }

    /// An item as a format without positions or timestamps gives it (todo.txt-like).
    private func bare(_ n: Int, _ title: String, done: Bool = false) -> ImportedItem {
        ImportedItem(
            item: TodoItem(id: TestEnvironment.id(100 + n), title: title, isDone: done, createdAt: .distantPast),
            given: [], origin: "line \(n)")
    }

    @Test("whole items go in as given: ids, positions, timestamps and versions", arguments: StoreKind.allCases)
    func test_import_intoEmptyStore_keepsWholeItems(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let items = [
            item(1, "Open", position: -2.5, version: 4, project: "Home"),
            item(2, "Done", done: true, position: 7, version: 2, details: "line 1\nline 2"),
            item(3, "Also open", position: 3, project: "Work"),
        ]
        let summary = try await sut.importItems(items)
        #expect(summary.entries.map(\.change) == [.added, .added, .added])
        #expect(try await sut.items() == [items[0], items[2], items[1]])
        #expect(try await sut.projects() == [Project(name: "Home"), Project(name: "Work")])
    }

    @Test("an item with an id already stored is replaced, not duplicated, and its version moves on", arguments: StoreKind.allCases)
    func test_import_sameID_updatesInsteadOfDuplicating(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let original = item(1, "Buy milk", position: 0, version: 3, project: "Home")
        _ = try await sut.importItems([original])
        var edited = original
        edited.title = "Buy oat milk"
        edited.project = Project(name: "Shop")
        let summary = try await sut.importItems([edited, item(2, "New", position: 1)])
        #expect(summary.entries.map(\.change) == [.updated([.title, .project]), .added])
        #expect(summary.added == 1 && summary.updated == 1 && summary.unchanged == 0)
        let stored = try await sut.items()
        #expect(stored.count == 2)
        var expected = edited
        expected.version = 4
        #expect(stored.first == expected)
        #expect(try await sut.projects() == [Project(name: "Shop")], "the project no item uses is gone")
    }

    @Test("importing the same items again changes nothing and reports them unchanged", arguments: StoreKind.allCases)
    func test_import_again_isUnchanged(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let items = [item(1, "A", position: 0), item(2, "B", done: true, position: 0)]
        _ = try await sut.importItems(items)
        let summary = try await sut.importItems(items)
        #expect(summary.entries.map(\.change) == [.unchanged, .unchanged])
        #expect(try await sut.items() == items)
    }

    @Test("a bad item anywhere refuses the whole import, names its origin, and stores nothing", arguments: StoreKind.allCases)
    func test_import_badItem_changesNothing(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let kept = try await sut.add(titles: ["Kept"])
        let before = try await sut.items()
        var bad = item(3, "   ", position: 0)
        bad.title = "   "
        let entries = [
            ImportedItem(item: item(1, "Fine", position: 0), origin: "line 1"),
            ImportedItem(item: { var changed = kept[0]; changed.title = "Renamed"; return changed }(), origin: "line 2"),
            ImportedItem(item: bad, origin: "line 3"),
        ]
        await #expect(throws: TodoImportError(origin: "line 3", reason: "The title can't be empty.")) {
            try await sut.importItems(entries, dryRun: false)
        }
        #expect(try await sut.items() == before)
        #expect(TodoImportError(origin: "line 3", reason: "The title can't be empty.").errorDescription
            == "Line 3: The title can't be empty.")
    }

    @Test("the same id twice in one file is refused", arguments: StoreKind.allCases)
    func test_import_duplicateIDInFile_isRefused(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let a = item(1, "A", position: 0)
        await #expect(throws: TodoImportError(
            origin: "line 2", reason: "the id \(a.id.lowercasedText) was already used by line 1.")
        ) {
            try await sut.importItems(
                [ImportedItem(item: a, origin: "line 1"), ImportedItem(item: a, origin: "line 2")], dryRun: false)
        }
        #expect(try await sut.items().isEmpty)
    }

    @Test("new items without a position go first of their section, in file order", arguments: StoreKind.allCases)
    func test_import_withoutPosition_newItemsGoFirstInFileOrder(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let existing = try await sut.add(titles: ["Old 2", "Old 1"])  // To Do: Old 1, Old 2
        _ = try await sut.setDone(id: existing[0].id, true)  // Done: Old 2
        _ = try await sut.importItems([bare(1, "New A"), bare(2, "New B"), bare(3, "Done C", done: true), bare(4, "Done D", done: true)], dryRun: false)
        #expect(try await sut.sectionTitles() == (["New A", "New B", "Old 1"], ["Done C", "Done D", "Old 2"]))
        // Then the rules go on as usual.
        _ = try await sut.add(TodoDraft(title: "Added"))
        #expect(try await sut.sectionTitles().todo.first == "Added")
    }

    @Test("into an empty store, items without a position keep the file's order", arguments: StoreKind.allCases)
    func test_import_withoutPosition_intoEmptyStore(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        _ = try await sut.importItems((1...5).map { bare($0, "T\($0)", done: $0 == 3) }, dryRun: false)
        #expect(try await sut.sectionTitles() == (["T1", "T2", "T4", "T5"], ["T3"]))
    }

    @Test("CHECK-1 CHECK-2 without a position, an existing item keeps its place, a checked one goes first of Done, an unchecked one last of To Do",
          arguments: StoreKind.allCases)
    func test_import_withoutPosition_followsCheckRules(_ kind: StoreKind) async throws {
        let env = TestEnvironment()
        let sut = try await kind.makeSUT(env)
        let a = try await sut.add(TodoDraft(title: "A"))
        let b = try await sut.add(TodoDraft(title: "B"))
        let c = try await sut.add(TodoDraft(title: "C"))
        let d = try await sut.add(TodoDraft(title: "D", isDone: true))
        // To Do: C B A; Done: D
        func reimport(_ item: TodoItem, title: String? = nil, done: Bool) -> ImportedItem {
            var copy = item
            copy.isDone = done
            copy.title = title ?? item.title
            return ImportedItem(item: copy, given: [], origin: item.title)
        }
        let summary = try await sut.importItems(
            [reimport(b, title: "B2", done: false), reimport(a, done: true), reimport(d, done: false)], dryRun: false)
        #expect(try await sut.sectionTitles() == (["C", "B2", "D"], ["A", ]))
        #expect(summary.entries.map(\.change) == [
            .updated([.title]), .updated([.completed, .order, .completedAt]), .updated([.completed, .order, .completedAt]),
        ])
        let checked = try #require(try await sut.item(id: a.id))
        #expect(checked.completedAt == checked.updatedAt && checked.version == 2, "checked now, by the store's clock")
        #expect(try await sut.item(id: c.id) == c, "untouched")
    }

    @Test("--dry-run reports what would change and stores nothing", arguments: StoreKind.allCases)
    func test_import_dryRun_storesNothing(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let original = item(1, "A", position: 0)
        _ = try await sut.importItems([original])
        var edited = original
        edited.dueDate = nil
        let summary = try await sut.importItems(
            [ImportedItem(item: edited, origin: "item 1"), ImportedItem(item: item(2, "B", position: 1), origin: "item 2")],
            dryRun: true)
        #expect(summary.entries == [
            .init(id: original.id, title: "A", origin: "item 1", change: .updated([.dueDate])),
            .init(id: TestEnvironment.id(102), title: "B", origin: "item 2", change: .added),
        ])
        #expect(try await sut.items() == [original])
    }

    @Test("timestamps that agree at the file's precision keep the stored milliseconds", arguments: StoreKind.allCases)
    func test_import_timestampPrecision(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let original = item(1, "A", done: true, position: 0)
        _ = try await sut.importItems([original])
        var seconds = original
        seconds.createdAt = Date(timeIntervalSince1970: original.createdAt.timeIntervalSince1970.rounded(.down))
        seconds.updatedAt = Date(timeIntervalSince1970: original.updatedAt.timeIntervalSince1970.rounded(.down))
        seconds.completedAt = Date(timeIntervalSince1970: original.completedAt!.timeIntervalSince1970.rounded(.down))
        let summary = try await sut.importItems(
            [ImportedItem(item: seconds, given: [.createdAt, .updatedAt, .completedAt], precision: .seconds, origin: "task 1")],
            dryRun: false)
        #expect(summary.entries.map(\.change) == [.unchanged])
        #expect(try await sut.items() == [original])
    }

    @Test("an item without timestamps gets the store's clock; title and fields are validated like add", arguments: StoreKind.allCases)
    func test_import_withoutTimestamps_usesClock(_ kind: StoreKind) async throws {
        let env = TestEnvironment()
        let sut = try await kind.makeSUT(env)
        var entry = bare(1, "  padded title  ", done: true)
        entry.item.project = Project(name: " Home ")
        _ = try await sut.importItems([entry], dryRun: false)
        let stored = try #require(try await sut.items().first)
        #expect(stored.title == "padded title" && stored.project == Project(name: "Home"))
        #expect(stored.createdAt == TestEnvironment.referenceDate)
        #expect(stored.updatedAt == stored.createdAt && stored.completedAt == stored.createdAt && stored.version == 1)
    }
}

import Foundation
import Testing
import TodoCore
import TodoPresentation
import TodoTestSupport

/// A source that records which sections were fetched and answers with canned results.
final class OptionsSourceSpy: QuickAddOptionsSource, @unchecked Sendable {
    private let lock = NSLock()
    private var _requests: [QuickAddSectionKind] = []
    private let results: [QuickAddSectionKind: Result<[QuickAddOption], any Error>]

    init(_ results: [QuickAddSectionKind: Result<[QuickAddOption], any Error>] = [:]) {
        self.results = results
    }

    var requests: [QuickAddSectionKind] { lock.withLock { _requests } }

    func options(for section: QuickAddSectionKind) async throws -> [QuickAddOption] {
        lock.withLock { _requests.append(section) }
        return try (results[section] ?? .success([QuickAddOption(id: "x", label: "x")])).get()
    }
}

struct LoadFailed: Error {}

@Suite("QuickAddViewModel")
struct QuickAddViewModelTests {
    private func makeSUT(
        context: QuickAddContext = .none, source: (any QuickAddOptionsSource)? = nil
    ) -> (QuickAddViewModel, InMemoryTodoStore) {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        let source = source ?? StoreQuickAddOptions(store: store, today: { today })
        return (QuickAddViewModel(store: store, source: source, context: context, today: { today }), store)
    }

    @Test("QUICK-1 with a title, Save stores the task and returns it (the View then closes the popup)")
    func test_QUICK_1_saveStoresTheTask() async throws {
        let (sut, store) = makeSUT()
        sut.text = "Call mom"
        let saved = try #require(try await sut.save())
        #expect(saved.title == "Call mom")
        #expect(try await store.items() == [saved])
    }

    @Test("QUICK-2 opened from a project's list, that project is already selected")
    func test_QUICK_2_projectPreselected() async throws {
        let (sut, store) = makeSUT(context: .project("Work"))
        _ = try await store.add(TodoDraft(title: "w", project: Project(name: "Work")))
        _ = try await store.add(TodoDraft(title: "h", project: Project(name: "Home")))
        #expect(sut.section(.project).selection.selected == ["Work"])
        await sut.loadSection(.project)
        #expect(sut.section(.project).options.map(\.id) == ["Home", "Work"])
        #expect(sut.section(.project).selection.selected == ["Work"])
    }

    @Test("QUICK-2 opened from a date's list, that date is already selected, even beyond the offered week")
    func test_QUICK_2_datePreselected() async throws {
        let far = CalendarDate(iso: "2027-05-01")!
        let (sut, _) = makeSUT(context: .dueDate(far))
        await sut.loadSection(.dueDate)
        #expect(sut.section(.dueDate).selection.selected == ["2027-05-01"])
        #expect(sut.section(.dueDate).options.first == QuickAddOption(id: "2027-05-01", label: "05/01/2027"))
        sut.text = "x"
        #expect(try await sut.save()?.dueDate == far)
    }

    @Test("QUICK-3 with an empty title, Save does nothing: nothing saved, the popup stays", arguments: ["", "  \n  "])
    func test_QUICK_3_emptyTitleDoesNothing(_ text: String) async throws {
        let (sut, store) = makeSUT()
        sut.text = text
        #expect(!sut.canSave)
        #expect(try await sut.save() == nil)
        #expect(try await store.items().isEmpty)
    }

    @Test("QUICK-4 the first line is the title and the rest, trimmed, the description")
    func test_QUICK_4_titleAndDescription() async throws {
        let (sut, _) = makeSUT()
        sut.text = "Buy milk\n  2 litres\nsemi-skimmed \n\n"
        let saved = try #require(try await sut.save())
        #expect(saved.title == "Buy milk" && saved.details == "2 litres\nsemi-skimmed")

        sut.text = "Only a title\n   \n"
        let titleOnly = try #require(try await sut.save())
        #expect(titleOnly.title == "Only a title" && titleOnly.details == nil)

        sut.text = "\nTitle on the second line"
        #expect(!sut.canSave, "the first line is the title, even when blank")
        #expect(try await sut.save() == nil)
    }

    @Test("QUICK-5 a section's items are fetched when first needed, then kept and not fetched again")
    func test_QUICK_5_lazyLoadedOnceAndCached() async {
        let spy = OptionsSourceSpy()
        let (sut, _) = makeSUT(source: spy)
        #expect(spy.requests.isEmpty, "nothing is fetched before a section is needed")
        #expect(sut.section(.estimate).state == .notLoaded)
        await sut.loadSection(.estimate)
        await sut.loadSection(.estimate)
        await sut.loadAllSections()
        #expect(spy.requests == [.estimate, .project, .dueDate, .repeatDays])
        #expect(sut.section(.estimate).state == .loaded([QuickAddOption(id: "x", label: "x")]))
    }

    @Test("QUICK-6 a section without items has nothing to select and says so")
    func test_QUICK_6_emptySection() async throws {
        let (sut, _) = makeSUT()  // the store has no projects yet
        await sut.loadSection(.project)
        #expect(sut.section(.project).state == .empty("No projects yet."))
        #expect(sut.section(.project).options.isEmpty)
    }

    @Test("QUICK-7 a section that fails to load shows an error; the rest of the popup still works")
    func test_QUICK_7_failedSection() async throws {
        let spy = OptionsSourceSpy([.project: .failure(LoadFailed())])
        let (sut, store) = makeSUT(source: spy)
        await sut.loadAllSections()
        #expect(sut.section(.project).state == .failed("Couldn't load the project choices. The rest of the form still works."))
        sut.select("x", in: .estimate)
        sut.text = "Still works"
        #expect(try await sut.save() != nil)
        #expect(try await store.items().count == 1)
    }

    @Test("QUICK-7 after a failure, the next time the section is needed it is fetched again")
    func test_QUICK_7_retryAfterFailure() async {
        let spy = OptionsSourceSpy([.project: .failure(LoadFailed())])
        let (sut, _) = makeSUT(source: spy)
        await sut.loadSection(.project)
        await sut.loadSection(.project)
        #expect(spy.requests == [.project, .project])
    }

    @Test("QUICK-8 in a single-selection section, selecting an item replaces the selection")
    func test_QUICK_8_singleSelection() async {
        let (sut, _) = makeSUT()
        await sut.loadSection(.estimate)
        sut.select("30", in: .estimate)
        sut.select("60", in: .estimate)
        #expect(sut.section(.estimate).selection.selected == ["60"])
        #expect(QuickAddSectionKind.estimate.selectionMode == .single)
        #expect(QuickAddSectionKind.project.selectionMode == .single)
        #expect(QuickAddSectionKind.dueDate.selectionMode == .single)
    }

    @Test("QUICK-9 in a multiple-selection section, selecting adds and selecting again removes")
    func test_QUICK_9_multipleSelection() async {
        let (sut, _) = makeSUT()
        await sut.loadSection(.repeatDays)
        sut.select("mon", in: .repeatDays)
        sut.select("wed", in: .repeatDays)
        #expect(sut.section(.repeatDays).selection.selected == ["mon", "wed"])
        sut.select("mon", in: .repeatDays)
        #expect(sut.section(.repeatDays).selection.selected == ["wed"])
        #expect(QuickAddSectionKind.repeatDays.selectionMode == .multiple)
    }

    @Test("QUICK-10 only selected items are held, and Save delivers every section's selection")
    func test_QUICK_10_saveDeliversSelections() async throws {
        let (sut, store) = makeSUT()
        _ = try await store.add(TodoDraft(title: "w", project: Project(name: "Work")))
        await sut.loadAllSections()
        sut.text = "Plan sprint\nwith the team"
        sut.select("Work", in: .project)
        sut.select("2026-11-22", in: .dueDate)
        sut.select("45", in: .estimate)
        sut.select("90", in: .estimate)
        sut.select("mon", in: .repeatDays)
        sut.select("fri", in: .repeatDays)
        sut.select("tue", in: .repeatDays)
        sut.select("tue", in: .repeatDays)
        #expect(sut.sections.map(\.selection.selected) == [["Work"], ["2026-11-22"], ["90"], ["mon", "fri"]])
        let saved = try #require(try await sut.save())
        #expect(saved.title == "Plan sprint" && saved.details == "with the team")
        #expect(saved.project == Project(name: "Work"))
        #expect(saved.dueDate == CalendarDate(iso: "2026-11-22"))
        #expect(saved.estimateMinutes == 90)
        #expect(saved.repeatRule == .weekly(on: [.monday, .friday]))
    }

    @Test("the app's options: the next seven days from today, common estimates and the weekdays")
    func test_storeOptions() async throws {
        let (sut, _) = makeSUT()
        await sut.loadAllSections()
        let dates = sut.section(.dueDate).options
        #expect(dates.count == 7)
        #expect(dates.first == QuickAddOption(id: "2026-11-21", label: "Today (11/21/2026)"))
        #expect(dates[1].label == "Tomorrow (11/22/2026)")
        #expect(dates[2].label == "Monday (11/23/2026)")
        #expect(sut.section(.estimate).options.map(\.label).prefix(4) == ["15m", "30m", "45m", "1h"])
        #expect(sut.section(.repeatDays).options.map(\.id) == ["mon", "tue", "wed", "thu", "fri", "sat", "sun"])
    }
}

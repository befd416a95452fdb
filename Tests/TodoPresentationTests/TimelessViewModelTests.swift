import Foundation
import Testing
import TodoCore
import TodoPresentation
import TodoTestSupport

/// docs/specs/testing.md, TEST-1: what the lists show about days follows the injected today, at
/// every instant of `TestInstant.all`.
@Suite("TEST-1 the ViewModels' days at injected instants and zones")
struct TimelessViewModelTests {
    @Test("TEST-1 Today: yesterday's item is overdue, today's is due, tomorrow's is not there", arguments: TestInstant.all)
    func test_TEST_1_today(_ instant: TestInstant) async throws {
        let store = InMemoryTodoStore(environment: instant.environment)
        _ = try await store.add(TodoDraft(title: "Yesterday", dueDate: instant.day(after: -1)))
        _ = try await store.add(TodoDraft(title: "Today", dueDate: instant.today))
        _ = try await store.add(TodoDraft(title: "Tomorrow", dueDate: instant.day(after: 1)))
        let sut = TodoListViewModel(store: store, scope: .today, today: { instant.today })
        try await sut.load()
        #expect(sut.overdueRows.map(\.title) == ["Yesterday"])
        #expect(sut.overdueRows.allSatisfy(sut.isOverdue))
        #expect(sut.sections.flatMap(\.rows).map(\.title) == ["Today"])
        #expect(!sut.sections.flatMap(\.rows).contains(where: sut.isOverdue))
    }

    @Test("TEST-1 Upcoming covers the days after today", arguments: TestInstant.all)
    func test_TEST_1_upcoming(_ instant: TestInstant) async throws {
        let store = InMemoryTodoStore(environment: instant.environment)
        let sut = UpcomingViewModel(store: store, today: { instant.today })
        #expect(sut.dates.first == instant.day(after: 1))
        #expect(sut.dates.last == instant.day(after: UpcomingViewModel.dayCount))
    }
}

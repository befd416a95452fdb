import Foundation
import Localization
import Testing
import TodoCore
import TodoPresentation
import TodoTestSupport

/// Times on the list screens (docs/specs/times.md): rows that say when in words (TIME-9), what a
/// passed time makes overdue (TIME-7), and Upcoming's days by time (TIME-5). Today is Saturday
/// 2026-11-21, as in the other list tests.
@Suite("Times on the list screens")
struct TimesViewModelTests {
    private func store(_ drafts: [TodoDraft]) async throws -> InMemoryTodoStore {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        for draft in drafts { _ = try await store.add(draft) }
        return store
    }

    private func list(
        _ store: InMemoryTodoStore, _ scope: ListScope = .all, _ language: Language = .english, now: TimeOfDay? = nil
    ) async throws -> TodoListViewModel {
        let list = TodoListViewModel(store: store, scope: scope, today: { today }, now: { now }, language: language)
        try await list.load()
        return list
    }

    private static func at(_ hour: Int, _ minute: Int) -> TimeOfDay { TimeOfDay(hour: hour, minute: minute)! }

    @Test("TIME-9 a row's date relative to today in three languages: today and tomorrow, the week's days, then dates",
          arguments: [
              (Language.english, ["Today 15:00", "Tomorrow", "Mon 09:30", "Fri", "11/28/2026", "11/20/2026 08:00"]),
              (Language.simplifiedChinese, ["今天 15:00", "明天", "周一 09:30", "周五", "2026/11/28", "2026/11/20 08:00"]),
              (Language.japanese, ["今日 15:00", "明日", "月 09:30", "金", "2026/11/28", "2026/11/20 08:00"]),
          ])
    func test_TIME_9_relativeRowDates(language: Language, expected: [String]) async throws {
        let store = try await store([
            TodoDraft(title: "No date"),
            TodoDraft(title: "Past", dueDate: today.adding(days: -1), dueTime: Self.at(8, 0)),
            TodoDraft(title: "In a week", dueDate: today.adding(days: 7)),
            TodoDraft(title: "In six days", dueDate: today.adding(days: 6)),
            TodoDraft(title: "Monday", dueDate: today.adding(days: 2), dueTime: Self.at(9, 30)),
            TodoDraft(title: "Tomorrow", dueDate: today.adding(days: 1)),
            TodoDraft(title: "Today", dueDate: today, dueTime: Self.at(15, 0)),
        ])
        let rows = try await list(store, .all, language).rows
        #expect(rows.map { $0.dueText(today: today) } == expected + [nil])
        // The dates themselves stay what they were (LIST-5), for a View that wants them.
        #expect(rows[0].dueDateText == TodoWords.date(today, in: language) + " 15:00")
    }

    @Test("TIME-9 a done row keeps its date in words (LIST-5), never overdue")
    func test_TIME_9_doneRowKeepsItsDate() async throws {
        let store = try await store([TodoDraft(title: "Done", isDone: true, dueDate: today, dueTime: Self.at(9, 0))])
        let rows = try await list(store).rows
        #expect(rows.map { $0.dueText(today: today) } == ["Today 09:00"])
        #expect(!rows[0].isOverdue(today: today.adding(days: 1)))
    }

    @Test("TIME-7 a to-do due today at a time that has passed is overdue; one at a later time, or without one, is not")
    func test_TIME_7_passedTimeIsOverdue() async throws {
        let store = try await store([
            TodoDraft(title: "At 15:00", dueDate: today, dueTime: Self.at(15, 0)),
            TodoDraft(title: "No time", dueDate: today),
            TodoDraft(title: "At 14:59", dueDate: today, dueTime: Self.at(14, 59)),
            TodoDraft(title: "Yesterday", dueDate: today.adding(days: -1)),
            TodoDraft(title: "Tomorrow at 1", dueDate: today.adding(days: 1), dueTime: Self.at(1, 0)),
        ])
        let atThree = try await list(store, now: Self.at(15, 0))
        #expect(atThree.rows.filter(atThree.isOverdue).map(\.title) == ["Yesterday", "At 14:59"])
        #expect(atThree.currentTime == Self.at(15, 0))
        // A list that isn't told the time counts days only (DAY-1).
        let undated = try await list(store)
        #expect(undated.rows.filter(undated.isOverdue).map(\.title) == ["Yesterday"])
        // The Overdue list shows the passed time too; Today keeps it among the day's rows.
        #expect(try await list(store, .overdue, now: Self.at(15, 0)).rows.map(\.title) == ["Yesterday", "At 14:59"])
        let todayList = try await list(store, .today, now: Self.at(15, 0))
        #expect(todayList.overdueRows.map(\.title) == ["Yesterday"])
        #expect(todayList.rows.map(\.title) == ["At 14:59", "No time", "At 15:00"])
        #expect(todayList.rows.filter(todayList.isOverdue).map(\.title) == ["At 14:59"])
    }

    @Test("TIME-5 Upcoming shows a day's to-dos with a time first, by time, then the others in the list's order")
    func test_TIME_5_upcomingByTime() async throws {
        let tomorrow = today.adding(days: 1)
        let store = try await store([
            TodoDraft(title: "No time A", dueDate: tomorrow),
            TodoDraft(title: "At 18:00", dueDate: tomorrow, dueTime: Self.at(18, 0)),
            TodoDraft(title: "No time B", dueDate: tomorrow),
            TodoDraft(title: "At 07:15", dueDate: tomorrow, dueTime: Self.at(7, 15)),
        ])
        let sut = UpcomingViewModel(store: store, today: { today })
        try await sut.load()
        #expect(sut.days.map { $0.rows.map(\.title) } == [["At 07:15", "At 18:00", "No time B", "No time A"]])
        #expect(try await sut.loadItems().map { $0.items.map(\.title) } == [["At 07:15", "At 18:00", "No time B", "No time A"]])
        try await sut.load(page: 2, rowsPerDay: 2)
        #expect(sut.days.map { $0.rows.map(\.title) } == [["No time B", "No time A"]])
    }
}

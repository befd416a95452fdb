import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// docs/specs/testing.md, TEST-1: the Model's rules that depend on the day give the answer the
/// injected clock and zone imply, at every instant of `TestInstant.all` — whatever the machine's
/// own date and `TZ` are.
@Suite("TEST-1 the Model's day rules at injected instants and zones")
struct TimelessRulesTests {
    @Test("TEST-1 REPEAT-15 a repeating item without a date is due on its first day from today where its owner is; checked, a week on",
          arguments: TestInstant.all)
    func test_TEST_1_repeatAfterToday(_ instant: TestInstant) async throws {
        let tomorrow = instant.day(after: 1)
        let store = InMemoryTodoStore(environment: instant.environment)
        let item = try await store.add(TodoDraft(title: "Water the plants", repeatRule: .weekly(on: [tomorrow.weekday])))
        #expect(item.dueDate == tomorrow)
        let daily = try await store.add(TodoDraft(title: "Stretch", repeatRule: RepeatRule(.daily)))
        #expect(daily.dueDate == instant.today)
        _ = try await store.setDone(id: item.id, true)
        let next = try #require(try await store.items().first { !$0.isDone && $0.title == "Water the plants" })
        #expect(next.dueDate == instant.day(after: 8))
    }

    @Test("TEST-1 a repeating item due today, checked, is next due a week on", arguments: TestInstant.all)
    func test_TEST_1_repeatDueToday(_ instant: TestInstant) async throws {
        let store = InMemoryTodoStore(environment: instant.environment)
        let item = try await store.add(
            TodoDraft(title: "Take out the bins", dueDate: instant.today, repeatRule: .weekly(on: [instant.today.weekday])))
        _ = try await store.setDone(id: item.id, true)
        #expect(try await store.items().first { !$0.isDone }?.dueDate == instant.day(after: 7))
    }

    @Test("TEST-1 unchecking the same day takes the occurrence back; the next day it stays", arguments: TestInstant.all)
    func test_TEST_1_uncheckSameDay(_ instant: TestInstant) async throws {
        let clock = TestEnvironment(start: instant.date, tick: 0, timeZone: instant.timeZone)
        let store = InMemoryTodoStore(environment: clock.environment)
        let first = try await store.add(TodoDraft(title: "Stretch", repeatRule: .weekly(on: [instant.day(after: 1).weekday])))
        _ = try await store.setDone(id: first.id, true)
        _ = try await store.setDone(id: first.id, false)
        #expect(try await store.items().count == 1, "unchecked the same day")

        _ = try await store.setDone(id: first.id, true)
        clock.advance(by: 24 * 3600)
        _ = try await store.setDone(id: first.id, false)
        #expect(try await store.items().count == 2, "unchecked a day later")
    }

    @Test("TEST-1 the Trash keeps an item 30 days from its deletion, to the second", arguments: TestInstant.all)
    func test_TEST_1_trashThirtyDays(_ instant: TestInstant) async throws {
        let clock = TestEnvironment(start: instant.date, tick: 0, timeZone: instant.timeZone)
        let store: any TodoStore = InMemoryTodoStore(environment: clock.environment)
        let item = try await store.add(TodoDraft(title: "Old receipt"))
        _ = try await store.delete(id: item.id)
        clock.advance(by: TrashRules.retention - 1)
        #expect(try await store.trash().map(\.item.title) == ["Old receipt"])
        clock.advance(by: 2)
        #expect(try await store.trash().isEmpty)
    }

    @Test("TEST-1 plain words read days from the injected today", arguments: TestInstant.all)
    func test_TEST_1_plainWordsDays(_ instant: TestInstant) {
        let read = { (text: String) in PlainWords.read(text, today: instant.today).dueDate }
        #expect(read("Call mom today") == instant.today)
        #expect(read("Call mom tomorrow") == instant.day(after: 1))
        #expect(read("买牛奶明天") == instant.day(after: 1))
        #expect(read("牛乳を買う明後日") == instant.day(after: 2))
        let weekday = instant.day(after: 3).weekday
        #expect(read("Dentist \(weekday.name)") == instant.day(after: 3), "the next \(weekday.name) after today")
    }
}

import Foundation
import Testing
import TodoCore
import TodoTestSupport

private func day(_ iso: String) -> CalendarDate { CalendarDate(iso: iso)! }

/// docs/specs/repeats.md: the rule of `Repeats`, at the Model layer.
@Suite("Repeats: the rule")
struct RepeatsRuleTests {
    /// Monday 2026-11-23 is "today" in the table.
    static let today = day("2026-11-23")

    @Test(
        "REPEAT-2 the next occurrence is due on the first repeat day after the due date, or after today",
        arguments: [
            // (due date, repeat days, expected)
            ("2026-11-23", "mon", "2026-11-30"),  // due today, a Monday: the next Monday (done-when)
            ("2026-11-23", "mon,wed", "2026-11-25"),  // the nearer of two days
            ("2026-11-23", "mon,tue,wed,thu,fri,sat,sun", "2026-11-24"),  // every day: tomorrow
            ("", "mon", "2026-11-30"),  // no due date: after today
            ("", "tue", "2026-11-24"),
            ("", "sun", "2026-11-29"),
            ("2026-11-16", "mon", "2026-11-30"),  // due in the past: after today, not another late one
            ("2026-11-11", "thu", "2026-11-26"),
            ("2026-11-22", "sat,sun", "2026-11-28"),  // due yesterday
            ("2026-11-27", "mon", "2026-11-30"),  // due in the future (checked early): after that date
            ("2026-11-27", "fri", "2026-12-04"),  // a whole week on
            ("2026-11-29", "mon", "2026-11-30"),  // across a week's end
            ("2026-12-31", "fri", "2027-01-01"),  // across a year's end
            ("2027-02-26", "mon", "2027-03-01"),  // across February's end
        ])
    func test_REPEAT_2_nextDueDateTable(_ due: String, _ days: String, _ expected: String) {
        let repeatDays = Set(days.split(separator: ",").map { Weekday(rawValue: String($0))! })
        let dueDate = due.isEmpty ? nil : day(due)
        #expect(Repeats.nextDueDate(after: dueDate, rule: .weekly(on: repeatDays), today: Self.today) == day(expected))
    }

    @Test("REPEAT-2 every combination of days, from every weekday: the first matching day of the next seven")
    func test_REPEAT_2_everyWeekdayCombination() {
        for mask in 1...127 {
            let days = Weekday.days(fromMask: mask)
            for offset in 0..<7 {
                let start = day("2026-11-23").adding(days: offset)
                let next = try! #require(Repeats.nextDueDate(after: start, rule: .weekly(on: days), today: day("2026-11-01")))
                #expect(next > start && next <= start.adding(days: 7), "\(days) from \(start)")
                #expect(days.contains(next.weekday))
                var between = start.adding(days: 1)
                while between < next {
                    #expect(!days.contains(between.weekday), "\(between) comes first for \(days)")
                    between = between.adding(days: 1)
                }
            }
        }
    }

    @Test("REPEAT-1 an item without a repeat has no next occurrence")
    func test_REPEAT_1_noDaysNoOccurrence() {
        let item = TodoItem(id: TestEnvironment.id(1), title: "Once", dueDate: Self.today, createdAt: TestEnvironment.referenceDate)
        #expect(Repeats.nextOccurrence(of: item, today: Self.today) == nil)
    }

    @Test("REPEAT-1 the next occurrence copies the fields, is not done, and leaves the place to the store")
    func test_REPEAT_1_occurrenceDraft() throws {
        let item = TodoItem(
            id: TestEnvironment.id(1), title: "Water plants", details: "the big ones", isDone: true,
            dueDate: Self.today, location: Location(name: "Home", latitude: 1, longitude: 2),
            project: Project(name: "House"), estimateMinutes: 15, repeatRule: .weekly(on: [.monday, .thursday]), position: 42,
            createdAt: TestEnvironment.referenceDate, completedAt: TestEnvironment.referenceDate, version: 3, number: 7)
        let draft = try #require(Repeats.nextOccurrence(of: item, today: Self.today))
        #expect(draft == TodoDraft(
            title: "Water plants", details: "the big ones", isDone: false, dueDate: day("2026-11-26"),
            location: Location(name: "Home", latitude: 1, longitude: 2), project: Project(name: "House"),
            estimateMinutes: 15, repeatRule: .weekly(on: [.monday, .thursday]), position: nil))
    }

    /// An item due on `due` with `rule`, checked on `checked`: its next occurrence's due date and rule.
    private func next(_ rule: String, due: String?, checked: String, afterCompletion: Bool = false) throws -> TodoDraft? {
        var repeatRule = try RepeatRule(rruleText: rule)
        repeatRule.afterCompletion = afterCompletion
        let item = TodoItem(
            id: TestEnvironment.id(1), title: "R", isDone: true, dueDate: due.map(day), repeatRule: repeatRule,
            createdAt: TestEnvironment.referenceDate, completedAt: TestEnvironment.referenceDate)
        return Repeats.nextOccurrence(of: item, today: day(checked))
    }

    @Test("REPEAT-14 any rule: the next date after the due date, anchored there; skipped days stay skipped")
    func test_REPEAT_14_anyRule() throws {
        #expect(try next("FREQ=MONTHLY", due: "2026-01-31", checked: "2026-01-31")?.dueDate == day("2026-03-31"))
        #expect(try next("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", due: "2026-12-01", checked: "2026-12-01")?.dueDate == day("2026-12-15"))
        #expect(try next("FREQ=MONTHLY;BYDAY=2TU", due: "2026-12-08", checked: "2026-12-07")?.dueDate == day("2027-01-12"))
        #expect(try next("FREQ=YEARLY", due: "2024-02-29", checked: "2024-02-29")?.dueDate == day("2028-02-29"))
        // Late: the first date after today, still on the rule's own days.
        #expect(try next("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", due: "2026-12-01", checked: "2026-12-20")?.dueDate == day("2026-12-29"))
        // Without a due date: from today.
        #expect(try next("FREQ=MONTHLY", due: nil, checked: "2026-11-30")?.dueDate == day("2026-12-30"))
    }

    @Test("REPEAT-14 after completion: from the day of the check, whatever the due date")
    func test_REPEAT_14_afterCompletion() throws {
        let draft = try #require(try next("FREQ=DAILY;INTERVAL=3", due: "2026-11-20", checked: "2026-11-30", afterCompletion: true))
        #expect(draft.dueDate == day("2026-12-03"))
        #expect(draft.repeatRule?.afterCompletion == true)
        #expect(try next("FREQ=WEEKLY;BYDAY=FR", due: nil, checked: "2026-12-02", afterCompletion: true)?.dueDate == day("2026-12-04"))
    }

    @Test("REPEAT-14 a count goes down by one; the last of a count or a date past UNTIL gives none")
    func test_REPEAT_14_ends() throws {
        let first = try #require(try next("FREQ=WEEKLY;COUNT=2", due: "2026-11-23", checked: "2026-11-23"))
        #expect(first.dueDate == day("2026-11-30") && first.repeatRule?.rruleText == "FREQ=WEEKLY;COUNT=1")
        #expect(try next("FREQ=WEEKLY;COUNT=1", due: "2026-11-30", checked: "2026-11-30") == nil)
        #expect(try next("FREQ=WEEKLY;UNTIL=20261129", due: "2026-11-23", checked: "2026-11-23") == nil)
        #expect(try next("FREQ=WEEKLY;UNTIL=20261130", due: "2026-11-23", checked: "2026-11-23")?.dueDate == day("2026-11-30"))
    }

    @Test(
        "REPEAT-15 a repeat without a due date is due on its first date from today",
        arguments: [
            // (rule, expected), today Monday 2026-11-23
            ("FREQ=DAILY", "2026-11-23"), ("FREQ=MONTHLY", "2026-11-23"), ("FREQ=WEEKLY;BYDAY=MO", "2026-11-23"),
            ("FREQ=WEEKLY;BYDAY=WE,FR", "2026-11-25"), ("FREQ=MONTHLY;BYMONTHDAY=1", "2026-12-01"),
            ("FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=5", "2027-03-05"), ("FREQ=DAILY;COUNT=1", "2026-11-23"),
        ])
    func test_REPEAT_15_dated(_ rule: String, _ expected: String) throws {
        let content = TodoContent(title: "Water the plants", repeatRule: try RepeatRule(rruleText: rule))
        #expect(Repeats.dated(content, today: Self.today).dueDate == day(expected))
    }

    @Test("REPEAT-15 a date given, no repeat, or a done item: left as it is")
    func test_REPEAT_15_leftAlone() {
        let given = TodoContent(title: "A", dueDate: day("2026-12-24"), repeatRule: RepeatRule(.daily))
        #expect(Repeats.dated(given, today: Self.today) == given)
        let once = TodoContent(title: "B")
        #expect(Repeats.dated(once, today: Self.today) == once)
        let done = TodoContent(title: "C", isDone: true, repeatRule: RepeatRule(.daily))
        #expect(Repeats.dated(done, today: Self.today) == done)
        let ended = TodoContent(title: "D", repeatRule: RepeatRule(.daily, end: .until(day("2026-11-01"))))
        #expect(Repeats.dated(ended, today: Self.today).dueDate == nil, "a series that has ended gives no date")
    }

    @Test("REPEAT-4 an item whose occurrence is still there spawns no other")
    func test_REPEAT_4_noSecondOccurrence() {
        let item = TodoItem(id: TestEnvironment.id(1), title: "R", repeatRule: .weekly(on: [.monday]), createdAt: TestEnvironment.referenceDate)
        let other = TodoItem(id: TestEnvironment.id(2), title: "R", repeatRule: .weekly(on: [.monday]), createdAt: TestEnvironment.referenceDate)
        #expect(Repeats.spawnsOccurrence(item, linked: nil))
        #expect(!Repeats.spawnsOccurrence(item, linked: other))
        #expect(!Repeats.spawnsOccurrence(TodoItem(id: TestEnvironment.id(3), title: "x", createdAt: .now), linked: nil))
    }

    @Test("REPEAT-3 unchecking removes the occurrence only the same day, and only while it is unchanged")
    func test_REPEAT_3_uncheckRemovesTable() {
        let utc = TimeZone(identifier: "UTC")!
        let checkedAt = Date(timeIntervalSince1970: 1_795_424_400)  // 2026-11-23 09:00 UTC, a Monday
        let checked = TodoItem(
            id: TestEnvironment.id(1), title: "R", isDone: true, repeatRule: .weekly(on: [.monday]), createdAt: checkedAt,
            completedAt: checkedAt)
        let fresh = TodoItem(id: TestEnvironment.id(2), title: "R", repeatRule: .weekly(on: [.monday]), createdAt: checkedAt)
        var edited = fresh
        edited.version = 2
        var done = fresh
        done.isDone = true
        let laterToday = checkedAt.addingTimeInterval(14 * 3600)  // 23:00 the same day
        let tomorrow = checkedAt.addingTimeInterval(15 * 3600)  // 00:00 the next day
        #expect(Repeats.uncheckRemoves(fresh, checked: checked, now: laterToday, timeZone: utc))
        #expect(!Repeats.uncheckRemoves(fresh, checked: checked, now: tomorrow, timeZone: utc))
        #expect(!Repeats.uncheckRemoves(edited, checked: checked, now: laterToday, timeZone: utc))
        #expect(!Repeats.uncheckRemoves(done, checked: checked, now: laterToday, timeZone: utc))
        // The day is the one of the store's time zone: 23:00 UTC is already tomorrow in Berlin.
        #expect(!Repeats.uncheckRemoves(fresh, checked: checked, now: laterToday, timeZone: TimeZone(identifier: "Europe/Berlin")!))
    }
}

/// docs/specs/numbers.md: the Model's side of stable numbers.
@Suite("Stable numbers: the rule")
struct ItemNumbersRuleTests {
    @Test("NUMBER-3 a REF of digits, with or without #, is a number; anything else is not",
          arguments: [("7", 7), ("#7", 7), ("#0012", 12), ("123456789", 123_456_789)] as [(String, Int)])
    func test_NUMBER_3_parse(_ text: String, _ number: Int) {
        #expect(ItemNumbers.parse(text) == number)
    }

    @Test("NUMBER-4 text that is not a number is not parsed as one",
          arguments: ["", "#", "##7", "7a", "a7", "#-1", "-1", "٣", "１", "#7 ", "1234567890123456789012"])
    func test_NUMBER_4_notNumbers(_ text: String) {
        #expect(ItemNumbers.parse(text) == nil)
    }

    private func write(_ number: Int, replacing old: Int? = nil) -> ImportPlan.Write {
        let date = TestEnvironment.referenceDate
        return ImportPlan.Write(
            item: TodoItem(id: UUID(), title: "x", createdAt: date, number: number),
            replacing: old.map { TodoItem(id: UUID(), title: "x", createdAt: date, number: $0) })
    }

    @Test("NUMBER-5 import keeps a never-given number, gives new ones on a clash or a given number, after the kept ones")
    func test_NUMBER_5_assignTable() {
        // next = 4: #1…#3 were given (some may be deleted).
        var writes = [write(9), write(0), write(9), write(2), write(4), write(0, replacing: 3)]
        var next = 4
        ItemNumbers.assign(&writes, next: &next)
        #expect(writes.map(\.item.number) == [9, 10, 11, 12, 4, 3])
        #expect(next == 13)
    }

    @Test("NUMBER-5 an import of only new numbered items into an empty list keeps them all")
    func test_NUMBER_5_keepsAllIntoEmptyList() {
        var writes = [write(3), write(1), write(7)]
        var next = 1
        ItemNumbers.assign(&writes, next: &next)
        #expect(writes.map(\.item.number) == [3, 1, 7])
        #expect(next == 8)
    }
}

import Foundation
import Testing
import TodoCore

/// An item's priority in the Model (docs/specs/priority.md): iCalendar's numbers and their
/// levels, the rule, the shared JSON and table shapes, plain words and search.
@Suite("Priority: the Model")
struct PriorityTests {
    private static let monday = CalendarDate(year: 2026, month: 11, day: 23)!

    @Test("PRIO-1 levels hold iCalendar's numbers: 1–4 high, 5 medium, 6–9 low, 0 none")
    func test_PRIO_1_levelsHoldICalendarNumbers() {
        let levels = (0...9).map { Priority(number: $0).level }
        #expect(levels == [nil, .high, .high, .high, .high, .medium, .low, .low, .low, .low])
        #expect(Priority.Level.allCases.map(\.priority.number) == [1, 5, 9])
        #expect(Priority.undefined.isUndefined && Priority(number: 0) == .undefined)
        #expect(Priority.Level.high < .medium && Priority.Level.medium < .low)
    }

    @Test("PRIO-1 choosing the level an item has keeps a client's number; another level gives its own")
    func test_PRIO_1_aClientsNumberIsKeptUntilAnotherLevelIsChosen() {
        let clients = Priority(number: 2)
        #expect(clients.keeping(Priority.Level.high.priority) == clients)
        #expect(clients.keeping(Priority.Level.low.priority) == Priority(number: 9))
        #expect(clients.keeping(.undefined) == .undefined)
        #expect(Priority.undefined.keeping(Priority.Level.medium.priority) == Priority(number: 5))
    }

    @Test("PRIO-2 a number outside 0…9 is refused with the rule's sentence; in range is kept")
    func test_PRIO_2_theRuleRefusesNumbersOutsideTheScale() throws {
        for number in [10, -1, 1_000] {
            #expect(throws: TodoValidationError.priorityOutOfRange(number)) {
                try TodoDraft(title: "Pay rent", priority: Priority(number: number)).validated()
            }
        }
        #expect(TodoValidationError.priorityOutOfRange(12).errorDescription == "The priority 12 is outside 1 (highest) … 9 (lowest).")
        #expect(try TodoDraft(title: "Pay rent", priority: Priority(number: 7)).validated().priority == Priority(number: 7))
        #expect(throws: TodoValidationError.priorityOutOfRange(10)) { try TodoChanges(priority: Priority(number: 10)).validated() }
    }

    @Test("PRIO-3 a filter of levels matches by level, not number; no priority matches none of them")
    func test_PRIO_3_aFilterMatchesByLevel() {
        let date = Date(timeIntervalSince1970: 0)
        func item(_ number: Int) -> TodoItem {
            TodoItem(id: UUID(), title: "t\(number)", priority: Priority(number: number), createdAt: date)
        }
        let high = TodoFilter(priorities: [.high])
        #expect([0, 1, 3, 4, 5, 9].map { high.matches(item($0)) } == [false, true, true, true, false, false])
        let notHigh = TodoFilter(priorities: [.medium, .low])
        #expect([0, 2, 5, 6].map { notHigh.matches(item($0)) } == [false, false, true, true])
        #expect(!TodoFilter(priorities: [.low]).isWholeList)
        #expect(Priority.storedCondition([.low, .high], column: "p") == "(p BETWEEN 1 AND 4 OR p BETWEEN 6 AND 9)")
        #expect(Priority.storedCondition([], column: "p") == "FALSE")
    }

    @Test("PRIO-5 JSON writes the number or null, and reads numbers 0…9, level words and null")
    func test_PRIO_5_theSharedJSONShape() throws {
        let field = ItemField.priority
        #expect(field.id == "priority")
        #expect(field.json(TodoContent(title: "a", priority: Priority(number: 2))) == .int(2))
        #expect(field.json(TodoContent(title: "a")) == .null)
        func read(_ value: JSONValue?) throws(JSONFieldError) -> Priority {
            var content = TodoContent(title: "a", priority: Priority(number: 3))
            try field.read(value, into: &content)
            return content.priority
        }
        #expect(try read(.int(7)) == Priority(number: 7))
        #expect(try read(.int(0)) == .undefined)
        #expect(try read(.null) == .undefined)
        #expect(try read(nil) == .undefined)
        #expect(try read(.string("high")) == Priority(number: 1))
        #expect(try read(.string("Medium")) == Priority(number: 5))
        #expect(try read(.string("none")) == .undefined)
        #expect(throws: JSONFieldError(.value, "“urgent” is not a priority: use high, medium, low, none or a number 0…9.")) {
            try read(.string("urgent"))
        }
        #expect(throws: JSONFieldError.type("priority", "a number 1…9, a word such as \"high\", or null", .bool(true))) {
            try read(.bool(true))
        }
    }

    @Test("PRIO-6 a table's cell: words for 1, 5 and 9, the number for the others, blank for none")
    func test_PRIO_6_tableCells() throws {
        let field = ItemField.priority
        #expect([1, 5, 9, 2, 7, 0].map { field.texts(TodoContent(title: "a", priority: Priority(number: $0))) }
            == [["high"], ["medium"], ["low"], ["2"], ["7"], [""]])
        func read(_ text: String?) throws(TextFieldError) -> Priority {
            var content = TodoContent(title: "a")
            try field.read(texts: [text], into: &content)
            return content.priority
        }
        #expect(try read("low") == Priority(number: 9))
        #expect(try read("3") == Priority(number: 3))
        #expect(try read("0") == .undefined)
        #expect(try read(nil) == .undefined)
        #expect(throws: TextFieldError.notA(cell: 0, expected: "a priority: high, medium, low or a number 0…9")) { try read("12") }
    }

    @Test("PRIO-11 plain words: !high, !med, !low, !1–!3, full-width and 高中低, wherever they stand",
          arguments: [
              ("Pay rent !high", "Pay rent", Priority.Level.high, "!high"),
              ("!low Water the plants", "Water the plants", .low, "!low"),
              ("Call mom !med tomorrow", "Call mom", .medium, "!med"),
              ("File taxes !1", "File taxes", .high, "!1"),
              ("File taxes !3", "File taxes", .low, "!3"),
              ("买牛奶 !高", "买牛奶", .high, "!高"),
              ("牛乳を買う ！低", "牛乳を買う", .low, "！低"),
              ("Backup ！２", "Backup", .medium, "！２"),
              ("Pay rent !HIGH", "Pay rent", .high, "!HIGH"),
          ])
    func test_PRIO_11_plainWordsReadPriorities(_ input: String, _ title: String, _ level: Priority.Level, _ words: String) {
        let reading = PlainWords.read(input, today: Self.monday)
        #expect(reading.title == title)
        #expect(reading.priority == level)
        #expect(reading.pieces.contains(PlainWordsReading.Piece(.priority, words)))
    }

    @Test("PRIO-11 what is not a priority stays text: a sign inside or after a word, other words, quotes",
          arguments: ["Wow!", "Now!! today", "Read !important", "Say \"!high\" loud", "!high5", "! high", "Win!high"])
    func test_PRIO_11_otherWordsStayText(_ input: String) {
        let reading = PlainWords.read(input, today: Self.monday)
        #expect(reading.priority == nil)
        #expect(!reading.pieces.contains { $0.kind == .priority })
    }

    @Test("PRIO-11 the last priority written wins; an earlier one stays in the title")
    func test_PRIO_11_theLastOneWins() {
        let reading = PlainWords.read("Plan trip !low !high", today: Self.monday)
        #expect(reading.priority == .high)
        #expect(reading.title == "Plan trip !low")
    }

    @Test("PRIO-13 a search's priority signs are a filter, the other words the text to find")
    func test_PRIO_13_searchSignsAreAFilter() {
        let filter = PlainWords.searchFilter("milk !high  oat")
        #expect(filter.text == "milk oat")
        #expect(filter.priorities == [.high])
        #expect(PlainWords.searchFilter("!low !高").priorities == [.low, .high])
        #expect(PlainWords.searchFilter("!low !高").text == "")
        let plain = PlainWords.searchFilter("Wow! !important")
        #expect(plain.priorities == nil)
        #expect(plain.text == "Wow! !important")
    }
}

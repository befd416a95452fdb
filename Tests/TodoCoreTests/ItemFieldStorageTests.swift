import Foundation
import Testing
@testable import TodoCore

/// Issue 32: each field's stored form (`StoredFieldValue`), from which both stores lay out,
/// write and read an item's columns.
@Suite("An item's fields as a database stores them")
struct ItemFieldStorageTests {
    /// Stored values in a row, as a store reads them.
    struct Row: StoredRow {
        var values: [StoredValue]
        func text(at index: Int) -> String? {
            if case .text(let text) = values[index] { text } else { nil }
        }
        func integer(at index: Int) -> Int64? {
            if case .integer(let number) = values[index] { number } else { nil }
        }
        func flag(at index: Int) -> Bool? { integer(at: index).map { $0 != 0 } }
        func real(at index: Int) -> Double? {
            if case .real(let number) = values[index] { number } else { nil }
        }
    }

    static let full = TodoContent(
        title: "Buy milk", details: "Two litres", isDone: true, dueDate: CalendarDate(iso: "2026-03-14"),
        location: Location(name: "Shop", latitude: 48.5, longitude: -2.25), project: Project(name: "Home"),
        estimateMinutes: 45, repeatRule: .weekly(on: [.monday, .friday]), priority: Priority(number: 7), tags: ["errands", "家"])

    @Test("every field stores one value per column and reads back what it stored, filled or empty")
    func roundTrip() throws {
        for content in [Self.full, TodoContent(title: "Bare")] {
            var values: [StoredValue] = []
            for field in ItemField.all {
                let before = values.count
                field.store(content, into: &values)
                #expect(values.count - before == field.storedColumns.count, "\(field)")
            }
            var read = TodoContent(title: "")
            var index = 0
            for field in ItemField.all {
                try field.load(from: Row(values: values), at: index, into: &read)
                index += field.storedColumns.count
            }
            #expect(read == content)
        }
    }

    @Test("the stored names: camelCase, a location in three columns, a flag and a day of their own kinds")
    func names() {
        #expect(ItemField.all.flatMap(\.storedColumns).map(\.name) == [
            "title", "details", "isDone", "dueDate", "locationName", "locationLatitude", "locationLongitude",
            "project", "estimateMinutes", "repeatRule", "repeatAfterCompletion", "priority", "tags", "parent", "dueTime",
        ])
        #expect(ItemField.isDone.storedColumns == [StoredColumn("isDone", .boolean)])
        #expect(ItemField.dueDate.storedColumns == [StoredColumn("dueDate", .date)])
        #expect(ItemField.repeatRule.storedColumns == [StoredColumn("repeatRule", .text), StoredColumn("repeatAfterCompletion", .boolean)])
    }

    @Test("REPEAT-13 the stored values: a day as YYYY-MM-DD, a repeat as its RRULE text and a flag, a flag as 0 or 1")
    func values() {
        var values: [StoredValue] = []
        for field in [ItemField.dueDate, .repeatRule, .isDone, .location] { field.store(Self.full, into: &values) }
        #expect(values == [
            .text("2026-03-14"), .text("FREQ=WEEKLY;BYDAY=MO,FR"), .integer(0), .integer(1),
            .text("Shop"), .real(48.5), .real(-2.25),
        ])
    }

    @Test("a required field's NULL is refused, with its column named")
    func requiredNull() {
        var content = TodoContent(title: "")
        #expect(throws: StoredFieldError(column: "title")) {
            try ItemField.title.load(from: Row(values: [.null]), at: 0, into: &content)
        }
    }
}

extension ItemFieldStorageTests {
    @Test("REPEAT-13 a stored rule's text reads as its rule, from the kept rules or anew, past their capacity too")
    func storedRulesReadAlike() {
        let texts = (1...(StoredRules.capacity + 44)).map { "FREQ=DAILY;INTERVAL=\($0 % 999 + 1);COUNT=\($0 % 7 + 2)" }
        for _ in 0..<2 {
            for text in texts { #expect(StoredRules.shared.rule(text) == (try? RepeatRule(rruleText: text))) }
        }
        #expect(StoredRules.shared.rule("FREQ=NEVER") == nil)
    }
}

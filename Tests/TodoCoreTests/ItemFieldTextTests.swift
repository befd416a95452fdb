import Foundation
import Testing
@testable import TodoCore

/// Issue 32: each field's text form (`TextFieldValue`), from which CSV lays out its columns,
/// and the rule of a whole number in a range.
@Suite("Item fields as text")
struct ItemFieldTextTests {
    let full = TodoContent(
        title: "=SUM(A1)", details: "two\nlines", isDone: true, dueDate: CalendarDate(iso: "2026-12-01"),
        location: Location(name: "Lab", latitude: -33.5, longitude: 151), project: Project(name: "Home"),
        estimateMinutes: 90, repeatRule: .weekly(on: [.friday, .monday]), priority: Priority(number: 2), tags: ["errands", "家"],
        parent: UUID(text: "0a1b2c3d-0000-4000-8000-00000000000f"), dueTime: TimeOfDay(hour: 7, minute: 5))

    func read(_ texts: [[String?]]) throws(TextFieldError) -> TodoContent {
        var content = TodoContent(title: "")
        for (field, cells) in zip(ItemField.all, texts) { try field.read(texts: cells, into: &content) }
        return content
    }

    @Test("every field's texts read back as its value; empty cells are its default")
    func test_roundTrip() throws {
        let texts = ItemField.all.map { $0.texts(full) }
        #expect(texts == [
            ["=SUM(A1)"], ["two\nlines"], ["true"], ["2026-12-01"], ["Lab", "-33.5", "151"], ["Home"], ["90"], ["FREQ=WEEKLY;BYDAY=MO,FR", "false"],
            ["2"], ["errands, 家"], ["0a1b2c3d-0000-4000-8000-00000000000f"], ["07:05"],
        ])
        #expect(try read(texts) == full)
        #expect(try read(ItemField.all.map { $0.textCells.map { _ in nil } }) == TodoContent(title: ""))
        #expect(ItemField.all.flatMap(\.textCells) == [
            "title", "details", "completed", "dueDate", "location", "latitude", "longitude", "project",
            "estimateMinutes", "repeat", "repeatAfterCompletion", "priority", "tags", "parent", "dueTime",
        ])
        #expect(ItemField.all.filter(\.isFreeText) == [.title, .details, .location, .project])
    }

    @Test("a cell that holds no value names the cell and what it must be, in the field's own words")
    func test_refusals() {
        func refusal(_ field: ItemField, _ texts: [String?]) -> TextFieldError? {
            var content = TodoContent(title: "")
            do { try field.read(texts: texts, into: &content) } catch { return error }
            return nil
        }
        #expect(refusal(.isDone, ["maybe"]) == .notA(cell: 0, expected: "true or false"))
        #expect(refusal(.estimateMinutes, ["soon"]) == .notA(cell: 0, expected: "a whole number of minutes"))
        #expect(refusal(.location, ["Lab", "north", nil]) == .notA(cell: 1, expected: "a number"))
        #expect(refusal(.location, [nil, "1", "2"])
            == .sentence("a latitude or longitude needs a location name in the “location” column."))
        #expect(refusal(.repeatRule, ["mon funday", nil]) == .notA(cell: 0, expected: "a repeat rule such as “FREQ=WEEKLY;BYDAY=MO”"))
        #expect(refusal(.repeatRule, [nil, "true"]) == .sentence("“repeatAfterCompletion” needs a rule in the “repeat” column."))
    }

    @Test("a whole number's rule: nil and the range pass, the rest is refused naming the field")
    func test_wholeNumberRule() throws {
        let rule = TodoRules.wholeNumber(in: 1...9, field: "priority")
        #expect(try rule(nil) == nil && rule(1) == 1 && rule(9) == 9)
        #expect(throws: TodoValidationError.outOfRange(field: "priority", value: 10, range: 1...9)) { try rule(10) }
        #expect(TodoValidationError.outOfRange(field: "priority", value: 0, range: 1...9).errorDescription
            == "The priority 0 is outside 1…9.")
    }
}

import Foundation
import Testing
import TodoCore
import TodoInterop
import TodoTestSupport

/// HARDEN-22: one import takes at most `TodoRules.maxImportItems` items, in every format.
@Suite("Hardening: import bounds")
struct ImportBoundsTests {
    private static let sentence = "The file has more than 100,000 items, the most one import takes; split it into parts and import each."

    /// `count` lines of `line`, after `header`.
    private func lines(_ line: String, count: Int, header: String = "") -> String {
        var text = header
        text.reserveCapacity(header.utf8.count + count * (line.utf8.count + 1))
        for _ in 0..<count { text += line + "\n" }
        return text
    }

    @Test("HARDEN-22 a file of more than 100,000 items is refused with a sentence naming the limit", arguments: [
        InteropFormat.csv, .todotxt, .taskwarrior,
    ])
    func test_HARDEN_22_tooMany(_ format: InteropFormat) throws {
        let text = switch format {
        case .csv: lines("a", count: TodoRules.maxImportItems + 1, header: "title\n")
        case .taskwarrior: lines(#"{"description":"a"}"#, count: TodoRules.maxImportItems + 1)
        default: lines("a", count: TodoRules.maxImportItems + 1)
        }
        #expect(throws: TodoFormatError(nil, TodoRules.tooManyImportItems + ".")) {
            _ = try format.codec().decode(text)
        }
        #expect(TodoFormatError(nil, TodoRules.tooManyImportItems + ".").errorDescription == Self.sentence)
    }

    @Test("HARDEN-22 a file of exactly 100,000 items is read")
    func test_HARDEN_22_atTheLimit() throws {
        let text = lines("a", count: TodoRules.maxImportItems, header: "title\n")
        #expect(try InteropFormat.csv.codec().decode(text).count == TodoRules.maxImportItems)
    }

    @Test("HARDEN-22 the store's import plan refuses more than 100,000 items too")
    func test_HARDEN_22_plan() throws {
        let imported = (0...TodoRules.maxImportItems).map { index in
            ImportedItem(
                item: TodoItem(id: UUID(), title: "a", position: 0, createdAt: TestEnvironment.referenceDate),
                origin: "line \(index + 2)")
        }
        #expect(throws: TodoImportError(origin: "line 100002", reason: TodoRules.tooManyImportItems + ".")) {
            _ = try ImportPlan(imported, existing: [:], edges: .init(firstToDo: nil, lastToDo: nil, firstDone: nil), now: TestEnvironment.referenceDate)
        }
    }
}

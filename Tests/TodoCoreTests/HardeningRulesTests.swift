import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// The Model's side of docs/specs/hardening.md: every number from outside has one range, and
/// nothing computed from a stored value can trap.
@Suite("Hardening: the model's ranges")
struct HardeningRulesTests {
    private let now = TestEnvironment.referenceDate

    private func item(version: Int = 1, position: Double = 0) -> TodoItem {
        TodoItem(id: TestEnvironment.id(1), title: "m", position: position, createdAt: now, version: version)
    }

    // MARK: HARDEN-1

    @Test("HARDEN-1 a change to an item at the highest version starts its count again at 1")
    func test_HARDEN_1_versionWrapsInsteadOfTrapping() throws {
        let top = item(version: TodoRules.versionRange.upperBound)
        let changed = try #require(top.applying(TodoChanges(title: "bump"), now: now))
        #expect(changed.version == 1)
        #expect(try #require(item(version: 41).applying(TodoChanges(title: "x"), now: now)).version == 42)
    }

    @Test("HARDEN-1 an imported version outside 1…2^53−1 is refused with the range in the sentence")
    func test_HARDEN_1_importedVersionOutOfRangeIsRefused() throws {
        for version in [Int.max, TodoRules.versionRange.upperBound + 1, 0, -5] {
            let imported = ImportedItem(item: item(version: version), given: .all, origin: "item 1")
            #expect {
                try ImportPlan([imported], existing: [:], edges: .init(firstToDo: nil, lastToDo: nil, firstDone: nil), now: now)
            } throws: { error in
                (error as? TodoImportError)?.reason.contains("outside 1…9007199254740991") == true
            }
        }
        let top = ImportedItem(item: item(version: TodoRules.versionRange.upperBound), given: .all, origin: "item 1")
        let plan = try ImportPlan([top], existing: [:], edges: .init(firstToDo: nil, lastToDo: nil, firstDone: nil), now: now)
        #expect(plan.writes.first?.item.version == TodoRules.versionRange.upperBound)
    }

    @Test("HARDEN-1 updating a stored item at the highest version by import does not trap")
    func test_HARDEN_1_importOverTopVersionDoesNotTrap() throws {
        let stored = item(version: TodoRules.versionRange.upperBound)
        var changed = stored
        changed.title = "new title"
        let imported = ImportedItem(item: changed, given: [.position, .createdAt], origin: "item 1")
        let plan = try ImportPlan(
            [imported], existing: [stored.id: stored], edges: .init(firstToDo: 0, lastToDo: 0, firstDone: nil), now: now)
        #expect(plan.writes.first?.item.version == 1)
    }

    @Test("HARDEN-1 imported timestamps outside the years 1…9999 are refused")
    func test_HARDEN_1_importedTimestampsOutOfRangeAreRefused() throws {
        var bad = item()
        bad.createdAt = Date(timeIntervalSince1970: 1e15)
        #expect {
            try ImportPlan(
                [ImportedItem(item: bad, given: .all, origin: "line 2")], existing: [:],
                edges: .init(firstToDo: nil, lastToDo: nil, firstDone: nil), now: now)
        } throws: { error in
            (error as? TodoImportError)?.reason == "The creation date must lie between the years 1 and 9999."
        }
    }

    @Test("HARDEN-1 a date far outside the range is held at its end, never trapping in the conversion")
    func test_HARDEN_1_timestampConversionDoesNotTrap() {
        #expect(Timestamp.milliseconds(Date(timeIntervalSince1970: 1e300)) == TodoRules.timestampRange.upperBound)
        #expect(Timestamp.milliseconds(Date(timeIntervalSince1970: -.infinity)) == TodoRules.timestampRange.lowerBound)
        #expect(Timestamp.milliseconds(Date(timeIntervalSince1970: .nan)) == TodoRules.timestampRange.lowerBound)
        #expect(Timestamp.milliseconds(Date(timeIntervalSince1970: 1.5)) == 1500)
    }

    @Test(
        "HARDEN-1 estimates whose numbers would overflow are refused like any over a week",
        arguments: ["99999999999999999999h", "9223372036854775807m9m", "153722867280912931h", "10081", "168h1m", "1h10080m"])
    func test_HARDEN_1_hugeEstimatesAreRefused(_ text: String) {
        #expect(Estimate.minutes(from: text) == nil)
    }

    @Test("HARDEN-1 estimates inside the week still parse")
    func test_HARDEN_1_estimatesInRangeParse() {
        #expect(Estimate.minutes(from: "168h") == 10_080)
        #expect(Estimate.minutes(from: "1h30m") == 90)
        #expect(Estimate.minutes(from: "10080m") == 10_080)
    }

    // MARK: HARDEN-8

    @Test("HARDEN-8 a title is measured in code points: 500 é + 10 combining marks each is refused")
    func test_HARDEN_8_titleLengthCountsCodePoints() throws {
        let heavy = String(repeating: "e\u{301}" + String(repeating: "\u{300}", count: 10), count: 500)
        #expect(heavy.count == 500)  // what the old rule counted, and let through
        #expect(throws: TodoValidationError.titleTooLong(length: 6000)) { try TodoRules.title(heavy) }
        let atLimit = String(repeating: "é", count: TodoRules.maxTitleLength)
        #expect(try TodoRules.title(atLimit) == atLimit)
        #expect(throws: TodoValidationError.titleTooLong(length: 501)) { try TodoRules.title(atLimit + "x") }
    }

    @Test("HARDEN-8 details and names are measured in code points too")
    func test_HARDEN_8_otherLengthsCountCodePoints() {
        let combining = "a" + String(repeating: "\u{301}", count: TodoRules.maxNameLength)
        #expect(combining.count == 1)
        #expect(throws: TodoValidationError.projectNameTooLong(length: 201)) { try TodoRules.project(Project(name: combining)) }
        #expect(throws: TodoValidationError.locationNameTooLong(length: 201)) { try TodoRules.location(Location(name: combining)) }
        let details = "a" + String(repeating: "\u{301}", count: TodoRules.maxDetailsLength)
        #expect(throws: TodoValidationError.detailsTooLong(length: 10_001)) { try TodoRules.details(details) }
    }

    // MARK: HARDEN-9

    @Test("HARDEN-9 an order outside ±10^12 is refused; one inside is kept exactly")
    func test_HARDEN_9_positionRange() throws {
        #expect(throws: TodoValidationError.positionOutOfRange(-1e16)) { try TodoDraft(title: "a", position: -1e16).validated() }
        #expect(throws: TodoValidationError.positionOutOfRange(1e12 + 1)) { try TodoChanges(position: 1e12 + 1).validated() }
        #expect(try TodoDraft(title: "a", position: -1e12).validated().position == -1e12)
        #expect(
            TodoValidationError.positionOutOfRange(-1e16).errorDescription
                == "The order -10000000000000000 is outside -1000000000000…1000000000000.")
    }

    @Test("HARDEN-9 inside the range, the edge arithmetic is exact: p − 1 and p + 1 differ from p")
    func test_HARDEN_9_edgeArithmeticIsExactInRange() {
        for edge in [TodoRules.positionRange.lowerBound, TodoRules.positionRange.upperBound, -5e11, 5e11, 0.1] {
            #expect(Ordering.before(edge) < edge)
            #expect(Ordering.after(edge) > edge)
        }
        #expect(Ordering.before(-1e16) == -1e16)  // why the range exists: out there, p − 1 == p
    }

    // MARK: HARDEN-7

    @Test("HARDEN-7 a list cursor survives its text form exactly and refuses anything else")
    func test_HARDEN_7_cursorText() throws {
        let cursor = ListCursor(isDone: true, position: -0.1234567890123, id: TestEnvironment.id(7))
        #expect(ListCursor(text: cursor.text) == cursor)
        for bad in ["", "x", "2.0.\(TestEnvironment.id(1))", "0.zz.\(TestEnvironment.id(1))", "0.0.not-an-id",
                    "0.\(String((1e16).bitPattern, radix: 16)).\(TestEnvironment.id(1).uuidString)"] {
            #expect(ListCursor(text: bad) == nil, "\(bad)")
        }
    }
}

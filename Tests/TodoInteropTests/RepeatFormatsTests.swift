import Foundation
import Testing
import TodoCore
import TodoInterop
import TodoTestSupport

/// An item's repeat rule in every file format (docs/specs/repeats.md, REPEAT-16), beyond the
/// fixtures every format's round trip carries.
@Suite("Repeats: formats")
struct RepeatFormatsTests {
    static let rules: [RepeatRule] = [
        .weekly(on: [.monday, .thursday]),
        RepeatRule(.monthly, days: [RepeatRule.Day(.tuesday, nth: 2)]),
        RepeatRule(.daily, interval: 3, afterCompletion: true),
        RepeatRule(.monthly, monthDays: [-1], end: .count(12), afterCompletion: true),
        try! RepeatRule(rruleText: "FREQ=YEARLY;BYWEEKNO=20;X-NAME=kept;UNTIL=20301231T235959Z"),
    ]

    private func items() -> [TodoItem] {
        Self.rules.enumerated().map { index, rule in
            TodoItem(
                id: TestEnvironment.id(index + 1), title: "Item \(index)", dueDate: CalendarDate(iso: "2026-12-01"),
                repeatRule: rule, createdAt: InteropFixtures.at("2026-11-20T08:00:00Z"))
        }
    }

    @Test("REPEAT-16 every format gives every rule back, after completion and kept parts included",
          arguments: InteropFormat.allCases)
    func test_REPEAT_16_roundTrip(_ format: InteropFormat) throws {
        let codec = format.codec(options())
        let back = try codec.decode(try codec.encode(items())).map(\.item.repeatRule)
        #expect(back == Self.rules)
    }

    @Test("REPEAT-16 JSON: the repeat member, and an earlier version's repeatDays")
    func test_REPEAT_16_json() throws {
        let codec = JSONFormat(options())
        let text = try codec.encode([items()[2]])
        #expect(text.contains(#""repeat" : {"#) && text.contains(#""rule" : "FREQ=DAILY;INTERVAL=3""#))
        #expect(text.contains(#""afterCompletion" : true"#))
        let old = try codec.decode(#"[{"title": "Gym", "repeatDays": ["mon", "wed"]}, {"title": "Never", "repeatDays": []}]"#)
        #expect(old.map(\.item.repeatRule) == [.weekly(on: [.monday, .wednesday]), nil])
        #expect(throws: TodoFormatError.self) { try codec.decode(#"[{"title": "A", "repeat": {"rule": "FREQ=SOMETIMES"}}]"#) }
    }

    @Test("REPEAT-16 CSV: an earlier version's repeatDays column is the weekly rule on its days")
    func test_REPEAT_16_csvLegacy() throws {
        let codec = CSVFormat(options())
        let old = try codec.decode("title,repeatDays\r\nGym,mon wed\r\nRead,\r\n")
        #expect(old.map(\.item.repeatRule) == [.weekly(on: [.monday, .wednesday]), nil])
        #expect(throws: TodoFormatError.self) { try codec.decode("title,repeatDays\r\nGym,mon funday\r\n") }
    }

    @Test("REPEAT-16 todo.txt: rec: as other tools write it, rrule: for the rest, repeat: of earlier files")
    func test_REPEAT_16_todoTxt() throws {
        let codec = TodoTxtFormat(options())
        let lines = try codec.encode(items()).split(separator: "\n").map(String.init)
        #expect(lines[0].contains(" rrule:FREQ=WEEKLY;BYDAY=MO,TH "))
        #expect(lines[2].contains(" rec:3d ") && !lines[2].contains("rrule"))
        #expect(lines[3].contains(" rrule:FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=12 rrule-from:completion "))
        let read = try codec.decode("Pay rent rec:+1m\nWater plants rec:2w\nCall mom rec:y\nGym repeat:mon,wed\n").map(\.item)
        #expect(read.map(\.repeatRule) == [
            RepeatRule(.monthly), RepeatRule(.weekly, interval: 2, afterCompletion: true), RepeatRule(.yearly, afterCompletion: true),
            .weekly(on: [.monday, .wednesday]),
        ])
        #expect(read.map(\.title) == ["Pay rent", "Water plants", "Call mom", "Gym"])
        #expect(throws: TodoFormatError.self) { try codec.decode("Pay rent rec:+1q\n") }
    }

    @Test("REPEAT-16 Taskwarrior: the rule's text in todorepeat, todorepeatfrom, and an earlier file's day list")
    func test_REPEAT_16_taskwarrior() throws {
        let codec = TaskwarriorFormat(options())
        let text = try codec.encode([items()[2]])
        #expect(text.contains(#""todorepeat":"FREQ=DAILY;INTERVAL=3""#) && text.contains(#""todorepeatfrom":"completion""#))
        let old = try codec.decode(#"[{"description": "Gym", "status": "pending", "todorepeat": "mon,wed"}]"#)
        #expect(old.first?.item.repeatRule == .weekly(on: [.monday, .wednesday]))
    }

    @Test("REPEAT-16 an .ics file: DTSTART is the due date, X-TODO-REPEAT-FROM beside the rule; a refused rule names its line")
    func test_REPEAT_16_icalendar() throws {
        let codec = ICalendarFormat(options())
        let lines = try codec.encode([items()[2]]).components(separatedBy: "\r\n")
        #expect(lines.contains("DTSTART;VALUE=DATE:20261201"))
        #expect(lines.contains("RRULE:FREQ=DAILY;INTERVAL=3") && lines.contains("X-TODO-REPEAT-FROM:COMPLETION"))
        let refused = ["BEGIN:VCALENDAR", "BEGIN:VTODO", "SUMMARY:a", "RRULE:FREQ=WEEKLY;COUNT=2;UNTIL=20270101", "END:VTODO", "END:VCALENDAR", ""]
        #expect {
            try codec.decode(refused.joined(separator: "\r\n"))
        } throws: { error in
            (error as? TodoFormatError)?.errorDescription?.contains("Line 4") == true
        }
    }
}

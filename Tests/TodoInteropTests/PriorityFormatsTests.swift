import Foundation
import Testing
import TodoCore
import TodoInterop
import TodoTestSupport

/// An item's priority in every file format and in CalDAV (docs/specs/priority.md, PRIO-6…9).
@Suite("Priority: formats")
struct PriorityFormatsTests {
    private func item(_ title: String, _ number: Int, done: Bool = false) -> TodoItem {
        let at = InteropFixtures.at("2026-11-20T08:00:00Z")
        return TodoItem(
            id: UUID(), title: title, isDone: done, priority: Priority(number: number), createdAt: at, completedAt: done ? at : nil)
    }

    private func decoded(_ codec: any TodoFormat, _ text: String) throws -> [Priority] {
        try codec.decode(text).map(\.item.priority)
    }

    @Test("PRIO-6 CSV: the priority column round-trips a level's word and a client's number; a wrong cell names its row")
    func test_PRIO_6_csv() throws {
        let codec = CSVFormat(options())
        let items = [item("a", 1), item("b", 2), item("c", 0), item("d", 9)]
        let text = try codec.encode(items)
        #expect(text.components(separatedBy: "\r\n").first?.contains("priority") == true)
        #expect(try decoded(codec, text) == items.map(\.priority))
        let header = "title,priority\r\n"
        #expect(try decoded(codec, header + "x,medium\r\ny,7\r\nz,\r\n") == [Priority(number: 5), Priority(number: 7), .undefined])
        #expect(throws: TodoFormatError.self) { try codec.decode(header + "x,urgent\r\n") }
    }

    @Test("PRIO-7 iCalendar files: PRIORITY:n both ways, none written as no PRIORITY, a wrong value refused with its line")
    func test_PRIO_7_icalendarFiles() throws {
        let codec = ICalendarFormat(options())
        let items = [item("a", 2), item("b", 0), item("c", 9)]
        let text = try codec.encode(items)
        #expect(text.components(separatedBy: "\r\n").filter { $0.hasPrefix("PRIORITY") } == ["PRIORITY:2", "PRIORITY:9"])
        #expect(try decoded(codec, text) == items.map(\.priority))
        let broken = text.replacingOccurrences(of: "PRIORITY:2", with: "PRIORITY:12")
        #expect(throws: TodoFormatError.self) { try codec.decode(broken) }
    }

    @Test("PRIO-7 CalDAV: a client's PRIORITY:2 is read as high and written back as 2; PRIORITY:0 is none")
    func test_PRIO_7_caldavKeepsTheClientsNumber() throws {
        func body(_ priority: String) -> String {
            ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VTODO", "UID:prio-1", "SUMMARY:Pay rent",
             "DTSTAMP:20261120T080000Z", priority, "END:VTODO", "END:VCALENDAR", ""].joined(separator: "\r\n")
        }
        let read = try CalDAVTodoCodec.read(body("PRIORITY:2"), timeZone: testUTC)
        #expect(read.content.priority == Priority(number: 2))
        #expect(read.content.priority.level == .high)
        #expect(!read.kept.contains("PRIORITY"), "a mapped property is not kept verbatim as well")
        var stored = item("Pay rent", 2)
        let written = CalDAVTodoCodec.write(stored, uid: read.uid, kept: read.kept, timeZone: testUTC)
        #expect(written.components(separatedBy: "\r\n").filter { $0.hasPrefix("PRIORITY") } == ["PRIORITY:2"])
        stored.priority = .undefined
        let cleared = CalDAVTodoCodec.write(stored, uid: read.uid, kept: read.kept, timeZone: testUTC)
        #expect(!cleared.contains("PRIORITY"))
        #expect(try CalDAVTodoCodec.read(body("PRIORITY:0"), timeZone: testUTC).content.priority == .undefined)
        #expect(throws: CalDAVTodoError.self) { try CalDAVTodoCodec.read(body("PRIORITY:high"), timeZone: testUTC) }
    }

    @Test("PRIO-8 todo.txt: (A) (B) (C) before the creation date, (D)…(Z) read as low, pri:A on a done line")
    func test_PRIO_8_todoTxt() throws {
        let codec = TodoTxtFormat(options())
        #expect(codec.line(item("Pay rent", 2)).hasPrefix("(A) 2026-11-20 Pay rent "))
        #expect(codec.line(item("Backup", 5)).hasPrefix("(B) 2026-11-20 Backup "))
        #expect(codec.line(item("Dust", 9)).hasPrefix("(C) 2026-11-20 Dust "))
        #expect(codec.line(item("None", 0)).hasPrefix("2026-11-20 None "))
        let done = codec.line(item("Filed", 1, done: true))
        #expect(done.hasPrefix("x 2026-11-20 2026-11-20 Filed ") && done.contains(" pri:A "))
        let read = try codec.decode("(A) Call mom\n(B) 2026-11-01 Backup\n(F) Dust\nx 2026-11-02 Filed pri:B\nPlain (A) text\n")
        #expect(read.map(\.item.title) == ["Call mom", "Backup", "Dust", "Filed", "Plain (A) text"])
        #expect(read.map(\.item.priority.number) == [1, 5, 9, 5, 0])
        #expect(throws: TodoFormatError.line(1, "pri:1 is not a priority letter A…Z.")) { try codec.decode("x Filed pri:1\n") }
    }

    @Test("PRIO-9 Taskwarrior: priority H, M, L both ways; none written as no priority; another letter refused")
    func test_PRIO_9_taskwarrior() throws {
        let codec = TaskwarriorFormat(options())
        let text = try codec.encode([item("a", 3), item("b", 5), item("c", 6), item("d", 0)])
        #expect(text.components(separatedBy: "\"priority\":\"").dropFirst().map { $0.prefix(1) } == ["H", "M", "L"])
        #expect(try decoded(codec, text).map(\.number) == [1, 5, 9, 0])
        #expect(throws: TodoFormatError.self) {
            try codec.decode(#"[{"description":"x","status":"pending","priority":"X"}]"#)
        }
    }
}

import Foundation
import Testing
import TodoCore
import TodoInterop
import TodoTestSupport

/// docs/specs/times.md, TIME-8 (and TIME-4 over CalDAV): the due time in every format, in the
/// zone of the list (the CalDAV owner's, the import or export's). The zones are given, never the
/// machine's.
@Suite("TIME-8 the due time in CalDAV, .ics, todo.txt, Taskwarrior, JSON and CSV")
struct DueTimeFormatsTests {
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    static let newYork = TimeZone(identifier: "America/New_York")!

    static func day(_ iso: String) -> CalendarDate { CalendarDate(iso: iso)! }
    static func time(_ text: String) -> TimeOfDay { TimeOfDay(text: text)! }

    /// A resource body: a VCALENDAR with `calendar` lines and one VTODO with `lines`.
    static func body(_ lines: [String], calendar: [String] = []) -> String {
        CalDAVSamples.body(
            ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tests//EN"] + calendar
                + ["BEGIN:VTODO", "UID:t", "DTSTAMP:20261121T083000Z", "SUMMARY:Call"] + lines + ["END:VTODO", "END:VCALENDAR"])
    }

    /// The item a server stores for a resource it read.
    static func item(_ todo: CalDAVTodo) -> TodoItem {
        TodoItem(
            id: UUID(uuidString: "6f1c7a52-3b1e-4c8e-9a3d-2f4b5c6d7e11")!, content: todo.content,
            createdAt: InteropFixtures.at("2026-11-20T08:00:00Z"), updatedAt: InteropFixtures.at("2026-11-21T09:30:00Z"))
    }

    /// An item made elsewhere, due on `date` at `time`.
    static func item(_ date: String, _ time: String?, repeating rule: RepeatRule? = nil) -> TodoItem {
        TodoItem(
            id: UUID(uuidString: "6f1c7a52-3b1e-4c8e-9a3d-2f4b5c6d7e12")!, title: "Call the dentist", dueDate: day(date),
            repeatRule: rule, dueTime: time.map(Self.time), createdAt: InteropFixtures.at("2026-11-20T08:00:00Z"),
            updatedAt: InteropFixtures.at("2026-11-21T09:30:00Z"))
    }

    /// The VTODO's DUE and DTSTART lines of a body, unfolded.
    static func dates(_ text: String) -> [String] {
        let lines = text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
        guard let begin = lines.firstIndex(of: "BEGIN:VTODO") else { return [] }
        return lines[begin...].filter { $0.hasPrefix("DUE") || $0.hasPrefix("DTSTART") }
    }

    /// A Tokyo-standard-time zone only the resource's VTIMEZONE defines.
    static let tokyoStandard = [
        "BEGIN:VTIMEZONE", "TZID:Tokyo Standard Time", "BEGIN:STANDARD", "DTSTART:16010101T000000",
        "TZOFFSETFROM:+0900", "TZOFFSETTO:+0900", "END:STANDARD", "END:VTIMEZONE",
    ]

    // MARK: - CalDAV: reading

    @Test("TIME-8 CalDAV: a UTC, TZID, VTIMEZONE or floating DUE is the day and time it is in the owner's zone", arguments: [
        (tokyo, "DUE:20261230T060000Z", "2026-12-30", "15:00"),
        (tokyo, "DUE:20261230T230000Z", "2026-12-31", "08:00"),
        (tokyo, "DUE;TZID=Asia/Tokyo:20261230T150000", "2026-12-30", "15:00"),
        (tokyo, "DUE;TZID=America/New_York:20261230T010000", "2026-12-30", "15:00"),
        (tokyo, "DUE;TZID=Tokyo Standard Time:20261230T150000", "2026-12-30", "15:00"),
        (tokyo, "DUE:20261230T150000", "2026-12-30", "15:00"),
        (tokyo, "DUE;TZID=Mars/Olympus:20261230T150000", "2026-12-30", "15:00"),
        (newYork, "DUE:20261230T060000Z", "2026-12-30", "01:00"),
        (newYork, "DUE:20261230T030000Z", "2026-12-29", "22:00"),
        (newYork, "DUE:20260715T190000Z", "2026-07-15", "15:00"),
        (newYork, "DUE;TZID=Asia/Tokyo:20261230T150000", "2026-12-30", "01:00"),
        (newYork, "DUE;TZID=Tokyo Standard Time:20261230T150000", "2026-12-30", "01:00"),
        (newYork, "DUE:20261230T150000", "2026-12-30", "15:00"),
        (newYork, "DUE:20261230T150045Z", "2026-12-30", "10:00"),
    ])
    func test_TIME_8_calDAVReadsTheTime(_ zone: TimeZone, _ line: String, _ date: String, _ time: String) throws {
        let todo = try CalDAVTodoCodec.read(Self.body([line], calendar: Self.tokyoStandard), timeZone: zone)
        #expect(todo.dueDate == Self.day(date) && todo.dueTime == Self.time(time), "\(line) in \(zone.identifier)")
    }

    @Test("TIME-8 CalDAV: a DUE;VALUE=DATE, or a bare date, gives a day and no time", arguments: [
        "DUE;VALUE=DATE:20261230", "DUE:20261230", "DUE;VALUE=DATE;X-P=1:20261230",
    ])
    func test_TIME_8_calDAVDateHasNoTime(_ line: String) throws {
        for zone in [Self.tokyo, Self.newYork] {
            let todo = try CalDAVTodoCodec.read(Self.body([line]), timeZone: zone)
            #expect(todo.dueDate == Self.day("2026-12-30") && todo.dueTime == nil, "\(line)")
        }
    }

    @Test("TIME-8 CalDAV: a DUE that is no date-time is refused with its line; nothing crashes", arguments: [
        "DUE:20261230T250000Z", "DUE:20261230T1500", "DUE;TZID=Asia/Tokyo:2026-12-30T15:00", "DUE:20261230T150000ZZ", "DUE:Z",
    ])
    func test_TIME_8_calDAVRefusesABadDue(_ line: String) {
        #expect(throws: CalDAVTodoError.self) { try CalDAVTodoCodec.read(Self.body([line]), timeZone: Self.tokyo) }
    }

    @Test("TIME-8 CalDAV: a DUE at the edge of the calendar in any zone reads and writes back without a crash", arguments: [
        "DUE:99991231T230000Z", "DUE:00010101T000000Z", "DUE;TZID=Asia/Tokyo:00010101T000000", "DUE:99991231T235959",
    ])
    func test_TIME_8_calDAVEdgesDoNotCrash(_ line: String) throws {
        for zone in [Self.tokyo, Self.newYork] {
            let todo = try CalDAVTodoCodec.read(Self.body([line]), timeZone: zone)
            let text = CalDAVTodoCodec.write(Self.item(todo), uid: "t", kept: todo.kept, timeZone: zone)
            #expect(Self.dates(text).count == 1, "\(line) in \(zone.identifier)")
            _ = CalDAVTodoCodec.times(of: Self.item(todo), kept: todo.kept, timeZone: zone)
        }
    }

    // MARK: - CalDAV: writing

    @Test("TIME-8 CalDAV: an item with a time is written DUE:<UTC>Z, the moment in the owner's zone; without one DUE;VALUE=DATE")
    func test_TIME_8_calDAVWritesUTC() throws {
        let write = { (item: TodoItem, zone: TimeZone) in Self.dates(CalDAVTodoCodec.write(item, uid: "u", kept: "", timeZone: zone)) }
        #expect(write(Self.item("2026-12-30", "15:00"), Self.tokyo) == ["DUE:20261230T060000Z"])
        #expect(write(Self.item("2026-12-31", "08:00"), Self.tokyo) == ["DUE:20261230T230000Z"])
        #expect(write(Self.item("2026-12-30", "15:00"), Self.newYork) == ["DUE:20261230T200000Z"], "EST, UTC-5")
        #expect(write(Self.item("2026-07-15", "15:00"), Self.newYork) == ["DUE:20260715T190000Z"], "EDT, UTC-4")
        #expect(write(Self.item("2026-12-30", nil), Self.tokyo) == ["DUE;VALUE=DATE:20261230"])
        // And read back, in the same zone, to the same day and time, nothing kept.
        for (date, time, zone) in [("2026-12-30", "15:00", Self.tokyo), ("2026-12-31", "00:00", Self.newYork)] {
            let text = CalDAVTodoCodec.write(Self.item(date, time), uid: "u", kept: "", timeZone: zone)
            let back = try CalDAVTodoCodec.read(text, timeZone: zone)
            #expect(back.dueDate == Self.day(date) && back.dueTime == Self.time(time) && !back.kept.contains("DUE"))
        }
    }

    @Test("TIME-8 CalDAV: the client's DUE comes back as it came while it says the day and time; a change of time writes Todo's; no time writes a date")
    func test_TIME_8_calDAVKeptDue() throws {
        let client = "DUE;TZID=America/New_York:20261230T010000"
        let todo = try CalDAVTodoCodec.read(Self.body([client], calendar: Self.tokyoStandard), timeZone: Self.tokyo)
        #expect(todo.dueTime == Self.time("15:00") && todo.kept.contains(client))
        var item = Self.item(todo)
        let write = { (item: TodoItem) in Self.dates(CalDAVTodoCodec.write(item, uid: "t", kept: todo.kept, timeZone: Self.tokyo)) }
        #expect(write(item) == [client], "its zone, its spelling")
        item.dueTime = Self.time("16:30")
        #expect(write(item) == ["DUE:20261230T073000Z"], "another time: Todo's DUE, in UTC")
        item.dueTime = Self.time("15:00")
        item.dueDate = Self.day("2026-12-31")
        #expect(write(item) == ["DUE:20261231T060000Z"], "another day at the same time")
        item.dueDate = Self.day("2026-12-30")
        item.dueTime = nil
        #expect(write(item) == ["DUE;VALUE=DATE:20261230"], "a DUE with a time means a time: the day alone is a date")
        // A client's date in its own spelling comes back while the item has no time.
        let dated = try CalDAVTodoCodec.read(Self.body(["DUE:20261230"]), timeZone: Self.tokyo)
        var plain = Self.item(dated)
        #expect(Self.dates(CalDAVTodoCodec.write(plain, uid: "t", kept: dated.kept, timeZone: Self.tokyo)) == ["DUE:20261230"])
        plain.dueTime = Self.time("09:00")
        #expect(Self.dates(CalDAVTodoCodec.write(plain, uid: "t", kept: dated.kept, timeZone: Self.tokyo)) == ["DUE:20261230T000000Z"])
    }

    @Test("TIME-8 CalDAV: a client's UTC DUE with its DTSTART is kept, and both go when the time changes")
    func test_TIME_8_calDAVDueAndStartGoTogether() throws {
        let lines = ["DTSTART:20261229T060000Z", "DUE:20261230T060000Z"]
        let todo = try CalDAVTodoCodec.read(Self.body(lines), timeZone: Self.tokyo)
        var item = Self.item(todo)
        #expect(Self.dates(CalDAVTodoCodec.write(item, uid: "t", kept: todo.kept, timeZone: Self.tokyo)) == ["DUE:20261230T060000Z", "DTSTART:20261229T060000Z"])
        item.dueTime = Self.time("17:00")
        #expect(Self.dates(CalDAVTodoCodec.write(item, uid: "t", kept: todo.kept, timeZone: Self.tokyo)) == ["DUE:20261230T080000Z"])
    }

    @Test("TIME-8 CalDAV: a repeating item with a time starts at its DUE, a DATE-TIME in UTC of the same value; reading drops it again")
    func test_TIME_8_calDAVRepeatingStart() throws {
        let weekly = try RepeatRule(rruleText: "FREQ=WEEKLY")
        let text = CalDAVTodoCodec.write(Self.item("2026-12-07", "15:00", repeating: weekly), uid: "t", kept: "", timeZone: Self.tokyo)
        #expect(Self.dates(text) == ["DUE:20261207T060000Z", "DTSTART:20261207T060000Z"])
        let back = try CalDAVTodoCodec.read(text, timeZone: Self.tokyo)
        #expect(back.kept.isEmpty && back.dueTime == Self.time("15:00") && back.repeatRule == weekly)
        let untimed = CalDAVTodoCodec.write(Self.item("2026-12-07", nil, repeating: weekly), uid: "t", kept: "", timeZone: Self.tokyo)
        #expect(Self.dates(untimed) == ["DUE;VALUE=DATE:20261207", "DTSTART;VALUE=DATE:20261207"])
    }

    @Test("TIME-8 CalDAV: a client's DTSTART beside Todo's DUE of another kind takes the DUE's kind (RFC 5545 §3.8.2.3)")
    func test_TIME_8_calDAVStartOfTheDuesKind() throws {
        let todo = try CalDAVTodoCodec.read(Self.body(["DTSTART;VALUE=DATE:20261228", "DUE;VALUE=DATE:20261230"]), timeZone: Self.tokyo)
        var item = Self.item(todo)
        let write = { (item: TodoItem) in Self.dates(CalDAVTodoCodec.write(item, uid: "t", kept: todo.kept, timeZone: Self.tokyo)) }
        #expect(write(item) == ["DUE;VALUE=DATE:20261230", "DTSTART;VALUE=DATE:20261228"])
        item.dueTime = Self.time("15:00")
        #expect(write(item) == ["DUE:20261230T060000Z", "DTSTART:20261227T150000Z"], "midnight of 28 December in Tokyo")
    }

    @Test("TIME-8 CalDAV: the dates a time-range reads are the item's time, on the owner's clock")
    func test_TIME_8_calDAVTimes() throws {
        let item = Self.item("2026-12-30", "15:00")
        let times = CalDAVTodoCodec.times(of: item, kept: "", timeZone: Self.tokyo)
        #expect(times.due == .moment(InteropFixtures.at("2026-12-30T06:00:00Z"), zone: Self.tokyo))
        let untimed = CalDAVTodoCodec.times(of: Self.item("2026-12-30", nil), kept: "", timeZone: Self.tokyo)
        #expect(untimed.due == .day(Self.day("2026-12-30")))
        // The client's kept DUE, while it holds, is read as it came.
        let todo = try CalDAVTodoCodec.read(Self.body(["DUE;TZID=America/New_York:20261230T010000"]), timeZone: Self.tokyo)
        let kept = CalDAVTodoCodec.times(of: Self.item(todo), kept: todo.kept, timeZone: Self.tokyo)
        #expect(kept.due == .moment(InteropFixtures.at("2026-12-30T06:00:00Z"), zone: Self.newYork))
    }

    // MARK: - CalDAV: the next occurrence (TIME-4)

    @Test("TIME-4 CalDAV: the next occurrence's kept DUE and DTSTART move by its days and still say its day and time")
    func test_TIME_4_calDAVNextOccurrence() throws {
        let lines = ["DTSTART;TZID=Asia/Tokyo:20261207T150000", "DUE;TZID=Asia/Tokyo:20261207T150000", "RRULE:FREQ=WEEKLY"]
        let todo = try CalDAVTodoCodec.read(Self.body(lines), timeZone: Self.tokyo)
        let item = Self.item(todo)
        var next = item
        next.dueDate = Self.day("2026-12-14")
        let kept = CalDAVTodoCodec.keptForOccurrence(todo.kept, of: item, next: next)
        #expect(Self.dates(CalDAVTodoCodec.write(next, uid: "n", kept: kept, timeZone: Self.tokyo))
            == ["DUE;TZID=Asia/Tokyo:20261214T150000", "DTSTART;TZID=Asia/Tokyo:20261214T150000"])
    }

    @Test("TIME-4 CalDAV: across a change of summer time the moved UTC DUE no longer says the time, and Todo's is written")
    func test_TIME_4_calDAVNextOccurrenceAcrossSummerTime() throws {
        // 15:00 on Saturday 31 October in New York is 19:00 UTC; summer time ends on 1 November.
        // The client's own DTSTART (an hour before) keeps its DUE kept beside it.
        let lines = ["DTSTART:20261031T180000Z", "DUE:20261031T190000Z", "RRULE:FREQ=WEEKLY"]
        let todo = try CalDAVTodoCodec.read(Self.body(lines), timeZone: Self.newYork)
        let item = Self.item(todo)
        #expect(item.dueTime == Self.time("15:00"))
        var next = item
        next.dueDate = Self.day("2026-11-07")
        let kept = CalDAVTodoCodec.keptForOccurrence(todo.kept, of: item, next: next)
        #expect(Self.dates(CalDAVTodoCodec.write(next, uid: "n", kept: kept, timeZone: Self.newYork))
            == ["DUE:20261107T200000Z", "DTSTART:20261107T200000Z"], "15:00 in winter; the DTSTART went with the client's DUE")
    }

    // MARK: - .ics files

    @Test("TIME-8 .ics: a due time is exported as DUE:<UTC>Z (a repeat's DTSTART alike) and imported back, in Tokyo and New York")
    func test_TIME_8_icsRoundTrip() throws {
        let weekly = try RepeatRule(rruleText: "FREQ=WEEKLY;BYDAY=MO")
        let items = [Self.item("2026-12-07", "15:00", repeating: weekly), Self.item("2026-12-08", nil)]
        for (zone, due) in [(Self.tokyo, "DUE:20261207T060000Z"), (Self.newYork, "DUE:20261207T200000Z")] {
            let codec = ICalendarFormat(options(zone))
            let text = try codec.encode(items)
            #expect(Self.dates(text).prefix(2) == [due, "DTSTART" + due.dropFirst(3)], "\(zone.identifier)")
            #expect(text.contains("DUE;VALUE=DATE:20261208\r\n"))
            let back = try codec.decode(text).map(\.item)
            #expect(back.map(\.dueTime) == [Self.time("15:00"), nil] && back.map(\.dueDate) == items.map(\.dueDate))
        }
    }

    @Test("TIME-8 .ics: an imported UTC, TZID, VTIMEZONE or floating DUE is the day and time in the import's zone; a date has no time")
    func test_TIME_8_icsImport() throws {
        let todos = [
            "DUE:20261230T060000Z", "DUE;TZID=America/New_York:20261230T010000", "DUE;TZID=Tokyo Standard Time:20261230T150000",
            "DUE:20261230T150000", "DUE;VALUE=DATE:20261230",
        ].enumerated().flatMap { index, due in ["BEGIN:VTODO", "UID:t\(index)", "SUMMARY:T\(index)", due, "END:VTODO"] }
        let text = CalDAVSamples.body(["BEGIN:VCALENDAR", "VERSION:2.0"] + todos + Self.tokyoStandard + ["END:VCALENDAR"])
        let items = try ICalendarFormat(options(Self.tokyo)).decode(text).map(\.item)
        #expect(items.map(\.dueDate) == Array(repeating: Self.day("2026-12-30"), count: 5))
        #expect(items.map(\.dueTime) == [Self.time("15:00"), Self.time("15:00"), Self.time("15:00"), Self.time("15:00"), nil])
    }

    // MARK: - todo.txt

    @Test("TIME-8 todo.txt: at:HH:MM beside due:, both ways; an at: that is no time, or on a line without due:, stays in the title")
    func test_TIME_8_todoTxt() throws {
        let codec = TodoTxtFormat(options(Self.tokyo))
        let line = codec.line(Self.item("2026-12-30", "09:05"))
        #expect(line.contains(" due:2026-12-30 at:09:05 "), "\(line)")
        #expect(!codec.line(Self.item("2026-12-30", nil)).contains("at:"))
        let back = try codec.decode(line)[0].item
        #expect(back.dueDate == Self.day("2026-12-30") && back.dueTime == Self.time("09:05") && back.title == "Call the dentist")
        let read = { (text: String) in try codec.decode(text)[0].item }
        #expect(try read("Call at:9:30 due:2026-12-30").dueTime == Self.time("09:30"))
        #expect(try read("Call at:15%3A00 due:2026-12-30").dueTime == Self.time("15:00"), "a colon percent-encoded as todo.txt's rule asks")
        let noDay = try read("Call at:15:00 Bob")
        #expect(noDay.dueTime == nil && noDay.title == "Call at:15:00 Bob")
        let noTime = try read("Meet at:home due:2026-12-30")
        #expect(noTime.dueTime == nil && noTime.title == "Meet at:home")
    }

    // MARK: - Taskwarrior

    @Test("TIME-8 Taskwarrior: due is the moment of the date and time in the zone; a due at midnight there is a day without a time")
    func test_TIME_8_taskwarrior() throws {
        for (zone, due) in [(Self.tokyo, "20261230T060000Z"), (Self.newYork, "20261230T200000Z")] {
            let codec = TaskwarriorFormat(options(zone))
            let text = try codec.encode([Self.item("2026-12-30", "15:00")])
            #expect(text.contains(#""due":"\#(due)""#), "\(zone.identifier): \(text)")
            let back = try codec.decode(text)[0].item
            #expect(back.dueDate == Self.day("2026-12-30") && back.dueTime == Self.time("15:00"))
        }
        let newYork = TaskwarriorFormat(options(Self.newYork))
        let midnight = try newYork.decode(#"[{"description":"A","due":"20261230T050000Z"}]"#)[0].item
        #expect(midnight.dueDate == Self.day("2026-12-30") && midnight.dueTime == nil, "what task add due:2026-12-30 stores")
        let endOfDay = try newYork.decode(#"[{"description":"A","due":"20261231T045959Z"}]"#)[0].item
        #expect(endOfDay.dueDate == Self.day("2026-12-30") && endOfDay.dueTime == Self.time("23:59"), "due:eod")
    }

    // MARK: - JSON and CSV

    @Test("TIME-8 JSON and CSV carry the due time as HH:MM, both ways", arguments: [InteropFormat.json, .csv])
    func test_TIME_8_jsonAndCSV(_ format: InteropFormat) throws {
        let codec = format.codec(options(Self.tokyo))
        let text = try codec.encode([Self.item("2026-12-30", "15:00"), Self.item("2026-12-31", nil)])
        #expect(text.contains(format == .json ? #""dueTime" : "15:00""# : ",15:00,"), "\(text)")
        #expect(try codec.decode(text).map(\.item.dueTime) == [Self.time("15:00"), nil])
    }
}

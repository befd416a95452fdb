import Foundation
import Testing
import TodoCore
import TodoInterop
import TodoTestSupport

/// docs/specs/caldav.md, DAV-28 (the codec's half): the dates of the resource the server writes
/// for an item, as a `time-range` filter reads them.
@Suite("DAV-28 the dates of a resource, as a time-range reads them")
struct CalDAVTodoTimesTests {
    let utc = TimeZone(identifier: "UTC")!
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    let created = InteropFixtures.at("2026-11-20T08:00:00Z")

    /// The item a server would store for a VTODO with `extra` lines, and what it keeps.
    func stored(_ extra: [String], calendar: [String] = [], in zone: TimeZone = TimeZone(identifier: "UTC")!) throws -> (TodoItem, String) {
        let lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tests//EN"] + calendar
            + ["BEGIN:VTODO", "UID:t", "DTSTAMP:20261121T083000Z", "SUMMARY:Task"] + extra + ["END:VTODO", "END:VCALENDAR"]
        let todo = try CalDAVTodoCodec.read(CalDAVSamples.body(lines), timeZone: zone)
        let item = TodoItem(
            id: UUID(), title: todo.title, isDone: todo.isDone, dueDate: todo.dueDate, repeatRule: todo.repeatRule,
            dueTime: todo.dueTime, createdAt: created, completedAt: todo.isDone ? todo.completedAt : nil)
        return (item, todo.kept)
    }

    func times(_ extra: [String], calendar: [String] = [], in zone: TimeZone) throws -> CalDAVTodoTimes {
        let (item, kept) = try stored(extra, calendar: calendar, in: zone)
        return CalDAVTodoCodec.times(of: item, kept: kept, timeZone: zone)
    }

    func due(_ extra: [String], calendar: [String] = [], in zone: TimeZone) throws -> Date? {
        guard case .moment(let instant, _)? = try times(extra, calendar: calendar, in: zone).due else { return nil }
        return instant
    }

    @Test("DAV-28 a DUE is a day, a UTC time, a time in its TZID, or a floating time on the owner's clock")
    func test_DAV_28_dueValues() throws {
        let instant = InteropFixtures.at("2026-12-30T23:00:00Z")
        #expect(try times(["DUE;VALUE=DATE:20261231"], in: tokyo).due == .day(CalendarDate(year: 2026, month: 12, day: 31)!))
        // Todo's own DUE (TIME-8: the item's 08:00 in Tokyo, in UTC) is on the owner's clock (TIME-4).
        #expect(try times(["DUE:20261230T230000Z"], in: tokyo).due == .moment(instant, zone: tokyo))
        #expect(try times(["DUE:20261230T230000Z", "DTSTART:20261230T220000Z"], in: tokyo).due == .moment(instant, zone: utc))
        #expect(try times(["DUE;TZID=Asia/Tokyo:20261231T080000"], in: berlin).due == .moment(instant, zone: tokyo))
        #expect(try times(["DUE:20261231T080000"], in: tokyo).due == .moment(instant, zone: tokyo))
        // A TZID nobody defines, or one that is no zone's name, is floating.
        #expect(try due(["DUE;TZID=Mars/Olympus:20261231T080000"], in: tokyo) == instant)
        #expect(try due(["DUE;TZID=../../../../etc/passwd:20261231T080000"], in: tokyo) == instant)
    }

    @Test("DAV-28 a TZID the system doesn't know is read by the resource's VTIMEZONE, summer and winter")
    func test_DAV_28_vtimezone() throws {
        let zone = [
            "BEGIN:VTIMEZONE", "TZID:W. Europe Standard Time",
            "BEGIN:STANDARD", "DTSTART:16011028T030000", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10",
            "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD",
            "BEGIN:DAYLIGHT", "DTSTART:16010325T020000", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3",
            "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "END:DAYLIGHT", "END:VTIMEZONE",
        ]
        func due(_ local: String) throws -> Date? { try self.due(["DUE;TZID=W. Europe Standard Time:" + local], calendar: zone, in: tokyo) }
        #expect(try due("20270715T090000") == InteropFixtures.at("2027-07-15T07:00:00Z"))
        #expect(try due("20261215T090000") == InteropFixtures.at("2026-12-15T08:00:00Z"))
        // Summer time begins on the last Sunday of March (28 March 2027) at 02:00, and ends on 31 October.
        #expect(try due("20270328T013000") == InteropFixtures.at("2027-03-28T00:30:00Z"))
        #expect(try due("20270328T030000") == InteropFixtures.at("2027-03-28T01:00:00Z"))
        #expect(try due("20271030T120000") == InteropFixtures.at("2027-10-30T10:00:00Z"))
        #expect(try due("20271031T120000") == InteropFixtures.at("2027-10-31T11:00:00Z"))
        // The second Sunday of March, as a US zone writes it, and a zone of days of the month.
        let easternZone = [
            "BEGIN:VTIMEZONE", "TZID:Eastern", "BEGIN:DAYLIGHT", "DTSTART:20070311T020000",
            "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400", "END:DAYLIGHT",
            "BEGIN:STANDARD", "DTSTART:20071104T020000", "RRULE:FREQ=YEARLY;BYMONTH=11;BYMONTHDAY=1,2,3,4,5,6,7;BYDAY=SU",
            "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500", "END:STANDARD", "END:VTIMEZONE",
        ]
        func eastern(_ local: String) throws -> Date? { try self.due(["DUE;TZID=Eastern:" + local], calendar: easternZone, in: utc) }
        #expect(try eastern("20270313T120000") == InteropFixtures.at("2027-03-13T17:00:00Z"))
        #expect(try eastern("20270314T120000") == InteropFixtures.at("2027-03-14T16:00:00Z"))
        #expect(try eastern("20271106T120000") == InteropFixtures.at("2027-11-06T16:00:00Z"))
        #expect(try eastern("20271107T120000") == InteropFixtures.at("2027-11-07T17:00:00Z"))
        // Before its first onset, a zone has the offset it changes from.
        #expect(try eastern("20000101T120000") == InteropFixtures.at("2000-01-01T17:00:00Z"))
    }

    @Test("DAV-28 DTSTART and DURATION as written: DURATION only without DUE; a DUE changed elsewhere takes its DTSTART along")
    func test_DAV_28_startAndDuration() throws {
        let start = CalDAVTodoTimes.Value.moment(InteropFixtures.at("2026-11-25T10:00:00Z"), zone: utc)
        let span = try times(["DTSTART:20261125T100000Z", "DURATION:PT1H30M"], in: tokyo)
        #expect(span.start == start && span.duration == 5_400 && span.due == nil)
        let both = try times(["DTSTART:20261125T100000Z", "DUE:20261127T100000Z", "DURATION:PT1H"], in: tokyo)
        #expect(both.start == start && both.duration == nil)
        let (original, kept) = try stored(["DTSTART:20261125T100000Z", "DUE:20261127T100000Z"])
        var item = original
        (item.dueDate, item.dueTime) = (CalendarDate(year: 2026, month: 12, day: 1), nil)
        let moved = CalDAVTodoCodec.times(of: item, kept: kept, timeZone: tokyo)
        #expect(moved.due == .day(CalendarDate(year: 2026, month: 12, day: 1)!) && moved.start == nil)
    }

    @Test("DAV-28 REPEAT-16 COMPLETED when done, CREATED always; a rule repeats from the due date, one Todo can't read is unknown")
    func test_DAV_28_completedCreatedAndRepeats() throws {
        let done = try times(["STATUS:COMPLETED", "COMPLETED:20261125T080000Z"], in: utc)
        #expect(done.completed == InteropFixtures.at("2026-11-25T08:00:00Z") && done.created == created && done.recurrence == .none)
        #expect(try times([], in: utc) == CalDAVTodoTimes(created: created))
        let monday = CalendarDate(year: 2026, month: 11, day: 23)!
        let weekly = try times(["DUE;VALUE=DATE:20261123", "RRULE:FREQ=WEEKLY;BYDAY=MO,WE"], in: utc)
        #expect(weekly.recurrence == .rule(from: monday, .weekly(on: [.monday, .wednesday])))
        #expect(weekly.start == .day(monday), "a repeating item's DTSTART is its due date")
        let timed = try times(["DTSTART;TZID=Europe/Berlin:20261123T090000", "RRULE:FREQ=DAILY"], in: utc)
        #expect(timed.recurrence == .rule(from: monday, RepeatRule(.daily)))
        // REPEAT-16: any rule Todo reads repeats from its first date; one reckoned after completion is unknown.
        let monthly = try times(["DUE;VALUE=DATE:20261125", "RRULE:FREQ=MONTHLY"], in: utc)
        #expect(monthly.recurrence == .rule(from: CalendarDate(year: 2026, month: 11, day: 25)!, RepeatRule(.monthly)))
        let afterDone = try times(["DUE;VALUE=DATE:20261125", "RRULE:FREQ=DAILY;INTERVAL=3", "X-TODO-REPEAT-FROM:COMPLETION"], in: utc)
        #expect(afterDone.recurrence == .unknown)
        #expect(try times(["DUE;VALUE=DATE:20261125", "RRULE:FREQ=SOMETIMES"], in: utc).recurrence == .unknown)
        #expect(try times(["DUE;VALUE=DATE:20261125", "RDATE;VALUE=DATE:20261201"], in: utc).recurrence == .unknown)
        #expect(try times(["RRULE:FREQ=MONTHLY"], in: utc).recurrence == .none, "nothing to repeat from")
    }
}

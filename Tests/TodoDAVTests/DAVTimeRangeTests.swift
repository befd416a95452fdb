import Foundation
import Testing
import TodoCore
import TodoInterop

@testable import TodoDAV

/// docs/specs/caldav.md, DAV-28: RFC 4791 §9.9's VTODO table row by row, the rows a resource of
/// Todo's can't reach included (it always has CREATED), and the occurrences of repeating tasks
/// over any range.
@Suite("DAV-28 the VTODO table of RFC 4791 §9.9, row by row")
struct DAVTimeRangeTests {
    let utc = TimeZone(identifier: "UTC")!

    func at(_ text: String) -> Date { DAVTimeRange.utc(text)! }
    func range(_ start: String?, _ end: String?) -> DAVTimeRange { DAVTimeRange(start: start.map(at), end: end.map(at)) }
    func moment(_ text: String) -> CalDAVTodoTimes.Value { .moment(at(text), zone: utc) }
    func day(_ year: Int, _ month: Int, _ day: Int) -> CalDAVTodoTimes.Value { .day(CalendarDate(year: year, month: month, day: day)!) }

    @Test("DAV-28 N N N Y N: a COMPLETED without CREATED is in a range that holds it, its end included")
    func test_DAV_28_completedOnly() {
        let times = CalDAVTodoTimes(completed: at("20261125T080000Z"))
        #expect(range("20261125T000000Z", "20261126T000000Z").overlaps(times, zone: utc))
        #expect(range("20261125T070000Z", "20261125T080000Z").overlaps(times, zone: utc), "end >= COMPLETED")
        #expect(range("20261125T080000Z", "20261125T090000Z").overlaps(times, zone: utc), "start <= COMPLETED")
        #expect(!range("20261125T080001Z", "20261125T090000Z").overlaps(times, zone: utc))
        #expect(!range("20000101T000000Z", "20010101T000000Z").overlaps(times, zone: utc))
    }

    @Test("DAV-28 N N N N N: a task with none of the five dates is in every range, but an empty one")
    func test_DAV_28_noDates() {
        let times = CalDAVTodoTimes()
        #expect(range("20000101T000000Z", "20010101T000000Z").overlaps(times, zone: utc))
        #expect(range(nil, nil).overlaps(times, zone: utc))
        #expect(!range("20010101T000000Z", "20000101T000000Z").overlaps(times, zone: utc), "reversed")
    }

    @Test("DAV-28 Y Y N with a DATE: DTSTART's day plus DURATION ends at a moment")
    func test_DAV_28_dateStartAndDuration() {
        let times = CalDAVTodoTimes(start: day(2026, 11, 25), duration: 2 * 86_400)
        #expect(range("20261126T000000Z", "20261126T010000Z").overlaps(times, zone: utc))
        #expect(range("20261127T000000Z", "20261127T010000Z").overlaps(times, zone: utc), "start <= DTSTART+DURATION")
        #expect(!range("20261127T000001Z", "20261128T000000Z").overlaps(times, zone: utc))
        #expect(!range("20261124T000000Z", "20261125T000000Z").overlaps(times, zone: utc))
    }

    @Test("DAV-28 a DATE is its whole day in the owner's zone")
    func test_DAV_28_dateInZone() {
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let times = CalDAVTodoTimes(due: day(2026, 12, 31))
        #expect(range("20261230T150000Z", "20261230T150001Z").overlaps(times, zone: tokyo))
        #expect(!range("20261229T150000Z", "20261230T150000Z").overlaps(times, zone: tokyo))
        #expect(!range("20261231T150000Z", "20261231T160000Z").overlaps(times, zone: tokyo))
        #expect(range("20261231T150000Z", "20261231T160000Z").overlaps(times, zone: utc))
    }

    @Test("DAV-28 REPEAT-16 any rule's occurrences: a monthly rule's days, and no more than its count")
    func test_DAV_28_ruleOccurrences() {
        let start = CalendarDate(year: 2026, month: 1, day: 31)!
        let monthly = CalDAVTodoTimes(due: .day(start), recurrence: .rule(from: start, RepeatRule(.monthly)))
        // The 31st: none in February, one in March.
        #expect(!range("20260201T000000Z", "20260301T000000Z").overlaps(monthly, zone: utc))
        #expect(range("20260331T000000Z", "20260401T000000Z").overlaps(monthly, zone: utc))
        #expect(range("20991231T000000Z", "21000101T000000Z").overlaps(monthly, zone: utc))
        let threeTimes = CalDAVTodoTimes(
            due: .day(start), recurrence: .rule(from: start, RepeatRule(.monthly, end: .count(3))))
        #expect(range("20260331T000000Z", "20260401T000000Z").overlaps(threeTimes, zone: utc))
        #expect(range("20260531T000000Z", "20260601T000000Z").overlaps(threeTimes, zone: utc))
        #expect(!range("20260701T000000Z", nil).overlaps(threeTimes, zone: utc), "the fourth is past its count")
    }

    @Test("DAV-28 a repeating task over any range: found in the year 9999, never a long walk", .timeLimit(.minutes(1)))
    func test_DAV_28_occurrences() {
        let monday = CalendarDate(year: 2026, month: 11, day: 23)!
        let daily = CalDAVTodoTimes(start: .day(monday), due: .day(monday), recurrence: .rule(from: monday, RepeatRule(.daily)))
        let mondays = CalDAVTodoTimes(
            due: moment("20261123T080000Z"), created: at("20261121T090000Z"), recurrence: .rule(from: monday, .weekly(on: [.monday])))
        #expect(range("99991231T120000Z", "99991231T130000Z").overlaps(daily, zone: utc))
        #expect(range("99991231T235959Z", nil).overlaps(daily, zone: utc))
        #expect(range("00010101T000000Z", "99991231T235959Z").overlaps(mondays, zone: utc))
        #expect(!range("00010101T000000Z", "20261123T075959Z").overlaps(mondays, zone: utc))
        // 2026-11-30 is a Monday; 9999-12-27 too (2026-11-23 plus 416,016 weeks).
        #expect(range("20261130T070000Z", "20261130T080000Z").overlaps(mondays, zone: utc))
        #expect(!range("20261130T080000Z", "20261130T090000Z").overlaps(mondays, zone: utc))
        #expect(range("99991227T070000Z", "99991227T080000Z").overlaps(mondays, zone: utc))
        #expect(!range("99991228T000000Z", "99991231T235959Z").overlaps(mondays, zone: utc))
        for year in stride(from: 2027, through: 9999, by: 997) {
            let start = String(format: "%04d0101T000000Z", year)
            #expect(range(start, String(format: "%04d0108T000000Z", year)).overlaps(mondays, zone: utc), "\(year)")
            #expect(range(start, String(format: "%04d0108T000000Z", year)).contains(property: "DUE", of: mondays, zone: utc) == true)
        }
    }

    @Test("DAV-28 a range's ends are UTC date-times that exist; anything else leaves that end open")
    func test_DAV_28_readingRanges() {
        #expect(DAVTimeRange.utc("20261124T101500Z") == Date(timeIntervalSince1970: 1_795_515_300))
        #expect(DAVTimeRange.utc("99991231T235959Z") != nil)
        #expect(DAVTimeRange.utc("20241231T235960Z") != nil, "a leap second")
        for bad in ["00000101T000000Z", "20261301T000000Z", "20260229T000000Z", "20261124T240000Z", "20261124T106000Z",
                    "20261124T101500", "2026-11-24T10:15:00Z", "２０２６１１２４T101500Z", "20261124T1015000Z", "", "Z"] {
            #expect(DAVTimeRange.utc(bad) == nil, "\(bad)")
        }
    }
}

import Foundation
import Testing
import TodoCore
import TodoInterop
import TodoTestSupport

@Suite("iCalendar VTODO")
struct ICalendarFormatTests {
    let items = InteropFixtures.items
    let codec = ICalendarFormat(options())

    @Test("one VTODO per item with every field; text escaped; CRLF")
    func test_encode() throws {
        let text = try codec.encode(items)
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//TestDrivenApps//Todo//EN\r\n"))
        #expect(text.hasSuffix("END:VTODO\r\nEND:VCALENDAR\r\n"))
        #expect(text.components(separatedBy: "BEGIN:VTODO\r\n").count == items.count + 1)
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        for line in [
            "UID:6f1c7a52-3b1e-4c8e-9a3d-2f4b5c6d7e01",
            #"SUMMARY:Café ☕ “curly” "straight"\, commas\; semicolons \\ backslash"#,
            #"DESCRIPTION:Line 1\nLine 2 with "quotes"\, commas\; semis \\ and a %25 sign\n\nLast line 🎉 🇩🇪"#,
            "STATUS:NEEDS-ACTION", "DUE;VALUE=DATE:20261201", "X-TODO-PROJECT:Home Renovation", "CATEGORIES:errands,家",
            #"LOCATION:Bäckerei Müller\, Straße 5"#, "GEO:52.52;13.405", "DTSTART;VALUE=DATE:20261201",
            "RRULE:FREQ=WEEKLY;BYDAY=MO,FR", "X-TODO-ESTIMATE:PT1H30M", "X-TODO-ORDER:-2",
            "CREATED:20261101T081530Z", "LAST-MODIFIED:20261120T174501Z",
            "STATUS:COMPLETED", "COMPLETED:20261119T203015Z",
        ] {
            #expect(unfolded.contains(line + "\r\n"), "\(line)")
        }
    }

    @Test("lines are folded at 75 octets, never inside a UTF-8 character")
    func test_folding() throws {
        var item = items[1]
        item.title = String(repeating: "🍣é", count: 40)
        let text = try codec.encode([item])
        let lines = text.components(separatedBy: "\r\n").dropLast()
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(lines.filter { $0.hasPrefix(" ") }.count >= 3)
        #expect(try codec.decode(text).first?.item.title == item.title)
    }

    @Test("round trip: mapped fields and positions come back; timestamps to the second")
    func test_roundTrip() async throws {
        let (store, _) = try await importFresh(try codec.encode(items), codec)
        let back = try await store.items()
        #expect(back.map(MappedFields.init) == items.map(MappedFields.init))
        #expect(back.map(\.position) == items.map(\.position))
        #expect(back.map(\.createdAt) == items.map { seconds($0.createdAt) })
        #expect(back.map(\.completedAt) == items.map { $0.completedAt.map(seconds) })
    }

    @Test("importing our own export into the store it came from changes nothing")
    func test_reimport_isUnchanged() async throws {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment, items: items)
        let summary = try await store.importItems(try codec.decode(try codec.encode(items)), dryRun: false)
        #expect(summary.entries.map(\.change) == Array(repeating: .unchanged, count: items.count))
    }

    @Test("a calendar from elsewhere: events ignored, date-time DUE, TZID, daily rule, non-UUID UID, several categories, tab folding")
    func test_foreignCalendar() throws {
        let text = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:VEVENT\r
            UID:event-1\r
            SUMMARY:Not a todo\r
            END:VEVENT\r
            BEGIN:VTODO\r
            UID:abc@example.com\r
            SUMMARY:Water the \r
            \tplants\r
            DUE:20261201T230000Z\r
            CATEGORIES:Garden\\, outside,Home\r
            RRULE:FREQ=DAILY\r
            END:VTODO\r
            BEGIN:VTODO\r
            UID:0e9f2c4a-1111-4222-8333-444455556666\r
            SUMMARY:Local due\r
            DUE;TZID=Europe/Berlin:20261202T090000\r
            STATUS:COMPLETED\r
            BEGIN:VALARM\r
            ACTION:DISPLAY\r
            END:VALARM\r
            END:VTODO\r
            END:VCALENDAR\r

            """
        let decoded = try ICalendarFormat(options(TimeZone(identifier: "Europe/Berlin")!)).decode(text)
        #expect(decoded.map(\.item.title) == ["Water the plants", "Local due"])
        #expect(decoded[0].item.id == TestEnvironment.id(1), "a UID that is no UUID gets a new id")
        #expect(decoded[0].item.dueDate == CalendarDate(iso: "2026-12-02"), "23:00 UTC is the next day in Berlin")
        #expect(decoded[0].item.project == nil, "TAG-8: a file from elsewhere has its categories as tags")
        #expect(decoded[0].item.tags == ["Garden outside", "Home"], "a comma no tag can hold is read as a space")
        #expect(decoded[0].item.repeatRule == RepeatRule(.daily))
        #expect(decoded[1].item.dueDate == CalendarDate(iso: "2026-12-02") && decoded[1].item.isDone)
        #expect(decoded.map(\.origin) == ["the VTODO at line 7", "the VTODO at line 15"])
    }

    @Test("errors name the line and what is wrong", arguments: [
        ("BEGIN:VTODO\r\nEND:VTODO\r\n", "Line 1: an iCalendar file starts with BEGIN:VCALENDAR."),
        ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:x\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", "The VTODO at line 2: the VTODO has no SUMMARY (its title)."),
        ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:A\r\nDUE:soon\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", "Line 4: DUE “soon” is not a date such as 20261201 or a date-time."),
        ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:A\r\nEND:VCALENDAR\r\n", "Line 4: END:VCALENDAR does not close the component that is open."),
        ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:A\r\n", "Line 2: BEGIN:VTODO is never closed by END:VTODO."),
        ("BEGIN:VCALENDAR\r\nno colon here\r\n", "Line 2: “no colon here” is not a content line of the form NAME:value."),
        ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:A\r\nGEO:1\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", "Line 4: GEO “1” is not a latitude and longitude such as 52.52;13.405."),
    ])
    func test_errors(_ text: String, _ message: String) {
        do {
            _ = try codec.decode(text)
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.errorDescription == message)
        }
    }
}

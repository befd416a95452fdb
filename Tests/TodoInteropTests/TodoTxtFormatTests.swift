import Foundation
import Testing
import TodoCore
import TodoInterop
import TodoTestSupport

@Suite("todo.txt")
struct TodoTxtFormatTests {
    let items = InteropFixtures.items
    let codec = TodoTxtFormat(options())

    @Test("TAG-9 done items start with x and the completion date; every line has its creation date, +project, @location and tags")
    func test_lines() {
        #expect(codec.line(items[0]) == """
            2026-11-01 Café ☕ “curly” "straight", commas; semicolons \\ backslash +Home%20Renovation \
            @Bäckerei%20Müller,%20Straße%205 due:2026-12-01 est:1h30m rrule:FREQ=WEEKLY;BYDAY=MO,FR geo:52.52,13.405 tags:errands,家 \
            details:Line%201%0ALine%202%20with%20"quotes",%20commas;%20semis%20\\%20and%20a%20%2525%20sign%0A%0ALast%20line%20🎉%20🇩🇪 \
            id:6f1c7a52-3b1e-4c8e-9a3d-2f4b5c6d7e01

            """)
        #expect(codec.line(items[1]) == "2026-11-02 Pay rent id:6f1c7a52-3b1e-4c8e-9a3d-2f4b5c6d7e02\n")
        #expect(codec.line(items[2]) == "(B) 2026-11-03 Prioritised, with a comma +Work due:2027-01-15 id:6f1c7a52-3b1e-4c8e-9a3d-2f4b5c6d7e03\n",
                "PRIO-8: a priority goes before the creation date")
        #expect(codec.line(items[3]) == "2026-11-05 x marks the spot @Garden id:6f1c7a52-3b1e-4c8e-9a3d-2f4b5c6d7e04\n",
                "a title starting with x is not read as done: the date comes first")
        #expect(codec.line(items[4]) == "x 2026-11-19 2026-11-06 日本語のタスク 🍣 +Work due:2026-11-20 est:30m tags:urgent details:multi%0Aline pri:A id:6f1c7a52-3b1e-4c8e-9a3d-2f4b5c6d7e05\n",
                "PRIO-8: a done line carries its priority as pri:A")
    }

    @Test("dates are the calendar days of the time zone given")
    func test_datesInTimeZone() {
        let late = items[2]  // created 2026-11-03T23:59:59.001Z
        #expect(TodoTxtFormat(options(TimeZone(identifier: "Asia/Tokyo")!)).line(late).hasPrefix("(B) 2026-11-04 "))
        #expect(TodoTxtFormat(options(TimeZone(identifier: "America/New_York")!)).line(late).hasPrefix("(B) 2026-11-03 "))
    }

    @Test("round trip: every mapped field comes back, details with line breaks included, in the same order")
    func test_roundTrip_mappedFields() async throws {
        let (store, _) = try await importFresh(try codec.encode(items), codec)
        let back = try await store.items()
        #expect(back.map(MappedFields.init) == items.map(MappedFields.init))
        #expect(back.map { CalendarDate($0.createdAt, in: utc) } == items.map { CalendarDate($0.createdAt, in: utc) })
        #expect(back.map { $0.completedAt.map { CalendarDate($0, in: utc) } } == items.map { $0.completedAt.map { CalendarDate($0, in: utc) } })
    }

    @Test("importing our own export into the store it came from changes nothing")
    func test_reimport_isUnchanged() async throws {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment, items: items)
        let summary = try await store.importItems(try codec.decode(try codec.encode(items)), dryRun: false)
        #expect(summary.entries.map(\.change) == Array(repeating: .unchanged, count: items.count))
        #expect(try await store.items() == items)
    }

    @Test("TAG-9 a todo.txt file from elsewhere: priority, dates, first +project and @context, due; further ones are tags, other key:values stay in the title")
    func test_foreignFile() throws {
        let text = """
            (A) 2026-01-02 Call Mom +Family @phone due:2026-01-10 t:2026-01-05 +Other @quick

            x 2026-01-03 2026-01-01 Done thing
            x Done without dates\r
            Just a title
            """
        let decoded = try codec.decode(text)
        #expect(decoded.map(\.item.title) == ["Call Mom t:2026-01-05", "Done thing", "Done without dates", "Just a title"])
        #expect(decoded.map(\.item.tags) == [["Other", "quick"], [], [], []], "TAG-9: the further +project and @context")
        #expect(decoded.map(\.item.priority.level) == [.high, nil, nil, nil], "PRIO-8: (A) is the priority")
        #expect(decoded.map(\.origin) == ["line 1", "line 3", "line 4", "line 5"])
        #expect(decoded[0].item.project == Project(name: "Family") && decoded[0].item.location == Location(name: "phone"))
        #expect(decoded[0].item.dueDate == CalendarDate(iso: "2026-01-10"))
        #expect(decoded[0].item.createdAt == Timestamp.parse("2026-01-02T00:00:00Z") && decoded[0].given == [.createdAt])
        #expect(decoded[1].item.isDone && decoded[1].item.completedAt == Timestamp.parse("2026-01-03T00:00:00Z"))
        #expect(decoded[2].item.isDone && decoded[2].given == [])
        #expect(decoded.map(\.item.id) == (1...4).map(TestEnvironment.id), "lines without id: get new ids")
    }

    @Test("tag values keep colons, percent signs and line breaks")
    func test_details_withColonsSurvive() throws {
        var item = items[1]
        item.details = "See https://example.com/a?b=1%20\r\nthen: done"
        let line = codec.line(item)
        #expect(line.contains("details:See%20https%3A//example.com/a?b=1%2520%0D%0Athen%3A%20done "))
        #expect(try codec.decode(line).first?.item.details == item.details)
    }

    @Test("errors name the line and the tag", arguments: [
        ("Buy milk\nPay rent due:2026-13-01\n", "Line 2: due:2026-13-01 is not a date of the form YYYY-MM-DD."),
        ("A id:123\n", "Line 1: id:123 is not a UUID."),
        ("A geo:1,2\n", "Line 1: geo:1,2 needs a location name, written as an @context."),
        ("A @here geo:north\n", "Line 1: geo:north is not a latitude and longitude such as geo:52.52,13.405."),
        ("A details:100%\n", "Line 1: “100%” has a % that is not followed by two hex digits (write %25 for %)."),
        ("A est:forever\n", "Line 1: est:forever is not an estimate such as 30m, 1h or 1h30m (at most a week)."),
        ("A repeat:mon,someday\n", "Line 1: repeat:mon,someday has “someday”, which is not mon, tue, wed, thu, fri, sat or sun."),
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

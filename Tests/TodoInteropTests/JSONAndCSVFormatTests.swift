import Foundation
import Testing
import TodoCore
import TodoInterop
import TodoTestSupport

@Suite("JSON and CSV: lossless")
struct JSONAndCSVFormatTests {
    let items = InteropFixtures.items

    @Test("json: export → import into an empty store → export gives the same document", arguments: [InteropFormat.json, .csv])
    func test_roundTrip_isLossless(_ format: InteropFormat) async throws {
        let codec = format.codec(options())
        let document = try codec.encode(items)
        let (store, summary) = try await importFresh(document, codec)
        #expect(summary.added == items.count)
        #expect(try await store.items() == items, "every field, positions, timestamps and versions included")
        #expect(try codec.encode(try await store.items()) == document)
    }

    @Test("json: an array of ITEMs in the shared shape")
    func test_json_isTheSharedShape() throws {
        let text = try JSONFormat(options()).encode([items[1]])
        #expect(text == """
            [
              {
                "completed" : false,
                "completedAt" : null,
                "createdAt" : "2026-11-02T00:00:00.000Z",
                "details" : null,
                "dueDate" : null,
                "dueTime" : null,
                "estimateMinutes" : null,
                "id" : "6f1c7a52-3b1e-4c8e-9a3d-2f4b5c6d7e02",
                "location" : null,
                "number" : 2,
                "order" : -1,
                "parent" : null,
                "priority" : null,
                "project" : null,
                "repeat" : null,
                "tags" : [

                ],
                "title" : "Pay rent",
                "updatedAt" : "2026-11-02T00:00:00.000Z",
                "version" : 1
              }
            ]

            """)
    }

    @Test("json: import takes `todo list --json` output and items with only a title")
    func test_json_importsListOutputAndSparseItems() throws {
        let codec = JSONFormat(options())
        let list = try codec.decode(#"{"todo": [{"title": "A"}], "done": [{"title": "B", "completed": true}]}"#)
        #expect(list.map(\.item.title) == ["A", "B"])
        #expect(list.map(\.item.id) == [TestEnvironment.id(1), TestEnvironment.id(2)], "new ids for items without one")
        #expect(list[0].given == [], "no position or timestamps: the store places and stamps them")
    }

    @Test("json: errors name the item and the field", arguments: [
        (#"[{"title": "A"}, {"title": "B", "dueDate": "2026-02-30"}]"#, "Item 2: \"dueDate\" “2026-02-30” is not a date of the form YYYY-MM-DD."),
        (#"[{"title": "A", "completed": "yes"}]"#, "Item 1: \"completed\" should be true or false."),
        (#"[{"details": "no title"}]"#, "Item 1: the item has no \"title\"."),
        (#"[{"title": "A", "id": "42"}]"#, "Item 1: \"id\" “42” is not a UUID."),
        (#"[{"title": "A", "repeatDays": ["mon", "funday"]}]"#, "Item 1: \"repeatDays\" “funday” is not a day: use mon, tue, wed, thu, fri, sat or sun."),
        (#"{"title": "A"}"#, #"Expected an array of items, or {"todo": [items], "done": [items]}."#),
        (#"[{"title": "A"}, 3]"#, "Item 2: expected an item object."),
    ])
    func test_json_errors(_ text: String, _ message: String) {
        do {
            _ = try JSONFormat(options()).decode(text)
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.errorDescription == message)
        }
    }

    @Test("json: text that is not JSON is refused with the parser's position")
    func test_json_notJSON() {
        do {
            _ = try JSONFormat(options()).decode("[{\"title\": \"A\",,}]")
            Issue.record("no error")
        } catch {
            #expect(error.errorDescription?.hasPrefix("The file is not valid JSON") == true)
        }
    }

    @Test("csv: a header row, RFC 4180 quoting of commas, quotes and line breaks, CRLF")
    func test_csv_quoting() throws {
        let text = try CSVFormat(options()).encode([items[0]])
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines[0] == "id,title,details,completed,dueDate,location,latitude,longitude,project,estimateMinutes,repeat,repeatAfterCompletion,priority,tags,parent,dueTime,order,createdAt,updatedAt,completedAt,version")
        #expect(text.hasSuffix("\r\n"))
        #expect(text.contains(#","Café ☕ “curly” ""straight"", commas; semicolons \ backslash","Line 1"# + "\n" + #"Line 2 with ""quotes"", commas; semis \ and a %25 sign"#))
        #expect(text.contains(#","Bäckerei Müller, Straße 5",52.52,13.405,Home Renovation,90,"FREQ=WEEKLY;BYDAY=MO,FR",false,,"errands, 家",,,-2,2026-11-01T08:15:30.123Z,"#))
    }

    @Test("csv: columns in any order, only title required, empty cells are absent values; LF line ends are read too")
    func test_csv_flexibleImport() async throws {
        let text = "Title,dueDate,project\nBuy milk,2026-12-01,Home\n\"Two\nlines? no: title, quoted\",,\n"
        let decoded = try CSVFormat(options()).decode(text)
        #expect(decoded.map(\.item.title) == ["Buy milk", "Two\nlines? no: title, quoted"])
        #expect(decoded[0].item.dueDate == CalendarDate(iso: "2026-12-01") && decoded[0].item.project == Project(name: "Home"))
        #expect(decoded[1].item.project == nil)
        #expect(decoded.map(\.origin) == ["line 2", "line 3"], "a record is named by the line it starts on")
    }

    @Test("csv: errors name the line and what is wrong", arguments: [
        ("title,colour\nA,red\n", "Line 1: “colour” is not a column Todo knows; the columns are id, title, details, completed, dueDate, location, latitude, longitude, project, estimateMinutes, repeat, repeatAfterCompletion, priority, tags, parent, dueTime, order, createdAt, updatedAt, completedAt, version."),
        ("details\nx\n", "Line 1: the header has no “title” column."),
        ("title,dueDate\nA,2026-01-01\nB,tomorrow\n", "Line 3: dueDate “tomorrow” is not a date of the form YYYY-MM-DD."),
        ("title,project\nA\n", "Line 2: the row has 1 fields but the header has 2."),
        ("title\n\"A\nB\n", "Line 2: a quoted field is never closed (a double quote is missing)."),
        ("title\nsay \"hi\"\n", "Line 2: a field holds a double quote but does not start with one; put the field in double quotes and double the quote inside (\"\")."),
        ("title,completed\nA,maybe\n", "Line 2: completed “maybe” is not true or false."),
    ])
    func test_csv_errors(_ text: String, _ message: String) {
        do {
            _ = try CSVFormat(options()).decode(text)
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.errorDescription == message)
        }
    }

    @Test("the format is guessed from the file name")
    func test_guessFromFileName() {
        #expect(InteropFormat.guess(fileName: "list.json") == .json)
        #expect(InteropFormat.guess(fileName: "tasks.taskwarrior.json") == .taskwarrior)
        #expect(InteropFormat.guess(fileName: "/home/a/todo.txt") == .todotxt)
        #expect(InteropFormat.guess(fileName: "Export.CSV") == .csv)
        #expect(InteropFormat.guess(fileName: "cal.ics") == .ics)
        #expect(InteropFormat.guess(fileName: "notes.md") == nil)
        #expect(InteropFormat.guess(fileName: "-") == nil)
    }
}

import Foundation
import Testing
import TodoCore
import TodoInterop
import TodoTestSupport

@Suite("Taskwarrior JSON")
struct TaskwarriorFormatTests {
    let items = InteropFixtures.items
    let codec = TaskwarriorFormat(options())

    @Test("PRIO-9 TAG-10 a task per line: uuid, description, status, entry/modified/end/due, project, priority, tags, annotation, UDAs")
    func test_encode() throws {
        let lines = try codec.encode(items).split(separator: "\n")
        #expect(lines.first == "[" && lines.last == "]")
        #expect(lines[5] == #"{"annotations":[{"description":"multi\nline","entry":"20261119T203015Z"}],"description":"日本語のタスク 🍣","due":"20261120T000000Z","end":"20261119T203015Z","entry":"20261106T090000Z","modified":"20261119T203015Z","priority":"H","project":"Work","status":"completed","tags":["urgent"],"todoestimate":"30","todoorder":"-1","uuid":"6f1c7a52-3b1e-4c8e-9a3d-2f4b5c6d7e05"},"#)
        #expect(lines[1].contains(#""todolatitude":"52.52","todolocation":"Bäckerei Müller, Straße 5","todolongitude":"13.405","todoorder":"-2","todorepeat":"FREQ=WEEKLY;BYDAY=MO,FR""#))
    }

    @Test("due is midnight of the due date in the local time zone, as `task add due:` stores it")
    func test_due_isLocalMidnight() throws {
        let berlin = TaskwarriorFormat(options(TimeZone(identifier: "Europe/Berlin")!))
        let text = try berlin.encode([items[0]])
        #expect(text.contains(#""due":"20261130T230000Z""#))
        #expect(try berlin.decode(text).first?.item.dueDate == CalendarDate(iso: "2026-12-01"))
    }

    @Test("round trip: mapped fields and positions come back; timestamps to the second")
    func test_roundTrip() async throws {
        let (store, _) = try await importFresh(try codec.encode(items), codec)
        let back = try await store.items()
        #expect(back.map(MappedFields.init) == items.map(MappedFields.init))
        #expect(back.map(\.position) == items.map(\.position))
        #expect(back.map(\.createdAt) == items.map { seconds($0.createdAt) })
        #expect(back.map(\.updatedAt) == items.map { seconds($0.updatedAt) })
        #expect(back.map(\.completedAt) == items.map { $0.completedAt.map(seconds) })
    }

    @Test("importing our own export into the store it came from changes nothing")
    func test_reimport_isUnchanged() async throws {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment, items: items)
        let summary = try await store.importItems(try codec.decode(try codec.encode(items)), dryRun: false)
        #expect(summary.entries.map(\.change) == Array(repeating: .unchanged, count: items.count))
        #expect(try await store.items() == items)
    }

    @Test("tasks from Taskwarrior: waiting is open, deleted is left out, annotations are joined, numeric UDAs, one object per line")
    func test_foreignTasks() throws {
        let text = """
            {"uuid":"0e9f2c4a-1111-4222-8333-444455556666","description":"Waiting","status":"waiting","entry":"20260101T120000Z","todoorder":2.5}
            {"uuid":"0e9f2c4a-1111-4222-8333-444455556667","description":"Gone","status":"deleted","entry":"20260101T120000Z"}

            {"description":"Notes","status":"pending","annotations":[{"entry":"20260101T120000Z","description":"first"},{"entry":"20260102T120000Z","description":"second"}],"id":3,"urgency":1.5,"tags":["x"]}
            """
        let decoded = try codec.decode(text)
        #expect(decoded.map(\.item.title) == ["Waiting", "Notes"])
        #expect(decoded.map(\.origin) == ["line 1", "line 4"])
        #expect(!decoded[0].item.isDone && decoded[0].item.position == 2.5 && decoded[0].given == [.createdAt, .position])
        #expect(decoded[1].item.details == "first\nsecond" && decoded[1].item.id == TestEnvironment.id(1))
    }

    @Test("errors name the task and what is wrong", arguments: [
        (#"[{"description":"A"},{"description":"B","due":"tomorrow"}]"#, "Task 2: due “tomorrow” is not a Taskwarrior date such as 20261121T090000Z."),
        (#"[{"status":"pending"}]"#, "Task 1: the task has no description."),
        (#"[{"description":"A","status":"lost"}]"#, "Task 1: status “lost” is not pending, waiting, recurring, completed or deleted."),
        (#"[{"description":"A","todoestimate":"long"}]"#, "Task 1: todoestimate “long” is not a whole number of minutes."),
        (#"[{"description":42}]"#, "Task 1: “description” has a value of the wrong type."),
        ("{\"description\":\"A\"}\n{\"description\":\n", "Line 2: this is not valid JSON."),
    ])
    func test_errors(_ text: String, _ message: String) {
        do {
            _ = try codec.decode(text)
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.errorDescription?.hasPrefix(message.dropLast()) == true, "\(error.errorDescription ?? "")")
        }
    }
}

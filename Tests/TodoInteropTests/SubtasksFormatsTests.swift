import Foundation
import Testing
import TodoCore
import TodoInterop
import TodoTestSupport

/// An item's parent in CalDAV's codec and in every file format (docs/specs/subtasks.md,
/// SUB-13…15), beyond the fixtures every format's round trip carries.
@Suite("Subtasks: formats")
struct SubtasksFormatsTests {
    static let parentID = UUID(uuidString: "6f1c7a52-3b1e-4c8e-9a3d-2f4b5c6d7e51")!
    static let childID = UUID(uuidString: "6f1c7a52-3b1e-4c8e-9a3d-2f4b5c6d7e52")!

    /// A parent and its subtask, plus a to-do of its own.
    private var items: [TodoItem] {
        let at = InteropFixtures.at("2026-11-20T08:00:00Z")
        return [
            TodoItem(id: Self.parentID, title: "Pack for the trip", position: 1, createdAt: at),
            TodoItem(id: Self.childID, title: "Passport", parent: Self.parentID, position: 2, createdAt: at),
            TodoItem(id: TestEnvironment.id(9), title: "Water the plants", position: 3, createdAt: at),
        ]
    }

    /// A client's resource body: one VTODO with `todo`'s lines.
    private func body(_ todo: [String], uid: String = "child-1") -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Client//EN", "BEGIN:VTODO", "UID:" + uid, "SUMMARY:Passport",
          "DTSTAMP:20261120T080000Z"] + todo + ["END:VTODO", "END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    /// The lines of `text` that start with `prefix`.
    private func lines(_ text: String, _ prefix: String) -> [String] {
        text.components(separatedBy: "\r\n").filter { $0.hasPrefix(prefix) }
    }

    // MARK: - CalDAV's codec (SUB-14)

    @Test("SUB-14 CalDAV: a RELATED-TO with RELTYPE=PARENT or none names the parent's UID and stays kept; CHILD and SIBLING name none")
    func test_SUB_14_readsTheParentsUID() throws {
        for line in ["RELATED-TO:parent-1", "RELATED-TO;RELTYPE=PARENT:parent-1", "RELATED-TO;RELTYPE=\"parent\":parent-1"] {
            let todo = try CalDAVTodoCodec.read(body([line]), timeZone: testUTC)
            #expect(todo.parentUID == "parent-1", "\(line)")
            #expect(todo.content.parent == nil, "the server finds the task the UID names")
            #expect(todo.kept.contains(line + "\r\n"), "kept as it came until the server finds the task")
        }
        for line in ["RELATED-TO;RELTYPE=CHILD:c-1", "RELATED-TO;RELTYPE=SIBLING:s-1", "RELATED-TO:", "X-RELATED-TO:p"] {
            let todo = try CalDAVTodoCodec.read(body([line]), timeZone: testUTC)
            #expect(todo.parentUID == nil, "\(line)")
            #expect(todo.kept.contains(line + "\r\n"), "\(line)")
        }
        let first = try CalDAVTodoCodec.read(
            body(["RELATED-TO;RELTYPE=CHILD:c-1", "RELATED-TO:p-1", "RELATED-TO;RELTYPE=PARENT:p-2"]), timeZone: testUTC)
        #expect(first.parentUID == "p-1", "the first line that names a parent")
        let long = try CalDAVTodoCodec.read(body(["RELATED-TO:" + String(repeating: "u", count: 256)]), timeZone: testUTC)
        #expect(long.parentUID == nil, "no UID is that long: kept, naming none")
    }

    @Test("SUB-14 CalDAV: keptWithoutParent takes out the lines that name a parent and keeps every other line")
    func test_SUB_14_keptWithoutParent() throws {
        let todo = try CalDAVTodoCodec.read(
            body(["RELATED-TO:p-1", "RELATED-TO;RELTYPE=CHILD:c-1", "RELATED-TO;RELTYPE=PARENT:p-2", "URL:https://example.com/a",
                  "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "END:VALARM"]),
            timeZone: testUTC)
        let kept = CalDAVTodoCodec.keptWithoutParent(todo.kept)
        #expect(kept == "BEGIN:VTODO\r\nRELATED-TO;RELTYPE=CHILD:c-1\r\nURL:https://example.com/a\r\n"
            + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\nEND:VTODO\r\n")
        #expect(CalDAVTodoCodec.keptWithoutParent(kept) == kept)
        #expect(CalDAVTodoCodec.keptWithoutParent("") == "")
    }

    @Test("SUB-14 CalDAV: an item with a parent is written with RELATED-TO;RELTYPE=PARENT and the parent's UID, in place of the kept parent lines")
    func test_SUB_14_writesTheParent() throws {
        let todo = try CalDAVTodoCodec.read(
            body(["RELATED-TO:unknown-1", "RELATED-TO;RELTYPE=SIBLING:s-1"]), timeZone: testUTC)
        var child = items[1]
        let written = CalDAVTodoCodec.write(child, uid: todo.uid, kept: todo.kept, timeZone: testUTC, parentUID: "parent-1")
        #expect(lines(written, "RELATED-TO") == ["RELATED-TO;RELTYPE=PARENT:parent-1", "RELATED-TO;RELTYPE=SIBLING:s-1"])
        let back = try CalDAVTodoCodec.read(written, timeZone: testUTC)
        #expect(back.parentUID == "parent-1")
        // A parent whose UID the server doesn't know (not in the list): no line of its own.
        let unknown = CalDAVTodoCodec.write(child, uid: todo.uid, kept: todo.kept, timeZone: testUTC)
        #expect(lines(unknown, "RELATED-TO") == ["RELATED-TO:unknown-1", "RELATED-TO;RELTYPE=SIBLING:s-1"])
        // An item without a parent: what was kept, as it came; a UID given for it changes nothing.
        child.parent = nil
        let none = CalDAVTodoCodec.write(child, uid: todo.uid, kept: todo.kept, timeZone: testUTC, parentUID: "parent-1")
        #expect(lines(none, "RELATED-TO") == ["RELATED-TO:unknown-1", "RELATED-TO;RELTYPE=SIBLING:s-1"])
        #expect(!CalDAVTodoCodec.write(items[0], uid: "p", kept: "", timeZone: testUTC).contains("RELATED-TO"))
    }

    @Test("SUB-14 CalDAV: a long parent UID is folded like any line and reads back whole")
    func test_SUB_14_longParentUID() throws {
        let uid = String(repeating: "a", count: 120)
        let written = CalDAVTodoCodec.write(items[1], uid: "c", kept: "", timeZone: testUTC, parentUID: uid)
        #expect(written.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        #expect(try CalDAVTodoCodec.read(written, timeZone: testUTC).parentUID == uid)
    }

    // MARK: - Files (SUB-13, SUB-15)

    @Test("SUB-15 an .ics file: RELATED-TO;RELTYPE=PARENT with the parent's id, both ways")
    func test_SUB_15_icalendarFiles() throws {
        let codec = ICalendarFormat(options())
        let text = try codec.encode(items)
        #expect(lines(text, "RELATED-TO") == ["RELATED-TO;RELTYPE=PARENT:" + Self.parentID.lowercasedText])
        #expect(try codec.decode(text).map(\.item.parent) == items.map(\.parent))
    }

    @Test("SUB-15 an .ics file from another app: RELATED-TO without RELTYPE names a VTODO of the file by its UID, else an id; CHILD and other UIDs give none")
    func test_SUB_15_icalendarFromOtherApps() throws {
        func vtodo(_ uid: String, _ summary: String, _ more: [String] = []) -> [String] {
            ["BEGIN:VTODO", "UID:" + uid, "SUMMARY:" + summary] + more + ["END:VTODO"]
        }
        let outside = TestEnvironment.id(7).uuidString  // upper case: still the id
        let file = (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN"]
            + vtodo("trip-1", "Pack") + vtodo("trip-2", "Passport", ["RELATED-TO:trip-1"])
            + vtodo("trip-3", "Charger", ["RELATED-TO;RELTYPE=PARENT:" + outside])
            + vtodo("trip-4", "Tickets", ["RELATED-TO;RELTYPE=CHILD:trip-2", "RELATED-TO:nobody"])
            + ["END:VCALENDAR", ""]).joined(separator: "\r\n")
        let decoded = try ICalendarFormat(options()).decode(file).map(\.item)
        #expect(decoded.map(\.title) == ["Pack", "Passport", "Charger", "Tickets"])
        #expect(decoded[1].parent == decoded[0].id, "a new id, given to the UID the line names")
        #expect(decoded[2].parent == TestEnvironment.id(7))
        #expect(decoded[0].parent == nil && decoded[3].parent == nil)
    }

    @Test("SUB-15 todo.txt: parent: with the parent's id, both ways; one that is no id is refused with its line")
    func test_SUB_15_todoTxt() throws {
        let codec = TodoTxtFormat(options())
        let text = try codec.encode(items)
        #expect(text.components(separatedBy: "\n")[1].hasSuffix(
            " parent:\(Self.parentID.lowercasedText) id:\(Self.childID.lowercasedText)"))
        #expect(text.components(separatedBy: "parent:").count == 2, "only the subtask has one")
        #expect(try codec.decode(text).map(\.item.parent) == items.map(\.parent))
        do {
            _ = try codec.decode("2026-11-20 Passport\n2026-11-20 Charger parent:3\n")
            Issue.record("parent:3 is no id")
        } catch {
            #expect(error.errorDescription == "Line 2: parent:3 is not the id of a to-do (a UUID).")
        }
    }

    @Test("SUB-15 Taskwarrior: the UDA todoparent with the parent's id, both ways; depends is not a parent")
    func test_SUB_15_taskwarrior() throws {
        let codec = TaskwarriorFormat(options())
        let text = try codec.encode(items)
        #expect(text.contains(#""todoparent":"\#(Self.parentID.lowercasedText)""#))
        #expect(!text.contains("depends"))
        #expect(text.components(separatedBy: "todoparent").count == 2, "only the subtask has one")
        #expect(try codec.decode(text).map(\.item.parent) == items.map(\.parent))
        let blocked = #"[{"description":"B","depends":"\#(Self.parentID.lowercasedText)"}]"#
        #expect(try codec.decode(blocked).first?.item.parent == nil, "depends means blocked by")
        do {
            _ = try codec.decode(#"[{"description":"A","todoparent":"trip"}]"#)
            Issue.record("todoparent trip is no id")
        } catch {
            #expect(error.errorDescription == "Task 1: todoparent “trip” is not the id of a to-do (a UUID).")
        }
    }

    @Test("SUB-13 JSON and CSV: \"parent\" and the column parent carry the parent's id, both ways", arguments: [InteropFormat.json, .csv])
    func test_SUB_13_jsonAndCSV(_ format: InteropFormat) throws {
        let codec = format.codec(options())
        let text = try codec.encode(items)
        #expect(text.contains(Self.parentID.lowercasedText))
        #expect(try codec.decode(text).map(\.item.parent) == items.map(\.parent))
    }

    @Test("SUB-13 JSON and CSV: a parent that is not an id is refused, naming its item or line", arguments: [
        (InteropFormat.json, #"[{"title": "A"}, {"title": "B", "parent": "3"}]"#,
         #"Item 2: "parent" “3” is not the id of a to-do (8-4-4-4-12 hexadecimal digits)."#),
        (InteropFormat.csv, "title,parent\nA,\nB,3\n", "Line 3: parent “3” is not the id of a to-do."),
    ])
    func test_SUB_13_notAnID(_ format: InteropFormat, _ text: String, _ message: String) {
        do {
            _ = try format.codec(options()).decode(text)
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.errorDescription == message)
        }
    }

    @Test("SUB-13 an import keeps the ids of its items, so their parents stay theirs; a parent the file lacks stays named", arguments: InteropFormat.allCases)
    func test_SUB_13_importKeepsParents(_ format: InteropFormat) async throws {
        let codec = format.codec(options())
        let (store, _) = try await importFresh(try codec.encode(items), codec)
        #expect(try await store.subtasks(of: Self.parentID).map(\.id) == [Self.childID])
        let (alone, _) = try await importFresh(try codec.encode([items[1]]), codec)
        #expect(try await alone.items().first?.parent == Self.parentID, "SUB-6: shown at the top level, the id kept")
    }
}

import Foundation
import Testing
import TodoCore
import TodoInterop
import TodoTestSupport

/// An item's tags in the file formats and CalDAV (docs/specs/tags.md, TAG-6…10), beyond the
/// fixtures every format's round trip carries.
@Suite("Tags: formats")
struct TagsFormatsTests {
    private func item(_ title: String, project: String? = nil, tags: Tags) -> TodoItem {
        TodoItem(
            id: UUID(), title: title, project: project.map(Project.init(name:)), tags: tags,
            createdAt: InteropFixtures.at("2026-11-20T08:00:00Z"))
    }

    private func vcalendar(prodid: String, _ todo: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:" + prodid, "BEGIN:VTODO", "UID:x-1"] + todo + ["END:VTODO", "END:VCALENDAR", ""])
            .joined(separator: "\r\n")
    }

    @Test("TAG-8 an .ics file: CATEGORIES are the tags, X-TODO-PROJECT the project, both ways; several CATEGORIES lines read in order")
    func test_TAG_8_icalendarFiles() throws {
        let codec = ICalendarFormat(options())
        let items = [item("a", project: "Home", tags: ["errands", "a;b\\c"]), item("b", tags: [])]
        let text = try codec.encode(items)
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.filter { $0.hasPrefix("CATEGORIES") } == [#"CATEGORIES:errands,a\;b\\c"#])
        #expect(lines.filter { $0.hasPrefix("X-TODO-PROJECT") } == ["X-TODO-PROJECT:Home"])
        let back = try codec.decode(text).map(\.item)
        #expect(back.map(\.tags) == items.map(\.tags) && back.map(\.project) == items.map(\.project))
        let several = try codec.decode(vcalendar(prodid: "-//Other//App//EN", ["SUMMARY:c", "CATEGORIES:one,two", "CATEGORIES:three"]))
        #expect(several.first?.item.tags == ["one", "two", "three"] && several.first?.item.project == nil)
    }

    @Test("TAG-8 a file Todo wrote before tags: its first category is the project, the others tags")
    func test_TAG_8_todosOlderFiles() throws {
        let codec = ICalendarFormat(options())
        let old = try codec.decode(vcalendar(prodid: "-//TestDrivenApps//Todo//EN", ["SUMMARY:c", "CATEGORIES:Home Renovation"]))
        #expect(old.first?.item.project == Project(name: "Home Renovation") && old.first?.item.tags == Tags.empty)
        let new = try codec.decode(vcalendar(
            prodid: "-//TestDrivenApps//Todo//EN", ["SUMMARY:c", "X-TODO-PROJECT:Work", "CATEGORIES:Home Renovation"]))
        #expect(new.first?.item.project == Project(name: "Work") && new.first?.item.tags == ["Home Renovation"])
    }

    @Test("TAG-8 CalDAV: a client's CATEGORIES are the item's tags and come back from the item, not from what was kept")
    func test_TAG_8_caldav() throws {
        let body = vcalendar(prodid: "-//Client//EN", ["SUMMARY:Buy milk", "CATEGORIES:Errands,Shopping"])
        let todo = try CalDAVTodoCodec.read(body, timeZone: testUTC)
        #expect(todo.tags == ["Errands", "Shopping"] && !todo.kept.contains("CATEGORIES"))
        var stored = TodoItem(id: UUID(), content: todo.content, createdAt: InteropFixtures.at("2026-11-20T08:00:00Z"))
        stored.tags = ["Errands", "web"]
        let written = CalDAVTodoCodec.write(stored, uid: todo.uid, kept: todo.kept, timeZone: testUTC)
        #expect(written.components(separatedBy: "\r\n").filter { $0.hasPrefix("CATEGORIES") } == ["CATEGORIES:Errands,web"])
        stored.tags = .empty
        #expect(!CalDAVTodoCodec.write(stored, uid: todo.uid, kept: todo.kept, timeZone: testUTC).contains("CATEGORIES"))
        let long = vcalendar(prodid: "-//Client//EN", ["SUMMARY:x", "CATEGORIES:" + String(repeating: "y", count: 51)])
        do {
            _ = try CalDAVTodoCodec.read(long, timeZone: testUTC)
            Issue.record("a category no tag can be is refused")
        } catch {
            #expect(error.message == "Line 7: the tag “\(String(repeating: "y", count: 51))” is longer than 50 characters.")
        }
    }

    @Test("TAG-8 a task synced before tags: its kept CATEGORIES line is given back beside the tags' line; the client's next write makes all of them tags")
    func test_TAG_8_keptCategoriesFromBeforeTags() throws {
        let kept = "BEGIN:VTODO\r\nCATEGORIES:Errands\r\nEND:VTODO\r\n"  // what DAV-10 kept before tags
        var item = TodoItem(id: UUID(), title: "Buy milk", createdAt: InteropFixtures.at("2026-11-20T08:00:00Z"))
        let before = CalDAVTodoCodec.write(item, uid: "u-1", kept: kept, timeZone: testUTC)
        #expect(before.components(separatedBy: "\r\n").filter { $0.hasPrefix("CATEGORIES") } == ["CATEGORIES:Errands"])
        item.tags = ["web"]
        let both = CalDAVTodoCodec.write(item, uid: "u-1", kept: kept, timeZone: testUTC)
        #expect(both.components(separatedBy: "\r\n").filter { $0.hasPrefix("CATEGORIES") }.sorted() == ["CATEGORIES:Errands", "CATEGORIES:web"])
        let written = try CalDAVTodoCodec.read(both, timeZone: testUTC)
        #expect(Set(written.tags.names) == ["Errands", "web"] && !written.kept.contains("CATEGORIES"))
    }

    @Test("TAG-9 todo.txt: one tags: key, each tag encoded; read back with the further +projects and @contexts after it")
    func test_TAG_9_todoTxt() throws {
        let codec = TodoTxtFormat(options())
        let line = codec.line(item("Call", project: "Work", tags: ["two words", "a:b", "家"]))
        #expect(line.contains(" +Work tags:two%20words,a%3Ab,家 "))
        let back = try codec.decode(line + "2026-11-20 Other +Work tags:first +second @home @third\n").map(\.item)
        #expect(back.map(\.tags) == [["two words", "a:b", "家"], ["first", "second", "third"]])
        #expect(back[1].project == Project(name: "Work") && back[1].location == Location(name: "home"))
    }

    @Test("TAG-10 Taskwarrior: tags both ways; a task without tags writes none")
    func test_TAG_10_taskwarrior() throws {
        let codec = TaskwarriorFormat(options())
        let text = try codec.encode([item("a", tags: ["errands", "home"]), item("b", tags: [])])
        #expect(text.contains(#""tags":["errands","home"]"#))
        #expect(text.components(separatedBy: "\n").filter { $0.contains("\"tags\"") }.count == 1)
        #expect(try codec.decode(text).map(\.item.tags) == [["errands", "home"], []])
    }
}

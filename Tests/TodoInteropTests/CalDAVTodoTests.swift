import Foundation
import PropertyBased
import Testing
import TodoCore
import TodoInterop
import TodoTestSupport

/// The iCalendar of one CalDAV resource (docs/specs/caldav.md DAV-10 and DAV-11; the mapping
/// in docs/interop.md, "CalDAV — one item, one resource").
@Suite("CalDAV resource codec")
struct CalDAVTodoTests {
    typealias Samples = CalDAVSamples

    /// The item the server would make of `todo` (as a store would, with timestamps).
    func item(_ todo: CalDAVTodo, position: Double = 0) -> TodoItem {
        // Every field the resource carries (the project is the calendar's, never the resource's).
        TodoItem(
            id: UUID(uuidString: "6f1c7a52-3b1e-4c8e-9a3d-2f4b5c6d7e01")!, content: todo.content,
            position: position, createdAt: InteropFixtures.at("2026-11-20T08:00:00Z"),
            updatedAt: InteropFixtures.at("2026-11-21T09:30:00.250Z"),
            completedAt: todo.isDone ? (todo.completedAt ?? InteropFixtures.at("2026-11-21T09:30:00Z")) : nil)
    }

    /// The content lines of a body: unfolded, CRLF gone.
    func unfolded(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n").dropLast()
    }

    /// `needle` as one run of consecutive lines of `lines`.
    func contains(_ lines: [String], run needle: [String]) -> Bool {
        guard needle.count <= lines.count else { return false }
        return (0...(lines.count - needle.count)).contains { Array(lines[$0..<($0 + needle.count)]) == needle }
    }

    /// Reads, writes the item made of it, reads again: the second read says what the first did.
    func expectRoundTrip(_ body: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> (CalDAVTodo, String) {
        let first = try CalDAVTodoCodec.read(Samples.body(body), timeZone: testUTC)
        let written = CalDAVTodoCodec.write(item(first), uid: first.uid, kept: first.kept, timeZone: testUTC)
        var again = try CalDAVTodoCodec.read(written, timeZone: testUTC)
        #expect(again.kept == first.kept, sourceLocation: sourceLocation)
        again.completedAt = first.completedAt  // a store's own time when the client gave none
        again.sortOrder = first.sortOrder  // the server's position, not the client's
        #expect(again == first, sourceLocation: sourceLocation)
        return (first, written)
    }

    // MARK: - DAV-10 Round trip

    @Test("DAV-10 Apple Reminders: the fields are read, the rest is kept")
    func test_DAV_10_apple() throws {
        let todo = try CalDAVTodoCodec.read(Samples.body(Samples.apple), timeZone: testUTC)
        #expect(todo.uid == "6F1C3A2B-90D4-4E4B-9C7E-3C1D2A0B9F11")
        #expect(todo.title == "Call the dentist")
        #expect(todo.details == nil)
        #expect(!todo.isDone)
        #expect(todo.dueDate == CalendarDate(year: 2026, month: 12, day: 1))
        #expect(todo.location == Location(name: "Praxis Dr. Weiß Friedrichstraße 1, Berlin"))
        #expect(todo.sortOrder == 720_000_123)
        #expect(todo.repeatRule == nil)
        #expect(todo.priority == Priority(number: 1), "PRIO-7")
        let kept = todo.kept.components(separatedBy: "\r\n")
        for line in Samples.berlinZone + Samples.appleAlarm + [
            "SEQUENCE:2", Samples.appleStructuredLocation,
            "DUE;TZID=Europe/Berlin:20261201T090000", "DTSTART;TZID=Europe/Berlin:20261201T090000",
        ] {
            #expect(kept.contains(line), "\(line)")
        }
        #expect(!kept.contains("UID:6F1C3A2B-90D4-4E4B-9C7E-3C1D2A0B9F11"))
        for modelled in ["SUMMARY", "STATUS", "LOCATION", "X-APPLE-SORT-ORDER", "DTSTAMP", "CREATED", "VERSION", "PRODID", "PRIORITY"] {
            #expect(!kept.contains { $0.hasPrefix(modelled + ":") }, "\(modelled)")
        }
        _ = try expectRoundTrip(Samples.apple)
    }

    @Test("DAV-10 a VALARM comes back unchanged")
    func test_DAV_10_valarm() throws {
        let (todo, written) = try expectRoundTrip(Samples.apple)
        let lines = unfolded(written)
        #expect(contains(lines, run: Samples.appleAlarm))
        // Inside the VTODO, after its properties.
        let alarm = try #require(lines.firstIndex(of: "BEGIN:VALARM"))
        #expect(lines.firstIndex(of: "BEGIN:VTODO")! < alarm && alarm < lines.firstIndex(of: "END:VTODO")!)
        // Also when the item changed elsewhere.
        var changed = item(todo)
        changed.title = "Call the dentist, ask for Tuesday"
        changed.isDone = true
        #expect(contains(unfolded(CalDAVTodoCodec.write(changed, uid: todo.uid, kept: todo.kept, timeZone: testUTC)), run: Samples.appleAlarm))
    }

    @Test("DAV-10 the calendar's VTIMEZONE is kept, before the VTODO; X-WR- properties too")
    func test_DAV_10_timeZone() throws {
        var body = Samples.thunderbird
        body.insert("X-WR-CALNAME:Work", at: 3)
        body.insert("CALSCALE:GREGORIAN", at: 3)
        let (todo, written) = try expectRoundTrip(body)
        let lines = unfolded(written)
        #expect(contains(lines, run: Samples.berlinZone))
        #expect(lines.firstIndex(of: "END:VTIMEZONE")! < lines.firstIndex(of: "BEGIN:VTODO")!)
        #expect(lines.filter { $0 == "X-WR-CALNAME:Work" }.count == 1)
        #expect(lines.filter { $0.hasPrefix("CALSCALE") } == ["CALSCALE:GREGORIAN"])
        #expect(lines.prefix(3) == ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//TestDrivenApps//Todo//EN"])
        #expect(!todo.kept.contains("VERSION") && !todo.kept.contains("PRODID"))
    }

    @Test("DAV-10 TIME-8 a DUE and DTSTART with a time come back while the due date and time are unchanged; a new due date is Todo's DUE")
    func test_DAV_10_due() throws {
        let (todo, written) = try expectRoundTrip(Samples.thunderbird)
        #expect(todo.dueDate == CalendarDate(year: 2026, month: 11, day: 27))
        #expect(todo.dueTime == TimeOfDay(hour: 16, minute: 0), "17:00 in Berlin is 16:00 on the owner's (UTC) clock")
        #expect(unfolded(written).contains("DUE;TZID=Europe/Berlin:20261127T170000"))
        #expect(unfolded(written).contains("DTSTART;TZID=Europe/Berlin:20261123T090000"))
        #expect(!unfolded(written).contains { $0.hasPrefix("DUE;VALUE=DATE") })

        var moved = item(todo)
        moved.dueDate = CalendarDate(year: 2026, month: 11, day: 30)
        let lines = unfolded(CalDAVTodoCodec.write(moved, uid: todo.uid, kept: todo.kept, timeZone: testUTC))
        #expect(lines.filter { $0.hasPrefix("DUE") } == ["DUE:20261130T160000Z"], "the time stays (TIME-2), written in UTC")
        #expect(!lines.contains("DTSTART;TZID=Europe/Berlin:20261123T090000"), "the start went with the old due date")
        #expect(try CalDAVTodoCodec.read(Samples.body(lines), timeZone: testUTC).dueDate == moved.dueDate)
        moved.dueTime = nil
        let untimed = unfolded(CalDAVTodoCodec.write(moved, uid: todo.uid, kept: todo.kept, timeZone: testUTC))
        #expect(untimed.filter { $0.hasPrefix("DUE") } == ["DUE;VALUE=DATE:20261130"])
        #expect(!untimed.contains { $0.hasPrefix("DTSTART;") })

        var cleared = item(todo)
        (cleared.dueDate, cleared.dueTime) = (nil, nil)
        let none = unfolded(CalDAVTodoCodec.write(cleared, uid: todo.uid, kept: todo.kept, timeZone: testUTC))
        #expect(!none.contains { $0.hasPrefix("DUE") || $0.hasPrefix("DTSTART;") })
        #expect(contains(none, run: Samples.berlinZone), "the rest stays")
    }

    @Test("DAV-10 PRIO-7 TAG-8 Tasks.org through DAVx5: RELATED-TO kept; PRIORITY, CATEGORIES, the repeat days and sort order read")
    func test_DAV_10_tasksOrg() throws {
        let (todo, written) = try expectRoundTrip(Samples.tasksOrg)
        #expect(todo.uid == "1840627523658163419")
        #expect(todo.title == "Buy milk" && todo.details == "Oat, not soy")
        #expect(todo.dueDate == CalendarDate(year: 2026, month: 11, day: 26))
        #expect(todo.repeatRule == .weekly(on: [.monday, .thursday]))
        #expect(todo.sortOrder == -12)
        #expect(todo.priority == Priority(number: 9))
        #expect(todo.tags == ["Errands", "Shopping"])
        #expect(!todo.kept.contains("CATEGORIES"), "the tags are the item's, written from it")
        let lines = unfolded(written)
        for line in ["PRIORITY:9", "RELATED-TO;RELTYPE=PARENT:4512331238721389012", "CATEGORIES:Errands,Shopping",
                     "DTSTART;VALUE=DATE:20261123", "DUE;VALUE=DATE:20261126", "RRULE:FREQ=WEEKLY;BYDAY=MO,TH",
                     "UID:1840627523658163419"] {
            #expect(lines.contains(line), "\(line)")
        }
        #expect(lines.filter { $0.hasPrefix("CATEGORIES") || $0.hasPrefix("RRULE") || $0.hasPrefix("DTSTART") }.count == 3)
    }

    @Test("DAV-10 Thunderbird: X-MOZ- properties, CLASS and the alarm kept; details unescaped")
    func test_DAV_10_thunderbird() throws {
        let (todo, written) = try expectRoundTrip(Samples.thunderbird)
        #expect(todo.details == "Two pages, with figures.\nSend to Anna.")
        let lines = unfolded(written)
        for line in ["X-MOZ-GENERATION:3", "X-MOZ-LASTACK:20261121T085900Z", "CLASS:PRIVATE",
                     "TRIGGER;VALUE=DURATION;RELATED=END:-PT15M", #"DESCRIPTION:Two pages\, with figures.\nSend to Anna."#] {
            #expect(lines.contains(line), "\(line)")
        }
    }

    @Test("DAV-10 TAG-8 todoman: a hex UID, a UTC DUE date-time, PRIORITY and CATEGORIES")
    func test_DAV_10_todoman() throws {
        let (todo, written) = try expectRoundTrip(Samples.todoman)
        #expect(todo.uid == "c1d9fb8a8a6b4b8f9f4fcb0d2e5b8f3a")
        #expect(todo.dueDate == CalendarDate(year: 2026, month: 12, day: 2))
        #expect(!todo.isDone)
        #expect(todo.priority == Priority(number: 5))
        #expect(todo.tags == ["admin"])
        let lines = unfolded(written)
        for line in ["UID:c1d9fb8a8a6b4b8f9f4fcb0d2e5b8f3a", "DUE:20261202T170000Z", "PRIORITY:5", "CATEGORIES:admin", "SEQUENCE:1"] {
            #expect(lines.contains(line), "\(line)")
        }
        #expect(lines.filter { $0.hasPrefix("PERCENT-COMPLETE") } == ["PERCENT-COMPLETE:0"])
    }

    @Test("DAV-10 an open item keeps the client's open STATUS and PERCENT-COMPLETE; done writes COMPLETED and 100")
    func test_DAV_10_openStatus() throws {
        let body = Samples.thunderbird.map { $0 == "STATUS:NEEDS-ACTION" ? "STATUS:IN-PROCESS" : $0 }
        var withPercent = body
        withPercent.insert("PERCENT-COMPLETE:40", at: withPercent.firstIndex(of: "STATUS:IN-PROCESS")! + 1)
        let (todo, written) = try expectRoundTrip(withPercent)
        #expect(!todo.isDone)
        #expect(contains(unfolded(written), run: ["STATUS:IN-PROCESS"]) && unfolded(written).contains("PERCENT-COMPLETE:40"))
        #expect(unfolded(written).filter { $0.hasPrefix("STATUS") }.count == 1)
        var done = item(todo)
        done.isDone = true
        done.completedAt = InteropFixtures.at("2026-11-22T07:00:00Z")
        let lines = unfolded(CalDAVTodoCodec.write(done, uid: todo.uid, kept: todo.kept, timeZone: testUTC))
        #expect(lines.filter { $0.hasPrefix("STATUS") || $0.hasPrefix("PERCENT") || $0.hasPrefix("COMPLETED") }
            == ["STATUS:COMPLETED", "COMPLETED:20261122T070000Z", "PERCENT-COMPLETE:100"])
        let back = try CalDAVTodoCodec.read(Samples.body(lines), timeZone: testUTC)
        #expect(back.isDone && back.completedAt == done.completedAt)
    }

    @Test("DAV-10 an item made elsewhere: every modelled property written from the item, CRLF")
    func test_DAV_10_write() {
        var item = InteropFixtures.items[0]
        item.position = -2.5
        let text = CalDAVTodoCodec.write(item, uid: "item-1", kept: "", timeZone: testUTC)
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//TestDrivenApps//Todo//EN\r\nCALSCALE:GREGORIAN\r\nBEGIN:VTODO\r\nUID:item-1\r\n"))
        #expect(text.hasSuffix("END:VTODO\r\nEND:VCALENDAR\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        let lines = unfolded(text)
        for line in [
            #"SUMMARY:Café ☕ “curly” "straight"\, commas\; semicolons \\ backslash"#, "STATUS:NEEDS-ACTION",
            "DUE;VALUE=DATE:20261201", "DTSTART;VALUE=DATE:20261201", "RRULE:FREQ=WEEKLY;BYDAY=MO,FR",
            #"LOCATION:Bäckerei Müller\, Straße 5"#, "GEO:52.52;13.405", "X-TODO-ESTIMATE:PT1H30M",
            "X-APPLE-SORT-ORDER:-3", "CREATED:20261101T081530Z", "LAST-MODIFIED:20261120T174501Z", "DTSTAMP:20261120T174501Z",
            "CATEGORIES:errands,家",
        ] {
            #expect(lines.contains(line), "\(line)")
        }
        #expect(!lines.contains { $0.hasPrefix("X-TODO-PROJECT") || $0.hasPrefix("X-TODO-ORDER") }, "the collection is the project")
        let done = unfolded(CalDAVTodoCodec.write(InteropFixtures.items[4], uid: "item-5", kept: "", timeZone: testUTC))
        #expect(contains(done, run: ["STATUS:COMPLETED", "COMPLETED:20261119T203015Z", "PERCENT-COMPLETE:100"]))
    }

    @Test("DAV-10 lines are folded at 75 octets and kept lines keep their bytes")
    func test_DAV_10_folding() throws {
        let long = #"X-CUSTOM;X-NOTE="a;b:c, d";LANGUAGE=de:Weiß \, escaped\; \\n and 漢字 😀 "# + "\u{2028}\u{85}" + String(repeating: "é🍣", count: 40)
        var body = Samples.todoman
        body.insert(long, at: 5)
        let (_, written) = try expectRoundTrip(body)
        let physical = written.components(separatedBy: "\r\n").dropLast()
        #expect(physical.allSatisfy { $0.utf8.count <= 75 })
        #expect(unfolded(written).contains(long))
        // Folded LF-only input reads the same.
        #expect(try CalDAVTodoCodec.read(written.replacingOccurrences(of: "\r\n", with: "\n"), timeZone: testUTC) == CalDAVTodoCodec.read(written, timeZone: testUTC))
    }

    /// A client's RRULE, the rule Todo reads (nil: refused), and whether its text is kept (a
    /// spelling other than the rule's own, or a rule Todo refuses).
    static let rules: [(String, String?, Bool)] = [
        ("RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR", "FREQ=WEEKLY;BYDAY=MO,WE,FR", false),
        ("RRULE:FREQ=WEEKLY;INTERVAL=1;WKST=MO;BYDAY=SU", "FREQ=WEEKLY;BYDAY=SU", true),
        ("RRULE:FREQ=DAILY", "FREQ=DAILY", false),
        ("RRULE:FREQ=WEEKLY", "FREQ=WEEKLY", false),
        ("RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", false),
        ("RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=5", "FREQ=WEEKLY;BYDAY=MO;COUNT=5", false),
        ("RRULE:FREQ=MONTHLY;BYDAY=1MO", "FREQ=MONTHLY;BYDAY=1MO", false),
        ("RRULE:freq=monthly;byday=-1fr", "FREQ=MONTHLY;BYDAY=-1FR", true),
        ("RRULE:FREQ=YEARLY;BYWEEKNO=20", "FREQ=YEARLY;BYWEEKNO=20", false),
        ("RRULE:FREQ=FORTNIGHTLY", nil, true),
    ]

    @Test("DAV-10 REPEAT-16 a client's RRULE is the item's rule and comes back as it sent it; one Todo refuses is kept and gives none", arguments: Self.rules)
    func test_DAV_10_rules(rule: String, read: String?, kept: Bool) throws {
        var body = Samples.todoman
        body.insert(contentsOf: ["DTSTART;VALUE=DATE:20261124", rule], at: 5)
        let (todo, written) = try expectRoundTrip(body)
        #expect(todo.repeatRule?.rruleText == read)
        #expect(todo.kept.contains(rule) == kept)
        #expect(unfolded(written).filter { $0.hasPrefix("RRULE") } == [rule])
        // A rule set elsewhere replaces the client's.
        var weekly = item(todo)
        weekly.repeatRule = .weekly(on: [.saturday])
        let lines = unfolded(CalDAVTodoCodec.write(weekly, uid: todo.uid, kept: todo.kept, timeZone: testUTC))
        #expect(lines.filter { $0.hasPrefix("RRULE") } == ["RRULE:FREQ=WEEKLY;BYDAY=SA"])
        // After completion goes beside it, and is read back (REPEAT-16).
        weekly.repeatRule?.afterCompletion = true
        let after = CalDAVTodoCodec.write(weekly, uid: todo.uid, kept: todo.kept, timeZone: testUTC)
        #expect(unfolded(after).contains("X-TODO-REPEAT-FROM:COMPLETION"))
        #expect(try CalDAVTodoCodec.read(after, timeZone: testUTC).repeatRule == weekly.repeatRule)
    }

    static let doneLines: [([String], Bool)] = [
        (["STATUS:COMPLETED"], true), (["COMPLETED:20261121T101500Z"], true), (["PERCENT-COMPLETE:100"], true),
        (["STATUS:NEEDS-ACTION", "PERCENT-COMPLETE:40"], false), (["STATUS:CANCELLED"], false), ([], false),
    ]

    @Test("DAV-10 done: STATUS:COMPLETED, a COMPLETED date or PERCENT-COMPLETE:100", arguments: Self.doneLines)
    func test_DAV_10_done(lines: [String], done: Bool) throws {
        var body = Samples.todoman
        body.insert(contentsOf: lines, at: 5)
        let todo = try CalDAVTodoCodec.read(Samples.body(body), timeZone: testUTC)
        #expect(todo.isDone == done)
        #expect(todo.completedAt == (lines.first == "COMPLETED:20261121T101500Z" ? InteropFixtures.at("2026-11-21T10:15:00Z") : nil))
    }

    @Test("DAV-10 the estimate as X-TODO-ESTIMATE; GEO without LOCATION is named by its coordinates")
    func test_DAV_10_estimateAndGeo() throws {
        var body = Samples.todoman
        body.insert(contentsOf: ["X-TODO-ESTIMATE:PT1H30M", "GEO:52.52;13.405"], at: 5)
        let (todo, written) = try expectRoundTrip(body)
        #expect(todo.estimateMinutes == 90)
        #expect(todo.location == Location(name: "52.52, 13.405", latitude: 52.52, longitude: 13.405))
        #expect(unfolded(written).contains("X-TODO-ESTIMATE:PT1H30M"))
    }

    @Test("DAV-10 draft and changes: only the fields that differ, cleared ones as .some(nil)")
    func test_DAV_10_draftAndChanges() throws {
        let todo = try CalDAVTodoCodec.read(Samples.body(Samples.tasksOrg), timeZone: testUTC)
        let draft = todo.draft(project: Project(name: "Errands"))
        #expect(draft == TodoDraft(
            title: "Buy milk", details: "Oat, not soy", dueDate: CalendarDate(year: 2026, month: 11, day: 26),
            project: Project(name: "Errands"), repeatRule: .weekly(on: [.monday, .thursday]), priority: Priority(number: 9),
            tags: ["Errands", "Shopping"]))
        var stored = item(todo, position: 7)
        stored.project = Project(name: "Other")
        #expect(todo.changes(from: stored) == TodoChanges())
        stored.title = "Buy oat milk"
        stored.details = nil
        stored.isDone = true
        stored.dueDate = nil
        stored.location = Location(name: "Shop")
        stored.estimateMinutes = 15
        stored.repeatRule = nil
        stored.priority = .undefined
        stored.tags = ["Shopping"]
        #expect(todo.changes(from: stored) == TodoChanges(
            title: "Buy milk", details: .some("Oat, not soy"), isDone: false, dueDate: .some(CalendarDate(year: 2026, month: 11, day: 26)),
            location: .some(nil), estimateMinutes: .some(nil), repeatRule: .weekly(on: [.monday, .thursday]), priority: Priority(number: 9),
            tags: ["Errands", "Shopping"]))
    }

    // A title of letters that need escaping, line breaks, CJK and emoji.
    static let alphabet: [Character] = Array("aZé ,;:\\\"漢😀\t")
    static let text = Gen<Character?>.element(of: alphabet).map { $0! }.string(of: 0...90)
    static let samples = [Samples.apple, Samples.tasksOrg, Samples.thunderbird, Samples.todoman, []]

    @Test("DAV-10 round trip: reading what was written gives back the fields and the kept text")
    func test_DAV_10_property() async {
        await propertyCheck(count: 150, input: Self.text, Self.text, Gen.int(in: 0...Int(Int32.max))) { title, details, code in
            var parts = code
            func pick(_ count: Int) -> Int {
                defer { parts /= count }
                return parts % count
            }
            let sample = Self.samples[pick(Self.samples.count)]
            let kept = sample.isEmpty ? "" : (try? CalDAVTodoCodec.read(Samples.body(sample), timeZone: testUTC).kept) ?? "?"
            var item = InteropFixtures.items[pick(InteropFixtures.items.count)]
            let trimmed = title.replacingOccurrences(of: "\t", with: " ").trimmingCharacters(in: .whitespacesAndNewlines)
            item.title = trimmed.isEmpty ? "(untitled)" : trimmed
            item.details = details.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : details
            item.isDone = pick(2) == 1
            item.completedAt = item.isDone ? InteropFixtures.at("2026-11-21T10:15:00Z") : nil
            item.dueDate = [nil, CalendarDate(year: 2026, month: 12, day: 1), CalendarDate(year: 2026, month: 11, day: 27)][pick(3)]
            item.repeatRule = RepeatRule.on(Set(Weekday.allCases.filter { _ in pick(2) == 1 }))
            item.estimateMinutes = [nil, 1, 45, 600, 10_080][pick(5)]
            item.location = [nil, Location(name: "Home"), Location(name: "Lab, 2nd floor", latitude: -33.5, longitude: 151.25)][pick(3)]
            item.position = [0, -12, 1e12, 3.75, -0.5][pick(5)]
            let written = CalDAVTodoCodec.write(item, uid: "uid-\(code)", kept: kept, timeZone: TimeZone(identifier: "Europe/Berlin")!)
            guard let back = try? CalDAVTodoCodec.read(written, timeZone: testUTC) else {
                Issue.record("unreadable: \(written)")
                return
            }
            #expect(back.uid == "uid-\(code)")
            #expect(back.title == item.title && back.details == item.details.map { $0.replacingOccurrences(of: "\r\n", with: "\n") })
            #expect(back.isDone == item.isDone && back.completedAt == item.completedAt)
            #expect(back.dueDate == item.dueDate && back.repeatRule == item.repeatRule)
            #expect(back.location == item.location && back.estimateMinutes == item.estimateMinutes)
            #expect(back.sortOrder == Int(item.position.rounded(.down)))
            // What was kept comes back, and writing again gives the same text.
            #expect(CalDAVTodoCodec.write(item, uid: back.uid, kept: back.kept, timeZone: TimeZone(identifier: "Europe/Berlin")!) == written)
            let keptLines = Set(kept.components(separatedBy: "\r\n")), backLines = Set(back.kept.components(separatedBy: "\r\n"))
            let stale = keptLines.subtracting(backLines)
            let replaced = ["DUE", "DTSTART", "RRULE", "STATUS", "PERCENT-COMPLETE"]
            #expect(stale.allSatisfy { line in replaced.contains { line.hasPrefix($0) } }, "only what changed elsewhere goes: \(stale)")
            #expect(backLines.subtracting(keptLines).isEmpty)
        }
    }

    // MARK: - DAV-11 Bad bodies

    static let todo = ["BEGIN:VTODO", "UID:a", "SUMMARY:A", "END:VTODO"]
    static func calendar(_ lines: [String]) -> [String] { ["BEGIN:VCALENDAR", "VERSION:2.0"] + lines + ["END:VCALENDAR"] }

    static let badBodies: [([String], String)] = [
        ([], "The body is empty; a CalDAV resource is a VCALENDAR holding one VTODO."),
        (["BEGIN:VTODO", "UID:a", "END:VTODO"], "Line 1: a CalDAV resource starts with BEGIN:VCALENDAR."),
        (["Hello"], "Line 1: “Hello” is not a content line of the form NAME:value."),
        (calendar([]), "The VCALENDAR holds no VTODO; a resource here is one task."),
        (calendar(todo + todo), "Line 7: a second VTODO; a resource holds exactly one VTODO."),
        (calendar(["BEGIN:VEVENT", "UID:e", "END:VEVENT"] + todo),
         "Line 3: BEGIN:VEVENT is not allowed here; a resource holds one VTODO and no events or journal entries."),
        (calendar(todo + ["BEGIN:VJOURNAL", "END:VJOURNAL"]),
         "Line 7: BEGIN:VJOURNAL is not allowed here; a resource holds one VTODO and no events or journal entries."),
        (calendar(["BEGIN:VTODO", "UID:a", "END:VALARM"]), "Line 5: END:VALARM does not close the component that is open."),
        (["BEGIN:VCALENDAR"] + todo, "Line 1: BEGIN:VCALENDAR is never closed by END:VCALENDAR."),
        (calendar(todo) + ["X-MORE:1"], "Line 8: there is more after END:VCALENDAR; a resource holds one VCALENDAR."),
        (calendar(["BEGIN:VTODO", "SUMMARY:A", "END:VTODO"]), "The VTODO at line 3 has no UID; every resource needs one."),
        (calendar(["BEGIN:VTODO", "UID:" + String(repeating: "u", count: 256), "END:VTODO"]),
         "Line 4: the UID is 256 characters long; it can be at most 255."),
        (calendar(["BEGIN:VTODO", "UID:a", "DUE:20261301", "END:VTODO"]), "Line 5: DUE “20261301” is not a date such as 20261201 or a date-time."),
        (calendar(["BEGIN:VTODO", "UID:a", "DUE;TZID=Europe/Berlin:20261201T250000", "END:VTODO"]),
         "Line 5: DUE “20261201T250000” is not a date such as 20261201 or a date-time."),
        (calendar(["BEGIN:VTODO", "UID:a", "DTSTART:tomorrow", "END:VTODO"]), "Line 5: DTSTART “tomorrow” is not a date such as 20261201 or a date-time."),
        (calendar(["BEGIN:VTODO", "UID:a", "COMPLETED:20261121", "END:VTODO"]),
         "Line 5: COMPLETED “20261121” is not a date-time such as 20261121T090000Z."),
        (calendar(["BEGIN:VTODO", "UID:a", "DTSTAMP:yesterday", "END:VTODO"]),
         "Line 5: DTSTAMP “yesterday” is not a date-time such as 20261121T090000Z."),
        (calendar(["BEGIN:VTODO", "UID:a", "SUMMARY:" + String(repeating: "x", count: 501), "END:VTODO"]),
         "Line 5: the title is 501 characters long; it can be at most 500."),
        (calendar(["BEGIN:VTODO", "UID:a", "DESCRIPTION:" + String(repeating: "x", count: 10_001), "END:VTODO"]),
         "Line 5: the details are 10001 characters long; they can be at most 10000."),
        (calendar(["BEGIN:VTODO", "UID:a", "LOCATION:" + String(repeating: "x", count: 201), "END:VTODO"]),
         "Line 5: the location name is 201 characters long; it can be at most 200."),
        (calendar(["BEGIN:VTODO", "UID:a", "GEO:91;10", "END:VTODO"]), "Line 5: the latitude 91.0 is outside -90…90."),
        (calendar(["BEGIN:VTODO", "UID:a", "GEO:north", "END:VTODO"]), "Line 5: GEO “north” is not a latitude and longitude such as 52.52;13.405."),
        (calendar(["BEGIN:VTODO", "UID:a", "X-TODO-ESTIMATE:P30D", "END:VTODO"]), "Line 5: the estimate of 43200 minutes is outside 1 minute…1 week."),
        (calendar(["BEGIN:VTODO", "UID:a", "SUMMARY:bell\u{07}", "END:VTODO"]),
         "Line 5: the line holds the control character U+0007, which iCalendar does not allow."),
        (calendar(["BEGIN:VTODO", "UID:a"] + (1...8).map { "BEGIN:X-\($0)" } + (1...8).reversed().map { "END:X-\($0)" } + ["END:VTODO"]),
         "Line 11: BEGIN:X-7 nests components more than 8 deep."),
    ]

    @Test("DAV-11 a malformed body is refused with a sentence that names the line", arguments: Self.badBodies)
    func test_DAV_11_refused(body: [String], message: String) {
        #expect { try CalDAVTodoCodec.read(Samples.body(body), timeZone: testUTC) } throws: { ($0 as? CalDAVTodoError)?.message == message }
        #expect(CalDAVTodoError(message).localizedDescription == message)
    }

    @Test("DAV-27 an event, a journal entry or free/busy time in the body is named as unsupported; other faults are not")
    func test_DAV_27_unsupportedComponent() {
        let cases: [([String], String?)] = [
            (Self.calendar(["BEGIN:VEVENT", "UID:e", "END:VEVENT"]), "VEVENT"),
            (Self.calendar(["BEGIN:VEVENT", "UID:e", "END:VEVENT"] + Self.todo), "VEVENT"),
            (Self.calendar(Self.todo + ["BEGIN:VJOURNAL", "END:VJOURNAL"]), "VJOURNAL"),
            (Self.calendar(["BEGIN:VFREEBUSY", "END:VFREEBUSY"]), "VFREEBUSY"),
            (Self.calendar(Self.todo + Self.todo), nil),
            (Self.calendar(["BEGIN:VTODO", "UID:a", "DUE:20261301", "END:VTODO"]), nil),
        ]
        for (body, component) in cases {
            #expect { try CalDAVTodoCodec.read(Samples.body(body), timeZone: testUTC) } throws: {
                ($0 as? CalDAVTodoError)?.unsupportedComponent == component
            }
        }
    }

    static let untitledLines: [([String], String)] = [
        ([String](), "(untitled)"), (["SUMMARY:"], "(untitled)"), (["SUMMARY:  \\n "], "(untitled)"),
        (["SUMMARY:  Two\\nlines  "], "Two lines"),
        (["SUMMARY:a\tb"], "a b"),
    ]

    @Test("DAV-11 a missing or blank SUMMARY becomes “(untitled)”; line breaks and tabs in a title become spaces", arguments: Self.untitledLines)
    func test_DAV_11_untitled(lines: [String], title: String) throws {
        let todo = try CalDAVTodoCodec.read(Samples.body(Self.calendar(["BEGIN:VTODO", "UID:a"] + lines + ["END:VTODO"])), timeZone: testUTC)
        #expect(todo.title == title)
        #expect(todo.kept == "")
    }

    @Test("DAV-11 hostile bodies: no crash, and nothing kept beyond the body's own size")
    func test_DAV_11_hostile() throws {
        let mebibyte = 1 << 20
        // One property folded over a mebibyte of continuation lines.
        let folded = "X-BIG:" + String(repeating: "\r\n a", count: mebibyte / 4)
        // Thousands of alarms; a component nested just deep enough.
        let alarms = Array(repeating: ["BEGIN:VALARM", "TRIGGER:-PT5M", "ACTION:DISPLAY", "END:VALARM"], count: 20_000).flatMap { $0 }
        let deep = (1...6).map { "BEGIN:X-\($0)" } + (1...6).reversed().map { "END:X-\($0)" }
        for body in [
            Samples.body(Self.calendar(["BEGIN:VTODO", "UID:a", folded, "END:VTODO"])),
            Samples.body(Self.calendar(["BEGIN:VTODO", "UID:a"] + alarms + deep + ["END:VTODO"])),
        ] {
            let todo = try CalDAVTodoCodec.read(body, timeZone: testUTC)
            #expect(todo.kept.utf8.count <= body.utf8.count)
            let written = CalDAVTodoCodec.write(item(todo), uid: todo.uid, kept: todo.kept, timeZone: testUTC)
            #expect(try CalDAVTodoCodec.read(written, timeZone: testUTC).kept == todo.kept)
        }
        // Endless nesting and endless BEGIN lines are refused, not followed.
        let nested = Self.calendar(["BEGIN:VTODO", "UID:a"] + Array(repeating: "BEGIN:X", count: 100_000))
        #expect(throws: CalDAVTodoError.self) { try CalDAVTodoCodec.read(Samples.body(nested), timeZone: testUTC) }
        for garbage in ["\u{0}\u{0}", String(repeating: ":", count: 1000), "BEGIN:VCALENDAR\r\n" + String(repeating: ";", count: 5000) + "\r\n",
                        "BEGIN:VCALENDAR\r\nEND:VTODO\r\n", "\u{FEFF}", "\r\n \r\n \r\n"] {
            #expect(throws: CalDAVTodoError.self) { try CalDAVTodoCodec.read(garbage, timeZone: testUTC) }
        }
        // Whatever is stored as kept, writing never crashes.
        for kept in ["END:VTODO\r\nEND:VTODO\r\n", "BEGIN:VTODO\r\nBEGIN:VTODO\r\n", "END:X\r\n", ":\r\n;\r\n", "DUE:junk\r\n"] {
            #expect(CalDAVTodoCodec.write(item(CalDAVTodo(uid: "a", title: "A")), uid: "a", kept: kept, timeZone: testUTC).hasSuffix("END:VCALENDAR\r\n"))
        }
    }
}

import Foundation
import TodoCore

/// One CalDAV resource read: a VCALENDAR holding one VTODO (docs/specs/caldav.md, DAV-10 and
/// DAV-11; the mapping is in docs/interop.md, "CalDAV — one item, one resource"). Its fields
/// are read by name (`todo.title`) through dynamic member lookup.
@dynamicMemberLookup
public struct CalDAVTodo: Equatable, Sendable {
    public var uid: String
    /// The item's fields (the project is the collection's, never the resource's): SUMMARY (a
    /// missing or blank one becomes "(untitled)"); DESCRIPTION; done by STATUS:COMPLETED, a
    /// COMPLETED date, or PERCENT-COMPLETE:100; DUE as the due date and time (a DATE is a day
    /// without a time; a DATE-TIME — UTC, TZID= or floating — the day and time it is in the
    /// owner's zone, TIME-8); RRULE as the repeat rule (one Todo refuses is kept verbatim and
    /// gives no repeat); and the properties `ICalendarContent` maps (LOCATION + GEO,
    /// X-TODO-ESTIMATE, PRIORITY, CATEGORIES, X-TODO-REPEAT-FROM).
    public var content: TodoContent
    /// COMPLETED.
    public var completedAt: Date?
    /// X-APPLE-SORT-ORDER.
    public var sortOrder: Int?
    /// The UID of the task this one sits under (SUB-14): the first RELATED-TO whose RELTYPE is
    /// PARENT or absent. The line stays in `kept` (the server takes it out once it finds the
    /// task, `CalDAVTodoCodec.keptWithoutParent`); `content.parent` is the server's to set.
    public var parentUID: String?
    /// Everything Todo doesn't model, in a form `write` gives back unchanged (opaque to others).
    public var kept: String

    public init(uid: String, title: String, completedAt: Date? = nil, sortOrder: Int? = nil, kept: String = "") {
        self.uid = uid
        content = TodoContent(title: title)
        self.completedAt = completedAt
        self.sortOrder = sortOrder
        self.kept = kept
    }

    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<TodoContent, Value>) -> Value {
        get { content[keyPath: keyPath] }
        set { content[keyPath: keyPath] = newValue }
    }

    /// The fields as a draft for a new item in `project`.
    public func draft(project: Project?) -> TodoDraft {
        var content = content
        content.project = project
        return TodoDraft(content: content, completedAt: content.isDone ? completedAt : nil)
    }

    /// The changes that make `item` say what this resource says (only fields that differ;
    /// nil-able fields cleared with .some(nil)). Does not touch position or project.
    public func changes(from item: TodoItem) -> TodoChanges {
        var changes = TodoChanges()
        for field in ItemField.differences(item.content, content) where field != .project {
            changes.set(field, from: content)
        }
        // The client's COMPLETED, to the second it writes (DAV-25).
        if content.isDone, let completedAt, item.completedAt.map({ !Self.sameSecond($0, completedAt) }) ?? true {
            changes.completedAt = completedAt
        }
        return changes
    }

    private static func sameSecond(_ a: Date, _ b: Date) -> Bool {
        (a.timeIntervalSince1970).rounded(.down) == (b.timeIntervalSince1970).rounded(.down)
    }
}

/// Why a resource body was refused: one English sentence saying what is wrong, and at which
/// line.
public struct CalDAVTodoError: Error, Equatable, Sendable, LocalizedError {
    public var message: String
    /// The component a calendar of tasks does not store (`VEVENT`, `VJOURNAL`, `VFREEBUSY`) when
    /// the body holds one: a server refuses it as unsupported, not as malformed (DAV-27).
    public var unsupportedComponent: String?
    public init(_ message: String, unsupportedComponent: String? = nil) {
        self.message = message
        self.unsupportedComponent = unsupportedComponent
    }
    public var errorDescription: String? { message }
}

/// Reads and writes the iCalendar text of one CalDAV resource (one item).
///
/// `kept` holds, as the client's unfolded lines (nothing re-escaped), what Todo doesn't model,
/// in this order: VCALENDAR properties (not VERSION, PRODID, CALSCALE), VCALENDAR components
/// (VTIMEZONE…), then, between `BEGIN:VTODO` and `END:VTODO`: the client's DUE when it is
/// not the one `write` gives (its zone, its spelling) or has a time and came with a DTSTART,
/// its DTSTART (unless it is the one `write` gives a repeating item), an RRULE that isn't plain
/// repeat days, an open item's STATUS (other than NEEDS-ACTION) and PERCENT-COMPLETE, the
/// other VTODO properties, and the VTODO's components (VALARM…). Each line ends in CRLF; ""
/// when nothing is kept. `write` reads it back and drops what no longer holds: the DUE (and a
/// DTSTART that came with it) once the due date or time changed, the RRULE once the item has
/// repeat days, STATUS and PERCENT-COMPLETE once it is done, a
/// parent's RELATED-TO once the item's own parent is written (SUB-14).
public enum CalDAVTodoCodec {
    /// How deep components may nest (VCALENDAR › VTODO › VALARM is 3).
    public static let maxDepth = 8
    /// The longest UID taken, in characters.
    public static let maxUIDLength = 255

    /// The title given to a VTODO without SUMMARY, or with a blank one.
    static let untitled = "(untitled)"

    /// Reads a client's resource body. Throws for: not a VCALENDAR, no VTODO, more than one
    /// VTODO (or a VTODO plus VEVENT/VJOURNAL), mismatched BEGIN/END, bad dates, over-long
    /// fields per TodoRules. `timeZone` is the owner's: a DUE with a time is due on its day and
    /// at its time there (`DUE:20261230T230000Z` is 31 December, 08:00 in Tokyo: DAV-28, TIME-8).
    public static func read(_ text: String, timeZone: TimeZone) throws(CalDAVTodoError) -> CalDAVTodo {
        do {
            return try parse(text, timeZone: timeZone)
        } catch {
            throw CalDAVTodoError(error.errorDescription ?? error.reason, unsupportedComponent: unsupportedComponent(in: text))
        }
    }

    /// The first component directly in the VCALENDAR that is an event, a journal entry or
    /// free/busy time, if any.
    private static func unsupportedComponent(in text: String) -> String? {
        guard let lines = try? ICalendarText.contentLines(text) else { return nil }
        var depth = 0
        for line in lines {
            switch line.name {
            case "BEGIN":
                let component = line.value.uppercased()
                if depth == 1, component != "VTODO", otherItems.contains(component) { return component }
                depth += 1
            case "END": depth -= 1
            default: break
            }
        }
        return nil
    }

    /// The resource body for `item`, with the client's `uid` and the `kept` text of an earlier
    /// `read` ("" for an item made elsewhere). CRLF, folded at 75 octets. `timeZone` is the
    /// owner's: a kept DUE still says the item's due day and time when it falls on them there,
    /// and an item's due time is written as the moment it is there, in UTC (TIME-8).
    /// `parentUID` is the UID of the item's parent (SUB-14), nil when it has none the reader
    /// knows: an item with a parent and its UID gets `RELATED-TO;RELTYPE=PARENT:<parentUID>`, in
    /// place of the parent RELATED-TO lines kept; otherwise the kept ones are written as they came.
    public static func write(
        _ item: TodoItem, uid: String, kept: String, timeZone: TimeZone, parentUID: String? = nil
    ) -> String {
        let kept = Kept(kept)
        let parent = item.parent == nil ? nil : parentUID
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//TestDrivenApps//Todo//EN", "CALSCALE:GREGORIAN"]
        lines += kept.calendarProperties + kept.calendarComponents
        lines += ["BEGIN:VTODO", "UID:" + uid] + ICalendarText.timestampLines(item)
        var shown = item
        if !item.isDone { shown.completedAt = nil }
        let text = ICalendarText.textLines(shown)
        if item.isDone {
            lines += text + ["PERCENT-COMPLETE:100"]
        } else {
            // An open item keeps the client's own open status (IN-PROCESS, 40 %).
            lines += text.map { $0 == "STATUS:NEEDS-ACTION" ? kept.status ?? $0 : $0 } + [kept.percent].compactMap { $0 }
        }
        let (due, start) = dueAndStart(item, kept, timeZone: timeZone)
        lines += [due, start].compactMap { $0 }
        lines += ruleLines(item, kept)
        lines += ICalendarContent.lines(item.content)
        if let parent { lines.append(parentLine + parent) }
        lines.append("X-APPLE-SORT-ORDER:\(sortOrder(of: item))")
        // DUE and DURATION exclude each other (RFC 5545 §3.6.2); the parent written replaces the kept ones.
        lines += kept.todoProperties.filter {
            (due == nil || name(of: $0) != "DURATION") && (parent == nil || !namesParent($0))
        }
        lines += kept.todoComponents + ["END:VTODO", "END:VCALENDAR"]
        return lines.map(ICalendarText.fold).joined()
    }

    /// The DUE and DTSTART lines `write` gives `item` (TIME-8): the client's own DUE (its zone,
    /// its spelling) while it still says the item's due day and time in the owner's zone, else
    /// Todo's (`DUE;VALUE=DATE:` the day, or `DUE:` the moment of its day and time, in UTC); the
    /// client's DTSTART unless it went with a DUE that is gone, of the DUE's kind; a repeating
    /// item without one starts at its DUE (the same value).
    static func dueAndStart(_ item: TodoItem, _ kept: Kept, timeZone: TimeZone) -> (due: String?, start: String?) {
        var due: String?, own: String?
        var start = kept.start
        if let day = item.dueDate {
            own = ICalendarText.dueLine(day, item.dueTime, zone: timeZone)
            let holds = kept.due.map { says($0, day, item.dueTime, kept: kept, zone: timeZone) } ?? false
            due = holds ? kept.due : own
        }
        // A DTSTART that went with the client's DUE goes when that DUE does.
        if kept.due != nil, due != kept.due { start = nil }
        if let line = start, let due, due != kept.due { start = startLine(line, ofKindOf: due, zone: timeZone) }
        if start == nil, item.repeatRule != nil, let due, due == own {
            // A recurrence starts at DTSTART: the due date and time (reading drops it again).
            start = ICalendarText.startLine(sameAs: due)
        }
        return (due, start)
    }

    /// A client's DTSTART beside the DUE Todo writes, of that DUE's kind (RFC 5545 §3.8.2.3):
    /// as it came when both are dates or both have a time; else a date's midnight in the
    /// owner's `zone`, in UTC, beside a DUE with a time, and a date-time's day beside a DUE
    /// that is a date. As it came when either doesn't read; nil when it has no day.
    static func startLine(_ line: String, ofKindOf due: String, zone: TimeZone) -> String? {
        guard let startIsDate = ICalendarText.isDate(line), let dueIsDate = ICalendarText.isDate(due),
              startIsDate != dueIsDate
        else { return line }
        guard let parsed = try? ICalendarText.contentLine(line, line: 1), let day = try? ICalendarText.day(parsed, zone: zone) else {
            return nil
        }
        if dueIsDate { return "DTSTART;VALUE=DATE:" + ICalendarText.basicDate(day) }
        return "DTSTART:" + InteropDates.basic(InteropDates.startOfDay(day, in: zone))
    }

    /// The RRULE `write` gives `item` (REPEAT-16): the client's own text while it still reads as
    /// the item's rule (its spelling, its order), else the rule's; a rule Todo refused, kept as
    /// it came, while the item has none.
    static func ruleLines(_ item: TodoItem, _ kept: Kept) -> [String] {
        guard let own = kept.rule else { return ICalendarText.ruleLines(item.repeatRule) }
        let read = (try? ICalendarText.contentLine(own, line: 1)).flatMap { try? RepeatRule(rruleText: $0.value) }
        guard var rule = item.repeatRule else { return read == nil ? [own] : [] }
        rule.afterCompletion = false
        guard read == rule else { return ICalendarText.ruleLines(item.repeatRule) }
        return [own] + Array(ICalendarText.ruleLines(item.repeatRule).dropFirst())
    }

    /// The kept text of `item`'s next occurrence (DAV-26), from `kept`, the text kept for
    /// `item` when a client completed it: what Todo keeps verbatim goes with it (VALARMs, X-
    /// properties, the VTIMEZONE; the tags and priority are the item's own), with the dates that belong to one
    /// occurrence moved to the occurrence's due date: a DUE or DTSTART with a time, and a
    /// VALARM's absolute TRIGGER. An open item's STATUS and PERCENT-COMPLETE stay behind.
    public static func keptForOccurrence(_ kept: String, of item: TodoItem, next: TodoItem) -> String {
        var parts = Kept(kept)
        let days = item.dueDate.flatMap { from in next.dueDate.map { from.days(to: $0) } } ?? 0
        parts.due = parts.due.map { moved($0, days: days) }
        parts.start = parts.start.map { moved($0, days: days) }
        parts.status = nil
        parts.percent = nil
        parts.todoComponents = parts.todoComponents.map { line in
            guard name(of: line) == "TRIGGER", let parsed = try? ICalendarText.contentLine(line, line: 1),
                  parsed.parameters["VALUE"]?.uppercased() == "DATE-TIME"
            else { return line }
            return moved(line, days: days)
        }
        return parts.text
    }

    /// A date or date-time line moved by `days` days (its time and zone as they were); as it
    /// was when it doesn't read as one.
    private static func moved(_ line: String, days: Int) -> String {
        guard days != 0, let parsed = try? ICalendarText.contentLine(line, line: 1), line.hasSuffix(parsed.value),
              let day = InteropDates.parseBasicDate(String(parsed.value.prefix(8)))
        else { return line }
        let rest = parsed.value.dropFirst(8)
        guard rest.isEmpty || rest.first == "T" else { return line }
        return String(line.dropLast(parsed.value.count)) + ICalendarText.basicDate(day.adding(days: days)) + rest
    }

    // MARK: - The parent (SUB-14)

    /// How an item's parent is written, before its UID.
    static let parentLine = "RELATED-TO;RELTYPE=PARENT:"

    /// `kept` without the VTODO's RELATED-TO lines that name a parent (RELTYPE PARENT or none):
    /// what the server keeps once it found the task a client's line names, and writes from the
    /// item instead. CHILD, SIBLING and other relations stay.
    public static func keptWithoutParent(_ kept: String) -> String {
        var parts = Kept(kept)
        let count = parts.todoProperties.count
        parts.todoProperties.removeAll(where: namesParent)
        return parts.todoProperties.count == count ? kept : parts.text
    }

    /// Whether a kept line is a RELATED-TO naming a parent (its RELTYPE is PARENT or absent).
    static func namesParent(_ line: String) -> Bool {
        guard name(of: line) == "RELATED-TO", let parsed = try? ICalendarText.contentLine(line, line: 1) else { return false }
        return namesParent(parsed)
    }

    /// Whether a content line is a RELATED-TO naming a parent (its RELTYPE is PARENT or absent).
    static func namesParent(_ line: ICalendarText.ContentLine) -> Bool {
        line.name == "RELATED-TO" && (line.parameters["RELTYPE"].map { $0.uppercased() == "PARENT" } ?? true)
    }

    /// The UID the first parent RELATED-TO of `lines` names; nil when none does, or names one no
    /// UID can be (blank, or longer than `maxUIDLength`).
    static func parentUID(in lines: [ICalendarText.ContentLine]) -> String? {
        guard let line = lines.first(where: namesParent) else { return nil }
        // As the UID it names is read: as written, nothing unescaped.
        return line.value.isEmpty || line.value.count > maxUIDLength ? nil : line.value
    }

    /// The X-APPLE-SORT-ORDER written for `item`: its position rounded down. A client that
    /// sends back another has moved it.
    public static func sortOrder(of item: TodoItem) -> Int {
        item.position.isFinite ? Int(max(-1e15, min(1e15, item.position)).rounded(.down)) : 0
    }

    // MARK: - Reading

    private typealias ContentLine = ICalendarText.ContentLine

    /// Properties written from the item, never kept (DUE, DTSTART, RRULE, STATUS and
    /// PERCENT-COMPLETE are kept apart).
    private static let modelled: Set<String> = ICalendarContent.properties.union([
        "UID", "SUMMARY", "DESCRIPTION", "COMPLETED", "X-APPLE-SORT-ORDER", "DTSTAMP", "CREATED", "LAST-MODIFIED",
    ])

    /// VCALENDAR properties written anew.
    private static let regenerated: Set<String> = ["VERSION", "PRODID", "CALSCALE"]

    /// Components a task resource can't hold besides its one VTODO.
    private static let otherItems: Set<String> = ["VTODO", "VEVENT", "VJOURNAL", "VFREEBUSY"]

    /// The zone of timestamps written without one (DTSTAMP, CREATED, LAST-MODIFIED, COMPLETED).
    private static let utc = TimeZone(identifier: "UTC")!

    private static func parse(_ text: String, timeZone: TimeZone) throws(TodoFormatError) -> CalDAVTodo {
        var body = Substring(text)
        if body.first == "\u{FEFF}" { body = body.dropFirst() }
        let lines = try ICalendarText.contentLines(String(body))
        guard let first = lines.first else {
            throw TodoFormatError(nil, "the body is empty; a CalDAV resource is a VCALENDAR holding one VTODO.")
        }
        guard first.name == "BEGIN", first.value.uppercased() == "VCALENDAR" else {
            throw .line(first.line, "a CalDAV resource starts with BEGIN:VCALENDAR.")
        }
        var reader = ResourceReader()
        for line in lines { try reader.read(line) }
        if let open = reader.stack.last { throw .line(open.line, "BEGIN:\(open.name) is never closed by END:\(open.name).") }
        guard let todoLine = reader.todoLine else {
            throw TodoFormatError(nil, "the VCALENDAR holds no VTODO; a resource here is one task.")
        }
        return try fields(reader.todo, line: todoLine, kept: &reader.kept, timeZone: timeZone)
    }

    /// Sorts a resource's lines, one at a time: the VTODO's own properties to read as fields,
    /// everything else to keep as it came; refuses what a task resource can't be.
    private struct ResourceReader {
        var kept = Kept()
        /// The VTODO's own properties (not those of its components).
        var todo: [ContentLine] = []
        /// Where the VTODO begins; nil until it does.
        var todoLine: Int?
        /// The components open at the current line, outermost first.
        var stack: [(name: String, line: Int)] = []
        private var closed = false

        mutating func read(_ line: ContentLine) throws(TodoFormatError) {
            if closed { throw .line(line.line, "there is more after END:VCALENDAR; a resource holds one VCALENDAR.") }
            if let bad = line.text.unicodeScalars.first(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) {
                throw .line(line.line, "the line holds the control character U+\(String(format: "%04X", bad.value)), which iCalendar does not allow.")
            }
            let depth = stack.count  // 1: in the VCALENDAR, 2: in its VTODO or another component
            let inTodo = depth >= 2 && stack[1].line == todoLine
            switch line.name {
            case "BEGIN": try begin(line, depth: depth, inTodo: inTodo)
            case "END": try end(line, inTodo: inTodo)
            case _ where depth == 1:
                if !regenerated.contains(line.name) { kept.calendarProperties.append(line.text) }
            case _ where inTodo && depth == 2: todo.append(line)
            default: keep(line, inTodo: inTodo)
            }
        }

        private mutating func begin(_ line: ContentLine, depth: Int, inTodo: Bool) throws(TodoFormatError) {
            let component = line.value.uppercased()
            guard depth < maxDepth else {
                throw .line(line.line, "BEGIN:\(line.value) nests components more than \(maxDepth) deep.")
            }
            if depth == 0 {
                // The VCALENDAR itself (the first line).
            } else if otherItems.contains(component) {
                guard depth == 1, component == "VTODO" else {
                    throw .line(line.line, "BEGIN:\(line.value) is not allowed here; a resource holds one VTODO and no events or journal entries.")
                }
                guard todoLine == nil else { throw .line(line.line, "a second VTODO; a resource holds exactly one VTODO.") }
                todoLine = line.line
            } else {
                keep(line, inTodo: inTodo)
            }
            stack.append((component, line.line))
        }

        private mutating func end(_ line: ContentLine, inTodo: Bool) throws(TodoFormatError) {
            guard let open = stack.popLast(), open.name == line.value.uppercased() else {
                throw .line(line.line, "END:\(line.value) does not close the component that is open.")
            }
            if stack.isEmpty {
                closed = true
            } else if stack.count == 1, open.line == todoLine {
                // The VTODO's end.
            } else {
                keep(line, inTodo: inTodo)
            }
        }

        /// A line of a component other than the VTODO, kept inside the VTODO or beside it.
        private mutating func keep(_ line: ContentLine, inTodo: Bool) {
            if inTodo { kept.todoComponents.append(line.text) } else { kept.calendarComponents.append(line.text) }
        }
    }

    /// The VTODO's own properties as fields; what isn't modelled goes to `kept`.
    private static func fields(
        _ lines: [ContentLine], line todoLine: Int, kept: inout Kept, timeZone: TimeZone
    ) throws(TodoFormatError) -> CalDAVTodo {
        let properties = TodoProperties(lines: lines, todoLine: todoLine)
        var todo = CalDAVTodo(uid: try properties.uid(), title: untitled)
        for name in ["DTSTAMP", "CREATED", "LAST-MODIFIED"] {
            if let line = properties[name] { _ = try ICalendarText.instant(line, floating: utc) }
        }
        try readTitleAndState(properties, into: &todo, kept: &kept)
        try readDates(properties, into: &todo, kept: &kept, timeZone: timeZone)
        let read = try ICalendarContent.read(
            { properties[$0] }, categories: lines.filter { $0.name == "CATEGORIES" }, into: &todo.content)
        if let name = todo.location?.name { todo.location?.name = oneLine(name) }
        for (field, line) in read { todo.content = try properties.checked(line, field.validated, todo.content) }
        todo.sortOrder = properties["X-APPLE-SORT-ORDER"].flatMap { Int($0.value.trimmingCharacters(in: .whitespaces)) }
        todo.parentUID = parentUID(in: lines)

        let apart: Set<String> = ["DUE", "DTSTART", "RRULE", "STATUS", "PERCENT-COMPLETE"]
        kept.todoProperties = lines.filter { !modelled.contains($0.name) && !apart.contains($0.name) }.map(\.text)
        todo.kept = kept.text
        return todo
    }

    /// SUMMARY, DESCRIPTION, and whether the task is done (COMPLETED, STATUS, PERCENT-COMPLETE);
    /// an open task's STATUS and PERCENT-COMPLETE are kept.
    private static func readTitleAndState(
        _ properties: TodoProperties, into todo: inout CalDAVTodo, kept: inout Kept
    ) throws(TodoFormatError) {
        let summary = properties["SUMMARY"]
        let title = summary.map { oneLine(ICalendarText.unescape($0.value)) } ?? ""
        if !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            todo.title = try properties.checked(summary, TodoRules.title, title)
        }
        let description = properties["DESCRIPTION"]
        todo.details = try properties.checked(description, TodoRules.details, description.map { ICalendarText.unescape($0.value) })
        todo.completedAt = try properties["COMPLETED"].map { line throws(TodoFormatError) in
            try ICalendarText.instant(line, floating: utc)
        }
        let status = properties["STATUS"], percent = properties["PERCENT-COMPLETE"]
        todo.isDone = status?.value.uppercased() == "COMPLETED" || todo.completedAt != nil
            || percent.flatMap { Int($0.value.trimmingCharacters(in: .whitespaces)) } == 100
        if !todo.isDone {
            if let status, status.text != "STATUS:NEEDS-ACTION" { kept.status = status.text }
            kept.percent = percent?.text
        }
    }

    /// DUE as the due date and time, RRULE as the repeat rule. Kept: a DUE that isn't the one
    /// `write` gives (another zone or spelling), and one with a time that came with a DTSTART
    /// (which goes when that DUE does); the DTSTART, unless it is the one `write` gives a
    /// repeating item; an RRULE in another spelling than the rule's, or one Todo refuses.
    private static func readDates(
        _ properties: TodoProperties, into todo: inout CalDAVTodo, kept: inout Kept, timeZone: TimeZone
    ) throws(TodoFormatError) {
        let due = properties["DUE"], start = properties["DTSTART"]
        var own: String?
        if let due {
            let said = try ICalendarText.due(due, zone: timeZone, defined: defined(in: kept.calendarComponents))
            (todo.dueDate, todo.dueTime) = (said.date, said.time)
            own = ICalendarText.dueLine(said.date, said.time, zone: timeZone)
        }
        if let start { _ = try ICalendarText.day(start, zone: utc) }
        if let line = properties["RRULE"] {
            // REPEAT-16: a rule Todo refuses is kept as it came; one it reads, in another spelling
            // than the rule's own, too, to be given back as the client wrote it.
            todo.repeatRule = try? ICalendarText.repeatRule(line, from: properties["X-TODO-REPEAT-FROM"])
            if line.text != todo.repeatRule.map({ "RRULE:" + $0.rruleText }) { kept.rule = line.text }
        }
        // A repeating item's DTSTART the same as its own DUE is the one `write` gives it.
        let given = todo.repeatRule != nil && due?.text == own && start?.text == own.map(ICalendarText.startLine(sameAs:))
        if let start, !given { kept.start = start.text }
        if let due, due.text != own || (todo.dueTime != nil && kept.start != nil) { kept.due = due.text }
    }

    /// A VTODO's own properties by name (the first of each), and the refusals that name their line.
    private struct TodoProperties {
        let lines: [ContentLine]
        /// Where the VTODO begins: the refusal of a field that has no line of its own names it.
        let todoLine: Int

        subscript(_ name: String) -> ContentLine? { lines.first { $0.name == name } }

        /// The UID, which every resource needs.
        func uid() throws(TodoFormatError) -> String {
            guard let uidLine = self["UID"], !uidLine.value.isEmpty else {
                throw TodoFormatError(nil, "the VTODO at line \(todoLine) has no UID; every resource needs one.")
            }
            guard uidLine.value.count <= maxUIDLength else {
                throw .line(uidLine.line, "the UID is \(uidLine.value.count) characters long; it can be at most \(maxUIDLength).")
            }
            return uidLine.value
        }

        /// `given` as the item's `rule` takes it, from `line`; its refusal as the line's.
        func checked<T>(_ line: ContentLine?, _ rule: (T) throws(TodoValidationError) -> T, _ given: T) throws(TodoFormatError) -> T {
            do {
                return try rule(given)
            } catch {
                let sentence = error.errorDescription ?? "\(error)"
                let reason = sentence.prefix(1).lowercased() + sentence.dropFirst()
                throw line.map { .line($0.line, reason) } ?? TodoFormatError("the VTODO at line \(todoLine)", reason)
            }
        }
    }

    /// Line breaks and tabs in a one-line field (title, location name) become spaces.
    private static func oneLine(_ text: String) -> String {
        guard text.contains(where: { $0.isNewline || $0 == "\t" }) else { return text }
        return String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }

    /// Whether a kept DUE line still says the due `day` and `time` in the owner's `zone` (a
    /// date: that day and no time); false when it no longer reads.
    private static func says(_ line: String, _ day: CalendarDate, _ time: TimeOfDay?, kept: Kept, zone: TimeZone) -> Bool {
        guard let parsed = try? ICalendarText.contentLine(line, line: 1),
              let said = try? ICalendarText.due(parsed, zone: zone, defined: defined(in: kept.calendarComponents))
        else { return false }
        return said.date == day && said.time == time
    }

    /// The instant of a local time in a `TZID` that a VTIMEZONE among `components` (the
    /// resource's calendar components, as kept) defines; nil when none does.
    static func defined(in components: [String]) -> (String, Date) -> Date? {
        { tzid, wall in ICalendarZones(components).instant(wall: wall, tzid: tzid)?.instant }
    }

    /// A kept line's property name, upper-cased.
    static func name(of line: String) -> String {
        String(line.prefix { $0 != ";" && $0 != ":" }).uppercased()
    }

    /// The kept text, in parts.
    struct Kept {
        var calendarProperties: [String] = []
        var calendarComponents: [String] = []
        var due: String?
        var start: String?
        var rule: String?
        /// The STATUS and PERCENT-COMPLETE of an open item (other than NEEDS-ACTION).
        var status: String?
        var percent: String?
        var todoProperties: [String] = []
        var todoComponents: [String] = []

        init() {}

        /// Reads the text `text` gave; lines it doesn't place are dropped (never a crash).
        init(_ text: String) {
            var depth = 0  // inside a component other than the VTODO
            var inTodo = false
            for line in text.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }).map(String.init) {
                let name = CalDAVTodoCodec.name(of: line)
                let value = line.drop { $0 != ":" }.dropFirst().uppercased()
                if !inTodo, depth == 0, name == "BEGIN", value == "VTODO" {
                    inTodo = true
                } else if inTodo, depth == 0, name == "END", value == "VTODO" {
                    inTodo = false
                } else if depth > 0 || name == "BEGIN" {
                    if name == "BEGIN" { depth += 1 } else if name == "END" { depth -= 1 }
                    if inTodo { todoComponents.append(line) } else { calendarComponents.append(line) }
                } else if !inTodo {
                    if name != "END" { calendarProperties.append(line) }
                } else if name == "DUE", due == nil {
                    due = line
                } else if name == "DTSTART", start == nil {
                    start = line
                } else if name == "RRULE", rule == nil {
                    rule = line
                } else if name == "STATUS", status == nil {
                    status = line
                } else if name == "PERCENT-COMPLETE", percent == nil {
                    percent = line
                } else if name != "END" {
                    todoProperties.append(line)
                }
            }
        }

        var text: String {
            var lines = calendarProperties + calendarComponents
            let todo = [due, start, rule, status, percent].compactMap { $0 } + todoProperties + todoComponents
            if !todo.isEmpty { lines += ["BEGIN:VTODO"] + todo + ["END:VTODO"] }
            return lines.map { $0 + "\r\n" }.joined()
        }
    }
}

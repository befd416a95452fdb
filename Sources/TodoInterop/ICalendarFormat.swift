import Foundation
import TodoCore

/// iCalendar (RFC 5545): a `VCALENDAR` with one `VTODO` per item.
///
/// UID ↔ id, SUMMARY ↔ title, DESCRIPTION ↔ details, STATUS NEEDS-ACTION / COMPLETED and
/// COMPLETED ↔ done and completedAt, CREATED ↔ createdAt, LAST-MODIFIED (and DTSTAMP) ↔
/// updatedAt, DUE ↔ dueDate and dueTime (TIME-8: `DUE;VALUE=DATE:` a day, or `DUE:` the
/// moment of its day and time in the options' zone, in UTC; a client's UTC, `TZID=` or floating
/// date-time is read as the day and time it is in that zone), X-TODO-PROJECT ↔ project, RRULE ↔
/// the repeat rule (with a DTSTART of the DUE's value, as the RFC asks of a recurring
/// component), X-TODO-ORDER ↔ position, RELATED-TO;RELTYPE=PARENT ↔ parent (SUB-15: by id;
/// one without RELTYPE is read too, and one naming another VTODO's UID of the file names that
/// item), and the properties CalDAV maps alike (`ICalendarContent`: LOCATION and GEO, X-TODO-ESTIMATE, PRIORITY,
/// CATEGORIES ↔ tags). A file Todo wrote before tags (TAG-8) kept
/// the project as its first CATEGORIES: read so when its PRODID is Todo's and no VTODO has an
/// X-TODO-PROJECT. Text is escaped (`\\ \; \, \n`) and lines are folded at 75 octets, CRLF.
public struct ICalendarFormat: TodoFormat {
    public let options: InteropOptions
    public var format: InteropFormat { .ics }

    public init(_ options: InteropOptions = InteropOptions()) { self.options = options }

    // MARK: - Encoding

    /// A VCALENDAR holding one VTODO an item.
    public func start() -> String {
        ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:" + Self.productID, "CALSCALE:GREGORIAN"].map(ICalendarText.fold).joined()
    }

    /// The PRODID Todo writes.
    static let productID = "-//TestDrivenApps//Todo//EN"

    public func encode(batch items: [TodoItem], afterItems: Bool) throws -> String {
        items.flatMap(vtodo).map(ICalendarText.fold).joined()
    }

    public func end(isEmpty: Bool) -> String { ICalendarText.fold("END:VCALENDAR") }

    private func vtodo(_ item: TodoItem) -> [String] {
        var lines = ["BEGIN:VTODO", "UID:" + item.id.lowercasedText] + ICalendarText.timestampLines(item) + ICalendarText.textLines(item)
        let due = item.dueDate.map { ICalendarText.dueLine($0, item.dueTime, zone: options.timeZone) }
        if let due { lines.append(due) }
        if let project = item.project { lines.append("X-TODO-PROJECT:" + ICalendarText.escape(project.name)) }
        if let rule = item.repeatRule {
            // A recurrence starts at DTSTART, its anchor: the DUE (same value), else the creation day.
            let created = "DTSTART;VALUE=DATE:" + ICalendarText.basicDate(CalendarDate(item.createdAt, in: options.timeZone))
            lines.append(due.map(ICalendarText.startLine(sameAs:)) ?? created)
            lines += ICalendarText.ruleLines(rule)
        }
        lines += ICalendarContent.lines(item.content)
        if let parent = item.parent { lines.append(CalDAVTodoCodec.parentLine + parent.lowercasedText) }
        lines.append("X-TODO-ORDER:" + item.position.shortestText)
        lines.append("END:VTODO")
        return lines
    }

    // MARK: - Decoding

    typealias ContentLine = ICalendarText.ContentLine

    public func decode(_ text: String) throws(TodoFormatError) -> [ImportedItem] {
        let lines = try ICalendarText.contentLines(text)
        guard let first = lines.first else { return [] }
        guard first.name == "BEGIN", first.value.uppercased() == "VCALENDAR" else {
            throw .line(first.line, "an iCalendar file starts with BEGIN:VCALENDAR.")
        }
        var items: [ImportedItem] = []
        var parents = FileParents()
        let zones = ICalendarZones(Self.timeZoneLines(lines))
        let defined: (String, Date) -> Date? = { zones.instant(wall: $1, tzid: $0)?.instant }
        var stack: [(name: String, line: Int)] = []
        var current: [ContentLine] = []
        var todoLine = 0
        // TAG-8: Todo's files from before tags carry the project as the first category.
        let projectInCategories = lines.contains { $0.name == "PRODID" && $0.value == Self.productID }
            && !lines.contains { $0.name == "X-TODO-PROJECT" }
        for line in lines {
            switch line.name {
            case "BEGIN":
                let component = line.value.uppercased()
                if component == "VTODO", stack.last?.name == "VCALENDAR" {
                    current = []
                    todoLine = line.line
                }
                stack.append((component, line.line))
            case "END":
                let component = line.value.uppercased()
                guard let open = stack.popLast(), open.name == component else {
                    throw .line(line.line, "END:\(line.value) does not close the component that is open.")
                }
                if component == "VTODO", stack.last?.name == "VCALENDAR" {
                    try TodoFormatError.checkItemCount(items.count + 1)
                    items.append(try item(current, line: todoLine, projectInCategories: projectInCategories, defined: defined))
                    parents.read(current, of: items[items.count - 1].item.id)
                }
            default:
                if stack.count == 2, stack.last?.name == "VTODO" { current.append(line) }
            }
        }
        if let open = stack.last { throw .line(open.line, "BEGIN:\(open.name) is never closed by END:\(open.name).") }
        for index in items.indices { items[index].item.parent = parents.parent(of: items[index].item.id) }
        return items
    }

    /// The lines of the file's VTIMEZONEs, one unfolded line each: a `TZID` this system doesn't
    /// know by name is read through them (TIME-8).
    private static func timeZoneLines(_ lines: [ContentLine]) -> [String] {
        var zoneLines: [String] = []
        var depth = 0
        for line in lines {
            if depth == 0 {
                guard line.name == "BEGIN", line.value.uppercased() == "VTIMEZONE" else { continue }
            }
            zoneLines.append(line.text)
            if line.name == "BEGIN" { depth += 1 } else if line.name == "END" { depth -= 1 }
        }
        return zoneLines
    }

    /// The parents a file's VTODOs name (SUB-15), gathered as they are read and resolved once
    /// all are: a RELATED-TO (RELTYPE PARENT or none) names the VTODO of the file with that UID
    /// (an item given a new id since its UID is not a UUID too), else the item whose id it is.
    private struct FileParents {
        /// The ids given to the file's UIDs.
        var ids: [String: UUID] = [:]
        /// The UID each item's RELATED-TO names.
        var named: [UUID: String] = [:]

        /// Notes the UID of the VTODO of `lines`, read as item `id`, and the UID its parent's
        /// RELATED-TO names.
        mutating func read(_ lines: [ContentLine], of id: UUID) {
            if let uid = lines.first(where: { $0.name == "UID" })?.value, ids[uid] == nil { ids[uid] = id }
            if let parent = CalDAVTodoCodec.parentUID(in: lines) { named[id] = parent }
        }

        /// The parent of item `id`; nil when its RELATED-TO names neither a VTODO of the file nor
        /// an id.
        func parent(of id: UUID) -> UUID? {
            guard let uid = named[id] else { return nil }
            return ids[uid] ?? UUID(text: uid)
        }
    }

    private func item(
        _ lines: [ContentLine], line todoLine: Int, projectInCategories: Bool, defined: (String, Date) -> Date?
    ) throws(TodoFormatError) -> ImportedItem {
        let origin = "the VTODO at line \(todoLine)"
        func value(_ name: String) -> ContentLine? { lines.first { $0.name == name } }
        func fail(_ line: ContentLine, _ reason: String) -> TodoFormatError { .line(line.line, reason) }
        let zone = options.timeZone
        func instant(_ name: String) throws(TodoFormatError) -> Date? {
            guard let line = value(name) else { return nil }
            return try ICalendarText.instant(line, floating: zone)
        }

        guard let summary = value("SUMMARY") else { throw TodoFormatError(origin, "the VTODO has no SUMMARY (its title).") }
        var id: UUID?
        if let uid = value("UID") {
            // UIDs from other apps need not be UUIDs: those get a new id.
            if let parsed = UUID(uuidString: uid.value) { id = parsed }
        }
        let status = value("STATUS")?.value.uppercased()
        let completed = try instant("COMPLETED")
        let done = status == "COMPLETED" || (status == nil && completed != nil)
        let created = try instant("CREATED")
        var updated = try instant("LAST-MODIFIED")
        if updated == nil { updated = try instant("DTSTAMP") }

        let due = try value("DUE").map { line throws(TodoFormatError) in try ICalendarText.due(line, zone: zone, defined: defined) }
        var categories = lines.filter { $0.name == "CATEGORIES" }
        var project = value("X-TODO-PROJECT").map { Project(name: ICalendarText.unescape($0.value)) }
        if projectInCategories, let first = categories.first {
            var names = ICalendarText.splitList(first.value)
            project = names.isEmpty ? nil : Project(name: ICalendarText.unescape(names.removeFirst()))
            categories[0].value = names.joined(separator: ",")
        }
        var content = TodoContent(
            title: ICalendarText.unescape(summary.value), details: value("DESCRIPTION").map { ICalendarText.unescape($0.value) },
            isDone: done, dueDate: due?.date, project: project, dueTime: due?.time)
        _ = try ICalendarContent.read(value, categories: categories, into: &content)
        content.repeatRule = try value("RRULE").map { line throws(TodoFormatError) in
            do throws(RepeatRule.Problem) {
                return try ICalendarText.repeatRule(line, from: value("X-TODO-REPEAT-FROM"))
            } catch {
                throw .line(line.line, "RRULE “\(line.value)” is not a repeat Todo can keep: \(error).")
            }
        }
        var order: Double?
        if let line = value("X-TODO-ORDER") {
            guard let number = Double(line.value) else { throw fail(line, "X-TODO-ORDER “\(line.value)” is not a number.") }
            order = number
        }
        var given: ImportedItem.Given = []
        if created != nil { given.insert(.createdAt) }
        if updated != nil { given.insert(.updatedAt) }
        if completed != nil { given.insert(.completedAt) }
        if order != nil { given.insert(.position) }
        let item = TodoItem(
            id: id ?? options.makeID(), content: content, position: order ?? 0, createdAt: created ?? unknownDate,
            updatedAt: updated ?? unknownDate, completedAt: done ? completed : nil)
        return ImportedItem(item: item, given: given, precision: .seconds, origin: origin)
    }
}

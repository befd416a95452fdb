import Foundation
import TodoCore

/// The properties of a VTODO that iCalendar files (`ICalendarFormat`) and CalDAV resources
/// (`CalDAVTodoCodec`) map to an item's content alike: LOCATION and GEO ↔ location,
/// X-TODO-ESTIMATE (a duration such as PT1H30M) ↔ estimate, PRIORITY ↔ priority, CATEGORIES ↔
/// tags. A field either carries the same way goes here, once; what each maps its own way (the
/// client's kept DUE and RRULE, a file's project) stays in its own file.
enum ICalendarContent {
    /// The properties read and written here, which neither keeps as a client's own.
    static let properties: Set<String> = ["LOCATION", "GEO", "X-TODO-ESTIMATE", "PRIORITY", "CATEGORIES", "X-TODO-REPEAT-FROM"]

    /// The content's lines, written after its dates and repeat rule.
    static func lines(_ content: TodoContent) -> [String] {
        ICalendarText.locationLines(content.location) + ICalendarText.estimateLine(content.estimateMinutes)
            + ICalendarText.priorityLine(content.priority) + ICalendarText.categoriesLine(content.tags)
    }

    /// Sets the fields these properties carry in `content`, from the VTODO's `property` of each
    /// name and its `categories` (every CATEGORIES line, in order: TAG-8); returns each field read
    /// with its line, for a refusal of its value to name.
    static func read(
        _ property: (String) -> ICalendarText.ContentLine?, categories: [ICalendarText.ContentLine],
        into content: inout TodoContent
    ) throws(TodoFormatError) -> [(field: ItemField, line: ICalendarText.ContentLine)] {
        var read: [(field: ItemField, line: ICalendarText.ContentLine)] = []
        let name = property("LOCATION"), geo = property("GEO")
        content.location = try ICalendarText.location(name, geo: geo)
        if let line = name ?? geo { read.append((.location, line)) }
        if let line = property("X-TODO-ESTIMATE") {
            content.estimateMinutes = try ICalendarText.estimate(line)
            read.append((.estimateMinutes, line))
        }
        if let line = property("PRIORITY") {
            content.priority = try ICalendarText.priority(line)
            read.append((.priority, line))
        }
        if let line = categories.first {
            content.tags = ICalendarText.tags(categories)
            read.append((.tags, line))
        }
        return read
    }
}

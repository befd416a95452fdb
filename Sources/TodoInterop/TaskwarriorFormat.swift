import Foundation
import TodoCore

/// The JSON that Taskwarrior's `task import` reads and `task export` writes: an array of
/// tasks (one per line), dates as `20261121T090000Z`.
///
/// uuid ↔ id, description ↔ title, status `pending` / `completed` ↔ done, entry ↔ createdAt,
/// modified ↔ updatedAt, end ↔ completedAt, due ↔ dueDate and dueTime (TIME-8: midnight of the
/// due date in the options' zone, as `task add due:…` stores it, or the moment of its due time
/// there; a `due` at another time than midnight there is read with that time), project ↔
/// project, priority `H`, `M`, `L` ↔ high, medium, low (PRIO-9), tags ↔ tags (TAG-10), one
/// annotation ↔ details (several annotations are joined with line breaks on import). What
/// Taskwarrior has no field for travels in user-defined attributes (UDAs), which Taskwarrior
/// keeps even when they are not declared: `todolocation`, `todolatitude`, `todolongitude`, `todoestimate`
/// (minutes), `todorepeat` (the repeat's `RRULE` text; an earlier version's `mon,wed` is read
/// too), `todorepeatfrom` (`completion` for a repeat after completion), `todoorder` (the position),
/// `todoparent` (the parent's id, SUB-15: Taskwarrior's `depends` means “blocked by”, another
/// thing, and is neither written nor read).
///
/// Import also reads one JSON object per line (what `task import` accepts too); `waiting`
/// and `recurring` tasks are open items; `deleted` tasks are left out.
public struct TaskwarriorFormat: TodoFormat {
    public let options: InteropOptions
    public var format: InteropFormat { .taskwarrior }

    public init(_ options: InteropOptions = InteropOptions()) { self.options = options }

    /// A JSON array with one task a line, as `task export` writes it.
    public func start() -> String { "[\n" }

    public func encode(batch items: [TodoItem], afterItems: Bool) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var lines: [String] = []
        for item in items {
            lines.append(String(decoding: try encoder.encode(Task(item, zone: options.timeZone)), as: UTF8.self))
        }
        return (afterItems && !lines.isEmpty ? ",\n" : "") + lines.joined(separator: ",\n")
    }

    public func end(isEmpty: Bool) -> String { "\n]\n" }

    public func decode(_ text: String) throws(TodoFormatError) -> [ImportedItem] {
        let decoder = JSONDecoder()
        var tasks: [(Task, String)] = []
        let trimmed = text.drop(while: \.isWhitespace)
        if trimmed.isEmpty { return [] }
        if trimmed.first == "[" {
            do {
                let decoded = try decoder.decode([Task].self, from: Data(text.utf8))
                tasks = decoded.enumerated().map { ($1, "task \($0 + 1)") }
            } catch {
                throw Self.describe(error, origin: nil)
            }
        } else {
            let lines = physicalLines(text)
            // Each line a task, deleted ones included: counted before any is decoded.
            try TodoFormatError.checkItemCount(lines.count { !$0.allSatisfy(\.isWhitespace) })
            for (index, line) in lines.enumerated()
            where !line.allSatisfy(\.isWhitespace) {
                do {
                    tasks.append((try decoder.decode(Task.self, from: Data(line.utf8)), "line \(index + 1)"))
                } catch {
                    throw Self.describe(error, origin: "line \(index + 1)")
                }
            }
        }
        try TodoFormatError.checkItemCount(tasks.count { $0.0.status != "deleted" })
        var items: [ImportedItem] = []
        for (task, origin) in tasks where task.status != "deleted" {
            items.append(try task.imported(origin: origin, options: options))
        }
        return items
    }

    /// A task as Taskwarrior writes it. UDAs are strings on export; numbers are read too.
    struct Task: Codable {
        var uuid: String?
        var description: String?
        var status: String?
        var entry: String?
        var modified: String?
        var end: String?
        var due: String?
        var project: String?
        var priority: String?
        var tags: [String]?
        var annotations: [Annotation]?
        var todolocation: FlexibleText?
        var todolatitude: FlexibleText?
        var todolongitude: FlexibleText?
        var todoestimate: FlexibleText?
        var todorepeat: FlexibleText?
        var todorepeatfrom: String?
        var todoorder: FlexibleText?
        var todoparent: String?

        struct Annotation: Codable {
            var entry: String?
            var description: String?
        }

        init(_ item: TodoItem, zone: TimeZone) {
            uuid = item.id.lowercasedText
            description = item.title
            status = item.isDone ? "completed" : "pending"
            entry = InteropDates.basic(item.createdAt)
            modified = InteropDates.basic(item.updatedAt)
            end = item.completedAt.map(InteropDates.basic)
            due = item.dueDate.map { day in
                InteropDates.basic(item.dueTime.map { $0.moment(on: day, in: zone) } ?? InteropDates.startOfDay(day, in: zone))
            }
            project = item.project?.name
            priority = item.priority.level.map { String($0.rawValue.prefix(1)).uppercased() }
            tags = item.tags.isEmpty ? nil : item.tags.names
            annotations = item.details.map { [Annotation(entry: InteropDates.basic(item.updatedAt), description: $0)] }
            todolocation = item.location.map { FlexibleText($0.name) }
            todolatitude = item.location?.latitude.map { FlexibleText($0.shortestText) }
            todolongitude = item.location?.longitude.map { FlexibleText($0.shortestText) }
            todoestimate = item.estimateMinutes.map { FlexibleText(String($0)) }
            todorepeat = item.repeatRule.map { FlexibleText($0.rruleText) }
            todorepeatfrom = item.repeatRule?.afterCompletion == true ? "completion" : nil
            todoorder = FlexibleText(item.position.shortestText)
            todoparent = item.parent?.lowercasedText
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encodeIfPresent(uuid, forKey: .uuid)
            try c.encodeIfPresent(description, forKey: .description)
            try c.encodeIfPresent(status, forKey: .status)
            try c.encodeIfPresent(entry, forKey: .entry)
            try c.encodeIfPresent(modified, forKey: .modified)
            try c.encodeIfPresent(end, forKey: .end)
            try c.encodeIfPresent(due, forKey: .due)
            try c.encodeIfPresent(project, forKey: .project)
            try c.encodeIfPresent(priority, forKey: .priority)
            try c.encodeIfPresent(tags, forKey: .tags)
            try c.encodeIfPresent(annotations, forKey: .annotations)
            try c.encodeIfPresent(todolocation, forKey: .todolocation)
            try c.encodeIfPresent(todolatitude, forKey: .todolatitude)
            try c.encodeIfPresent(todolongitude, forKey: .todolongitude)
            try c.encodeIfPresent(todoestimate, forKey: .todoestimate)
            try c.encodeIfPresent(todorepeat, forKey: .todorepeat)
            try c.encodeIfPresent(todorepeatfrom, forKey: .todorepeatfrom)
            try c.encodeIfPresent(todoorder, forKey: .todoorder)
            try c.encodeIfPresent(todoparent, forKey: .todoparent)
        }

        func imported(origin: String, options: InteropOptions) throws(TodoFormatError) -> ImportedItem {
            func fail(_ reason: String) -> TodoFormatError { TodoFormatError(origin, reason) }
            guard let description else { throw fail("the task has no description.") }
            var id: UUID?
            if let uuid {
                guard let parsed = UUID(uuidString: uuid) else { throw fail("uuid “\(uuid)” is not a UUID.") }
                id = parsed
            }
            let done = try isDone(origin: origin)
            func date(_ text: String?, _ key: String) throws(TodoFormatError) -> Date? {
                guard let text else { return nil }
                guard let date = InteropDates.parseBasic(text, floating: nil) else {
                    throw fail("\(key) “\(text)” is not a Taskwarrior date such as 20261121T090000Z.")
                }
                return date
            }
            let created = try date(entry, "entry")
            let updated = try date(modified, "modified")
            let completed = try date(end, "end")
            let (dueDate, dueTime) = Self.dueDateAndTime(try date(due, "due"), in: options.timeZone)
            func number<T>(_ value: FlexibleText?, _ key: String, _ expected: String, _ parse: (String) -> T?) throws(TodoFormatError) -> T? {
                guard let text = value?.text else { return nil }
                guard let parsed = parse(text) else { throw fail("\(key) “\(text)” is not \(expected).") }
                return parsed
            }
            let latitude = try number(todolatitude, "todolatitude", "a number", Double.init)
            let longitude = try number(todolongitude, "todolongitude", "a number", Double.init)
            let estimate = try number(todoestimate, "todoestimate", "a whole number of minutes", Int.init)
            let order = try number(todoorder, "todoorder", "a number", Double.init)
            let level = try number(priority.map(FlexibleText.init), "priority", "H, M or L", Self.level)
            let parent = try number(todoparent.map(FlexibleText.init), "todoparent", "the id of a to-do (a UUID)", UUID.init(text:))
            var rule = try number(todorepeat, "todorepeat", "a repeat rule such as FREQ=WEEKLY;BYDAY=MO", Self.repeatRule) ?? nil
            rule?.afterCompletion = todorepeatfrom?.lowercased() == "completion"
            var location: Location?
            if let name = todolocation?.text {
                location = Location(name: name, latitude: latitude, longitude: longitude)
            } else if latitude != nil || longitude != nil {
                throw fail("todolatitude and todolongitude need a todolocation name.")
            }
            let notes = (annotations ?? []).compactMap(\.description)
            var given: ImportedItem.Given = []
            if created != nil { given.insert(.createdAt) }
            if updated != nil { given.insert(.updatedAt) }
            if completed != nil { given.insert(.completedAt) }
            if order != nil { given.insert(.position) }
            let item = TodoItem(
                id: id ?? options.makeID(), title: description, details: notes.isEmpty ? nil : notes.joined(separator: "\n"), isDone: done,
                dueDate: dueDate, location: location, project: project.map(Project.init(name:)),
                estimateMinutes: estimate, repeatRule: rule, priority: level?.priority ?? .undefined, tags: Tags(tags ?? []),
                parent: parent, dueTime: dueTime, position: order ?? 0,
                createdAt: created ?? unknownDate, updatedAt: updated ?? unknownDate, completedAt: completed)
            return ImportedItem(item: item, given: given, precision: .seconds, origin: origin)
        }

        /// The day and time a `due` moment is in `zone` (TIME-8): midnight there, which `task add
        /// due:2026-12-01` stores, is a day without a time.
        static func dueDateAndTime(_ moment: Date?, in zone: TimeZone) -> (CalendarDate?, TimeOfDay?) {
            guard let moment else { return (nil, nil) }
            let time = TimeOfDay(moment, in: zone)
            return (CalendarDate(moment, in: zone), time.minutes == 0 ? nil : time)
        }

        /// Whether `status` is a done task's (a deleted one is left out before it gets here).
        private func isDone(origin: String) throws(TodoFormatError) -> Bool {
            switch status ?? "pending" {
            case "pending", "waiting", "recurring": return false
            case "completed": return true
            case let other:
                throw TodoFormatError(origin, "status “\(other)” is not pending, waiting, recurring, completed or deleted.")
            }
        }

        /// Taskwarrior's priority: `H`, `M` or `L`.
        private static func level(_ text: String) -> Priority.Level? {
            Priority.Level.allCases.first { String($0.rawValue.prefix(1)).uppercased() == text }
        }

        /// `todorepeat`: an `RRULE` text, or an earlier version's day names separated by commas.
        private static func repeatRule(_ text: String) -> RepeatRule?? {
            if let rule = try? RepeatRule(rruleText: text) { return .some(rule) }
            return RepeatRule.legacy(repeatDays: text)
        }
    }

    /// A value Taskwarrior may write as a string or, for a numeric UDA, as a number.
    struct FlexibleText: Codable {
        var text: String
        init(_ text: String) { self.text = text }

        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let string = try? c.decode(String.self) {
                text = string
            } else {
                text = try c.decode(Double.self).shortestText
            }
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            try c.encode(text)
        }
    }

    private static func describe(_ error: any Error, origin: String?) -> TodoFormatError {
        guard let error = error as? DecodingError else { return TodoFormatError(origin, "\(error)") }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context):
            var origin = origin
            var field: String?
            for key in context.codingPath {
                if let index = key.intValue, origin == nil { origin = "task \(index + 1)" } else if key.intValue == nil { field = key.stringValue }
            }
            if let field { return TodoFormatError(origin, "“\(field)” has a value of the wrong type.") }
            return TodoFormatError(origin, "expected \(origin == nil ? "an array of tasks" : "a task object").")
        case .dataCorrupted(let context):
            let detail = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return TodoFormatError(origin, "this is not valid JSON" + (detail.map { " (\($0))" } ?? "") + ".")
        @unknown default:
            return TodoFormatError(origin, "this is not valid JSON.")
        }
    }
}

import Foundation
import TodoCore

/// iCalendar (RFC 5545): a `VCALENDAR` with one `VTODO` per item.
///
/// UID ↔ id, SUMMARY ↔ title, DESCRIPTION ↔ details, STATUS NEEDS-ACTION / COMPLETED and
/// COMPLETED ↔ done and completedAt, CREATED ↔ createdAt, LAST-MODIFIED (and DTSTAMP) ↔
/// updatedAt, DUE;VALUE=DATE ↔ dueDate, CATEGORIES ↔ project, LOCATION and GEO ↔ location,
/// RRULE:FREQ=WEEKLY;BYDAY=… ↔ repeat days (with a DTSTART, as the RFC asks of a recurring
/// component), X-TODO-ESTIMATE (a duration such as PT1H30M) ↔ estimate, X-TODO-ORDER ↔
/// position. Text is escaped (`\\ \; \, \n`) and lines are folded at 75 octets, CRLF.
public struct ICalendarFormat: TodoFormat {
    public let options: InteropOptions
    public var format: InteropFormat { .ics }

    public init(_ options: InteropOptions = InteropOptions()) { self.options = options }

    // MARK: - Encoding

    /// A VCALENDAR holding one VTODO an item.
    public func start() -> String {
        ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//TestDrivenApps//Todo//EN", "CALSCALE:GREGORIAN"].map(Self.fold).joined()
    }

    public func encode(batch items: [TodoItem], afterItems: Bool) throws -> String {
        items.flatMap(vtodo).map(Self.fold).joined()
    }

    public func end(isEmpty: Bool) -> String { Self.fold("END:VCALENDAR") }

    private func vtodo(_ item: TodoItem) -> [String] {
        var lines = ["BEGIN:VTODO", "UID:" + item.id.lowercasedText]
        lines.append("DTSTAMP:" + InteropDates.basic(item.updatedAt))
        lines.append("CREATED:" + InteropDates.basic(item.createdAt))
        lines.append("LAST-MODIFIED:" + InteropDates.basic(item.updatedAt))
        lines.append("SUMMARY:" + Self.escape(item.title))
        if let details = item.details { lines.append("DESCRIPTION:" + Self.escape(details)) }
        lines.append("STATUS:" + (item.isDone ? "COMPLETED" : "NEEDS-ACTION"))
        if let completed = item.completedAt { lines.append("COMPLETED:" + InteropDates.basic(completed)) }
        if let due = item.dueDate { lines.append("DUE;VALUE=DATE:" + Self.basicDate(due)) }
        if let project = item.project { lines.append("CATEGORIES:" + Self.escape(project.name)) }
        if let location = item.location {
            lines.append("LOCATION:" + Self.escape(location.name))
            if let latitude = location.latitude, let longitude = location.longitude {
                lines.append("GEO:\(latitude.interopText);\(longitude.interopText)")
            }
        }
        if !item.repeatDays.isEmpty {
            // A recurrence starts at DTSTART: the creation day, or the due date when earlier.
            var start = CalendarDate(item.createdAt, in: options.timeZone)
            if let due = item.dueDate, due < start { start = due }
            lines.append("DTSTART;VALUE=DATE:" + Self.basicDate(start))
            let days = item.repeatDays.ordered.map { String($0.rawValue.prefix(2)).uppercased() }
            lines.append("RRULE:FREQ=WEEKLY;BYDAY=" + days.joined(separator: ","))
        }
        if let estimate = item.estimateMinutes { lines.append("X-TODO-ESTIMATE:" + Self.duration(minutes: estimate)) }
        lines.append("X-TODO-ORDER:" + item.position.interopText)
        lines.append("END:VTODO")
        return lines
    }

    /// TEXT escaping (RFC 5545 §3.3.11). A CR LF pair or a lone CR becomes a line break.
    static func escape(_ text: String) -> String {
        var out = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\r": out += "\\n"
            case "\n": if !previousWasCR { out += "\\n" }
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Folds a content line after 75 octets (RFC 5545 §3.1), never inside a UTF-8 sequence.
    static func fold(_ line: String) -> String {
        var out = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            if octets + size > 75 {
                out += "\r\n "
                octets = 1
            }
            out.unicodeScalars.append(scalar)
            octets += size
        }
        return out + "\r\n"
    }

    private static func basicDate(_ date: CalendarDate) -> String { date.iso.replacingOccurrences(of: "-", with: "") }

    static func duration(minutes: Int) -> String {
        let days = minutes / 1440, hours = minutes % 1440 / 60, rest = minutes % 60
        var text = "P"
        if days > 0 { text += "\(days)D" }
        if hours > 0 || rest > 0 { text += "T" }
        if hours > 0 { text += "\(hours)H" }
        if rest > 0 { text += "\(rest)M" }
        return text
    }

    /// Minutes of a duration such as `PT1H30M`, `P1D`, `P1W`; nil for anything else.
    static func minutes(duration text: String) -> Int? {
        var rest = Substring(text.uppercased())
        guard rest.popFirst() == "P", !rest.isEmpty else { return nil }
        var total = 0, number = "", inTime = false
        for char in rest {
            if char.isASCII, char.isNumber {
                number.append(char)
                continue
            }
            if char == "T" {
                guard number.isEmpty, !inTime else { return nil }
                inTime = true
                continue
            }
            guard let value = Int(number) else { return nil }
            number = ""
            let unit: Int
            switch (char, inTime) {
            case ("W", false): unit = 7 * 1440
            case ("D", false): unit = 1440
            case ("H", true): unit = 60
            case ("M", true): unit = 1
            case ("S", true): total = total.saturatingAdding(value / 60); continue
            default: return nil
            }
            // A huge count saturates, and the estimate rule then refuses it (HARDEN-1).
            let (minutes, overflow) = value.multipliedReportingOverflow(by: unit)
            total = overflow ? Int.max : total.saturatingAdding(minutes)
        }
        return number.isEmpty ? total : nil
    }

    // MARK: - Decoding

    /// One unfolded content line: `NAME;PARAM=VALUE:value`.
    struct ContentLine {
        var line: Int
        var name: String
        var parameters: [String: String]
        var value: String
    }

    public func decode(_ text: String) throws(TodoFormatError) -> [ImportedItem] {
        let lines = try Self.contentLines(text)
        guard let first = lines.first else { return [] }
        guard first.name == "BEGIN", first.value.uppercased() == "VCALENDAR" else {
            throw .line(first.line, "an iCalendar file starts with BEGIN:VCALENDAR.")
        }
        var items: [ImportedItem] = []
        var stack: [(name: String, line: Int)] = []
        var current: [ContentLine] = []
        var todoLine = 0
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
                    items.append(try item(current, line: todoLine))
                }
            default:
                if stack.count == 2, stack.last?.name == "VTODO" { current.append(line) }
            }
        }
        if let open = stack.last { throw .line(open.line, "BEGIN:\(open.name) is never closed by END:\(open.name).") }
        return items
    }

    private func item(_ lines: [ContentLine], line todoLine: Int) throws(TodoFormatError) -> ImportedItem {
        let origin = "the VTODO at line \(todoLine)"
        func value(_ name: String) -> ContentLine? { lines.first { $0.name == name } }
        func fail(_ line: ContentLine, _ reason: String) -> TodoFormatError { .line(line.line, reason) }
        let zone = options.timeZone
        func instant(_ name: String) throws(TodoFormatError) -> Date? {
            guard let line = value(name) else { return nil }
            let floating = line.parameters["TZID"].flatMap(TimeZone.init(identifier:)) ?? zone
            guard let date = InteropDates.parseBasic(line.value, floating: floating) else {
                throw fail(line, "\(name) “\(line.value)” is not a date-time such as 20261121T090000Z.")
            }
            return date
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

        var due: CalendarDate?
        if let line = value("DUE") {
            if let date = InteropDates.parseBasicDate(line.value) {
                due = date
            } else if line.value.hasSuffix("Z"), let instant = InteropDates.parseBasic(line.value, floating: nil) {
                due = CalendarDate(instant, in: zone)
            } else if let date = InteropDates.parseBasicDate(String(line.value.prefix(8))),
                      InteropDates.parseBasic(line.value, floating: zone) != nil {
                due = date  // a local or floating time: its calendar day
            } else {
                throw fail(line, "DUE “\(line.value)” is not a date such as 20261201 or a date-time.")
            }
        }
        let project = value("CATEGORIES").flatMap { Self.splitList($0.value).first }.map { Project(name: Self.unescape($0)) }
        var location = value("LOCATION").map { Location(name: Self.unescape($0.value)) }
        if let geo = value("GEO") {
            let parts = geo.value.split(separator: ";", omittingEmptySubsequences: false)
            guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]) else {
                throw fail(geo, "GEO “\(geo.value)” is not a latitude and longitude such as 52.52;13.405.")
            }
            if location == nil { location = Location(name: "\(parts[0]), \(parts[1])") }
            location?.latitude = latitude
            location?.longitude = longitude
        }
        var days: Set<Weekday> = []
        if let rule = value("RRULE") {
            var parts: [String: String] = [:]
            for part in rule.value.uppercased().split(separator: ";") {
                let pair = part.split(separator: "=", maxSplits: 1)
                if pair.count == 2 { parts[String(pair[0])] = String(pair[1]) }
            }
            let codes = ["MO": Weekday.monday, "TU": .tuesday, "WE": .wednesday, "TH": .thursday, "FR": .friday, "SA": .saturday, "SU": .sunday]
            if let byDay = parts["BYDAY"] {
                for code in byDay.split(separator: ",") {
                    // "1MO", "-1FR": the weekday is the last two letters.
                    guard let day = codes[String(code.suffix(2))] else {
                        throw fail(rule, "RRULE BYDAY has “\(code)”, which is not a day such as MO or FR.")
                    }
                    days.insert(day)
                }
            } else if parts["FREQ"] == "DAILY" {
                days = Set(Weekday.allCases)
            } else if parts["FREQ"] == "WEEKLY", let start = value("DTSTART").flatMap({ InteropDates.parseBasicDate(String($0.value.prefix(8))) }) {
                days = [start.weekday]
            }
            // Other rules (monthly, yearly) have no equivalent among repeat days.
        }
        var estimate: Int?
        if let line = value("X-TODO-ESTIMATE") {
            guard let minutes = Self.minutes(duration: line.value) ?? Int(line.value) else {
                throw fail(line, "X-TODO-ESTIMATE “\(line.value)” is not a duration such as PT1H30M.")
            }
            estimate = minutes
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
            id: id ?? options.makeID(), title: Self.unescape(summary.value), details: value("DESCRIPTION").map { Self.unescape($0.value) },
            isDone: done, dueDate: due, location: location, project: project, estimateMinutes: estimate,
            repeatDays: days, position: order ?? 0, createdAt: created ?? unknownDate,
            updatedAt: updated ?? unknownDate, completedAt: done ? completed : nil)
        return ImportedItem(item: item, given: given, precision: .seconds, origin: origin)
    }

    /// Unfolds the text and splits each content line into name, parameters and value.
    static func contentLines(_ text: String) throws(TodoFormatError) -> [ContentLine] {
        var unfolded: [(line: Int, text: String)] = []
        var number = 0
        for line in physicalLines(text) {
            number += 1
            if let first = line.first, first == " " || first == "\t", !unfolded.isEmpty {
                unfolded[unfolded.count - 1].text += line.dropFirst()
            } else if !line.isEmpty {
                unfolded.append((number, String(line)))
            }
        }
        var result: [ContentLine] = []
        for (line, text) in unfolded {
            // The value starts after the first colon outside a quoted parameter value.
            var inQuotes = false
            var colon: String.Index?
            for index in text.indices {
                let char = text[index]
                if char == "\"" { inQuotes.toggle() } else if char == ":", !inQuotes {
                    colon = index
                    break
                }
            }
            guard let colon else { throw .line(line, "“\(text.prefix(40))” is not a content line of the form NAME:value.") }
            let head = text[..<colon].split(separator: ";")
            guard let name = head.first, !name.isEmpty else { throw .line(line, "a content line has no property name.") }
            var parameters: [String: String] = [:]
            for parameter in head.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                if pair.count == 2 {
                    parameters[pair[0].uppercased()] = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                }
            }
            result.append(ContentLine(line: line, name: name.uppercased(), parameters: parameters, value: String(text[text.index(after: colon)...])))
        }
        return result
    }

    static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var out = ""
        var escaping = false
        for char in text {
            if escaping {
                switch char {
                case "n", "N": out.append("\n")
                default: out.append(char)
                }
                escaping = false
            } else if char == "\\" {
                escaping = true
            } else {
                out.append(char)
            }
        }
        return out
    }

    /// Splits a list value at commas that are not escaped.
    static func splitList(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var escaping = false
        for char in text {
            if escaping {
                current += "\\" + String(char)
                escaping = false
            } else if char == "\\" {
                escaping = true
            } else if char == "," {
                parts.append(current)
                current = ""
            } else {
                current.append(char)
            }
        }
        parts.append(current)
        return parts
    }
}

extension Int {
    /// `self + other`, held at `Int.max` instead of trapping (both are non-negative here).
    fileprivate func saturatingAdding(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}

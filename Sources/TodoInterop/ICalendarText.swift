import Foundation
import TodoCore

/// RFC 5545 text as both iCalendar codecs read and write it: the file import/export
/// (`ICalendarFormat`) and CalDAV's one-item resources (`CalDAVTodoCodec`). Content lines,
/// folding, TEXT escaping, durations, and the VTODO properties both map the same way.
enum ICalendarText {
    // MARK: - Content lines

    /// One unfolded content line: `NAME;PARAM=VALUE:value`.
    struct ContentLine {
        /// The physical line it starts on, from 1.
        var line: Int
        /// The name, upper-cased.
        var name: String
        /// The parameters by upper-cased name, quotes dropped.
        var parameters: [String: String]
        var value: String
        /// The whole unfolded line as written (name, parameters and value, nothing re-escaped).
        var text: String
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
        result.reserveCapacity(unfolded.count)
        for (line, text) in unfolded { result.append(try contentLine(text, line: line)) }
        return result
    }

    /// One unfolded line split into name, parameters and value.
    static func contentLine(_ text: String, line: Int) throws(TodoFormatError) -> ContentLine {
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
        return ContentLine(line: line, name: name.uppercased(), parameters: parameters, value: String(text[text.index(after: colon)...]), text: text)
    }

    /// Folds a content line after 75 octets (RFC 5545 §3.1), never inside a UTF-8 sequence.
    static func fold(_ line: String) -> String {
        if line.utf8.count <= 75 { return line + "\r\n" }
        var out = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = scalar.utf8.count
            if octets + size > 75 {
                out += "\r\n "
                octets = 1
            }
            out.unicodeScalars.append(scalar)
            octets += size
        }
        return out + "\r\n"
    }

    // MARK: - Text

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

    // MARK: - Durations and dates

    static func basicDate(_ date: CalendarDate) -> String { date.iso.replacingOccurrences(of: "-", with: "") }

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

    // MARK: - Reading the mapped properties

    /// A DATE-TIME property as an instant: UTC, or a local time in its `TZID` (or `floating`
    /// when it has none, or one this system doesn't know).
    static func instant(_ line: ContentLine, floating: TimeZone) throws(TodoFormatError) -> Date {
        let zone = line.parameters["TZID"].flatMap(TimeZone.init(identifier:)) ?? floating
        guard let date = InteropDates.parseBasic(line.value, floating: zone) else {
            throw .line(line.line, "\(line.name) “\(line.value)” is not a date-time such as 20261121T090000Z.")
        }
        return date
    }

    /// The day of a DUE (or DTSTART): a DATE as it is, a UTC date-time's day in `zone`, a
    /// floating or `TZID` time's own day.
    static func day(_ line: ContentLine, zone: TimeZone) throws(TodoFormatError) -> CalendarDate {
        if let date = InteropDates.parseBasicDate(line.value) { return date }
        if line.value.hasSuffix("Z"), let instant = InteropDates.parseBasic(line.value, floating: nil) {
            return CalendarDate(instant, in: zone)
        }
        if let date = InteropDates.parseBasicDate(String(line.value.prefix(8))),
           InteropDates.parseBasic(line.value, floating: zone) != nil {
            return date  // a local or floating time: its calendar day
        }
        throw .line(line.line, "\(line.name) “\(line.value)” is not a date such as 20261201 or a date-time.")
    }

    /// A DUE's day and time in the owner's `zone` (docs/specs/times.md, TIME-8): a DATE
    /// (`DUE;VALUE=DATE:20261230`) is that day without a time; a date-time is the moment it
    /// names, on the owner's clock: UTC (`DUE:20261230T060000Z` is 30 December, 15:00 in Tokyo),
    /// a `TZID` this system knows, or one the resource's VTIMEZONE defines (`defined` gives the
    /// instant of a local time there); a floating time, or one in a `TZID` nobody defines, is
    /// its own day and time, on the owner's clock. Seconds are dropped.
    static func due(
        _ line: ContentLine, zone: TimeZone, defined: (String, Date) -> Date? = { _, _ in nil }
    ) throws(TodoFormatError) -> (date: CalendarDate, time: TimeOfDay?) {
        let value = line.value
        if InteropDates.parseBasicDate(value) != nil || line.parameters["VALUE"]?.uppercased() == "DATE" {
            return (try day(line, zone: zone), nil)
        }
        let utc = TimeZone(identifier: "UTC")!
        var instant: Date?
        if value.hasSuffix("Z") {
            instant = InteropDates.parseBasic(value, floating: nil)
        } else if let tzid = line.parameters["TZID"] {
            if let known = knownZone(tzid) {
                instant = InteropDates.parseBasic(value, floating: known)
            } else if let wall = InteropDates.parseBasic(value, floating: utc) {
                instant = defined(tzid, wall)
            }
        }
        if let instant { return (CalendarDate(instant, in: zone), TimeOfDay(instant, in: zone)) }
        // Floating: the digits as they are, on the owner's clock.
        guard !value.hasSuffix("Z"), let wall = InteropDates.parseBasic(value, floating: utc) else {
            throw .line(line.line, "\(line.name) “\(value)” is not a date such as 20261201 or a date-time.")
        }
        return (CalendarDate(wall, in: utc), TimeOfDay(wall, in: utc))
    }

    /// The DUE Todo writes for a due `date` and `time` (TIME-8): `DUE;VALUE=DATE:20261230`
    /// without a time, else the moment they are in the owner's `zone`, in UTC
    /// (`DUE:20261230T060000Z`), which every client shows on its own clock.
    static func dueLine(_ date: CalendarDate, _ time: TimeOfDay?, zone: TimeZone) -> String {
        guard let time else { return "DUE;VALUE=DATE:" + basicDate(date) }
        return "DUE:" + InteropDates.basic(time.moment(on: date, in: zone))
    }

    /// The DTSTART of the same value as a DUE line (RFC 5545 §3.8.2.3 wants the two of one
    /// kind): a recurrence's start, which Todo puts at the due date and time.
    static func startLine(sameAs due: String) -> String {
        "DTSTART" + due.dropFirst("DUE".count)
    }

    /// Whether a DUE or DTSTART line's value is a DATE (no time); nil when it doesn't read.
    static func isDate(_ text: String) -> Bool? {
        guard let line = try? contentLine(text, line: 1) else { return nil }
        return InteropDates.parseBasicDate(line.value) != nil || line.parameters["VALUE"]?.uppercased() == "DATE"
    }

    /// The zones this system knows, by name: only those are looked up (a client's TZID is
    /// never handed to the system as a file name).
    private static let knownZones = Set(TimeZone.knownTimeZoneIdentifiers).union(["UTC", "GMT"])

    /// The zone named `tzid` when this system knows it by that name.
    static func knownZone(_ tzid: String) -> TimeZone? {
        knownZones.contains(tzid) ? TimeZone(identifier: tzid) : nil
    }

    /// LOCATION and GEO as a location; a GEO without LOCATION is named by its coordinates.
    static func location(_ name: ContentLine?, geo: ContentLine?) throws(TodoFormatError) -> Location? {
        var location = name.map { Location(name: unescape($0.value)) }
        if let geo {
            let parts = geo.value.split(separator: ";", omittingEmptySubsequences: false)
            guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]) else {
                throw .line(geo.line, "GEO “\(geo.value)” is not a latitude and longitude such as 52.52;13.405.")
            }
            if location == nil { location = Location(name: "\(parts[0]), \(parts[1])") }
            location?.latitude = latitude
            location?.longitude = longitude
        }
        return location
    }

    /// RRULE as a repeat rule (REPEAT-16), after completion when `from` (X-TODO-REPEAT-FROM)
    /// says COMPLETION; the problem of a rule Todo refuses (REPEAT-8).
    static func repeatRule(_ line: ContentLine, from: ContentLine?) throws(RepeatRule.Problem) -> RepeatRule {
        var rule = try RepeatRule(rruleText: line.value)
        rule.afterCompletion = from?.value.uppercased() == "COMPLETION"
        return rule
    }

    /// X-TODO-ESTIMATE: a duration (`PT1H30M`) or a number of minutes.
    static func estimate(_ line: ContentLine) throws(TodoFormatError) -> Int {
        guard let minutes = minutes(duration: line.value) ?? Int(line.value) else {
            throw .line(line.line, "X-TODO-ESTIMATE “\(line.value)” is not a duration such as PT1H30M.")
        }
        return minutes
    }

    /// PRIORITY: a number 0 (none) … 9, as RFC 5545 has it (PRIO-7).
    static func priority(_ line: ContentLine) throws(TodoFormatError) -> Priority {
        let text = line.value.trimmingCharacters(in: .whitespaces)
        guard text.count == 1, let number = Int(text), Priority.numbers.contains(number) else {
            throw .line(line.line, "PRIORITY “\(line.value)” is not a number from 0 (none) to 9 (lowest).")
        }
        return Priority(number: number)
    }

    // MARK: - Writing the mapped properties

    /// DTSTAMP, CREATED and LAST-MODIFIED of an item.
    static func timestampLines(_ item: TodoItem) -> [String] {
        let updated = InteropDates.basic(item.updatedAt)
        return ["DTSTAMP:" + updated, "CREATED:" + InteropDates.basic(item.createdAt), "LAST-MODIFIED:" + updated]
    }

    /// SUMMARY, DESCRIPTION, STATUS and COMPLETED of an item.
    static func textLines(_ item: TodoItem) -> [String] {
        var lines = ["SUMMARY:" + escape(item.title)]
        if let details = item.details { lines.append("DESCRIPTION:" + escape(details)) }
        lines.append("STATUS:" + (item.isDone ? "COMPLETED" : "NEEDS-ACTION"))
        if let completed = item.completedAt { lines.append("COMPLETED:" + InteropDates.basic(completed)) }
        return lines
    }

    /// LOCATION, and GEO when the location has coordinates.
    static func locationLines(_ location: Location?) -> [String] {
        guard let location else { return [] }
        var lines = ["LOCATION:" + escape(location.name)]
        if let latitude = location.latitude, let longitude = location.longitude {
            lines.append("GEO:\(latitude.shortestText);\(longitude.shortestText)")
        }
        return lines
    }

    /// A repeat's lines (REPEAT-16): `RRULE:` and its text, then `X-TODO-REPEAT-FROM:COMPLETION`
    /// when it repeats after completion; none for none.
    static func ruleLines(_ rule: RepeatRule?) -> [String] {
        guard let rule else { return [] }
        return ["RRULE:" + rule.rruleText] + (rule.afterCompletion ? ["X-TODO-REPEAT-FROM:COMPLETION"] : [])
    }

    /// PRIORITY with the item's number, none for none (a reader takes no PRIORITY as 0).
    static func priorityLine(_ priority: Priority) -> [String] {
        priority.isUndefined ? [] : ["PRIORITY:\(priority.number)"]
    }

    /// CATEGORIES with the tags, each escaped, separated by commas (TAG-8); none without tags.
    static func categoriesLine(_ tags: Tags) -> [String] {
        tags.isEmpty ? [] : ["CATEGORIES:" + tags.names.map(escape).joined(separator: ",")]
    }

    /// The tags of every CATEGORIES line, in order, each unescaped and trimmed; blank ones
    /// dropped. A comma in a category (`\,`), which no tag holds, is read as a space (TAG-8);
    /// the rule, applied when the item is saved, refuses what else no tag can be.
    static func tags(_ categories: [ContentLine]) -> Tags {
        Tags(categories.flatMap { splitList($0.value) }.map { category in
            unescape(category).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }.joined(separator: " ")
        }.filter { !$0.isEmpty })
    }

    static func estimateLine(_ minutes: Int?) -> [String] {
        minutes.map { ["X-TODO-ESTIMATE:" + duration(minutes: $0)] } ?? []
    }
}

extension Int {
    /// `self + other`, held at `Int.max` instead of trapping (both are non-negative here).
    fileprivate func saturatingAdding(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}

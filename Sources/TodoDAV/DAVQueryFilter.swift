import Foundation
import TodoCore

/// `calendar-query` filters (RFC 4791 §9.7) over Todo's VTODOs (DAV-12). What it doesn't
/// understand matches, so an answer holds more, never less.
enum DAVQueryFilter {
    static func matches(_ filter: DAVElement?, _ member: DAVMember, timeZone: TimeZone) -> Bool {
        guard let filter else { return true }
        return filter.children(DAVNamespace.caldav, "comp-filter").allSatisfy {
            component($0, member, level: 0, timeZone: timeZone)
        }
    }

    /// `comp-filter`: VCALENDAR at the top, VTODO inside it.
    private static func component(_ filter: DAVElement, _ member: DAVMember, level: Int, timeZone: TimeZone) -> Bool {
        let name = filter.attributes["name"]?.uppercased() ?? ""
        let exists: Bool? =
            switch (level, name) {
            case (0, "VCALENDAR"), (1, "VTODO"): true
            case (1, "VEVENT"), (1, "VJOURNAL"), (1, "VFREEBUSY"), (0, _): false
            default: nil  // VALARM and others Todo keeps as text: not known, so they match
            }
        guard let exists else { return true }
        if filter.child(DAVNamespace.caldav, "is-not-defined") != nil { return !exists }
        guard exists else { return false }
        if let range = filter.child(DAVNamespace.caldav, "time-range"), level == 1,
           !overlaps(range, member.item.dueDate, timeZone: timeZone)
        {
            return false
        }
        let nested = filter.children(DAVNamespace.caldav, "comp-filter").allSatisfy {
            component($0, member, level: level + 1, timeZone: timeZone)
        }
        guard level == 1 else { return nested }
        return nested && filter.children(DAVNamespace.caldav, "prop-filter").allSatisfy { property($0, member, timeZone: timeZone) }
    }

    /// `prop-filter` on a VTODO property Todo models; others match.
    private static func property(_ filter: DAVElement, _ member: DAVMember, timeZone: TimeZone) -> Bool {
        let item = member.item
        let value: String??
        let name = filter.attributes["name"]?.uppercased() ?? ""
        switch name {
        case "COMPLETED": value = .some(item.completedAt.map { _ in "" })
        // An open item keeps its client's own STATUS and PERCENT-COMPLETE (IN-PROCESS, 50…),
        // which Todo doesn't read: only a done item's are known.
        case "STATUS", "PERCENT-COMPLETE":
            guard item.isDone else { return true }
            value = .some(name == "STATUS" ? "COMPLETED" : "100")
        case "DUE": value = .some(item.dueDate?.iso)
        case "SUMMARY": value = .some(item.title)
        case "DESCRIPTION": value = .some(item.details)
        case "LOCATION": value = .some(item.location?.name)
        case "UID": value = .some(member.uid)
        default: value = nil
        }
        guard let value else { return true }
        if filter.child(DAVNamespace.caldav, "is-not-defined") != nil { return value == nil }
        guard let value else { return false }
        if let range = filter.child(DAVNamespace.caldav, "time-range"),
           name == "DUE", !overlaps(range, item.dueDate, timeZone: timeZone)
        {
            return false
        }
        return filter.children(DAVNamespace.caldav, "text-match").allSatisfy { textMatches($0, value) }
    }

    private static func textMatches(_ match: DAVElement, _ value: String) -> Bool {
        let wanted = match.text
        let found =
            match.attributes["collation"] == "i;octet"
            ? value.contains(wanted) : value.range(of: wanted, options: [.caseInsensitive, .literal]) != nil
                || wanted.isEmpty
        return match.attributes["negate-condition"] == "yes" ? !found : found
    }

    /// Whether a due day overlaps the `time-range` (start included, end excluded); an item
    /// without a due date matches, as RFC 4791's table has a VTODO without DUE match.
    private static func overlaps(_ range: DAVElement, _ due: CalendarDate?, timeZone: TimeZone) -> Bool {
        guard let due else { return true }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        guard let dayStart = calendar.date(from: DateComponents(year: due.year, month: due.month, day: due.day)),
              let dayEnd = calendar.date(byAdding: .day, value: 1, to: dayStart)
        else { return true }
        if let start = range.attributes["start"].flatMap(utc), dayEnd <= start { return false }
        if let end = range.attributes["end"].flatMap(utc), dayStart >= end { return false }
        return true
    }

    /// `20261124T000000Z`.
    static func utc(_ text: String) -> Date? {
        // ASCII digits only: `isNumber` would let "½" or "٣" through.
        let digits = text.unicodeScalars.filter { ("0"..."9").contains($0) }.map { Int($0.value) - 48 }
        guard text.hasSuffix("Z"), digits.count == 14, text.count == 16 else { return nil }
        func part(_ from: Int, _ length: Int) -> Int {
            digits[from..<(from + length)].reduce(0) { $0 * 10 + $1 }
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(
            year: part(0, 4), month: part(4, 2), day: part(6, 2), hour: part(8, 2), minute: part(10, 2), second: part(12, 2)))
    }
}

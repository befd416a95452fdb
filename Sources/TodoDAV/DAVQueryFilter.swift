import Foundation
import TodoCore

/// `calendar-query` filters (RFC 4791 §9.7) over Todo's VTODOs (DAV-12); time ranges as
/// `DAVTimeRange` reads them (DAV-28). What it doesn't understand matches, so an answer holds
/// more, never less.
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
        // RFC 4791 §9.9's table (DAV-28).
        if let range = filter.child(DAVNamespace.caldav, "time-range"), level == 1,
           !DAVTimeRange(range).overlaps(member.times(timeZone: timeZone), zone: timeZone)
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
        // A date property in a time-range, as the VTODO's own time-range reads it (DAV-28).
        if let range = filter.child(DAVNamespace.caldav, "time-range"),
           let judged = DAVTimeRange(range).contains(property: name, of: member.times(timeZone: timeZone), zone: timeZone)
        {
            return judged
        }
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
}

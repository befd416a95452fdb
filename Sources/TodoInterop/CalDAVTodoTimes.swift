import Foundation
import TodoCore

/// The dates one resource carries as `CalDAVTodoCodec.write` gives it (DTSTART, DURATION, DUE,
/// COMPLETED, CREATED and whether it repeats), read the way a `time-range` filter needs them
/// (RFC 4791 §9.9; docs/specs/caldav.md DAV-28).
public struct CalDAVTodoTimes: Equatable, Sendable {
    /// A DTSTART or a DUE.
    public enum Value: Equatable, Sendable {
        /// A DATE: the whole day, in the owner's time zone.
        case day(CalendarDate)
        /// A date-time: that instant. An occurrence moves it by whole days on the clock of
        /// `zone`: its `TZID`'s, UTC's for a UTC time, the owner's for a floating time.
        case moment(Date, zone: TimeZone)
    }

    /// The occurrences after the first.
    public enum Recurrence: Equatable, Sendable {
        /// None: it doesn't repeat (or has no DTSTART or DUE to repeat from).
        case none
        /// Todo's repeat rule: the first occurrence on `from` (the due date, else DTSTART's day),
        /// then one on every later date the rule gives from there, with its DTSTART and DUE
        /// moved by as many days.
        case rule(from: CalendarDate, RepeatRule)
        /// A rule Todo keeps as the client wrote it but doesn't read, RDATE, or a rule reckoned
        /// after completion: when the later occurrences fall is not known.
        case unknown
    }

    public var start: Value?
    public var due: Value?
    /// DURATION (written only without a DUE), in seconds.
    public var duration: TimeInterval?
    public var completed: Date?
    public var created: Date?
    public var recurrence: Recurrence

    public init(
        start: Value? = nil, due: Value? = nil, duration: TimeInterval? = nil, completed: Date? = nil, created: Date? = nil,
        recurrence: Recurrence = .none
    ) {
        self.start = start
        self.due = due
        self.duration = duration
        self.completed = completed
        self.created = created
        self.recurrence = recurrence
    }
}

extension CalDAVTodoCodec {
    /// The dates of the resource `write` gives for `item` with the `kept` text: its DTSTART and
    /// DUE (a DATE, or a date-time in UTC, in a `TZID` this system or the resource's VTIMEZONE
    /// knows, or floating: in `timeZone`, the owner's), the DURATION kept beside a DTSTART,
    /// COMPLETED when done, CREATED, and how it repeats. The due time Todo writes itself (the
    /// item's, TIME-8) is the moment of its due date and time, on the owner's clock: its
    /// occurrences keep that time there (TIME-4).
    public static func times(of item: TodoItem, kept text: String, timeZone: TimeZone) -> CalDAVTodoTimes {
        let kept = Kept(text)
        let (due, start) = dueAndStart(item, kept, timeZone: timeZone)
        var zones: ICalendarZones?
        func value(_ line: String?) -> CalDAVTodoTimes.Value? {
            line.flatMap { timeValue($0, owner: timeZone) { tzid, wall in
                if zones == nil { zones = ICalendarZones(kept.calendarComponents) }
                return zones?.instant(wall: wall, tzid: tzid)
            } }
        }
        // TIME-4: the time Todo writes for the item is on the owner's clock, occurrence by occurrence.
        func own(_ value: CalDAVTodoTimes.Value?, _ written: String?, _ client: String?) -> CalDAVTodoTimes.Value? {
            guard item.dueTime != nil, written != client, case .moment(let instant, _)? = value else { return value }
            return .moment(instant, zone: timeZone)
        }
        var times = CalDAVTodoTimes(
            start: own(value(start), start, kept.start), due: own(value(due), due, kept.due),
            completed: item.isDone ? item.completedAt : nil, created: item.createdAt)
        if due == nil, times.start != nil, let line = kept.todoProperties.first(where: { name(of: $0) == "DURATION" }) {
            times.duration = duration(line)
        }
        guard times.start != nil || times.due != nil else { return times }
        if let rule = item.repeatRule, !rule.afterCompletion, let from = item.dueDate ?? times.start.map(day) {
            times.recurrence = .rule(from: from, rule)
        } else if item.repeatRule != nil || kept.rule != nil || kept.todoProperties.contains(where: { name(of: $0) == "RDATE" }) {
            times.recurrence = .unknown
        }
        return times
    }

    /// A DTSTART or DUE line's value; nil when it doesn't read. `defined` gives the instant of a
    /// local time in a `TZID` the resource's VTIMEZONE defines.
    private static func timeValue(
        _ line: String, owner: TimeZone, defined: (String, Date) -> (instant: Date, zone: TimeZone)?
    ) -> CalDAVTodoTimes.Value? {
        guard let parsed = try? ICalendarText.contentLine(line, line: 1) else { return nil }
        let value = parsed.value
        if let day = InteropDates.parseBasicDate(value) { return .day(day) }
        let utc = TimeZone(identifier: "UTC")!
        if value.hasSuffix("Z") { return InteropDates.parseBasic(value, floating: nil).map { .moment($0, zone: utc) } }
        if let tzid = parsed.parameters["TZID"] {
            if let zone = ICalendarText.knownZone(tzid) { return InteropDates.parseBasic(value, floating: zone).map { .moment($0, zone: zone) } }
            if let wall = InteropDates.parseBasic(value, floating: utc), let found = defined(tzid, wall) {
                return .moment(found.instant, zone: found.zone)
            }
        }
        // Floating (or in a zone nobody defines): the owner's clock.
        return InteropDates.parseBasic(value, floating: owner).map { .moment($0, zone: owner) }
    }

    /// The day a DTSTART falls on, on its own clock.
    private static func day(_ value: CalDAVTodoTimes.Value) -> CalendarDate {
        switch value {
        case .day(let day): day
        case .moment(let instant, let zone): CalendarDate(instant, in: zone)
        }
    }

    /// A DURATION line's seconds (`PT1H30M`, `+P1D`); nil for a negative or unreadable one.
    private static func duration(_ line: String) -> TimeInterval? {
        guard let parsed = try? ICalendarText.contentLine(line, line: 1) else { return nil }
        let text = parsed.value.hasPrefix("+") ? String(parsed.value.dropFirst()) : parsed.value
        return ICalendarText.minutes(duration: text).map { TimeInterval($0) * 60 }
    }
}

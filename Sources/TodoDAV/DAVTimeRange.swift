import Foundation
import TodoCore
import TodoInterop

/// A `time-range` (RFC 4791 §9.9) and whether a VTODO, or one of its date properties, falls in
/// it (DAV-28). A task is judged by the dates of the resource the server answers for it
/// (`CalDAVTodoCodec.times`): a DATE is its whole day in the owner's zone, a date-time that
/// moment; a repeating task by each of its occurrences.
struct DAVTimeRange {
    /// Included; nil: from the beginning of time (the attribute missing or unreadable).
    var start: Date?
    /// Excluded; nil: to the end of time.
    var end: Date?

    /// How many occurrences of a repeating task are tried after the jump to the range's start
    /// (a handful are ever needed): no range, however long, makes a query loop.
    static let occurrencesTried = 64

    init(start: Date?, end: Date?) {
        self.start = start
        self.end = end
    }

    /// The range an element gives; an attribute that isn't a UTC date-time leaves that end open,
    /// so the answer holds more, never less.
    init(_ element: DAVElement) {
        self.init(start: element.attributes["start"].flatMap(Self.utc), end: element.attributes["end"].flatMap(Self.utc))
    }

    /// RFC 4791 asks for an end after the start; a range that ends before or at its start holds
    /// no time, and nothing falls in it.
    var isEmpty: Bool {
        guard let start, let end else { return false }
        return end <= start
    }

    // MARK: - A task, and its properties

    /// Whether the task with these dates overlaps the range: RFC 4791 §9.9's VTODO table, for
    /// one of its occurrences.
    func overlaps(_ times: CalDAVTodoTimes, zone: TimeZone) -> Bool {
        anyOccurrence(times, zone: zone, table)
    }

    /// Whether the property `name` (DUE, DTSTART, COMPLETED, CREATED) of an occurrence is in
    /// the range: `start <= value < end` (a DATE: its day overlaps the range); a DUE missing
    /// is DTSTART+DURATION when the task has those. Nil for a property not judged here.
    func contains(property name: String, of times: CalDAVTodoTimes, zone: TimeZone) -> Bool? {
        let value: (Occurrence) -> Span?
        switch name {
        case "DUE": value = { $0.due ?? $0.startPlusDuration }
        case "DTSTART": value = { $0.start }
        case "COMPLETED": value = { $0.completed }
        case "CREATED": value = { $0.created }
        default: return nil
        }
        var times = times
        // COMPLETED and CREATED are the task's own, not an occurrence's.
        if name == "COMPLETED" || name == "CREATED" { times.recurrence = .none }
        guard value(Occurrence(times, shiftedBy: 0, zone: zone)) != nil else { return false }
        return anyOccurrence(times, zone: zone) { occurrence in
            value(occurrence).map { (startsBefore($0, orAt: true), endsAfter($0, orAt: false)) } ?? (false, false)
        }
    }

    /// RFC 4791 §9.9's VTODO table, its condition cut in two halves that must both hold: that
    /// the range starts early enough, and that it ends late enough. As an occurrence moves
    /// later, the first half only turns true, the second only false.
    func table(_ occurrence: Occurrence) -> (early: Bool, late: Bool) {
        switch (occurrence.start, occurrence.startPlusDuration, occurrence.due) {
        case (let start?, let ends?, _):
            (startsBefore(ends, orAt: true), endsAfter(start, orAt: false) || endsAfter(ends, orAt: true))
        case (let start?, nil, let due?):
            (startsBefore(due, orAt: false) || startsBefore(start, orAt: true),
             endsAfter(start, orAt: false) || endsAfter(due, orAt: true))
        case (let start?, nil, nil):
            (startsBefore(start, orAt: true), endsAfter(start, orAt: false))
        case (nil, _, let due?):
            (startsBefore(due, orAt: false), endsAfter(due, orAt: true))
        case (nil, _, nil):
            switch (occurrence.completed, occurrence.created) {
            case (let completed?, let created?):
                (startsBefore(created, orAt: true) || startsBefore(completed, orAt: true),
                 endsAfter(created, orAt: true) || endsAfter(completed, orAt: true))
            case (let completed?, nil): (startsBefore(completed, orAt: true), endsAfter(completed, orAt: true))
            case (nil, let created?): (true, endsAfter(created, orAt: false))
            case (nil, nil): (true, true)
            }
        }
    }

    /// The table's `start <= V` (`orAt`) or `start < V`; for a day, that the range starts
    /// before the day ends.
    func startsBefore(_ value: Span, orAt: Bool) -> Bool {
        guard let start else { return true }
        if value.isDay { return start < value.to }
        return orAt ? start <= value.from : start < value.from
    }

    /// The table's `end >= V` (`orAt`) or `end > V`; for a day, that the range ends after the
    /// day begins.
    func endsAfter(_ value: Span, orAt: Bool) -> Bool {
        guard let end else { return true }
        if value.isDay { return end > value.from }
        return orAt ? end >= value.from : end > value.from
    }

    // MARK: - Occurrences

    /// Whether one occurrence passes `test` (both halves). The halves turn as `table` says, so
    /// the first occurrence that starts late enough for the range is the only one to try: a
    /// repeating task jumps near the range's start and steps from there.
    private func anyOccurrence(
        _ times: CalDAVTodoTimes, zone: TimeZone, _ test: (Occurrence) -> (early: Bool, late: Bool)
    ) -> Bool {
        guard !isEmpty else { return false }
        let first = Occurrence(times, shiftedBy: 0, zone: zone)
        switch times.recurrence {
        case .none:
            let result = test(first)
            return result.early && result.late
        case .unknown:
            // Later occurrences may be anywhere after the first.
            return test(first).late
        case .rule(let from, var rule):
            // A count is counted here, occurrence by occurrence, from the first.
            var left = Int.max
            if case .count(let count) = rule.end { (left, rule.end) = (count, .never) }
            var day = from
            let gap = start.map { $0.timeIntervalSince(first.latest) / 86_400 } ?? 0
            // Every occurrence before this ends days before the range starts.
            if left == .max, gap > 3,
               let near = rule.nextDate(after: from.adding(days: Int(min(gap, 4_000_000)) - 3), anchor: from) {
                day = near
            }
            for _ in 0..<Self.occurrencesTried {
                let result = test(Occurrence(times, shiftedBy: from.days(to: day), zone: zone))
                if result.early { return result.late }
                left -= 1
                guard left > 0, let next = rule.nextDate(after: day, anchor: from) else { return false }
                day = next
            }
            return true  // never reached: an answer holds more, never less
        }
    }

    /// A date as a stretch of time: a moment (`from == to`), or a day from its midnight to the
    /// next, in the owner's zone.
    struct Span {
        var from: Date
        var to: Date
        var isDay: Bool

        static func moment(_ date: Date) -> Span { Span(from: date, to: date, isDay: false) }
    }

    /// One occurrence of a task: its dates moved by a number of days from the first.
    struct Occurrence {
        var start: Span?
        var startPlusDuration: Span?
        var due: Span?
        var completed: Span?
        var created: Span?
        /// The latest moment any of its DTSTART, DTSTART+DURATION and DUE reaches.
        var latest: Date

        init(_ times: CalDAVTodoTimes, shiftedBy days: Int, zone: TimeZone) {
            let shiftedStart = times.start.map { Self.shifted($0, days: days) }
            start = shiftedStart.map { Self.span($0, zone: zone) }
            due = times.due.map { Self.span(Self.shifted($0, days: days), zone: zone) }
            if let from = start?.from, let duration = times.duration { startPlusDuration = .moment(from.addingTimeInterval(duration)) }
            completed = times.completed.map(Span.moment)
            created = times.created.map(Span.moment)
            latest = [start?.to, startPlusDuration?.to, due?.to].compactMap { $0 }.max() ?? .distantPast
        }

        private static func shifted(_ value: CalDAVTodoTimes.Value, days: Int) -> CalDAVTodoTimes.Value {
            guard days != 0 else { return value }
            switch value {
            case .day(let day):
                return .day(day.adding(days: days))
            case .moment(let instant, let zone):
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = zone
                let moved =
                    calendar.date(byAdding: .day, value: days, to: instant) ?? instant.addingTimeInterval(TimeInterval(days) * 86_400)
                return .moment(moved, zone: zone)
            }
        }

        private static func span(_ value: CalDAVTodoTimes.Value, zone: TimeZone) -> Span {
            switch value {
            case .moment(let instant, _):
                return .moment(instant)
            case .day(let day):
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = zone
                let midnight = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day))
                    ?? Date(timeIntervalSince1970: 0)
                let next = calendar.date(byAdding: .day, value: 1, to: midnight) ?? midnight.addingTimeInterval(86_400)
                return Span(from: midnight, to: next, isDay: true)
            }
        }
    }

    // MARK: - Reading

    /// `20261124T000000Z`, strictly: a day that exists (years 1 to 9999), hours to 23, minutes
    /// and seconds to 59 (a leap second to 60); nil for anything else.
    static func utc(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 16, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "Z") else { return nil }
        var digits: [Int] = []
        for (index, byte) in bytes.enumerated() where index != 8 && index != 15 {
            // ASCII digits only: `isNumber` would let "½" or "٣" through.
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            digits.append(Int(byte - UInt8(ascii: "0")))
        }
        func part(_ from: Int, _ length: Int) -> Int { digits[from..<(from + length)].reduce(0) { $0 * 10 + $1 } }
        guard let day = CalendarDate(year: part(0, 4), month: part(4, 2), day: part(6, 2)) else { return nil }
        let (hour, minute, second) = (part(8, 2), part(10, 2), part(12, 2))
        guard hour < 24, minute < 60, second <= 60 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute))?
            .addingTimeInterval(TimeInterval(second))
    }
}

extension DAVMember {
    /// The dates of the resource the server answers for this member.
    func times(timeZone: TimeZone) -> CalDAVTodoTimes {
        CalDAVTodoCodec.times(of: item, kept: record?.kept ?? "", timeZone: timeZone)
    }
}

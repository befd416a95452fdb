import Foundation

/// The zones a resource's own VTIMEZONE components define (RFC 5545 §3.6.5), for a `TZID` this
/// system doesn't know by name (Outlook's "W. Europe Standard Time", a client's "Custom"):
/// each observance (STANDARD, DAYLIGHT) starts at its DTSTART, again each year by a yearly
/// RRULE (a month and a weekday, or days of the month) and at its RDATEs, and brings its
/// TZOFFSETTO. A local time is in the observance that started last before it.
///
/// Read for time-range filters (DAV-28) only; what doesn't read is left out, never refused.
struct ICalendarZones {
    /// The observances of each zone, by TZID.
    private var zones: [String: [Observance]] = [:]

    /// The VTIMEZONEs among `lines`, a resource's calendar components as the kept text holds
    /// them (one unfolded content line each).
    init(_ lines: [String]) {
        var tzid: String?
        var observances: [Observance] = []
        var observance: [ICalendarText.ContentLine]?
        var inZone = false
        for text in lines {
            guard let line = try? ICalendarText.contentLine(text, line: 1) else { continue }
            switch (line.name, line.value.uppercased()) {
            case ("BEGIN", "VTIMEZONE"):
                (inZone, tzid, observances) = (true, nil, [])
            case ("END", "VTIMEZONE"):
                if let tzid, !observances.isEmpty, zones[tzid] == nil { zones[tzid] = observances }
                inZone = false
            case ("BEGIN", "STANDARD"), ("BEGIN", "DAYLIGHT"):
                if inZone { observance = [] }
            case ("END", "STANDARD"), ("END", "DAYLIGHT"):
                if let lines = observance, let read = Observance(lines) { observances.append(read) }
                observance = nil
            default:
                if observance != nil {
                    observance?.append(line)
                } else if inZone, line.name == "TZID" {
                    tzid = line.value
                }
            }
        }
    }

    /// The instant that the local time `wall` (its digits read as if in UTC) is in the zone
    /// `tzid`, with a zone of the offset it has then; nil when no VTIMEZONE defines `tzid`.
    func instant(wall: Date, tzid: String) -> (instant: Date, zone: TimeZone)? {
        guard let observances = zones[tzid], let earliest = observances.min(by: { $0.start < $1.start }) else { return nil }
        let started = observances.compactMap { observance in observance.latestOnset(atOrBefore: wall).map { ($0, observance.offsetTo) } }
        // Before the first onset, the offset the first observance changes from.
        let offset = started.max { $0.0 < $1.0 }?.1 ?? earliest.offsetFrom
        guard let zone = TimeZone(secondsFromGMT: offset) else { return nil }
        return (wall.addingTimeInterval(-TimeInterval(offset)), zone)
    }

    /// A UTC calendar: local times here are their digits read as if in UTC.
    static let wallCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// `+0100`, `-0430`, `+053000` in seconds; nil for anything else or a day or more.
    static func offset(_ text: String) -> Int? {
        let digits = Array(text.dropFirst())
        guard let sign = text.first, sign == "+" || sign == "-", digits.count == 4 || digits.count == 6,
              digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(String(digits))
        else { return nil }
        let (hours, minutes, seconds) =
            digits.count == 4 ? (value / 100, value % 100, 0) : (value / 10_000, value / 100 % 100, value % 100)
        guard hours < 24, minutes < 60, seconds < 60 else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60 + seconds)
    }
}

/// One STANDARD or DAYLIGHT part of a VTIMEZONE.
private struct Observance {
    /// DTSTART, the first onset (a local time, read as if in UTC).
    var start: Date
    var offsetFrom: Int
    var offsetTo: Int
    var rule: YearlyRule?
    /// RDATEs: more onsets.
    var dates: [Date]

    init?(_ lines: [ICalendarText.ContentLine]) {
        let utc = TimeZone(identifier: "UTC")!
        func first(_ name: String) -> ICalendarText.ContentLine? { lines.first { $0.name == name } }
        guard let start = first("DTSTART").flatMap({ InteropDates.parseBasic($0.value, floating: utc) }),
              let offsetTo = first("TZOFFSETTO").flatMap({ ICalendarZones.offset($0.value) })
        else { return nil }
        self.start = start
        self.offsetTo = offsetTo
        offsetFrom = first("TZOFFSETFROM").flatMap { ICalendarZones.offset($0.value) } ?? offsetTo
        rule = first("RRULE").flatMap { YearlyRule($0.value, start: start) }
        dates = lines.filter { $0.name == "RDATE" }.flatMap { $0.value.split(separator: ",") }
            .compactMap { InteropDates.parseBasic(String($0), floating: utc) }
    }

    /// The last time this observance started at or before `wall`; nil when it hadn't yet.
    func latestOnset(atOrBefore wall: Date) -> Date? {
        guard start <= wall else { return nil }
        var latest = ([start] + dates.filter { $0 <= wall }).max() ?? start
        if let rule {
            let limit = min(wall, rule.until ?? wall)
            let year = ICalendarZones.wallCalendar.component(.year, from: limit)
            for candidate in [year, year - 1] {
                if let onset = rule.onset(in: candidate), onset <= limit, onset >= start {
                    latest = max(latest, onset)
                    break
                }
            }
        }
        return latest
    }
}

/// `FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU` (the last Sunday of March), `BYDAY=2SU`, or
/// `BYMONTHDAY=8,9,10,11,12,13,14;BYDAY=SU`, at DTSTART's time of day.
private struct YearlyRule {
    var month: Int
    /// 1 = Sunday … 7 = Saturday, as `Calendar` counts.
    var weekday: Int?
    /// Which of the month's `weekday`s: 2 the second, -1 the last; 0 the first.
    var ordinal: Int
    var monthDays: [Int]
    var until: Date?
    /// DTSTART's day of the month and time of day, in seconds.
    var startDay: Int
    var timeOfDay: TimeInterval

    init?(_ value: String, start: Date) {
        var parts: [String: String] = [:]
        for part in value.uppercased().split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            if pair.count == 2 { parts[String(pair[0])] = String(pair[1]) }
        }
        guard parts["FREQ"] == "YEARLY" else { return nil }
        let calendar = ICalendarZones.wallCalendar
        let startParts = calendar.dateComponents([.month, .day], from: start)
        month = parts["BYMONTH"].flatMap { Int($0.split(separator: ",").first ?? "") } ?? startParts.month ?? 1
        guard (1...12).contains(month) else { return nil }
        startDay = startParts.day ?? 1
        timeOfDay = start.timeIntervalSince(calendar.startOfDay(for: start))
        let codes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
        let byDay = parts["BYDAY"]?.split(separator: ",").first.map(String.init)
        weekday = byDay.flatMap { code in codes.firstIndex(of: String(code.suffix(2))).map { $0 + 1 } }
        ordinal = byDay.flatMap { Int($0.dropLast(2)) } ?? 0
        monthDays = parts["BYMONTHDAY"]?.split(separator: ",").compactMap { Int($0) }.filter { (1...31).contains($0) }.sorted() ?? []
        let utc = TimeZone(identifier: "UTC")!
        until = parts["UNTIL"].flatMap { text in
            InteropDates.parseBasic(text, floating: utc) ?? InteropDates.parseBasicDate(text).map { InteropDates.startOfDay($0, in: utc) }
        }
    }

    /// When the observance starts in `year`; nil when the rule names no day that year.
    func onset(in year: Int) -> Date? {
        let calendar = ICalendarZones.wallCalendar
        guard let first = calendar.date(from: DateComponents(year: year, month: month, day: 1)),
              let length = calendar.range(of: .day, in: .month, for: first)?.count
        else { return nil }
        func weekday(of day: Int) -> Int { (calendar.component(.weekday, from: first) - 1 + day - 1) % 7 + 1 }
        let day: Int?
        if !monthDays.isEmpty {
            day = monthDays.first { $0 <= length && (self.weekday == nil || weekday(of: $0) == self.weekday) }
        } else if let wanted = self.weekday {
            let firstMatch = (wanted - weekday(of: 1) + 7) % 7 + 1
            let matches = Array(stride(from: firstMatch, through: length, by: 7))
            let index = ordinal > 0 ? ordinal - 1 : ordinal < 0 ? matches.count + ordinal : 0
            day = matches.indices.contains(index) ? matches[index] : nil
        } else {
            day = min(startDay, length)
        }
        return day.map { first.addingTimeInterval(TimeInterval($0 - 1) * 86_400 + timeOfDay) }
    }
}

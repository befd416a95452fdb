/// Resource bodies as real CalDAV clients write them (from their documented output; the
/// time zones as the clients send them). Each is a list of unfolded lines; `body` joins them.
enum CalDAVSamples {
    /// CRLF line ends, as clients send them.
    static func body(_ lines: [String]) -> String { lines.map { $0 + "\r\n" }.joined() }

    static let berlinZone = [
        "BEGIN:VTIMEZONE", "TZID:Europe/Berlin",
        "BEGIN:DAYLIGHT", "TZOFFSETFROM:+0100", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "DTSTART:19810329T020000",
        "TZNAME:CEST", "TZOFFSETTO:+0200", "END:DAYLIGHT",
        "BEGIN:STANDARD", "TZOFFSETFROM:+0200", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "DTSTART:19961027T030000",
        "TZNAME:CET", "TZOFFSETTO:+0100", "END:STANDARD",
        "END:VTIMEZONE",
    ]

    static let appleAlarm = [
        "BEGIN:VALARM", "X-WR-ALARMUID:5B0F0C6A-0A8F-4B9D-8E1C-1F2E3D4C5B6A", "UID:5B0F0C6A-0A8F-4B9D-8E1C-1F2E3D4C5B6A",
        "TRIGGER;VALUE=DATE-TIME:20261201T074500Z", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "END:VALARM",
    ]

    static let appleStructuredLocation =
        #"X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS="Friedrichstraße 1\\n10117 Berlin";X-APPLE-MAPKIT-HANDLE=CAESvAEIrk0Q;X-APPLE-RADIUS=70.58;X-TITLE="Praxis Dr. Weiß":geo:52.520008,13.404954"#

    /// Apple Reminders (iOS 17): DUE and DTSTART with TZID, a VTIMEZONE, a VALARM with an
    /// absolute trigger, a structured location, its sort order.
    static let apple = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//iPhone OS 17.1//EN", "CALSCALE:GREGORIAN",
    ] + berlinZone + [
        "BEGIN:VTODO",
        "CREATED:20261120T101500Z",
        "DTSTAMP:20261121T083000Z",
        "DTSTART;TZID=Europe/Berlin:20261201T090000",
        "DUE;TZID=Europe/Berlin:20261201T090000",
        "LAST-MODIFIED:20261121T083000Z",
        #"LOCATION:Praxis Dr. Weiß\nFriedrichstraße 1\, Berlin"#,
        "PRIORITY:1",
        "SEQUENCE:2",
        "STATUS:NEEDS-ACTION",
        "SUMMARY:Call the dentist",
        "UID:6F1C3A2B-90D4-4E4B-9C7E-3C1D2A0B9F11",
        "X-APPLE-SORT-ORDER:720000123",
        appleStructuredLocation,
    ] + appleAlarm + ["END:VTODO", "END:VCALENDAR"]

    /// Tasks.org through DAVx5 (ical4android): numeric UIDs, a parent by RELATED-TO, tags as
    /// CATEGORIES, PRIORITY, a weekly rule with a date DTSTART.
    static let tasksOrg = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:+//IDN bitfire.at//ical4android (org.tasks)",
        "BEGIN:VTODO",
        "DTSTAMP:20261121T091500Z",
        "UID:1840627523658163419",
        "CREATED:20261120T080000Z",
        "LAST-MODIFIED:20261121T091400Z",
        "SUMMARY:Buy milk",
        "DESCRIPTION:Oat\\, not soy",
        "PRIORITY:9",
        "RELATED-TO;RELTYPE=PARENT:4512331238721389012",
        "CATEGORIES:Errands,Shopping",
        "DTSTART;VALUE=DATE:20261123",
        "DUE;VALUE=DATE:20261126",
        "RRULE:FREQ=WEEKLY;BYDAY=MO,TH",
        "X-APPLE-SORT-ORDER:-12",
        "STATUS:NEEDS-ACTION",
        "END:VTODO", "END:VCALENDAR",
    ]

    /// Thunderbird: X-MOZ- properties, DTSTART and DUE with TZID, the VTIMEZONE, a relative
    /// alarm, CLASS.
    static let thunderbird = [
        "BEGIN:VCALENDAR", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN", "VERSION:2.0",
    ] + berlinZone + [
        "BEGIN:VTODO",
        "CREATED:20261120T120000Z",
        "LAST-MODIFIED:20261121T090000Z",
        "DTSTAMP:20261121T090000Z",
        "UID:3b8b0c9e-5a3e-4a43-9e1f-0c7f1b2d4e5f",
        "SUMMARY:Write the report",
        "STATUS:NEEDS-ACTION",
        "X-MOZ-GENERATION:3",
        "X-MOZ-LASTACK:20261121T085900Z",
        "DTSTART;TZID=Europe/Berlin:20261123T090000",
        "DUE;TZID=Europe/Berlin:20261127T170000",
        "DESCRIPTION:Two pages\\, with figures.\\nSend to Anna.",
        "CLASS:PRIVATE",
        "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;VALUE=DURATION;RELATED=END:-PT15M",
        "DESCRIPTION:Default Mozilla Description", "END:VALARM",
        "END:VTODO", "END:VCALENDAR",
    ]

    /// todoman (Python icalendar): a hex UID, DUE as a UTC date-time, PRIORITY, CATEGORIES,
    /// SEQUENCE, PERCENT-COMPLETE.
    static let todoman = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:io.barrera.todoman",
        "BEGIN:VTODO",
        "SUMMARY:Renew passport",
        "DTSTAMP:20261121T100000Z",
        "CREATED:20261121T100000Z",
        "LAST-MODIFIED:20261121T100000Z",
        "DUE:20261202T170000Z",
        "PERCENT-COMPLETE:0",
        "PRIORITY:5",
        "CATEGORIES:admin",
        "SEQUENCE:1",
        "UID:c1d9fb8a8a6b4b8f9f4fcb0d2e5b8f3a",
        "END:VTODO", "END:VCALENDAR",
    ]
}

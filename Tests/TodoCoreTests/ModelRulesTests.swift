import Foundation
import Testing
import TodoCore
import TodoTestSupport

@Suite("Validation rules")
struct ValidationTests {
    @Test("a title is trimmed and kept")
    func test_title_isTrimmed() throws {
        #expect(try TodoRules.title("  Buy milk \n") == "Buy milk")
    }

    @Test("ADD-3 an empty or whitespace-only title is refused", arguments: ["", "   ", "\n\t "])
    func test_title_refusesBlank(_ title: String) {
        #expect(throws: TodoValidationError.emptyTitle) { try TodoRules.title(title) }
    }

    @Test("a title of 500 characters is accepted, 501 refused — counted in code points, as the database counts (HARDEN-8)")
    func test_title_lengthLimit() throws {
        #expect(try TodoRules.title(String(repeating: "a", count: 500)).count == 500)
        #expect(throws: TodoValidationError.titleTooLong(length: 501)) {
            try TodoRules.title(String(repeating: "a", count: 501))
        }
        // A family emoji is one character on screen but five code points.
        let family = String(repeating: "👨‍👩‍👧", count: 100)
        #expect(try TodoRules.title(family).unicodeScalars.count == 500)
        #expect(throws: TodoValidationError.titleTooLong(length: 505)) { try TodoRules.title(family + "👨‍👩‍👧") }
    }

    @Test("a title with a line break or NUL is refused with a sentence")
    func test_title_refusesControlCharacters() {
        #expect(throws: TodoValidationError.titleHasControlCharacters) { try TodoRules.title("a\nb") }
        #expect(throws: TodoValidationError.titleHasControlCharacters) { try TodoRules.title("a\u{0}b") }
        #expect(TodoValidationError.titleHasControlCharacters.errorDescription?.hasSuffix(".") == true)
    }

    @Test("details keep line breaks, blank details become nil, more than 10,000 characters are refused")
    func test_details_rules() throws {
        #expect(try TodoRules.details("line 1\nline 2\n") == "line 1\nline 2\n")
        #expect(try TodoRules.details("  \n ") == nil)
        #expect(try TodoRules.details(String(repeating: "x", count: 10_000))?.count == 10_000)
        #expect(throws: TodoValidationError.detailsTooLong(length: 10_001)) {
            try TodoRules.details(String(repeating: "x", count: 10_001))
        }
        #expect(throws: TodoValidationError.detailsHaveInvalidCharacters) { try TodoRules.details("a\u{0}") }
    }

    @Test("a location needs a name and both coordinates in range, or none")
    func test_location_rules() throws {
        #expect(try TodoRules.location(Location(name: " Home ")) == Location(name: "Home"))
        #expect(throws: TodoValidationError.emptyLocationName) { try TodoRules.location(Location(name: " ")) }
        #expect(throws: TodoValidationError.incompleteCoordinates) {
            try TodoRules.location(Location(name: "Home", latitude: 1))
        }
        #expect(throws: TodoValidationError.latitudeOutOfRange(91)) {
            try TodoRules.location(Location(name: "Home", latitude: 91, longitude: 0))
        }
        #expect(throws: TodoValidationError.longitudeOutOfRange(-181)) {
            try TodoRules.location(Location(name: "Home", latitude: 0, longitude: -181))
        }
    }

    @Test("project names are trimmed and must not be blank; estimates lie within a week")
    func test_project_and_estimate_rules() throws {
        #expect(try TodoRules.project(Project(name: " Work ")) == Project(name: "Work"))
        #expect(throws: TodoValidationError.emptyProjectName) { try TodoRules.project(Project(name: "")) }
        #expect(try TodoRules.estimate(30) == 30)
        #expect(throws: TodoValidationError.estimateOutOfRange(minutes: 0)) { try TodoRules.estimate(0) }
        #expect(throws: TodoValidationError.estimateOutOfRange(minutes: 10_081)) { try TodoRules.estimate(10_081) }
    }
}

@Suite("Calendar dates, weekdays and estimates")
struct ValueTypeTests {
    @Test("dates parse strictly as YYYY-MM-DD and show as MM/dd/yyyy")
    func test_calendarDate_parsingAndDisplay() {
        let date = CalendarDate(iso: "2026-02-28")
        #expect(date?.monthDayYear == "02/28/2026")
        #expect(date?.iso == "2026-02-28")
        for bad in ["2026-02-30", "2026-2-28", "26-02-28", "2026-13-01", "tomorrow", "2026-02-28T00:00", "２０２６-01-01"] {
            #expect(CalendarDate(iso: bad) == nil, "\(bad) should not parse")
        }
        #expect(CalendarDate(iso: "2024-02-29") != nil)
        #expect(CalendarDate(iso: "2100-02-29") == nil)
    }

    @Test("dates add days across months and years and know their weekday")
    func test_calendarDate_arithmetic() {
        let date = CalendarDate(year: 2026, month: 12, day: 31)!
        #expect(date.adding(days: 1) == CalendarDate(year: 2027, month: 1, day: 1))
        #expect(date.adding(days: -365) == CalendarDate(year: 2025, month: 12, day: 31))
        #expect(CalendarDate(year: 2026, month: 11, day: 21)!.weekday == .saturday)
    }

    @Test("the calendar day depends on the time zone")
    func test_calendarDate_fromInstant() {
        let instant = TestEnvironment.referenceDate  // 2026-11-21 09:00 UTC
        #expect(CalendarDate(instant, in: TimeZone(identifier: "UTC")!).iso == "2026-11-21")
        #expect(CalendarDate(instant, in: TimeZone(identifier: "Pacific/Kiritimati")!).iso == "2026-11-21")
        #expect(CalendarDate(instant, in: TimeZone(identifier: "Pacific/Pago_Pago")!).iso == "2026-11-20")
    }

    @Test("weekdays round-trip through names and the stored bit mask")
    func test_weekdays() {
        #expect(Weekday(name: "Wed") == .wednesday)
        #expect(Weekday(name: "sunday") == .sunday)
        #expect(Weekday(name: "funday") == nil)
        let days: Set<Weekday> = [.monday, .wednesday, .sunday]
        #expect(Weekday.days(fromMask: Weekday.mask(of: days)) == days)
        #expect(days.ordered == [.monday, .wednesday, .sunday])
    }

    @Test("estimates parse 30m, 1h, 1h30m and plain minutes; refuse the rest")
    func test_estimates() {
        #expect(Estimate.minutes(from: "30m") == 30)
        #expect(Estimate.minutes(from: "1h") == 60)
        #expect(Estimate.minutes(from: "1h30m") == 90)
        #expect(Estimate.minutes(from: "90") == 90)
        for bad in ["", "0m", "abc", "1x", "30m1h", "m", "1h1h", "-5", "169h"] {
            #expect(Estimate.minutes(from: bad) == nil, "\(bad) should not parse")
        }
        #expect(Estimate.text(minutes: 90) == "1h30m")
        #expect(Estimate.text(minutes: 120) == "2h")
        #expect(Estimate.text(minutes: 45) == "45m")
    }
}

@Suite("Ordering rules")
struct OrderingTests {
    @Test("first goes before the current first, last after the current last")
    func test_edges() {
        #expect(Ordering.before(nil) == 0)
        #expect(Ordering.before(5) < 5)
        #expect(Ordering.after(5) > 5)
    }

    @Test("between finds a number strictly between neighbours until none is left")
    func test_between_untilExhausted() {
        var low = 0.0
        let high = 1.0
        var steps = 0
        while let middle = Ordering.between(low, high) {
            #expect(middle > low && middle < high)
            low = middle
            steps += 1
        }
        #expect(steps > 40, "a gap of 1 allows dozens of moves before respacing")
        #expect(Ordering.between(nil, 3)! < 3)
        #expect(Ordering.between(3, nil)! > 3)
    }
}

@Suite("Timestamps")
struct TimestampTests {
    @Test("timestamps are ISO 8601 UTC with milliseconds and parse back exactly")
    func test_roundTrip() throws {
        let date = Date(timeIntervalSince1970: 1_795_251_600.123)
        #expect(Timestamp.iso(date) == "2026-11-21T09:00:00.123Z")
        #expect(Timestamp.parse("2026-11-21T09:00:00.123Z") == Timestamp.normalized(date))
        #expect(Timestamp.parse("2026-11-21T10:00:00+01:00") == Date(timeIntervalSince1970: 1_795_251_600))
        #expect(Timestamp.parse("1969-12-31T23:59:59.999Z") == Date(timeIntervalSince1970: -0.001))
        #expect(Timestamp.iso(Date(timeIntervalSince1970: -0.001)) == "1969-12-31T23:59:59.999Z")
        #expect(Timestamp.parse("2026-11-21T09:00:00.123456Z") == Timestamp.normalized(date))
        for bad in ["2026-11-21", "2026-11-21T09:00:00", "2026-02-30T00:00:00Z", "2026-11-21T09:00:00.Z", "garbage!!!!!!!!!!!!!!"] {
            #expect(Timestamp.parse(bad) == nil, "\(bad) should not parse")
        }
    }
}

@Suite("The shared ITEM JSON shape")
struct ItemJSONTests {
    @Test("an item encodes every field of the shared shape, with nulls for absent values")
    func test_encode_sharedShape() throws {
        let item = TodoItem(
            id: TestEnvironment.id(1), title: "Buy milk", createdAt: TestEnvironment.referenceDate)
        let data = try TodoJSON.encoder().encode(item)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == Set(TodoItem.CodingKeys.allCases.map(\.rawValue)))
        #expect(object["id"] as? String == "00000000-0000-4000-8000-000000000001")
        #expect(object["completed"] as? Bool == false)
        #expect(object["dueDate"] is NSNull)
        #expect(object["createdAt"] as? String == "2026-11-21T09:00:00.000Z")
        #expect(object["repeat"] is NSNull)
        #expect(object["version"] as? Int == 1)
    }

    @Test("every field survives encoding and decoding unchanged")
    func test_roundTrip_allFields() throws {
        let item = TodoItem(
            id: TestEnvironment.id(7), title: "Pay rent “now”", details: "line 1\nline 2", isDone: true,
            dueDate: CalendarDate(iso: "2026-12-01"), location: Location(name: "Bank", latitude: 48.85, longitude: 2.35),
            project: Project(name: "Home"), estimateMinutes: 90, repeatRule: .weekly(on: [.monday, .friday]), position: -3.5,
            createdAt: TestEnvironment.referenceDate, updatedAt: TestEnvironment.referenceDate + 60,
            completedAt: TestEnvironment.referenceDate + 60, version: 4)
        let decoded = try JSONDecoder().decode(TodoItem.self, from: TodoJSON.encoder().encode(item))
        #expect(decoded == item)
    }

    @Test("a malformed id, date or timestamp is refused when decoding")
    func test_decode_refusesMalformedValues() {
        let base = #"{"id":"ID","title":"t","createdAt":"CREATED","dueDate":DUE}"#
        func decode(id: String = "00000000-0000-4000-8000-000000000001", created: String = "2026-11-21T09:00:00Z", due: String = "null") throws {
            let json = base.replacingOccurrences(of: "ID", with: id).replacingOccurrences(of: "CREATED", with: created)
                .replacingOccurrences(of: "DUE", with: due)
            _ = try JSONDecoder().decode(TodoItem.self, from: Data(json.utf8))
        }
        #expect(throws: Never.self) { try decode() }
        #expect(throws: DecodingError.self) { try decode(id: "nope") }
        #expect(throws: DecodingError.self) { try decode(created: "yesterday") }
        #expect(throws: DecodingError.self) { try decode(due: "\"2026-02-30\"") }
    }
}

@Suite("Project order")
struct ProjectOrderTests {
    @Test("projects sort as Finder sorts names (localizedStandardCompare), shortcut or not")
    func test_projectOrder_matchesLocalizedStandardCompare() {
        let pieces = ["a", "b", "B", "z", "Z", " ", "m", "M", "1", "2", "10", "9", "-", "é", "É", "_"]
        var names = ["Home", "home", "Work", "work 2", "work 10", "Garden", "Été", "ete", "A", "a b", "ab", "a-b"]
        // 150 names of one to six pieces from a fixed-seed generator: the same ones each run.
        var state: UInt64 = 2026
        func draw(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        for _ in 0..<150 { names.append((0...draw(6)).map { _ in pieces[draw(pieces.count)] }.joined()) }
        for a in names {
            for b in names {
                #expect(
                    (Project(name: a) < Project(name: b)) == (a.localizedStandardCompare(b) == .orderedAscending),
                    "\(a) < \(b)")
            }
        }
    }
}

import PropertyBased
import Testing
import TodoCore

private func day(_ iso: String) -> CalendarDate { CalendarDate(iso: iso)! }

private func rule(_ text: String) -> RepeatRule {
    do {
        return try RepeatRule(rruleText: text)
    } catch {
        Issue.record("“\(text)” was refused: \(error)")
        return RepeatRule(.daily)
    }
}

/// The next `count` dates of `text` from `anchor`, each one's rule counting down (REPEAT-10).
private func dates(_ text: String, from anchor: String, _ count: Int = 3) -> [String] {
    var current = rule(text), last = day(anchor), result: [String] = []
    while result.count < count, let next = current.nextDate(after: last, anchor: day(anchor)) {
        result.append(next.iso)
        last = next
        current = current.afterOccurrence
    }
    return result
}

/// docs/specs/repeats.md, REPEAT-7…10: any repeat, at the Model layer.
@Suite("Repeats: any rule")
struct RepeatRuleTests {
    @Test("REPEAT-7 a rule's parts, and the days it takes from its anchor when it names none")
    func test_REPEAT_7_partsAndDefaults() {
        let rent = RepeatRule(.monthly, monthDays: [1])
        #expect(rent.interval == 1 && rent.end == .never && !rent.afterCompletion && rent.weekStart == .monday)
        #expect(rent.problem() == nil)
        // No days: the anchor's weekday, day of the month, month and day.
        #expect(dates("FREQ=WEEKLY", from: "2026-12-03", 2) == ["2026-12-10", "2026-12-17"])
        #expect(dates("FREQ=MONTHLY", from: "2026-12-15", 2) == ["2027-01-15", "2027-02-15"])
        #expect(dates("FREQ=YEARLY", from: "2026-03-05", 2) == ["2027-03-05", "2028-03-05"])
        #expect(dates("FREQ=YEARLY;BYMONTH=7", from: "2026-03-05", 2) == ["2026-07-05", "2027-07-05"])
    }

    @Test(
        "REPEAT-7 a rule that can't be kept is refused, naming its part",
        arguments: [
            (RepeatRule(.daily, interval: 0), RepeatRule.Problem.outOfRange(part: "INTERVAL", value: "0")),
            (RepeatRule(.daily, interval: 1000), .outOfRange(part: "INTERVAL", value: "1000")),
            (RepeatRule(.daily, end: .count(0)), .outOfRange(part: "COUNT", value: "0")),
            (RepeatRule(.monthly, monthDays: [0]), .outOfRange(part: "BYMONTHDAY", value: "0")),
            (RepeatRule(.monthly, monthDays: [-32]), .outOfRange(part: "BYMONTHDAY", value: "-32")),
            (RepeatRule(.yearly, months: [13]), .outOfRange(part: "BYMONTH", value: "13")),
            (RepeatRule(.monthly, days: [.init(.tuesday, nth: 6)]), .outOfRange(part: "BYDAY", value: "6")),
            (RepeatRule(.yearly, months: [11], days: [.init(.thursday, nth: 6)]), .outOfRange(part: "BYDAY", value: "6")),
            (RepeatRule(.yearly, days: [.init(.monday, nth: 54)]), .outOfRange(part: "BYDAY", value: "54")),
            (RepeatRule(.weekly, days: [.init(.tuesday, nth: 2)]), .nthInDailyOrWeekly("2TU")),
            (RepeatRule(.monthly, days: [.init(.friday)], positions: [0]), .outOfRange(part: "BYSETPOS", value: "0")),
            (RepeatRule(.yearly, months: [2], monthDays: [30]), .daysNeverExist),
            (RepeatRule(.yearly, months: [4, 6], monthDays: [31, -31]), .daysNeverExist),
        ])
    func test_REPEAT_7_refused(_ rule: RepeatRule, _ problem: RepeatRule.Problem) {
        #expect(rule.problem() == problem)
    }

    @Test("REPEAT-7 the Nth weekday of a year goes up to 53; February 29 exists")
    func test_REPEAT_7_limitsThatAreKept() {
        #expect(RepeatRule(.yearly, days: [.init(.monday, nth: 53)]).problem() == nil)
        #expect(RepeatRule(.yearly, months: [2], monthDays: [29]).problem() == nil)
        #expect(RepeatRule(.monthly, monthDays: [31]).problem() == nil)
    }

    @Test(
        "REPEAT-8 rule text is read in any order and case, and written in one order",
        arguments: [
            ("FREQ=DAILY", "FREQ=DAILY"),
            ("freq=monthly;byday=2tu", "FREQ=MONTHLY;BYDAY=2TU"),
            ("BYDAY=MO,TH;FREQ=WEEKLY", "FREQ=WEEKLY;BYDAY=MO,TH"),
            ("FREQ=WEEKLY;INTERVAL=1;BYDAY=TU", "FREQ=WEEKLY;BYDAY=TU"),
            ("FREQ=MONTHLY;INTERVAL=3;BYDAY=-1FR;COUNT=4", "FREQ=MONTHLY;INTERVAL=3;BYDAY=-1FR;COUNT=4"),
            ("FREQ=YEARLY;BYDAY=+4TH;BYMONTH=11", "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH"),
            ("FREQ=MONTHLY;BYMONTHDAY=15,1,15", "FREQ=MONTHLY;BYMONTHDAY=15,1"),
            ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"),
            ("FREQ=WEEKLY;INTERVAL=2;WKST=SU;BYDAY=TU,SU", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU;WKST=SU"),
            ("FREQ=WEEKLY;WKST=MO", "FREQ=WEEKLY"),
            ("FREQ=DAILY;UNTIL=20261231", "FREQ=DAILY;UNTIL=20261231"),
            ("FREQ=DAILY;;", "FREQ=DAILY"),
            // Parts Todo doesn't model come back as they came.
            ("FREQ=YEARLY;BYYEARDAY=100;X-NAME=a,b", "FREQ=YEARLY;BYYEARDAY=100;X-NAME=a,b"),
            ("FREQ=DAILY;UNTIL=20261231T235959Z", "FREQ=DAILY;UNTIL=20261231T235959Z"),
            ("FREQ=HOURLY;INTERVAL=4", "FREQ=HOURLY;INTERVAL=4"),
            ("FREQ=WEEKLY;BYWEEKNO=20;BYHOUR=9;BYMINUTE=30;BYSECOND=0", "FREQ=WEEKLY;BYWEEKNO=20;BYHOUR=9;BYMINUTE=30;BYSECOND=0"),
        ])
    func test_REPEAT_8_readAndWritten(_ text: String, _ written: String) throws {
        let read = try RepeatRule(rruleText: text)
        #expect(read.rruleText == written)
        #expect(try RepeatRule(rruleText: written) == read)
    }

    @Test("REPEAT-8 a kept part is kept, and the rule still repeats by what Todo models")
    func test_REPEAT_8_keptStillRepeats() throws {
        let hourly = try RepeatRule(rruleText: "FREQ=HOURLY")
        #expect(!hourly.kept.isEmpty && hourly.frequency == .daily)
        #expect(hourly.nextDate(after: day("2026-12-06"), anchor: day("2026-12-06")) == day("2026-12-07"))
        let untilTime = try RepeatRule(rruleText: "FREQ=DAILY;UNTIL=20261208T120000Z")
        #expect(dates(untilTime.rruleText, from: "2026-12-06") == ["2026-12-07", "2026-12-08"])
        let xPart = try RepeatRule(rruleText: "FREQ=MONTHLY;X-TODO=1")
        #expect(xPart.kept.parts == ["X-TODO=1"])
        #expect(dates(xPart.rruleText, from: "2026-01-31", 3) == ["2026-03-31", "2026-05-31", "2026-07-31"])
    }

    @Test(
        "REPEAT-8 text that can't be read is refused, naming the part",
        arguments: [
            ("", RepeatRule.Problem.noFrequency),
            ("INTERVAL=2", .noFrequency),
            ("FREQ=FORTNIGHTLY", .unknownFrequency("FORTNIGHTLY")),
            ("FREQ=DAILY;EVERY=2", .unknownPart("EVERY")),
            ("FREQ=DAILY;FREQ=WEEKLY", .partTwice("FREQ")),
            ("FREQ=DAILY;interval=2;INTERVAL=3", .partTwice("INTERVAL")),
            ("FREQ=DAILY;INTERVAL=x", .badValue(part: "INTERVAL", value: "x")),
            ("FREQ=DAILY;INTERVAL=", .badValue(part: "INTERVAL", value: "")),
            ("FREQ=DAILY;INTERVAL", .badValue(part: "INTERVAL", value: "")),
            ("FREQ=DAILY;INTERVAL=99999", .badValue(part: "INTERVAL", value: "99999")),
            ("FREQ=WEEKLY;BYDAY=XX", .badValue(part: "BYDAY", value: "XX")),
            ("FREQ=MONTHLY;BYDAY=2", .badValue(part: "BYDAY", value: "2")),
            ("FREQ=MONTHLY;BYDAY=aTU", .badValue(part: "BYDAY", value: "aTU")),
            ("FREQ=MONTHLY;BYMONTHDAY=1,,2", .badValue(part: "BYMONTHDAY", value: "")),
            ("FREQ=DAILY;UNTIL=2026", .badValue(part: "UNTIL", value: "2026")),
            ("FREQ=DAILY;UNTIL=20260231", .badValue(part: "UNTIL", value: "20260231")),
            ("FREQ=DAILY;UNTIL=20261231T25", .badValue(part: "UNTIL", value: "20261231T25")),
            ("FREQ=DAILY;WKST=XY", .badValue(part: "WKST", value: "XY")),
            ("FREQ=DAILY;COUNT=3;UNTIL=20261231", .countAndUntil),
            ("FREQ=WEEKLY;BYDAY=2TU", .nthInDailyOrWeekly("2TU")),
            ("FREQ=MONTHLY;BYMONTHDAY=32", .outOfRange(part: "BYMONTHDAY", value: "32")),
            ("FREQ=DAILY;X-A=" + String(repeating: "a", count: 500), .tooLong),
        ])
    func test_REPEAT_8_refused(_ text: String, _ problem: RepeatRule.Problem) {
        #expect(throws: problem) { try RepeatRule(rruleText: text) }
    }

    @Test("REPEAT-8 every rule Todo can store reads back equal from its text (10,000 random rules)")
    func test_REPEAT_8_roundTripProperty() async {
        await propertyCheck(count: 10_000, input: Gen.int(in: 0...Int.max)) { code in
            let rule = RandomRule.make(code)
            #expect(rule.problem() == nil, "\(rule)")
            #expect((try? RepeatRule(rruleText: rule.rruleText)) == rule, "\(rule.rruleText)")
        }
    }

    @Test(
        "REPEAT-9 the next dates of a rule, as RFC 5545 reckons them",
        arguments: [
            // (rule, anchor, the next dates)
            ("FREQ=DAILY;INTERVAL=3", "2026-12-30", ["2027-01-02", "2027-01-05", "2027-01-08"]),
            ("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "2026-12-01", ["2026-12-15", "2026-12-29", "2027-01-12"]),
            // Two weeks counted from the anchor's week: Thursday of week 0, then weeks 2 and 4.
            ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", "2026-12-03", ["2026-12-14", "2026-12-17", "2026-12-28"]),
            // The 31st skips months without one; the last day doesn't.
            ("FREQ=MONTHLY;BYMONTHDAY=31", "2027-01-31", ["2027-03-31", "2027-05-31", "2027-07-31"]),
            ("FREQ=MONTHLY;BYMONTHDAY=-1", "2027-01-31", ["2027-02-28", "2027-03-31", "2027-04-30"]),
            ("FREQ=MONTHLY;BYMONTHDAY=1,15", "2026-12-01", ["2026-12-15", "2027-01-01", "2027-01-15"]),
            ("FREQ=MONTHLY;BYDAY=2TU", "2026-12-08", ["2027-01-12", "2027-02-09", "2027-03-09"]),
            ("FREQ=MONTHLY;INTERVAL=3;BYDAY=-1FR", "2026-12-25", ["2027-03-26", "2027-06-25", "2027-09-24"]),
            ("FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", "2026-11-13", ["2027-08-13", "2028-10-13", "2029-04-13"]),
            ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "2026-12-31", ["2027-01-29", "2027-02-26", "2027-03-31"]),
            ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "2024-02-29", ["2028-02-29", "2032-02-29", "2036-02-29"]),
            ("FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", "2026-11-26", ["2027-11-25", "2028-11-23", "2029-11-22"]),
            ("FREQ=YEARLY;BYDAY=20MO", "2026-05-18", ["2027-05-17", "2028-05-15", "2029-05-14"]),
            ("FREQ=YEARLY;INTERVAL=2", "2024-02-29", ["2028-02-29", "2032-02-29", "2036-02-29"]),
            ("FREQ=DAILY;UNTIL=20261208", "2026-12-06", ["2026-12-07", "2026-12-08"]),
            ("FREQ=WEEKLY;COUNT=3", "2026-12-06", ["2026-12-13", "2026-12-20"]),
            ("FREQ=DAILY;COUNT=1", "2026-12-06", []),
            // Every 7 days on Mondays from a Tuesday never comes: the series ends.
            ("FREQ=DAILY;INTERVAL=7;BYDAY=MO", "2026-12-01", []),
        ])
    func test_REPEAT_9_nextDates(_ text: String, _ anchor: String, _ expected: [String]) {
        #expect(dates(text, from: anchor) == expected)
    }

    @Test("REPEAT-9 WKST sets where an interval of weeks begins")
    func test_REPEAT_9_weekStart() {
        // RFC 5545's own example: every other week on Tuesday and Sunday from Tuesday 1997-08-05.
        #expect(dates("FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO", from: "1997-08-05") == ["1997-08-10", "1997-08-19", "1997-08-24"])
        #expect(dates("FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU", from: "1997-08-05") == ["1997-08-17", "1997-08-19", "1997-08-31"])
    }

    @Test("REPEAT-9 a date after the anchor: the first date after it, never one before the anchor")
    func test_REPEAT_9_afterALaterDay() {
        let rent = RepeatRule(.monthly, monthDays: [1])
        #expect(rent.nextDate(after: day("2027-03-10"), anchor: day("2026-12-01")) == day("2027-04-01"))
        #expect(rent.nextDate(after: day("2026-10-10"), anchor: day("2026-12-01")) == day("2026-12-01"))
        #expect(RepeatRule(.yearly).nextDate(after: day("9999-08-01"), anchor: day("9998-07-01")) == nil)
        // The last week of 9999 runs into the year 10000, which has no dates.
        let weekend = RepeatRule(.weekly, days: [.init(.saturday), .init(.sunday)])
        #expect(weekend.nextDate(after: day("9999-12-26"), anchor: day("9999-12-25")) == nil)
        #expect(weekend.nextDate(after: day("9999-12-24"), anchor: day("9999-12-18")) == day("9999-12-25"))
    }

    @Test("REPEAT-9 a rule made in code that REPEAT-7 refuses has no next date (and never divides by a zero interval)")
    func test_REPEAT_9_refusedRuleHasNoNextDate() {
        #expect(RepeatRule(.daily, interval: 0).nextDate(after: day("2026-12-06"), anchor: day("2026-12-06")) == nil)
        #expect(RepeatRule(.monthly, monthDays: [0]).nextDate(after: day("2026-12-06"), anchor: day("2026-12-06")) == nil)
    }

    @Test("REPEAT-10 a count counts down to its last time")
    func test_REPEAT_10_countCountsDown() {
        let three = RepeatRule(.daily, end: .count(3))
        #expect(three.afterOccurrence.end == .count(2))
        #expect(three.afterOccurrence.afterOccurrence.nextDate(after: day("2026-12-06"), anchor: day("2026-12-06")) == nil)
        #expect(RepeatRule(.daily).afterOccurrence == RepeatRule(.daily))
    }

    @Test("REPEAT-10 an after-completion rule is reckoned from the day the item was done")
    func test_REPEAT_10_afterCompletion() {
        let water = RepeatRule(.daily, interval: 3, afterCompletion: true)
        let done = day("2026-11-30")
        #expect(water.nextDate(after: done, anchor: done) == day("2026-12-03"))
        #expect(!water.rruleText.contains("COMPLETION"))
    }

    @Test("REPEAT-1 an item's repeat days are a weekly rule")
    func test_REPEAT_1_weekdaysAreAWeeklyRule() {
        #expect(RepeatRule.weekly(on: [.thursday, .monday]).rruleText == "FREQ=WEEKLY;BYDAY=MO,TH")
    }
}

/// Random rules Todo can store (REPEAT-7), from one number: each part picked by its digits.
enum RandomRule {
    static func make(_ code: Int) -> RepeatRule {
        var rest = code
        func pick(_ count: Int) -> Int {
            defer { rest /= count }
            return rest % count
        }
        let frequency = RepeatRule.Frequency.allCases[pick(4)]
        var rule = RepeatRule(frequency, interval: [1, 1, 2, 3, 7, 999][pick(6)])
        let weekdays = Weekday.allCases.filter { _ in pick(3) == 0 }
        let nthAllowed = frequency == .monthly || frequency == .yearly
        rule.days = weekdays.map { RepeatRule.Day($0, nth: nthAllowed && pick(2) == 0 ? [1, 2, 4, 5, -1, -2][pick(6)] : nil) }
        if pick(3) == 0 { rule.monthDays = [[1], [15, 1], [31], [-1], [28, -3]][pick(5)] }
        if pick(3) == 0 { rule.months = [[1], [2], [11, 3]][pick(3)] }
        if pick(5) == 0 { rule.positions = [[1], [-1], [2, -2]][pick(3)] }
        if pick(5) == 0 { rule.weekStart = Weekday.allCases[pick(7)] }
        rule.end = [.never, .never, .count(1 + pick(20)), .until(CalendarDate(year: 2026 + pick(5), month: 1 + pick(12), day: 1 + pick(28))!)][pick(4)]
        if rule.problem() == .daysNeverExist { rule.months = [] }
        return rule
    }
}

import Foundation
import Testing
import TodoCore

/// The plain-words grammar, row by row (docs/specs/plain-words.md). Today is Monday 11/23/2026
/// unless a row says otherwise; every row states the whole reading.
@Suite("Plain words")
struct PlainWordsTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let input: String
        let today: CalendarDate
        let expected: PlainWordsReading
        var testDescription: String { "“\(input)”" }
    }

    static let monday = day(2026, 11, 23)

    static func day(_ year: Int, _ month: Int, _ day: Int) -> CalendarDate {
        CalendarDate(year: year, month: month, day: day)!
    }

    static func row(
        _ input: String, today: CalendarDate = monday, title: String, due: CalendarDate? = nil, project: String? = nil,
        location: String? = nil, estimate: Int? = nil, repeats: Set<Weekday> = [], rule: RepeatRule? = nil,
        _ pieces: [(PlainWordsReading.Kind, String)] = []
    ) -> Row {
        Row(input: input, today: today, expected: PlainWordsReading(
            title: title, dueDate: due, project: project, location: location, estimateMinutes: estimate,
            repeatRule: rule ?? RepeatRule.on(repeats), pieces: pieces.map { PlainWordsReading.Piece($0.0, $0.1) }))
    }

    static let tomorrow = day(2026, 11, 24)
    static let friday = day(2026, 11, 27)
    static let christmasEve = day(2026, 12, 24)
    static let weekdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]

    static let rows: [Row] = [
        // The issue's sentence.
        row("Call mom tomorrow #Family @Home ~30m", title: "Call mom", due: tomorrow, project: "Family", location: "Home",
            estimate: 30, [(.dueDate, "tomorrow"), (.project, "#Family"), (.location, "@Home"), (.estimate, "~30m")]),
        // WORDS-3 today, tomorrow, any case.
        row("Call mom tomorrow", title: "Call mom", due: tomorrow, [(.dueDate, "tomorrow")]),
        row("Pay rent today", title: "Pay rent", due: monday, [(.dueDate, "today")]),
        row("Call mom TOMORROW", title: "Call mom", due: tomorrow, [(.dueDate, "TOMORROW")]),
        // WORDS-4 day names: the next one after today; next = a week later.
        row("Review fri", title: "Review", due: friday, [(.dueDate, "fri")]),
        row("Review friday", title: "Review", due: friday, [(.dueDate, "friday")]),
        row("Review Friday", title: "Review", due: friday, [(.dueDate, "Friday")]),
        row("Team lunch next fri", title: "Team lunch", due: day(2026, 12, 4), [(.dueDate, "next fri")]),
        row("Gym mon", title: "Gym", due: day(2026, 11, 30), [(.dueDate, "mon")]),
        row("Plan Thurs", title: "Plan", due: day(2026, 11, 26), [(.dueDate, "Thurs")]),
        // WORDS-5 in N days / weeks.
        row("Dentist in 3 days", title: "Dentist", due: day(2026, 11, 26), [(.dueDate, "in 3 days")]),
        row("Report in 2 weeks", title: "Report", due: day(2026, 12, 7), [(.dueDate, "in 2 weeks")]),
        row("Renew in 1 day", title: "Renew", due: tomorrow, [(.dueDate, "in 1 day")]),
        // WORDS-6 dates, with and without a year.
        row("Party dec 24", title: "Party", due: christmasEve, [(.dueDate, "dec 24")]),
        row("Party 24 dec", title: "Party", due: christmasEve, [(.dueDate, "24 dec")]),
        row("Party December 24", title: "Party", due: christmasEve, [(.dueDate, "December 24")]),
        row("Party 12/24", title: "Party", due: christmasEve, [(.dueDate, "12/24")]),
        row("Party 2026-12-24", title: "Party", due: christmasEve, [(.dueDate, "2026-12-24")]),
        row("Party 12/24/2027", title: "Party", due: day(2027, 12, 24), [(.dueDate, "12/24/2027")]),
        row("Dentist jan 5", title: "Dentist", due: day(2027, 1, 5), [(.dueDate, "jan 5")]),
        row("Old bill 2026-01-05", title: "Old bill", due: day(2026, 1, 5), [(.dueDate, "2026-01-05")]),
        row("Leap 2/29", title: "Leap", due: day(2028, 2, 29), [(.dueDate, "2/29")]),
        row("Plan 12/31", today: day(2026, 12, 31), title: "Plan", due: day(2026, 12, 31), [(.dueDate, "12/31")]),
        row("Plan 1/1", today: day(2026, 12, 31), title: "Plan", due: day(2027, 1, 1), [(.dueDate, "1/1")]),
        row("Meet May 5", title: "Meet", due: day(2027, 5, 5), [(.dueDate, "May 5")]),
        row("Eat 1/2", title: "Eat", due: day(2027, 1, 2), [(.dueDate, "1/2")]),
        row("Bad 13/45", title: "Bad 13/45"),
        row("Bad feb 30", title: "Bad feb 30"),
        row("Bad 2026-02-30", title: "Bad 2026-02-30"),
        row("File taxes 0/5", title: "File taxes 0/5"),
        row("Fix 13/45 tomorrow", title: "Fix 13/45", due: tomorrow, [(.dueDate, "tomorrow")]),
        // WORDS-1 words that look like dates but are not at the end.
        row("Read Friday Night Lights", title: "Read Friday Night Lights"),
        row("Meet May", title: "Meet May"),
        row("Buy 3 days supply", title: "Buy 3 days supply"),
        row("12/24 Party", title: "12/24 Party"),  // WORDS-28: a capital letter after a date at the start
        row("Call mom tomorrow.", title: "Call mom tomorrow."),
        row("Sale next", title: "Sale next"),
        row("Sprint every", title: "Sprint every"),
        row("Pay 5 fri", title: "Pay 5", due: friday, [(.dueDate, "fri")]),
        // WORDS-27 a connecting word before a date at the end goes with it.
        row("Submit report by friday", title: "Submit report", due: friday, [(.dueDate, "by friday")]),
        row("Pay rent on dec 1", title: "Pay rent", due: day(2026, 12, 1), [(.dueDate, "on dec 1")]),
        row("Taxes due 4/15", title: "Taxes", due: day(2027, 4, 15), [(.dueDate, "due 4/15")]),
        row("Renew passport BEFORE next fri", title: "Renew passport", due: day(2026, 12, 4), [(.dueDate, "BEFORE next fri")]),
        row("Submit report by friday #Work", title: "Submit report", due: friday, project: "Work",
            [(.dueDate, "by friday"), (.project, "#Work")]),
        row("By friday", title: "By friday", due: friday, [(.dueDate, "By friday")]),
        row("Stand by me tomorrow", title: "Stand by me", due: tomorrow, [(.dueDate, "tomorrow")]),
        row("Go by #Work friday", title: "Go by", due: friday, project: "Work", [(.project, "#Work"), (.dueDate, "friday")]),
        row("Water plants on every mon", title: "Water plants on", repeats: [.monday], [(.repeatRule, "every mon")]),
        row("Meet on \"friday\"", title: "Meet on friday"),
        row("Call \"by\" friday", title: "Call by", due: friday, [(.dueDate, "friday")]),
        // WORDS-28 a date at the start, when none is at the end and more title follows.
        row("Tomorrow call mom", title: "call mom", due: tomorrow, [(.dueDate, "Tomorrow")]),
        row("tomorrow: call mom", title: "call mom", due: tomorrow, [(.dueDate, "tomorrow:")]),
        row("Fri, pay rent", title: "pay rent", due: friday, [(.dueDate, "Fri,")]),
        row("next fri send invoices", title: "send invoices", due: day(2026, 12, 4), [(.dueDate, "next fri")]),
        row("dec 24 wrap gifts", title: "wrap gifts", due: christmasEve, [(.dueDate, "dec 24")]),
        row("in 3 days call back", title: "call back", due: day(2026, 11, 26), [(.dueDate, "in 3 days")]),
        row("12/24 wrap gifts #Home", title: "wrap gifts", due: christmasEve, project: "Home",
            [(.dueDate, "12/24"), (.project, "#Home")]),
        row("Tomorrow call mom friday", title: "Tomorrow call mom", due: friday, [(.dueDate, "friday")]),
        row("Tomorrow call mom every mon", title: "call mom", due: tomorrow, repeats: [.monday],
            [(.dueDate, "Tomorrow"), (.repeatRule, "every mon")]),
        row("Friday Night Lights", title: "Friday Night Lights"),
        row("Today Show tickets", title: "Today Show tickets"),
        row("Monday Alice's party", title: "Monday Alice's party"),
        row("Every day counts", title: "Every day counts"),
        row("\"Tomorrow\" never dies", title: "Tomorrow never dies"),
        row("Tomorrow", title: "Tomorrow", due: tomorrow, [(.dueDate, "Tomorrow")]),
        row("Tomorrow: ", title: "Tomorrow:"),
        row("May party", title: "May party"),
        // WORDS-2 WORDS-7 signs anywhere; a name needs a letter.
        row("Call #Family mom", title: "Call mom", project: "Family", [(.project, "#Family")]),
        // … and a day word in the middle is a date (WORDS-29).
        row("Project #Work tomorrow notes", title: "Project notes", due: tomorrow, project: "Work",
            [(.project, "#Work"), (.dueDate, "tomorrow")]),
        row("Buy paint #\"Home improvement\"", title: "Buy paint", project: "Home improvement",
            [(.project, "#\"Home improvement\"")]),
        row("Meet @\"Corner shop\" tomorrow", title: "Meet", due: tomorrow, location: "Corner shop",
            [(.location, "@\"Corner shop\""), (.dueDate, "tomorrow")]),
        row("Fix bug #123", title: "Fix bug #123"),
        row("Email me@example.com", title: "Email me@example.com"),
        row("Learn C# basics", title: "Learn C# basics"),
        row("Ask @ desk", title: "Ask @ desk"),
        // WORDS-8 estimates need a unit.
        row("Write ~1h30m", title: "Write", estimate: 90, [(.estimate, "~1h30m")]),
        row("Write ~2h", title: "Write", estimate: 120, [(.estimate, "~2h")]),
        row("Write ~90", title: "Write ~90"),
        row("Write ~0m", title: "Write", estimate: 0, [(.estimate, "~0m")]),
        row("Sign ~", title: "Sign ~"),
        row("Review ~30m tomorrow", title: "Review", due: tomorrow, estimate: 30, [(.estimate, "~30m"), (.dueDate, "tomorrow")]),
        // WORDS-9 repeats.
        row("Gym every mon,wed", title: "Gym", repeats: [.monday, .wednesday], [(.repeatRule, "every mon,wed")]),
        row("Gym every mon, wed, fri", title: "Gym", repeats: [.monday, .wednesday, .friday],
            [(.repeatRule, "every mon, wed, fri")]),
        row("Stretch every day", title: "Stretch", repeats: Set(Weekday.allCases), [(.repeatRule, "every day")]),
        row("Standup every weekday", title: "Standup", repeats: weekdays, [(.repeatRule, "every weekday")]),
        row("Brunch every weekend", title: "Brunch", repeats: [.saturday, .sunday], [(.repeatRule, "every weekend")]),
        row("Gym every mon wed", title: "Gym", due: day(2026, 11, 25), repeats: [.monday],
            [(.repeatRule, "every mon"), (.dueDate, "wed")]),
        row("Book flights ~45m every monday", title: "Book flights", estimate: 45, repeats: [.monday],
            [(.estimate, "~45m"), (.repeatRule, "every monday")]),
        // WORDS-10 quotes.
        row("Read \"Tomorrow\"", title: "Read Tomorrow"),
        row("Read \"Friday Night\" fri", title: "Read Friday Night", due: friday, [(.dueDate, "fri")]),
        row("Watch “Friday”", title: "Watch Friday"),
        row("Say \"hi", title: "Say \"hi"),
        row("Buy \"2/29\" card", title: "Buy 2/29 card"),
        row("Note \"#Family\" tomorrow", title: "Note #Family", due: tomorrow, [(.dueDate, "tomorrow")]),
        // WORDS-11 one of each kind: the last one.
        row("Meeting Friday tomorrow", title: "Meeting Friday", due: tomorrow, [(.dueDate, "tomorrow")]),
        row("#a #b", title: "#a", project: "b", [(.project, "#b")]),
        row("Meet @Home @Office", title: "Meet @Home", location: "Office", [(.location, "@Office")]),
        // WORDS-12 only recognised words; spacing; CJK and emoji untouched.
        row("tomorrow", title: "tomorrow", due: tomorrow, [(.dueDate, "tomorrow")]),
        row("#Family", title: "#Family", project: "Family", [(.project, "#Family")]),
        row("in 3 days", title: "in 3 days", due: day(2026, 11, 26), [(.dueDate, "in 3 days")]),
        row("", title: ""),
        row("Call  mom   tomorrow", title: "Call  mom", due: tomorrow, [(.dueDate, "tomorrow")]),
        row("  Call mom tomorrow  ", title: "Call mom", due: tomorrow, [(.dueDate, "tomorrow")]),
        row("买牛奶 明天", title: "买牛奶", due: tomorrow, [(.dueDate, "明天")]),  // WORDS-21
        row("买牛奶 tomorrow #家", title: "买牛奶", due: tomorrow, project: "家", [(.dueDate, "tomorrow"), (.project, "#家")]),
        row("会議の準備 @東京 ~1h", title: "会議の準備", location: "東京", estimate: 60, [(.location, "@東京"), (.estimate, "~1h")]),
        row("🎂 Bake cake 🎉 fri", title: "🎂 Bake cake 🎉", due: friday, [(.dueDate, "fri")]),
        row("🎂🎉", title: "🎂🎉"),
        row("Trip in 3 weeks #Travel @\"Paris Nord\" ~2h every sat", title: "Trip", due: day(2026, 12, 14), project: "Travel",
            location: "Paris Nord", estimate: 120, repeats: [.saturday],
            [(.dueDate, "in 3 weeks"), (.project, "#Travel"), (.location, "@\"Paris Nord\""), (.estimate, "~2h"),
             (.repeatRule, "every sat")]),
    ]

    @Test("WORDS-1 … WORDS-12 the table: each text reads as its row says", arguments: rows)
    func test_WORDS_1_to_12_table(_ row: Row) {
        #expect(PlainWords.read(row.input, today: row.today) == row.expected)
    }

    /// REPEAT-18: a rule by its period, in each language, at the end of the text.
    static let periodRows: [Row] = [
        row("Pay rent every month", title: "Pay rent", rule: RepeatRule(.monthly), [(.repeatRule, "every month")]),
        row("Pay rent monthly", title: "Pay rent", rule: RepeatRule(.monthly), [(.repeatRule, "monthly")]),
        row("Review goals every 2 weeks", title: "Review goals", rule: RepeatRule(.weekly, interval: 2), [(.repeatRule, "every 2 weeks")]),
        row("Change filter every 3 months", title: "Change filter", rule: RepeatRule(.monthly, interval: 3), [(.repeatRule, "every 3 months")]),
        row("Water the plants every 3 days", title: "Water the plants", rule: RepeatRule(.daily, interval: 3),
            [(.repeatRule, "every 3 days")]),
        row("Renew passport every 10 years", title: "Renew passport", rule: RepeatRule(.yearly, interval: 10),
            [(.repeatRule, "every 10 years")]),
        row("Stretch daily", title: "Stretch", rule: RepeatRule(.daily), [(.repeatRule, "daily")]),
        row("Review weekly", title: "Review", rule: RepeatRule(.weekly), [(.repeatRule, "weekly")]),
        row("Birthday card yearly #Family", title: "Birthday card", project: "Family", rule: RepeatRule(.yearly),
            [(.repeatRule, "yearly"), (.project, "#Family")]),
        row("Stretch every day", title: "Stretch", rule: RepeatRule(.daily), [(.repeatRule, "every day")]),
        row("Plan every 1000 weeks", title: "Plan every 1000 weeks"),
        row("Plan every 0 weeks", title: "Plan every 0 weeks"),
        row("Weekly review", title: "Weekly review"),
        row("交房租 每月", title: "交房租", rule: RepeatRule(.monthly), [(.repeatRule, "每月")]),
        row("交房租每月", title: "交房租", rule: RepeatRule(.monthly), [(.repeatRule, "每月")]),
        row("体检 每年", title: "体检", rule: RepeatRule(.yearly), [(.repeatRule, "每年")]),
        row("浇花 每3天", title: "浇花", rule: RepeatRule(.daily, interval: 3), [(.repeatRule, "每3天")]),
        row("开会 每2周", title: "开会", rule: RepeatRule(.weekly, interval: 2), [(.repeatRule, "每2周")]),
        row("换滤芯每3个月", title: "换滤芯", rule: RepeatRule(.monthly, interval: 3), [(.repeatRule, "每3个月")]),
        row("家賃 毎月", title: "家賃", rule: RepeatRule(.monthly), [(.repeatRule, "毎月")]),
        row("家賃を払う毎月", title: "家賃を払う", rule: RepeatRule(.monthly), [(.repeatRule, "毎月")]),
        row("健康診断 毎年", title: "健康診断", rule: RepeatRule(.yearly), [(.repeatRule, "毎年")]),
        row("水やり 3日ごと", title: "水やり", rule: RepeatRule(.daily, interval: 3), [(.repeatRule, "3日ごと")]),
        row("振り返り 2週間ごと", title: "振り返り", rule: RepeatRule(.weekly, interval: 2), [(.repeatRule, "2週間ごと")]),
        row("フィルター交換 3か月ごと", title: "フィルター交換", rule: RepeatRule(.monthly, interval: 3), [(.repeatRule, "3か月ごと")]),
        // A day of the month, the Nth weekday, after done (issue 33's examples).
        row("Pay rent every month on the 1st", title: "Pay rent", rule: RepeatRule(.monthly, monthDays: [1]),
            [(.repeatRule, "every month on the 1st")]),
        row("Pay rent monthly on the 15th", title: "Pay rent", rule: RepeatRule(.monthly, monthDays: [15]),
            [(.repeatRule, "monthly on the 15th")]),
        row("Close the books every 2 months on the last day", title: "Close the books",
            rule: RepeatRule(.monthly, interval: 2, monthDays: [-1]), [(.repeatRule, "every 2 months on the last day")]),
        row("Book club every 3rd thu", title: "Book club", rule: RepeatRule(.monthly, days: [RepeatRule.Day(.thursday, nth: 3)]),
            [(.repeatRule, "every 3rd thu")]),
        row("Team lunch every last friday", title: "Team lunch", rule: RepeatRule(.monthly, days: [RepeatRule.Day(.friday, nth: -1)]),
            [(.repeatRule, "every last friday")]),
        row("Water the plants every day after done", title: "Water the plants", rule: RepeatRule(.daily, afterCompletion: true),
            [(.repeatRule, "every day after done")]),
        row("Water the plants every 3 days after done", title: "Water the plants",
            rule: RepeatRule(.daily, interval: 3, afterCompletion: true), [(.repeatRule, "every 3 days after done")]),
        row("Gym every mon,wed after done", title: "Gym",
            rule: RepeatRule(.weekly, days: [RepeatRule.Day(.monday), RepeatRule.Day(.wednesday)], afterCompletion: true),
            [(.repeatRule, "every mon,wed after done")]),
        row("Clean every week on the 1st", title: "Clean every week on the 1st"),
        row("Call the 3rd floor", title: "Call the 3rd floor"),
        row("Meet May", title: "Meet May"),
        row("Buy 3 days supply", title: "Buy 3 days supply"),
        row("Read after done", title: "Read after done"),
        row("交房租 每月1日", title: "交房租", rule: RepeatRule(.monthly, monthDays: [1]), [(.repeatRule, "每月1日")]),
        row("交房租每月15号", title: "交房租", rule: RepeatRule(.monthly, monthDays: [15]), [(.repeatRule, "每月15号")]),
        row("开会 每两周", title: "开会", rule: RepeatRule(.weekly, interval: 2), [(.repeatRule, "每两周")]),
        row("复盘 每十二天", title: "复盘", rule: RepeatRule(.daily, interval: 12), [(.repeatRule, "每十二天")]),
        row("读书会 每月第2个周二", title: "读书会", rule: RepeatRule(.monthly, days: [RepeatRule.Day(.tuesday, nth: 2)]),
            [(.repeatRule, "每月第2个周二")]),
        row("聚餐 每月最后一个周五", title: "聚餐", rule: RepeatRule(.monthly, days: [RepeatRule.Day(.friday, nth: -1)]),
            [(.repeatRule, "每月最后一个周五")]),
        row("对账 每月最后一天", title: "对账", rule: RepeatRule(.monthly, monthDays: [-1]), [(.repeatRule, "每月最后一天")]),
        row("浇花 每3天 完成后", title: "浇花", rule: RepeatRule(.daily, interval: 3, afterCompletion: true),
            [(.repeatRule, "每3天 完成后")]),
        row("家賃 毎月1日", title: "家賃", rule: RepeatRule(.monthly, monthDays: [1]), [(.repeatRule, "毎月1日")]),
        row("読書会 毎月第2火曜日", title: "読書会", rule: RepeatRule(.monthly, days: [RepeatRule.Day(.tuesday, nth: 2)]),
            [(.repeatRule, "毎月第2火曜日")]),
        row("飲み会 毎月最終金曜日", title: "飲み会", rule: RepeatRule(.monthly, days: [RepeatRule.Day(.friday, nth: -1)]),
            [(.repeatRule, "毎月最終金曜日")]),
        row("締め 毎月末日", title: "締め", rule: RepeatRule(.monthly, monthDays: [-1]), [(.repeatRule, "毎月末日")]),
        row("水やり 3日ごと 完了後", title: "水やり", rule: RepeatRule(.daily, interval: 3, afterCompletion: true),
            [(.repeatRule, "3日ごと 完了後")]),
    ]

    @Test("REPEAT-18 a repeat by its period, a day of the month, the Nth weekday, after done: in each language", arguments: periodRows)
    func test_REPEAT_18_periods(_ row: Row) {
        #expect(PlainWords.read(row.input, today: row.today) == row.expected)
    }

    /// WORDS-29 and WORDS-30, on Monday 11/23/2026.
    static let middleAndNamedRows: [Row] = [
        row("Call mom tomorrow about the party", title: "Call mom about the party", due: day(2026, 11, 24), [(.dueDate, "tomorrow")]),
        row("Submit report by friday to Anna", title: "Submit report to Anna", due: day(2026, 11, 27), [(.dueDate, "by friday")]),
        row("Send the deck on dec 24 to the board", title: "Send the deck to the board", due: day(2026, 12, 24),
            [(.dueDate, "on dec 24")]),
        row("Pay rent tmrw please", title: "Pay rent please", due: day(2026, 11, 24), [(.dueDate, "tmrw")]),
        row("Pay rent by end of month please", title: "Pay rent please", due: day(2026, 11, 30), [(.dueDate, "by end of month")]),
        row("Call Bob tomorrow #Work about it", title: "Call Bob about it", due: day(2026, 11, 24), project: "Work",
            [(.dueDate, "tomorrow"), (.project, "#Work")]),
        row("Watch Friday Night Lights", title: "Watch Friday Night Lights"),
        row("Meet Tomorrow Land crew", title: "Meet Tomorrow Land crew"),
        row("Plan friday lunch", title: "Plan friday lunch"),
        row("Buy 3 days supply", title: "Buy 3 days supply"),
        row("Stand by me tomorrow night", title: "Stand by me tomorrow night"),
        row("Call mom tomorrow morning", title: "Call mom tomorrow morning"),
        row("Pay rent tmrw", title: "Pay rent", due: day(2026, 11, 24), [(.dueDate, "tmrw")]),
        row("Pay rent tmr", title: "Pay rent", due: day(2026, 11, 24), [(.dueDate, "tmr")]),
        row("Pay rent next week", title: "Pay rent", due: day(2026, 11, 30), [(.dueDate, "next week")]),
        row("Review budget next month", title: "Review budget", due: day(2026, 12, 1), [(.dueDate, "next month")]),
        row("Close the books end of month", title: "Close the books", due: day(2026, 11, 30), [(.dueDate, "end of month")]),
        row("Close the books by end of the month", title: "Close the books", due: day(2026, 11, 30),
            [(.dueDate, "by end of the month")]),
        row("Ship it by end of week", title: "Ship it", due: day(2026, 11, 29), [(.dueDate, "by end of week")]),
        row("End of month report", title: "End of month report"),
        row("Next week's plan", title: "Next week's plan"),
        row("交房租 月底", title: "交房租", due: day(2026, 11, 30), [(.dueDate, "月底")]),
        row("月底交房租", title: "交房租", due: day(2026, 11, 30), [(.dueDate, "月底")]),
        row("下个月体检", title: "体检", due: day(2026, 12, 1), [(.dueDate, "下个月")]),
        row("家賃 月末", title: "家賃", due: day(2026, 11, 30), [(.dueDate, "月末")]),
        row("来月に健康診断", title: "健康診断", due: day(2026, 12, 1), [(.dueDate, "来月に")]),
    ]

    @Test("WORDS-29 WORDS-30 a date in the middle where it can't be a name; named days", arguments: middleAndNamedRows)
    func test_WORDS_29_30_middleAndNamed(_ row: Row) {
        #expect(PlainWords.read(row.input, today: row.today) == row.expected)
    }

    @Test("WORDS-30 named days across a month's and a year's end, and on a Sunday")
    func test_WORDS_30_edges() {
        let sunday = Self.day(2026, 11, 29), lastOfYear = Self.day(2026, 12, 31)
        #expect(PlainWords.read("Ship it end of week", today: sunday).dueDate == sunday)
        #expect(PlainWords.read("Ship it next week", today: sunday).dueDate == Self.day(2026, 11, 30))
        #expect(PlainWords.read("Review next month", today: lastOfYear).dueDate == Self.day(2027, 1, 1))
        #expect(PlainWords.read("Close end of month", today: lastOfYear).dueDate == lastOfYear)
        #expect(PlainWords.read("Close end of month", today: Self.day(2028, 2, 3)).dueDate == Self.day(2028, 2, 29))
    }

    @Test("issue 33: the tables read at least 200 inputs whole, in the three languages")
    func test_WORDS_tablesHoldTwoHundred() {
        let all = Self.rows + Self.languageRows + Self.periodRows + Self.middleAndNamedRows + Self.notTimeRows
            + Self.timeRows.map(\.row)
        #expect(all.count >= 200, "\(all.count)")
        #expect(all.contains { $0.input.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) } }, "Japanese kana")
        #expect(all.contains { $0.input.contains("每") }, "Chinese")
    }

    @Test("the table has at least 60 rows")
    func test_WORDS_table_isLarge() {
        #expect(Self.rows.count >= 60)
    }

    @Test("WORDS-13 a project name too long for the rules is read as it is; the rules refuse it on save")
    func test_WORDS_13_valuesGoThroughTheRules() {
        let name = String(repeating: "x", count: 201)
        let reading = PlainWords.read("Long #\(name)", today: Self.monday)
        #expect(reading == PlainWordsReading(title: "Long", project: name, pieces: [.init(.project, "#" + name)]))
        let draft = TodoDraft(title: reading.title, project: reading.project.map(Project.init(name:)))
        #expect(throws: TodoValidationError.projectNameTooLong(length: 201)) { try draft.validated() }
        let zero = PlainWords.read("Write ~0m", today: Self.monday)
        #expect(throws: TodoValidationError.estimateOutOfRange(minutes: 0)) {
            try TodoDraft(title: zero.title, estimateMinutes: zero.estimateMinutes).validated()
        }
    }

    @Test("WORDS-12 a long text of unmatched quotes and words reads in one pass, without a hang")
    func test_WORDS_12_longTextIsLinear() {
        // 30,000 characters: one pass takes milliseconds; a search per quote (quadratic) would
        // take minutes in a debug build. The bound is loose for a loaded machine.
        let text = String(repeating: "“a ", count: 10_000) + "tomorrow"
        let start = ContinuousClock.now
        let reading = PlainWords.read(text, today: Self.monday)
        #expect(reading.dueDate == Self.tomorrow)
        #expect(reading.title == String(repeating: "“a ", count: 10_000).trimmingCharacters(in: .whitespaces))
        #expect(ContinuousClock.now - start < .seconds(15))
    }

    @Test("the words are a table: another vocabulary reads other words")
    func test_WORDS_vocabularyIsData() {
        var words = PlainWordsVocabulary.english
        words.relativeDays["明天"] = 1
        words.projectSigns.insert("＃")
        let reading = PlainWords.read("买牛奶 明天 ＃家", today: Self.monday, vocabulary: words)
        #expect(reading == PlainWordsReading(
            title: "买牛奶", dueDate: Self.tomorrow, project: "家", pieces: [.init(.dueDate, "明天"), .init(.project, "＃家")]))
    }
}

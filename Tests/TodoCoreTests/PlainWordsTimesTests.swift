import Testing
import TodoCore

/// Times in plain words, row by row (docs/specs/times.md, TIME-12; plain-words.md, WORDS-31).
/// Today is Monday 11/23/2026 and no time of day is given (a time without a date is today's)
/// unless a row says otherwise; every row states the whole reading: title, date, time, pieces.
extension PlainWordsTests {
    static func at(_ hour: Int, _ minute: Int = 0) -> TimeOfDay { TimeOfDay(hour: hour, minute: minute)! }

    /// A row whose words name a time. `due` nil: the time names no date, so it falls on today
    /// (or on `implied`).
    static func timed(
        _ input: String, today: CalendarDate = monday, now: TimeOfDay? = nil, title: String, due: CalendarDate? = nil,
        implied: CalendarDate? = nil, time: TimeOfDay, project: String? = nil, rule: RepeatRule? = nil,
        _ pieces: [(PlainWordsReading.Kind, String)]
    ) -> TimeRow {
        TimeRow(input: input, today: today, now: now, expected: PlainWordsReading(
            title: title, dueDate: due ?? implied ?? today, dueTime: time, dueDateFromTime: due == nil, project: project,
            repeatRule: rule, pieces: pieces.map { PlainWordsReading.Piece($0.0, $0.1) }))
    }

    struct TimeRow: Sendable, CustomTestStringConvertible {
        let input: String
        let today: CalendarDate
        let now: TimeOfDay?
        let expected: PlainWordsReading
        var testDescription: String { "“\(input)”" + (now.map { " at \($0.text)" } ?? "") }
        var row: Row { Row(input: input, today: today, expected: expected) }
    }

    /// What must stay text: a number that is no time, a name, a time word where no time is expected.
    static let notTimeRows: [Row] = [
        row("Buy 3 apples", title: "Buy 3 apples"),
        row("Room 1500", title: "Room 1500"),
        row("Run 3.5 km", title: "Run 3.5 km"),
        row("Read chapter 12", title: "Read chapter 12"),
        row("Stay at 5 star hotel", title: "Stay at 5 star hotel"),
        row("Watch Midnight Express", title: "Watch Midnight Express"),
        row("Noon prayers", title: "Noon prayers"),
        row("Meet at 24", title: "Meet at 24"),
        row("Score 25:00", title: "Score 25:00"),
        row("Call at 3:5pm", title: "Call at 3:5pm"),
        row("Meet at 13pm", title: "Meet at 13pm"),
        row("Call mom tomorrow at home", title: "Call mom tomorrow at home"),
        row("Watch \"3pm\" show", title: "Watch 3pm show"),
        row("讨论三点", title: "讨论三点"),
        row("3点5公里跑步", title: "3点5公里跑步"),
        row("跑步3点5", title: "跑步3点5"),
        row("房间1500", title: "房间1500"),
        row("下午茶", title: "下午茶"),
        row("中午吃饭", title: "中午吃饭"),
        row("3時のおやつ", title: "3時のおやつ"),
        row("1時間勉強", title: "1時間勉強"),
        row("明日1時間勉強", title: "1時間勉強", due: tomorrow, [(.dueDate, "明日")]),
        row("勉強 1時間", title: "勉強 1時間"),
    ]

    static let timeRows: [TimeRow] = [
        // English: at 3pm, at 3:30 pm, at 15:00, 15:00, at 15, at noon, noon, midnight.
        timed("Call dentist tomorrow at 3pm", title: "Call dentist", due: tomorrow, time: at(15),
              [(.dueDate, "tomorrow"), (.dueTime, "at 3pm")]),
        timed("Call dentist at 3pm", title: "Call dentist", time: at(15), [(.dueTime, "at 3pm")]),
        timed("Tea at 3:30 pm", title: "Tea", time: at(15, 30), [(.dueTime, "at 3:30 pm")]),
        timed("Standup at 15:00", title: "Standup", time: at(15), [(.dueTime, "at 15:00")]),
        timed("Standup 15:00", title: "Standup", time: at(15), [(.dueTime, "15:00")]),
        timed("Meet at 15", title: "Meet", time: at(15), [(.dueTime, "at 15")]),
        timed("Meet at 9", title: "Meet", time: at(9), [(.dueTime, "at 9")]),
        timed("Lunch at noon", title: "Lunch", time: at(12), [(.dueTime, "at noon")]),
        timed("Lunch noon", title: "Lunch", time: at(12), [(.dueTime, "noon")]),
        timed("Backup at midnight", title: "Backup", time: at(0), [(.dueTime, "at midnight")]),
        timed("Meet Bob friday 9:30", title: "Meet Bob", due: friday, time: at(9, 30), [(.dueDate, "friday"), (.dueTime, "9:30")]),
        timed("tomorrow at 3pm", title: "tomorrow at 3pm", due: tomorrow, time: at(15), [(.dueDate, "tomorrow"), (.dueTime, "at 3pm")]),
        timed("Call mom at 3PM", title: "Call mom", time: at(15), [(.dueTime, "at 3PM")]),
        timed("Pick up kids 12pm", title: "Pick up kids", time: at(12), [(.dueTime, "12pm")]),
        timed("Take pill 12am", title: "Take pill", time: at(0), [(.dueTime, "12am")]),
        timed("Flight 7:05 a.m. tomorrow", title: "Flight", due: tomorrow, time: at(7, 5),
              [(.dueTime, "7:05 a.m."), (.dueDate, "tomorrow")]),
        timed("Tea 3.30pm", title: "Tea", time: at(15, 30), [(.dueTime, "3.30pm")]),
        timed("Submit report by friday 5pm", title: "Submit report", due: friday, time: at(17),
              [(.dueDate, "by friday"), (.dueTime, "5pm")]),
        timed("Submit report by 5pm", title: "Submit report", time: at(17), [(.dueTime, "by 5pm")]),
        timed("Call at 3pm tomorrow", title: "Call", due: tomorrow, time: at(15), [(.dueTime, "at 3pm"), (.dueDate, "tomorrow")]),
        timed("Meet at 9 #Work", title: "Meet", time: at(9), project: "Work", [(.dueTime, "at 9"), (.project, "#Work")]),
        timed("at 3pm", title: "at 3pm", time: at(15), [(.dueTime, "at 3pm")]),
        timed("Standup １０：３０", title: "Standup", time: at(10, 30), [(.dueTime, "１０：３０")]),
        // … in the middle: next to a date in any form, a clock time anywhere.
        timed("Call mom tomorrow at 3pm about the party", title: "Call mom about the party", due: tomorrow, time: at(15),
              [(.dueDate, "tomorrow"), (.dueTime, "at 3pm")]),
        timed("Call mom at 3pm about the party", title: "Call mom about the party", time: at(15), [(.dueTime, "at 3pm")]),
        timed("Call Bob at 9 tomorrow about it", title: "Call Bob about it", due: tomorrow, time: at(9),
              [(.dueTime, "at 9"), (.dueDate, "tomorrow")]),
        timed("Lunch tomorrow noon with Anna", title: "Lunch with Anna", due: tomorrow, time: at(12),
              [(.dueDate, "tomorrow"), (.dueTime, "noon")]),
        // … at the start.
        timed("3pm call mom", title: "call mom", time: at(15), [(.dueTime, "3pm")]),
        timed("3pm tomorrow call mom", title: "call mom", due: tomorrow, time: at(15), [(.dueTime, "3pm"), (.dueDate, "tomorrow")]),
        timed("下午3点明天开会", title: "开会", due: tomorrow, time: at(15), [(.dueTime, "下午3点"), (.dueDate, "明天")]),
        timed("Tomorrow at 9:30: standup", title: "standup", due: tomorrow, time: at(9, 30),
              [(.dueDate, "Tomorrow"), (.dueTime, "at 9:30:")]),
        // … with a repeat: the repeat's first day.
        timed("Gym every wed at 7am", title: "Gym", implied: day(2026, 11, 25), time: at(7), rule: RepeatRule.on([.wednesday]),
              [(.repeatRule, "every wed"), (.dueTime, "at 7am")]),
        // A time that has passed is tomorrow's; a named date stays.
        timed("Call dentist at 9am", now: at(10), title: "Call dentist", implied: tomorrow, time: at(9), [(.dueTime, "at 9am")]),
        timed("Call dentist at 3pm", now: at(10), title: "Call dentist", time: at(15), [(.dueTime, "at 3pm")]),
        timed("Call dentist at 10am", now: at(10), title: "Call dentist", time: at(10), [(.dueTime, "at 10am")]),
        timed("Call dentist today at 9am", now: at(10), title: "Call dentist", due: monday, time: at(9),
              [(.dueDate, "today"), (.dueTime, "at 9am")]),
        timed("Gym every mon at 7am", now: at(8), title: "Gym", implied: day(2026, 11, 30), time: at(7), rule: RepeatRule.on([.monday]),
              [(.repeatRule, "every mon"), (.dueTime, "at 7am")]),
        timed("Backup at 23:30", today: newYearsEve, now: at(23, 45), title: "Backup", implied: day(2027, 1, 1), time: at(23, 30),
              [(.dueTime, "at 23:30")]),
        // 中文: 下午3点, 下午3点半, 15点, 15点30分, 早上9点, 晚上8点, 中午.
        timed("明天下午3点开会", title: "开会", due: tomorrow, time: at(15), [(.dueDate, "明天"), (.dueTime, "下午3点")]),
        timed("下午3点开会", title: "开会", time: at(15), [(.dueTime, "下午3点")]),
        timed("开会 下午3点半", title: "开会", time: at(15, 30), [(.dueTime, "下午3点半")]),
        timed("开会 15点", title: "开会", time: at(15), [(.dueTime, "15点")]),
        timed("开会15点30分", title: "开会", time: at(15, 30), [(.dueTime, "15点30分")]),
        timed("开会 明天 15点", title: "开会", due: tomorrow, time: at(15), [(.dueDate, "明天"), (.dueTime, "15点")]),
        timed("开会明天下午3点", title: "开会", due: tomorrow, time: at(15), [(.dueDate, "明天"), (.dueTime, "下午3点")]),
        timed("早上9点跑步", title: "跑步", time: at(9), [(.dueTime, "早上9点")]),
        timed("晚上8点看电影", title: "看电影", time: at(20), [(.dueTime, "晚上8点")]),
        timed("晚上八点看电影", title: "看电影", time: at(20), [(.dueTime, "晚上八点")]),
        timed("吃饭 中午", title: "吃饭", time: at(12), [(.dueTime, "中午")]),
        timed("明天中午吃饭", title: "吃饭", due: tomorrow, time: at(12), [(.dueDate, "明天"), (.dueTime, "中午")]),
        timed("下午3点前交报告", title: "交报告", time: at(15), [(.dueTime, "下午3点前")]),
        timed("凌晨2点看球赛", title: "看球赛", time: at(2), [(.dueTime, "凌晨2点")]),
        timed("明天早上6点起床", title: "起床", due: tomorrow, time: at(6), [(.dueDate, "明天"), (.dueTime, "早上6点")]),
        timed("开会 三点半", title: "开会", time: at(3, 30), [(.dueTime, "三点半")]),
        timed("开会 周五 下午2点一刻", title: "开会", due: friday, time: at(14, 15), [(.dueDate, "周五"), (.dueTime, "下午2点一刻")]),
        timed("下午3点开会", now: at(16), title: "开会", implied: tomorrow, time: at(15), [(.dueTime, "下午3点")]),
        // 日本語: 15時, 15時30分, 午後3時, 午後3時半, 午前9時, 正午.
        timed("明日15時に歯医者", title: "歯医者", due: tomorrow, time: at(15), [(.dueDate, "明日"), (.dueTime, "15時に")]),
        timed("15時に歯医者", title: "歯医者", time: at(15), [(.dueTime, "15時に")]),
        timed("歯医者 15時30分", title: "歯医者", time: at(15, 30), [(.dueTime, "15時30分")]),
        timed("会議 午後3時", title: "会議", time: at(15), [(.dueTime, "午後3時")]),
        timed("会議 午後3時半", title: "会議", time: at(15, 30), [(.dueTime, "午後3時半")]),
        timed("散歩 午前9時", title: "散歩", time: at(9), [(.dueTime, "午前9時")]),
        timed("ランチ 正午", title: "ランチ", time: at(12), [(.dueTime, "正午")]),
        timed("会議15時", title: "会議", time: at(15), [(.dueTime, "15時")]),
        timed("歯医者 明日15時", title: "歯医者", due: tomorrow, time: at(15), [(.dueDate, "明日"), (.dueTime, "15時")]),
        timed("午後3時に会議 #仕事", title: "会議", time: at(15), project: "仕事", [(.dueTime, "午後3時に"), (.project, "#仕事")]),
        timed("朝9時 ジョギング", title: "ジョギング", time: at(9), [(.dueTime, "朝9時")]),
        timed("打ち合わせ 来週月曜 10時", title: "打ち合わせ", due: nextMonday, time: at(10),
              [(.dueDate, "来週月曜"), (.dueTime, "10時")]),
    ]

    @Test("TIME-12 WORDS-31 the times table: each text reads as its row says, title, date and time", arguments: timeRows)
    func test_TIME_12_timesTable(_ row: TimeRow) {
        #expect(PlainWords.read(row.input, today: row.today, now: row.now) == row.expected)
    }

    @Test("TIME-12 WORDS-31 a number that is no time, a name, a time word where none is expected stay text", arguments: notTimeRows)
    func test_TIME_12_notTimes(_ row: Row) {
        #expect(PlainWords.read(row.input, today: row.today) == row.expected)
        // Nor does knowing the time of day change them.
        #expect(PlainWords.read(row.input, today: row.today, now: Self.at(23, 59)) == row.expected)
    }

    @Test("TIME-12 the times tables hold at least 40 inputs, in the three languages")
    func test_TIME_12_tablesAreLarge() {
        let inputs = Self.timeRows.map(\.input) + Self.notTimeRows.map(\.input)
        #expect(inputs.count >= 40, "\(inputs.count)")
        #expect(inputs.contains { $0.contains("点") } && inputs.contains { $0.contains("時") } && inputs.contains { $0.contains("pm") })
    }
}

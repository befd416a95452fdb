import Testing
import TodoCore

/// The plain-words grammar in Chinese and Japanese, row by row (docs/specs/plain-words.md,
/// WORDS-21 … WORDS-26; LANG-9). Today is Monday 11/23/2026 unless a row says otherwise; every row
/// states the whole reading, with the vocabulary every field uses (`.allLanguages`).
extension PlainWordsTests {
    static let sunday = day(2026, 11, 29)
    static let newYearsEve = day(2026, 12, 31)  // a Thursday
    static let nextMonday = day(2026, 11, 30)
    static let everyDay = Set(Weekday.allCases)

    static let languageRows: [Row] = [
        // The examples.
        row("牛乳を買う 明日 #家", title: "牛乳を買う", due: tomorrow, project: "家", [(.dueDate, "明日"), (.project, "#家")]),
        row("买牛奶 明天 ＃家", title: "买牛奶", due: tomorrow, project: "家", [(.dueDate, "明天"), (.project, "＃家")]),
        // WORDS-21 Chinese days from today.
        row("交房租 今天", title: "交房租", due: monday, [(.dueDate, "今天")]),
        row("买鸡蛋 明天", title: "买鸡蛋", due: tomorrow, [(.dueDate, "明天")]),
        row("看牙医 后天", title: "看牙医", due: day(2026, 11, 25), [(.dueDate, "后天")]),
        row("看牙医 大后天", title: "看牙医", due: day(2026, 11, 26), [(.dueDate, "大后天")]),
        row("开会 明日", title: "开会", due: tomorrow, [(.dueDate, "明日")]),
        // WORDS-21 Japanese days from today, kanji and kana.
        row("家賃を払う 今日", title: "家賃を払う", due: monday, [(.dueDate, "今日")]),
        row("歯医者 明後日", title: "歯医者", due: day(2026, 11, 25), [(.dueDate, "明後日")]),
        row("歯医者 明々後日", title: "歯医者", due: day(2026, 11, 26), [(.dueDate, "明々後日")]),
        row("報告 本日", title: "報告", due: monday, [(.dueDate, "本日")]),
        row("買い物 あした", title: "買い物", due: tomorrow, [(.dueDate, "あした")]),
        row("買い物 あさって", title: "買い物", due: day(2026, 11, 25), [(.dueDate, "あさって")]),
        // WORDS-22 Chinese day names: the next such day after today.
        row("健身 周一", title: "健身", due: nextMonday, [(.dueDate, "周一")]),
        row("开会 周三", title: "开会", due: day(2026, 11, 25), [(.dueDate, "周三")]),
        row("聚餐 周日", title: "聚餐", due: sunday, [(.dueDate, "周日")]),
        row("聚餐 周天", title: "聚餐", due: sunday, [(.dueDate, "周天")]),
        row("交报告 星期五", title: "交报告", due: friday, [(.dueDate, "星期五")]),
        row("爬山 星期六", title: "爬山", due: day(2026, 11, 28), [(.dueDate, "星期六")]),
        row("爬山 星期天", title: "爬山", due: sunday, [(.dueDate, "星期天")]),
        row("理发 礼拜二", title: "理发", due: tomorrow, [(.dueDate, "礼拜二")]),
        // WORDS-22 Japanese day names, with and without 日.
        row("ジム 月曜", title: "ジム", due: nextMonday, [(.dueDate, "月曜")]),
        row("ジム 月曜日", title: "ジム", due: nextMonday, [(.dueDate, "月曜日")]),
        row("燃えるゴミ 火曜日", title: "燃えるゴミ", due: tomorrow, [(.dueDate, "火曜日")]),
        row("会議 水曜", title: "会議", due: day(2026, 11, 25), [(.dueDate, "水曜")]),
        row("提出 金曜日", title: "提出", due: friday, [(.dueDate, "金曜日")]),
        row("洗車 日曜日", title: "洗車", due: sunday, [(.dueDate, "日曜日")]),
        // WORDS-22 next week: a day of the next calendar week (Monday to Sunday); alone, its Monday.
        row("开会 下周一", title: "开会", due: nextMonday, [(.dueDate, "下周一")]),
        row("开会 下周五", title: "开会", due: day(2026, 12, 4), [(.dueDate, "下周五")]),
        row("开会 下周日", title: "开会", due: day(2026, 12, 6), [(.dueDate, "下周日")]),
        row("开会 下星期三", title: "开会", due: day(2026, 12, 2), [(.dueDate, "下星期三")]),
        row("开会 下周 五", title: "开会", due: day(2026, 12, 4), [(.dueDate, "下周 五")]),
        row("开会 下个周四", title: "开会", due: day(2026, 12, 3), [(.dueDate, "下个周四")]),
        row("开会 下个星期二", title: "开会", due: day(2026, 12, 1), [(.dueDate, "下个星期二")]),
        row("整理书架 下周", title: "整理书架", due: nextMonday, [(.dueDate, "下周")]),
        row("打ち合わせ 来週", title: "打ち合わせ", due: nextMonday, [(.dueDate, "来週")]),
        row("打ち合わせ 来週月曜", title: "打ち合わせ", due: nextMonday, [(.dueDate, "来週月曜")]),
        row("打ち合わせ 来週の月曜日", title: "打ち合わせ", due: nextMonday, [(.dueDate, "来週の月曜日")]),
        row("打ち合わせ 来週金曜日", title: "打ち合わせ", due: day(2026, 12, 4), [(.dueDate, "来週金曜日")]),
        row("打ち合わせ 来週 木曜", title: "打ち合わせ", due: day(2026, 12, 3), [(.dueDate, "来週 木曜")]),
        // Edge days: on a Sunday next week's Monday is tomorrow, and 周日 is a week ahead.
        row("开会 下周一", today: sunday, title: "开会", due: nextMonday, [(.dueDate, "下周一")]),
        row("聚餐 周日", today: sunday, title: "聚餐", due: day(2026, 12, 6), [(.dueDate, "周日")]),
        row("聚餐 下周日", today: sunday, title: "聚餐", due: day(2026, 12, 6), [(.dueDate, "下周日")]),
        row("打ち合わせ 来週", today: sunday, title: "打ち合わせ", due: nextMonday, [(.dueDate, "来週")]),
        row("开会 下周一", today: friday, title: "开会", due: nextMonday, [(.dueDate, "下周一")]),
        // … and at the year's end.
        row("买年货 明天", today: newYearsEve, title: "买年货", due: day(2027, 1, 1), [(.dueDate, "明天")]),
        row("初詣 明後日", today: newYearsEve, title: "初詣", due: day(2027, 1, 2), [(.dueDate, "明後日")]),
        row("上班 下周一", today: newYearsEve, title: "上班", due: day(2027, 1, 4), [(.dueDate, "下周一")]),
        row("仕事始め 来週月曜日", today: newYearsEve, title: "仕事始め", due: day(2027, 1, 4), [(.dueDate, "来週月曜日")]),
        // WORDS-23 glued to the text before it (no space), only at the end.
        row("买牛奶明天", title: "买牛奶", due: tomorrow, [(.dueDate, "明天")]),
        row("牛乳を買う明日", title: "牛乳を買う", due: tomorrow, [(.dueDate, "明日")]),
        row("牛乳を買う明後日 #家", title: "牛乳を買う", due: day(2026, 11, 25), project: "家",
            [(.dueDate, "明後日"), (.project, "#家")]),
        row("买菜大后天", title: "买菜", due: day(2026, 11, 26), [(.dueDate, "大后天")]),
        row("开会下周一", title: "开会", due: nextMonday, [(.dueDate, "下周一")]),
        row("打ち合わせ来週の月曜日", title: "打ち合わせ", due: nextMonday, [(.dueDate, "来週の月曜日")]),
        row("交报告星期五 ＠公司", title: "交报告", due: friday, location: "公司", [(.dueDate, "星期五"), (.location, "＠公司")]),
        row("跑步明天每周一", title: "跑步", due: tomorrow, repeats: [.monday], [(.dueDate, "明天"), (.repeatRule, "每周一")]),
        row("跑步明天每周一 ＠公园 ～30分", title: "跑步", due: tomorrow, location: "公园", estimate: 30, repeats: [.monday],
            [(.dueDate, "明天"), (.repeatRule, "每周一"), (.location, "＠公园"), (.estimate, "～30分")]),
        row("Call mom明天", title: "Call mom", due: tomorrow, [(.dueDate, "明天")]),
        // WORDS-28 a date at the start, glued to the text after it or not.
        row("明天买牛奶", title: "买牛奶", due: tomorrow, [(.dueDate, "明天")]),
        row("明日牛乳を買う", title: "牛乳を買う", due: tomorrow, [(.dueDate, "明日")]),
        row("明天 买牛奶", title: "买牛奶", due: tomorrow, [(.dueDate, "明天")]),
        row("あした 牛乳を買う", title: "牛乳を買う", due: tomorrow, [(.dueDate, "あした")]),
        row("周五交报告", title: "交报告", due: friday, [(.dueDate, "周五")]),
        row("下周一开会 #工作", title: "开会", due: nextMonday, project: "工作", [(.dueDate, "下周一"), (.project, "#工作")]),
        row("大后天出发", title: "出发", due: day(2026, 11, 26), [(.dueDate, "大后天")]),
        row("周五前交报告", title: "交报告", due: friday, [(.dueDate, "周五前")]),
        row("周五之前交报告", title: "交报告", due: friday, [(.dueDate, "周五之前")]),
        row("金曜日までにレポート", title: "レポート", due: friday, [(.dueDate, "金曜日までに")]),
        row("明日までに返信", title: "返信", due: tomorrow, [(.dueDate, "明日までに")]),
        row("明天见面的事 #工作", title: "见面的事", due: tomorrow, project: "工作", [(.dueDate, "明天"), (.project, "#工作")]),
        row("星期五餐厅", title: "餐厅", due: friday, [(.dueDate, "星期五")]),
        row("明天买牛奶 后天", title: "明天买牛奶", due: day(2026, 11, 25), [(.dueDate, "后天")]),
        row("明天买牛奶 每周一", title: "买牛奶", due: tomorrow, repeats: [.monday], [(.dueDate, "明天"), (.repeatRule, "每周一")]),
        // WORDS-28 not read at the start: a word or phrase that goes on past it.
        row("明天的会议", title: "明天的会议"),
        row("明天起早睡", title: "明天起早睡"),
        row("明天以后再说", title: "明天以后再说"),
        row("明日の準備", title: "明日の準備"),
        row("今日は晴れ", title: "今日は晴れ"),
        row("明日から禁煙", title: "明日から禁煙"),
        row("今日中に連絡", title: "今日中に連絡"),
        row("明日香に電話", title: "明日香に電話"),
        row("明日葉を植える", title: "明日葉を植える"),
        row("今日子に電話", title: "今日子に電話"),
        row("あしたは休み", title: "あしたは休み"),
        row("明天", title: "明天", due: tomorrow, [(.dueDate, "明天")]),
        row("明天前", title: "明天前"),
        // WORDS-23 not read in the middle: a title that merely contains the words, or a phrase the grammar does not know.
        row("开会明天见面的事", title: "开会明天见面的事"),
        row("電話明日香に", title: "電話明日香に"),
        row("明日香に電話 明日", title: "明日香に電話", due: tomorrow, [(.dueDate, "明日")]),
        row("订位 星期五餐厅", title: "订位 星期五餐厅"),
        row("整理上周一", title: "整理上周一"),
        row("整理 上周一", title: "整理 上周一"),
        row("开会这周五", title: "开会这周五"),
        row("开会下下周一", title: "开会下下周一"),
        row("日報先週の金曜日", title: "日報先週の金曜日"),
        row("日報 先週金曜", title: "日報 先週金曜"),
        row("会議再来週月曜", title: "会議再来週月曜"),
        row("べんきょう", title: "べんきょう"),
        row("「明日」を読む", title: "「明日」を読む"),
        row("読む「明日」", title: "読む「明日」"),
        row("买牛奶＃家", title: "买牛奶＃家"),
        row("今天", title: "今天", due: monday, [(.dueDate, "今天")]),
        // WORDS-10 quotes keep the words in the title.
        row("读 \"明天\"", title: "读 明天"),
        row("读“明天”", title: "读明天"),
        row("看 “星期五” 明天", title: "看 星期五", due: tomorrow, [(.dueDate, "明天")]),
        // WORDS-11 one of each kind.
        row("开会 周五 明天", title: "开会 周五", due: tomorrow, [(.dueDate, "明天")]),
        row("牛乳を買う明日明後日", title: "牛乳を買う明日", due: day(2026, 11, 25), [(.dueDate, "明後日")]),
        // WORDS-24 repeats.
        row("跑步 每天", title: "跑步", repeats: everyDay, [(.repeatRule, "每天")]),
        row("站会 每个工作日", title: "站会", repeats: weekdays, [(.repeatRule, "每个工作日")]),
        row("大扫除 每周末", title: "大扫除", repeats: [.saturday, .sunday], [(.repeatRule, "每周末")]),
        row("健身 每周一", title: "健身", repeats: [.monday], [(.repeatRule, "每周一")]),
        row("健身 每周一、三、五", title: "健身", repeats: [.monday, .wednesday, .friday], [(.repeatRule, "每周一、三、五")]),
        row("健身每周一三五", title: "健身", repeats: [.monday, .wednesday, .friday], [(.repeatRule, "每周一三五")]),
        row("健身 每星期二和周四", title: "健身", repeats: [.tuesday, .thursday], [(.repeatRule, "每星期二和周四")]),
        row("健身每个周日", title: "健身", repeats: [.sunday], [(.repeatRule, "每个周日")]),
        row("健身 每周 六", title: "健身", repeats: [.saturday], [(.repeatRule, "每周 六")]),
        row("跑步每周五天", title: "跑步每周五天"),
        row("健身 每周一次", title: "健身 每周一次"),
        row("散歩 毎日", title: "散歩", repeats: everyDay, [(.repeatRule, "毎日")]),
        row("朝会 毎週平日", title: "朝会", repeats: weekdays, [(.repeatRule, "毎週平日")]),
        row("ジム 毎週月曜", title: "ジム", repeats: [.monday], [(.repeatRule, "毎週月曜")]),
        row("ジム 毎週月・水", title: "ジム", repeats: [.monday, .wednesday], [(.repeatRule, "毎週月・水")]),
        row("ジム毎週月曜日と木曜日", title: "ジム", repeats: [.monday, .thursday], [(.repeatRule, "毎週月曜日と木曜日")]),
        row("掃除 毎週土日", title: "掃除", repeats: [.saturday, .sunday], [(.repeatRule, "毎週土日")]),
        row("礼拝 毎日曜日", title: "礼拝", repeats: [.sunday], [(.repeatRule, "毎日曜日")]),
        row("ジム ～1時間 毎週火曜", title: "ジム", estimate: 60, repeats: [.tuesday], [(.estimate, "～1時間"), (.repeatRule, "毎週火曜")]),
        // WORDS-25 full-width signs, estimates in words, full-width digits and spaces.
        row("买牛奶 ＠超市 ～30分钟", title: "买牛奶", location: "超市", estimate: 30, [(.location, "＠超市"), (.estimate, "～30分钟")]),
        row("写报告 ~1小时30分钟", title: "写报告", estimate: 90, [(.estimate, "~1小时30分钟")]),
        row("資料作成 〜1時間30分 #仕事", title: "資料作成", project: "仕事", estimate: 90, [(.estimate, "〜1時間30分"), (.project, "#仕事")]),
        row("資料作成 ～３０分", title: "資料作成", estimate: 30, [(.estimate, "～３０分")]),
        row("资料 ～30", title: "资料 ～30"),
        row("牛乳を買う　明日　＃家", title: "牛乳を買う", due: tomorrow, project: "家", [(.dueDate, "明日"), (.project, "＃家")]),
        row("问题 ＃１", title: "问题 ＃１"),
        row("派对 １２/２４", title: "派对", due: christmasEve, [(.dueDate, "１２/２４")]),
        row("Dentist in ３ days", title: "Dentist", due: day(2026, 11, 26), [(.dueDate, "in ３ days")]),
        row("读 ＂明天＂", title: "读 明天"),
        row("会議 ＠\"本社 3階\" 明日", title: "会議", due: tomorrow, location: "本社 3階", [(.location, "＠\"本社 3階\""), (.dueDate, "明日")]),
        // WORDS-26 English and Chinese or Japanese in one text.
        row("Call 妈妈 tomorrow", title: "Call 妈妈", due: tomorrow, [(.dueDate, "tomorrow")]),
        row("买牛奶 tomorrow", title: "买牛奶", due: tomorrow, [(.dueDate, "tomorrow")]),
        row("Call mom 明天 #Family", title: "Call mom", due: tomorrow, project: "Family", [(.dueDate, "明天"), (.project, "#Family")]),
        row("Gym 每周一 ~1h", title: "Gym", estimate: 60, repeats: [.monday], [(.repeatRule, "每周一"), (.estimate, "~1h")]),
    ]

    @Test("WORDS-21 … WORDS-26 LANG-9 the Chinese and Japanese table: each text reads as its row says", arguments: languageRows)
    func test_WORDS_21_to_26_languageTable(_ row: Row) {
        #expect(PlainWords.read(row.input, today: row.today) == row.expected)
    }

    @Test("LANG-9 the table has at least 40 Chinese and Japanese rows")
    func test_LANG_9_tableIsLarge() {
        let cjk = Self.languageRows.filter { row in
            row.input.unicodeScalars.contains { $0.properties.isIdeographic || (0x3040...0x30FF).contains($0.value) }
        }
        #expect(cjk.count >= 40)
    }

    @Test("WORDS-21 the English vocabulary alone does not read Chinese or Japanese words")
    func test_WORDS_21_englishAloneReadsEnglish() {
        #expect(PlainWords.read("买牛奶 明天 ＃家", today: Self.monday, vocabulary: .english)
            == PlainWordsReading(title: "买牛奶 明天 ＃家"))
        #expect(PlainWords.read("买牛奶 明天 ＃家", today: Self.monday, vocabulary: .chinese)
            == PlainWordsReading(title: "买牛奶", dueDate: Self.tomorrow, project: "家",
                                 pieces: [.init(.dueDate, "明天"), .init(.project, "＃家")]))
    }
}

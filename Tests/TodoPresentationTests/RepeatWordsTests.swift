import Localization
import Testing
import TodoCore
import TodoPresentation

/// docs/specs/repeats.md, REPEAT-11: a rule in words, in the three languages.
@Suite("Repeats: a rule in words")
struct RepeatWordsTests {
    @Test(
        "REPEAT-11 each rule reads as people say it, in English, Chinese and Japanese",
        arguments: [
            ("FREQ=DAILY", "Every day", "每天", "毎日"),
            ("FREQ=DAILY;INTERVAL=3", "Every 3 days", "每3天", "3日ごと"),
            ("FREQ=WEEKLY", "Every week", "每周", "毎週"),
            ("FREQ=WEEKLY;BYDAY=TH,MO", "Every Mon, Thu", "每周一、周四", "毎週月・木"),
            ("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "Every 2 weeks on Tue", "每2周的周二", "2週間ごとの火"),
            ("FREQ=MONTHLY", "Every month", "每月", "毎月"),
            ("FREQ=MONTHLY;BYMONTHDAY=1,15", "Every month on the 1st, 15th", "每月1日、15日", "毎月1日・15日"),
            ("FREQ=MONTHLY;BYMONTHDAY=22,23,11", "Every month on the 22nd, 23rd, 11th", "每月22日、23日、11日", "毎月22日・23日・11日"),
            ("FREQ=MONTHLY;BYMONTHDAY=-1", "Every month on the last day", "每月最后一天", "毎月末日"),
            ("FREQ=MONTHLY;BYMONTHDAY=-2", "Every month on the 2nd to last day", "每月倒数第2天", "毎月月末から2日目"),
            ("FREQ=MONTHLY;BYDAY=2TU", "Every 2nd Tue", "每月第2个周二", "毎月第2火曜日"),
            ("FREQ=MONTHLY;INTERVAL=3;BYDAY=-1FR", "Every 3 months on the last Fri", "每3个月的最后一个周五", "3か月ごとの最終金曜日"),
            ("FREQ=MONTHLY;BYDAY=-2MO", "Every 2nd to last Mon", "每月倒数第2个周一", "毎月最後から2番目の月曜日"),
            ("FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=5", "Every year on Mar 5", "每年3月5日", "毎年3月5日"),
            ("FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", "Every year on the 4th Thu of Nov", "每年11月第4个周四", "毎年11月第4木曜日"),
            ("FREQ=YEARLY;INTERVAL=2", "Every 2 years", "每2年", "2年ごと"),
            ("FREQ=WEEKLY;BYDAY=SA;COUNT=5", "Every Sat, 5 times", "每周六，共5次", "毎週土（5回）"),
            ("FREQ=DAILY;COUNT=1", "Every day, once", "每天，共1次", "毎日（1回）"),
            ("FREQ=MONTHLY;UNTIL=20261231", "Every month, until 12/31/2026", "每月，直到2026/12/31", "毎月（2026/12/31まで）"),
            // What the words can't say exactly: how often, marked custom.
            ("FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", "Every month (custom)", "每月（自定义）", "毎月（カスタム）"),
            ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "Every month (custom)", "每月（自定义）", "毎月（カスタム）"),
            ("FREQ=YEARLY;INTERVAL=2;BYMONTH=1,7", "Every 2 years (custom)", "每2年（自定义）", "2年ごと（カスタム）"),
            ("FREQ=HOURLY;COUNT=3", "Every day (custom), 3 times", "每天（自定义），共3次", "毎日（カスタム）（3回）"),
            ("FREQ=WEEKLY;BYDAY=TU;WKST=SU", "Every week (custom)", "每周（自定义）", "毎週（カスタム）"),
        ])
    func test_REPEAT_11_words(_ text: String, _ english: String, _ chinese: String, _ japanese: String) throws {
        let rule = try RepeatRule(rruleText: text)
        #expect(TodoWords.strings(.english).repeatRule(rule) == english)
        #expect(TodoWords.strings(.simplifiedChinese).repeatRule(rule) == chinese)
        #expect(TodoWords.strings(.japanese).repeatRule(rule) == japanese)
    }

    @Test("REPEAT-11 after completion is said after the rule")
    func test_REPEAT_11_afterDone() {
        let water = RepeatRule(.daily, interval: 3, afterCompletion: true)
        #expect(TodoWords.strings(.english).repeatRule(water) == "Every 3 days after done")
        #expect(TodoWords.strings(.simplifiedChinese).repeatRule(water) == "每3天（完成后）")
        #expect(TodoWords.strings(.japanese).repeatRule(water) == "3日ごと（完了後）")
    }

    @Test("REPEAT-8 a refused rule's sentence names its part, in every language")
    func test_REPEAT_8_problemSentences() {
        let problem = RepeatRule.Problem.badValue(part: "INTERVAL", value: "x")
        #expect(TodoWords.strings(.english).repeatProblem(problem) == "INTERVAL can't be “x”.")
        for language in Language.allCases {
            let sentence = TodoWords.strings(language).repeatProblem(.unknownPart("EVERY"))
            #expect(sentence.contains("EVERY") && !sentence.contains("{"), "\(language)")
        }
    }
}

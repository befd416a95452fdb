/// The words the grammar knows (docs/specs/plain-words.md). Data, so that another language's
/// date words, or full-width signs, are a table to add rather than code to write. Words are
/// matched lowercased, each with one dictionary look-up (never a scan of the table).
///
/// `PlainWords.read` uses `.allLanguages`: the English, Chinese and Japanese words together,
/// whatever language the page or the terminal speaks (LANG-9, WORDS-21 …).
public struct PlainWordsVocabulary: Sendable {
    /// Days from today: `today` 0, `tomorrow` 1, `后天` 2.
    public var relativeDays: [String: Int]
    /// Names of the days of the week, short and long: the next such day after today.
    public var weekdays: [String: Weekday]
    /// The word before a day name that means "the one a week after": `next fri`.
    public var next: Set<String>
    /// The word before a count: `in 3 days`.
    public var inWords: Set<String>
    /// Units of a count, in days: `day` 1, `weeks` 7.
    public var units: [String: Int]
    /// Month names, short and long, to their numbers.
    public var months: [String: Int]
    /// The word before repeat days: `every mon,wed`.
    public var every: Set<String>
    /// Words after `every` that name several days: `day`, `weekday`, `weekend`.
    public var dayGroups: [String: Set<Weekday>]
    /// What separates the days of a repeat: `mon,wed`, `每周一、三`, `毎週月・水`.
    public var listSeparators: Set<Character>
    public var projectSigns: Set<Character>
    public var locationSigns: Set<Character>
    public var estimateSigns: Set<Character>
    /// The sign before a priority's word: `!high` (PRIO-11).
    public var prioritySigns: Set<Character>
    /// `+` (and the full-width `＋`): a tag (TAG-13).
    public var tagSigns: Set<Character>
    /// A priority's words after its sign: `high`, `med`, `1`, `高` (PRIO-11).
    public var priorityWords: [String: Priority.Level]
    /// Opening quote to its closing quote.
    public var quotes: [Character: Character]
    /// A day of the *next calendar week* (weeks run Monday to Sunday): `下周一`, `来週月曜`,
    /// `来週の金曜日`; `下周` and `来週` alone are its Monday (WORDS-22).
    public var nextWeekDays: [String: Weekday]
    /// Words that are a whole repeat: `每天`, `毎日`, `每个工作日`, `毎週末`, `毎月曜日` (WORDS-24).
    public var repeatWords: [String: Set<Weekday>]
    /// Words that are a whole repeat by its period (REPEAT-18): `daily`, `monthly`, `每月`, `毎年`.
    public var periodWords: [String: RepeatRule.Frequency] = [:]
    /// Units after `every` and a count: `week` in `every week`, `months` in `every 3 months`.
    public var periodUnits: [String: RepeatRule.Frequency] = [:]
    /// A repeat by a counted period in one word (REPEAT-18), by the text around its number:
    /// `每#天` for `每3天`, `#か月ごと` for `3か月ごと`.
    public var countedPeriods: [String: RepeatRule.Frequency] = [:]
    /// A day a phrase names without a date (WORDS-30), by its words joined with spaces:
    /// `next week`, `end of month`, `月底`, `来月`.
    public var namedDays: [String: NamedDay] = [:]
    public enum NamedDay: Sendable {
        /// Next calendar week's Monday; the 1st of next month; this month's last day; this
        /// week's Sunday (weeks run Monday to Sunday).
        case nextWeek, nextMonth, endOfMonth, endOfWeek
    }
    /// Parts of a day: a date in the middle followed by one is not read (`tomorrow night`,
    /// `tomorrow at home`, WORDS-29), as it belongs to a time the words don't read; followed by
    /// a time it is (`tomorrow at 3pm`, `tomorrow noon`: TIME-12).
    public var partsOfDay: Set<String> = []
    /// Ordinals: `1st` … `31st`, `first` … `fifth`, `last` (−1): `every 3rd thu`, `on the 1st`.
    public var ordinals: [String: Int] = [:]
    /// What, after a repeat, makes it reckoned from completion: `after done`, `完成后`, `完了後`.
    public var afterDone: [[String]] = []
    /// A day of the month in one word, by the text around its number: `每月#日` for `每月1日`.
    public var monthDayWords: Set<String> = []
    /// The last day of the month in one word: `每月最后一天`, `毎月末日` (−1).
    public var lastDayWords: [String: Int] = [:]
    /// What starts the Nth weekday of the month in one word, before its number (`每月第`,
    /// `毎月第`: nil) or meaning the last (`每月最后一个`, `毎月最終`: −1).
    public var nthWeekdayPrefixes: [String: Int?] = [:]
    /// Counter words between a number and a weekday: `个` in `每月第2个周二`.
    public var counterWords: [String] = []
    /// A word that starts a repeat glued to its days: `每周` in `每周一、三`, `毎週` in `毎週月水金`.
    public var repeatPrefixes: Set<String>
    /// One-character day names after a repeat prefix: `一` … `日`; `月` … `日`.
    public var shortDayNames: [Character: Weekday]
    /// Words that join the word after them when a space stands between: `来週 月曜` reads as
    /// `来週月曜`, `每周 一` as `每周一`.
    public var joiningWords: Set<String>
    /// Units of an estimate, in minutes: `h` 60, `m` 1, `小时` 60, `分钟` 1, `時間` 60, `分` 1.
    public var estimateUnits: [String: Int]
    /// What, just before a word glued to the text (WORDS-23), makes it part of another phrase
    /// the grammar does not read: `上` in `上周一` (last Monday), `先週` in `先週金曜`, `の` in
    /// `先週の月曜日`. Then the word is not read.
    public var gluedBlockers: Set<String>
    /// Words before a date at the end that go with it: `by friday`, `on dec 1` (WORDS-27).
    public var dueConnectors: Set<String> = []
    /// Words right after a date glued at the start that go with it, meaning *by*: `周五前`,
    /// `金曜日までに` (WORDS-28).
    public var startSuffixes: Set<String> = []
    /// What, right after a date glued at the start, makes it part of another word or phrase:
    /// `的` in `明天的会议`, `香` in `明日香`, `は` in `今日は` (WORDS-28). Then it is not read.
    public var startBlockers: Set<String> = []
    /// Words a blocker starts that block nothing: `起床` (get up) in `明天6点起床` (TIME-12).
    public var startUnblocked: Set<String> = []
    /// Words before a time that go with it: `at 3pm`, `by 5pm`, `before noon` (TIME-12).
    public var timeConnectors: Set<String> = []
    /// Of those, the ones after which an hour alone is a time, on a 24-hour clock: `at 15`,
    /// `at 9` (09:00).
    public var hourConnectors: Set<String> = []
    /// After an hour, the half of the day: `3pm`, `3:30 pm`, `9 a.m.` (`.am` or `.pm`).
    public var meridiems: [String: DayPeriod] = [:]
    /// Before an hour, the part of the day: `下午3点`, `早上9点`, `午後3時`, `午前9時`.
    public var dayPeriods: [String: DayPeriod] = [:]
    /// A time in one word, in minutes after midnight: `noon` 720, `midnight` 0, `中午`, `正午`.
    public var timeWords: [String: Int] = [:]
    /// What follows an hour to make it one: `点`, `点钟`, `时`, `時` (`15点`, `15時`).
    public var hourMarks: Set<String> = []
    /// Minutes in a word after the hour's mark: `半` 30 (`3点半`), `一刻` 15, `三刻` 45.
    public var minuteWords: [String: Int] = [:]
    /// What may follow the minutes: `分` (`15点30分`, `15時30分`).
    public var minuteMarks: Set<String> = []
    /// What, right after a time glued at the start, makes it part of another word: `間` in
    /// `1時間勉強` (an hour of study), `多` in `2点多` (after two). Then it is not read.
    public var timeBlockers: Set<String> = []
    /// A part of the day, and so the hours it turns a 12-hour clock's hour into (TIME-12).
    public enum DayPeriod: Sendable {
        /// Before noon: `am`, `上午`, `午前`; 12 is midnight (`12am` is 00:00).
        case am
        /// After noon: `pm`, `下午`, `午後`; 12 is noon, 1…11 are 13…23.
        case pm
        /// The evening: `晚上`, `夜`; 4…11 are 16…23.
        case evening
        /// Around noon: `中午`, `昼`; 11 and 12 are themselves, 1…3 are 13…15.
        case noon
    }

    public init(
        relativeDays: [String: Int], weekdays: [String: Weekday], next: Set<String>, inWords: Set<String>,
        units: [String: Int], months: [String: Int], every: Set<String>, dayGroups: [String: Set<Weekday>],
        listSeparators: Set<Character>, projectSigns: Set<Character>, locationSigns: Set<Character>,
        estimateSigns: Set<Character>, quotes: [Character: Character],
        nextWeekDays: [String: Weekday] = [:], repeatWords: [String: Set<Weekday>] = [:],
        repeatPrefixes: Set<String> = [], shortDayNames: [Character: Weekday] = [:], joiningWords: Set<String> = [],
        estimateUnits: [String: Int] = ["h": 60, "m": 1], gluedBlockers: Set<String> = [],
        prioritySigns: Set<Character> = ["!"], priorityWords: [String: Priority.Level] = [:],
        tagSigns: Set<Character> = ["+"]
    ) {
        self.relativeDays = relativeDays
        self.weekdays = weekdays
        self.next = next
        self.inWords = inWords
        self.units = units
        self.months = months
        self.every = every
        self.dayGroups = dayGroups
        self.listSeparators = listSeparators
        self.projectSigns = projectSigns
        self.locationSigns = locationSigns
        self.estimateSigns = estimateSigns
        self.quotes = quotes
        self.nextWeekDays = nextWeekDays
        self.repeatWords = repeatWords
        self.repeatPrefixes = repeatPrefixes
        self.shortDayNames = shortDayNames
        self.joiningWords = joiningWords
        self.estimateUnits = estimateUnits
        self.gluedBlockers = gluedBlockers
        self.prioritySigns = prioritySigns
        self.priorityWords = priorityWords
        self.tagSigns = tagSigns
    }

    /// This vocabulary with the words and signs of `other` added (a word in both keeps
    /// `other`'s meaning).
    public func merging(_ other: PlainWordsVocabulary) -> PlainWordsVocabulary {
        func merged<K, V>(_ a: [K: V], _ b: [K: V]) -> [K: V] { a.merging(b) { _, new in new } }
        var result = self
        result.relativeDays = merged(relativeDays, other.relativeDays)
        result.weekdays = merged(weekdays, other.weekdays)
        result.next.formUnion(other.next)
        result.inWords.formUnion(other.inWords)
        result.units = merged(units, other.units)
        result.months = merged(months, other.months)
        result.every.formUnion(other.every)
        result.dayGroups = merged(dayGroups, other.dayGroups)
        result.listSeparators.formUnion(other.listSeparators)
        result.projectSigns.formUnion(other.projectSigns)
        result.locationSigns.formUnion(other.locationSigns)
        result.estimateSigns.formUnion(other.estimateSigns)
        result.quotes = merged(quotes, other.quotes)
        result.nextWeekDays = merged(nextWeekDays, other.nextWeekDays)
        result.repeatWords = merged(repeatWords, other.repeatWords)
        result.periodWords = merged(periodWords, other.periodWords)
        result.periodUnits = merged(periodUnits, other.periodUnits)
        result.countedPeriods = merged(countedPeriods, other.countedPeriods)
        result.ordinals = merged(ordinals, other.ordinals)
        result.namedDays = merged(namedDays, other.namedDays)
        result.partsOfDay.formUnion(other.partsOfDay)
        result.afterDone += other.afterDone
        result.monthDayWords.formUnion(other.monthDayWords)
        result.lastDayWords = merged(lastDayWords, other.lastDayWords)
        result.nthWeekdayPrefixes = merged(nthWeekdayPrefixes, other.nthWeekdayPrefixes)
        result.counterWords += other.counterWords
        result.repeatPrefixes.formUnion(other.repeatPrefixes)
        result.shortDayNames = merged(shortDayNames, other.shortDayNames)
        result.joiningWords.formUnion(other.joiningWords)
        result.estimateUnits = merged(estimateUnits, other.estimateUnits)
        result.gluedBlockers.formUnion(other.gluedBlockers)
        result.dueConnectors.formUnion(other.dueConnectors)
        result.startSuffixes.formUnion(other.startSuffixes)
        result.startBlockers.formUnion(other.startBlockers)
        result.startUnblocked.formUnion(other.startUnblocked)
        result.timeConnectors.formUnion(other.timeConnectors)
        result.hourConnectors.formUnion(other.hourConnectors)
        result.meridiems = merged(meridiems, other.meridiems)
        result.dayPeriods = merged(dayPeriods, other.dayPeriods)
        result.timeWords = merged(timeWords, other.timeWords)
        result.hourMarks.formUnion(other.hourMarks)
        result.minuteWords = merged(minuteWords, other.minuteWords)
        result.minuteMarks.formUnion(other.minuteMarks)
        result.timeBlockers.formUnion(other.timeBlockers)
        result.prioritySigns.formUnion(other.prioritySigns)
        result.priorityWords = merged(priorityWords, other.priorityWords)
        result.tagSigns.formUnion(other.tagSigns)
        return result
    }

    /// The words of every language the apps speak: what `PlainWords.read` uses by default.
    public static let allLanguages = english.merging(chinese).merging(japanese)

    public static let english: PlainWordsVocabulary = {
        var vocabulary = englishWords
        vocabulary.dueConnectors = ["by", "on", "due", "before"]
        // REPEAT-18: `monthly`, `every month`, `every 3 months`.
        vocabulary.periodWords = ["daily": .daily, "weekly": .weekly, "monthly": .monthly, "yearly": .yearly, "annually": .yearly]
        vocabulary.periodUnits = [
            "day": .daily, "days": .daily, "week": .weekly, "weeks": .weekly, "month": .monthly, "months": .monthly,
            "year": .yearly, "years": .yearly,
        ]
        // `every 3rd thu`, `every last fri`, `every month on the 1st`, `every day after done`.
        var ordinals = ["first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1]
        for day in 1...31 {
            let suffix = (11...13).contains(day % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][day % 10] ?? "th"
            ordinals["\(day)\(suffix)"] = day
        }
        vocabulary.ordinals = ordinals
        vocabulary.afterDone = [["after", "done"], ["after", "completion"]]
        // WORDS-30.
        vocabulary.namedDays = [
            "next week": .nextWeek, "next month": .nextMonth, "end of month": .endOfMonth, "end of the month": .endOfMonth,
            "end of week": .endOfWeek, "end of the week": .endOfWeek,
        ]
        vocabulary.partsOfDay = ["morning", "afternoon", "evening", "night", "noon", "at"]
        // TIME-12: `at 3pm`, `by 3:30 pm`, `before noon`, `at 15`.
        vocabulary.timeConnectors = ["at", "by", "before"]
        vocabulary.hourConnectors = ["at"]
        vocabulary.meridiems = ["am": .am, "a.m.": .am, "pm": .pm, "p.m.": .pm]
        vocabulary.timeWords = ["noon": 12 * 60, "midnight": 0]
        return vocabulary
    }()

    private static let englishWords = PlainWordsVocabulary(
        relativeDays: ["today": 0, "tomorrow": 1, "tmrw": 1, "tmr": 1],
        weekdays: [
            "mon": .monday, "monday": .monday, "tue": .tuesday, "tues": .tuesday, "tuesday": .tuesday,
            "wed": .wednesday, "wednesday": .wednesday, "thu": .thursday, "thur": .thursday, "thurs": .thursday,
            "thursday": .thursday, "fri": .friday, "friday": .friday, "sat": .saturday, "saturday": .saturday,
            "sun": .sunday, "sunday": .sunday,
        ],
        next: ["next"],
        inWords: ["in"],
        units: ["day": 1, "days": 1, "week": 7, "weeks": 7],
        months: [
            "jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3, "apr": 4, "april": 4,
            "may": 5, "jun": 6, "june": 6, "jul": 7, "july": 7, "aug": 8, "august": 8,
            "sep": 9, "sept": 9, "september": 9, "oct": 10, "october": 10, "nov": 11, "november": 11,
            "dec": 12, "december": 12,
        ],
        every: ["every"],
        dayGroups: [
            "day": Set(Weekday.allCases),
            "weekday": [.monday, .tuesday, .wednesday, .thursday, .friday],
            "weekend": [.saturday, .sunday],
        ],
        listSeparators: [","],
        projectSigns: ["#"], locationSigns: ["@"], estimateSigns: ["~"],
        quotes: ["\"": "\"", "“": "”"],
        priorityWords: ["high": .high, "medium": .medium, "med": .medium, "low": .low, "1": .high, "2": .medium, "3": .low])

    // MARK: Chinese and Japanese

    /// `一` … `六`, `日` (Chinese day numbers, Monday first).
    private static let chineseDayNumbers: [(String, Weekday)] =
        zip(["一", "二", "三", "四", "五", "六", "日"], Weekday.allCases).map { ($0, $1) }
    /// `月` … `日` (Japanese day kanji, Monday first).
    private static let japaneseDayKanji: [(String, Weekday)] =
        zip(["月", "火", "水", "木", "金", "土", "日"], Weekday.allCases).map { ($0, $1) }
    private static let workdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]
    private static let weekend: Set<Weekday> = [.saturday, .sunday]

    /// Every `prefix + name` of the day names, and each prefix alone as `alone`.
    private static func table(
        _ prefixes: [String], _ names: [(String, Weekday)], alone: Weekday? = nil
    ) -> [String: Weekday] {
        var table: [String: Weekday] = [:]
        for prefix in prefixes {
            for (name, day) in names { table[prefix + name] = day }
            if let alone { table[prefix] = alone }
        }
        return table
    }

    /// Full-width signs and digits are read like their ASCII forms in both languages.
    private static func eastAsian(
        relativeDays: [String: Int], weekdays: [String: Weekday], nextWeekDays: [String: Weekday],
        repeatWords: [String: Set<Weekday>], repeatPrefixes: Set<String>, shortDayNames: [(String, Weekday)],
        joiningWords: Set<String>, estimateUnits: [String: Int], gluedBlockers: Set<String>
    ) -> PlainWordsVocabulary {
        PlainWordsVocabulary(
            relativeDays: relativeDays, weekdays: weekdays, next: [], inWords: [], units: [:], months: [:],
            every: [], dayGroups: [:], listSeparators: [",", "，", "、", "・"],
            projectSigns: ["#", "＃"], locationSigns: ["@", "＠"], estimateSigns: ["~", "～", "〜"],
            quotes: ["＂": "＂"], nextWeekDays: nextWeekDays, repeatWords: repeatWords, repeatPrefixes: repeatPrefixes,
            shortDayNames: Dictionary(uniqueKeysWithValues: shortDayNames.map { (Character($0.0), $0.1) }),
            joiningWords: joiningWords, estimateUnits: estimateUnits, gluedBlockers: gluedBlockers,
            // `!高` `!中` `!低`, in both languages; full-width digits are read as ASCII ones.
            prioritySigns: ["!", "！"], priorityWords: ["高": .high, "中": .medium, "低": .low], tagSigns: ["+", "＋"])
    }

    /// 简体中文: `今天 明天 后天 大后天`, `周一 星期一 礼拜一` …, `下周一` …, `每天 每周一、三`.
    public static let chinese: PlainWordsVocabulary = {
        let nextWeek = ["下周", "下星期", "下礼拜", "下个星期", "下个礼拜"]
        var vocabulary = eastAsian(
            relativeDays: ["今天": 0, "今日": 0, "明天": 1, "明日": 1, "后天": 2, "大后天": 3],
            // 周天, 星期天, 礼拜天 (Sunday) too, but not 天 alone after 每周 (每周五天 is "five days a week").
            weekdays: table(["周", "星期", "礼拜"], chineseDayNumbers + [("天", .sunday)]),
            nextWeekDays: table(nextWeek, chineseDayNumbers + [("天", .sunday)], alone: .monday)
                .merging(table(["下个周"], chineseDayNumbers)) { a, _ in a },
            repeatWords: [
                "每天": Set(Weekday.allCases), "每日": Set(Weekday.allCases),
                "每个工作日": workdays, "每工作日": workdays, "每周末": weekend, "每个周末": weekend,
            ],
            repeatPrefixes: ["每周", "每个周", "每星期", "每个星期", "每礼拜", "每个礼拜"],
            shortDayNames: chineseDayNumbers,
            joiningWords: Set(nextWeek + ["每周", "每个周", "每星期", "每个星期", "每礼拜", "每个礼拜"]),
            estimateUnits: ["分钟": 1, "分": 1, "小时": 60, "个小时": 60],
            // 上周一 (last Monday), 这周一 / 本周一 (this week's), 下下周一 (in two weeks),
            // 上个星期一, 大大后天: phrases the grammar does not read.
            gluedBlockers: ["上", "这", "本", "下", "个", "大"])
        vocabulary.listSeparators.insert("和")
        // 周五前交报告 (hand in the report by Friday); 明天的会议 (tomorrow's meeting), 明天起
        // (from tomorrow on), 明天以后, 明天之后, 明天后: phrases, not a due date.
        vocabulary.startSuffixes = ["前", "之前"]
        vocabulary.startBlockers = ["的", "之", "起", "以", "后"]
        vocabulary.startUnblocked = ["起床"]
        // REPEAT-18: 每月, 每年, 每3天, 每2周, 每3个月, 每2年.
        vocabulary.periodWords = ["每周": .weekly, "每星期": .weekly, "每月": .monthly, "每个月": .monthly, "每年": .yearly]
        vocabulary.countedPeriods = [
            "每#天": .daily, "每#日": .daily, "每#周": .weekly, "每#个星期": .weekly, "每#星期": .weekly,
            "每#个月": .monthly, "每#月": .monthly, "每#年": .yearly,
        ]
        // 每月1日, 每月1号, 每月第2个周二, 每月最后一个周五, 每月最后一天, 每3天 完成后.
        vocabulary.monthDayWords = ["每月#日", "每月#号", "每个月#日", "每个月#号"]
        vocabulary.lastDayWords = ["每月最后一天": -1, "每个月最后一天": -1]
        vocabulary.nthWeekdayPrefixes = ["每月第": nil, "每个月第": nil, "每月最后一个": -1, "每个月最后一个": -1]
        vocabulary.counterWords = ["个"]
        vocabulary.afterDone = [["完成后"]]
        vocabulary.namedDays = ["月底": .endOfMonth, "下个月": .nextMonth]  // WORDS-30
        // TIME-12: 下午3点, 下午3点半, 15点30分, 早上9点, 晚上8点, 中午.
        vocabulary.dayPeriods = [
            "上午": .am, "早上": .am, "早晨": .am, "清晨": .am, "凌晨": .am, "中午": .noon, "下午": .pm,
            "傍晚": .evening, "晚上": .evening,
        ]
        vocabulary.timeWords = ["中午": 12 * 60, "正午": 12 * 60, "午夜": 0]
        vocabulary.hourMarks = ["点", "点钟", "时"]
        vocabulary.minuteWords = ["半": 30, "一刻": 15, "三刻": 45]
        vocabulary.minuteMarks = ["分"]
        vocabulary.timeBlockers = ["多"]
        return vocabulary
    }()

    /// 日本語: `今日 明日 明後日`, `月曜 月曜日` …, `来週 来週月曜 来週の月曜日`, `毎日 毎週月・水`.
    public static let japanese: PlainWordsVocabulary = {
        let dayNames = japaneseDayKanji.flatMap { [($0.0 + "曜", $0.1), ($0.0 + "曜日", $0.1)] }
        var vocabulary = eastAsian(
            relativeDays: [
                "今日": 0, "本日": 0, "明日": 1, "明後日": 2, "明明後日": 3, "明々後日": 3,
                "きょう": 0, "あした": 1, "あす": 1, "あさって": 2, "しあさって": 3,
            ],
            weekdays: Dictionary(uniqueKeysWithValues: dayNames),
            nextWeekDays: table(["来週", "来週の"], dayNames).merging(["来週": .monday]) { a, _ in a },
            repeatWords: [
                "毎日": Set(Weekday.allCases), "毎平日": workdays, "毎週平日": workdays, "毎週末": weekend,
            ].merging(dayNames.map { ("毎" + $0.0, [$0.1]) }) { a, _ in a },
            repeatPrefixes: ["毎週"],
            shortDayNames: japaneseDayKanji,
            joiningWords: ["来週", "来週の", "毎週"],
            estimateUnits: ["分": 1, "時間": 60],
            // 先週金曜 (last Friday), 今週金曜 (this week's), 再来週月曜 (in two weeks),
            // 先週の月曜日, 毎週の月曜日: phrases the grammar does not read.
            gluedBlockers: ["先週", "今週", "再", "の"])
        vocabulary.listSeparators.insert("と")
        // 金曜日までにレポート (the report by Friday); 明日の準備, 今日は, 明日から (from tomorrow),
        // 今日中に (within today), and the names 明日香, 明日葉, 今日子: not a due date.
        vocabulary.startSuffixes = ["までに", "まで", "に"]
        vocabulary.startBlockers = ["の", "は", "が", "も", "から", "中", "香", "葉", "子"]
        // REPEAT-18: 毎月, 毎年, 3日ごと, 2週間ごと, 3か月ごと, 2年ごと.
        vocabulary.periodWords = ["毎週": .weekly, "毎月": .monthly, "毎年": .yearly]
        vocabulary.countedPeriods = [
            "#日ごと": .daily, "#週ごと": .weekly, "#週間ごと": .weekly, "#か月ごと": .monthly, "#ヶ月ごと": .monthly,
            "#カ月ごと": .monthly, "#ヵ月ごと": .monthly, "#年ごと": .yearly,
        ]
        // 毎月1日, 毎月第2火曜日, 毎月最終金曜日, 毎月末日, 3日ごと 完了後.
        vocabulary.monthDayWords = ["毎月#日"]
        vocabulary.lastDayWords = ["毎月末日": -1, "毎月末": -1]
        vocabulary.nthWeekdayPrefixes = ["毎月第": nil, "毎月最終": -1]
        vocabulary.afterDone = [["完了後"]]
        vocabulary.namedDays = ["月末": .endOfMonth, "来月": .nextMonth]  // WORDS-30
        // TIME-12: 15時, 15時30分, 午後3時半, 午前9時, 朝9時, 夜8時, 正午.
        vocabulary.dayPeriods = ["午前": .am, "朝": .am, "昼": .noon, "午後": .pm, "夕方": .evening, "夜": .evening]
        vocabulary.timeWords = ["正午": 12 * 60]
        vocabulary.hourMarks = ["時"]
        vocabulary.minuteWords = ["半": 30]
        vocabulary.minuteMarks = ["分"]
        vocabulary.timeBlockers = ["間"]
        return vocabulary
    }()
}

/// The repeats plain words read by more than days (docs/specs/repeats.md, REPEAT-18): a period,
/// counted or not, a day of the month, the Nth weekday of the month, in English phrases and in
/// Chinese and Japanese words. `PlainWords`' reader asks it for each phrase and glued word.
struct PeriodWords {
    let vocabulary: PlainWordsVocabulary

    /// `every month`, `every 3 weeks`, `every 3rd thu`, `every last fri`, `every month on the 1st`,
    /// `monthly on the 15th`, `every 2 months on the last day`; nil for any other words.
    func rule(_ words: [String]) -> RepeatRule? {
        // `… on the 1st`, `… on the last day`: a day of the month, after a monthly rule.
        if let (day, length) = monthDay(ending: words) {
            guard words.count > length, var rule = rule(Array(words.dropLast(length))), rule.frequency == .monthly,
                  rule.monthDays.isEmpty, rule.days.isEmpty
            else { return nil }
            rule.monthDays = [day]
            return rule
        }
        if words.count == 1, let frequency = vocabulary.periodWords[words[0]] { return RepeatRule(frequency) }
        guard words.count >= 2, words.count <= 3, vocabulary.every.contains(words[0]) else { return nil }
        if words.count == 2, let unit = vocabulary.periodUnits[words[1]] { return RepeatRule(unit) }
        guard words.count == 3 else { return nil }
        if let unit = vocabulary.periodUnits[words[2]], let count = Self.count(words[1]) {
            return RepeatRule(unit, interval: count)
        }
        if let nth = vocabulary.ordinals[words[1]], (-5...5).contains(nth), let day = vocabulary.weekdays[words[2]] {
            return RepeatRule(.monthly, days: [RepeatRule.Day(day, nth: nth)])
        }
        return nil
    }

    /// The day of the month `words` end with, and how many words say it: `on the 1st` (1…31),
    /// `on the last day` (−1).
    private func monthDay(ending words: [String]) -> (day: Int, length: Int)? {
        if words.suffix(4).elementsEqual(["on", "the", "last", "day"]) { return (-1, 4) }
        guard words.count >= 3, words[words.count - 3] == "on", words[words.count - 2] == "the",
              let day = vocabulary.ordinals[words.last!], (1...31).contains(day)
        else { return nil }
        return (day, 3)
    }

    /// One word (`每3天`, `每两周`, `3か月ごと`, `每月1日`, `毎月1日`, `每月第2个周二`, `毎月第2火曜日`,
    /// `每月最后一个周五`, `毎月最終金曜日`, `每月最后一天`, `毎月末日`); nil for any other word.
    func rule(glued word: String) -> RepeatRule? {
        if let day = vocabulary.lastDayWords[word] { return RepeatRule(.monthly, monthDays: [day]) }
        for (prefix, nth) in vocabulary.nthWeekdayPrefixes where word.hasPrefix(prefix) && word.count > prefix.count {
            var rest = Substring(word.dropFirst(prefix.count))
            var position = nth
            if position == nil {
                let digits = rest.prefix { Self.digit($0) != nil }
                position = Self.count(String(digits)).flatMap { (1...5).contains($0) ? $0 : nil }
                rest = rest.dropFirst(digits.count)
                if let counter = vocabulary.counterWords.first(where: { rest.hasPrefix($0) }) { rest = rest.dropFirst(counter.count) }
            }
            guard let position, let day = vocabulary.weekdays[String(rest)] else { continue }
            return RepeatRule(.monthly, days: [RepeatRule.Day(day, nth: position)])
        }
        return counted(word)
    }

    /// The text around a number (`每#天`, `#か月ごと`, `每月#日`) and the number.
    private func counted(_ word: String) -> RepeatRule? {
        guard let start = word.firstIndex(where: { Self.digit($0) != nil }) else { return nil }
        let end = word[start...].firstIndex { Self.digit($0) == nil } ?? word.endIndex
        guard let count = Self.count(String(word[start..<end])) else { return nil }
        let key = String(word[..<start]) + "#" + String(word[end...])
        if let frequency = vocabulary.countedPeriods[key] { return RepeatRule(frequency, interval: count) }
        if vocabulary.monthDayWords.contains(key), count <= 31 { return RepeatRule(.monthly, monthDays: [count]) }
        return nil
    }

    /// A count of 1…999 in ASCII or full-width digits, or in Chinese numerals up to 99 (`两`,
    /// `十二`, `二十`); nil for anything else.
    static func count(_ text: String) -> Int? {
        guard !text.isEmpty, text.count <= 3 else { return nil }
        var value = 0
        if text.allSatisfy({ $0.isASCII || ("０"..."９").contains($0) }) {
            for character in text {
                guard let digit = character.wholeNumberValue else { return nil }
                value = value * 10 + digit
            }
        } else {
            let digits = text.compactMap { chineseDigits[$0] }
            guard digits.count == text.count else { return nil }
            let ten = 10
            if digits.count == 1 {
                value = digits[0]
            } else if digits.count == 2, digits[0] == ten, digits[1] < ten {
                value = ten + digits[1]
            } else if digits.count == 2, digits[1] == ten, digits[0] < ten {
                value = digits[0] * ten
            } else if digits.count == 3, digits[1] == ten, digits[0] < ten, digits[2] < ten {
                value = digits[0] * ten + digits[2]
            } else {
                return nil
            }
        }
        return (1...999).contains(value) ? value : nil
    }

    /// A character of a count: an ASCII or full-width digit, or a Chinese numeral.
    static func digit(_ character: Character) -> Int? {
        if character.isASCII || ("０"..."９").contains(character) { return character.isNumber ? character.wholeNumberValue : nil }
        return chineseDigits[character]
    }

    private static let chineseDigits: [Character: Int] = [
        "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10,
    ]
}

/// The times plain words read (docs/specs/times.md, TIME-12; plain-words.md, WORDS-31): `3pm`,
/// `3:30 pm`, `15:00`, `at 15`, `noon`, `下午3点半`, `15点30分`, `午後3時`, `15時30分`, `正午`.
/// `PlainWords`' reader asks it for each phrase and glued word; where in the text a time may
/// stand is the reader's business.
///
/// A time is a **clock** time when its form says it is one wherever it stands — an hour with
/// `am`/`pm`, with a colon, or with `点`/`時` (`3pm`, `9:30`, `下午3点`, `15時`), or a time word
/// after a connecting word (`at noon`). An hour alone after `at` (`at 15`, `at 9`: a 24-hour
/// clock's) and a time word alone (`noon`, `中午`) are times only where a time is expected: at
/// the end of the text and next to a date. A number alone (`3`, `1500`, `3.5`) is never one.
struct TimeWords {
    let vocabulary: PlainWordsVocabulary

    /// The most words a time takes: `at 3:30 pm`.
    static let longestPhrase = 3

    /// The time `words` (lowercased) say, and whether it is a clock time (see the type).
    func time(_ words: [String]) -> (time: TimeOfDay, clock: Bool)? {
        guard let first = words.first, words.count <= Self.longestPhrase else { return nil }
        if words.count > 1, vocabulary.timeConnectors.contains(first) {
            let rest = Array(words.dropFirst())
            if let time = clock(rest) ?? (rest.count == 1 ? named(rest[0]) : nil) { return (time, true) }
            // `at 15`, `at 9`: an hour of a 24-hour clock.
            guard rest.count == 1, vocabulary.hourConnectors.contains(first),
                  let hour = Self.digits(rest[0], count: 1...2), let time = TimeOfDay(hour: hour, minute: 0)
            else { return nil }
            return (time, false)
        }
        if let time = clock(words) { return (time, true) }
        return words.count == 1 ? named(first).map { ($0, false) } : nil
    }

    /// A Chinese or Japanese time glued to other text (`下午3点开会`, `开会15点`, `明天中午`): a
    /// clock time with `点` or `時`, or a time word.
    func glued(_ word: String) -> (time: TimeOfDay, clock: Bool)? {
        if let time = eastAsian(word) { return (time, true) }
        return named(word).map { ($0, false) }
    }

    /// `noon`, `midnight`, `中午`, `正午`.
    private func named(_ word: String) -> TimeOfDay? {
        vocabulary.timeWords[word].flatMap(TimeOfDay.init(minutes:))
    }

    /// A clock time in one or two words: `15:00`, `3pm`, `3:30 pm`, `下午3点`, `下午 3点`.
    private func clock(_ words: [String]) -> TimeOfDay? {
        switch words.count {
        case 1:
            return twentyFourHour(words[0]) ?? meridiem(words[0]) ?? eastAsian(words[0])
        case 2:
            if let period = vocabulary.meridiems[words[1]] { return twelveHour(words[0], period) }
            return vocabulary.dayPeriods[words[0]] != nil ? eastAsian(words[0] + words[1]) : nil
        default:
            return nil
        }
    }

    /// `15:00`, `9:30`, `０９：３０`: an hour of one or two digits, a colon and two digits of minutes.
    private func twentyFourHour(_ word: String) -> TimeOfDay? {
        let parts = word.split(omittingEmptySubsequences: false) { $0 == ":" || $0 == "：" }
        guard parts.count == 2, let hour = Self.digits(parts[0], count: 1...2), let minute = Self.digits(parts[1], count: 2...2)
        else { return nil }
        return TimeOfDay(hour: hour, minute: minute)
    }

    /// `3pm`, `3:30pm`, `3.30pm`, `12am`, `9a.m.`: a 12-hour clock's time and its half of the day.
    private func meridiem(_ word: String) -> TimeOfDay? {
        for (suffix, period) in vocabulary.meridiems where word.count > suffix.count && word.hasSuffix(suffix) {
            return twelveHour(String(word.dropLast(suffix.count)), period)
        }
        return nil
    }

    /// `3`, `3:30`, `3.30` in `period` (`.am` or `.pm`): hours 1…12, minutes in two digits.
    private func twelveHour(_ text: String, _ period: PlainWordsVocabulary.DayPeriod) -> TimeOfDay? {
        let parts = text.split(omittingEmptySubsequences: false) { $0 == ":" || $0 == "：" || $0 == "." }
        guard parts.count <= 2, let hour = Self.digits(parts[0], count: 1...2), (1...12).contains(hour) else { return nil }
        var minute = 0
        if parts.count == 2 {
            guard let minutes = Self.digits(parts[1], count: 2...2) else { return nil }
            minute = minutes
        }
        return TimeOfDay(hour: hour % 12 + (period == .pm ? 12 : 0), minute: minute)
    }

    /// `15点`, `15点30分`, `下午3点半`, `晚上八点`, `15時`, `午後3時半`: a part of the day or none, an
    /// hour, its mark and the minutes or none. Without a part of the day the hour is a 24-hour
    /// clock's (`3点` is 03:00); an hour in Chinese numerals needs a part of the day or minutes
    /// (`三点` alone is “three points”).
    private func eastAsian(_ word: String) -> TimeOfDay? {
        var rest = Substring(word)
        var period: PlainWordsVocabulary.DayPeriod?
        for length in [2, 1] where rest.count > length {
            if let found = vocabulary.dayPeriods[String(rest.prefix(length))] {
                period = found
                rest = rest.dropFirst(length)
                break
            }
        }
        let numeral = rest.prefix { Self.isNumeral($0) }
        guard !numeral.isEmpty, numeral.count <= 3, let hour = Self.number(numeral) else { return nil }
        rest = rest.dropFirst(numeral.count)
        guard let mark = [2, 1].lazy.map({ String(rest.prefix($0)) }).first(where: vocabulary.hourMarks.contains) else { return nil }
        rest = rest.dropFirst(mark.count)
        guard let minute = minutes(rest) else { return nil }
        // `三点` alone is “three points”; `3点` is 03:00.
        let spelled = !numeral.allSatisfy { Self.digit($0) != nil }
        guard !spelled || period != nil || !rest.isEmpty, let clockHour = Self.hour(hour, in: period) else { return nil }
        return TimeOfDay(hour: clockHour, minute: minute)
    }

    /// The minutes after an hour's mark: none (0), `半`, `30分`, `三十分`, `30`. Without `分` two
    /// digits are needed: `3点5` is the number 3.5, not 03:05.
    private func minutes(_ text: Substring) -> Int? {
        if text.isEmpty { return 0 }
        if let minutes = vocabulary.minuteWords[String(text)] { return minutes }
        var number = text
        let mark = vocabulary.minuteMarks.first { text.hasSuffix($0) }
        if let mark { number = number.dropLast(mark.count) }
        guard !number.isEmpty, number.count <= 3, number.allSatisfy(Self.isNumeral), let minutes = Self.number(number),
              minutes < 60, mark != nil || Self.digits(number, count: 2...2) != nil
        else { return nil }
        return minutes
    }

    /// The hour of a 24-hour clock `hour` is in `period`; nil when the part of the day has no such hour.
    static func hour(_ hour: Int, in period: PlainWordsVocabulary.DayPeriod?) -> Int? {
        switch (period, hour) {
        case (nil, 0...23): hour
        case (.am?, 0...12): hour % 12
        case (.pm?, 1...11): hour + 12
        case (.pm?, 12...23): hour
        case (.evening?, 4...11): hour + 12
        case (.evening?, 16...23): hour
        case (.noon?, 11...15): hour
        case (.noon?, 1...3): hour + 12
        default: nil
        }
    }

    /// A number in ASCII or full-width digits, or in Chinese numerals (`三`, `十五`, `两`, `零`).
    private static func number(_ text: Substring) -> Int? {
        if text.allSatisfy({ digit($0) != nil }) { return digits(text, count: 1...2) }
        return text == "零" ? 0 : PeriodWords.count(String(text))
    }

    /// ASCII or full-width digits only, `count` of them, as a number.
    static func digits(_ text: some StringProtocol, count: ClosedRange<Int>) -> Int? {
        guard count.contains(text.count) else { return nil }
        var value = 0
        for character in text {
            guard let digit = digit(character) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    /// An ASCII or a full-width digit's value.
    private static func digit(_ character: Character) -> Int? {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return nil }
        switch scalar.value {
        case 0x30...0x39: return Int(scalar.value - 0x30)
        case 0xFF10...0xFF19: return Int(scalar.value - 0xFF10)
        default: return nil
        }
    }

    /// A digit or a Chinese numeral (`零` too).
    static func isNumeral(_ character: Character) -> Bool {
        digit(character) != nil || character == "零" || PeriodWords.digit(character) != nil
    }
}

extension TimeOfDay {
    /// The time `text` says as plain words do (WORDS-31), in any of the three languages: `3pm`,
    /// `3:30 pm`, `15:00`, `noon`, `下午3点`, `午後3時半`; nil when it says none. A form's or the
    /// command line's time field reads it after `HH:MM` (TIME-11).
    public static func spoken(_ text: String) -> TimeOfDay? {
        let words = text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        return TimeWords(vocabulary: .allLanguages).time(words)?.time
    }
}

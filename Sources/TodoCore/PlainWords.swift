import Foundation

/// The plain-words grammar: "Call mom tomorrow #Family @Home ~30m" read as a title ("Call mom")
/// and the values it names (docs/specs/plain-words.md, WORDS-1 … WORDS-13).
///
/// The rule a person can predict:
/// - `#Project`, `@Location`, `~estimate`, `!priority` and `+tag` are read wherever they stand
///   (they start with a sign nobody types by chance); every tag is taken, not only the last;
/// - dates and repeat days are read at the *end* of the text: reading back from the last word,
///   every word that forms a date, a repeat or a sign is taken, and the first word that does not
///   ends the reading ("by" before a date goes with it). "Read Friday Night Lights" keeps its
///   Friday; "Submit report by friday" is due Friday;
/// - a date at the *start* is read when none is at the end: "Tomorrow call mom", "明天买牛奶";
/// - a time (`at 3pm`, `15:00`, `下午3点`, `15時`) is read at the end, at the start, next to a
///   date, and — when its form says it is a time — wherever it stands (TIME-12); a time without
///   a date is today's, or tomorrow's when it has passed;
/// - each kind is taken once, the last one written; an earlier one stays in the title;
/// - text in double quotes is never read (the quotes go, the words stay);
/// - the Chinese and Japanese words are read whatever language the page or terminal speaks, and
///   may be glued to the text before them (`买牛奶明天`), since those languages write no spaces.
///
/// Pure: the day it is (`today`) and the time it is (`now`) are given, never read from a clock;
/// it never throws (the values go through `TodoRules` when the item is saved).
public enum PlainWords {
    /// Reads `text` with the words of `vocabulary`. `now`, the time of day it is on the list's
    /// clock, makes a time without a date that has already passed tomorrow's (TIME-12); without
    /// it such a time is today's.
    public static func read(
        _ text: String, today: CalendarDate, now: TimeOfDay? = nil, vocabulary: PlainWordsVocabulary = .allLanguages
    ) -> PlainWordsReading {
        Reader(vocabulary: vocabulary, today: today, now: now).read(text)
    }

    /// A search as people type it (PRIO-13, TAG-15): its priority signs (`!high`, `!高`) as the
    /// levels to keep, its tags (`+errands`) as tags each item must have, and the other words,
    /// as typed, to find. No sign: any priority; no tag: any tags.
    public static func searchFilter(_ query: String, vocabulary: PlainWordsVocabulary = .allLanguages) -> TodoFilter {
        var levels: Set<Priority.Level>?
        var tags: [String] = []
        var words: [Substring] = []
        for word in query.split(whereSeparator: \.isWhitespace) {
            if let sign = word.first, vocabulary.prioritySigns.contains(sign),
               let level = Reader.priority(word.dropFirst(), in: vocabulary) {
                levels = (levels ?? []).union([level])
            } else if let sign = word.first, vocabulary.tagSigns.contains(sign), word.dropFirst().contains(where: \.isLetter) {
                tags.append(String(word.dropFirst()))
            } else {
                words.append(word)
            }
        }
        return TodoFilter(text: words.joined(separator: " "), priorities: levels, tags: Tags(tags).names)
    }
}

/// What `PlainWords.read` found: the title that is left and the values the words named.
public struct PlainWordsReading: Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case dueDate, project, location, estimate, repeatRule, priority, tag
        /// `at 3pm`, `15:00`, `下午3点`, `15時に` (TIME-12).
        case dueTime
    }

    /// One recognised piece, with its words as typed (for showing it as a chip).
    public struct Piece: Equatable, Sendable {
        public let kind: Kind
        public let words: String
        /// A tag's name (`errands` of `+errands`): the reading holds every tag once, and a chip
        /// shows each piece. nil for the other kinds, whose one value the reading holds.
        public let tag: String?
        public init(_ kind: Kind, _ words: String, tag: String? = nil) {
            self.kind = kind
            self.words = words
            self.tag = tag
        }
    }

    /// What is left once the pieces are taken out (quotes removed); the whole text, trimmed,
    /// when nothing else is left.
    public var title: String
    /// The date the words name; with a time and no date, the day that time falls on (today, or
    /// tomorrow when it has passed; a repeat's first day from then: TIME-12).
    public var dueDate: CalendarDate?
    /// `at 3pm`, `15:00`, `下午3点半`, `午後3時` (TIME-12).
    public var dueTime: TimeOfDay?
    /// Whether `dueDate` is only the day a time without a date falls on: then a date given
    /// another way (a field, an option) is the time's date instead (`PlainWordsInput.apply`).
    public var dueDateFromTime: Bool
    public var project: String?
    public var location: String?
    public var estimateMinutes: Int?
    /// `every mon`, `monthly`, `每3天` (WORDS-8, REPEAT-18).
    public var repeatRule: RepeatRule?
    /// `!high`, `!1`, `!高` (PRIO-11).
    public var priority: Priority.Level?
    /// `+errands`, `+"two words"`, in the order written (TAG-13).
    public var tags: [String]
    /// In the order they stand in the text.
    public var pieces: [Piece]

    public init(
        title: String, dueDate: CalendarDate? = nil, dueTime: TimeOfDay? = nil, dueDateFromTime: Bool = false,
        project: String? = nil, location: String? = nil, estimateMinutes: Int? = nil, repeatRule: RepeatRule? = nil,
        priority: Priority.Level? = nil, tags: [String] = [], pieces: [Piece] = []
    ) {
        self.title = title
        self.dueDate = dueDate
        self.dueTime = dueTime
        self.dueDateFromTime = dueDateFromTime
        self.project = project
        self.location = location
        self.estimateMinutes = estimateMinutes
        self.repeatRule = repeatRule
        self.priority = priority
        self.tags = tags
        self.pieces = pieces
    }
}

// MARK: - reading

private struct Token {
    /// The whitespace before the token, as typed.
    var separator = ""
    /// The token as typed, quotes included.
    var typed = ""
    /// The token's text with its quotes removed: what a title keeps.
    var text = ""
    /// Runs of plain and quoted text, in order.
    var parts: [(text: String, quoted: Bool)] = []
    var isQuoted: Bool { parts.contains { $0.quoted } }
}

private enum Value {
    case dueDate(CalendarDate), project(String), location(String), estimate(Int), repeatRule(RepeatRule)
    case priority(Priority.Level)
    case tag(String)
    case dueTime(TimeOfDay)

    var kind: PlainWordsReading.Kind {
        switch self {
        case .dueDate: .dueDate
        case .dueTime: .dueTime
        case .project: .project
        case .location: .location
        case .estimate: .estimate
        case .repeatRule: .repeatRule
        case .priority: .priority
        case .tag: .tag
        }
    }
}

private struct Reader {
    let vocabulary: PlainWordsVocabulary
    let today: CalendarDate
    let now: TimeOfDay?
    let times: TimeWords

    init(vocabulary: PlainWordsVocabulary, today: CalendarDate, now: TimeOfDay?) {
        self.vocabulary = vocabulary
        self.today = today
        self.now = now
        times = TimeWords(vocabulary: vocabulary)
    }

    /// `every` and up to seven days, each its own word (`every mon, tue, wed`).
    static let longestPhrase = 8

    func read(_ text: String) -> PlainWordsReading {
        var tokens = tokenize(text)
        let pieces = pieces(of: &tokens)
        var reading = PlainWordsReading(title: "")
        var removed = Set<Int>()
        for (range, value) in pieces {
            removed.formUnion(range)
            let words = tokens[range].enumerated().map { $0.offset == 0 ? $0.element.typed : $0.element.separator + $0.element.typed }
            var tag: String?
            if case .tag(let name) = value { tag = name }
            reading.pieces.append(.init(value.kind, words.joined(), tag: tag))
            switch value {
            case .dueDate(let date): reading.dueDate = date
            case .project(let name): reading.project = name
            case .location(let name): reading.location = name
            case .estimate(let minutes): reading.estimateMinutes = minutes
            case .repeatRule(let rule): reading.repeatRule = rule
            case .priority(let level): reading.priority = level
            case .tag(let name): reading.tags = Tags(reading.tags + [name]).names
            case .dueTime(let time): reading.dueTime = time
            }
        }
        if let time = reading.dueTime, reading.dueDate == nil {
            reading.dueDate = day(of: time, repeating: reading.repeatRule)
            reading.dueDateFromTime = true
        }
        reading.title = title(tokens, removing: removed)
        if reading.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            reading.title = text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return reading
    }

    /// What the reading has taken so far: one piece of each kind, and every tag (TAG-13) where
    /// it stands.
    private struct Taken {
        var pieces: [PlainWordsReading.Kind: (range: Range<Int>, value: Value)] = [:]
        var tagged: [Int] = []

        /// The token at `index` was split into `parts` tokens: what was taken after it stands
        /// further on.
        mutating func split(at index: Int, into parts: Int) {
            let shift = parts - 1
            pieces = pieces.mapValues { piece in
                piece.range.lowerBound > index ? ((piece.range.lowerBound + shift)..<(piece.range.upperBound + shift), piece.value) : piece
            }
            tagged = tagged.map { $0 > index ? $0 + shift : $0 }
        }
    }

    /// Pieces read at the start: the token at `index` was split into `parts` tokens (1: not split).
    private typealias Start = (pieces: [(range: Range<Int>, value: Value)], index: Int, parts: Int)

    /// Every piece `tokens` name, in the order they stand: the dates, times, repeats and signs at
    /// the end, a date and a time at the start, then in the middle, then the signs before them,
    /// one of each kind; every tag. A word glued to the text is split into tokens on the way.
    private func pieces(of tokens: inout [Token]) -> [(range: Range<Int>, value: Value)] {
        var taken = Taken()
        var end = readEnd(&tokens, &taken)
        // A connecting word right before a date read at the end goes with it (WORDS-27).
        if let date = taken.pieces[.dueDate], date.range.lowerBound == end, isConnector(tokens, at: end - 1) {
            end -= 1
            taken.pieces[.dueDate] = (end..<date.range.upperBound, date.value)
        }
        let first = readStart(&tokens, &taken, end: &end)
        // In the middle: a date where it can't be a name (WORDS-29); a time next to it, or a
        // clock time anywhere (TIME-12).
        var middle: Range<Int>?
        if taken.pieces[.dueDate] == nil, let date = middleDate(tokens, from: first, before: end) {
            taken.pieces[.dueDate] = date
            middle = date.range
        }
        if taken.pieces[.dueTime] == nil { taken.pieces[.dueTime] = middleTime(tokens, from: first, before: end, date: middle) }
        // Signs before that, wherever they stand: the last of each kind.
        for index in stride(from: end - 1, through: first, by: -1) {
            if tagName(tokens[index]) != nil {
                taken.tagged.append(index)
                continue
            }
            guard let value = sign(tokens[index]), taken.pieces[value.kind] == nil else { continue }
            taken.pieces[value.kind] = (index..<(index + 1), value)
        }
        let tags = taken.tagged.map { (range: $0..<($0 + 1), value: Value.tag(tagName(tokens[$0])!)) }
        return (Array(taken.pieces.values) + tags).sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// Dates, times, repeats and signs at the end, read back from the last word (WORDS-1): where
    /// the reading stopped. A Chinese or Japanese word glued to the text before it is split off.
    private func readEnd(_ tokens: inout [Token], _ taken: inout Taken) -> Int {
        var end = tokens.count
        reading: while end > 0 {
            if tagName(tokens[end - 1]) != nil {
                taken.tagged.append(end - 1)
                end -= 1
                continue reading
            }
            for length in stride(from: min(Self.longestPhrase, end), through: 1, by: -1) {
                let range = (end - length)..<end
                guard let value = match(tokens[range]) else { continue }
                guard taken.pieces[value.kind] == nil else { break reading }  // a second one is title text
                taken.pieces[value.kind] = (range, value)
                end -= length
                continue reading
            }
            // A Chinese or Japanese word glued to the text before it: two tokens from here on.
            if let (front, back) = unglue(tokens[end - 1]) {
                tokens.replaceSubrange((end - 1)..<end, with: [front, back])
                taken.split(at: end - 1, into: 2)
                end += 1
                continue reading
            }
            break
        }
        return end
    }

    /// A date at the start when none was read at the end (WORDS-28), and a time at the start or
    /// right after that date when none was read (TIME-12), or a time then a date (`3pm tomorrow
    /// call mom`): where the title after them starts. A token they are glued into is split (`end`
    /// moves with it).
    private func readStart(_ tokens: inout [Token], _ taken: inout Taken, end: inout Int) -> Int {
        var first = 0
        var dated = false
        func take(_ start: Start) {
            if start.parts > 1 {
                taken.split(at: start.index, into: start.parts)
                end += start.parts - 1
            }
            for piece in start.pieces {
                taken.pieces[piece.value.kind] = piece
                first = max(first, piece.range.upperBound)
                if case .dueDate = piece.value { dated = true }
            }
        }
        if taken.pieces[.dueDate] == nil, let start = leadingDate(&tokens, at: 0, before: end, time: taken.pieces[.dueTime] == nil) {
            take(start)
        }
        if taken.pieces[.dueTime] == nil, let start = leadingTime(&tokens, at: first, before: end, afterDate: dated) {
            take(start)
        }
        // Only a time was read at the start: a date may follow it.
        if first > 0, taken.pieces[.dueDate] == nil, let start = leadingDate(&tokens, at: first, before: end, time: false) {
            take(start)
        }
        return first
    }

    /// The day a time without a date falls on (TIME-12): today, or tomorrow when it has passed
    /// (`now`); with a repeat, the repeat's first day from then on (REPEAT-15).
    private func day(of time: TimeOfDay, repeating rule: RepeatRule?) -> CalendarDate {
        let from = now.map { time < $0 } == true ? today.adding(days: 1) : today
        guard let rule else { return from }
        return Repeats.dated(TodoContent(title: "", repeatRule: rule), today: from).dueDate ?? from
    }

    /// The tokens left, each after the whitespace typed before it (or, after a piece taken
    /// out, the whitespace typed before that piece).
    private func title(_ tokens: [Token], removing removed: Set<Int>) -> String {
        var title = ""
        var pendingSeparator: String?
        for (index, token) in tokens.enumerated() {
            if removed.contains(index) {
                if pendingSeparator == nil { pendingSeparator = token.separator }
                continue
            }
            if !title.isEmpty { title += pendingSeparator ?? token.separator }
            title += token.text
            pendingSeparator = nil
        }
        return title
    }

    // MARK: tokens

    /// Splits at whitespace outside quotes. A quote opens a quoted run only when its closing
    /// quote follows somewhere; otherwise it is an ordinary character.
    private func tokenize(_ text: String) -> [Token] {
        let characters = Array(text)
        // Where each closing quote last occurs, so an unmatched quote costs no search.
        var lastClose: [Character: Int] = [:]
        for (index, character) in characters.enumerated() where vocabulary.quotes.values.contains(character) {
            lastClose[character] = index
        }
        var tokens: [Token] = []
        var current = Token()
        var separator = ""
        var plain = ""
        func flushPlain() {
            if !plain.isEmpty { current.parts.append((plain, false)) }
            plain = ""
        }
        func flushToken() {
            flushPlain()
            if !current.typed.isEmpty {
                tokens.append(current)
                separator = ""
            }
            current = Token()
        }
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                flushToken()
                separator.append(character)
                index += 1
                continue
            }
            if current.typed.isEmpty { current.separator = separator }
            if let close = vocabulary.quotes[character], let last = lastClose[close], last > index,
               let end = characters[(index + 1)...].firstIndex(of: close) {
                flushPlain()
                let inside = String(characters[(index + 1)..<end])
                current.parts.append((inside, true))
                current.typed += String(characters[index...end])
                current.text += inside
                index = end + 1
                continue
            }
            plain.append(character)
            current.typed.append(character)
            current.text.append(character)
            index += 1
        }
        flushToken()
        return tokens
    }

    // MARK: phrases

    /// The value a run of words names, when it is one phrase of the grammar.
    private func match(_ tokens: ArraySlice<Token>) -> Value? {
        if tokens.count == 1, let value = sign(tokens.first!) { return value }
        guard !tokens.contains(where: \.isQuoted) else { return nil }
        let words = tokens.map { $0.text.lowercased() }
        // REPEAT-18: a repeat, then `after done` (`完成后`, `完了後`): reckoned from completion.
        for after in vocabulary.afterDone where words.count > after.count && words.suffix(after.count).elementsEqual(after) {
            guard case .repeatRule(var rule)? = phrase(Array(words.dropLast(after.count))) else { return nil }
            rule.afterCompletion = true
            return .repeatRule(rule)
        }
        return phrase(words)
    }

    /// The value `words` (lowercased) name, when they are one phrase of the grammar.
    private func phrase(_ words: [String]) -> Value? {
        if words.count > 1, let named = vocabulary.namedDays[words.joined(separator: " ")] { return .dueDate(day(named)) }
        if let rule = PeriodWords(vocabulary: vocabulary).rule(words) { return .repeatRule(rule) }
        switch words.count {
        case 1:
            return word(words[0])
        case 2:
            if vocabulary.joiningWords.contains(words[0]), let value = word(words[0] + words[1]) { return value }
            if vocabulary.next.contains(words[0]), let day = vocabulary.weekdays[words[1]] {
                return .dueDate(coming(day).adding(days: 7))
            }
            if let month = vocabulary.months[words[0]], let day = number(words[1], digits: 1...2) {
                return yearless(month: month, day: day).map(Value.dueDate)
            }
            if let day = number(words[0], digits: 1...2), let month = vocabulary.months[words[1]] {
                return yearless(month: month, day: day).map(Value.dueDate)
            }
        case 3:
            if vocabulary.inWords.contains(words[0]), let count = number(words[1], digits: 1...4),
               let unit = vocabulary.units[words[2]] {
                return .dueDate(today.adding(days: count * unit))
            }
        default:
            break
        }
        if words.count >= 2, vocabulary.every.contains(words[0]) {
            return repeatDays(words.dropFirst()).flatMap(RepeatRule.on).map(Value.repeatRule)
        }
        return times.time(words).map { .dueTime($0.time) }  // TIME-12: `at 3pm`, `3:30 pm`
    }

    /// `#Name`, `#"Two words"`, `@Place`, `@"Corner shop"`, `~30m`, `~1h30m`, `!high`. A name
    /// needs a letter (`#1` is a number, not a project); an estimate needs a unit; a priority is
    /// one of the vocabulary's words (`!important` is text).
    private func sign(_ token: Token) -> Value? {
        guard let (sign, name) = signed(token) else { return nil }
        if vocabulary.estimateSigns.contains(sign) {
            return token.parts.count == 1 ? estimate(name.lowercased()).map(Value.estimate) : nil
        }
        if vocabulary.prioritySigns.contains(sign) {
            return token.parts.count == 1 ? Self.priority(name, in: vocabulary).map(Value.priority) : nil
        }
        let hasLetter = name.contains { $0.isLetter }
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard hasLetter, !trimmed.isEmpty else { return nil }
        if vocabulary.projectSigns.contains(sign) { return .project(trimmed) }
        if vocabulary.locationSigns.contains(sign) { return .location(trimmed) }
        return nil
    }

    /// A token's sign and the name after it (`#Home`, `#"Corner shop"`); nil for a token that
    /// starts with no sign or is more than a sign and one quoted name.
    private func signed(_ token: Token) -> (sign: Character, name: String)? {
        guard let first = token.parts.first, !first.quoted, let sign = first.text.first else { return nil }
        switch token.parts.count {
        case 1: return (sign, String(first.text.dropFirst()))
        case 2 where first.text.count == 1 && token.parts[1].quoted: return (sign, token.parts[1].text)
        default: return nil
        }
    }

    /// The tag a token names (TAG-13): `+errands`, `＋家`, `+"two words"`. A name needs a letter
    /// (`+1`, `+30` are text).
    private func tagName(_ token: Token) -> String? {
        guard let (sign, name) = signed(token), vocabulary.tagSigns.contains(sign) else { return nil }
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        return trimmed.contains(where: \.isLetter) ? trimmed : nil
    }

    /// `30m`, `2h`, `1h30m`, `30分钟`, `1時間30分`: a number and a unit of the vocabulary, hours
    /// before minutes, each once. The form is checked here, the range by `TodoRules` on save.
    private func estimate(_ text: String) -> Int? {
        var hours: Int?, minutes: Int?
        var digits = "", unit = ""
        func takeUnit() -> Bool {
            guard let value = Int(digits), let size = vocabulary.estimateUnits[unit] else { return false }
            if size == 60, hours == nil, minutes == nil {
                hours = value
            } else if size == 1, minutes == nil {
                minutes = value
            } else {
                return false
            }
            digits = ""
            unit = ""
            return true
        }
        for character in text {
            if let digit = Self.digit(character) {
                if !unit.isEmpty { guard takeUnit() else { return nil } }
                guard digits.count < 6 else { return nil }
                digits.append(digit)
            } else {
                guard !digits.isEmpty else { return nil }
                unit.append(character)
            }
        }
        guard !unit.isEmpty, takeUnit() else { return nil }
        return (hours ?? 0) * 60 + (minutes ?? 0)
    }

    /// The level a priority's word after its sign names (`high`, `1`, `１`, `高`), any case.
    static func priority(_ word: some StringProtocol, in vocabulary: PlainWordsVocabulary) -> Priority.Level? {
        vocabulary.priorityWords[String(word.lowercased().map { digit($0) ?? $0 })]
    }

    /// An ASCII or a full-width digit, as ASCII.
    private static func digit(_ character: Character) -> Character? {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return nil }
        switch scalar.value {
        case 0x30...0x39: return character
        case 0xFF10...0xFF19: return Character(Unicode.Scalar(scalar.value - 0xFF10 + 0x30)!)
        default: return nil
        }
    }

    /// One word that is a date, a repeat or a time: `fri`, `12/24`, `明天`, `下周一`, `来週の月曜日`,
    /// `每天`, `每周一、三`, `毎週月水金`, `3pm`, `下午3点`. Each table is one look-up.
    private func word(_ word: String) -> Value? {
        if let date = date(word) { return .dueDate(date) }
        if let day = vocabulary.nextWeekDays[word] { return .dueDate(nextWeek(day)) }
        if let rule = vocabulary.repeatWords[word].flatMap(RepeatRule.on) { return .repeatRule(rule) }
        if let rule = gluedRepeat(word).flatMap(RepeatRule.on) { return .repeatRule(rule) }
        let periods = PeriodWords(vocabulary: vocabulary)
        if let rule = periods.rule([word]) ?? periods.rule(glued: word) { return .repeatRule(rule) }
        return times.time([word]).map { .dueTime($0.time) }  // TIME-12
    }

    /// A repeat prefix and its days: `每周一`, `每周一、三`, `每周一三五`, `每星期一和周三`,
    /// `毎週月曜`, `毎週月・水`, `毎週土日`.
    private func gluedRepeat(_ word: String) -> Set<Weekday>? {
        // The prefixes are a handful of words (每周, 毎週 …); look each length up once.
        var days = Set<Weekday>()
        for length in 2...4 where word.count > length && vocabulary.repeatPrefixes.contains(String(word.prefix(length))) {
            for name in word.dropFirst(length).split(whereSeparator: { vocabulary.listSeparators.contains($0) }) {
                if let day = vocabulary.weekdays[String(name)] {
                    days.insert(day)
                    continue
                }
                for character in name {
                    guard let day = vocabulary.shortDayNames[character] else { return nil }
                    days.insert(day)
                }
            }
            return days.isEmpty ? nil : days
        }
        return nil
    }

    /// When `token` ends in a Chinese or Japanese word glued to the text before it (`买牛奶明天`,
    /// `牛乳を買う明日`, `开会下午3点`), the text and the word as two tokens. The longest such word
    /// is taken; a glued word starts with a Han character (so `べんきょう` keeps its `きょう`), or
    /// is a time starting with a digit after a Chinese or Japanese character (`开会15点`,
    /// `会議15時`), and is not read after a blocker of the vocabulary (`上周一`, `先週の月曜日`).
    private func unglue(_ token: Token) -> (Token, Token)? {
        guard token.parts.count == 1, let part = token.parts.first, !part.quoted else { return nil }
        let characters = Array(part.text)
        guard characters.count >= 3 else { return nil }  // text and a word of two characters at least
        for length in stride(from: min(Self.longestGluedWord, characters.count - 1), through: 2, by: -1) {
            let start = characters.count - length
            guard let first = characters[start].unicodeScalars.first else { continue }
            let word = String(characters[start...])
            if first.properties.isIdeographic {
                guard self.word(word.lowercased()) != nil else { continue }
            } else {
                guard TimeWords.digits(String(characters[start]), count: 1...1) != nil, Self.isEastAsian(characters[start - 1]),
                      times.glued(word) != nil
                else { continue }
            }
            let before = characters[..<start]
            let longestBlocker = vocabulary.gluedBlockers.lazy.map(\.count).max() ?? 0
            for blocker in stride(from: 1, through: min(longestBlocker, before.count), by: 1)
            where vocabulary.gluedBlockers.contains(String(before.suffix(blocker))) {
                return nil
            }
            let text = String(before)
            return (Token(separator: token.separator, typed: text, text: text, parts: [(text, false)]),
                    Token(separator: "", typed: word, text: word, parts: [(word, false)]))
        }
        return nil
    }

    /// A Han character or a kana.
    private static func isEastAsian(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        return scalar.properties.isIdeographic || (0x3040...0x30FF).contains(scalar.value)
    }

    /// Whether the token at `index` is a word that goes with the date after it: `by` (WORDS-27).
    private func isConnector(_ tokens: [Token], at index: Int) -> Bool {
        index >= 0 && !tokens[index].isQuoted && vocabulary.dueConnectors.contains(tokens[index].text.lowercased())
    }

    /// A date at the start of the text with title after it (WORDS-28): words (`tomorrow`, `next
    /// fri`, `Tomorrow:`) before a word that doesn't begin with a capital letter, or a Chinese or
    /// Japanese word glued to the text after it (`明天买牛奶`, and a time glued after it when
    /// `time`: `明天下午3点开会`), which then becomes several tokens. Read from `first` (0, or
    /// after a time at the start); only tokens before `end` (where the reading of the end
    /// stopped) are read.
    private func leadingDate(_ tokens: inout [Token], at first: Int, before end: Int, time: Bool) -> Start? {
        guard first < end else { return nil }
        for length in stride(from: min(Self.longestPhrase, end - 1 - first), through: 1, by: -1) {
            let phrase = strippingMark(Array(tokens[first..<(first + length)]))
            guard let value = match(phrase[...]), case .dueDate = value, let next = tokens[first + length].text.first,
                  !next.isUppercase,
                  length == 1 || vocabulary.namedDays[phrase.map { $0.text.lowercased() }.joined(separator: " ")] == nil
            else { continue }  // WORDS-30: “End of month report” is a title
            return ([(first..<(first + length), value)], first, 1)
        }
        guard let glued = unglueStart(tokens[first], date: true, time: time, afterDate: false) else { return nil }
        tokens.replaceSubrange(first..<(first + 1), with: glued.tokens)
        return (glued.values.enumerated().map { ((first + $0.offset)..<(first + $0.offset + 1), $0.element) }, first, glued.tokens.count)
    }

    /// A time at `first`, at the very start or right after a date read there (TIME-12), with
    /// title after it: words (`3pm call mom`, `at 9:30: standup`, `tomorrow at noon lunch`), or
    /// a Chinese or Japanese time glued to the text after it (`下午3点开会`, `15時に歯医者`),
    /// which is split off. A clock time only, unless it follows a date (`tomorrow noon`).
    private func leadingTime(_ tokens: inout [Token], at first: Int, before end: Int, afterDate: Bool) -> Start? {
        guard first < end else { return nil }
        for length in stride(from: min(TimeWords.longestPhrase, end - 1 - first), through: 1, by: -1) {
            let phrase = strippingMark(Array(tokens[first..<(first + length)]))
            guard let found = timePhrase(phrase[...]), found.clock || afterDate else { continue }
            return ([(first..<(first + length), .dueTime(found.time))], first, 1)
        }
        guard let glued = unglueStart(tokens[first], date: false, time: true, afterDate: afterDate) else { return nil }
        tokens.replaceSubrange(first..<(first + 1), with: glued.tokens)
        return (glued.values.enumerated().map { ((first + $0.offset)..<(first + $0.offset + 1), $0.element) }, first, glued.tokens.count)
    }

    /// `phrase` without the comma or colon its last word ends with (`Tomorrow:`, `Fri,`, `3pm:`),
    /// which goes with a date or a time at the start.
    private func strippingMark(_ phrase: [Token]) -> [Token] {
        guard let last = phrase.last, let mark = last.text.last, Self.startMarks.contains(mark), last.parts.count == 1 else {
            return phrase
        }
        let text = String(last.text.dropLast())
        return phrase.dropLast() + [Token(separator: last.separator, typed: text, text: text, parts: [(text, false)])]
    }

    /// The first date between `first` and `end` with text before it and a word after it that
    /// doesn't begin with a capital letter (WORDS-29): a day word alone (`tomorrow`), or any
    /// date after a connecting word, which goes with it. A part of the day after it keeps it
    /// in the title (`tomorrow night`), a time after it does not (`tomorrow at 3pm`, TIME-12).
    private func middleDate(_ tokens: [Token], from first: Int, before end: Int) -> (range: Range<Int>, value: Value)? {
        guard end - first >= 3 else { return nil }
        for start in (first + 1)..<(end - 1) {
            let connected = isConnector(tokens, at: start - 1)
            // Without a connecting word, a day word alone.
            let longest = connected ? min(Self.longestDate, end - 1 - start) : 1
            guard connected || vocabulary.relativeDays[tokens[start].text.lowercased()] != nil else { continue }
            for length in stride(from: longest, through: 1, by: -1) {
                let range = start..<(start + length)
                guard let value = match(tokens[range]), case .dueDate = value else { continue }
                let after = tokens[range.upperBound]
                guard timeAt(tokens, range.upperBound, before: end) != nil
                    || (after.text.first.map { !$0.isUppercase } == true && !vocabulary.partsOfDay.contains(after.text.lowercased()))
                else { continue }
                return ((connected && start - 1 > first ? start - 1 : start)..<range.upperBound, value)
            }
        }
        return nil
    }

    /// A time in the middle (TIME-12): in any form right after or right before the date read
    /// there (`tomorrow at 9`, `at 9 tomorrow`), else the first clock time between `first` and
    /// `end` (`at 3pm`, `15:00`, `下午3点`) outside that date.
    private func middleTime(_ tokens: [Token], from first: Int, before end: Int, date: Range<Int>?) -> (range: Range<Int>, value: Value)? {
        if let date {
            if let after = timeAt(tokens, date.upperBound, before: end) { return (after.range, .dueTime(after.time)) }
            for start in stride(from: max(first, date.lowerBound - TimeWords.longestPhrase), to: date.lowerBound, by: 1) {
                if let found = timePhrase(tokens[start..<date.lowerBound]) { return (start..<date.lowerBound, .dueTime(found.time)) }
            }
        }
        var start = first
        while start < end {
            if let date, date.contains(start) {
                start = date.upperBound
                continue
            }
            let limit = date.map { $0.lowerBound > start ? min(end, $0.lowerBound) : end } ?? end
            if let found = timeAt(tokens, start, before: limit), found.clock { return (found.range, .dueTime(found.time)) }
            start += 1
        }
        return nil
    }

    /// The time the longest words at `start` (before `end`) say, and whether it is a clock time.
    private func timeAt(_ tokens: [Token], _ start: Int, before end: Int) -> (range: Range<Int>, time: TimeOfDay, clock: Bool)? {
        for length in stride(from: min(TimeWords.longestPhrase, end - start), through: 1, by: -1) {
            let range = start..<(start + length)
            if let found = timePhrase(tokens[range]) { return (range, found.time, found.clock) }
        }
        return nil
    }

    /// The time unquoted `tokens` say, and whether it is a clock time.
    private func timePhrase(_ tokens: ArraySlice<Token>) -> (time: TimeOfDay, clock: Bool)? {
        guard !tokens.isEmpty, !tokens.contains(where: \.isQuoted) else { return nil }
        return times.time(tokens.map { $0.text.lowercased() })
    }

    /// The most words a date takes: `end of the month`, `in 3 days`.
    static let longestDate = 4

    /// What may follow a date at the start and go with it: `Tomorrow: call mom`, `Fri, pay rent`.
    static let startMarks: Set<Character> = [":", ",", "：", "，"]

    /// When `token` starts with Chinese or Japanese words glued to more text — a date when
    /// `date` (`明天买牛奶`), a time when `time` (`下午3点开会`, `15時に歯医者`), or both
    /// (`明天下午3点开会`) — those words (the last with a suffix meaning *by*: `周五前`, `15時に`)
    /// and the rest as tokens, and what the words say. The longest words are taken; none when a
    /// blocker follows them (`明天的`, `明日香`), nor a number (`3点5公里`: 3.5 km); a time is not
    /// taken before a time blocker (`1時間勉強`). A time word (`中午`) only after a date or when
    /// `afterDate`.
    private func unglueStart(_ token: Token, date: Bool, time: Bool, afterDate: Bool) -> (tokens: [Token], values: [Value])? {
        guard token.parts.count == 1, let part = token.parts.first, !part.quoted else { return nil }
        var rest = Array(part.text)[...]
        var words: [String] = [], values: [Value] = []
        if date, rest.first?.unicodeScalars.first?.properties.isIdeographic == true {
            for length in stride(from: min(Self.longestGluedWord, rest.count - 1), through: 2, by: -1) {
                guard let value = word(String(rest.prefix(length)).lowercased()), case .dueDate = value else { continue }
                words.append(String(rest.prefix(length)))
                values.append(value)
                rest = rest.dropFirst(length)
                break
            }
        }
        if time {
            for length in stride(from: min(Self.longestGluedTime, rest.count - 1), through: 2, by: -1) {
                let after = String(rest.dropFirst(length))
                guard let found = times.glued(String(rest.prefix(length)).lowercased()), found.clock || afterDate || !values.isEmpty,
                      !vocabulary.timeBlockers.contains(where: { after.hasPrefix($0) })
                else { continue }
                words.append(String(rest.prefix(length)))
                values.append(.dueTime(found.time))
                rest = rest.dropFirst(length)
                break
            }
        }
        guard !words.isEmpty else { return nil }
        let after = String(rest)
        let suffix = vocabulary.startSuffixes.filter { after.hasPrefix($0) }.max { $0.count < $1.count }
        let remaining = String(after.dropFirst(suffix?.count ?? 0))
        // Some title must follow (`明天前` alone is a title), and not one a blocker starts.
        var endsInTime = false
        if case .dueTime? = values.last { endsInTime = true }
        let blocked = vocabulary.startBlockers.contains { remaining.hasPrefix($0) }
            && !vocabulary.startUnblocked.contains { remaining.hasPrefix($0) }
        guard let next = remaining.first, !blocked, !(endsInTime && TimeWords.isNumeral(next))
        else { return nil }
        words[words.count - 1] += suffix ?? ""
        let pieces = words.enumerated().map { index, word in
            Token(separator: index == 0 ? token.separator : "", typed: word, text: word, parts: [(word, false)])
        }
        return (pieces + [Token(separator: "", typed: remaining, text: remaining, parts: [(remaining, false)])], values)
    }

    /// The longest glued time looked for (`下午12点30分`, `凌晨十二点三刻`).
    static let longestGluedTime = 10

    /// The longest glued word looked for (`毎週月曜日、水曜日、金曜日` has 14 characters).
    static let longestGluedWord = 16

    /// Days after `every`: a group (`day`, `weekday`) or day names separated by commas.
    private func repeatDays(_ words: ArraySlice<String>) -> Set<Weekday>? {
        if words.count == 1, let group = vocabulary.dayGroups[words.first!] { return group }
        // Words after the first must follow a separator: `mon, wed` but not `mon wed`.
        for (offset, word) in words.enumerated() where offset < words.count - 1 {
            guard let last = word.last, vocabulary.listSeparators.contains(last) else { return nil }
        }
        var days = Set<Weekday>()
        for name in words.joined().split(whereSeparator: { vocabulary.listSeparators.contains($0) }) {
            guard let day = vocabulary.weekdays[String(name)] else { return nil }
            days.insert(day)
        }
        return days.isEmpty ? nil : days
    }

    /// A one-word date: `today`, `fri`, `2026-12-24`, `12/24`, `12/24/2026`.
    private func date(_ word: String) -> CalendarDate? {
        if let offset = vocabulary.relativeDays[word] { return today.adding(days: offset) }
        if let named = vocabulary.namedDays[word] { return day(named) }
        if let day = vocabulary.weekdays[word] { return coming(day) }
        if let iso = CalendarDate(iso: word) { return iso }
        let parts = word.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
              let month = number(parts[0], digits: 1...2), let day = number(parts[1], digits: 1...2)
        else { return nil }
        if parts.count == 3 {
            guard let year = number(parts[2], digits: 4...4) else { return nil }
            return CalendarDate(year: year, month: month, day: day)
        }
        return yearless(month: month, day: day)
    }

    /// The day a named day is (WORDS-30), from today.
    private func day(_ named: PlainWordsVocabulary.NamedDay) -> CalendarDate {
        switch named {
        case .nextWeek: return nextWeek(.monday)
        case .endOfWeek: return today.adding(days: Weekday.allCases.count - 1 - today.weekday.index)
        case .endOfMonth:
            return today.adding(days: CalendarDays.length(ofMonth: today.month, year: today.year) - today.day)
        case .nextMonth:
            return today.adding(days: CalendarDays.length(ofMonth: today.month, year: today.year) - today.day + 1)
        }
    }

    /// `day` in the calendar week after this one (weeks run Monday to Sunday): on a Sunday,
    /// next week's Monday is tomorrow.
    private func nextWeek(_ day: Weekday) -> CalendarDate {
        today.adding(days: 7 - today.weekday.index + day.index)
    }

    /// The next `day` after today: tomorrow at the soonest, a week ahead at the latest.
    private func coming(_ day: Weekday) -> CalendarDate {
        let ahead = (day.index - today.weekday.index + 7) % 7
        return today.adding(days: ahead == 0 ? 7 : ahead)
    }

    /// The month and day in this year, or the first later year where it is not past and
    /// exists (February 29); nil for a day no year has.
    private func yearless(month: Int, day: Int) -> CalendarDate? {
        guard CalendarDate(year: 2000, month: month, day: day) != nil else { return nil }
        for year in today.year...(today.year + 8) {
            if let date = CalendarDate(year: year, month: month, day: day), date >= today { return date }
        }
        return nil
    }

    /// ASCII or full-width digits only, as many as `digits` allows.
    private func number(_ text: some StringProtocol, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(text.count) else { return nil }
        var ascii = ""
        for character in text {
            guard let digit = Self.digit(character) else { return nil }
            ascii.append(digit)
        }
        return Int(ascii)
    }
}

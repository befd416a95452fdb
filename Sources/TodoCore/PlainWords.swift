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
/// - each kind is taken once, the last one written; an earlier one stays in the title;
/// - text in double quotes is never read (the quotes go, the words stay);
/// - the Chinese and Japanese words are read whatever language the page or terminal speaks, and
///   may be glued to the text before them (`买牛奶明天`), since those languages write no spaces.
///
/// Pure: the day it is (`today`) is given, never read from a clock; it never throws (the values
/// go through `TodoRules` when the item is saved).
public enum PlainWords {
    /// Reads `text` with the words of `vocabulary`.
    public static func read(
        _ text: String, today: CalendarDate, vocabulary: PlainWordsVocabulary = .allLanguages
    ) -> PlainWordsReading {
        Reader(vocabulary: vocabulary, today: today).read(text)
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
    public var dueDate: CalendarDate?
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
        title: String, dueDate: CalendarDate? = nil, project: String? = nil, location: String? = nil,
        estimateMinutes: Int? = nil, repeatRule: RepeatRule? = nil, priority: Priority.Level? = nil, tags: [String] = [],
        pieces: [Piece] = []
    ) {
        self.title = title
        self.dueDate = dueDate
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

    var kind: PlainWordsReading.Kind {
        switch self {
        case .dueDate: .dueDate
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
            }
        }
        reading.title = title(tokens, removing: removed)
        if reading.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            reading.title = text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return reading
    }

    /// Every piece `tokens` name, in the order they stand: the dates, repeats and signs at the
    /// end, then the signs before them, one of each kind; every tag. A word glued to the text
    /// before it is split into two tokens on the way.
    private func pieces(of tokens: inout [Token]) -> [(range: Range<Int>, value: Value)] {
        var taken: [PlainWordsReading.Kind: (range: Range<Int>, value: Value)] = [:]
        // Tags, every one (TAG-13): where each stands.
        var tagged: [Int] = []

        // Dates, repeats and signs at the end, read back from the last word.
        var end = tokens.count
        // A token split in two before `end`: what was taken stands one place further on.
        func splitBeforeEnd() {
            taken = taken.mapValues { ((($0.range.lowerBound + 1)..<($0.range.upperBound + 1)), $0.value) }
            tagged = tagged.map { $0 + 1 }
            end += 1
        }
        reading: while end > 0 {
            if tagName(tokens[end - 1]) != nil {
                tagged.append(end - 1)
                end -= 1
                continue reading
            }
            for length in stride(from: min(Self.longestPhrase, end), through: 1, by: -1) {
                let range = (end - length)..<end
                guard let value = match(tokens[range]) else { continue }
                guard taken[value.kind] == nil else { break reading }  // a second one is title text
                taken[value.kind] = (range, value)
                end -= length
                continue reading
            }
            // A Chinese or Japanese word glued to the text before it: two tokens from here on.
            if let (front, back) = unglue(tokens[end - 1]) {
                tokens.replaceSubrange((end - 1)..<end, with: [front, back])
                splitBeforeEnd()
                continue reading
            }
            break
        }
        // A connecting word right before a date read at the end goes with it (WORDS-27).
        if let date = taken[.dueDate], date.range.lowerBound == end, isConnector(tokens, at: end - 1) {
            end -= 1
            taken[.dueDate] = (end..<date.range.upperBound, date.value)
        }
        // A date at the start, when none was read at the end (WORDS-28).
        var first = 0
        if taken[.dueDate] == nil, let start = leadingDate(&tokens, before: end) {
            if start.split { splitBeforeEnd() }
            taken[.dueDate] = (start.range, start.value)
            first = start.range.upperBound
        }
        if taken[.dueDate] == nil { taken[.dueDate] = middleDate(tokens, from: first, before: end) }  // WORDS-29
        // Signs before that, wherever they stand: the last of each kind.
        for index in stride(from: end - 1, through: first, by: -1) {
            if tagName(tokens[index]) != nil {
                tagged.append(index)
                continue
            }
            guard let value = sign(tokens[index]), taken[value.kind] == nil else { continue }
            taken[value.kind] = (index..<(index + 1), value)
        }
        let tags = tagged.map { (range: $0..<($0 + 1), value: Value.tag(tagName(tokens[$0])!)) }
        return (Array(taken.values) + tags).sorted { $0.range.lowerBound < $1.range.lowerBound }
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
        return nil
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

    /// One word that is a date or a repeat: `fri`, `12/24`, `明天`, `下周一`, `来週の月曜日`, `每天`,
    /// `每周一、三`, `毎週月水金`. Each table is one look-up.
    private func word(_ word: String) -> Value? {
        if let date = date(word) { return .dueDate(date) }
        if let day = vocabulary.nextWeekDays[word] { return .dueDate(nextWeek(day)) }
        if let rule = vocabulary.repeatWords[word].flatMap(RepeatRule.on) { return .repeatRule(rule) }
        if let rule = gluedRepeat(word).flatMap(RepeatRule.on) { return .repeatRule(rule) }
        let periods = PeriodWords(vocabulary: vocabulary)
        return (periods.rule([word]) ?? periods.rule(glued: word)).map(Value.repeatRule)
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
    /// `牛乳を買う明日`), the text and the word as two tokens. The longest such word is taken; a
    /// glued word starts with a Han character (so `べんきょう` keeps its `きょう`), and is not
    /// read after a blocker of the vocabulary (`上周一`, `先週の月曜日`).
    private func unglue(_ token: Token) -> (Token, Token)? {
        guard token.parts.count == 1, let part = token.parts.first, !part.quoted else { return nil }
        let characters = Array(part.text)
        guard characters.count >= 3 else { return nil }  // text and a word of two characters at least
        for length in stride(from: min(Self.longestGluedWord, characters.count - 1), through: 2, by: -1) {
            let start = characters.count - length
            guard let first = characters[start].unicodeScalars.first, first.properties.isIdeographic else { continue }
            let word = String(characters[start...])
            guard self.word(word.lowercased()) != nil else { continue }
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

    /// Whether the token at `index` is a word that goes with the date after it: `by` (WORDS-27).
    private func isConnector(_ tokens: [Token], at index: Int) -> Bool {
        index >= 0 && !tokens[index].isQuoted && vocabulary.dueConnectors.contains(tokens[index].text.lowercased())
    }

    /// A date at the start of the text with title after it (WORDS-28): words (`tomorrow`, `next
    /// fri`, `Tomorrow:`) before a word that doesn't begin with a capital letter, or a Chinese or
    /// Japanese word glued to the text after it (`明天买牛奶`), which then becomes two tokens
    /// (`split`). Only tokens before `end` (where the reading of the end stopped) are read.
    private func leadingDate(_ tokens: inout [Token], before end: Int) -> (range: Range<Int>, value: Value, split: Bool)? {
        guard end >= 1 else { return nil }
        for length in stride(from: min(Self.longestPhrase, end - 1), through: 1, by: -1) {
            var phrase = Array(tokens[0..<length])
            if let mark = phrase[length - 1].text.last, Self.startMarks.contains(mark), phrase[length - 1].parts.count == 1 {
                let text = String(phrase[length - 1].text.dropLast())
                phrase[length - 1] = Token(separator: phrase[length - 1].separator, typed: text, text: text, parts: [(text, false)])
            }
            guard let value = match(phrase[...]), case .dueDate = value, let next = tokens[length].text.first, !next.isUppercase,
                  length == 1 || vocabulary.namedDays[phrase.map { $0.text.lowercased() }.joined(separator: " ")] == nil
            else { continue }  // WORDS-30: “End of month report” is a title
            return (0..<length, value, false)
        }
        guard let (date, rest, value) = unglueStart(tokens[0]) else { return nil }
        tokens.replaceSubrange(0..<1, with: [date, rest])
        return (0..<1, value, true)
    }

    /// The first date between `first` and `end` with text before it and a word after it that
    /// doesn't begin with a capital letter (WORDS-29): a day word alone (`tomorrow`), or any
    /// date after a connecting word, which goes with it.
    private func middleDate(_ tokens: [Token], from first: Int, before end: Int) -> (range: Range<Int>, value: Value)? {
        guard end - first >= 3 else { return nil }
        for start in (first + 1)..<(end - 1) {
            let connected = isConnector(tokens, at: start - 1)
            // Without a connecting word, a day word alone.
            let longest = connected ? min(Self.longestDate, end - 1 - start) : 1
            guard connected || vocabulary.relativeDays[tokens[start].text.lowercased()] != nil else { continue }
            for length in stride(from: longest, through: 1, by: -1) {
                let range = start..<(start + length)
                guard let value = match(tokens[range]), case .dueDate = value,
                      let next = tokens[range.upperBound].text.first, !next.isUppercase,
                      !vocabulary.partsOfDay.contains(tokens[range.upperBound].text.lowercased())
                else { continue }
                return ((connected && start - 1 > first ? start - 1 : start)..<range.upperBound, value)
            }
        }
        return nil
    }

    /// The most words a date takes: `end of the month`, `in 3 days`.
    static let longestDate = 4

    /// What may follow a date at the start and go with it: `Tomorrow: call mom`, `Fri, pay rent`.
    static let startMarks: Set<Character> = [":", ",", "：", "，"]

    /// When `token` starts with a Chinese or Japanese date word glued to more text (`明天买牛奶`,
    /// `周五前交报告`), the word (with a suffix meaning *by*) and the rest as two tokens, and the
    /// date. The longest word is taken; none when a blocker follows it (`明天的`, `明日香`).
    private func unglueStart(_ token: Token) -> (Token, Token, Value)? {
        guard token.parts.count == 1, let part = token.parts.first, !part.quoted else { return nil }
        let characters = Array(part.text)
        guard characters.count >= 3, characters[0].unicodeScalars.first?.properties.isIdeographic == true else { return nil }
        for length in stride(from: min(Self.longestGluedWord, characters.count - 1), through: 2, by: -1) {
            guard let value = word(String(characters[..<length]).lowercased()), case .dueDate = value else { continue }
            let after = String(characters[length...])
            let suffix = vocabulary.startSuffixes.filter { after.hasPrefix($0) }.max { $0.count < $1.count }
            let rest = String(after.dropFirst(suffix?.count ?? 0))
            // Some title must follow (`明天前` alone is a title), and not one a blocker starts.
            guard !rest.isEmpty, !vocabulary.startBlockers.contains(where: { rest.hasPrefix($0) }) else { return nil }
            let date = String(characters[..<length]) + (suffix ?? "")
            return (Token(separator: token.separator, typed: date, text: date, parts: [(date, false)]),
                    Token(separator: "", typed: rest, text: rest, parts: [(rest, false)]), value)
        }
        return nil
    }

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

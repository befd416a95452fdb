import Foundation

/// The plain-words grammar: "Call mom tomorrow #Family @Home ~30m" read as a title ("Call mom")
/// and the values it names (docs/specs/plain-words.md, WORDS-1 … WORDS-13).
///
/// The rule a person can predict:
/// - `#Project`, `@Location` and `~estimate` are read wherever they stand (they start with a sign
///   nobody types by chance);
/// - dates and repeat days are read only at the *end* of the text: reading back from the last
///   word, every word that forms a date, a repeat or a sign is taken, and the first word that
///   does not ends the reading. "Read Friday Night Lights" keeps its Friday; "Call mom tomorrow"
///   is due tomorrow;
/// - each kind is taken once, the last one written; an earlier one stays in the title;
/// - text in double quotes is never read (the quotes go, the words stay).
///
/// Pure: the day it is (`today`) is given, never read from a clock; it never throws (the values
/// go through `TodoRules` when the item is saved).
public enum PlainWords {
    /// Reads `text` with the words of `vocabulary`.
    public static func read(
        _ text: String, today: CalendarDate, vocabulary: PlainWordsVocabulary = .english
    ) -> PlainWordsReading {
        Reader(vocabulary: vocabulary, today: today).read(text)
    }
}

/// What `PlainWords.read` found: the title that is left and the values the words named.
public struct PlainWordsReading: Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case dueDate, project, location, estimate, repeatDays
    }

    /// One recognised piece, with its words as typed (for showing it as a chip).
    public struct Piece: Equatable, Sendable {
        public let kind: Kind
        public let words: String
        public init(_ kind: Kind, _ words: String) {
            self.kind = kind
            self.words = words
        }
    }

    /// What is left once the pieces are taken out (quotes removed); the whole text, trimmed,
    /// when nothing else is left.
    public var title: String
    public var dueDate: CalendarDate?
    public var project: String?
    public var location: String?
    public var estimateMinutes: Int?
    public var repeatDays: Set<Weekday>
    /// In the order they stand in the text.
    public var pieces: [Piece]

    public init(
        title: String, dueDate: CalendarDate? = nil, project: String? = nil, location: String? = nil,
        estimateMinutes: Int? = nil, repeatDays: Set<Weekday> = [], pieces: [Piece] = []
    ) {
        self.title = title
        self.dueDate = dueDate
        self.project = project
        self.location = location
        self.estimateMinutes = estimateMinutes
        self.repeatDays = repeatDays
        self.pieces = pieces
    }
}

/// The words the grammar knows. Data, so that another language's date words, or full-width
/// signs, are a table to add rather than code to write. Words are matched lowercased.
public struct PlainWordsVocabulary: Sendable {
    /// Days from today: `today` 0, `tomorrow` 1.
    public var relativeDays: [String: Int]
    /// Names of the days of the week, short and long.
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
    /// What separates the days of a repeat: `mon,wed`.
    public var listSeparators: Set<Character>
    public var projectSigns: Set<Character>
    public var locationSigns: Set<Character>
    public var estimateSigns: Set<Character>
    /// Opening quote to its closing quote.
    public var quotes: [Character: Character]

    public init(
        relativeDays: [String: Int], weekdays: [String: Weekday], next: Set<String>, inWords: Set<String>,
        units: [String: Int], months: [String: Int], every: Set<String>, dayGroups: [String: Set<Weekday>],
        listSeparators: Set<Character>, projectSigns: Set<Character>, locationSigns: Set<Character>,
        estimateSigns: Set<Character>, quotes: [Character: Character]
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
    }

    public static let english = PlainWordsVocabulary(
        relativeDays: ["today": 0, "tomorrow": 1],
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
        quotes: ["\"": "\"", "“": "”"])
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
    case dueDate(CalendarDate), project(String), location(String), estimate(Int), repeatDays(Set<Weekday>)

    var kind: PlainWordsReading.Kind {
        switch self {
        case .dueDate: .dueDate
        case .project: .project
        case .location: .location
        case .estimate: .estimate
        case .repeatDays: .repeatDays
        }
    }
}

private struct Reader {
    let vocabulary: PlainWordsVocabulary
    let today: CalendarDate

    /// `every` and up to seven days, each its own word (`every mon, tue, wed`).
    static let longestPhrase = 8

    func read(_ text: String) -> PlainWordsReading {
        let tokens = tokenize(text)
        var taken: [PlainWordsReading.Kind: (range: Range<Int>, value: Value)] = [:]

        // Dates, repeats and signs at the end, read back from the last word.
        var end = tokens.count
        reading: while end > 0 {
            for length in stride(from: min(Self.longestPhrase, end), through: 1, by: -1) {
                let range = (end - length)..<end
                guard let value = match(tokens[range]) else { continue }
                guard taken[value.kind] == nil else { break reading }  // a second one is title text
                taken[value.kind] = (range, value)
                end -= length
                continue reading
            }
            break
        }
        // Signs before that, wherever they stand: the last of each kind.
        for index in stride(from: end - 1, through: 0, by: -1) {
            guard let value = sign(tokens[index]), taken[value.kind] == nil else { continue }
            taken[value.kind] = (index..<(index + 1), value)
        }

        var reading = PlainWordsReading(title: "")
        var removed = Set<Int>()
        for (range, value) in taken.values.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            removed.formUnion(range)
            let words = tokens[range].enumerated().map { $0.offset == 0 ? $0.element.typed : $0.element.separator + $0.element.typed }
            reading.pieces.append(.init(value.kind, words.joined()))
            switch value {
            case .dueDate(let date): reading.dueDate = date
            case .project(let name): reading.project = name
            case .location(let name): reading.location = name
            case .estimate(let minutes): reading.estimateMinutes = minutes
            case .repeatDays(let days): reading.repeatDays = days
            }
        }
        reading.title = title(tokens, removing: removed)
        if reading.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            reading.title = text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return reading
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
        switch words.count {
        case 1:
            return date(words[0]).map(Value.dueDate)
        case 2:
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
            return repeatDays(words.dropFirst()).map(Value.repeatDays)
        }
        return nil
    }

    /// `#Name`, `#"Two words"`, `@Place`, `@"Corner shop"`, `~30m`, `~1h30m`. A name needs a
    /// letter (`#1` is a number, not a project); an estimate needs a unit.
    private func sign(_ token: Token) -> Value? {
        guard let first = token.parts.first, !first.quoted, let sign = first.text.first else { return nil }
        let name: String
        switch token.parts.count {
        case 1: name = String(first.text.dropFirst())
        case 2 where first.text.count == 1 && token.parts[1].quoted: name = token.parts[1].text
        default: return nil
        }
        if vocabulary.estimateSigns.contains(sign) {
            return token.parts.count == 1 ? estimate(name.lowercased()).map(Value.estimate) : nil
        }
        let hasLetter = name.contains { $0.isLetter }
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard hasLetter, !trimmed.isEmpty else { return nil }
        if vocabulary.projectSigns.contains(sign) { return .project(trimmed) }
        if vocabulary.locationSigns.contains(sign) { return .location(trimmed) }
        return nil
    }

    /// `30m`, `2h`, `1h30m`: the form is checked here, the range by `TodoRules` on save.
    private func estimate(_ text: String) -> Int? {
        var hours: Int?, minutes: Int?
        var digits = ""
        for character in text {
            if character.isASCII, character.isNumber {
                guard digits.count < 6 else { return nil }
                digits.append(character)
            } else if character == "h", hours == nil, minutes == nil, let value = Int(digits) {
                hours = value
                digits = ""
            } else if character == "m", minutes == nil, let value = Int(digits) {
                minutes = value
                digits = ""
            } else {
                return nil
            }
        }
        guard digits.isEmpty, hours != nil || minutes != nil else { return nil }
        return (hours ?? 0) * 60 + (minutes ?? 0)
    }

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

    /// ASCII digits only, as many as `digits` allows.
    private func number(_ text: some StringProtocol, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(text.utf8.count), text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int(text)
    }
}

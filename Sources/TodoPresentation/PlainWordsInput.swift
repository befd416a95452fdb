import Foundation
public import Localization
import TodoCore

/// Adding with a title read as plain words (docs/specs/plain-words.md): which value wins, and
/// how what was read is shown.
public enum PlainWordsInput {
    /// `draft` with the title left by `reading` and the values it named.
    ///
    /// `wordsWin`: on the web the other fields were often filled in by the page (the list's
    /// project or date), and the chips under the field show what the words will do, so the words
    /// win (WORDS-16 … WORDS-18). On the command line and in the API the options were written in
    /// the same request as the words, so a value given as an option wins (WORDS-14, WORDS-15).
    public static func apply(_ reading: PlainWordsReading, to draft: TodoDraft, wordsWin: Bool) -> TodoDraft {
        var draft = draft
        draft.title = reading.title
        // TIME-12: the day a time without a date falls on is only a default: a date given
        // another way (the page's, an option) is the time's date.
        if let date = reading.dueDate, (wordsWin && !reading.dueDateFromTime) || draft.dueDate == nil { draft.dueDate = date }
        if let time = reading.dueTime, wordsWin || draft.dueTime == nil { draft.dueTime = time }
        if let name = reading.project, wordsWin || draft.project == nil { draft.project = Project(name: name) }
        if let name = reading.location {
            if let location = draft.location, !wordsWin, !location.name.trimmingCharacters(in: .whitespaces).isEmpty {
                // The option's place wins.
            } else {
                // Coordinates given as options stay with the name the words gave.
                let coordinates = draft.location.flatMap { $0.name.trimmingCharacters(in: .whitespaces).isEmpty ? $0 : nil }
                draft.location = Location(name: name, latitude: coordinates?.latitude, longitude: coordinates?.longitude)
            }
        }
        if let minutes = reading.estimateMinutes, wordsWin || draft.estimateMinutes == nil { draft.estimateMinutes = minutes }
        if let rule = reading.repeatRule, wordsWin || draft.repeatRule == nil { draft.repeatRule = rule }
        if let level = reading.priority, wordsWin || draft.priority.isUndefined { draft.priority = level.priority }
        // TAG-13: the words' tags join those given (a tag page's, an option's).
        draft.tags = draft.tags.adding(reading.tags)
        return draft
    }

    /// What a stored item carries besides its title, as `todo add` prints it after the title:
    /// `due 11/24/2026` (`due 11/24/2026 15:00` with a time, TIME-12), `#Family`, `@Home`, `~30m`,
    /// `Every Mon, Wed` (WORDS-14, REPEAT-17).
    /// In `language`: `期限 2026/11/24`, `~30分`, `毎週月・水` (LANG-5, LANG-6); each part is one
    /// catalog entry, and the View joins them with its own catalog's separator.
    public static func summary(of item: TodoItem, language: Language = .english) -> [String] {
        let strings = TodoWords.strings(language)
        var parts: [String] = []
        if let date = item.dueDate {
            parts.append(strings("item.summary.due", ["date": strings.date(date) + (item.dueTime.map { " " + $0.text } ?? "")]))
        }
        if let project = item.project { parts.append(strings("item.summary.project", ["name": quotedIfSpaced(project.name)])) }
        if let location = item.location {
            parts.append(strings("item.summary.location", ["name": quotedIfSpaced(location.name)]))
        }
        if let minutes = item.estimateMinutes {
            parts.append(strings("item.summary.estimate", ["duration": strings.duration(minutes: minutes)]))
        }
        if let rule = item.repeatRule { parts.append(strings.repeatRule(rule)) }
        if let mark = strings.priorityMark(item.priority) { parts.append(mark) }
        parts += item.tags.names.map(Strings.tagSign)
        return parts
    }

    /// A name as it would be typed: `Family`, `"Corner shop"`.
    private static func quotedIfSpaced(_ name: String) -> String {
        name.contains(where: \.isWhitespace) ? "\"\(name)\"" : name
    }
}

/// What the add fields show under themselves while a person types: the title that will be
/// stored and a chip for each value the words name (WORDS-19). The web asks the server for it;
/// nothing is read a second time in a script.
public struct PlainWordsPreview: Equatable, Sendable {
    public struct Chip: Equatable, Sendable {
        /// `dueDate`, `dueTime`, `project`, `location`, `estimate`, `repeatRule`, `priority`, `tag`.
        public let kind: String
        /// `Due Tue 11/24/2026`, `At 15:00` (`Due Mon 11/23/2026 15:00` when the words name no
        /// date: the day the time falls on, TIME-12), `Project Family`, `Location Home`,
        /// `Estimate 30m`, `Repeats Mon, Wed`.
        public let label: String
        /// The words it was read from, as typed.
        public let words: String

        public init(kind: String, label: String, words: String) {
            self.kind = kind
            self.label = label
            self.words = words
        }
    }

    /// The title that will be stored.
    public let title: String
    public let chips: [Chip]
    /// The language of the chips and the summary (the words are read in every language, LANG-9).
    public let language: Language

    /// Reads the first line of `text` (quick add's description lines are not read), at most
    /// `maxLength` characters of it. `now`: the time of day it is, for a time without a date
    /// (`PlainWords.read`).
    public init(text: String, today: CalendarDate, now: TimeOfDay? = nil, language: Language = .english) {
        let line = text.split(maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: \.isNewline).first ?? ""
        let reading = PlainWords.read(String(line.prefix(Self.maxLength)), today: today, now: now)
        let strings = TodoWords.strings(language)
        self.language = language
        title = reading.title
        chips = reading.pieces.map { piece in
            let label: String = switch piece.kind {
            case .dueDate:
                reading.dueDate.map {
                    strings("preview.chip.due", ["weekday": strings.shortWeekday($0.weekday), "date": strings.date($0)])
                } ?? ""
            case .project: strings("preview.chip.project", ["name": reading.project ?? ""])
            case .location: strings("preview.chip.location", ["name": reading.location ?? ""])
            case .estimate:
                strings("preview.chip.estimate", ["duration": reading.estimateMinutes.map { strings.duration(minutes: $0) } ?? ""])
            case .repeatRule: reading.repeatRule.map { strings.repeatRule($0) } ?? ""
            case .priority:
                strings("preview.chip.priority", ["level": reading.priority.map { strings.priorityLevel($0) } ?? ""])
            case .tag: strings("preview.chip.tag", ["tag": Strings.tagSign(piece.tag ?? "")])
            case .dueTime: Self.timeLabel(reading, strings)
            }
            return Chip(kind: piece.kind.rawValue, label: label, words: piece.words)
        }
    }

    /// `At 15:00`; `Due Mon 11/23/2026 15:00` when the words name no date (TIME-12).
    private static func timeLabel(_ reading: PlainWordsReading, _ strings: Strings) -> String {
        guard let time = reading.dueTime else { return "" }
        guard reading.dueDateFromTime, let date = reading.dueDate else { return strings("preview.chip.time", ["time": time.text]) }
        return strings(
            "preview.chip.due-time", ["weekday": strings.shortWeekday(date.weekday), "date": strings.date(date), "time": time.text])
    }

    /// Longer than any title may be (500), so a preview never reads more than it must.
    public static let maxLength = 1_000

    /// Said by a screen reader when the chips change: "Will store “Call mom”: Due …, Project Family."
    public var summary: String {
        let strings = TodoWords.strings(language)
        return chips.isEmpty
            ? "" : strings("preview.summary", ["title": title, "chips": chips.map(\.label).joined(separator: strings("preview.separator"))])
    }
}

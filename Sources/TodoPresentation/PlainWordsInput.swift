import Foundation
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
        if let date = reading.dueDate, wordsWin || draft.dueDate == nil { draft.dueDate = date }
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
        if !reading.repeatDays.isEmpty, wordsWin || draft.repeatDays.isEmpty { draft.repeatDays = reading.repeatDays }
        return draft
    }

    /// What a stored item carries besides its title, as `todo add` prints it after the title:
    /// `due 11/24/2026`, `#Family`, `@Home`, `~30m`, `every Mon, Wed` (WORDS-14).
    public static func summary(of item: TodoItem) -> [String] {
        var parts: [String] = []
        if let date = item.dueDate { parts.append("due \(date.monthDayYear)") }
        if let project = item.project { parts.append("#" + quotedIfSpaced(project.name)) }
        if let location = item.location { parts.append("@" + quotedIfSpaced(location.name)) }
        if let minutes = item.estimateMinutes { parts.append("~" + Estimate.text(minutes: minutes)) }
        if !item.repeatDays.isEmpty { parts.append("every " + TodoFormat.repeatDays(item.repeatDays)) }
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
        /// `dueDate`, `project`, `location`, `estimate`, `repeatDays`.
        public let kind: String
        /// `Due Tue 11/24/2026`, `Project Family`, `Location Home`, `Estimate 30m`, `Repeats Mon, Wed`.
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

    /// Reads the first line of `text` (quick add's description lines are not read), at most
    /// `maxLength` characters of it.
    public init(text: String, today: CalendarDate) {
        let line = text.split(maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: \.isNewline).first ?? ""
        let reading = PlainWords.read(String(line.prefix(Self.maxLength)), today: today)
        title = reading.title
        chips = reading.pieces.map { piece in
            let label: String = switch piece.kind {
            case .dueDate: reading.dueDate.map { "Due \($0.weekday.shortName) \($0.monthDayYear)" } ?? ""
            case .project: "Project \(reading.project ?? "")"
            case .location: "Location \(reading.location ?? "")"
            case .estimate: "Estimate \(reading.estimateMinutes.map(Estimate.text(minutes:)) ?? "")"
            case .repeatDays:
                reading.repeatDays.count == 7 ? "Repeats every day" : "Repeats \(TodoFormat.repeatDays(reading.repeatDays))"
            }
            return Chip(kind: piece.kind.rawValue, label: label, words: piece.words)
        }
    }

    /// Longer than any title may be (500), so a preview never reads more than it must.
    public static let maxLength = 1_000

    /// Said by a screen reader when the chips change: "Will store “Call mom”: Due …, Project Family."
    public var summary: String {
        chips.isEmpty ? "" : "Will store “\(title)”: " + chips.map(\.label).joined(separator: ", ") + "."
    }
}

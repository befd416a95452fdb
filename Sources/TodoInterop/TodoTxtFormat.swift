import Foundation
import TodoCore

/// The todo.txt format (github.com/todotxt/todo.txt): one task per line,
///
///     x 2026-11-22 2026-11-21 Title +Project @Location due:2026-12-01 id:…
///
/// done items start with `x` and their completion date; every line carries the creation
/// date; the project is a `+project`, the location an `@context`; the other fields are
/// `key:value` tags (`due`, `at`, `est`, `repeat`, `geo`, `details`, `parent`, `id`). In names
/// and tag values, `%`, `:` (tag values only), spaces and line breaks are percent-encoded, so
/// that details with line breaks survive a round trip.
///
/// The priority (PRIO-8) is todo.txt's mark before the creation date of an open item: `(A)`
/// high, `(B)` medium, `(C)` low (import reads `(C)`…`(Z)` as low); a done item carries it as
/// `pri:A`, since todo.txt drops the mark of a done task.
///
/// The tags (TAG-9) are one `tags:` key, each tag encoded as a name is, separated by commas:
/// a line's first `+project` and `@context` are its project and location.
///
/// The due time (TIME-8) is `at:15:00`, beside `due:`: todo.txt has no way to write one (its
/// tools read `due:` as a day only), so the day stays what they read. An `at:` that is no time,
/// or on a line without `due:`, stays in the title.
///
/// The parent (SUB-15) is `parent:` with the parent's id, as `id:` writes it: todo.txt has no
/// standard way to write a subtask.
///
/// Import reads any todo.txt file: the first `+project` and `@context` become the project and
/// location, further ones become tags (after those of a `tags:` key), and unknown `key:value`
/// tags stay in the title. Lines without an `id:` are new items each time they are imported.
public struct TodoTxtFormat: TodoFormat {
    public let options: InteropOptions
    public var format: InteropFormat { .todotxt }

    public init(_ options: InteropOptions = InteropOptions()) { self.options = options }

    /// One line an item, nothing around them.
    public func start() -> String { "" }
    public func encode(batch items: [TodoItem], afterItems: Bool) throws -> String { items.map(line).joined() }
    public func end(isEmpty: Bool) -> String { "" }

    /// One item as a line (with its newline).
    public func line(_ item: TodoItem) -> String {
        var words: [String] = []
        let zone = options.timeZone
        if item.isDone {
            words.append("x")
            words.append(CalendarDate(item.completedAt ?? item.updatedAt, in: zone).iso)
        } else if let letter = Self.letter(of: item.priority) {
            // Before the creation date, where todo.txt tools look for it.
            words.append("(\(letter))")
        }
        words.append(CalendarDate(item.createdAt, in: zone).iso)
        words.append(item.title)
        if let project = item.project { words.append("+" + Self.encode(project.name, colons: false)) }
        if let location = item.location { words.append("@" + Self.encode(location.name, colons: false)) }
        if let due = item.dueDate { words.append("due:" + due.iso) }
        if item.dueDate != nil, let time = item.dueTime { words.append("at:" + time.text) }
        if let estimate = item.estimateMinutes { words.append("est:" + Estimate.text(minutes: estimate)) }
        if let rule = item.repeatRule { words += Self.repeatTags(rule) }
        if let latitude = item.location?.latitude, let longitude = item.location?.longitude {
            words.append("geo:\(latitude.shortestText),\(longitude.shortestText)")
        }
        if !item.tags.isEmpty { words.append("tags:" + item.tags.names.map { Self.encode($0, colons: true) }.joined(separator: ",")) }
        if let details = item.details { words.append("details:" + Self.encode(details, colons: true)) }
        if item.isDone, let letter = Self.letter(of: item.priority) { words.append("pri:\(letter)") }
        if let parent = item.parent { words.append("parent:" + parent.lowercasedText) }
        words.append("id:" + item.id.lowercasedText)
        return words.joined(separator: " ") + "\n"
    }

    public func decode(_ text: String) throws(TodoFormatError) -> [ImportedItem] {
        var items: [ImportedItem] = []
        var number = 0
        let lines = physicalLines(text)
        try TodoFormatError.checkItemCount(lines.count { !$0.allSatisfy(\.isWhitespace) })
        for line in lines {
            number += 1
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            items.append(try item(Substring(line), number: number))
        }
        return items
    }

    private static let knownKeys: Set<String> = [
        "due", "est", "rec", "rrule", "rrule-from", "repeat", "geo", "details", "pri", "tags", "parent", "id",
    ]

    private func item(_ line: Substring, number: Int) throws(TodoFormatError) -> ImportedItem {
        var words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let marks = LineMarks(taking: &words)
        let parts = try LineParts(words, number: number)
        let tags = LineTags(values: parts.tags, number: number)
        let title = parts.titleWords.joined(separator: " ")
        // In the order a person reads the tags' refusals: the first wrong one is named.
        let id = try tags.id(), parent = try tags.parent()
        let due = try tags.due(), time = parts.time, estimate = try tags.estimate(), rule = try tags.repeatRule()
        let written = try tags.priority(), priority = marks.priority.map(Self.priority(letter:)) ?? written
        let location = try tags.location(context: parts.context), details = try tags.details()
        let tagNames = try tags.tags() + parts.moreTags

        let zone = options.timeZone
        var given: ImportedItem.Given = []
        if marks.created != nil { given.insert(.createdAt) }
        if marks.completed != nil { given.insert(.completedAt) }
        let item = TodoItem(
            id: id ?? options.makeID(), title: title, details: details, isDone: marks.done, dueDate: due, location: location,
            project: parts.project.map(Project.init(name:)), estimateMinutes: estimate, repeatRule: rule,
            priority: priority ?? .undefined, tags: Tags(tagNames), parent: parent, dueTime: time,
            createdAt: marks.created.map { InteropDates.startOfDay($0, in: zone) } ?? unknownDate,
            completedAt: marks.completed.map { InteropDates.startOfDay($0, in: zone) })
        return ImportedItem(item: item, given: given, precision: .days(zone), origin: "line \(number)")
    }

    /// What a line carries before its title: `x` and the completion and creation dates of a done
    /// item, or the priority (its letter) and creation date of one to do.
    private struct LineMarks {
        var done = false
        var priority: Character?
        var completed: CalendarDate?
        var created: CalendarDate?

        /// Reads the marks off the front of `words`, leaving the rest.
        init(taking words: inout [String]) {
            func takeDate() -> CalendarDate? {
                guard let first = words.first, first.count == 10, let date = CalendarDate(iso: first) else { return nil }
                words.removeFirst()
                return date
            }
            if words.first == "x" {
                done = true
                words.removeFirst()
                completed = takeDate()
                created = completed == nil ? nil : takeDate()
            } else {
                if let first = words.first, let letter = TodoTxtFormat.markedLetter(first) {
                    priority = letter
                    words.removeFirst()
                }
                created = takeDate()
            }
        }
    }

    /// The rest of a line: its first `+project` and `@context`, further ones (as tags, TAG-9),
    /// the first of each known `key:value` tag, the due time, and the words that stay in the title.
    private struct LineParts {
        var project: String?, context: String?
        var moreTags: [String] = []
        var tags: [String: String] = [:]
        var titleWords: [String] = []
        /// The first `at:` that is a time, on a line with a `due:` (TIME-8).
        var time: TimeOfDay?

        init(_ words: [String], number: Int) throws(TodoFormatError) {
            var timeWord: (word: String, index: Int)?
            for word in words {
                if timeWord == nil, word.hasPrefix("at:"), let read = TodoTxtFormat.time(String(word.dropFirst(3))) {
                    timeWord = (word, titleWords.count)
                    time = read
                } else if project == nil, word.count > 1, word.hasPrefix("+") {
                    project = try TodoTxtFormat.decode(String(word.dropFirst()), number: number)
                } else if context == nil, word.count > 1, word.hasPrefix("@") {
                    context = try TodoTxtFormat.decode(String(word.dropFirst()), number: number)
                } else if word.count > 1, word.hasPrefix("+") || word.hasPrefix("@") {
                    moreTags.append(try TodoTxtFormat.decode(String(word.dropFirst()), number: number))
                } else if let colon = word.firstIndex(of: ":"), TodoTxtFormat.knownKeys.contains(String(word[..<colon])),
                          tags[String(word[..<colon])] == nil, word.index(after: colon) < word.endIndex {
                    tags[String(word[..<colon])] = String(word[word.index(after: colon)...])
                } else {
                    titleWords.append(word)
                }
            }
            // A time without a day is none: the word stays where it was.
            if tags["due"] == nil, let timeWord {
                titleWords.insert(timeWord.word, at: timeWord.index)
                time = nil
            }
        }
    }

    /// An `at:` value as a time: `15:00`, `9:30`, `15:00:00` (TIME-3), its colons also
    /// percent-encoded (`15%3A00`); nil for anything else.
    static func time(_ text: String) -> TimeOfDay? {
        TimeOfDay(text: text) ?? (try? decode(text, number: 0)).flatMap { TimeOfDay(text: $0) }
    }

    /// The units of `rec:`, as todo.txt tools write them.
    private static let recUnits: [Character: RepeatRule.Frequency] = ["d": .daily, "w": .weekly, "m": .monthly, "y": .yearly]

    /// A repeat's tags (REPEAT-16): `rec:` when it says all of it (every N days, weeks, months
    /// or years, with `+` from the due date), else `rrule:` and its text.
    static func repeatTags(_ rule: RepeatRule) -> [String] {
        let plain = RepeatRule(rule.frequency, interval: rule.interval, afterCompletion: rule.afterCompletion)
        if plain == rule, let unit = recUnits.first(where: { $0.value == rule.frequency })?.key {
            return ["rec:" + (rule.afterCompletion ? "" : "+") + String(rule.interval) + String(unit)]
        }
        return ["rrule:" + rule.rruleText] + (rule.afterCompletion ? ["rrule-from:completion"] : [])
    }

    /// The rule of a `rec:` value: `+`, a number (1 when none), and a unit; nil when it is none.
    static func rule(rec text: String) -> RepeatRule? {
        var text = Substring(text)
        let fromDue = text.first == "+"
        if fromDue { text = text.dropFirst() }
        guard let unit = text.last, let frequency = recUnits[Character(unit.lowercased())] else { return nil }
        let digits = text.dropLast()
        let interval = digits.isEmpty ? 1 : digits.allSatisfy(\.isASCII) ? Int(digits) : nil
        guard let interval, (1...999).contains(interval) else { return nil }
        return RepeatRule(frequency, interval: interval, afterCompletion: !fromDue)
    }

    /// The known tags of line `number`, each read as its field or refused with the line's number.
    private struct LineTags {
        let values: [String: String]
        let number: Int

        private func fail(_ reason: String) -> TodoFormatError { .line(number, reason) }

        func id() throws(TodoFormatError) -> UUID? {
            guard let text = values["id"] else { return nil }
            guard let id = UUID(uuidString: text) else { throw fail("id:\(text) is not a UUID.") }
            return id
        }

        /// `parent:`, the id of the item it sits under (SUB-15).
        func parent() throws(TodoFormatError) -> UUID? {
            guard let text = values["parent"] else { return nil }
            guard let id = UUID(text: text) else { throw fail("parent:\(text) is not the id of a to-do (a UUID).") }
            return id
        }

        func due() throws(TodoFormatError) -> CalendarDate? {
            guard let text = values["due"] else { return nil }
            guard let date = CalendarDate(iso: text) else { throw fail("due:\(text) is not a date of the form YYYY-MM-DD.") }
            return date
        }

        func estimate() throws(TodoFormatError) -> Int? {
            guard let text = values["est"] else { return nil }
            guard let minutes = Estimate.minutes(from: text) else {
                throw fail("est:\(text) is not an estimate such as 30m, 1h or 1h30m (at most a week).")
            }
            return minutes
        }

        /// `rec:` (`1w`, `+2m`: REPEAT-16), else `rrule:` with `rrule-from:completion`, else an
        /// earlier version's `repeat:mon,wed`.
        func repeatRule() throws(TodoFormatError) -> RepeatRule? {
            if let text = values["rec"] {
                guard let rule = TodoTxtFormat.rule(rec: text) else {
                    throw fail("rec:\(text) is not a repeat such as rec:1w, rec:+2m or rec:3d (d, w, m or y).")
                }
                return rule
            }
            if let text = values["rrule"] {
                do throws(RepeatRule.Problem) {
                    var rule = try RepeatRule(rruleText: text)
                    rule.afterCompletion = values["rrule-from"]?.lowercased() == "completion"
                    return rule
                } catch {
                    throw fail("rrule:\(text) is not a repeat Todo can keep: \(error).")
                }
            }
            guard let text = values["repeat"] else { return nil }
            var days: Set<Weekday> = []
            for name in text.split(separator: ",") {
                guard let day = Weekday(name: String(name)) else {
                    throw fail("repeat:\(text) has “\(name)”, which is not mon, tue, wed, thu, fri, sat or sun.")
                }
                days.insert(day)
            }
            return days.isEmpty ? nil : .weekly(on: days)
        }

        /// The `@context` as the location's name, with the `geo:` tag's coordinates (which need a name).
        func location(context: String?) throws(TodoFormatError) -> Location? {
            var location = context.map { Location(name: $0) }
            guard let text = values["geo"] else { return location }
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]) else {
                throw fail("geo:\(text) is not a latitude and longitude such as geo:52.52,13.405.")
            }
            guard location != nil else { throw fail("geo:\(text) needs a location name, written as an @context.") }
            location?.latitude = latitude
            location?.longitude = longitude
            return location
        }

        /// `pri:A`: a done item's priority.
        func priority() throws(TodoFormatError) -> Priority? {
            guard let text = values["pri"] else { return nil }
            guard text.count == 1, let letter = text.first, TodoTxtFormat.letters.contains(letter) else {
                throw fail("pri:\(text) is not a priority letter A…Z.")
            }
            return TodoTxtFormat.priority(letter: letter)
        }

        /// `tags:a,b`: the tags Todo wrote, each decoded.
        func tags() throws(TodoFormatError) -> [String] {
            guard let text = values["tags"] else { return [] }
            var names: [String] = []
            for name in text.split(separator: ",") { names.append(try TodoTxtFormat.decode(String(name), number: number)) }
            return names
        }

        func details() throws(TodoFormatError) -> String? {
            guard let text = values["details"] else { return nil }
            return try TodoTxtFormat.decode(text, number: number)
        }
    }
    /// todo.txt's priority letters, highest first.
    static let letters: ClosedRange<Character> = "A"..."Z"

    /// `A` of a word `(A)`: a todo.txt priority mark.
    static func markedLetter(_ word: String) -> Character? {
        let characters = Array(word)
        guard characters.count == 3, characters[0] == "(", letters.contains(characters[1]), characters[2] == ")" else {
            return nil
        }
        return characters[1]
    }

    /// `A` high, `B` medium, `C`…`Z` low.
    static func priority(letter: Character) -> Priority {
        (letter == "A" ? Priority.Level.high : letter == "B" ? .medium : .low).priority
    }

    /// The letter of a priority's level (`A`, `B`, `C`); nil for none.
    static func letter(of priority: Priority) -> Character? {
        priority.level.map { ["A", "B", "C"][Priority.Level.allCases.firstIndex(of: $0)!] }
    }

    /// Percent-encodes what would break a word: `%`, whitespace, control characters, and `:`
    /// when `colons`.
    static func encode(_ text: String, colons: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            let special = scalar == "%" || (colons && scalar == ":") || scalar.properties.isWhitespace
                || scalar.properties.generalCategory == .control
            if special {
                for byte in String(scalar).utf8 { out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true) }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func decode(_ text: String, number: Int) throws(TodoFormatError) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%") {
                guard utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) else {
                    throw .line(number, "“\(text)” has a % that is not followed by two hex digits (write %25 for %).")
                }
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        guard let decoded = String(bytes: bytes, encoding: .utf8) else {
            throw .line(number, "“\(text)” decodes to bytes that are not UTF-8 text.")
        }
        return decoded
    }
}

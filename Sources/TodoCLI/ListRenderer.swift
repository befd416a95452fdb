import Foundation
import Localization
import TodoCore
import TodoPresentation

/// Turns ViewModels into terminal text or the stable JSON shapes.
enum ListRenderer {
    private static let bold = "\u{1B}[1m", dim = "\u{1B}[2m", strike = "\u{1B}[9m", reset = "\u{1B}[0m"

    /// Rows read and printed at a time: a long list is never held in memory all at once.
    static let rowsPerSlice = 1000

    /// Loads the list a slice at a time and prints it: two sections under their headers, each row
    /// with its item's number (`#7`); done rows struck through on a terminal and marked `[x]` otherwise. Handed to
    /// `write` in pieces of about 64 KiB. Headers, marks and messages are in the list's language
    /// (LANG-4); `words` are the CLI's own in that language.
    static func text(_ list: TodoListViewModel, words: Strings, styled: Bool, to write: (String) -> Void) async throws {
        try await list.load(page: 1, rowsPerSection: rowsPerSlice)
        if list.scope != .all { write((styled ? bold + list.title + reset : list.title) + "\n") }
        guard !list.isEmpty else {
            let message = list.scope == .all && list.totalCount == 0 ? words("cli.list.empty.all") : list.emptyMessage
            return write(message + "\n")
        }
        var lines = RowLines(list, words: words, styled: styled)
        /// `first`, then the slices `next` reads after the last row printed, until `count` are.
        func putAll(_ first: [TodoRowViewModel], count: Int, next: (TodoRowViewModel) async throws -> [TodoRowViewModel])
            async throws
        {
            var rows = first, printed = 0
            while let lastRow = rows.last {
                for row in rows {
                    lines.put(row)
                    if let piece = lines.takeWhenFull() { write(piece) }
                }
                printed += rows.count
                guard printed < count else { break }
                rows = try await next(lastRow)
            }
        }
        if !list.overdueRows.isEmpty {
            lines.put((styled ? bold + list.overdueHeaderTitle + reset : list.overdueHeaderTitle) + "\n")
            try await putAll(list.overdueRows, count: list.overdueCount) { try await list.overdueRows(after: $0, limit: rowsPerSlice) }
        }
        for section in list.sections {
            lines.put((styled ? bold + section.headerTitle + reset : section.headerTitle) + "\n")
            try await putAll(section.rows, count: list.sectionCounts[section.section] ?? 0) {
                try await list.rows(in: section.section, after: $0, limit: rowsPerSlice)
            }
        }
        write(lines.take())
    }

    /// A list's rows as terminal lines, gathered as bytes, not String appends: a long list is
    /// tens of thousands of small pieces. Handed on in pieces of about 64 KiB.
    private struct RowLines {
        private static let piece = 64 * 1024
        private let list: TodoListViewModel
        private let styled: Bool
        private let separator: String, overdueLabel: String
        /// "due {date}" around each row's date, split once rather than filled for every row.
        private let beforeDue: String, afterDue: String
        private let width: Int
        /// Today, read once, when the list marks overdue rows (DAY-1); nil when it doesn't.
        private let overdueToday: CalendarDate?
        /// The time then: a to-do due today before it is overdue too (TIME-7).
        private let overdueTime: TimeOfDay?
        private var bytes: [UInt8] = []

        init(_ list: TodoListViewModel, words: Strings, styled: Bool) {
            self.list = list
            self.styled = styled
            (separator, overdueLabel) = (words("cli.list.row.separator"), list.overdueLabel)
            let dueWords = words.text("cli.list.row.due").components(separatedBy: "{date}")
            (beforeDue, afterDue) = (dueWords.first ?? "", dueWords.count > 1 ? dueWords[1] : "")
            // Numbers (`#7`) are right-aligned to the widest of the first slice; the newest items
            // have the largest numbers, and a long list's later rows are rarely wider.
            let widest = (list.overdueRows + list.sections.flatMap(\.rows)).map(\.number).max() ?? 1
            width = String(widest).utf8.count + 1
            overdueToday = list.scope == .today || list.scope == .overdue ? list.currentDay : nil
            overdueTime = overdueToday == nil ? nil : list.currentTime
            bytes.reserveCapacity(Self.piece + 4 * 1024)
        }

        mutating func put(_ text: String) { bytes.append(contentsOf: text.utf8) }

        /// `  #7 [ ] Title  (Place · due 12 May · overdue)`, struck through and dimmed on a terminal.
        mutating func put(_ row: TodoRowViewModel) {
            let number = "#" + String(row.number)
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: max(2 + width - number.utf8.count, 1)))
            put(number)
            // SUB-8: a subtask two spaces further in per level; a parent's subtasks done, `2/5`.
            if row.depth > 0 { bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * row.depth)) }
            put(row.isDone ? " [x] " : " [ ] ")
            put(row.isStruckThrough && styled ? strike + row.title + reset : row.title)
            if let subtasks = row.subtasksText { put(" " + subtasks) }
            if let mark = row.priorityMark { put(" " + mark) }
            if let marks = row.tagMarks { put(" " + marks) }
            if row.locationName != nil || row.dueDate != nil {
                put(styled ? "  " + dim : "  (")
                if let location = row.locationName { put(location) }
                if let due = row.dueDateText {
                    if row.locationName != nil { put(separator) }
                    put(beforeDue)
                    put(due)
                    put(afterDue)
                }
                if let overdueToday, row.isOverdue(today: overdueToday, now: overdueTime) { put(separator + overdueLabel) }
                put(styled ? reset : ")")
            }
            put("\n")
        }

        /// The lines gathered so far, once they make a piece.
        mutating func takeWhenFull() -> String? { bytes.count >= Self.piece ? take() : nil }

        /// The lines gathered so far.
        mutating func take() -> String {
            defer { bytes.removeAll(keepingCapacity: true) }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Upcoming: each day's heading, then its rows as `todo list` prints them (DAY-7).
    static func text(_ upcoming: UpcomingViewModel, styled: Bool) async throws -> String {
        try await upcoming.load()
        var out = (styled ? bold + upcoming.title + reset : upcoming.title) + "\n"
        guard !upcoming.isEmpty else { return out + upcoming.emptyMessage + "\n" }
        let width = String(upcoming.days.flatMap(\.rows).map(\.number).max() ?? 1).count + 1
        for day in upcoming.days {
            out += (styled ? bold + day.headerTitle + reset : day.headerTitle) + "\n"
            for row in day.rows {
                let number = "#" + String(row.number)
                out += String(repeating: " ", count: 2 + width - number.count) + number + " [ ] " + row.title
                if let location = row.locationName { out += styled ? "  " + dim + location + reset : "  (" + location + ")" }
                out += "\n"
            }
        }
        return out
    }

    /// `{"days": [{"date": "YYYY-MM-DD", "items": [ITEM…]}…]}`.
    static func json(_ upcoming: UpcomingViewModel) async throws -> String {
        struct Day: Encodable { let date: String; let items: [TodoItem] }
        struct Days: Encodable { let days: [Day] }
        return try json(Days(days: try await upcoming.loadItems().map { Day(date: $0.date.iso, items: $0.items) }))
    }

    /// `{"todo": [ITEM…], "done": [ITEM…]}`.
    static func json(_ list: TodoListViewModel) async throws -> String {
        struct Sections: Encodable { let todo: [TodoItem]; let done: [TodoItem] }
        let items = try await list.loadItems()
        return try json(Sections(todo: items.filter { !$0.isDone }, done: items.filter(\.isDone)))
    }

    static func json(_ value: some Encodable) throws -> String {
        String(decoding: try TodoJSON.encoder(pretty: true).encode(value), as: UTF8.self) + "\n"
    }
}

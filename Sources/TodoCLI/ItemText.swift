import Foundation
import Localization
import TodoCore
import TodoPresentation

extension CLIWords {
    /// The CLI's sentences in English: what a caller that knows no terminal says.
    static var english: Strings { catalog.strings(.english) }
}

/// What the item commands (add, edit, check, uncheck, rm, show) print, in the terminal's
/// language (LANG-3, LANG-4): each sentence one catalog entry with its values in placeholders.
enum ItemText {
    /// `Added #4 “Call mom” (1a2b3c4d) · due 11/24/2026 · #Family.` (WORDS-14): what else was
    /// stored, from the words or the options, each part worded by TodoPresentation.
    static func added(_ item: TodoItem, in context: CLIContext) -> String {
        let words = context.words
        let parts = PlainWordsInput.summary(of: item, language: context.language)
        let values: KeyValuePairs<String, String> = [
            "number": String(item.number), "title": item.title, "id": ItemReference.shortID(item.id),
            "details": parts.joined(separator: words("cli.item.separator")),
        ]
        return (parts.isEmpty ? words("cli.item.added", values) : words("cli.item.added-with", values)) + "\n"
    }

    static func saved(_ item: TodoItem, in context: CLIContext) -> String {
        context.words("cli.item.saved", ["title": item.title]) + "\n"
    }

    /// One line of `todo check` / `todo uncheck`: done, already so, or done with the next
    /// occurrence a repeating item made (REPEAT-6).
    static func setDone(_ done: Bool, _ item: TodoItem, next: TodoItem?, in context: CLIContext) -> String {
        let words = context.words
        if item.isDone == done {
            return words(done ? "cli.item.already-done" : "cli.item.already-todo", ["title": item.title]) + "\n"
        }
        guard let next else {
            return words(done ? "cli.item.checked" : "cli.item.unchecked", ["title": item.title]) + "\n"
        }
        let number = String(next.number)
        if let due = next.dueDate {
            return words("cli.item.checked-next-due", [
                "title": item.title, "number": number, "date": context.todoWords.date(due),
            ]) + "\n"
        }
        return words("cli.item.checked-next", ["title": item.title, "number": number]) + "\n"
    }

    /// `todo rm`'s line: what was deleted and how to get it back (TRASH-11).
    static func deleted(_ item: TodoItem, in context: CLIContext) -> String {
        context.words("cli.item.deleted", ["title": item.title, "number": String(item.number)]) + "\n"
    }

    /// `todo show`: the title, then each field, its label padded to the widest label as a
    /// terminal shows it (a Chinese or Japanese character takes two columns).
    static func details(_ details: ItemDetailViewModel, in context: CLIContext) -> String {
        var out = details.title + "\n"
        var fields = details.fields
        if let item = details.item {
            fields.append(DetailField(label: context.words("cli.item.field.number"), value: "#\(item.number)", key: "number"))
            fields.append(DetailField(label: context.words("cli.item.field.id"), value: item.id.lowercasedText, key: "id"))
        }
        // SUB-10: the to-do it is under, and its subtasks, each by its number.
        if let parent = details.parent {
            fields.append(DetailField(label: details.parentLabel, value: "#\(parent.number) \(parent.title)", key: "parent"))
        }
        if let count = details.subtasksCount {
            let lines = details.subtasks.map { "#\($0.number) " + ($0.isDone ? "[x] " : "[ ] ") + $0.title }
            fields.append(DetailField(label: details.subtasksHeading, value: ([count] + lines).joined(separator: "\n"), key: "subtasks"))
        }
        let width = fields.map { TerminalColumns.count($0.label) }.max() ?? 0
        for field in fields {
            let label = field.label + String(repeating: " ", count: width - TerminalColumns.count(field.label))
            let value = field.value.replacingOccurrences(of: "\n", with: "\n  " + String(repeating: " ", count: width + 2))
            out += "  \(label)  \(value)\n"
        }
        return out
    }
}

extension CLIContext {
    /// Runs `work`; an error of the ViewModels or the Model (a date that isn't one, a title too
    /// long, a version conflict) comes out as its sentence in the terminal's language.
    func worded<T>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as CLIError {
            throw error
        } catch {
            guard let message = todoWords.message(for: error) else { throw error }
            throw CLIError(message)
        }
    }
}

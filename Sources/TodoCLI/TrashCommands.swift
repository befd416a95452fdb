import ArgumentParser
import Foundation
import Localization
import TodoCore
import TodoPresentation

// The Trash on the command line (docs/specs/trash.md, TRASH-11…14): `todo trash` lists it,
// `todo trash --empty` empties it, `todo restore REF…` puts items back at their place.

struct TrashCommand: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "trash",
        abstract: "List the Trash: deleted items, newest first, kept \(TrashRules.retentionDays) days.",
        discussion: "Put an item back with `todo restore REF`; REF is the item's number (7 or #7) or the start of its id.")

    @Flag(help: "Delete everything in the Trash forever (asks first on a terminal).") var empty = false
    @Flag(name: [.customShort("y"), .long], help: "With --empty: do not ask.") var yes = false
    @Flag(help: "Print the trashed items as JSON, each with its deletedAt.") var json = false
    @OptionGroup var store: ListOptions

    func validate() throws {
        if yes && !empty { throw CLIWords.refusal("cli.validate.yes-without-empty") }
        if json && empty { throw CLIWords.refusal("cli.validate.json-with-empty") }
    }

    func run(in context: CLIContext) async throws {
        let trash = TrashViewModel(store: try await store.open(context), now: context.now, language: context.language)
        try await trash.load()
        if empty { return try await emptyTrash(trash, context) }
        if json { return context.writeOut(try ListRenderer.json(trash.rows.map(\.trashed))) }
        guard !trash.isEmpty else { return context.show(trash.emptyMessage + "\n") }
        let numbers = trash.rows.map { "#\($0.trashed.item.number)" }
        let width = numbers.map(\.count).max() ?? 0
        let titleWidth = min(trash.rows.map { TerminalColumns.count($0.title) }.max() ?? 0, 50)
        var out = ""
        for (row, number) in zip(trash.rows, numbers) {
            let title = row.title + String(repeating: " ", count: max(0, titleWidth - TerminalColumns.count(row.title)))
            out += String(repeating: " ", count: 2 + width - number.count) + number + "  "
                + title + "  " + row.deletedText.lowercased() + "\n"
        }
        context.show(out)
    }

    /// Empties the Trash once confirmed: `--yes`, or “y” typed on a terminal (TRASH-14).
    private func emptyTrash(_ trash: TrashViewModel, _ context: CLIContext) async throws {
        if trash.isEmpty { return context.show(trash.emptyMessage + "\n") }
        if !yes, try !context.confirms(
            trash.confirmEmptyQuestion,
            otherwise: context.words.plural("cli.trash.empty-needs-yes", count: trash.rows.count))
        {
            return context.show(context.words("cli.trash.nothing-deleted") + "\n")
        }
        context.show(TrashViewModel.emptiedMessage(try await trash.emptyTrash(), language: context.language) + "\n")
    }
}

struct Restore: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Put items from the Trash back at their place.")
    @Argument(help: "Item numbers (7 or #7) as `todo trash` shows them, or id prefixes of 4+ characters (or id:PREFIX).") var refs: [String]
    @OptionGroup var store: ListOptions

    func validate() throws { if refs.isEmpty { throw CLIWords.refusal("cli.validate.restore-nothing") } }

    func run(in context: CLIContext) async throws {
        let store = try await store.open(context)
        let trash = TrashViewModel(store: store, now: context.now, language: context.language)
        try await trash.load()
        // Every REF is resolved before anything changes, so a bad one changes nothing.
        var chosen: [TrashRowViewModel] = []
        for ref in refs {
            let row = try TrashReference.resolve(ref, in: trash.rows, words: context.words)
            if !chosen.contains(where: { $0.id == row.id }) { chosen.append(row) }
        }
        var report = ""
        for row in chosen {
            report += TrashViewModel.restoredSentence(try await trash.restore(id: row.id), language: context.language) + "\n"
        }
        context.show(report)
    }
}

/// Finds the trashed item a REF names (TRASH-13): its stable number (`7` or `#7`, as `todo
/// trash` shows it), or the start of its id — as `ItemReference` does for the list.
enum TrashReference {
    static func resolve(_ reference: String, in rows: [TrashRowViewModel], words: Strings) throws -> TrashRowViewModel {
        var ref = reference.trimmingCharacters(in: .whitespaces)
        let explicitID = ref.lowercased().hasPrefix("id:")
        if explicitID { ref = String(ref.dropFirst(3)) }
        if !explicitID, let number = ItemNumbers.parse(ref) {
            if let row = rows.first(where: { $0.trashed.item.number == number }) { return row }
            throw CLIError(words("cli.trash.number-not-in-trash", ["number": String(number)]))
        }
        guard !ref.isEmpty, ref.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
            throw CLIError(words("cli.trash.not-a-reference", ["reference": reference]))
        }
        guard explicitID || ref.count(where: \.isHexDigit) >= ItemReference.minimumPrefix else {
            throw CLIError(words("cli.trash.too-short", ["ref": ref, "minimum": String(ItemReference.minimumPrefix)]))
        }
        let matches = rows.filter { $0.id.lowercasedText.hasPrefix(ref.lowercased()) }
        switch matches.count {
        case 0: throw CLIError(words("cli.trash.no-match", ["ref": ref]))
        case 1: return matches[0]
        default:
            let shown = matches.prefix(5).map { "  \(ItemReference.shortID($0.id))  \($0.title)" }.joined(separator: "\n")
            throw CLIError(words("cli.trash.several", ["ref": ref, "matches": shown + (matches.count > 5 ? "\n  …" : "")]))
        }
    }
}

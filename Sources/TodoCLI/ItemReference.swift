import Foundation
import Localization
import TodoCore

/// Finds the item a REF names: its stable number as `todo list` shows it (`7` or `#7`), or the
/// start of its id — at least `minimumPrefix` hex characters, or any length after `id:`. A
/// row's place in the list is not a REF: places shift after every add, check and move.
///
/// A REF made only of digits (with or without `#`) is a number and nothing else (HARDEN-4,
/// NUMBER-4): a number whose item is gone must not reach an item whose id happens to start
/// with it, nor any other item.
enum ItemReference {
    static let minimumPrefix = 4

    /// `words`: the terminal's language for the sentences of a REF that names nothing (LANG-4).
    static func resolve(_ reference: String, in store: any TodoStore, words: Strings = CLIWords.english) async throws -> TodoItem {
        let ref = reference.trimmingCharacters(in: .whitespaces)
        if ref.lowercased().hasPrefix("id:") {
            let prefix = String(ref.dropFirst(3))
            guard !prefix.isEmpty, prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
                throw CLIError(words("cli.item.error.id-prefix", ["ref": reference]))
            }
            return try await item(idPrefix: prefix, in: store, words: words)
        }
        if let number = ItemNumbers.parse(ref) {
            if let item = try await store.item(number: number) { return item }
            throw try await missing(number: number, in: store, words: words)
        }
        if ref.hasPrefix("#") || (!ref.isEmpty && ref.allSatisfy({ $0.isASCII && $0.isNumber })) {
            throw CLIError(words("cli.item.error.not-a-number", ["ref": reference]))
        }
        guard !ref.isEmpty, ref.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
            throw CLIError(words("cli.item.error.neither", ["ref": reference]))
        }
        guard ref.count(where: \.isHexDigit) >= minimumPrefix else {
            throw CLIError(words("cli.item.error.too-short", ["ref": ref, "minimum": String(minimumPrefix)]))
        }
        return try await item(idPrefix: ref, in: store, words: words)
    }

    /// What a number whose item is not in the list answers: the one place that says why
    /// (NUMBER-4, TRASH-13): in the Trash, or no such number.
    static func missing(number: Int, in store: any TodoStore, words: Strings = CLIWords.english) async throws -> CLIError {
        if try await store.trash().contains(where: { $0.item.number == number }) {
            return CLIError(words("cli.item.error.in-trash", ["number": String(number)]))
        }
        return CLIError(words("cli.item.error.no-number", ["number": String(number)]))
    }

    private static func item(idPrefix prefix: String, in store: any TodoStore, words: Strings) async throws -> TodoItem {
        let matches = try await store.items(idPrefix: prefix, limit: 6)
        switch matches.count {
        case 0:
            throw CLIError(words("cli.item.error.no-id", ["prefix": prefix]))
        case 1:
            return matches[0]
        default:
            let shown = matches.prefix(5).map { "  \(shortID($0.id))  \($0.title)" }.joined(separator: "\n")
            let more = matches.count > 5 ? "\n  …" : ""
            throw CLIError(words("cli.item.error.ambiguous", ["prefix": prefix, "matches": shown + more]))
        }
    }

    /// Resolves every reference before anything changes, so a bad one changes nothing.
    static func resolveAll(
        _ references: [String], in store: any TodoStore, words: Strings = CLIWords.english
    ) async throws -> [TodoItem] {
        var items: [TodoItem] = []
        for reference in references {
            let item = try await resolve(reference, in: store, words: words)
            if !items.contains(where: { $0.id == item.id }) { items.append(item) }
        }
        return items
    }

    /// The first 8 characters of an id: enough to name an item in most lists.
    static func shortID(_ id: UUID) -> String { String(id.lowercasedText.prefix(8)) }
}

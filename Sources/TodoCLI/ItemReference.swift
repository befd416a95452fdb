import Foundation
import TodoCore

/// Finds the item a REF names: a row number of `todo list` (1-based, To Do then Done), or the
/// start of the item's id — at least `minimumPrefix` hex characters, or any length after `id:`.
///
/// A REF made only of digits is a row number and nothing else (HARDEN-4): a number read a
/// moment ago that has no row now must not reach an item whose id happens to start with it.
enum ItemReference {
    static let minimumPrefix = 4

    static func resolve(_ reference: String, in store: any TodoStore) async throws -> TodoItem {
        let ref = reference.trimmingCharacters(in: .whitespaces)
        if ref.lowercased().hasPrefix("id:") {
            let prefix = String(ref.dropFirst(3))
            guard !prefix.isEmpty, prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
                throw CLIError("“\(reference)” is not the start of an item id (hex digits and dashes after id:).")
            }
            return try await item(idPrefix: prefix, in: store)
        }
        if !ref.isEmpty, ref.allSatisfy({ $0.isASCII && $0.isNumber }) {
            if let number = Int(ref), number >= 1, let item = try await store.item(atOffset: number - 1) { return item }
            let count = try await store.count(.all)
            throw CLIError(
                count == 0
                    ? "There is no row \(ref): the list is empty."
                    : "There is no row \(ref): `todo list` shows rows 1…\(count). (For an id that starts with digits, write id:\(ref).)")
        }
        guard !ref.isEmpty, ref.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
            throw CLIError("“\(reference)” is neither a row number nor the start of an item id.")
        }
        guard ref.count(where: \.isHexDigit) >= minimumPrefix else {
            throw CLIError(
                "“\(ref)” is too short to name an item by its id: give at least \(minimumPrefix) characters of it, or write id:\(ref).")
        }
        return try await item(idPrefix: ref, in: store)
    }

    private static func item(idPrefix prefix: String, in store: any TodoStore) async throws -> TodoItem {
        let matches = try await store.items(idPrefix: prefix, limit: 6)
        switch matches.count {
        case 0:
            throw CLIError("No item has an id starting with “\(prefix)”.")
        case 1:
            return matches[0]
        default:
            let shown = matches.prefix(5).map { "  \(shortID($0.id))  \($0.title)" }.joined(separator: "\n")
            let more = matches.count > 5 ? "\n  …" : ""
            throw CLIError("“\(prefix)” matches several items; give more of the id:\n\(shown)\(more)")
        }
    }

    /// Resolves every reference before anything changes, so a bad one changes nothing.
    static func resolveAll(_ references: [String], in store: any TodoStore) async throws -> [TodoItem] {
        var items: [TodoItem] = []
        for reference in references {
            let item = try await resolve(reference, in: store)
            if !items.contains(where: { $0.id == item.id }) { items.append(item) }
        }
        return items
    }

    /// The first 8 characters of an id: enough to name an item in most lists.
    static func shortID(_ id: UUID) -> String { String(id.lowercasedText.prefix(8)) }
}

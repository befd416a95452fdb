import Foundation
import TodoCore

/// Finds the item a REF names: a row number of `todo list` (1-based, To Do then Done) or a
/// unique prefix of the item's id.
enum ItemReference {
    static func resolve(_ reference: String, in store: any TodoStore) async throws -> TodoItem {
        let ref = reference.trimmingCharacters(in: .whitespaces)
        let isNumber = !ref.isEmpty && ref.allSatisfy { $0.isASCII && $0.isNumber }
        if isNumber, let number = Int(ref), number >= 1, let item = try await store.item(atOffset: number - 1) {
            return item
        }
        guard !ref.isEmpty, ref.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
            throw CLIError("“\(reference)” is neither a row number nor the start of an item id.")
        }
        // Digits that are no row number may still start an id.
        let matches = try await store.items(idPrefix: ref, limit: 6)
        if isNumber, matches.isEmpty {
            let count = try await store.count(.all)
            throw CLIError(
                count == 0
                    ? "There is no row \(ref): the list is empty."
                    : "There is no row \(ref): `todo list` shows rows 1…\(count).")
        }
        switch matches.count {
        case 0:
            throw CLIError("No item has an id starting with “\(ref)”.")
        case 1:
            return matches[0]
        default:
            let shown = matches.prefix(5).map { "  \(shortID($0.id))  \($0.title)" }.joined(separator: "\n")
            let more = matches.count > 5 ? "\n  …" : ""
            throw CLIError("“\(ref)” matches several items; give more of the id:\n\(shown)\(more)")
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

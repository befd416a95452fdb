import Foundation
public import Localization
import Observation
import TodoCore

/// A move that can't be made: one sentence.
public struct ItemMoveError: Error, Equatable, Sendable, LocalizedError {
    public let message: String
    public var errorDescription: String? { message }
}

/// Moving one item inside its own section (MOVE-1): one place up or down, to an index, or next
/// to a neighbour the person dropped it by. The place is found in the item's *full* section, so
/// a move made on a filtered or paged list lands next to that neighbour.
@Observable
public final class ItemMoveViewModel {
    public enum Place: Equatable, Sendable {
        case up, down
        /// 0-based, in the full section without the item (clamped).
        case index(Int)
        /// Right after / right before this item of the same section.
        case after(UUID), before(UUID)
    }

    public let id: UUID
    private let store: any TodoStore
    /// The language a refused move is worded in (LANG-4).
    public let language: Language
    /// The item after the move.
    public private(set) var item: TodoItem?
    /// Its place in its section after the move, 1 = first; nil until moved.
    public private(set) var position: Int?

    public init(store: any TodoStore, id: UUID, language: Language = .english) {
        self.store = store
        self.id = id
        self.language = language
    }

    /// Moves the item. A neighbour that is gone (deleted meanwhile) moves nothing; one in the
    /// other section is refused with a sentence; an unknown item is `itemNotFound`.
    public func move(to place: Place) async throws {
        guard let item = try await store.item(id: id) else { throw TodoPresentationError.itemNotFound }
        let section = try await store.items(store.moveScope(of: item)).filter { $0.section == item.section }
        let others = section.filter { $0.id != id }
        let current = section.firstIndex { $0.id == id } ?? 0
        let index: Int?
        switch place {
        case .up: index = max(current - 1, 0)
        case .down: index = min(current + 1, others.count)
        case .index(let wanted): index = min(max(wanted, 0), others.count)
        case .after(let neighbour), .before(let neighbour):
            if let found = others.firstIndex(where: { $0.id == neighbour }) {
                index = place == .after(neighbour) ? found + 1 : found
            } else if let other = try await store.item(id: neighbour), other.id != id {
                let words = TodoWords.strings(language)
                throw ItemMoveError(message: words("error.move.other-section", [
                    "title": item.title, "section": TrashWording.section(item.section, words: words), "other": other.title,
                ]))
            } else {
                index = nil
            }
        }
        guard let index else {
            self.item = item
            position = current + 1
            return
        }
        guard let moved = try await store.move(id: id, toIndex: index) else { throw TodoPresentationError.itemNotFound }
        self.item = moved
        position = index + 1
    }

    /// “Moved “Buy milk” to position 3 of To Do”.
    public var announcement: String {
        guard let item, let position else { return "" }
        let words = TodoWords.strings(language)
        return words("keys.moved", [
            "title": item.title, "position": String(position), "section": TrashWording.section(item.section, words: words),
        ])
    }
}

extension TodoRowViewModel {
    /// The drag handle's accessible name: “Move “Buy milk””.
    public var moveLabel: String { strings("row.move-label", ["title": title]) }

    /// What is said once the row has moved to `position` (1 = first) of the list shown.
    public func movedAnnouncement(position: String) -> String {
        let strings = self.strings
        return strings(
            "row.moved",
            ["title": title, "position": position, "section": strings.sectionTitle(isDone ? .done : .todo)])
    }
}

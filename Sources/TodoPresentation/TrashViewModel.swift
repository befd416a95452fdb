import Foundation
import Observation
import TodoCore

/// The notice a list shows right after a delete: “Deleted “Buy milk” · Undo” (UNDO-1).
public struct UndoNotice: Hashable, Sendable {
    public let id: UUID
    public let title: String

    public init(_ trashed: TrashedItem) {
        id = trashed.id
        title = trashed.item.title
    }

    /// The notice for the item `id` when it is still in the Trash; nil once it is not (restored
    /// in another tab, deleted forever, purged): there is nothing to undo then (UNDO-4).
    public static func load(id: UUID, store: any TodoStore) async throws -> UndoNotice? {
        try await store.trashedItem(id: id).map(UndoNotice.init)
    }

    /// “Deleted “Buy milk””: what the notice says before its button.
    public var message: String { "Deleted “\(title)”" }
    /// The button's text.
    public var actionTitle: String { "Undo" }
    /// The button's accessible name.
    public var actionLabel: String { "Undo deleting “\(title)”" }
    /// Said once Undo has put the item back (UNDO-2).
    public var restoredAnnouncement: String { "Restored “\(title)”" }
    /// How long the notice shows on a page with a script.
    public static let seconds = 8
}

/// A failure of a Trash action, as one sentence.
public enum TrashError: Error, Equatable, Sendable, LocalizedError {
    /// The item is not (or no longer) in the Trash.
    case notInTrash

    public var errorDescription: String? {
        switch self {
        case .notInTrash:
            "That item is not in the Trash (it may have been restored, deleted forever, or kept its 30 days)."
        }
    }
}

/// One row of the Trash screen, worded.
public struct TrashRowViewModel: Equatable, Sendable {
    public let trashed: TrashedItem
    /// “deleted 5 minutes ago”.
    public let deletedText: String
    /// “deleted forever in 29 days”.
    public let remainingText: String

    public init(_ trashed: TrashedItem, now: Date) {
        self.trashed = trashed
        deletedText = "Deleted " + TrashWording.ago(trashed.deletedAt, now: now)
        let days = TrashRules.daysLeft(deletedAt: trashed.deletedAt, now: now)
        remainingText = switch days {
        case 0: "Deleted forever today"
        case 1: "Deleted forever in 1 day"
        default: "Deleted forever in \(days) days"
        }
    }

    public var id: UUID { trashed.id }
    public var title: String { trashed.item.title }
    /// The section it goes back to: “To Do” or “Done”.
    public var sectionTitle: String { trashed.item.section.headerTitle }
    public var restoreTitle: String { "Restore" }
    public var restoreLabel: String { "Restore “\(title)”" }
    public var restoreAnnouncement: String { "Restored “\(title)” to \(sectionTitle)" }
    public var deleteForeverTitle: String { "Delete forever" }
    public var deleteForeverLabel: String { "Delete “\(title)” forever" }
    public var deleteForeverAnnouncement: String { "Deleted “\(title)” forever" }
}

/// How long ago, in the words the Trash uses.
public enum TrashWording {
    /// “just now”, “5 minutes ago”, “1 hour ago”, “3 days ago”.
    public static func ago(_ date: Date, now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        func plural(_ n: Int, _ unit: String) -> String { "\(n) \(unit)\(n == 1 ? "" : "s") ago" }
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return plural(seconds / 60, "minute")
        case ..<(24 * 3600): return plural(seconds / 3600, "hour")
        default: return plural(seconds / (24 * 3600), "day")
        }
    }
}

/// The Trash screen: what was deleted, newest first, and its actions — restore, delete
/// forever, empty (docs/specs/trash.md).
@Observable
public final class TrashViewModel {
    private let store: any TodoStore
    private let now: () -> Date
    public private(set) var rows: [TrashRowViewModel] = []

    public init(store: any TodoStore, now: @escaping () -> Date = { Date() }) {
        self.store = store
        self.now = now
    }

    public var title: String { "Trash" }
    public var isEmpty: Bool { rows.isEmpty }
    public var emptyMessage: String { "The Trash is empty." }
    /// What the screen says about the Trash itself.
    public var explanation: String {
        "Deleted items stay here \(TrashRules.retentionDays) days, then they are deleted forever."
    }
    public var emptyTrashTitle: String { "Empty trash" }
    /// The question before emptying (TRASH-10, TRASH-14).
    public var confirmEmptyQuestion: String {
        rows.count == 1 ? "Delete 1 item forever?" : "Delete \(rows.count) items forever?"
    }
    public var confirmEmptyDetail: String { "Everything in the Trash will be deleted forever. This can't be undone." }
    public var cancelTitle: String { "Cancel" }
    /// Said once the Trash is emptied.
    public static func emptiedMessage(_ count: Int) -> String {
        switch count {
        case 0: "The Trash was already empty."
        case 1: "Deleted 1 item forever."
        default: "Deleted \(count) items forever."
        }
    }

    /// Reads the Trash (purging what has stayed its 30 days first).
    public func load() async throws {
        let now = now()
        rows = try await store.trash().map { TrashRowViewModel($0, now: now) }
    }

    /// Puts the item back at its place (TRASH-2); `notInTrash` when it is not there.
    @discardableResult
    public func restore(id: UUID) async throws -> TodoItem {
        guard let item = try await store.restore(id: id) else { throw TrashError.notInTrash }
        rows.removeAll { $0.id == id }
        return item
    }

    /// Deletes the item forever (TRASH-3); `notInTrash` when it is not there.
    public func deleteForever(id: UUID) async throws {
        guard try await store.deleteForever(id: id) else { throw TrashError.notInTrash }
        rows.removeAll { $0.id == id }
    }

    /// Empties the Trash (TRASH-4) and returns how many items were deleted forever.
    @discardableResult
    public func emptyTrash() async throws -> Int {
        let count = try await store.emptyTrash()
        rows = []
        return count
    }

    /// Where a restored item went, in words: “Restored “A” to To Do.”
    public static func restoredSentence(_ item: TodoItem) -> String {
        "Restored “\(item.title)” to \(item.section.headerTitle)."
    }
}

import Foundation
public import Localization
import Observation
import TodoCore

/// The notice a list shows right after a delete: “Deleted “Buy milk” · Undo” (UNDO-1).
public struct UndoNotice: Hashable, Sendable {
    public let id: UUID
    public let title: String
    /// The language the notice is worded in (LANG-4).
    public let language: Language

    public init(_ trashed: TrashedItem, language: Language = .english) {
        id = trashed.id
        title = trashed.item.title
        self.language = language
    }

    /// The notice for the item `id` when it is still in the Trash; nil once it is not (restored
    /// in another tab, deleted forever, purged): there is nothing to undo then (UNDO-4).
    public static func load(id: UUID, store: any TodoStore, language: Language = .english) async throws -> UndoNotice? {
        try await store.trashedItem(id: id).map { UndoNotice($0, language: language) }
    }

    private var words: Strings { TodoWords.strings(language) }
    /// “Deleted “Buy milk””: what the notice says before its button.
    public var message: String { words("trash.undo.message", ["title": title]) }
    /// The button's text.
    public var actionTitle: String { words("trash.undo.action") }
    /// The button's accessible name.
    public var actionLabel: String { words("trash.undo.label", ["title": title]) }
    /// Said once Undo has put the item back (UNDO-2).
    public var restoredAnnouncement: String { words("trash.undo.restored", ["title": title]) }
    /// How long the notice shows on a page with a script.
    public static let seconds = 8
}

/// A failure of a Trash action, as one sentence.
public enum TrashError: Error, Equatable, Sendable, LocalizedError {
    /// The item is not (or no longer) in the Trash.
    case notInTrash

    public var errorDescription: String? { message(.english) }

    /// The sentence in `language`.
    public func message(_ language: Language) -> String {
        switch self {
        case .notInTrash:
            TodoWords.strings(language)("trash.not-in-trash", ["days": String(TrashRules.retentionDays)])
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
    /// The language the row is worded in (LANG-4).
    public let language: Language

    public init(_ trashed: TrashedItem, now: Date, language: Language = .english) {
        self.trashed = trashed
        self.language = language
        let words = TodoWords.strings(language)
        deletedText = TrashWording.deleted(trashed.deletedAt, now: now, words: words)
        let days = TrashRules.daysLeft(deletedAt: trashed.deletedAt, now: now)
        remainingText = days == 0 ? words("trash.remaining.today") : words.plural("trash.remaining", count: days)
    }

    private var words: Strings { TodoWords.strings(language) }
    public var id: UUID { trashed.id }
    public var title: String { trashed.item.title }
    /// The section it goes back to: “To Do” or “Done”.
    public var sectionTitle: String { TrashWording.section(trashed.item.section, words: words) }
    public var restoreTitle: String { words("trash.restore") }
    public var restoreLabel: String { words("trash.restore-label", ["title": title]) }
    public var restoreAnnouncement: String {
        words("trash.restore-announcement", ["title": title, "section": sectionTitle])
    }
    public var deleteForeverTitle: String { words("trash.delete-forever") }
    public var deleteForeverLabel: String { words("trash.delete-forever-label", ["title": title]) }
    public var deleteForeverAnnouncement: String { words("trash.delete-forever-announcement", ["title": title]) }
}

/// How long ago, in the words the Trash uses.
public enum TrashWording {
    /// “Deleted just now”, “Deleted 5 minutes ago”, “Deleted 1 hour ago”, “Deleted 3 days ago”
    /// (`刚刚删除`, `5 分钟前删除`; `たった今削除`, `5分前に削除`), one entry per unit (LANG-7).
    public static func deleted(_ date: Date, now: Date, words: Strings) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        switch seconds {
        case ..<60: return words("trash.deleted.just-now")
        case ..<3600: return words.plural("trash.deleted.minutes", count: seconds / 60)
        case ..<(24 * 3600): return words.plural("trash.deleted.hours", count: seconds / 3600)
        default: return words.plural("trash.deleted.days", count: seconds / (24 * 3600))
        }
    }

    /// The section's name as the Trash says it: “To Do”, “Done”.
    public static func section(_ section: TodoSection, words: Strings) -> String {
        switch section {
        case .todo: words("trash.section.todo")
        case .done: words("trash.section.done")
        }
    }
}

/// The Trash screen: what was deleted, newest first, and its actions — restore, delete
/// forever, empty (docs/specs/trash.md).
@Observable
public final class TrashViewModel {
    private let store: any TodoStore
    private let now: () -> Date
    /// The language the screen is worded in (LANG-4).
    public let language: Language
    public private(set) var rows: [TrashRowViewModel] = []

    public init(store: any TodoStore, now: @escaping () -> Date, language: Language = .english) {
        self.store = store
        self.now = now
        self.language = language
    }

    private var words: Strings { TodoWords.strings(language) }
    public var title: String { words("trash.title") }
    public var isEmpty: Bool { rows.isEmpty }
    public var emptyMessage: String { words("trash.empty-message") }
    /// What the screen says about the Trash itself.
    public var explanation: String { words.plural("trash.explanation", count: TrashRules.retentionDays) }
    public var emptyTrashTitle: String { words("trash.empty-trash") }
    /// The question before emptying (TRASH-10, TRASH-14).
    public var confirmEmptyQuestion: String { words.plural("trash.confirm-question", count: rows.count) }
    public var confirmEmptyDetail: String { words("trash.confirm-detail") }
    public var cancelTitle: String { words("trash.cancel") }
    /// Said once the Trash is emptied.
    public static func emptiedMessage(_ count: Int, language: Language = .english) -> String {
        let words = TodoWords.strings(language)
        return count == 0 ? words("trash.emptied.none") : words.plural("trash.emptied", count: count)
    }

    /// Reads the Trash (purging what has stayed its 30 days first).
    public func load() async throws {
        let now = now()
        let language = language
        rows = try await store.trash().map { TrashRowViewModel($0, now: now, language: language) }
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
    public static func restoredSentence(_ item: TodoItem, language: Language = .english) -> String {
        let words = TodoWords.strings(language)
        return words("trash.restored-sentence", ["title": item.title, "section": TrashWording.section(item.section, words: words)])
    }
}

import Foundation

/// An item in the Trash: the item as it was when deleted (section, position and version
/// included, so it can go back to its place), and when it was deleted (docs/specs/trash.md).
public struct TrashedItem: Hashable, Sendable, Identifiable {
    public var item: TodoItem
    /// The store's clock when the item was deleted.
    public var deletedAt: Date

    public var id: UUID { item.id }

    public init(item: TodoItem, deletedAt: Date) {
        self.item = item
        self.deletedAt = deletedAt
    }
}

/// A trashed item in JSON (`todo trash --json`, `GET /api/trash`): the shared item shape plus
/// `deletedAt`.
extension TrashedItem: Encodable {
    private enum Key: String, CodingKey { case deletedAt }

    public func encode(to encoder: any Encoder) throws {
        try item.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(Timestamp.iso(deletedAt), forKey: .deletedAt)
    }
}

/// The Trash's rules, shared by every store.
public enum TrashRules {
    /// How long a deleted item stays in the Trash before it is purged (TRASH-5).
    public static let retentionDays = 30
    public static let retention: TimeInterval = TimeInterval(retentionDays) * 24 * 3600

    /// Items deleted at or before this time are purged.
    public static func purgeCutoff(now: Date) -> Date { now.addingTimeInterval(-retention) }

    /// Whether an item deleted at `deletedAt` has stayed its 30 days by `now`.
    public static func isExpired(deletedAt: Date, now: Date) -> Bool { deletedAt <= purgeCutoff(now: now) }

    /// Whole days left before an item deleted at `deletedAt` is purged (0 on its last day).
    public static func daysLeft(deletedAt: Date, now: Date) -> Int {
        let left = deletedAt.addingTimeInterval(retention).timeIntervalSince(now)
        return max(0, Int((left / (24 * 3600)).rounded(.down)))
    }

    /// Newest deletion first; the same moment by id.
    public static func newestFirst(_ a: TrashedItem, _ b: TrashedItem) -> Bool {
        if a.deletedAt != b.deletedAt { return a.deletedAt > b.deletedAt }
        return a.id.lowercasedText < b.id.lowercasedText
    }

    /// Where a restored item goes (TRASH-2): its former position when no item of its section
    /// holds exactly that one now; otherwise right after the item that does, that is between
    /// `position` and `nextAbove` (the least position above it in the section), or nil when no
    /// number fits there and the section must be respaced.
    public static func restoredPosition(former position: Double, taken: Bool, nextAbove: Double?) -> Double? {
        guard taken else { return position }
        return Ordering.between(position, nextAbove)
    }

    /// The item as it comes back: its fields kept, one version more, changed now.
    public static func restored(_ item: TodoItem, at position: Double, now: Date) -> TodoItem {
        var restored = item
        restored.position = position
        restored.updatedAt = Timestamp.normalized(now)
        restored.version = TodoRules.nextVersion(after: item.version)
        return restored
    }
}

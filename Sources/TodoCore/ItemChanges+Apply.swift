import Foundation

extension TodoItem {
    /// A new item made from a validated draft, at `position`.
    public init(draft: TodoDraft, id: UUID, position: Double, now: Date) {
        let now = Timestamp.normalized(now)
        self.init(
            id: id, content: draft.content, position: position, createdAt: now, updatedAt: now,
            completedAt: draft.isDone ? draft.completedAt.map(Timestamp.normalized) ?? now : nil, version: 1)
    }

    /// The item with validated `changes` applied, except the position, which the store
    /// decides. Returns nil when the changes leave every field as it was (nothing to store).
    public func applying(_ changes: TodoChanges, now: Date) -> TodoItem? {
        var next = self
        next.content = changes.applied(to: content)
        if next.isDone != self.isDone { next.completedAt = next.isDone ? Timestamp.normalized(now) : nil }
        // A client's own completion time (DAV-25): a phone that completed it offline.
        if let completedAt = changes.completedAt, next.isDone { next.completedAt = Timestamp.normalized(completedAt) }
        if let position = changes.position { next.position = position }
        guard next != self else { return nil }
        next.updatedAt = Timestamp.normalized(now)
        next.version = TodoRules.nextVersion(after: version)
        return next
    }

    /// Whether `changes` move the item to the other section.
    public func changesSection(_ changes: TodoChanges) -> Bool {
        changes.isDone.map { $0 != content.isDone } ?? false
    }
}

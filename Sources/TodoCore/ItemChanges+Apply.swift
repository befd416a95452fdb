import Foundation

extension TodoItem {
    /// A new item made from a validated draft, at `position`.
    public init(draft: TodoDraft, id: UUID, position: Double, now: Date) {
        let now = Timestamp.normalized(now)
        self.init(
            id: id, title: draft.title, details: draft.details, isDone: draft.isDone,
            dueDate: draft.dueDate, location: draft.location, project: draft.project,
            estimateMinutes: draft.estimateMinutes, repeatDays: draft.repeatDays,
            position: position, createdAt: now, updatedAt: now,
            completedAt: draft.isDone ? draft.completedAt.map(Timestamp.normalized) ?? now : nil, version: 1)
    }

    /// The item with validated `changes` applied, except the position, which the store
    /// decides. Returns nil when the changes leave every field as it was (nothing to store).
    public func applying(_ changes: TodoChanges, now: Date) -> TodoItem? {
        var next = self
        if let title = changes.title { next.title = title }
        if let details = changes.details { next.details = details }
        if let dueDate = changes.dueDate { next.dueDate = dueDate }
        if let location = changes.location { next.location = location }
        if let project = changes.project { next.project = project }
        if let estimate = changes.estimateMinutes { next.estimateMinutes = estimate }
        if let repeatDays = changes.repeatDays { next.repeatDays = repeatDays }
        if let isDone = changes.isDone, isDone != self.isDone {
            next.isDone = isDone
            next.completedAt = isDone ? Timestamp.normalized(now) : nil
        }
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
        changes.isDone.map { $0 != isDone } ?? false
    }
}

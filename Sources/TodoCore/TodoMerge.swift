import Foundation

/// A three-way merge of one item, field by field (`ItemField.all`, a location's name and
/// coordinates as one field): `base` is what an edit started from, `mine` what it wants to
/// store, `theirs` what is stored now (changed elsewhere since `base`).
///
/// - a field only I changed takes my value;
/// - a field only they changed keeps theirs;
/// - a field both changed to the same value is that value;
/// - a field both changed to different values is a conflict.
public struct TodoMerge: Equatable, Sendable {
    /// What to apply over `theirs`: my changes that `theirs` does not already have.
    public let changes: TodoChanges
    /// The fields both sides changed to different values, in `ItemField.all`'s order.
    public let conflicts: [ItemField]
    /// The fields I changed (whether or not they conflict).
    public let mine: [ItemField]

    public init(base: TodoDraft, mine: TodoDraft, theirs: TodoDraft) {
        var changes = TodoChanges()
        var conflicts: [ItemField] = []
        var changedByMe: [ItemField] = []
        for field in ItemField.all where field.differs(mine.content, base.content) {
            changedByMe.append(field)
            if !field.differs(theirs.content, base.content) {
                changes.set(field, from: mine.content)
            } else if field.differs(mine.content, theirs.content) {
                conflicts.append(field)
            }
        }
        self.changes = changes
        self.conflicts = conflicts
        self.mine = changedByMe
    }

    /// True when the edit can be stored with both sides' changes.
    public var isClean: Bool { conflicts.isEmpty }
}

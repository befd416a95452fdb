import Foundation

/// The fields a person edits, as one unit each (a location's name and coordinates together).
public enum EditableField: String, CaseIterable, Sendable {
    case title, details, dueDate, location, project, estimate, repeatDays, isDone

    /// Whether the two value sets differ in this field.
    public func differs(_ a: TodoDraft, _ b: TodoDraft) -> Bool {
        switch self {
        case .title: a.title != b.title
        case .details: a.details != b.details
        case .dueDate: a.dueDate != b.dueDate
        case .location: a.location != b.location
        case .project: a.project != b.project
        case .estimate: a.estimateMinutes != b.estimateMinutes
        case .repeatDays: a.repeatDays != b.repeatDays
        case .isDone: a.isDone != b.isDone
        }
    }

    /// Sets this field of `changes` to `values`' value.
    func take(from values: TodoDraft, into changes: inout TodoChanges) {
        switch self {
        case .title: changes.title = values.title
        case .details: changes.details = .some(values.details)
        case .dueDate: changes.dueDate = .some(values.dueDate)
        case .location: changes.location = .some(values.location)
        case .project: changes.project = .some(values.project)
        case .estimate: changes.estimateMinutes = .some(values.estimateMinutes)
        case .repeatDays: changes.repeatDays = values.repeatDays
        case .isDone: changes.isDone = values.isDone
        }
    }
}

extension TodoDraft {
    /// The fields of a stored item, as values to compare and merge (no position).
    public init(fieldsOf item: TodoItem) {
        self.init(
            title: item.title, details: item.details, isDone: item.isDone, dueDate: item.dueDate,
            location: item.location, project: item.project, estimateMinutes: item.estimateMinutes,
            repeatDays: item.repeatDays)
    }
}

/// A three-way merge of one item, field by field: `base` is what an edit started from, `mine`
/// what it wants to store, `theirs` what is stored now (changed elsewhere since `base`).
///
/// - a field only I changed takes my value;
/// - a field only they changed keeps theirs;
/// - a field both changed to the same value is that value;
/// - a field both changed to different values is a conflict.
public struct TodoMerge: Equatable, Sendable {
    /// What to apply over `theirs`: my changes that `theirs` does not already have.
    public let changes: TodoChanges
    /// The fields both sides changed to different values, in `EditableField` order.
    public let conflicts: [EditableField]
    /// The fields I changed (whether or not they conflict).
    public let mine: [EditableField]

    public init(base: TodoDraft, mine: TodoDraft, theirs: TodoDraft) {
        var changes = TodoChanges()
        var conflicts: [EditableField] = []
        var changedByMe: [EditableField] = []
        for field in EditableField.allCases where field.differs(mine, base) {
            changedByMe.append(field)
            if !field.differs(theirs, base) {
                field.take(from: mine, into: &changes)
            } else if field.differs(mine, theirs) {
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

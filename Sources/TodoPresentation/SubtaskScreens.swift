import Foundation
public import Localization
import TodoCore

/// What a check that left every subtask of an open parent done offers (SUB-9): to check the
/// parent too. The web shows it as a notice with a button; `todo check` prints it with the
/// command.
public struct SubtaskOffer: Equatable, Sendable {
    /// The parent to check.
    public let parent: TodoItem
    /// “All subtasks of “Pack for the trip” are done.”
    public let message: String
    /// “Check it too”.
    public let actionTitle: String
    /// “Check it too: todo check 3”.
    public let command: String

    init(parent: TodoItem, strings: Strings) {
        self.parent = parent
        message = strings("subtasks.offer", ["title": parent.title])
        actionTitle = strings("subtasks.offer.check")
        command = strings("subtasks.offer.command", ["number": String(parent.number)])
    }

    /// The offer after `checked` was checked: when its parent is open and every subtask of it
    /// is done now; nil otherwise (SUB-9).
    public static func after(checking checked: TodoItem, store: any TodoStore, language: Language = .english) async throws
        -> SubtaskOffer?
    {
        guard checked.isDone, let id = checked.parent, let parent = try await store.item(id: id), !parent.isDone,
              try await store.subtaskCount(of: id).allDone
        else { return nil }
        return SubtaskOffer(parent: parent, strings: TodoWords.strings(language))
    }

    /// The offer for `parent` as it is now: nil once it is done, or a subtask of it is open again.
    public static func load(parent id: UUID, store: any TodoStore, language: Language = .english) async throws -> SubtaskOffer? {
        guard let parent = try await store.item(id: id), !parent.isDone, try await store.subtaskCount(of: id).allDone
        else { return nil }
        return SubtaskOffer(parent: parent, strings: TodoWords.strings(language))
    }
}

/// One subtask as the details screen lists it (SUB-10).
public struct SubtaskLine: Equatable, Sendable {
    public let id: UUID
    public let title: String
    public let isDone: Bool
}

/// The details screen's subtasks and parent (SUB-10).
extension ItemDetailViewModel {
    /// “Subtasks”, the heading of the list of subtasks.
    public var subtasksHeading: String { strings("details.subtasks") }
    /// “2 of 5 done”; nil without subtasks.
    public var subtasksCount: String? {
        guard !subtasks.isEmpty else { return nil }
        return strings("details.subtasks.count", ["done": String(subtasks.count { $0.isDone }), "total": String(subtasks.count)])
    }
    /// Each subtask, in list order.
    public var subtaskLines: [SubtaskLine] { subtasks.map { SubtaskLine(id: $0.id, title: $0.title, isDone: $0.isDone) } }
    /// “Add a subtask”: the add field's label and button.
    public var addSubtaskTitle: String { strings("details.subtasks.add") }
    /// “Subtask of”: the label of the link to the parent.
    public var parentLabel: String { strings("details.parent") }
}

/// A row's words for its collapse button (SUB-8).
extension TodoRowViewModel {
    /// “Hide subtasks”.
    public var subtasksHideLabel: String { strings("row.subtasks.hide") }
    /// “Show subtasks”.
    public var subtasksShowLabel: String { strings("row.subtasks.show") }
}

import Foundation
import Observation
import TodoCore

/// One labelled value on the details screen.
public struct DetailField: Equatable, Sendable {
    public let label: String
    public let value: String

    public init(label: String, value: String) {
        self.label = label
        self.value = value
    }
}

/// The details screen: the item's title and fields, and a Check / Uncheck button at the bottom;
/// also what the list rows' check, delete and move controls act through.
@Observable
public final class ItemDetailViewModel {
    public let id: UUID
    private let store: any TodoStore
    public private(set) var item: TodoItem?

    public init(store: any TodoStore, id: UUID) {
        self.store = store
        self.id = id
    }

    /// The control at the top left that returns to the list the details were opened from
    /// (DETAIL-5: the View knows that list, e.g. the web page's `from`).
    public var backButtonTitle: String { "Back" }

    /// Loads the item; throws `itemNotFound` when it does not exist.
    public func load() async throws {
        guard let item = try await store.item(id: id) else { throw TodoPresentationError.itemNotFound }
        self.item = item
    }

    public var title: String { item?.title ?? "" }

    /// "Check" for a to-do item, "Uncheck" for a done one (DETAIL-1, DETAIL-2).
    public var toggleButtonTitle: String { item?.isDone == true ? "Uncheck" : "Check" }

    /// The item's other fields, only those that are set, in a fixed order.
    public var fields: [DetailField] {
        guard let item else { return [] }
        var fields: [DetailField] = [DetailField(label: "Status", value: item.isDone ? "Done" : "To do")]
        if let details = item.details { fields.append(DetailField(label: "Details", value: details)) }
        if let due = item.dueDate { fields.append(DetailField(label: "Due date", value: due.monthDayYear)) }
        if let location = item.location {
            fields.append(DetailField(label: "Location", value: TodoFormat.location(location)))
        }
        if let project = item.project { fields.append(DetailField(label: "Project", value: project.name)) }
        if let minutes = item.estimateMinutes {
            fields.append(DetailField(label: "Estimate", value: Estimate.text(minutes: minutes)))
        }
        if !item.repeatDays.isEmpty {
            fields.append(DetailField(label: "Repeat", value: TodoFormat.repeatDays(item.repeatDays)))
        }
        return fields
    }

    /// Checks (true) or unchecks (false) the item; nothing changes when it already is. The
    /// button title follows (DETAIL-3, DETAIL-4).
    public func setDone(_ done: Bool) async throws {
        if item == nil { try await load() }
        guard item?.isDone != done else { return }
        guard let updated = try await store.setDone(id: id, done) else { throw TodoPresentationError.itemNotFound }
        item = updated
        nextOccurrence = done && !updated.repeatDays.isEmpty ? try await store.nextOccurrence(of: id) : nil
    }

    /// After `setDone(true)` of a repeating item: the next occurrence its check created (REPEAT-6).
    public private(set) var nextOccurrence: TodoItem?

    /// Moves the item to `index` (0-based) of its section.
    public func move(toIndex index: Int) async throws {
        guard let moved = try await store.move(id: id, toIndex: index) else { throw TodoPresentationError.itemNotFound }
        item = moved
    }

    /// Deletes the item.
    public func delete() async throws {
        guard try await store.delete(id: id) else { throw TodoPresentationError.itemNotFound }
        item = nil
    }
}

import Foundation
public import Localization
import Observation
import TodoCore

/// One labelled value on the details screen.
public struct DetailField: Equatable, Sendable {
    public let label: String
    public let value: String
    /// Which field it is, the same in every language: `status`, `details`, `due-date`,
    /// `location`, `project`, `estimate`, `repeat`.
    public let key: String
    /// The tags the line names (TAG-11), for a View that links each to its list; empty for
    /// any other field.
    public let tags: [String]

    public init(label: String, value: String, key: String? = nil, tags: [String] = []) {
        self.label = label
        self.value = value
        self.tags = tags
        self.key = key ?? label.lowercased().replacingOccurrences(of: " ", with: "-")
    }
}

/// The details screen: the item's title and fields, and a Check / Uncheck button at the bottom;
/// also what the list rows' check, delete and move controls act through.
@Observable
public final class ItemDetailViewModel {
    public let id: UUID
    private let store: any TodoStore
    public private(set) var item: TodoItem?
    /// The language the screen's words, dates and durations are in (LANG-4 … LANG-6).
    public let language: Language
    var strings: Strings { TodoWords.strings(language) }
    /// The item it sits under, when it has one in the list (SUB-10).
    public private(set) var parent: TodoItem?
    /// Its subtasks, in list order (SUB-10).
    public private(set) var subtasks: [TodoItem] = []
    /// After `setDone(true)` of a subtask: the offer to check its parent too (SUB-9).
    public private(set) var offer: SubtaskOffer?

    public init(store: any TodoStore, id: UUID, language: Language = .english) {
        self.store = store
        self.id = id
        self.language = language
    }

    /// The control at the top left that returns to the list the details were opened from
    /// (DETAIL-5: the View knows that list, e.g. the web page's `from`).
    public var backButtonTitle: String { strings("details.back") }

    /// Loads the item; throws `itemNotFound` when it does not exist.
    public func load() async throws {
        guard let item = try await store.item(id: id) else { throw TodoPresentationError.itemNotFound }
        self.item = item
        parent = if let above = item.parent { try await store.item(id: above) } else { nil }
        subtasks = try await store.subtasks(of: id)
    }

    public var title: String { item?.title ?? "" }

    /// What the person may do with the item, by its list (SHARE-12): a view-only item's page has
    /// no control that changes it (SHARE-13). Known once loaded.
    public var access: ListAccess { store.access(toList: item?.project?.name) }

    /// "View only · alice's list" for an item of a list shared to read only; nil for any other.
    public var viewOnlyNotice: String? { SharingWording.viewOnly(access, language) }

    /// "Check" for a to-do item, "Uncheck" for a done one (DETAIL-1, DETAIL-2).
    public var toggleButtonTitle: String { item?.isDone == true ? strings("details.uncheck") : strings("details.check") }

    /// What the Move up / Move down group is called: its place in the item's section (MOVE-3).
    public var placeLabel: String { item?.isDone == true ? strings("details.place.done") : strings("details.place.todo") }

    /// Said once the details page's Check / Uncheck has done its work: "Checked “Buy milk”".
    public var toggleAnnouncementText: String {
        strings(item?.isDone == true ? "details.announce.unchecked" : "details.announce.checked", ["title": title])
    }

    /// The item's other fields, only those that are set, in a fixed order; dates, durations and
    /// days as the language writes them (LANG-5, LANG-6).
    public var fields: [DetailField] {
        guard let item else { return [] }
        let strings = self.strings
        var fields: [DetailField] = [DetailField(
            label: strings("details.field.status"),
            value: item.isDone ? strings("details.status.done") : strings("details.status.todo"), key: "status")]
        fields += ItemFieldScreens.all.compactMap { $0.detail(item.content, strings) }
        return fields
    }

    /// Checks (true) or unchecks (false) the item; nothing changes when it already is. The
    /// button title follows (DETAIL-3, DETAIL-4).
    public func setDone(_ done: Bool) async throws {
        if item == nil { try await load() }
        guard item?.isDone != done else { return }
        guard let updated = try await store.setDone(id: id, done) else { throw TodoPresentationError.itemNotFound }
        item = updated
        nextOccurrence = done && updated.repeatRule != nil ? try await store.nextOccurrence(of: id) : nil
        offer = try await SubtaskOffer.after(checking: updated, store: store, language: language)
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

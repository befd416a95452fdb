import Foundation
import TodoCore

/// Which list is shown: everything, one project's items, or the items due on a day.
public enum ListScope: Equatable, Hashable, Sendable {
    case all
    case project(String)
    case dueDate(CalendarDate)
    /// The items due today (resolved with the ViewModel's clock).
    case today
}

/// Remembers the "show unfinished only" choice (LIST-6) between visits.
public protocol ListPreferences: AnyObject {
    var showUnfinishedOnly: Bool { get set }
}

/// Preferences kept for as long as the object lives.
public final class InMemoryListPreferences: ListPreferences {
    public var showUnfinishedOnly: Bool
    public init(showUnfinishedOnly: Bool = false) { self.showUnfinishedOnly = showUnfinishedOnly }
}

/// One row of a list, ready to show.
public struct TodoRowViewModel: Equatable, Sendable, Identifiable {
    public let id: UUID
    /// The row's number in the full list (1-based, To Do then Done): what CLI commands take.
    public let number: Int
    public let title: String
    /// Shown for to-do rows only (LIST-5).
    public let locationName: String?
    /// `MM/dd/yyyy`, for to-do rows with a due date only (LIST-5).
    public let dueDateText: String?
    public let isDone: Bool
    /// Done rows show their title struck through (LIST-5).
    public var isStruckThrough: Bool { isDone }
    /// "Check" in To Do, "Uncheck" in Done (CHECK-3).
    public var toggleActionTitle: String { isDone ? "Uncheck" : "Check" }
    public let item: TodoItem

    public init(item: TodoItem, number: Int) {
        self.id = item.id
        self.number = number
        self.title = item.title
        self.isDone = item.isDone
        self.locationName = item.isDone ? nil : item.location?.name
        self.dueDateText = item.isDone ? nil : item.dueDate?.monthDayYear
        self.item = item
    }
}

/// A section of the list with its header title.
public struct TodoSectionViewModel: Equatable, Sendable {
    public let section: TodoSection
    public var headerTitle: String { section.headerTitle }
    public let rows: [TodoRowViewModel]
}

/// The list screen: To Do above Done, each under its header, empty state, the unfinished-only
/// toggle, and the row actions (check, uncheck, delete, move).
public final class TodoListViewModel {
    public let scope: ListScope
    private let store: any TodoStore
    private let preferences: any ListPreferences
    private let today: () -> CalendarDate

    /// The sections to show: only those with rows (LIST-1..4).
    public private(set) var sections: [TodoSectionViewModel] = []
    /// How many items are in the list when nothing is hidden.
    public private(set) var totalCount = 0

    public init(
        store: any TodoStore, scope: ListScope = .all, preferences: any ListPreferences = InMemoryListPreferences(),
        today: @escaping () -> CalendarDate = { CalendarDate(Date(), in: .current) }
    ) {
        self.store = store
        self.scope = scope
        self.preferences = preferences
        self.today = today
    }

    /// The list's title: "Todo", the project's name, "Today" or the date.
    public var title: String {
        switch scope {
        case .all: "Todo"
        case .project(let name): name
        case .today: "Today"
        case .dueDate(let date): date == today() ? "Today" : "Due \(date.monthDayYear)"
        }
    }

    /// The due date this list is about, if it is a date list.
    public var dueDate: CalendarDate? {
        switch scope {
        case .today: today()
        case .dueDate(let date): date
        default: nil
        }
    }

    /// The project this list is about, if it is a project list.
    public var projectName: String? {
        if case .project(let name) = scope { return name }
        return nil
    }

    /// True when no row shows (LIST-4): the View shows `emptyMessage` and no headers.
    public var isEmpty: Bool { sections.isEmpty }

    public var emptyMessage: String {
        if totalCount > 0 { return "Everything here is done. Turn off “show unfinished only” to see it." }
        switch scope {
        case .all: return "Nothing to do yet. Add your first item with +."
        case .project(let name): return "No items in the project \(name)."
        case .today: return "Nothing is due today."
        case .dueDate(let date): return date == today() ? "Nothing is due today." : "Nothing is due on \(date.monthDayYear)."
        }
    }

    public var showUnfinishedOnly: Bool { preferences.showUnfinishedOnly }

    public var rows: [TodoRowViewModel] { sections.flatMap(\.rows) }

    /// Loads the list from the store.
    public func load() async throws {
        var filter = TodoFilter(project: projectName, dueDate: dueDate)
        // Row numbers count through the full list, so a filtered list shows the same numbers
        // as the full one and a number always names the same item.
        let all = try await store.items(.all)
        var numbered = all.enumerated().map { TodoRowViewModel(item: $0.element, number: $0.offset + 1) }
        numbered = numbered.filter { filter.matches($0.item) }
        totalCount = numbered.count
        filter.unfinishedOnly = showUnfinishedOnly
        let visible = numbered.filter { filter.matches($0.item) }
        sections = TodoSection.allCases.compactMap { section in
            let rows = visible.filter { $0.item.section == section }
            return rows.isEmpty ? nil : TodoSectionViewModel(section: section, rows: rows)
        }
    }

    /// Turns "show unfinished only" on or off, remembers it, and reloads (LIST-6).
    public func setShowUnfinishedOnly(_ on: Bool) async throws {
        preferences.showUnfinishedOnly = on
        try await load()
    }

    /// CHECK-1: the item becomes the first of Done.
    public func check(_ id: UUID) async throws { try await setDone(id, true) }

    /// CHECK-2: the item becomes the last of To Do.
    public func uncheck(_ id: UUID) async throws { try await setDone(id, false) }

    /// The row's own check control: check a to-do item, uncheck a done one.
    public func toggle(_ id: UUID) async throws {
        guard let item = try await store.item(id: id) else { throw TodoPresentationError.itemNotFound }
        try await setDone(id, !item.isDone)
    }

    /// DELETE-1, DELETE-2.
    public func delete(_ id: UUID) async throws {
        guard try await store.delete(id: id) else { throw TodoPresentationError.itemNotFound }
        try await load()
    }

    /// Moves an item to `index` (0-based) of its section.
    public func move(_ id: UUID, toIndex index: Int) async throws {
        guard try await store.move(id: id, toIndex: index) != nil else { throw TodoPresentationError.itemNotFound }
        try await load()
    }

    private func setDone(_ id: UUID, _ done: Bool) async throws {
        guard try await store.setDone(id: id, done) != nil else { throw TodoPresentationError.itemNotFound }
        try await load()
    }
}

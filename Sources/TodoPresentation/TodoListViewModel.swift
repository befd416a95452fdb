import Foundation
import Localization
import Observation
import TodoCore

// MARK: - The ViewModel convention (Todo and Comics alike)
//
// A ViewModel is an `@Observable public final class` with **no actor isolation**:
//
// - **Who owns one.** One View owns a ViewModel and uses it from one task at a time: a web
//   route makes one per request, fills or loads it, renders it and drops it; a CLI command
//   makes one per run; an app screen keeps one for as long as it shows. A ViewModel is never
//   shared between tasks, so it needs no lock and is not `Sendable`.
// - **Why not isolated.** A server renders many ViewModels at once, one per request, on
//   whatever executor the request runs on. Pinning them to `@MainActor` would funnel every
//   request through one thread (and make every route hop to it). An Apple app that wants the
//   main actor wraps them on the main actor in its own layer (or calls them from its
//   `@MainActor` views, which own them) — that choice belongs to that View, not to this module.
// - **Observation.** `@Observable` lets a SwiftUI view (or any `withObservationTracking`
//   client) redraw when a loaded value changes; the web and the CLI read the values once
//   and ignore it. `let` properties and the injected store/clock are not tracked.
// - **API exists because a View uses it.** A member no View (web, CLI, executable) reads or
//   calls is removed, and each behaviour is tested where it lives (for example Cancel, which
//   is a link back in the web View, is tested there).

/// Which list is shown: everything, one project's items, or the items due on a day.
public enum ListScope: Equatable, Hashable, Sendable {
    case all
    case project(String)
    case dueDate(CalendarDate)
    /// The items due today, after the overdue ones (resolved with the ViewModel's clock, DAY-2).
    case today
    /// The items that contain every word of a text (FIND-1).
    case search(String)
    /// The to-do items due before today (DAY-1, DAY-4).
    case overdue
    /// The items with a tag (TAG-12).
    case tag(String)
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
    /// The row as the store read it.
    let entry: ListEntry
    /// The language the row's texts are worded in (LANG-4, LANG-5).
    public let language: Language
    /// How deep it is nested under the rows above it on its page (SUB-7): 0 at the top level.
    public let depth: Int
    /// The item it sits under (SUB-1), whether or not that row is on the page.
    public var parentID: UUID? { entry.content.parent }
    /// Whether rows of its subtasks follow it on its page (SUB-8): the web draws its collapse button.
    public let hasSubtasks: Bool

    public var id: UUID { entry.id }
    /// The item's stable number (`#7`): what the CLI shows and its commands take (NUMBER-2).
    public var number: Int { entry.itemNumber }
    // The row's fields are read from the content itself, not by key path: a long list reads
    // them for every row, and a key path is applied at run time.
    public var title: String { entry.content.title }
    public var isDone: Bool { entry.content.isDone }
    /// Shown on done rows too, dimmed (LIST-5).
    public var locationName: String? { entry.content.location?.name }
    /// Shown, as `dueDateText`, on done rows too, dimmed (LIST-5).
    public var dueDate: CalendarDate? { entry.content.dueDate }
    /// The due time, for rows with a due date only (TIME-1).
    public var dueTime: TimeOfDay? { dueDate == nil ? nil : entry.content.dueTime }
    /// The due date in the language's numeric style, for rows with a due date only:
    /// `MM/dd/yyyy` in English (LIST-5), `yyyy/MM/dd` in Chinese and Japanese (LANG-5).
    /// With its time after it when it has one (TIME-9): `12/08/2026 15:00`.
    public var dueDateText: String? {
        dueDate.map { date in TodoWords.date(date, in: language) + (entry.content.dueTime.map { " " + $0.text } ?? "") }
    }
    /// The due date said relative to `today` where that is shorter (TIME-9): `Today 15:00`,
    /// `Tomorrow`, a weekday of the coming week (`Sat`, `周六`, `土`), else `dueDateText`.
    public func dueText(today: CalendarDate) -> String? {
        guard let date = dueDate else { return nil }
        let days = today.days(to: date)
        guard (0...6).contains(days) else { return dueDateText }
        let strings = self.strings
        let day = days == 0 ? strings("day.today") : days == 1 ? strings("day.tomorrow") : strings.shortWeekday(date.weekday)
        return day + (entry.content.dueTime.map { " " + $0.text } ?? "")
    }
    /// Done rows show their title struck through (LIST-5).
    public var isStruckThrough: Bool { isDone }
    /// "Check" in To Do, "Uncheck" in Done (CHECK-3).
    public var toggleActionTitle: String { isDone ? strings("row.uncheck") : strings("row.check") }

    /// The row's words: Todo's catalog in the row's language.
    var strings: Strings { TodoWords.strings(language) }

    init(_ entry: ListEntry, language: Language = .english, depth: Int = 0, hasSubtasks: Bool = false) {
        self.entry = entry
        self.language = language
        self.depth = depth
        self.hasSubtasks = hasSubtasks
    }

    /// Rows of `entries`, each subtask after its parent (SUB-7).
    static func nested(_ entries: [ListEntry], language: Language) -> [TodoRowViewModel] {
        let nested = Subtasks.nested(entries, id: { $0.id }, parent: { $0.content.parent })
        return nested.indices.map { index in
            let row = nested[index], next = nested.indices.contains(index + 1) ? nested[index + 1].depth : 0
            return TodoRowViewModel(row.row, language: language, depth: row.depth, hasSubtasks: next > row.depth)
        }
    }
}

/// A section of the list with its header title.
public struct TodoSectionViewModel: Equatable, Sendable {
    public let section: TodoSection
    /// "To Do" / "Done", in the list's language (LANG-4).
    public let headerTitle: String
    public let rows: [TodoRowViewModel]
}

extension Strings {
    /// A section's header: "To Do" / "Done", 待办 / 已完成, 未完了 / 完了.
    public func sectionTitle(_ section: TodoSection) -> String {
        switch section {
        case .todo: self("list.section.todo")
        case .done: self("list.section.done")
        }
    }
}

/// The list screen: To Do above Done, each under its header, the empty state, the
/// unfinished-only choice, and paging. Row actions go through `ItemDetailViewModel`, as every
/// View does (the list is loaded again afterwards).
@Observable
public final class TodoListViewModel {
    public let scope: ListScope
    private let store: any TodoListReadModel
    private let preferences: any ListPreferences
    private let today: () -> CalendarDate
    /// The time it is on the list's clock (TIME-7); nil: only dates tell what is overdue.
    private let now: () -> TimeOfDay?
    /// Only the rows of these priorities, whatever the scope (PRIO-12); nil: every row.
    public let priorities: Set<Priority.Level>?
    /// Only the rows with every one of these tags, whatever the scope (TAG-14); empty: every row.
    public let tags: [String]
    /// The order of each section (PRIO-14): the list's own, or by priority.
    public let order: ListOrder

    /// The sections to show: only those with rows (LIST-1..4).
    public private(set) var sections: [TodoSectionViewModel] = []
    /// How many items are in the list when nothing is hidden.
    public private(set) var totalCount = 0
    /// How many rows each shown section has in all, whatever page is loaded.
    public private(set) var sectionCounts: [TodoSection: Int] = [:]
    /// The page loaded by `load(page:rowsPerSection:)` (1-based); 1 after `load()`.
    public private(set) var page = 1
    /// How many pages the longest shown section needs; 1 after `load()`.
    public private(set) var pageCount = 1
    /// The rows per section of a paged load; nil when every row is loaded.
    public private(set) var rowsPerSection: Int?
    /// The projects that have items, for links to their lists; read with the rows.
    public private(set) var projects: [Project] = []
    /// Today's overdue rows (DAY-2), shown before the sections under `overdueHeaderTitle`, each
    /// marked; empty on other lists.
    public private(set) var overdueRows: [TodoRowViewModel] = []
    /// How many overdue rows Today has in all, whatever page is loaded.
    public private(set) var overdueCount = 0
    public var overdueHeaderTitle: String { strings("list.title.overdue") }
    /// The language the list is worded in.
    public let language: Language
    /// The list's words (Todo's catalog in `language`).
    public let strings: Strings

    public init(
        store: any TodoListReadModel, scope: ListScope = .all, preferences: any ListPreferences = InMemoryListPreferences(),
        today: @escaping () -> CalendarDate, now: @escaping () -> TimeOfDay? = { nil }, language: Language = .english,
        priorities: Set<Priority.Level>? = nil, tags: [String] = [], order: ListOrder = .position
    ) {
        self.now = now
        self.store = store
        self.scope = scope
        self.priorities = priorities
        self.tags = tags
        self.order = order
        self.preferences = preferences
        self.today = today
        self.language = language
        self.strings = TodoWords.strings(language)
    }

    /// The list's title: "Todo", the project's name, "Today" or the date.
    public var title: String {
        switch scope {
        case .all: strings("list.title.all")
        case .project(let name): name
        case .today: strings("list.title.today")
        case .dueDate(let date): date == today() ? strings("list.title.today") : strings("list.title.due", ["date": strings.date(date)])
        case .search(let text): strings("list.title.search", ["text": text])
        case .overdue: strings("list.title.overdue")
        case .tag(let name): Strings.tagSign(name)
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

    /// The tag this list is about, if it is a tag's list (TAG-12).
    public var tagName: String? {
        if case .tag(let name) = scope { return name }
        return nil
    }

    /// What the person may do with this list (SHARE-12): a view-only list shows no control that
    /// changes it (SHARE-13).
    public var access: ListAccess { store.access(toList: projectName) }

    /// "View only · alice's list" on a list shared to read only; nil on any other.
    public var viewOnlyNotice: String? { SharingWording.viewOnly(access, language) }

    /// True when no row shows (LIST-4): the View shows `emptyMessage` and no headers.
    public var isEmpty: Bool { sections.isEmpty && overdueRows.isEmpty }

    /// The words a search list looks for, which its rows mark (FIND-12); nil on any other list.
    public var searchWords: SearchWords? {
        guard case .search = scope else { return nil }
        let words = filter.words
        return words.isEmpty ? nil : words
    }

    /// The text searched for, on a search list.
    public var searchText: String? {
        if case .search(let text) = scope { return text }
        return nil
    }

    /// What the list reads from the store (its `unfinishedOnly` left to the caller).
    var filter: TodoFilter {
        var filter = switch scope {
        case .all: TodoFilter()
        case .today: TodoFilter(dueDate: today())
        case .project(let name): TodoFilter(project: name)
        case .dueDate(let date): TodoFilter(dueDate: date)
        case .search(let query):
            // `milk !high`: the sign is a filter, the rest the words to find (PRIO-13).
            PlainWords.searchFilter(query)
        case .overdue: TodoFilter(due: .overdue(before: today(), time: now()))
        case .tag(let name): TodoFilter(tags: [name])
        }
        if let priorities { filter.priorities = filter.priorities.map { $0.intersection(priorities) } ?? priorities }
        filter.tags = Tags(filter.tags + tags).names
        filter.order = order
        return filter
    }

    /// Today's overdue rows: not done, due before today (of the list's priorities, in its order).
    private var overdueFilter: TodoFilter {
        TodoFilter(due: .overdue(before: today()), priorities: priorities, tags: tags, order: order)
    }

    /// Whether `row` is overdue (DAY-1): the View marks it with `overdueLabel`.
    public func isOverdue(_ row: TodoRowViewModel) -> Bool { row.isOverdue(today: today(), now: now()) }
    /// Today, by the ViewModel's clock: a View that marks a long list's overdue rows reads it
    /// once per render and asks each row `isOverdue(today:)`, rather than reading the clock and
    /// the time zone for every row.
    public var currentDay: CalendarDate { today() }
    /// The time it is on the list's clock, when the ViewModel was given one: a to-do due today
    /// before it is overdue (TIME-7). Read once per render, as `currentDay`.
    public var currentTime: TimeOfDay? { now() }
    /// The word that marks an overdue row, beside its date (DAY-2), in English.
    public static let overdueLabel = "overdue"
    /// The word that marks an overdue row, beside its date (DAY-2), in the list's language.
    public var overdueLabel: String { strings("list.overdue.label") }

    public var emptyMessage: String {
        if case .search(let text) = scope, totalCount == 0 { return strings("list.empty.search", ["text": text]) }
        if case .overdue = scope, totalCount == 0 { return strings("list.empty.overdue") }
        if case .today = scope, totalCount == 0, overdueCount == 0 { return strings("list.empty.today") }
        if totalCount > 0 { return strings("list.empty.all-done") }
        switch scope {
        case .all: return strings("list.empty.all")
        case .project(let name): return strings("list.empty.project", ["project": name])
        case .today: return strings("list.empty.today")
        case .dueDate(let date):
            return date == today() ? strings("list.empty.due-today") : strings("list.empty.due", ["date": strings.date(date)])
        case .search(let text): return strings("list.empty.search", ["text": text])
        case .overdue: return strings("list.empty.overdue")
        case .tag(let name): return strings("list.empty.tag", ["tag": Strings.tagSign(name)])
        }
    }

    public var showUnfinishedOnly: Bool { preferences.showUnfinishedOnly }

    public var rows: [TodoRowViewModel] { sections.flatMap(\.rows) }

    /// Loads the list from the store: every row.
    public func load() async throws {
        try await load(page: 1, rowsPerSection: nil)
    }

    /// Loads one page of the list: rows `(page - 1) × rowsPerSection + 1 …` of each section,
    /// so a long list shows its first screen without reading the rest. A page past the last
    /// shows the last.
    public func load(page: Int, rowsPerSection: Int?) async throws {
        let shown: [TodoSection] = showUnfinishedOnly || scope == .overdue ? [.todo] : TodoSection.allCases
        let loaded = try await store.listPage(filter, sections: shown, page: page, rowsPerSection: rowsPerSection)
        var pageCount = loaded.pageCount, shownPage = loaded.page
        var overdue: ListPage?
        if scope == .today {
            // Overdue first (DAY-2): its own rows, paged beside the day's sections; a part with
            // fewer pages shows nothing on the pages past its last.
            let late = try await store.listPage(overdueFilter, sections: [.todo], page: page, rowsPerSection: rowsPerSection)
            pageCount = max(pageCount, late.pageCount)
            shownPage = min(max(page, 1), pageCount)
            overdue = late
        }
        self.sections = loaded.page != shownPage ? [] : shown.compactMap { section in
            guard let entries = loaded.entries[section], !entries.isEmpty else { return nil }
            return TodoSectionViewModel(
                section: section, headerTitle: strings.sectionTitle(section), rows: TodoRowViewModel.nested(entries, language: language))
        }
        self.overdueRows = overdue.map { $0.page == shownPage ? ($0.entries[.todo] ?? []).map(row) : [] } ?? []
        self.overdueCount = overdue?.counts[.todo] ?? 0
        self.totalCount = loaded.total
        self.sectionCounts = loaded.counts
        self.page = shownPage
        self.pageCount = pageCount
        self.rowsPerSection = rowsPerSection.map { max($0, 1) }
        self.projects = loaded.projects
    }

    /// The rows of a section after `row` (at most `limit`):
    /// for views that go through a long list a slice at a time instead of holding all of it.
    /// Empty when `row` has been deleted in the meantime.
    public func rows(in section: TodoSection, after row: TodoRowViewModel, limit: Int) async throws -> [TodoRowViewModel] {
        try await store.listEntries(filter, in: section, after: row.entry, limit: limit).map(self.row)
    }

    /// A row worded in the list's language.
    private func row(_ entry: ListEntry) -> TodoRowViewModel { TodoRowViewModel(entry, language: language) }

    /// Today's overdue rows after `row` (at most `limit`): as `rows(in:after:limit:)`.
    public func overdueRows(after row: TodoRowViewModel, limit: Int) async throws -> [TodoRowViewModel] {
        try await store.listEntries(overdueFilter, in: .todo, after: row.entry, limit: limit).map(self.row)
    }

    /// The whole items of the list, in row order, as `load()` shows them (hidden Done rows
    /// left out): for views that show every field, such as JSON.
    public func loadItems() async throws -> [TodoItem] {
        var filter = self.filter
        filter.unfinishedOnly = showUnfinishedOnly
        let items = try await store.items(filter)
        guard scope == .today else { return items }
        return try await store.items(overdueFilter) + items
    }
}

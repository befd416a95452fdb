import Foundation

/// One row of a list as a list shows it: its place in that list (1-based, To Do then Done),
/// the item's stable number, and the item's fields a row draws, read by name (`entry.title`).
/// A long list reads these instead of whole items.
@dynamicMemberLookup
public struct ListEntry: Equatable, Sendable, Identifiable {
    /// The row's place in the list it was read from — the full list (what `item(atOffset:
    /// number - 1)` resolves) or a filtered one: for paging only. People see and type
    /// `itemNumber` (NUMBER-2).
    public let number: Int
    /// The item's stable number, `#7` (`TodoItem.number`).
    public let itemNumber: Int
    public let id: UUID
    /// The item's fields as a row has them (`rowContent(of:)`): every field but the details,
    /// and of the location its name only. A new field of `TodoContent` is a row's too.
    public let content: TodoContent
    /// How many subtasks the item has and how many are done (SUB-4); nil: none.
    public var subtasks: SubtaskCount?

    public init(number: Int, id: UUID, content: TodoContent, itemNumber: Int = 0, subtasks: SubtaskCount? = nil) {
        self.number = number
        self.itemNumber = itemNumber
        self.id = id
        self.content = content
        self.subtasks = subtasks
    }

    public init(number: Int, item: TodoItem) {
        self.init(number: number, id: item.id, content: Self.rowContent(of: item.content), itemNumber: item.number)
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<TodoContent, Value>) -> Value { content[keyPath: keyPath] }

    /// What a row keeps of an item's content: no details and no coordinates, which no row
    /// shows and a page of 10,000 rows should not read.
    public static func rowContent(of content: TodoContent) -> TodoContent {
        var row = content
        row.details = nil
        row.location = content.location.map { Location(name: $0.name) }
        return row
    }
}

/// One page of a list, read at one moment: how many rows each section has in all, and the
/// rows of the page in each.
public struct ListPage: Equatable, Sendable {
    /// The rows each requested section has in all, whatever page this is.
    public var counts: [TodoSection: Int]
    /// The items matching the filter in both sections, asked for or not.
    public var total: Int
    /// The page (1-based): the one asked for, or the last when that is past the end.
    public var page: Int
    /// How many pages the longest section needs (at least 1).
    public var pageCount: Int
    /// Each requested section's rows on this page, numbered in the list read.
    public var entries: [TodoSection: [ListEntry]]
    /// The projects that have items (as `TodoStore.projects()`), for links to their lists.
    public var projects: [Project]

    public init(
        counts: [TodoSection: Int], total: Int, page: Int, pageCount: Int, entries: [TodoSection: [ListEntry]],
        projects: [Project]
    ) {
        self.counts = counts
        self.total = total
        self.page = page
        self.pageCount = pageCount
        self.entries = entries
        self.projects = projects
    }

    /// Where page `page` lies when each of `sections` shows at most `rowsPerSection` rows
    /// (all when nil), for a list of `total` items of which `toDo` are in To Do: each
    /// section's count, the page (clamped) and the page count, and the rows to read.
    public static func layout(sections: [TodoSection], total: Int, toDo: Int, page: Int, rowsPerSection: Int?)
        -> Layout
    {
        var counts: [TodoSection: Int] = [:]
        for section in sections { counts[section] = section == .todo ? toDo : total - toDo }
        let limit = rowsPerSection.map { max($0, 1) }
        let longest = counts.values.max() ?? 0
        let pageCount = limit.map { max(1, (longest + $0 - 1) / $0) } ?? 1
        let page = min(max(page, 1), pageCount)
        let offset = limit.map { (page - 1) * $0 } ?? 0
        let slices = TodoSection.allCases.compactMap { section -> Layout.Slice? in
            guard let count = counts[section], count > offset else { return nil }
            return Layout.Slice(section: section, offset: offset, limit: min(limit ?? count, count - offset))
        }
        return Layout(counts: counts, page: page, pageCount: pageCount, slices: slices)
    }

    /// A page's place in the list, before its rows are read.
    public struct Layout: Sendable {
        public struct Slice: Sendable {
            public let section: TodoSection
            public let offset: Int
            public let limit: Int
        }

        public let counts: [TodoSection: Int]
        public let page: Int
        public let pageCount: Int
        /// The rows to read: a slice of each section that has rows on the page.
        public let slices: [Slice]

        /// The page, once each slice's rows are read.
        public func page(total: Int, entries: [TodoSection: [ListEntry]], projects: [Project]) -> ListPage {
            ListPage(counts: counts, total: total, page: page, pageCount: pageCount, entries: entries, projects: projects)
        }
    }
}

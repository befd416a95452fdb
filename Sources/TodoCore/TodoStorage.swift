import Foundation

// The store's logic written once (issue 32, item 2).
//
// A database differs from another only in how it reads and writes rows. `TodoStorage` is that
// difference: one transaction at a time (`read`, `write`), and inside it the rows (`TodoRows`,
// twelve requirements). Everything else a store does — placing, moving and respacing items,
// numbering them, repeats, the Trash and its purge, the import plan, a list's pages — is
// `StoredList`, written once over it. `InMemoryStorage` is the reference the contract suite
// compares the others to.
//
// Transactions are synchronous: SQLite (GRDB) runs a transaction's closure on its writer's
// thread; PostgreSQL runs it on a thread of its own that waits for each statement's answer, so
// the rules read as plain code and no async hop is paid per row in the common (SQLite) case.

/// Which items a storage reads, in display order (To Do by position then id, then Done): one
/// statement in a database.
public struct ItemQuery: Hashable, Sendable {
    public enum Selection: Hashable, Sendable {
        /// The items `filter` matches (`unfinishedOnly` leaves Done out).
        case matching(TodoFilter)
        case id(UUID)
        case number(Int)
        /// Ids that, in lower case, start with the prefix.
        case idPrefix(String)
        /// The occurrence that checking the item created (`Repeats`), while it exists.
        case occurrence(of: UUID)
        /// The items directly under this one (SUB-1).
        case children(of: UUID)
    }

    public var selection: Selection
    /// Only this section.
    public var section: TodoSection?
    /// Only the items after this place (`ListCursor.precedes`).
    public var after: ListCursor?
    /// Only the items before this place (for counting an item's rank in its section).
    public var before: ListCursor?
    /// From the end of the order (the last of a section first).
    public var reversed: Bool
    public var offset: Int
    public var limit: Int?

    public init(
        _ selection: Selection, section: TodoSection? = nil, after: ListCursor? = nil, before: ListCursor? = nil,
        reversed: Bool = false, offset: Int = 0, limit: Int? = nil
    ) {
        self.selection = selection
        self.section = section
        self.after = after
        self.before = before
        self.reversed = reversed
        self.offset = offset
        self.limit = limit
    }

    public static let all = ItemQuery(.matching(.all))

    /// The first (or, `reversed`, the last) item of `section`.
    public static func edge(of section: TodoSection, last: Bool) -> ItemQuery {
        ItemQuery(.matching(.all), section: section, reversed: last, limit: 1)
    }

    /// The order the query reads in: its filter's, unless a cursor names a place in the list's
    /// own order (`after`, `before`: the API's pages and an item's rank, always by position).
    public var order: ListOrder {
        guard after == nil, before == nil, case .matching(let filter) = selection else { return .position }
        return filter.order
    }

    /// Whether `item` is selected, before `offset` and `limit` apply (the in-memory reference).
    public func matches(_ item: TodoItem, occurrenceLinks: [UUID: UUID] = [:]) -> Bool {
        let selected = switch selection {
        case .matching(let filter): filter.matches(item)
        case .id(let id): item.id == id
        case .number(let number): item.number == number
        case .idPrefix(let prefix): item.id.lowercasedText.hasPrefix(prefix.lowercased())
        case .occurrence(let checked): occurrenceLinks[checked] == item.id
        case .children(let parent): item.parent == parent
        }
        return selected && (section.map { item.section == $0 } ?? true)
            && (after.map { $0.precedes(item) } ?? true)
            && (before.map { !$0.precedes(item) && ListCursor(after: item) != $0 } ?? true)
    }
}

/// Which trashed items: all, one, or those deleted at or before a moment (the purge).
public enum TrashQuery: Hashable, Sendable {
    case all
    case id(UUID)
    case deleted(atOrBefore: Date)
}

/// The rows of one owner's list inside one transaction: what differs between databases.
public protocol TodoRows {
    /// The items `query` selects, in display order (reversed when it says so).
    func items(_ query: ItemQuery) throws -> [TodoItem]
    /// The rows of a list page: the items `query` selects, as a row shows them (`ListEntry`),
    /// numbered on from `first` (the place in the list of the row before the first). A page of
    /// 10,000 rows reads only the columns a row shows; this is the read model the storage
    /// modules tune with their indexes.
    func entries(_ query: ItemQuery, numberedAfter first: Int) throws -> [ListEntry]
    /// How many items `query` selects (its offset and limit ignored).
    func count(_ query: ItemQuery) throws -> Int
    /// The projects that have at least one item, by name.
    func projects() throws -> [Project]
    /// The tags' stored texts (TAG-5) the items hold, each with how many hold it (TAG-4).
    func tagTexts() throws -> [(text: String, count: Int)]
    /// How many items are directly under each of `parents` that has any, and how many of them
    /// are done (SUB-4): a read of the index of the items that have a parent.
    func subtaskCounts(of parents: [UUID]) throws -> [UUID: SubtaskCount]
    /// The trashed items `query` selects, newest deletion first.
    func trash(_ query: TrashQuery) throws -> [TrashedItem]
    /// Writes `item`: a new row when `old` is nil, else over `old` (same id). A project no item
    /// has any more is dropped.
    func save(_ item: TodoItem, replacing old: TodoItem?) throws
    /// Removes the items `query` selects; with `trashedAt`, each goes to the Trash first (a
    /// trashed copy of the same id is replaced).
    func remove(_ query: ItemQuery, trashedAt: Date?) throws
    /// Deletes the trashed items `query` selects forever; how many there were.
    func forget(_ query: TrashQuery) throws -> Int
    /// Reserves `count` stable numbers (`ItemNumbers`) and returns the first.
    func takeNumbers(_ count: Int) throws -> Int
    /// Links a checked repeating item to the occurrence its check created (nil: unlinks).
    func link(_ checked: UUID, to occurrence: UUID?) throws
}

/// One owner's list in a database: transactions over its rows.
public protocol TodoStorage: Sendable {
    associatedtype Rows: TodoRows
    /// The clock, ids and zone the list's rules use.
    var environment: TodoEnvironment { get }
    /// Runs `body` over one consistent reading of the rows.
    func read<T: Sendable>(_ body: @escaping @Sendable (Rows) throws -> T) async throws -> T
    /// Runs `body` in one transaction, all or nothing. `importing`: the writes stand for one
    /// change in the change record (LIVE-7), and other writers are told at once that the list
    /// is busy (HARDEN-10e).
    func write<T: Sendable>(importing: Bool, _ body: @escaping @Sendable (Rows) throws -> T) async throws -> T
}

import Foundation

/// Which items a list shows. Every list keeps the two sections and their order.
public struct TodoFilter: Equatable, Hashable, Sendable {
    public var project: String?
    public var dueDate: CalendarDate?
    /// "Show unfinished only": the Done section is left out.
    public var unfinishedOnly: Bool
    /// A search (FIND-1…5): every word of it must appear, ignoring case, in the title, the
    /// details, the project's name or the location's name. Blank is no search.
    public var text: String? {
        didSet { words = SearchWords(text) }
    }
    /// Which due dates: today with what is overdue, only what is overdue, or a range (DAY-1…5).
    public var due: DueScope?
    /// `text`, split into the words each item must contain.
    public private(set) var words: SearchWords
    /// Only the items of these levels (PRIO-3); nil: any priority or none.
    public var priorities: Set<Priority.Level>?
    /// Only the items that have every one of these tags, exactly as written (TAG-3); empty: any.
    public var tags: [String]
    /// The order each section is read in (PRIO-14): the list's own, or by priority.
    public var order: ListOrder

    public init(
        project: String? = nil, dueDate: CalendarDate? = nil, unfinishedOnly: Bool = false, text: String? = nil,
        due: DueScope? = nil, priorities: Set<Priority.Level>? = nil, tags: [String] = [], order: ListOrder = .position
    ) {
        self.project = project
        self.dueDate = dueDate
        self.unfinishedOnly = unfinishedOnly
        self.text = text
        self.due = due
        self.words = SearchWords(text)
        self.priorities = priorities
        self.tags = tags
        self.order = order
    }

    public static let all = TodoFilter()

    /// The longest search a View accepts (characters); longer ones are refused with a sentence.
    public static let maxTextLength = 200

    /// Whether a search or a project name from outside holds a NUL character: no stored text
    /// does, and a database would cut the text there (SQLite) or fail (PostgreSQL). Views
    /// refuse such a query with a sentence before it reaches a store (HARDEN-23).
    public static func holdsNUL(_ text: String?) -> Bool {
        text?.unicodeScalars.contains("\u{0}") ?? false
    }

    /// The same filter with every section shown (`unfinishedOnly` off).
    public var withBothSections: TodoFilter {
        var filter = self
        filter.unfinishedOnly = false
        return filter
    }

    /// True when nothing but `unfinishedOnly` is set: the whole list, in its own order.
    public var isWholeList: Bool {
        project == nil && dueDate == nil && words.isEmpty && due == nil && priorities == nil && tags.isEmpty
            && order == .position
    }

    public func matches(_ item: TodoItem) -> Bool {
        (project == nil || item.project?.name == project)
            && (dueDate == nil || item.dueDate == dueDate)
            && !(unfinishedOnly && item.isDone)
            && (due?.matches(item) ?? true)
            && (priorities.map { levels in item.priority.level.map(levels.contains) ?? false } ?? true)
            && tags.allSatisfy(item.tags.contains)
            && words.matches(item)
    }
}

/// The order a list's sections are read in. Either way To Do comes before Done.
public enum ListOrder: String, CaseIterable, Hashable, Sendable {
    /// The person's own order: by position (`TodoStoreOrder`).
    case position
    /// By priority: high, medium, low, then none; each level in the list's own order (PRIO-14).
    case priority
    /// By due time: the to-dos with a time first, the earliest first, then the others; those of
    /// one time, and those without, in the list's own order (TIME-5: a day of Upcoming).
    case time

    /// Whether `a` comes before `b` in one section.
    public func inSection(_ a: TodoItem, _ b: TodoItem) -> Bool {
        if self == .priority, a.priority.rank != b.priority.rank { return a.priority.rank < b.priority.rank }
        if self == .time, a.dueTime != b.dueTime { return Self.timeRank(a.dueTime) < Self.timeRank(b.dueTime) }
        return TodoStoreOrder.inSection(a, b)
    }

    /// A time's place in `.time` order: its minutes; none after every time.
    private static func timeRank(_ time: TimeOfDay?) -> Int { time?.minutes ?? TimeOfDay.minutesPerDay }

    /// `.time`'s order as SQL, both stores: the rows without a time last, then by the time.
    public static func storedTimeRank(column: String) -> String {
        "COALESCE(\(column), \(TimeOfDay.minutesPerDay))"
    }
}

/// Which due dates a list shows, besides one date (`TodoFilter.dueDate`).
public enum DueScope: Equatable, Hashable, Sendable {
    /// Due on `today`, or overdue: not done and due before it (Today, DAY-2).
    case todayWithOverdue(CalendarDate)
    /// Not done and due before `date`, or on it before `time` when one is given (DAY-1): a
    /// to-do due today at a time that has passed is overdue (TIME-7).
    case overdue(before: CalendarDate, time: TimeOfDay? = nil)
    /// Due from `from` through `through`, both included (Upcoming, DAY-5).
    case between(CalendarDate, CalendarDate)

    public func matches(_ item: TodoItem) -> Bool {
        guard let date = item.dueDate else { return false }
        switch self {
        case .todayWithOverdue(let today): return date == today || (date < today && !item.isDone)
        case .overdue: return matches(item.content, due: date)
        case .between(let from, let through): return from <= date && date <= through
        }
    }

    /// Whether `content`, due on `date`, is overdue by `.overdue` (false for the other scopes'
    /// questions, which are about dates only).
    public func matches(_ content: TodoContent, due date: CalendarDate) -> Bool {
        guard case .overdue(let before, let time) = self, !content.isDone else { return false }
        if date < before { return true }
        guard date == before, let time, let due = content.dueTime else { return false }
        return due < time
    }
}

/// The words of a search, as every store matches them: split at white space; each must be
/// contained in one of an item's texts. Words of three characters or more compare ignoring
/// case in every script (as SQLite's trigram index folds them); shorter words, which the
/// index can't hold, ignoring the case of A–Z only (as SQLite's LIKE).
public struct SearchWords: Equatable, Hashable, Sendable {
    public let words: [String]

    public init(_ text: String?) {
        words = (text ?? "").split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    public var isEmpty: Bool { words.isEmpty }

    /// A word the index can look up: three characters (Unicode code points) or more.
    public static func isIndexable(_ word: String) -> Bool { word.unicodeScalars.count >= 3 }

    public func matches(_ item: TodoItem) -> Bool {
        guard !words.isEmpty else { return true }
        let texts = [item.title, item.details, item.project?.name, item.location?.name].compactMap { $0 }
        return words.allSatisfy { word in texts.contains { Self.contains($0, word) } }
    }

    static func contains(_ text: String, _ word: String) -> Bool {
        if isIndexable(word) {
            return text.range(of: word, options: [.caseInsensitive, .literal]) != nil
        }
        return asciiLowered(text).contains(asciiLowered(word))
    }

    /// Where the words appear in `text` (FIND-12): in order, overlapping and touching places
    /// joined. What a View marks in a found row. Compared Unicode scalar by scalar, each folded
    /// to lower case where that is one scalar (only ASCII letters for a word of one or two, as
    /// `matches` compares those), so every place is a range of whole scalars of `text`.
    /// (Foundation's case-insensitive search in a part of a string can trap on text a person can
    /// type: it is not used here.)
    public func matchedRanges(in text: String) -> [Range<String.Index>] {
        guard !words.isEmpty, !text.isEmpty else { return [] }
        let scalars = Array(text.unicodeScalars)
        // Each folding of the text is made once, and only when a word needs it.
        var foldings: [Bool: [Unicode.Scalar]] = [:]
        var found: [Range<Int>] = []
        for word in words {
            let short = !Self.isIndexable(word)
            let needle = word.unicodeScalars.map { Self.folded($0, asciiOnly: short) }
            guard !needle.isEmpty, needle.count <= scalars.count else { continue }
            let haystack = foldings[short] ?? scalars.map { Self.folded($0, asciiOnly: short) }
            foldings[short] = haystack
            var at = 0
            while at + needle.count <= haystack.count {
                if haystack[at..<at + needle.count].elementsEqual(needle) {
                    found.append(at..<at + needle.count)
                    at += needle.count
                } else {
                    at += 1
                }
            }
        }
        guard !found.isEmpty else { return [] }
        var joined: [Range<Int>] = []
        for range in found.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = joined.last, range.lowerBound <= last.upperBound {
                joined[joined.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                joined.append(range)
            }
        }
        // Scalar offsets to indices of `text`, in one pass.
        var indices: [String.Index] = [], index = text.unicodeScalars.startIndex
        indices.reserveCapacity(scalars.count + 1)
        while index != text.unicodeScalars.endIndex {
            indices.append(index)
            index = text.unicodeScalars.index(after: index)
        }
        indices.append(text.unicodeScalars.endIndex)
        return joined.map { indices[$0.lowerBound]..<indices[$0.upperBound] }
    }

    /// `scalar` in lower case when that is one scalar (or only for A–Z with `asciiOnly`).
    private static func folded(_ scalar: Unicode.Scalar, asciiOnly: Bool) -> Unicode.Scalar {
        if ("A"..."Z").contains(scalar) { return Unicode.Scalar(scalar.value + 32)! }
        guard !asciiOnly, scalar.properties.changesWhenLowercased else { return scalar }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first! : scalar
    }

    private static func asciiLowered(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { folded($0, asciiOnly: true) }))
    }
}

/// Failures a store reports besides validation.
public enum TodoStoreError: Error, Equatable, Sendable, LocalizedError {
    /// The item changed since the version the caller read; `current` is what is stored now.
    case versionConflict(current: TodoItem)

    public var errorDescription: String? {
        switch self {
        case .versionConflict(let current):
            "“\(current.title)” was changed elsewhere (it is now at version \(current.version)); "
                + "reload it and try again."
        }
    }
}

/// A failure of the storage underneath (file unreadable, locked, corrupt, full…), with a
/// sentence for the person using the app. Views show `message`; servers answer 503.
public struct TodoStorageError: Error, Equatable, Sendable, LocalizedError {
    public enum Kind: String, Sendable {
        case unavailable, readOnly, busy, corrupt, newerSchema, full
        /// The database refused a value the model let through (a bug): nothing was changed.
        case rejected
    }
    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var errorDescription: String? { message }

    /// A writer gives up at once while an import writes (HARDEN-10e).
    public static let importing = TodoStorageError(
        .busy, "The list is busy: an import is writing to it. Try again in a moment; nothing was changed.")
}

/// Where items are kept: the list read model (`TodoListReadModel`) and the commands that
/// change it (`TodoCommands`), one store. Implementations apply `TodoRules` and `Ordering` and
/// are safe to use from any task. Code that only shows a list or an item can take the read
/// model alone.
public protocol TodoStore: TodoListReadModel, TodoCommands {}

/// The reads of a list: items, counts and pages of it, one item by id, number, offset or id
/// prefix, the projects and the Trash. Reads change nothing a person sees (`trash()` first
/// purges what is 30 days old, as every Trash read does).
///
/// Lists are in display order: To Do (by position) above Done (by position).
public protocol TodoListReadModel: Sendable {
    /// The items that match `filter`, To Do first, each section in order.
    func items(_ filter: TodoFilter) async throws -> [TodoItem]
    /// At most `limit` items that match `filter`, in display order, after `cursor` (from the
    /// start when nil): the list read a batch at a time, each batch one read (HARDEN-7). A
    /// default cuts the batch from the whole list; stores that can read from an index do better.
    func items(_ filter: TodoFilter, after cursor: ListCursor?, limit: Int) async throws -> [TodoItem]
    /// The number of items that match `filter`.
    func count(_ filter: TodoFilter) async throws -> Int
    func item(id: UUID) async throws -> TodoItem?
    /// The item whose stable number is `number` (`#7`); nil when no item has it (NUMBER-4).
    func item(number: Int) async throws -> TodoItem?
    /// The occurrence that checking the item `id` created (`Repeats`), while it exists.
    func nextOccurrence(of id: UUID) async throws -> TodoItem?
    /// The item at `offset` (0-based) of the full list in display order.
    func item(atOffset offset: Int) async throws -> TodoItem?
    /// Items whose id, written in lower case, starts with `prefix` (at most `limit`).
    func items(idPrefix prefix: String, limit: Int) async throws -> [TodoItem]
    /// The projects that have at least one item, by name.
    func projects() async throws -> [Project]
    /// The tags of the items (not the Trash's), each with how many items have it, by name (TAG-4).
    func tags() async throws -> [TagCount]
    /// The list whose rows `move(id:toIndex:)` counts for `item`: the whole list, unless a
    /// store shows the item in a list of its own (a shared list, `PersonalLists`).
    func moveScope(of item: TodoItem) -> TodoFilter
    /// What the person may do with the list `project` names (nil: the whole list), and so with
    /// its items (SHARE-12): everything, unless a store shows it as shared to read only
    /// (`PersonalLists`).
    func access(toList project: String?) -> ListAccess
    /// A page of one section: the rows of `section` whose items match `filter` (its
    /// `unfinishedOnly` is ignored), in display order, from `offset` (0-based), at most
    /// `limit`, each with its place in the list `filter` reads. A default reads the whole list;
    /// stores that can answer from an index do better.
    func listEntries(_ filter: TodoFilter, in section: TodoSection, offset: Int, limit: Int) async throws
        -> [ListEntry]
    /// Page `page` of the list in one read, so counts and rows agree: the `sections` asked
    /// for, of the items matching `filter` (its `unfinishedOnly` is ignored), each showing at
    /// most `rowsPerSection` rows (all when nil), and the projects to offer beside it. A page
    /// past the last gives the last.
    func listPage(_ filter: TodoFilter, sections: [TodoSection], page: Int, rowsPerSection: Int?) async throws
        -> ListPage
    /// The next slice of a section: like `listEntries(_:in:offset:limit:)`, but starting
    /// after `entry` (one that call returned), which stores can find through an index
    /// instead of skipping every row before it. Empty when `entry` is no longer there.
    func listEntries(_ filter: TodoFilter, in section: TodoSection, after entry: ListEntry, limit: Int) async throws
        -> [ListEntry]

    // MARK: The Trash (docs/specs/trash.md): `delete` moves an item there; `deleteAll` does not.
    /// The trashed items, newest deletion first, once those deleted 30 days ago or more are
    /// purged (TRASH-1, TRASH-5).
    func trash() async throws -> [TrashedItem]
    /// The items directly under `parent`, in display order (SUB-10).
    func subtasks(of parent: UUID) async throws -> [TodoItem]
}

/// The commands that change a list: add, update, move and delete items, import, and the
/// Trash's restore, forget and purge. Each is one write, all or nothing.
public protocol TodoCommands: Sendable {
    /// Stores a new item, first of its section unless the draft gives a position, with the
    /// next stable number (`ItemNumbers`).
    func add(_ draft: TodoDraft) async throws -> TodoItem
    /// Applies the given fields only and returns the item as stored; nil for an unknown id.
    /// A change of `isDone` places the item by the rules: first of Done, or last of To Do, and
    /// applies `Repeats` in the same write (checking creates the next occurrence, unchecking
    /// the same day removes it).
    /// With `expectedVersion`, refuses (`versionConflict`) when the stored version differs.
    func update(id: UUID, _ changes: TodoChanges, expectedVersion: Int?) async throws -> TodoItem?
    /// Moves an item to `index` (0-based, clamped) of its section; nil for an unknown id.
    func move(id: UUID, toIndex index: Int) async throws -> TodoItem?
    /// Deletes an item: it moves to the Trash, gone from every list (DELETE-1/2, TRASH-1);
    /// false for an unknown id. `expectedVersion` as in `update`.
    func delete(id: UUID, expectedVersion: Int?) async throws -> Bool
    /// Deletes every item of the list forever; the Trash stays as it is (TRASH-7).
    func deleteAll() async throws
    /// Inserts or replaces whole items (same id: replaced), all or nothing, as `ImportPlan`
    /// lays out: each item validated by `TodoRules`, positions and timestamps kept when
    /// given, placed by the ordering rules when not. With `dryRun`, stores nothing and
    /// reports what it would do. Throws `TodoImportError` naming the first bad item.
    func importItems(_ items: [ImportedItem], dryRun: Bool) async throws -> ImportSummary

    // MARK: The Trash (docs/specs/trash.md)
    /// Puts a trashed item back in its section at its place (`TrashRules.restoredPosition`),
    /// with its id and fields and one version more; nil when it is not in the Trash (TRASH-2).
    func restore(id: UUID) async throws -> TodoItem?
    /// Deletes a trashed item forever; false when it is not in the Trash (TRASH-3).
    func deleteForever(id: UUID) async throws -> Bool
    /// Deletes every trashed item forever and returns how many there were (TRASH-4).
    @discardableResult func emptyTrash() async throws -> Int
    /// Deletes forever the items deleted 30 days ago or more (by the store's clock) and returns
    /// how many; `delete`, `trash` and `restore` run it first (TRASH-5).
    @discardableResult func purgeTrash() async throws -> Int
}

extension TodoListReadModel {
    public func items() async throws -> [TodoItem] { try await items(.all) }

    /// Counted from every item: a store that can count in its database does so instead.
    public func tags() async throws -> [TagCount] {
        TagCount.counted(try await items(.all).map(\.tags))
    }

    public func moveScope(of item: TodoItem) -> TodoFilter { .all }
    public func access(toList project: String?) -> ListAccess { .changes }

    /// The projects an item may be put in: those the person may change, not a list shared with
    /// them to read only (SHARE-15).
    public func projectsToPutIn() async throws -> [Project] {
        try await projects().filter { !access(toList: $0.name).isViewOnly }
    }

    /// Read from every item: a store that selects them in its database does so instead.
    public func subtasks(of parent: UUID) async throws -> [TodoItem] {
        try await items(.all).filter { $0.parent == parent }
    }

    /// How many of `parent`'s subtasks are done (SUB-4, SUB-9).
    public func subtaskCount(of parent: UUID) async throws -> SubtaskCount {
        let subtasks = try await subtasks(of: parent)
        return SubtaskCount(done: subtasks.count { $0.isDone }, total: subtasks.count)
    }

    /// A trashed item by id; nil when it is not in the Trash.
    public func trashedItem(id: UUID) async throws -> TrashedItem? {
        try await trash().first { $0.id == id }
    }

    /// Trashed items whose id, written in lower case, starts with `prefix` (at most `limit`),
    /// newest deletion first.
    public func trashedItems(idPrefix prefix: String, limit: Int) async throws -> [TrashedItem] {
        let prefix = prefix.lowercased()
        return Array(try await trash().filter { $0.id.lowercasedText.hasPrefix(prefix) }.prefix(max(limit, 0)))
    }

    public func items(_ filter: TodoFilter, after cursor: ListCursor?, limit: Int) async throws -> [TodoItem] {
        Array(try await items(filter).lazy.filter { cursor?.precedes($0) ?? true }.prefix(max(limit, 0)))
    }

    public func listEntries(_ filter: TodoFilter, in section: TodoSection, offset: Int, limit: Int) async throws
        -> [ListEntry]
    {
        let matching = try await numberedEntries(filter, in: section)
        let start = min(max(offset, 0), matching.count)
        return Array(matching[start...].prefix(max(limit, 0)))
    }

    public func listPage(_ filter: TodoFilter, sections: [TodoSection], page: Int, rowsPerSection: Int?) async throws
        -> ListPage
    {
        let total = try await count(filter.withBothSections)
        var toDo = filter
        toDo.unfinishedOnly = true
        let layout = ListPage.layout(
            sections: sections, total: total, toDo: try await count(toDo),
            page: page, rowsPerSection: rowsPerSection)
        var entries: [TodoSection: [ListEntry]] = [:]
        for slice in layout.slices {
            entries[slice.section] = try await listEntries(filter, in: slice.section, offset: slice.offset, limit: slice.limit)
        }
        return layout.page(total: total, entries: entries, projects: try await projects())
    }

    public func listEntries(_ filter: TodoFilter, in section: TodoSection, after entry: ListEntry, limit: Int)
        async throws -> [ListEntry]
    {
        let matching = try await numberedEntries(filter, in: section)
        guard let index = matching.firstIndex(where: { $0.id == entry.id }) else { return [] }
        return Array(matching[(index + 1)...].prefix(max(limit, 0)))
    }

    /// Every row of `section` that matches `filter` (its `unfinishedOnly` ignored), numbered in
    /// the list `filter` reads (To Do, then Done): what the default slices are cut from.
    private func numberedEntries(_ filter: TodoFilter, in section: TodoSection) async throws -> [ListEntry] {
        let filter = filter.withBothSections
        return try await items(.all).filter(filter.matches).enumerated()
            .filter { $0.element.section == section }
            .map { ListEntry(number: $0.offset + 1, item: $0.element) }
    }
}

extension TodoCommands {
    public func update(id: UUID, _ changes: TodoChanges) async throws -> TodoItem? {
        try await update(id: id, changes, expectedVersion: nil)
    }

    public func delete(id: UUID) async throws -> Bool {
        try await delete(id: id, expectedVersion: nil)
    }

    /// Inserts or replaces whole items, positions and timestamps included.
    public func importItems(_ items: [TodoItem]) async throws -> ImportSummary {
        try await importItems(
            items.enumerated().map { ImportedItem(item: $1, origin: "item \($0 + 1)") }, dryRun: false)
    }

    /// Checks (true) or unchecks (false) an item.
    public func setDone(id: UUID, _ done: Bool) async throws -> TodoItem? {
        try await update(id: id, TodoChanges(isDone: done), expectedVersion: nil)
    }
}

/// How stores get the time and new ids, so tests can fix both.
public struct TodoEnvironment: Sendable {
    public var now: @Sendable () -> Date
    public var makeID: @Sendable () -> UUID
    /// Where "today" is, for the rules that depend on the day (`Repeats`).
    public var timeZone: TimeZone

    public init(
        now: @escaping @Sendable () -> Date, makeID: @escaping @Sendable () -> UUID, timeZone: TimeZone
    ) {
        self.now = now
        self.makeID = makeID
        self.timeZone = timeZone
    }

    /// The day it is now, in `timeZone`.
    public var today: CalendarDate { CalendarDate(now(), in: timeZone) }

    /// The same clock and ids, reckoning days in `zone` (TIME-6): a person's own lists.
    public func reckoning(in zone: TimeZone) -> TodoEnvironment {
        var environment = self
        environment.timeZone = zone
        return environment
    }

    /// The machine's clock, fresh random ids and the machine's zone (`TZ`): for the composition
    /// roots only. Everything else is handed its environment, so a test chooses its own (TEST-1).
    public static let live = TodoEnvironment(now: { Date() }, makeID: { UUID() }, timeZone: .current)
}

import Foundation

/// What happened to a list (docs/specs/live.md): one entry of the database's own record of
/// changes, which every process on that database reads the same way.
public enum ChangeKind: String, Hashable, Sendable, CaseIterable, Codable {
    case created, changed, moved, checked, unchecked
    /// Deleted: moved to the Trash.
    case deleted
    /// Brought back from the Trash.
    case restored
    /// Gone from the Trash for good (emptied, or older than 30 days).
    case purged
    /// Many items at once (an import): a page shows its list again rather than row by row.
    case many
    case shared, unshared
}

/// One change of the record (LIVE-1). Nothing of the item travels but its id: a page asks the
/// server for its fragments, so what it shows is what the server renders.
public struct ListChange: Hashable, Sendable {
    /// Its place in the record: a number that only grows, the same for every process.
    public var id: Int64
    public var kind: ChangeKind
    /// Whose list changed.
    public var owner: ListOwner
    /// The list (project) the item is in, or the list shared or unshared; nil for an item
    /// without one.
    public var list: String?
    /// The item, when the change is about one.
    public var item: UUID?
    /// With whom a list was shared or unshared.
    public var person: UUID?
    public var at: Date

    public init(
        id: Int64, kind: ChangeKind, owner: ListOwner, list: String? = nil, item: UUID? = nil, person: UUID? = nil, at: Date
    ) {
        self.id = id
        self.kind = kind
        self.owner = owner
        self.list = list
        self.item = item
        self.person = person
        self.at = at
    }
}

/// What the record holds after a change id (LIVE-3).
public enum ChangesAfter: Hashable, Sendable {
    /// The changes after it, oldest first (none when nothing changed since).
    case changes([ListChange])
    /// The id is older than what the record keeps, or unknown: the reader can't know what it
    /// missed, and shows its view again.
    case gap
}

/// The database's record of changes: written in the same transaction as each change, so that
/// every process on the database (the CLI, other servers) can tell what changed and in which
/// order (LIVE-7…9). It keeps the latest changes only (`ChangeRetention`).
public protocol ChangeRecord: Sendable {
    /// The newest change's id; 0 when there has been none.
    func latestChangeID() async throws -> Int64
    /// The changes after `id`, oldest first, at most `limit` of them (the next call goes on
    /// from the last one returned).
    func changes(after id: Int64, limit: Int) async throws -> ChangesAfter
}

/// How much a change record keeps (LIVE-3): a reader further behind is told to show its view again.
public enum ChangeRetention {
    /// The latest changes kept.
    public static let changes = 10_000
    /// The longest a change is kept.
    public static let duration: TimeInterval = 24 * 60 * 60
}

/// A change record in memory: for tests, and for the stores that keep their items in memory.
/// It keeps `kept` changes at most (`ChangeRetention.changes` unless told).
public actor InMemoryChangeRecord: ChangeRecord {
    private var changes: [ListChange] = []
    private var latest: Int64 = 0
    private let kept: Int

    public init(kept: Int = ChangeRetention.changes) { self.kept = kept }

    /// Records a change and answers it with its id.
    @discardableResult
    public func append(
        _ kind: ChangeKind, owner: ListOwner, list: String? = nil, item: UUID? = nil, person: UUID? = nil, at: Date = Date()
    ) -> ListChange {
        latest += 1
        let change = ListChange(id: latest, kind: kind, owner: owner, list: list, item: item, person: person, at: at)
        changes.append(change)
        if changes.count > kept { changes.removeFirst(changes.count - kept) }
        return change
    }

    public func latestChangeID() -> Int64 { latest }

    public func changes(after id: Int64, limit: Int) -> ChangesAfter {
        changes(after: id, limit: limit) { _ in true }
    }

    /// The newest change to `owner`'s lists it keeps; when it keeps none of theirs, the id just
    /// before the oldest change it keeps (0 when it keeps none), after which nothing of theirs
    /// changed (`CalendarResources.latestChange(of:)`).
    public func latestChangeID(of owner: ListOwner) -> Int64 {
        changes.last { $0.owner == owner }?.id ?? changes.first.map { $0.id - 1 } ?? 0
    }

    /// `changes(after:limit:)` with `owner`'s changes only: the same gaps, at most `limit` of theirs.
    public func changes(of owner: ListOwner, after id: Int64, limit: Int) -> ChangesAfter {
        changes(after: id, limit: limit) { $0.owner == owner }
    }

    /// `latestChangeID(of:)` with the changes of `owner`'s list `list` only (`ListChange.concerns(list:)`).
    public func latestChangeID(of owner: ListOwner, list: String?) -> Int64 {
        changes.last { $0.owner == owner && $0.concerns(list: list) }?.id ?? changes.first.map { $0.id - 1 } ?? 0
    }

    /// `changes(of:after:limit:)` with the changes of `owner`'s list `list` only.
    public func changes(of owner: ListOwner, list: String?, after id: Int64, limit: Int) -> ChangesAfter {
        changes(after: id, limit: limit) { $0.owner == owner && $0.concerns(list: list) }
    }

    private func changes(after id: Int64, limit: Int, where included: (ListChange) -> Bool) -> ChangesAfter {
        guard id >= 0, id <= latest else { return .gap }
        if id == latest { return .changes([]) }
        // Kept: the oldest kept change follows `id` directly, or is older.
        guard let oldest = changes.first?.id, oldest <= id + 1 else { return .gap }
        return .changes(Array(changes.drop { $0.id <= id }.lazy.filter(included).prefix(max(0, limit))))
    }
}

import Foundation

/// CalDAV's records in memory (`CalendarResources`): for tests and demos.
///
/// Its changes are those of its own record of changes (`record`): `save` records a `changed`
/// change there, and `latestChange(of:)` and `changes(of:after:limit:)` answer from it, filtered
/// by owner. An `InMemoryTodoStore` records nothing, so a change made to an item through one does
/// not move a calendar's CTag or sync token here (the SQLite and PostgreSQL stores record every
/// item write in the database's record, in the same transaction). Pass the record that stands for
/// other writes (`InMemoryChangeRecord.append`) to have them counted too.
public actor InMemoryCalendarResources: CalendarResources {
    /// The record `save` writes to and the change reads answer from.
    public let record: InMemoryChangeRecord
    private var resources: [ListOwner: [UUID: CalendarResource]] = [:]
    private var calendars: [ListOwner: [String: CalendarCollection]] = [:]

    public init(record: InMemoryChangeRecord = InMemoryChangeRecord()) {
        self.record = record
    }

    public func resources(of owner: ListOwner, items: [UUID]) -> [CalendarResource] {
        guard let mine = resources[owner] else { return [] }
        return Set(items).compactMap { mine[$0] }
    }

    public func resources(of owner: ListOwner, named name: String) -> [CalendarResource] {
        (resources[owner] ?? [:]).values.filter { $0.name == name }
    }

    public func resources(of owner: ListOwner, uid: String) -> [CalendarResource] {
        (resources[owner] ?? [:]).values.filter { $0.uid == uid }
    }

    public func save(_ resource: CalendarResource, owner: ListOwner, list: String?) async -> CalendarResource {
        var stored = resource
        stored.revision = (resources[owner]?[resource.item]?.revision ?? 0) + 1
        resources[owner, default: [:]][resource.item] = stored
        await record.append(.changed, owner: owner, list: list, item: resource.item)
        return stored
    }

    @discardableResult
    public func forget(item: UUID, owner: ListOwner) -> Bool {
        resources[owner]?.removeValue(forKey: item) != nil
    }

    public func collections(of owner: ListOwner) -> [CalendarCollection] {
        // By their bytes, as the databases order them.
        (calendars[owner] ?? [:]).values.sorted { $0.segment.utf8.lexicographicallyPrecedes($1.segment.utf8) }
    }

    public func save(_ collection: CalendarCollection, owner: ListOwner) {
        var mine = (calendars[owner] ?? [:]).filter { $0.value.list != collection.list }
        mine[collection.segment] = collection
        calendars[owner] = mine
    }

    @discardableResult
    public func removeCollection(segment: String, owner: ListOwner) -> Bool {
        calendars[owner]?.removeValue(forKey: segment) != nil
    }

    public func latestChange(of owner: ListOwner) async -> Int64 {
        await record.latestChangeID(of: owner)
    }

    public func changes(of owner: ListOwner, after id: Int64, limit: Int) async -> ChangesAfter {
        await record.changes(of: owner, after: id, limit: limit)
    }

    public func latestChange(of owner: ListOwner, list: String?) async -> Int64 {
        await record.latestChangeID(of: owner, list: list)
    }

    public func changes(of owner: ListOwner, list: String?, after id: Int64, limit: Int) async -> ChangesAfter {
        await record.changes(of: owner, list: list, after: id, limit: limit)
    }
}

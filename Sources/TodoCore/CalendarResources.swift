import Foundation

/// What CalDAV keeps about one item besides the item itself (docs/specs/caldav.md, DAV-6,
/// DAV-10): the name the client gave its resource, the UID it chose, and the iCalendar text
/// Todo doesn't model (reminders, attachments, other properties), given back unchanged.
public struct CalendarResource: Hashable, Sendable {
    /// The item this is about (its owner's).
    public var item: UUID
    /// The resource's name in its calendar, as the client gave it (`6F1C….ics`).
    public var name: String
    /// The VTODO's UID as the client gave it.
    public var uid: String
    /// What Todo doesn't model, in the form the iCalendar codec writes (opaque to the stores).
    public var kept: String
    /// Counts the saves of this record, from 1; part of the resource's ETag, so that a change
    /// of `kept` alone changes it.
    public var revision: Int

    public init(item: UUID, name: String, uid: String, kept: String, revision: Int = 0) {
        self.item = item
        self.name = name
        self.uid = uid
        self.kept = kept
        self.revision = revision
    }
}

/// A list's CalDAV properties (DAV-16, DAV-17): the address a client gave it or that it kept
/// through a rename, its colour and its place among the calendars. A list with a record is a
/// calendar even with no item yet (made by `MKCALENDAR`).
public struct CalendarCollection: Hashable, Sendable {
    /// The last segment of the calendar's address (`/dav/calendars/NAME/<segment>/`).
    public var segment: String
    /// The list (project) name.
    public var list: String
    /// `#RRGGBB` or `#RRGGBBAA`, as Apple's `calendar-color`; nil: none chosen.
    public var color: String?
    /// Apple's `calendar-order`; nil: none chosen.
    public var order: Int?

    public init(segment: String, list: String, color: String? = nil, order: Int? = nil) {
        self.segment = segment
        self.list = list
        self.color = color
        self.order = order
    }
}

/// Where CalDAV's records are kept: beside the items, in the same database, one set per owner
/// (docs/specs/caldav.md). Every write that changes what a client reads records a change
/// (`ChangeRecord`) in the same transaction, so ETags, CTags and sync tokens move with it.
public protocol CalendarResources: Sendable {
    /// The records of `items` of `owner` (those that have one), in no particular order.
    func resources(of owner: ListOwner, items: [UUID]) async throws -> [CalendarResource]
    /// The records of `owner`'s items named `name` (any list; usually one).
    func resources(of owner: ListOwner, named name: String) async throws -> [CalendarResource]
    /// The records of `owner`'s items whose UID is `uid` (any list; RFC 4791's
    /// `no-uid-conflict` asks which resource of a calendar holds a UID).
    func resources(of owner: ListOwner, uid: String) async throws -> [CalendarResource]
    /// Inserts or replaces the record of `resource.item` and returns it as stored, its
    /// revision one more than before (1 when new). Records a `changed` change for the item in
    /// `list` in the same write.
    func save(_ resource: CalendarResource, owner: ListOwner, list: String?) async throws -> CalendarResource
    /// Forgets the record of `item` (an item deleted forever); false when there was none.
    @discardableResult func forget(item: UUID, owner: ListOwner) async throws -> Bool

    /// The calendars of `owner` that have a record, by segment.
    func collections(of owner: ListOwner) async throws -> [CalendarCollection]
    /// Inserts or replaces the record with `collection.segment`; another record of the same
    /// list is replaced by it (one record per list).
    func save(_ collection: CalendarCollection, owner: ListOwner) async throws
    /// Removes the record with `segment`; false when there was none.
    @discardableResult func removeCollection(segment: String, owner: ListOwner) async throws -> Bool

    /// The newest change to `owner`'s lists (any list, any person's doing) the record keeps.
    /// When it keeps none of theirs (none made, or all older than the record keeps), the id just
    /// before the oldest change it keeps, 0 when it keeps none: nothing of theirs changed after
    /// that id, so it stays a valid `changes(of:after:limit:)` id and never goes back.
    func latestChange(of owner: ListOwner) async throws -> Int64
    /// The changes to `owner`'s lists after `id`, oldest first, at most `limit`; `.gap` when
    /// `id` is older than the record keeps or unknown (as `ChangeRecord.changes(after:limit:)`).
    func changes(of owner: ListOwner, after id: Int64, limit: Int) async throws -> ChangesAfter
    /// `latestChange(of:)` for one calendar (DAV-24): the changes to `owner`'s list `list`
    /// (nil: the items without a list) only, those that name it as the list an item is in or
    /// the list it left, and the changes that name no list (`ChangeKind.many`, an import).
    func latestChange(of owner: ListOwner, list: String?) async throws -> Int64
    /// `changes(of:after:limit:)` for one calendar: the changes `latestChange(of:list:)` counts.
    func changes(of owner: ListOwner, list: String?, after id: Int64, limit: Int) async throws -> ChangesAfter
}

extension ListChange {
    /// Whether this change is one of list `list` of its owner (nil: the items without a list)
    /// for a calendar (DAV-24): an item's change names the list it is in, or the one it left; a
    /// change that names no list and no item (an import) may be any list's.
    public func concerns(list: String?) -> Bool {
        if kind == .many { return true }
        guard let list else { return self.list == nil && item != nil }
        return self.list == list
    }
}

import Foundation
import TodoAccounts
import TodoCore
import TodoInterop

/// One calendar a person may read (DAV-3): their items without a project (`inbox`), one of
/// their projects, a list a client made that has no item yet, or a list shared with them.
struct DAVCalendar: Sendable {
    /// The last segment of its address, decoded.
    var segment: String
    var displayName: String
    /// The project in the owner's store; nil: the items without one.
    var list: String?
    /// Whose items these are, and their store.
    var owner: ListOwner
    var store: any TodoStore
    /// How it is shared with the person; nil: theirs.
    var role: ShareRole?
    var color: String?
    var order: Int?

    static let inboxSegment = "inbox"
    /// The list name the To Do calendar's record (its colour and order) is kept under: one no
    /// project can have, as project names hold no control character (`TodoRules`).
    static let inboxRecordList = "\u{1}inbox"
    static let listPrefix = "list-"

    /// The address segment of a list named `name`: `list-` and the name, with `/` written `~s`
    /// and `~` written `~~`. Clients decode an encoded slash (`%2F`) into a path separator, so
    /// a segment never holds one.
    static func segment(list name: String) -> String {
        var segment = listPrefix
        for character in name {
            switch character {
            case "/": segment += "~s"
            case "~": segment += "~~"
            default: segment.append(character)
            }
        }
        return segment
    }

    var isInbox: Bool { list == nil }
    var isShared: Bool { role != nil }
    var isWritable: Bool { role != .viewer }

    func contains(_ item: TodoItem) -> Bool { item.project?.name == list }

    /// Its items, To Do first, each section in order.
    func items() async throws -> [TodoItem] {
        guard let list else { return try await store.items(.all).filter { $0.project == nil } }
        return try await store.items(TodoFilter(project: list))
    }

    /// The item `id` when it is in this calendar.
    func item(id: UUID) async throws -> TodoItem? {
        try await store.item(id: id).flatMap { contains($0) ? $0 : nil }
    }

    /// Refuses a write to a list shared to read only (DAV-11).
    func requireWritable() throws {
        guard isWritable else {
            throw DAVFailure(.forbidden, "“\(displayName)” is shared with you to read only; nothing was changed.",
                condition: .dav("need-privileges"))
        }
    }
}

/// The signed-in person of one request and the calendars they may read now: a share ended
/// or changed applies from the next request.
struct DAVSession: Sendable {
    let account: Account
    let server: CalDAVServer
    let calendars: [DAVCalendar]

    var me: ListOwner { ListOwner(account: account.id) }
    /// The zone the person's due times are reckoned in (TIME-6, TIME-8): theirs, else the server's.
    var timeZone: TimeZone { account.timeZone ?? server.timeZone }
    var principal: String { DAVPath.principal(account.name) }
    var home: String { DAVPath.home(account.name) }

    func href(_ calendar: DAVCalendar) -> String { home + DAVPath.encoded(calendar.segment) + "/" }

    func calendar(_ segment: String) -> DAVCalendar? { calendars.first { $0.segment == segment } }

    static func open(account: Account, server: CalDAVServer) async throws -> DAVSession {
        let me = ListOwner(account: account.id)
        let shares = try await server.lists.sharing.shares(with: account.id)
        let stores = try await server.lists.stores([me] + shares.map(\.owner.owner))
        let own = stores[0]
        let records = try await server.calendars.collections(of: me)
        var calendars: [DAVCalendar] = []
        let inbox = records.first { $0.segment == DAVCalendar.inboxSegment }
        calendars.append(DAVCalendar(
            segment: DAVCalendar.inboxSegment, displayName: "To Do", list: nil, owner: me, store: own,
            color: inbox?.color, order: inbox?.order))
        var named = Set<String>()
        for record in records where record.segment != DAVCalendar.inboxSegment {
            named.insert(record.list)
            calendars.append(DAVCalendar(
                segment: record.segment, displayName: record.list, list: record.list, owner: me, store: own,
                color: record.color, order: record.order))
        }
        for project in try await own.projects() where !named.contains(project.name) {
            calendars.append(DAVCalendar(
                segment: DAVCalendar.segment(list: project.name), displayName: project.name, list: project.name,
                owner: me, store: own))
        }
        for (share, store) in zip(shares, stores.dropFirst()) {
            let name = PersonalLists.SharedList.name(owner: share.owner.name, list: share.list)
            calendars.append(DAVCalendar(
                segment: DAVCalendar.segment(list: name), displayName: name, list: share.list, owner: share.owner.owner,
                store: store, role: share.role))
        }
        // A segment answers one calendar: the first (own records, then own projects, then shares).
        var seen = Set<String>()
        calendars = calendars.filter { seen.insert($0.segment).inserted }
        return DAVSession(account: account, server: server, calendars: calendars)
    }
}

/// One item of a calendar as a resource: its name, its ETag, its body.
struct DAVMember: Sendable {
    var item: TodoItem
    var record: CalendarResource?
    /// The UID of the item's parent (SUB-14): the parent's record's, else its id; nil when it has
    /// none, or none in a calendar the person reads (one not in the list: SUB-6).
    var parentUID: String?

    var name: String { record?.name ?? Self.defaultName(item.id) }
    var uid: String { record?.uid ?? item.id.lowercasedText }

    /// Strong, and different after any change from any side (DAV-9): the item's version and
    /// the revision of what CalDAV keeps beside it.
    var etag: String { "\"\(item.version)-\(record?.revision ?? 0)\"" }

    static func defaultName(_ id: UUID) -> String { id.lowercasedText + ".ics" }

    func body(timeZone: TimeZone) -> String {
        CalDAVTodoCodec.write(item, uid: uid, kept: record?.kept ?? "", timeZone: timeZone, parentUID: parentUID)
    }
}

extension DAVSession {
    /// Up to this many names, a multiget looks each one up; above, it reads the whole calendar.
    static let namesReadOneByOne = 50

    /// The calendar's items as resources, in list order.
    func members(_ calendar: DAVCalendar) async throws -> [DAVMember] {
        try await members(calendar, items: try await calendar.items())
    }

    /// `items` of `calendar` as resources, each with its record and its parent's UID (SUB-14):
    /// the records of the items and of their parents are read at once.
    func members(_ calendar: DAVCalendar, items: [TodoItem]) async throws -> [DAVMember] {
        let parents = try await parents(of: items, in: calendar)
        let here = Set(items.map(\.id))
        let records = try await server.calendars.resources(
            of: calendar.owner, items: items.map(\.id) + parents.subtracting(here))
        let byItem = Dictionary(records.map { ($0.item, $0) }, uniquingKeysWith: { first, _ in first })
        return items.map { item in
            let parent = item.parent.flatMap { parents.contains($0) ? $0 : nil }
            return DAVMember(item: item, record: byItem[item.id], parentUID: parent.map { byItem[$0]?.uid ?? $0.lowercasedText })
        }
    }

    /// The ids of the parents of `items` (SUB-14) the person reads: those among `items`, and the
    /// others of the owner's list, looked up one by one when few, else read with the whole list
    /// once. A parent not in the list (SUB-6) is not among them.
    func parents(of items: [TodoItem], in calendar: DAVCalendar) async throws -> Set<UUID> {
        let wanted = Set(items.compactMap(\.parent))
        guard !wanted.isEmpty else { return [] }
        var found = wanted.intersection(items.map(\.id))
        let missing = wanted.subtracting(found)
        var others: [TodoItem] = []
        if missing.count > Self.namesReadOneByOne {
            others = try await calendar.store.items(.all).filter { missing.contains($0.id) }
        } else {
            for id in missing { if let item = try await calendar.store.item(id: id) { others.append(item) } }
        }
        for item in others where reads(item, of: calendar.owner) { found.insert(item.id) }
        return found
    }

    /// Whether `item`, of `owner`'s list, is in a calendar the person reads: any item of their
    /// own list, and of another's, one of a list shared with them.
    func reads(_ item: TodoItem, of owner: ListOwner) -> Bool {
        owner == me || calendars.contains { $0.owner == owner && $0.contains(item) }
    }

    /// `member` with its parent's UID (SUB-14), when it has a parent the person reads.
    func withParent(_ member: DAVMember, in calendar: DAVCalendar) async throws -> DAVMember {
        guard let id = member.item.parent, let parent = try await calendar.store.item(id: id),
              reads(parent, of: calendar.owner)
        else { return member }
        var member = member
        let record = try await server.calendars.resources(of: calendar.owner, items: [id]).first
        member.parentUID = record?.uid ?? id.lowercasedText
        return member
    }

    /// The resource `name` of `calendar`, with its parent's UID; nil when it has none of that
    /// name (DAV-4).
    func member(_ calendar: DAVCalendar, named name: String) async throws -> DAVMember? {
        guard let member = try await memberRecord(calendar, named: name) else { return nil }
        return try await withParent(member, in: calendar)
    }

    /// The resource `name` of `calendar` with its record only.
    private func memberRecord(_ calendar: DAVCalendar, named name: String) async throws -> DAVMember? {
        for record in try await server.calendars.resources(of: calendar.owner, named: name) {
            if let item = try await calendar.item(id: record.item) { return DAVMember(item: item, record: record) }
        }
        // An item made elsewhere is `<id>.ics`, unless a client named it otherwise.
        guard name.hasSuffix(".ics"), let id = UUID(uuidString: String(name.dropLast(4))),
              let item = try await calendar.item(id: id)
        else { return nil }
        let record = try await server.calendars.resources(of: calendar.owner, items: [id]).first
        if let record, record.name != name { return nil }
        return DAVMember(item: item, record: record)
    }

    /// The task of `calendar`'s owner whose UID is `uid`, in a calendar the person reads (any
    /// of them: a client's RELATED-TO names a parent by its UID, SUB-14): the item of a record
    /// with that UID, else the item whose id it is when no record gives it another; nil when
    /// there is none.
    func item(_ calendar: DAVCalendar, uid: String) async throws -> TodoItem? {
        for record in try await server.calendars.resources(of: calendar.owner, uid: uid) {
            if let item = try await calendar.store.item(id: record.item), reads(item, of: calendar.owner) { return item }
        }
        guard let id = UUID(text: uid), let item = try await calendar.store.item(id: id), reads(item, of: calendar.owner),
              try await server.calendars.resources(of: calendar.owner, items: [id]).isEmpty
        else { return nil }
        return item
    }

    /// The resource of `calendar` whose UID is `uid`; nil when none has it (RFC 4791's
    /// `no-uid-conflict`). An item without a record has its id as its UID.
    func member(_ calendar: DAVCalendar, uid: String) async throws -> DAVMember? {
        for record in try await server.calendars.resources(of: calendar.owner, uid: uid) {
            if let item = try await calendar.item(id: record.item) { return DAVMember(item: item, record: record) }
        }
        guard let id = UUID(uuidString: uid), id.lowercasedText == uid, let item = try await calendar.item(id: id),
              try await server.calendars.resources(of: calendar.owner, items: [id]).isEmpty
        else { return nil }
        return DAVMember(item: item, record: nil)
    }

    /// The resources `names` of `calendar` that are there, by name: a multiget reads the items
    /// it names, not the whole calendar.
    func members(_ calendar: DAVCalendar, named names: [String]) async throws -> [String: DAVMember] {
        // Many names (a first sync fetching everything): one read of the calendar costs less
        // than a look-up each.
        if names.count > Self.namesReadOneByOne {
            let wanted = Set(names)
            var found: [String: DAVMember] = [:]
            for member in try await members(calendar) where wanted.contains(member.name) { found[member.name] = member }
            return found
        }
        // Few names: each looked up as a GET looks it up.
        var found: [String: DAVMember] = [:]
        for name in Set(names) {
            if let member = try await member(calendar, named: name) { found[name] = member }
        }
        return found
    }

    func href(_ calendar: DAVCalendar, _ member: DAVMember) -> String {
        href(calendar) + DAVPath.encoded(member.name)
    }

    /// The newest change to the calendar's own list: its CTag and sync token (DAV-9, DAV-24).
    /// Another list of its owner's, shared or not, moves neither.
    func latestChange(_ calendar: DAVCalendar) async throws -> Int64 {
        try await server.calendars.latestChange(of: calendar.owner, list: calendar.list)
    }
}

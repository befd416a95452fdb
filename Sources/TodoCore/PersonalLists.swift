import Foundation
import Synchronization

/// What one person reads and changes (docs/specs/sharing.md, SHARE-2…6): their own store, and
/// each list shared with them under the name `OWNER/LIST`.
///
/// Views use it as any `TodoStore`. The whole-list reads and actions (all items, Today, search,
/// numbers, delete everything, import, the Trash's own actions) are the person's own list; a
/// shared list is read and changed through its name and its items' ids. It is made for one
/// request (`open`), so a share ended or changed applies from the next one.
public struct PersonalLists: TodoStore {
    /// A list shared with the person, and the store of its owner's items.
    public struct SharedList: Sendable {
        public let share: ListShare
        public let store: any TodoStore

        public init(share: ListShare, store: any TodoStore) {
            self.share = share
            self.store = store
        }

        /// The name the person knows it by: `alice/Groceries`.
        public var name: String { Self.name(owner: share.owner.name, list: share.list) }

        public static func name(owner: String, list: String) -> String { owner + "/" + list }

        /// The owner's filter for what the person asked of this list.
        fileprivate func filter(_ filter: TodoFilter) -> TodoFilter {
            var filter = filter
            filter.project = share.list
            return filter
        }

        fileprivate func contains(_ item: TodoItem) -> Bool { item.project?.name == share.list }

        /// The owner's item as the person sees it: in `OWNER/LIST`.
        fileprivate func presented(_ item: TodoItem) -> TodoItem {
            var item = item
            item.project = Project(name: name)
            return item
        }

        fileprivate func presented(_ entry: ListEntry) -> ListEntry {
            var content = entry.content
            content.project = Project(name: name)
            return ListEntry(
                number: entry.number, id: entry.id, content: content, itemNumber: entry.itemNumber, subtasks: entry.subtasks)
        }

        fileprivate func presented(_ trashed: TrashedItem) -> TrashedItem {
            TrashedItem(item: presented(trashed.item), deletedAt: trashed.deletedAt)
        }

        /// Refuses every write of a viewer (SHARE-4).
        fileprivate func requireEditor() throws(TodoAccessError) {
            guard share.role == .editor else { throw .readOnly(list: name) }
        }

        /// The owner's item `id` when it is in this list.
        fileprivate func item(id: UUID) async throws -> TodoItem? {
            try await store.item(id: id).flatMap { contains($0) ? $0 : nil }
        }

        fileprivate func trashedItem(id: UUID) async throws -> TrashedItem? {
            try await store.trashedItem(id: id).flatMap { contains($0.item) ? $0 : nil }
        }
    }

    public let own: any TodoStore
    public let shared: [SharedList]

    public init(own: any TodoStore, shared: [SharedList]) {
        self.own = own
        self.shared = shared
    }

    /// A person's lists now: `people.stores(…)` opens each owner's items (the same database), in
    /// the owner's time zone (TIME-6).
    public static func open(person: UUID, people: PeopleLists) async throws -> PersonalLists {
        let shares = try await people.sharing.shares(with: person)
        let stores = try await people.stores([ListOwner(account: person)] + shares.map(\.owner.owner))
        return PersonalLists(
            own: stores[0], shared: zip(shares, stores.dropFirst()).map { SharedList(share: $0, store: $1) })
    }

    /// The shared list a project name names, if any.
    public func sharedList(named name: String?) -> SharedList? {
        guard let name else { return nil }
        return shared.first { $0.name == name }
    }

    private enum Found {
        case own(TodoItem)
        case shared(SharedList, TodoItem)
    }

    /// Where the item `id` is: the person's own list first, then each shared list.
    private func find(_ id: UUID) async throws -> Found? {
        if let item = try await own.item(id: id) { return .own(item) }
        for list in shared {
            if let item = try await list.item(id: id) { return .shared(list, item) }
        }
        return nil
    }

    /// Rethrows a version conflict on a shared item with the item as the person sees it.
    private func presenting<T>(_ list: SharedList, _ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch TodoStoreError.versionConflict(let current) {
            throw TodoStoreError.versionConflict(current: list.presented(current))
        }
    }

    // MARK: Reads

    public func items(_ filter: TodoFilter) async throws -> [TodoItem] {
        guard let list = sharedList(named: filter.project) else { return try await own.items(filter) }
        return try await list.store.items(list.filter(filter)).map(list.presented)
    }

    public func items(_ filter: TodoFilter, after cursor: ListCursor?, limit: Int) async throws -> [TodoItem] {
        guard let list = sharedList(named: filter.project) else {
            return try await own.items(filter, after: cursor, limit: limit)
        }
        return try await list.store.items(list.filter(filter), after: cursor, limit: limit).map(list.presented)
    }

    public func count(_ filter: TodoFilter) async throws -> Int {
        guard let list = sharedList(named: filter.project) else { return try await own.count(filter) }
        return try await list.store.count(list.filter(filter))
    }

    public func item(id: UUID) async throws -> TodoItem? {
        switch try await find(id) {
        case .own(let item): item
        case .shared(let list, let item): list.presented(item)
        case nil: nil
        }
    }

    public func item(number: Int) async throws -> TodoItem? { try await own.item(number: number) }

    /// The subtasks of an item of the person's own list or of a list shared with them (SUB-10).
    public func subtasks(of parent: UUID) async throws -> [TodoItem] {
        switch try await find(parent) {
        case .own: return try await own.subtasks(of: parent)
        case .shared(let list, _): return try await list.store.subtasks(of: parent).map(list.presented)
        case nil: return []
        }
    }

    public func nextOccurrence(of id: UUID) async throws -> TodoItem? {
        switch try await find(id) {
        case .own: return try await own.nextOccurrence(of: id)
        case .shared(let list, _):
            return try await list.store.nextOccurrence(of: id).flatMap { list.contains($0) ? list.presented($0) : nil }
        case nil: return nil
        }
    }

    public func item(atOffset offset: Int) async throws -> TodoItem? { try await own.item(atOffset: offset) }

    public func items(idPrefix prefix: String, limit: Int) async throws -> [TodoItem] {
        var found = try await own.items(idPrefix: prefix, limit: limit)
        for list in shared where found.count < limit {
            found += try await list.store.items(idPrefix: prefix, limit: limit)
                .filter(list.contains).map(list.presented)
        }
        return Array(found.prefix(max(limit, 0)))
    }

    public func projects() async throws -> [Project] {
        let names = Set(shared.map(\.name))
        return (try await own.projects().filter { !names.contains($0.name) } + shared.map { Project(name: $0.name) })
            .sorted()
    }

    /// The person's own tags: the lists shared with them are read by their own pages.
    public func tags() async throws -> [TagCount] { try await own.tags() }

    public func listEntries(_ filter: TodoFilter, in section: TodoSection, offset: Int, limit: Int) async throws
        -> [ListEntry]
    {
        guard let list = sharedList(named: filter.project) else {
            return try await own.listEntries(filter, in: section, offset: offset, limit: limit)
        }
        return try await list.store.listEntries(list.filter(filter), in: section, offset: offset, limit: limit)
            .map(list.presented)
    }

    public func listEntries(_ filter: TodoFilter, in section: TodoSection, after entry: ListEntry, limit: Int)
        async throws -> [ListEntry]
    {
        guard let list = sharedList(named: filter.project) else {
            return try await own.listEntries(filter, in: section, after: entry, limit: limit)
        }
        return try await list.store.listEntries(list.filter(filter), in: section, after: entry, limit: limit)
            .map(list.presented)
    }

    public func listPage(_ filter: TodoFilter, sections: [TodoSection], page: Int, rowsPerSection: Int?) async throws
        -> ListPage
    {
        var result: ListPage
        if let list = sharedList(named: filter.project) {
            result = try await list.store.listPage(
                list.filter(filter), sections: sections, page: page, rowsPerSection: rowsPerSection)
            result.entries = result.entries.mapValues { $0.map(list.presented) }
        } else {
            result = try await own.listPage(filter, sections: sections, page: page, rowsPerSection: rowsPerSection)
        }
        if !shared.isEmpty { result.projects = try await projects() }
        return result
    }

    /// A shared item moves among its own list's rows: the places a View counts are those of
    /// `OWNER/LIST`.
    public func moveScope(of item: TodoItem) -> TodoFilter {
        sharedList(named: item.project?.name).map { TodoFilter(project: $0.name) } ?? .all
    }

    /// A list shared with the person as viewer is theirs to read only (SHARE-12).
    public func access(toList project: String?) -> ListAccess {
        guard let list = sharedList(named: project), list.share.role != .editor else { return .changes }
        return .viewOnly(owner: list.share.owner.name)
    }

    // MARK: Writes

    public func add(_ draft: TodoDraft) async throws -> TodoItem {
        guard let list = sharedList(named: draft.project?.name) else { return try await own.add(draft) }
        try list.requireEditor()
        var draft = draft
        draft.project = Project(name: list.share.list)
        return list.presented(try await list.store.add(draft))
    }

    public func update(id: UUID, _ changes: TodoChanges, expectedVersion: Int?) async throws -> TodoItem? {
        switch try await find(id) {
        case nil:
            return nil
        case .own:
            if case .some(.some(let project)) = changes.project, let list = sharedList(named: project.name) {
                throw TodoAccessError.otherList(list: list.name)
            }
            return try await own.update(id: id, changes, expectedVersion: expectedVersion)
        case .shared(let list, _):
            try list.requireEditor()
            var changes = changes
            if let project = changes.project {
                guard project?.name == list.name else { throw TodoAccessError.otherList(list: list.name) }
                changes.project = .some(Project(name: list.share.list))
            }
            return try await presenting(list) {
                try await list.store.update(id: id, changes, expectedVersion: expectedVersion).map(list.presented)
            }
        }
    }

    public func move(id: UUID, toIndex index: Int) async throws -> TodoItem? {
        switch try await find(id) {
        case nil:
            return nil
        case .own:
            return try await own.move(id: id, toIndex: index)
        case .shared(let list, let item):
            try list.requireEditor()
            // `index` counts the rows of the list's section; the owner's store counts the
            // rows of their whole section: move next to the row that is at `index` now.
            let whole = try await list.store.items(.all).filter { $0.section == item.section && $0.id != id }
            let rows = whole.filter(list.contains)
            let target: Int
            if rows.isEmpty {
                target = whole.firstIndex { $0.position > item.position } ?? whole.count
            } else if index < rows.count {
                target = whole.firstIndex { $0.id == rows[max(index, 0)].id } ?? 0
            } else {
                target = (whole.firstIndex { $0.id == rows[rows.count - 1].id } ?? whole.count - 1) + 1
            }
            return try await list.store.move(id: id, toIndex: target).map(list.presented)
        }
    }

    public func delete(id: UUID, expectedVersion: Int?) async throws -> Bool {
        switch try await find(id) {
        case nil: return false
        case .own: return try await own.delete(id: id, expectedVersion: expectedVersion)
        case .shared(let list, _):
            try list.requireEditor()
            return try await presenting(list) { try await list.store.delete(id: id, expectedVersion: expectedVersion) }
        }
    }

    /// Deletes the person's own list; lists shared with them stay as they are (SHARE-5).
    public func deleteAll() async throws { try await own.deleteAll() }

    /// Imports into the person's own list (SHARE-10, OWNER-4).
    public func importItems(_ items: [ImportedItem], dryRun: Bool) async throws -> ImportSummary {
        try await own.importItems(items, dryRun: dryRun)
    }

    // MARK: The Trash

    /// The person's Trash, with what was deleted from the lists shared with them.
    public func trash() async throws -> [TrashedItem] {
        var all = try await own.trash()
        for list in shared {
            all += try await list.store.trash().filter { list.contains($0.item) }.map(list.presented)
        }
        return all.sorted(by: TrashRules.newestFirst)
    }

    public func restore(id: UUID) async throws -> TodoItem? {
        if try await own.trashedItem(id: id) != nil { return try await own.restore(id: id) }
        for list in shared where try await list.trashedItem(id: id) != nil {
            try list.requireEditor()
            return try await list.store.restore(id: id).map(list.presented)
        }
        return nil
    }

    public func deleteForever(id: UUID) async throws -> Bool {
        if try await own.trashedItem(id: id) != nil { return try await own.deleteForever(id: id) }
        for list in shared where try await list.trashedItem(id: id) != nil {
            try list.requireEditor()
            return try await list.store.deleteForever(id: id)
        }
        return false
    }

    /// Empties the person's own Trash.
    public func emptyTrash() async throws -> Int { try await own.emptyTrash() }

    public func purgeTrash() async throws -> Int { try await own.purgeTrash() }
}

/// Every person's lists in one database: an owner's store, and the shares between them. A
/// server with accounts opens each request's `PersonalLists` from it.
public struct PeopleLists: Sendable {
    public let sharing: any ListSharing
    /// The time zones the people have chosen (TIME-6), by account; one who hasn't is left out.
    public let zones: @Sendable ([UUID]) async throws -> [UUID: TimeZone]
    /// An owner's store, reckoning days in the zone given (nil: the store's own, the server's).
    let open: @Sendable (ListOwner, TimeZone?) -> any TodoStore

    public init(
        sharing: any ListSharing, zones: @escaping @Sendable ([UUID]) async throws -> [UUID: TimeZone],
        store: @escaping @Sendable (ListOwner, TimeZone?) -> any TodoStore
    ) {
        self.sharing = sharing
        self.zones = zones
        self.open = store
    }

    /// Every list in the stores' own zone.
    public init(sharing: any ListSharing, store: @escaping @Sendable (ListOwner) -> any TodoStore) {
        self.init(sharing: sharing, zones: { _ in [:] }, store: { owner, _ in store(owner) })
    }

    /// An owner's items, in the owner's time zone.
    public func store(_ owner: ListOwner) async throws -> any TodoStore {
        try await stores([owner])[0]
    }

    /// The owners' items, in order, each in its owner's time zone (one look-up for all).
    public func stores(_ owners: [ListOwner]) async throws -> [any TodoStore] {
        let people = owners.compactMap { UUID(uuidString: $0.key) }
        let zones = people.isEmpty ? [:] : try await self.zones(Array(Set(people)))
        return owners.map { owner in open(owner, UUID(uuidString: owner.key).flatMap { zones[$0] }) }
    }

    /// What `person` reads and changes now.
    public func lists(of person: UUID) async throws -> PersonalLists {
        try await PersonalLists.open(person: person, people: self)
    }
}

extension PeopleLists {
    /// Every person's lists in memory (tests, `--in-memory` demos): one `InMemoryTodoStore` per
    /// owner, made the first time it is asked for, reckoning days in the owner's zone then.
    public static func inMemory(
        environment: TodoEnvironment, zones: @escaping @Sendable ([UUID]) async throws -> [UUID: TimeZone] = { _ in [:] }
    ) -> PeopleLists {
        let stores = Mutex<[ListOwner: InMemoryTodoStore]>([:])
        return PeopleLists(sharing: InMemoryListSharing(), zones: zones) { owner, zone in
            stores.withLock { stores in
                if let store = stores[owner] { return store }
                let store = InMemoryTodoStore(environment: environment.reckoning(in: zone ?? environment.timeZone))
                stores[owner] = store
                return store
            }
        }
    }
}

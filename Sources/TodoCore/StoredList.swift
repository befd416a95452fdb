import Foundation

/// A `TodoStore` over any `TodoStorage`: every rule of a list, written once. Each command is one
/// `write` transaction that reads what it needs and writes the rows it changes.
public struct StoredList<Storage: TodoStorage>: TodoStore {
    public let storage: Storage
    private var environment: TodoEnvironment { storage.environment }

    public init(_ storage: Storage) { self.storage = storage }

    // MARK: Reads

    public func items(_ filter: TodoFilter) async throws -> [TodoItem] {
        try await storage.read { try $0.items(ItemQuery(.matching(filter))) }
    }

    public func count(_ filter: TodoFilter) async throws -> Int {
        try await storage.read { try $0.count(ItemQuery(.matching(filter))) }
    }

    public func item(id: UUID) async throws -> TodoItem? {
        try await storage.read { try $0.items(ItemQuery(.id(id))).first }
    }

    public func item(number: Int) async throws -> TodoItem? {
        try await storage.read { try $0.items(ItemQuery(.number(number), limit: 1)).first }
    }

    public func nextOccurrence(of id: UUID) async throws -> TodoItem? {
        try await storage.read { try $0.items(ItemQuery(.occurrence(of: id))).first }
    }

    public func item(atOffset offset: Int) async throws -> TodoItem? {
        guard offset >= 0 else { return nil }
        return try await storage.read { try $0.items(ItemQuery(.matching(.all), offset: offset, limit: 1)).first }
    }

    public func items(idPrefix prefix: String, limit: Int) async throws -> [TodoItem] {
        try await storage.read { try $0.items(ItemQuery(.idPrefix(prefix), limit: max(limit, 0))) }
    }

    public func items(_ filter: TodoFilter, after cursor: ListCursor?, limit: Int) async throws -> [TodoItem] {
        try await storage.read { try $0.items(ItemQuery(.matching(filter), after: cursor, limit: max(limit, 0))) }
    }

    public func projects() async throws -> [Project] {
        try await storage.read { try $0.projects() }
    }

    public func tags() async throws -> [TagCount] {
        TagCount.counted(try await storage.read { try $0.tagTexts() })
    }

    public func subtasks(of parent: UUID) async throws -> [TodoItem] {
        try await storage.read { try $0.items(ItemQuery(.children(of: parent))) }
    }

    // MARK: Pages: each a read of the rows a page shows (`TodoRows.entries`)

    public func listEntries(_ filter: TodoFilter, in section: TodoSection, offset: Int, limit: Int) async throws
        -> [ListEntry]
    {
        try await storage.read { rows in try Self.entries(rows, filter, in: section, offset: offset, limit: limit, toDo: nil) }
    }

    public func listEntries(_ filter: TodoFilter, in section: TodoSection, after entry: ListEntry, limit: Int)
        async throws -> [ListEntry]
    {
        try await storage.read { rows in
            guard limit > 0, let item = try rows.items(ItemQuery(.id(entry.id))).first, item.section == section else {
                return []
            }
            if filter.order != .position {
                // A place in the list's own order is no place in this one: go on from the row's number.
                let before = section == .done ? try rows.count(ItemQuery(.matching(filter.withBothSections), section: .todo)) : 0
                return try Self.entries(rows, filter, in: section, offset: entry.number - before, limit: limit, toDo: before)
            }
            let after = ItemQuery(
                .matching(filter.withBothSections), section: section, after: ListCursor(after: item), limit: limit)
            return try Self.counted(rows, try rows.entries(after, numberedAfter: entry.number))
        }
    }

    public func listPage(_ filter: TodoFilter, sections: [TodoSection], page: Int, rowsPerSection: Int?) async throws
        -> ListPage
    {
        try await storage.read { rows in
            let total = try rows.count(ItemQuery(.matching(filter.withBothSections)))
            let toDo = try rows.count(ItemQuery(.matching(filter.withBothSections), section: .todo))
            let layout = ListPage.layout(
                sections: sections, total: total, toDo: toDo, page: page, rowsPerSection: rowsPerSection)
            var entries: [TodoSection: [ListEntry]] = [:]
            for slice in layout.slices {
                entries[slice.section] = try Self.entries(
                    rows, filter, in: slice.section, offset: slice.offset, limit: slice.limit, toDo: toDo)
            }
            return layout.page(total: total, entries: entries, projects: try rows.projects())
        }
    }

    /// A slice of `section` of the list `filter` reads (its `unfinishedOnly` ignored), each row
    /// numbered by its place in that list: a Done row comes after every To Do row (`toDo`, when
    /// the caller has counted them).
    private static func entries(
        _ rows: Storage.Rows, _ filter: TodoFilter, in section: TodoSection, offset: Int, limit: Int, toDo: Int?
    ) throws -> [ListEntry] {
        guard limit > 0 else { return [] }
        let filter = filter.withBothSections, offset = max(offset, 0)
        let before = section == .done ? try toDo ?? rows.count(ItemQuery(.matching(filter), section: .todo)) : 0
        let slice = ItemQuery(.matching(filter), section: section, offset: offset, limit: limit)
        return try counted(rows, try rows.entries(slice, numberedAfter: before + offset))
    }

    /// `entries` with how many subtasks each has (SUB-4), read for them only.
    private static func counted(_ rows: Storage.Rows, _ entries: [ListEntry]) throws -> [ListEntry] {
        guard !entries.isEmpty else { return entries }
        let counts = try rows.subtaskCounts(of: entries.map(\.id))
        guard !counts.isEmpty else { return entries }
        return entries.map { entry in
            var entry = entry
            entry.subtasks = counts[entry.id]
            return entry
        }
    }

    public func trash() async throws -> [TrashedItem] {
        let now = environment.now()
        return try await storage.write(importing: false) { rows in
            _ = try rows.forget(.deleted(atOrBefore: TrashRules.purgeCutoff(now: now)))
            return try rows.trash(.all)
        }
    }

    // MARK: Commands

    public func add(_ draft: TodoDraft) async throws -> TodoItem {
        let (id, now) = (environment.makeID(), environment.now())
        var valid = try draft.validated()
        if !valid.keepsItsDates { valid.content = Repeats.dated(valid.content, today: CalendarDate(now, in: environment.timeZone)) }
        let draft = valid
        return try await storage.write(importing: false) { rows in
            guard let parent = draft.parent else { return try Self.insert(rows, draft, id: id, now: now) }
            let under = try Self.checkedParent(rows, parent, for: nil)
            var placed = draft
            if placed.position == nil { placed.position = try Self.placeUnder(rows, under, section: draft.isDone ? .done : .todo) }
            return try Self.insert(rows, placed, id: id, now: now)
        }
    }

    public func update(id: UUID, _ changes: TodoChanges, expectedVersion: Int?) async throws -> TodoItem? {
        let changes = try changes.validated()
        let now = environment.now()
        let environment = environment
        return try await storage.write(importing: false) { rows in
            guard let current = try rows.items(ItemQuery(.id(id))).first else { return nil }
            if let expectedVersion, expectedVersion != current.version {
                throw TodoStoreError.versionConflict(current: current)
            }
            guard var next = current.applying(changes, now: now) else { return current }
            try TodoRules.dueTime(next.content)
            if let parent = next.parent, parent != current.parent { _ = try Self.checkedParent(rows, parent, for: current) }
            if !changes.keepsItsDates { next.content = Repeats.dated(next.content, today: CalendarDate(now, in: environment.timeZone)) }
            let changesSection = current.changesSection(changes)
            if changesSection, changes.position == nil {
                next.position = try Self.placeAtEdge(rows, next.section, first: next.isDone, for: id)
            }
            try rows.save(next, replacing: current)
            if changesSection { try Self.applyRepeats(rows, current, next, now: now, environment: environment) }
            return next
        }
    }

    public func move(id: UUID, toIndex index: Int) async throws -> TodoItem? {
        let now = environment.now()
        return try await storage.write(importing: false) { rows in
            guard let current = try rows.items(ItemQuery(.id(id))).first else { return nil }
            let section = current.section
            let place = ListCursor(after: current)
            let index = min(max(index, 0), try rows.count(ItemQuery(.matching(.all), section: section)) - 1)
            // The neighbours at the new place: the items at index-1 and index once this one is
            // left out, read as a window of three rows around them.
            let rank = try rows.count(ItemQuery(.matching(.all), section: section, before: place))
            let start = max(index - 1, 0)
            let window = try rows.items(ItemQuery(
                .matching(.all), section: section, offset: start < rank ? start : start + 1, limit: 3))
            let neighbours = window.filter { $0.id != id }.prefix(index == 0 ? 1 : 2).map(\.position)
            let previous = index > 0 ? neighbours.first : nil
            let next = index > 0 ? neighbours.dropFirst().first : neighbours.first
            if Ordering.isBetween(current.position, previous, next) { return current }
            let position = try Ordering.between(previous, next)
                ?? Self.respace(rows, section, leavingGapAt: index, without: id)
            guard let moved = current.applying(TodoChanges(position: position), now: now) else { return current }
            try rows.save(moved, replacing: current)
            return moved
        }
    }

    public func delete(id: UUID, expectedVersion: Int?) async throws -> Bool {
        let now = environment.now()
        return try await storage.write(importing: false) { rows in
            guard let current = try rows.items(ItemQuery(.id(id))).first else { return false }
            if let expectedVersion, expectedVersion != current.version {
                throw TodoStoreError.versionConflict(current: current)
            }
            _ = try rows.forget(.deleted(atOrBefore: TrashRules.purgeCutoff(now: now)))
            // SUB-5: its subtasks, at every depth, go with it, at the same moment.
            let moment = Timestamp.normalized(now)
            for subtask in try Self.descendants(rows, of: id) { try rows.remove(ItemQuery(.id(subtask)), trashedAt: moment) }
            try rows.remove(ItemQuery(.id(id)), trashedAt: moment)
            return true
        }
    }

    public func deleteAll() async throws {
        try await storage.write(importing: false) { rows in try rows.remove(.all, trashedAt: nil) }
    }

    public func importItems(_ items: [ImportedItem], dryRun: Bool) async throws -> ImportSummary {
        let now = environment.now()
        let body: @Sendable (Storage.Rows) throws -> ImportSummary = { rows in
            // The plan places items next to the sections' edges: keep those exact (HARDEN-9).
            if !dryRun { for section in TodoSection.allCases { try Self.respaceIfFarOut(rows, section) } }
            var existing: [UUID: TodoItem] = [:]
            for entry in items {
                if let item = try rows.items(ItemQuery(.id(entry.item.id))).first { existing[item.id] = item }
            }
            func edge(_ section: TodoSection, last: Bool) throws -> Double? {
                try rows.items(.edge(of: section, last: last)).first?.position
            }
            let plan = try ImportPlan(
                items, existing: existing,
                edges: ImportPlan.Edges(
                    firstToDo: try edge(.todo, last: false), lastToDo: try edge(.todo, last: true),
                    firstDone: try edge(.done, last: false)),
                now: now)
            guard !dryRun else { return plan.summary }
            var writes = plan.writes
            // The file's own numbers are kept where free (NUMBER-5): the counter moves past them all.
            let first = try rows.takeNumbers(0)
            var next = first
            ItemNumbers.assign(&writes, next: &next)
            _ = try rows.takeNumbers(next - first)
            for write in writes {
                try rows.save(write.item, replacing: write.replacing)
                // One id, one place: a trashed copy gives way to the imported item (TRASH-8).
                if write.replacing == nil { _ = try rows.forget(.id(write.item.id)) }
            }
            return plan.summary
        }
        if dryRun { return try await storage.read(body) }
        return try await storage.write(importing: true, body)
    }

    // MARK: The Trash

    public func restore(id: UUID) async throws -> TodoItem? {
        let now = environment.now()
        return try await storage.write(importing: false) { rows in
            _ = try rows.forget(.deleted(atOrBefore: TrashRules.purgeCutoff(now: now)))
            guard let trashed = try rows.trash(.id(id)).first else { return nil }
            let item = try Self.restore(rows, trashed, now: now)
            // SUB-5: the subtasks that went to the Trash with it come back with it.
            var parents = [trashed]
            while let parent = parents.popLast() {
                let with = try rows.trash(.deleted(atOrBefore: parent.deletedAt))
                    .filter { $0.deletedAt == parent.deletedAt && $0.item.parent == parent.id }
                for subtask in with {
                    _ = try Self.restore(rows, subtask, now: now)
                    parents.append(subtask)
                }
            }
            return item
        }
    }

    /// Puts `trashed` back in its place (TRASH-2) and out of the Trash.
    private static func restore(_ rows: Storage.Rows, _ trashed: TrashedItem, now: Date) throws -> TodoItem {
        let former = trashed.item.position, section = trashed.item.section
        // The places just below and just above every item at `former`.
        let below = ListCursor(isDone: section == .done, position: former, id: .lowest)
        let above = ListCursor(isDone: section == .done, position: former, id: .highest)
        let taken = try rows.items(ItemQuery(.matching(.all), section: section, after: below, limit: 1))
            .first?.position == former
        let nextAbove = try rows.items(ItemQuery(.matching(.all), section: section, after: above, limit: 1)).first
        let position = try TrashRules.restoredPosition(former: former, taken: taken, nextAbove: nextAbove?.position)
            ?? Self.respace(
                rows, section, leavingGapAt: rows.count(ItemQuery(.matching(.all), section: section, before: above)),
                without: nil)
        let item = TrashRules.restored(trashed.item, at: position, now: now)
        try rows.save(item, replacing: nil)
        _ = try rows.forget(.id(trashed.id))
        return item
    }

    public func deleteForever(id: UUID) async throws -> Bool {
        try await storage.write(importing: false) { rows in try rows.forget(.id(id)) > 0 }
    }

    @discardableResult
    public func emptyTrash() async throws -> Int {
        try await storage.write(importing: false) { rows in try rows.forget(.all) }
    }

    @discardableResult
    public func purgeTrash() async throws -> Int {
        let now = environment.now()
        return try await storage.write(importing: false) { rows in
            try rows.forget(.deleted(atOrBefore: TrashRules.purgeCutoff(now: now)))
        }
    }

    // MARK: Rules over rows

    /// Stores a new item made from a validated draft: placed, numbered, inserted.
    private static func insert(_ rows: Storage.Rows, _ draft: TodoDraft, id: UUID, now: Date) throws -> TodoItem {
        let section: TodoSection = draft.isDone ? .done : .todo
        let position = try draft.position ?? placeAtEdge(rows, section, first: true, for: id)
        var item = TodoItem(draft: draft, id: id, position: position, now: now)
        item.number = try rows.takeNumbers(1)
        try rows.save(item, replacing: nil)
        return item
    }

    /// The parent `parent` for `item` (nil: a new one), or the rule it breaks (SUB-2): an item
    /// of the list, not `item` nor under it, and no deeper than `Subtasks.maxDepth` with
    /// `item`'s own subtasks under it.
    private static func checkedParent(_ rows: Storage.Rows, _ parent: UUID, for item: TodoItem?) throws -> TodoItem {
        if parent == item?.id { throw TodoValidationError.parentIsItself }
        guard let found = try rows.items(ItemQuery(.id(parent))).first else { throw TodoValidationError.parentNotFound }
        var depth = 1, above: TodoItem? = found
        var seen: Set<UUID> = [parent]
        while let next = above?.parent, let ancestor = try rows.items(ItemQuery(.id(next))).first, seen.insert(next).inserted {
            if ancestor.id == item?.id { throw TodoValidationError.parentIsSubtask }
            depth += 1
            above = ancestor
        }
        let below = try item.map { try levels(rows, under: $0.id) } ?? 0
        if depth + 1 + below > Subtasks.maxDepth { throw TodoValidationError.nestedTooDeep }
        return found
    }

    /// How many levels of subtasks are under `id` (0: none).
    private static func levels(_ rows: Storage.Rows, under id: UUID) throws -> Int {
        var level = 0, current = [id], seen: Set<UUID> = [id]
        while !current.isEmpty, level <= Subtasks.maxDepth {
            current = try current.flatMap { try rows.items(ItemQuery(.children(of: $0))).map(\.id) }.filter { seen.insert($0).inserted }
            if !current.isEmpty { level += 1 }
        }
        return level
    }

    /// The ids of every subtask under `id`, at every depth, deepest last.
    private static func descendants(_ rows: Storage.Rows, of id: UUID) throws -> [UUID] {
        var found: [UUID] = [], current = [id], seen: Set<UUID> = [id]
        while !current.isEmpty {
            current = try current.flatMap { try rows.items(ItemQuery(.children(of: $0))).map(\.id) }.filter { seen.insert($0).inserted }
            found += current
        }
        return found
    }

    /// Where a new subtask of `parent` goes in `section` (SUB-3): right after the parent's last
    /// subtask there at any depth, or right after the parent; first of the section when neither is
    /// in it; nil when no number fits there (the store then places it as any new item).
    private static func placeUnder(_ rows: Storage.Rows, _ parent: TodoItem, section: TodoSection) throws -> Double? {
        var last = parent.section == section ? parent : nil
        for id in try descendants(rows, of: parent.id) {
            guard let subtask = try rows.items(ItemQuery(.id(id), section: section)).first else { continue }
            if last.map({ ListCursor(after: $0).precedes(subtask) }) ?? true { last = subtask }
        }
        guard let last else { return nil }
        let next = try rows.items(ItemQuery(.matching(.all), section: section, after: ListCursor(after: last), limit: 1)).first
        return Ordering.between(last.position, next?.position)
    }

    /// First or last of `section` for the item `id`: next to the edge, or at that end of the
    /// respaced section when the edge has gone far out (HARDEN-9).
    private static func placeAtEdge(_ rows: Storage.Rows, _ section: TodoSection, first: Bool, for id: UUID) throws -> Double {
        let edge = try rows.items(ItemQuery(.matching(.all), section: section, reversed: !first, limit: 2))
            .first { $0.id != id }?.position
        let place = first ? Ordering.before(edge) : Ordering.after(edge)
        if TodoRules.comfortablePositions.contains(place) { return place }
        let others = try rows.count(ItemQuery(.matching(.all), section: section)) - (try rows.count(ItemQuery(.id(id), section: section)))
        return try respace(rows, section, leavingGapAt: first ? 0 : others, without: id)
    }

    /// `Repeats` after `before` became `after` by a check or an uncheck, in the same write.
    private static func applyRepeats(
        _ rows: Storage.Rows, _ before: TodoItem, _ after: TodoItem, now: Date, environment: TodoEnvironment
    ) throws {
        // A check that would spawn nothing even with nothing linked (an item that doesn't repeat)
        // needs no link: it is read only when it can matter. Most checks are of such items, and
        // a read costs a write more than the rest of its rules.
        if after.isDone, !Repeats.spawnsOccurrence(after, linked: nil) { return }
        let linked = try rows.items(ItemQuery(.occurrence(of: after.id))).first
        if after.isDone {
            guard Repeats.spawnsOccurrence(after, linked: linked),
                  let draft = Repeats.nextOccurrence(of: after, today: CalendarDate(now, in: environment.timeZone))
            else { return }
            let occurrence = try insert(rows, try draft.validated(), id: environment.makeID(), now: now)
            try rows.link(after.id, to: occurrence.id)
        } else if let linked, Repeats.uncheckRemoves(linked, checked: before, now: now, timeZone: environment.timeZone) {
            try rows.remove(ItemQuery(.id(linked.id)), trashedAt: nil)
            try rows.link(after.id, to: nil)
        }
    }

    /// Evenly respaces `section` (leaving out `without`); leaves place `gap` free and returns it.
    private static func respace(_ rows: Storage.Rows, _ section: TodoSection, leavingGapAt gap: Int, without id: UUID?) throws -> Double {
        let items = try rows.items(ItemQuery(.matching(.all), section: section)).filter { $0.id != id }
        let positions = Ordering.respaced(count: items.count + 1)
        try place(items, in: rows) { positions[$0 < gap ? $0 : $0 + 1] }
        return positions[min(gap, items.count)]
    }

    /// Respaces `section` when its first or last item lies outside the comfortable range.
    private static func respaceIfFarOut(_ rows: Storage.Rows, _ section: TodoSection) throws {
        guard let first = try rows.items(.edge(of: section, last: false)).first?.position,
              let last = try rows.items(.edge(of: section, last: true)).first?.position,
              !TodoRules.comfortablePositions.contains(first) || !TodoRules.comfortablePositions.contains(last)
        else { return }
        let items = try rows.items(ItemQuery(.matching(.all), section: section))
        let positions = Ordering.respaced(count: items.count)
        try place(items, in: rows) { positions[$0] }
    }

    /// Saves each of `items` that moves at the position `position` gives its offset.
    private static func place(_ items: [TodoItem], in rows: Storage.Rows, at position: (Int) -> Double) throws {
        for (offset, item) in items.enumerated() {
            var respaced = item
            respaced.position = position(offset)
            if respaced != item { try rows.save(respaced, replacing: item) }
        }
    }
}

extension UUID {
    /// The ids that sort first and last in lower-case text (`ListCursor`'s order).
    static let lowest = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    static let highest = UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255))
}

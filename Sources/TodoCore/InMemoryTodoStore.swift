import Foundation

/// A store that keeps items in memory only: nothing is written to disk (SAVE-4).
/// For tests, previews and `--in-memory` demos.
public actor InMemoryTodoStore: TodoStore {
    private var itemsByID: [UUID: TodoItem]
    /// The Trash: deleted items by id (docs/specs/trash.md).
    private var trashByID: [UUID: TrashedItem] = [:]
    private let environment: TodoEnvironment
    /// The next stable number to give (`ItemNumbers`): never lowered, so no number is given twice.
    private var nextNumber = 1
    /// The occurrence each checked repeating item created (`Repeats`), by the checked item's id.
    private var nextOccurrenceIDs: [UUID: UUID] = [:]

    /// Items given without a number (0) are numbered after the others, in display order.
    public init(environment: TodoEnvironment, items: [TodoItem] = []) {
        self.environment = environment
        var next = (items.map(\.number).max() ?? 0) + 1
        let unnumbered = items.filter { $0.number <= 0 }
        let ordered = unnumbered.filter { !$0.isDone }.sorted(by: TodoStoreOrder.inSection)
            + unnumbered.filter(\.isDone).sorted(by: TodoStoreOrder.inSection)
        var byID = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
        for item in ordered {
            byID[item.id]?.number = next
            next += 1
        }
        self.itemsByID = byID
        self.nextNumber = next
    }

    public func items(_ filter: TodoFilter) throws -> [TodoItem] {
        displayOrder().filter(filter.matches)
    }

    public func count(_ filter: TodoFilter) throws -> Int {
        itemsByID.values.count(where: filter.matches)
    }

    public func item(id: UUID) throws -> TodoItem? { itemsByID[id] }

    public func item(number: Int) throws -> TodoItem? {
        itemsByID.values.first { $0.number == number }
    }

    public func nextOccurrence(of id: UUID) throws -> TodoItem? {
        nextOccurrenceIDs[id].flatMap { itemsByID[$0] }
    }

    public func item(atOffset offset: Int) throws -> TodoItem? {
        let all = displayOrder()
        return all.indices.contains(offset) ? all[offset] : nil
    }

    public func items(idPrefix prefix: String, limit: Int) throws -> [TodoItem] {
        let prefix = prefix.lowercased()
        return Array(displayOrder().filter { $0.id.lowercasedText.hasPrefix(prefix) }.prefix(limit))
    }

    public func add(_ draft: TodoDraft) throws -> TodoItem {
        let draft = try draft.validated()
        let section: TodoSection = draft.isDone ? .done : .todo
        let id = environment.makeID()
        let position = draft.position ?? placeAtEdge(section, first: true, for: id)
        var item = TodoItem(draft: draft, id: id, position: position, now: environment.now())
        item.number = takeNumber()
        itemsByID[item.id] = item
        return item
    }

    public func update(id: UUID, _ changes: TodoChanges, expectedVersion: Int?) throws -> TodoItem? {
        let changes = try changes.validated()
        guard let current = itemsByID[id] else { return nil }
        if let expectedVersion, expectedVersion != current.version {
            throw TodoStoreError.versionConflict(current: current)
        }
        guard var next = current.applying(changes, now: environment.now()) else { return current }
        if current.changesSection(changes), changes.position == nil {
            next.position = placeAtEdge(next.section, first: next.isDone, for: id)
        }
        // The occurrence first: when it cannot be made, nothing has changed.
        if current.changesSection(changes) { try applyRepeats(current, next) }
        itemsByID[id] = next
        return next
    }

    /// `Repeats` after `before` became `after` by a check or an uncheck, in the same write.
    private func applyRepeats(_ before: TodoItem, _ after: TodoItem) throws {
        let linked = nextOccurrenceIDs[after.id].flatMap { itemsByID[$0] }
        if after.isDone {
            guard Repeats.spawnsOccurrence(after, linked: linked),
                  let draft = Repeats.nextOccurrence(of: after, today: environment.today)
            else { return }
            nextOccurrenceIDs[after.id] = try add(draft).id
        } else if let linked,
                  Repeats.uncheckRemoves(linked, checked: before, now: environment.now(), timeZone: environment.timeZone)
        {
            itemsByID[linked.id] = nil
            nextOccurrenceIDs[after.id] = nil
        }
    }

    public func move(id: UUID, toIndex index: Int) throws -> TodoItem? {
        guard let current = itemsByID[id] else { return nil }
        let others = ordered(current.section).filter { $0.id != id }
        let index = min(max(index, 0), others.count)
        let previous = index > 0 ? others[index - 1].position : nil
        let next = index < others.count ? others[index].position : nil
        if Ordering.isBetween(current.position, previous, next) { return current }
        if let position = Ordering.between(previous, next) {
            return store(current, at: position)
        }
        // No number fits between the neighbours: respace the section, then place the item.
        return store(current, at: respace(others, leavingGapAt: index)!)
    }

    public func delete(id: UUID, expectedVersion: Int?) throws -> Bool {
        guard let current = itemsByID[id] else { return false }
        if let expectedVersion, expectedVersion != current.version {
            throw TodoStoreError.versionConflict(current: current)
        }
        let now = environment.now()
        purge(now: now)
        itemsByID[id] = nil
        trashByID[id] = TrashedItem(item: current, deletedAt: Timestamp.normalized(now))
        return true
    }

    public func deleteAll() throws {
        itemsByID.removeAll()
        nextOccurrenceIDs.removeAll()
    }

    public func projects() throws -> [Project] {
        Set(itemsByID.values.compactMap(\.project)).sorted()
    }

    public func importItems(_ items: [ImportedItem], dryRun: Bool) throws -> ImportSummary {
        if !dryRun { for section in TodoSection.allCases { respaceIfFarOut(section) } }
        let toDo = itemsByID.values.filter { !$0.isDone }.map(\.position)
        let done = itemsByID.values.filter(\.isDone).map(\.position)
        let plan = try ImportPlan(
            items, existing: itemsByID,
            edges: ImportPlan.Edges(firstToDo: toDo.min(), lastToDo: toDo.max(), firstDone: done.min()),
            now: environment.now())
        if !dryRun {
            var writes = plan.writes
            ItemNumbers.assign(&writes, next: &nextNumber)
            for write in writes {
                itemsByID[write.item.id] = write.item
                trashByID[write.item.id] = nil  // one id, one place (TRASH-8)
            }
        }
        return plan.summary
    }

    // MARK: - The Trash

    public func trash() -> [TrashedItem] {
        purge(now: environment.now())
        return trashByID.values.sorted(by: TrashRules.newestFirst)
    }

    public func restore(id: UUID) -> TodoItem? {
        let now = environment.now()
        purge(now: now)
        guard let trashed = trashByID[id] else { return nil }
        let former = trashed.item.position
        let section = ordered(trashed.item.section)
        let taken = section.contains { $0.position == former }
        let nextAbove = section.first { $0.position > former }?.position
        let position = TrashRules.restoredPosition(former: former, taken: taken, nextAbove: nextAbove)
            ?? respace(section, leavingGapAt: section.firstIndex { $0.position > former } ?? section.count)!
        let item = TrashRules.restored(trashed.item, at: position, now: now)
        trashByID[id] = nil
        itemsByID[id] = item
        return item
    }

    public func deleteForever(id: UUID) -> Bool {
        trashByID.removeValue(forKey: id) != nil
    }

    @discardableResult
    public func emptyTrash() -> Int {
        defer { trashByID.removeAll() }
        return trashByID.count
    }

    @discardableResult
    public func purgeTrash() -> Int { purge(now: environment.now()) }

    @discardableResult
    private func purge(now: Date) -> Int {
        let expired = trashByID.values.filter { TrashRules.isExpired(deletedAt: $0.deletedAt, now: now) }
        for trashed in expired { trashByID[trashed.id] = nil }
        return expired.count
    }

    // MARK: - Helpers

    private func takeNumber() -> Int {
        defer { nextNumber += 1 }
        return nextNumber
    }

    /// First or last of `section` for the item `id`: next to the edge, or at that end of the
    /// respaced section when the edge has gone far out (HARDEN-9).
    private func placeAtEdge(_ section: TodoSection, first: Bool, for id: UUID) -> Double {
        let others = ordered(section).filter { $0.id != id }
        let place = first ? Ordering.before(others.first?.position) : Ordering.after(others.last?.position)
        if TodoRules.comfortablePositions.contains(place) { return place }
        return respace(others, leavingGapAt: first ? 0 : others.count)!
    }

    private func respaceIfFarOut(_ section: TodoSection) {
        let items = ordered(section)
        guard let first = items.first?.position, let last = items.last?.position,
              !TodoRules.comfortablePositions.contains(first) || !TodoRules.comfortablePositions.contains(last)
        else { return }
        respace(items)
    }

    /// Evenly respaces `items` (a section, in order). With `gap`, leaves that place free and
    /// returns it.
    @discardableResult
    private func respace(_ items: [TodoItem], leavingGapAt gap: Int? = nil) -> Double? {
        let positions = Ordering.respaced(count: items.count + (gap == nil ? 0 : 1))
        for (offset, item) in items.enumerated() {
            itemsByID[item.id]?.position = positions[gap.map { offset < $0 ? offset : offset + 1 } ?? offset]
        }
        return gap.map { positions[$0] }
    }

    private func store(_ item: TodoItem, at position: Double) -> TodoItem? {
        guard let moved = item.applying(TodoChanges(position: position), now: environment.now()) else { return item }
        itemsByID[item.id] = moved
        return moved
    }

    private func ordered(_ section: TodoSection) -> [TodoItem] {
        itemsByID.values.filter { $0.section == section }.sorted(by: TodoStoreOrder.inSection)
    }

    private func displayOrder() -> [TodoItem] {
        ordered(.todo) + ordered(.done)
    }
}

/// The order inside a section, as every store sorts: by position, then by id (lower-case text).
public enum TodoStoreOrder {
    public static func inSection(_ a: TodoItem, _ b: TodoItem) -> Bool {
        if a.position != b.position { return a.position < b.position }
        return a.id.lowercasedText < b.id.lowercasedText
    }
}

import Foundation
import Synchronization

/// The rows of a list kept in memory: the reference storage (SAVE-4: nothing is written to disk).
/// A transaction works on a copy of the state and puts it back when it succeeds, so a failure
/// leaves the list as it was; one transaction runs at a time.
public final class InMemoryStorage: TodoStorage {
    public let environment: TodoEnvironment
    private let state: Mutex<State>

    /// What the list holds.
    public struct State: Sendable {
        var items: [UUID: TodoItem] = [:]
        var trash: [UUID: TrashedItem] = [:]
        /// The next stable number to give (`ItemNumbers`): never lowered.
        var nextNumber = 1
        /// The occurrence each checked repeating item created (`Repeats`), by the checked item's id.
        var occurrences: [UUID: UUID] = [:]
    }

    /// Items given without a number (0) are numbered after the others, in display order.
    public init(environment: TodoEnvironment, items: [TodoItem] = []) {
        self.environment = environment
        var state = State()
        var next = (items.map(\.number).max() ?? 0) + 1
        for item in items { state.items[item.id] = item }
        for item in Rows.displayOrder(items.filter { $0.number <= 0 }) {
            state.items[item.id]?.number = next
            next += 1
        }
        state.nextNumber = next
        self.state = Mutex(state)
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (Rows) throws -> T) async throws -> T {
        let rows = Rows(state.withLock { $0 })
        return try body(rows)
    }

    public func write<T: Sendable>(importing: Bool, _ body: @escaping @Sendable (Rows) throws -> T) async throws -> T {
        try state.withLock { state in
            let rows = Rows(state)
            let result = try body(rows)
            state = rows.state
            return result
        }
    }

    /// A transaction's view of the state: changed in place, kept when the transaction ends well.
    public final class Rows: TodoRows {
        fileprivate var state: State

        fileprivate init(_ state: State) { self.state = state }

        static func displayOrder(_ items: some Sequence<TodoItem>, _ order: ListOrder = .position) -> [TodoItem] {
            items.sorted { a, b in
                a.isDone != b.isDone ? !a.isDone : order.inSection(a, b)
            }
        }

        private func selected(_ query: ItemQuery) -> [TodoItem] {
            Self.displayOrder(state.items.values.filter { query.matches($0, occurrenceLinks: state.occurrences) }, query.order)
        }

        public func items(_ query: ItemQuery) throws -> [TodoItem] {
            var selected = selected(query)
            if query.reversed { selected.reverse() }
            let start = min(max(query.offset, 0), selected.count)
            return Array(selected[start...].prefix(query.limit ?? selected.count))
        }

        public func entries(_ query: ItemQuery, numberedAfter first: Int) throws -> [ListEntry] {
            try items(query).enumerated().map { ListEntry(number: first + $0.offset + 1, item: $0.element) }
        }

        public func count(_ query: ItemQuery) throws -> Int { selected(query).count }

        public func projects() throws -> [Project] {
            Set(state.items.values.compactMap(\.project)).sorted()
        }

        public func tagTexts() throws -> [(text: String, count: Int)] {
            state.items.values.map { ($0.tags.names.joined(separator: Tags.storedSeparator), 1) }
        }

        public func subtaskCounts(of parents: [UUID]) throws -> [UUID: SubtaskCount] {
            let wanted = Set(parents)
            var counts: [UUID: SubtaskCount] = [:]
            for item in state.items.values {
                guard let parent = item.parent, wanted.contains(parent) else { continue }
                counts[parent, default: SubtaskCount(done: 0, total: 0)].total += 1
                if item.isDone { counts[parent]!.done += 1 }
            }
            return counts
        }

        public func trash(_ query: TrashQuery) throws -> [TrashedItem] {
            state.trash.values.filter { Self.matches($0, query) }.sorted(by: TrashRules.newestFirst)
        }

        private static func matches(_ trashed: TrashedItem, _ query: TrashQuery) -> Bool {
            switch query {
            case .all: true
            case .id(let id): trashed.id == id
            case .deleted(let cutoff): trashed.deletedAt <= cutoff
            }
        }

        public func save(_ item: TodoItem, replacing old: TodoItem?) throws {
            state.items[item.id] = item
        }

        public func remove(_ query: ItemQuery, trashedAt: Date?) throws {
            for item in selected(query) {
                state.items[item.id] = nil
                state.occurrences[item.id] = nil
                if let trashedAt { state.trash[item.id] = TrashedItem(item: item, deletedAt: trashedAt) }
            }
        }

        public func forget(_ query: TrashQuery) throws -> Int {
            let forgotten = try trash(query)
            for trashed in forgotten { state.trash[trashed.id] = nil }
            return forgotten.count
        }

        public func takeNumbers(_ count: Int) throws -> Int {
            defer { state.nextNumber += count }
            return state.nextNumber
        }

        public func link(_ checked: UUID, to occurrence: UUID?) throws {
            state.occurrences[checked] = occurrence
        }
    }
}

import Foundation
import PropertyBased
import Testing
import TodoCore
import TodoSQLite
import TodoPostgresTestSupport
import TodoTestSupport

/// One step of a random session: which operation, on which item, to which place.
struct StoreStep: CustomStringConvertible, Sendable {
    enum Kind: Int, CaseIterable, Sendable { case add, check, uncheck, move, edit, delete }
    let kind: Kind
    /// Picks an item among those present (modulo their count).
    let target: Int
    /// The place for `move` (may be past the end: the store clamps).
    let index: Int

    /// Decodes a generated number, so that shrinking a number shrinks the step.
    init(_ code: Int) {
        kind = Kind(rawValue: code % Kind.allCases.count)!
        target = (code / Kind.allCases.count) % 64
        index = (code / (Kind.allCases.count * 64)) % 12
    }

    var description: String { "\(kind)(target: \(target), index: \(index))" }
}

/// The ordering rules as plain arrays of ids: the reference every store must match.
struct ReferenceList {
    var todo: [UUID] = []
    var done: [UUID] = []
    var titles: [UUID: String] = [:]

    var all: [UUID] { todo + done }

    mutating func apply(_ step: StoreStep, added id: UUID?, title: String) {
        let present = all
        switch step.kind {
        case .add:
            todo.insert(id!, at: 0)
            titles[id!] = title
        case .check:
            guard let id = pick(step, from: present), let at = todo.firstIndex(of: id) else { return }
            todo.remove(at: at)
            done.insert(id, at: 0)
        case .uncheck:
            guard let id = pick(step, from: present), let at = done.firstIndex(of: id) else { return }
            done.remove(at: at)
            todo.append(id)
        case .move:
            guard let id = pick(step, from: present) else { return }
            if let at = todo.firstIndex(of: id) {
                todo.remove(at: at)
                todo.insert(id, at: min(step.index, todo.count))
            } else if let at = done.firstIndex(of: id) {
                done.remove(at: at)
                done.insert(id, at: min(step.index, done.count))
            }
        case .edit:
            guard let id = pick(step, from: present) else { return }
            titles[id] = title
        case .delete:
            guard let id = pick(step, from: present) else { return }
            todo.removeAll { $0 == id }
            done.removeAll { $0 == id }
            titles[id] = nil
        }
    }

    func pick(_ step: StoreStep, from present: [UUID]) -> UUID? {
        present.isEmpty ? nil : present[step.target % present.count]
    }
}

/// Random sessions of add / check / uncheck / move / edit / delete, run against the in-memory
/// store, the GRDB store and the PostgreSQL store side by side, checked against the ordering
/// rules after every step.
@Suite("Store properties (random sessions)")
struct StorePropertyTests {
    static let sessions = Gen.int(in: 0...(StoreStep.Kind.allCases.count * 64 * 12 - 1)).array(of: 0...60)

    @Test("OWNER-9 any session keeps two sections, distinct positions and the first/last placement rules, and the GRDB and PostgreSQL stores (and an account's GRDB store beside the local list) equal the in-memory one")
    func randomSessionsKeepTheRulesAndBothStoresAgree() async throws {
        await propertyCheck(count: 60, input: Self.sessions) { codes in
            do {
                try await Self.run(codes.map(StoreStep.init))
            } catch {
                Issue.record(error, "session \(codes.map(StoreStep.init))")
            }
        }
    }

    static func run(_ steps: [StoreStep]) async throws {
        // The same ids for both stores and a clock that stands still (the stores read it at
        // different moments), so every field can be compared.
        let memory = InMemoryTodoStore(environment: TestEnvironment(tick: 0).environment)
        let sqlite = SQLiteTodoStore(database: try AppDatabase.inMemory(), environment: TestEnvironment(tick: 0).environment)
        let postgres = try await PostgresTestDatabase.freshStore(environment: TestEnvironment(tick: 0).environment)
        // OWNER-9: an account's list beside the local list's items, which have the same ids.
        let owned = try await OwnerStores.besideNeighbour(environment: TestEnvironment(tick: 0).environment)
        var reference = ReferenceList()
        for (number, step) in steps.enumerated() {
            let title = "item \(number)"
            let present = reference.all
            let target = reference.pick(step, from: present)
            var added: UUID?
            for store in [memory, sqlite, postgres, owned] as [any TodoStore] {
                switch step.kind {
                case .add: added = try await store.add(TodoDraft(title: title)).id
                case .check: if let target { _ = try await store.setDone(id: target, true) }
                case .uncheck: if let target { _ = try await store.setDone(id: target, false) }
                case .move: if let target { _ = try await store.move(id: target, toIndex: step.index) }
                case .edit: if let target { _ = try await store.update(id: target, TodoChanges(title: title)) }
                case .delete: if let target { _ = try await store.delete(id: target) }
                }
            }
            reference.apply(step, added: added, title: title)
            let fromMemory = try await memory.items()
            let fromSQLite = try await sqlite.items()
            let fromPostgres = try await postgres.items()
            let fromOwned = try await owned.items()
            try checkInvariants(fromSQLite, reference, after: step)
            try checkInvariants(fromPostgres, reference, after: step)
            try checkInvariants(fromOwned, reference, after: step)
            #expect(fromSQLite == fromMemory, "after \(step)")
            #expect(fromPostgres == fromMemory, "PostgreSQL after \(step)")
            #expect(fromOwned == fromMemory, "an account's SQLite store beside the local list after \(step)")
        }
    }

    static func checkInvariants(_ items: [TodoItem], _ reference: ReferenceList, after step: StoreStep) throws {
        // Two sections: To Do above Done; each in the reference order (first/last placement, moves).
        let todo = items.prefix { !$0.isDone }
        let done = items.dropFirst(todo.count)
        #expect(done.allSatisfy { $0.isDone }, "To Do above Done after \(step)")
        #expect(todo.map(\.id) == reference.todo, "To Do order after \(step)")
        #expect(done.map(\.id) == reference.done, "Done order after \(step)")
        // Positions distinct and ascending inside each section.
        for section in [Array(todo), Array(done)] {
            let positions = section.map(\.position)
            #expect(positions == positions.sorted() && Set(positions).count == positions.count, "positions after \(step)")
        }
        #expect(items.allSatisfy { reference.titles[$0.id] == $0.title }, "titles after \(step)")
        #expect(items.allSatisfy { ($0.completedAt != nil) == $0.isDone }, "completedAt after \(step)")
    }
}

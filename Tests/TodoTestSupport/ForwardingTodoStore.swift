import Foundation
import TodoCore

/// A test's own store over an `InMemoryTodoStore`: it writes the calls it changes (a race
/// with another program, a file that can no longer be read) and hands every other one to
/// `inner` unchanged.
public protocol ForwardingTodoStore: TodoStore {
    var inner: InMemoryTodoStore { get }
}

extension ForwardingTodoStore {
    public func items(_ filter: TodoFilter) async throws -> [TodoItem] { try await inner.items(filter) }
    public func count(_ filter: TodoFilter) async throws -> Int { try await inner.count(filter) }
    public func item(id: UUID) async throws -> TodoItem? { try await inner.item(id: id) }
    public func item(atOffset offset: Int) async throws -> TodoItem? { try await inner.item(atOffset: offset) }
    public func item(number: Int) async throws -> TodoItem? { try await inner.item(number: number) }
    public func nextOccurrence(of id: UUID) async throws -> TodoItem? { try await inner.nextOccurrence(of: id) }
    public func items(idPrefix prefix: String, limit: Int) async throws -> [TodoItem] {
        try await inner.items(idPrefix: prefix, limit: limit)
    }
    public func add(_ draft: TodoDraft) async throws -> TodoItem { try await inner.add(draft) }
    public func update(id: UUID, _ changes: TodoChanges, expectedVersion: Int?) async throws -> TodoItem? {
        try await inner.update(id: id, changes, expectedVersion: expectedVersion)
    }
    public func move(id: UUID, toIndex index: Int) async throws -> TodoItem? { try await inner.move(id: id, toIndex: index) }
    public func delete(id: UUID, expectedVersion: Int?) async throws -> Bool {
        try await inner.delete(id: id, expectedVersion: expectedVersion)
    }
    public func deleteAll() async throws { try await inner.deleteAll() }
    public func projects() async throws -> [Project] { try await inner.projects() }
    public func importItems(_ items: [ImportedItem], dryRun: Bool) async throws -> ImportSummary {
        try await inner.importItems(items, dryRun: dryRun)
    }
    public func trash() async throws -> [TrashedItem] { try await inner.trash() }
    public func restore(id: UUID) async throws -> TodoItem? { try await inner.restore(id: id) }
    public func deleteForever(id: UUID) async throws -> Bool { try await inner.deleteForever(id: id) }
    public func emptyTrash() async throws -> Int { try await inner.emptyTrash() }
    public func purgeTrash() async throws -> Int { try await inner.purgeTrash() }
}

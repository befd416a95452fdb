import Foundation

/// A store that keeps items in memory only: nothing is written to disk (SAVE-4). For tests,
/// previews and `--in-memory` demos: the list's rules (`StoredList`) over the reference rows
/// (`InMemoryStorage`), which the contract suite and the property test compare the databases to.
public typealias InMemoryTodoStore = StoredList<InMemoryStorage>

extension StoredList where Storage == InMemoryStorage {
    /// Items given without a number (0) are numbered after the others, in display order.
    public init(environment: TodoEnvironment, items: [TodoItem] = []) {
        self.init(InMemoryStorage(environment: environment, items: items))
    }
}

/// The order inside a section, as every store sorts: by position, then by id (lower-case text).
public enum TodoStoreOrder {
    public static func inSection(_ a: TodoItem, _ b: TodoItem) -> Bool {
        if a.position != b.position { return a.position < b.position }
        return a.id.lowercasedText < b.id.lowercasedText
    }
}

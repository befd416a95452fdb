import Foundation

// Subtasks (docs/specs/subtasks.md): an item's parent is one more field (SUB-1), the id of the
// item it sits under. What the stores do with it — the rule, placing a new subtask, the Trash —
// is `StoredList`'s, written once; how a page nests its rows is `Subtasks.nested`.

/// A parent is written by its id, in lower case: in JSON, a table's cell and a store's text column.
extension UUID: JSONFieldValue {
    public var json: JSONValue { .string(lowercasedText) }
    public init(json: JSONValue, member: String) throws(JSONFieldError) {
        let text = try String(json: json, member: member)
        guard let id = UUID(text: text) else {
            throw .refused(text, "“\(text)” is not the id of a to-do (8-4-4-4-12 hexadecimal digits).")
        }
        self = id
    }
}

extension UUID: StoredFieldValue {
    public static let storedColumns = [StoredColumn("", .text)]
    public func store(into values: inout [StoredValue]) { values.append(.text(lowercasedText)) }
    public static func stored(in row: any StoredRow, at index: Int) throws -> UUID? {
        try row.text(at: index).flatMap(UUID.init(text:))
    }
}

extension UUID: TextFieldValue {
    public var texts: [String] { [lowercasedText] }
    public static func read(texts: [String?]) throws(TextFieldError) -> UUID? {
        guard let text = texts[0] else { return nil }
        guard let id = UUID(text: text) else { throw .notA(cell: 0, expected: "the id of a to-do") }
        return id
    }
}

/// How many direct subtasks an item has, and how many of them are done (SUB-4): “2/5”.
public struct SubtaskCount: Hashable, Sendable {
    public var done: Int
    public var total: Int

    public init(done: Int, total: Int) {
        self.done = done
        self.total = total
    }

    /// Whether every subtask is done (and there is one).
    public var allDone: Bool { total > 0 && done == total }
}

/// The rules of subtasks that need no store.
public enum Subtasks {
    /// How deep a to-do can be nested: a top-level one is at level 1 (SUB-2).
    public static let maxDepth = 8

    /// A row and how deep it is nested on its page (0: the top level).
    public struct Nested<Row> {
        public let row: Row
        public let depth: Int

        @usableFromInline init(row: Row, depth: Int) {
            self.row = row
            self.depth = depth
        }
    }

    /// `rows` with each subtask right after its parent when both are among them (SUB-7), one
    /// level further in; siblings, and rows whose parent isn't among them, keep their order.
    /// `id` and `parent` read a row's id and its parent's (closures, not key paths: a page
    /// nests its rows on every request). Inlinable, so that a page's rows are copied as what they
    /// are and not through the generic value witnesses.
    @inlinable public static func nested<Row>(_ rows: [Row], id: (Row) -> UUID, parent: (Row) -> UUID?) -> [Nested<Row>] {
        let parents = rows.map(parent)
        // Most lists have no subtasks: then the rows are as they came.
        guard parents.contains(where: { $0 != nil }) else { return rows.map { Nested(row: $0, depth: 0) } }
        let ids = rows.map(id)
        var place: [UUID: Int] = [:]
        place.reserveCapacity(rows.count)
        for (index, id) in ids.enumerated() { place[id] = index }
        // Each row's subtasks among the rows, in order; the rows with no parent among them.
        var children = Array(repeating: [Int](), count: rows.count)
        var roots: [Int] = []
        for index in rows.indices {
            if let above = parents[index].flatMap({ place[$0] }), above != index { children[above].append(index) } else { roots.append(index) }
        }
        var result: [Nested<Row>] = []
        result.reserveCapacity(rows.count)
        var placed = Array(repeating: false, count: rows.count)
        // Depth first, without recursion: a stack of (row, depth), the next sibling on top.
        var stack: [(Int, Int)] = []
        func walk(from root: Int) {
            stack.append((root, 0))
            while let (index, depth) = stack.popLast() {
                guard !placed[index] else { continue }
                placed[index] = true
                result.append(Nested(row: rows[index], depth: depth))
                for child in children[index].reversed() { stack.append((child, depth + 1)) }
            }
        }
        for root in roots { walk(from: root) }
        // Rows caught in a loop (a file's parents naming each other) have no root: each at the top.
        for index in rows.indices where !placed[index] { walk(from: index) }
        return result
    }

    /// `counts` of `parents` only, from a list's counts of every parent: what a page shows.
    public static func counts(_ counts: [UUID: SubtaskCount], of parents: some Sequence<UUID>) -> [UUID: SubtaskCount] {
        guard !counts.isEmpty else { return [:] }
        var shown: [UUID: SubtaskCount] = [:]
        for id in parents { if let count = counts[id] { shown[id] = count } }
        return shown
    }
}

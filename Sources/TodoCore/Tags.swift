import Foundation

/// An item's tags (docs/specs/tags.md, TAG-1): short names that cut across projects, as many as
/// an item needs, in the order they were written, each once. Compared as written (`Work` and
/// `work` are two tags), as Taskwarrior and todo.txt compare theirs.
public struct Tags: Hashable, Sendable, ExpressibleByArrayLiteral {
    /// The tags, in the order written, each once.
    public let names: [String]

    /// `names` in their order, a repeated one kept the first time. The rule (`TodoRules.tags`)
    /// trims them and checks each when the item is saved.
    public init(_ names: some Sequence<String>) {
        let names = Array(names)
        guard names.count > 1 else {
            self.names = names
            return
        }
        var seen: Set<String> = []
        self.names = names.filter { seen.insert($0).inserted }
    }

    /// Tags known to be unique already: a stored item's, which the rule made so (no `Set` per
    /// row of a list page).
    private init(unique names: [String]) { self.names = names }

    public init(arrayLiteral names: String...) { self.init(names) }

    /// No tags: every item's default.
    public static let empty = Tags([String]())

    public var isEmpty: Bool { names.isEmpty }

    public func contains(_ tag: String) -> Bool { names.contains(tag) }

    /// These tags with `added` after them (those not here yet) and without `removed` (TAG-14).
    public func adding(_ added: [String], removing removed: [String] = []) -> Tags {
        Tags((names + added).filter { !removed.contains($0) })
    }

    /// How a form's field and a table's cell write them: separated by “, ” (TAG-7, TAG-11).
    public var text: String { names.joined(separator: ", ") }

    /// The tags a form's field or a table's cell holds, separated by commas, each trimmed and
    /// blank ones dropped (TAG-7).
    public init(text: String) {
        self.init(text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }

    /// A stored column's text (TAG-5): the tags separated by line breaks, which no tag holds.
    public static let storedSeparator = "\n"

    /// What a store looks for (TAG-3): `tag` between separators, found in its column's text with a
    /// separator added at each end (`instr` in SQLite, `strpos` in PostgreSQL), bound as a value.
    public static func storedNeedle(_ tag: String) -> String { storedSeparator + tag + storedSeparator }
}

/// A tag in use and how many items have it (TAG-4).
public struct TagCount: Hashable, Sendable {
    public let name: String
    public let count: Int

    public init(name: String, count: Int) {
        self.name = name
        self.count = count
    }

    /// The tags held by `columns` (each a stored column's text, TAG-5, with the number of items
    /// that hold that text), each with its number of items, by name.
    public static func counted(_ columns: some Sequence<(text: String, count: Int)>) -> [TagCount] {
        counted(tagged: columns.lazy.map { (tags: Set($0.text.split(separator: "\n").map(String.init)), count: $0.count) })
    }

    /// The tags of `items`, each with its number of items, by name.
    public static func counted(_ items: some Sequence<Tags>) -> [TagCount] {
        counted(tagged: items.lazy.map { (tags: $0.names, count: 1) })
    }

    /// Each tag's number of items, given sets of tags (each tag once) with their numbers of items.
    private static func counted<Names: Sequence<String>>(tagged: some Sequence<(tags: Names, count: Int)>) -> [TagCount] {
        var counts: [String: Int] = [:]
        for (tags, count) in tagged {
            for tag in tags { counts[tag, default: 0] += count }
        }
        return counts.map { TagCount(name: $0.key, count: $0.value) }.sorted { a, b in
            let order = a.name.localizedStandardCompare(b.name)
            return order == .orderedSame ? a.name < b.name : order == .orderedAscending
        }
    }
}

extension Tags: StoredFieldValue {
    /// One text column, the tags separated by line breaks; NULL for none (TAG-5).
    public static let storedColumns = [StoredColumn("", .text)]
    public func store(into values: inout [StoredValue]) {
        values.append(isEmpty ? .null : .text(names.joined(separator: Self.storedSeparator)))
    }
    /// Never nil: NULL is none.
    public static func stored(in row: any StoredRow, at index: Int) throws -> Tags? {
        guard var text = try row.text(at: index) else { return .empty }
        // Split on the separator's byte: splitting by Character cost more than reading the row.
        return Tags(unique: text.withUTF8 { bytes in
            var names: [String] = [], start = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: "\n") {
                if end > start { names.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)) }
                start = end + 1
            }
            return names
        })
    }
}

extension Tags: JSONFieldValue {
    /// An array of strings, `[]` for none (TAG-6).
    public var json: JSONValue { .array(names.map(JSONValue.string)) }
    public init(json: JSONValue, member: String) throws(JSONFieldError) {
        guard case .array(let values) = json else { throw .type(member, "an array of tags (strings)", json) }
        var names: [String] = []
        for value in values {
            guard case .string(let name) = value else { throw .type(member, "an array of tags (strings)", value) }
            names.append(name)
        }
        self.init(names)
    }
    public static var absent: Tags? { .empty }
}

extension Tags: TextFieldValue {
    /// The tags separated by “, ”; "" for none (TAG-7).
    public var texts: [String] { [text] }
    public static func read(texts: [String?]) -> Tags? { texts[0].map(Tags.init(text:)) }
}

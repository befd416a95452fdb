import Foundation

/// A place an item is tied to. The name is required; coordinates are optional.
public struct Location: Hashable, Sendable, Codable {
    public var name: String
    public var latitude: Double?
    public var longitude: Double?

    public init(name: String, latitude: Double? = nil, longitude: Double? = nil) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// The project an item belongs to (at most one), identified by its name.
public struct Project: Hashable, Sendable, Codable, Comparable {
    public var name: String
    public init(name: String) { self.name = name }
    /// As Finder orders names (`localizedStandardCompare`: case-insensitive, numbers by
    /// value). When the names first differ at a letter or a space, with only ASCII letters and
    /// spaces before it (the usual case), that letter decides, as it does there: the same
    /// order without the cost of the locale-aware comparison, which pages pay on every load.
    public static func < (lhs: Project, rhs: Project) -> Bool {
        if let ascending = lettersOrder(lhs.name, rhs.name) { return ascending }
        return lhs.name.localizedStandardCompare(rhs.name) == .orderedAscending
    }

    /// Whether `a` comes before `b`, decided by their first different letter (or space) when
    /// everything up to it is ASCII letters and spaces; nil when that does not decide it.
    private static func lettersOrder(_ a: String, _ b: String) -> Bool? {
        func folded(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: " "): byte
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 32
            default: nil
            }
        }
        var left = a.utf8.makeIterator(), right = b.utf8.makeIterator()
        while let l = left.next(), let r = right.next() {
            guard let l = folded(l), let r = folded(r) else { return nil }
            if l != r { return l < r }
        }
        return nil  // one is a prefix of the other (or equal but for case): let the full comparison decide
    }
}

/// One thing to do.
///
/// `position` orders an item inside its section (To Do or Done): lower comes first.
/// The store assigns it by the ordering rules (see `Ordering`); `version` counts the
/// item's stored changes, starting at 1. `number` is the item's short stable number (`#7`),
/// given by the store when the item is created and never given again in that list (0: none yet).
@dynamicMemberLookup
public struct TodoItem: Identifiable, Hashable, Sendable {
    public var id: UUID
    public var number: Int
    /// What a person wrote: title, details, due date… (`TodoContent`), read by name (`item.title`).
    public var content: TodoContent
    public var position: Double
    public var createdAt: Date
    public var updatedAt: Date
    public var completedAt: Date?
    public var version: Int

    public init(
        id: UUID, content: TodoContent, position: Double = 0, createdAt: Date, updatedAt: Date? = nil,
        completedAt: Date? = nil, version: Int = 1, number: Int = 0
    ) {
        self.id = id
        self.number = number
        self.content = content
        self.position = position
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        self.completedAt = completedAt
        self.version = version
    }

    @inlinable
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<TodoContent, Value>) -> Value {
        get { content[keyPath: keyPath] }
        set { content[keyPath: keyPath] = newValue }
    }

    /// The section the item belongs in.
    public var section: TodoSection { content.isDone ? .done : .todo }
}

/// The two sections of every list, To Do above Done.
public enum TodoSection: String, CaseIterable, Sendable, Codable {
    case todo, done

    /// The header title shown above the section.
    public var headerTitle: String { self == .todo ? "To Do" : "Done" }
}

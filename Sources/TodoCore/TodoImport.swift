import Foundation

/// One item read from an import file: the whole item, what the file actually said about the
/// fields a format may not carry, and where it was found (for error messages).
///
/// Fields not given keep their stored value when the item exists already, and get one by
/// the rules when it is new: a position by the ordering rules, timestamps from the clock.
public struct ImportedItem: Hashable, Sendable {
    /// The fields besides the content that a format may or may not carry.
    public struct Given: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let position = Given(rawValue: 1 << 0)
        public static let createdAt = Given(rawValue: 1 << 1)
        public static let updatedAt = Given(rawValue: 1 << 2)
        public static let completedAt = Given(rawValue: 1 << 3)
        public static let version = Given(rawValue: 1 << 4)

        public static let all: Given = [.position, .createdAt, .updatedAt, .completedAt, .version]
    }

    public var item: TodoItem
    public var given: Given
    /// How precisely the file writes timestamps: a stored timestamp that agrees with the
    /// file's at this precision is kept as it is (a round trip through a format that keeps
    /// seconds or days changes nothing).
    public var precision: TimestampPrecision
    /// Where the item was found, as a phrase: "line 4", "item 3".
    public var origin: String

    public init(item: TodoItem, given: Given = .all, precision: TimestampPrecision = .milliseconds, origin: String) {
        self.item = item
        self.given = given
        self.precision = precision
        self.origin = origin
    }
}

/// The precision of the timestamps a format writes.
public enum TimestampPrecision: Hashable, Sendable {
    case milliseconds
    case seconds
    /// Calendar days in a time zone (todo.txt's creation and completion dates).
    case days(TimeZone)

    /// Whether the two instants are the same at this precision.
    public func same(_ a: Date, _ b: Date) -> Bool {
        switch self {
        case .milliseconds:
            Timestamp.milliseconds(a) == Timestamp.milliseconds(b)
        case .seconds:
            Timestamp.milliseconds(a).floorDivided(by: 1000) == Timestamp.milliseconds(b).floorDivided(by: 1000)
        case .days(let zone):
            CalendarDate(a, in: zone) == CalendarDate(b, in: zone)
        }
    }
}

extension Int64 {
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        self >= 0 ? self / divisor : (self - divisor + 1) / divisor
    }
}

/// What an import did (or, for a dry run, would do), item by item in file order.
public struct ImportSummary: Equatable, Sendable {
    public enum Change: Equatable, Sendable {
        case added
        /// The fields that differ from the stored item.
        case updated([TodoField])
        case unchanged
    }

    public struct Entry: Equatable, Sendable {
        public var id: UUID
        public var title: String
        public var origin: String
        public var change: Change

        public init(id: UUID, title: String, origin: String, change: Change) {
            self.id = id
            self.title = title
            self.origin = origin
            self.change = change
        }
    }

    public var entries: [Entry]

    public init(entries: [Entry]) { self.entries = entries }

    public var added: Int { entries.count { $0.change == .added } }
    public var updated: Int { entries.count { if case .updated = $0.change { true } else { false } } }
    public var unchanged: Int { entries.count { $0.change == .unchanged } }
}

/// The fields of an item, by the names of the shared JSON shape, for reports: what a person
/// writes (`ItemField`), then the item's place and times.
public struct TodoField: Hashable, Sendable, CustomStringConvertible {
    /// The name in the shared JSON shape ("completed", "order").
    public let rawValue: String
    private let differs: @Sendable (TodoItem, TodoItem) -> Bool

    private init(_ name: String, _ differs: @escaping @Sendable (TodoItem, TodoItem) -> Bool) {
        rawValue = name
        self.differs = differs
    }

    /// The report's name for a field of the content.
    public init(_ field: ItemField) { self.init(field.id) { field.differs($0.content, $1.content) } }

    public static let title = TodoField(.title), details = TodoField(.details), completed = TodoField(.isDone)
    public static let dueDate = TodoField(.dueDate), location = TodoField(.location), project = TodoField(.project)
    public static let order = TodoField("order") { $0.position != $1.position }
    public static let createdAt = TodoField("createdAt") { $0.createdAt != $1.createdAt }
    public static let updatedAt = TodoField("updatedAt") { $0.updatedAt != $1.updatedAt }
    public static let completedAt = TodoField("completedAt") { $0.completedAt != $1.completedAt }

    /// Every field a report names, in this order.
    public static let allCases = ItemField.all.map(TodoField.init) + [order, createdAt, updatedAt, completedAt]

    /// The fields in which `a` and `b` differ (version aside).
    public static func differences(_ a: TodoItem, _ b: TodoItem) -> [TodoField] {
        allCases.filter { $0.differs(a, b) }
    }

    public static func == (a: TodoField, b: TodoField) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
    public var description: String { rawValue }
}

/// Why an import was refused as a whole; nothing was stored.
public struct TodoImportError: Error, Equatable, Sendable, LocalizedError {
    /// Where the offending item was found ("line 4").
    public var origin: String
    /// What is wrong with it, as a sentence.
    public var reason: String

    public init(origin: String, reason: String) {
        self.origin = origin
        self.reason = reason
    }

    public var errorDescription: String? { "\(origin.prefix(1).uppercased() + origin.dropFirst()): \(reason)" }
}

/// Turns imported items into the rows to write, applying the rules: each item is validated
/// (`TodoRules`), merged with the stored item of the same id, and placed.
///
/// Placement of items the file gives no position for: an existing item that stays in its
/// section keeps its place; a new item goes first of its section; a checked one first of
/// Done; an unchecked one last of To Do. Several such items keep the order of the file.
public struct ImportPlan: Sendable {
    /// The section edges as stored before the import.
    public struct Edges: Sendable {
        public var firstToDo: Double?
        public var lastToDo: Double?
        public var firstDone: Double?

        public init(firstToDo: Double?, lastToDo: Double?, firstDone: Double?) {
            self.firstToDo = firstToDo
            self.lastToDo = lastToDo
            self.firstDone = firstDone
        }
    }

    /// A row to write: the item as it will be stored, and the stored item it replaces.
    public struct Write: Sendable {
        public var item: TodoItem
        public var replacing: TodoItem?

        public init(item: TodoItem, replacing: TodoItem?) {
            self.item = item
            self.replacing = replacing
        }
    }

    public var writes: [Write]
    public var summary: ImportSummary

    /// - Parameters:
    ///   - existing: the stored items with the ids of `imported` (others may be left out).
    ///   - edges: the first and last positions of the sections before the import.
    public init(
        _ imported: [ImportedItem], existing: [UUID: TodoItem], edges: Edges, now: Date
    ) throws(TodoImportError) {
        if imported.count > TodoRules.maxImportItems {
            throw TodoImportError(origin: imported[TodoRules.maxImportItems].origin, reason: TodoRules.tooManyImportItems + ".")
        }
        let now = Timestamp.normalized(now)
        var resolved = try Self.resolved(imported, existing: existing, now: now)
        Self.place(&resolved, edges: edges)
        (writes, summary) = Self.writes(resolved)
    }

    /// An imported item merged with the stored one it replaces, and where it goes when the
    /// file gives no position.
    private typealias Resolved = (item: TodoItem, old: TodoItem?, placement: Placement?, origin: String)

    /// Each imported item validated and merged with the stored one; an id used twice is refused.
    private static func resolved(
        _ imported: [ImportedItem], existing: [UUID: TodoItem], now: Date
    ) throws(TodoImportError) -> [Resolved] {
        var seen: [UUID: String] = [:]
        var resolved: [Resolved] = []
        for entry in imported {
            if let first = seen[entry.item.id] {
                throw TodoImportError(
                    origin: entry.origin,
                    reason: "the id \(entry.item.id.lowercasedText) was already used by \(first).")
            }
            seen[entry.item.id] = entry.origin
            let (item, placement) = try merge(entry, existing: existing[entry.item.id], now: now)
            resolved.append((item, existing[entry.item.id], placement, entry.origin))
        }
        return resolved
    }

    /// Items to place: gathered per placement, in file order, then numbered from the edges —
    /// taking the positions given by the file into account.
    private static func place(_ resolved: inout [Resolved], edges: Edges) {
        var edges = edges
        for (item, _, placement, _) in resolved where placement == nil {
            if item.isDone {
                edges.firstDone = min(edges.firstDone ?? item.position, item.position)
            } else {
                edges.firstToDo = min(edges.firstToDo ?? item.position, item.position)
                edges.lastToDo = max(edges.lastToDo ?? item.position, item.position)
            }
        }
        let firstOfToDo = resolved.indices.filter { resolved[$0].placement == .firstOfToDo }
        let firstOfDone = resolved.indices.filter { resolved[$0].placement == .firstOfDone }
        let lastOfToDo = resolved.indices.filter { resolved[$0].placement == .lastOfToDo }
        for (offset, index) in firstOfToDo.enumerated() {
            resolved[index].item.position = before(edges.firstToDo, count: firstOfToDo.count, offset: offset)
        }
        for (offset, index) in firstOfDone.enumerated() {
            resolved[index].item.position = before(edges.firstDone, count: firstOfDone.count, offset: offset)
        }
        // Unchecked items go after the last of To Do, which the new firsts do not change.
        let last = edges.lastToDo ?? (firstOfToDo.isEmpty ? nil : resolved[firstOfToDo.last!].item.position)
        for (offset, index) in lastOfToDo.enumerated() {
            resolved[index].item.position = (last.map { $0 + Ordering.spacing } ?? 0) + Double(offset) * Ordering.spacing
        }
    }

    /// The rows to write and the report: an item the file leaves as stored is not written.
    private static func writes(_ resolved: [Resolved]) -> ([Write], ImportSummary) {
        var writes: [Write] = []
        var entries: [ImportSummary.Entry] = []
        for (item, old, _, origin) in resolved {
            let change: ImportSummary.Change
            if let old {
                var finished = item
                let fields = TodoField.differences(old, finished)
                if fields.isEmpty || fields == [.updatedAt] {
                    change = .unchanged
                } else {
                    // Forward from the stored version: the file's when it is ahead, else the next one
                    // (which starts again at 1 after the top of the range).
                    finished.version = item.version > old.version ? item.version : TodoRules.nextVersion(after: old.version)
                    change = .updated(fields.filter { $0 != .updatedAt })
                    writes.append(Write(item: finished, replacing: old))
                }
            } else {
                change = .added
                writes.append(Write(item: item, replacing: nil))
            }
            entries.append(ImportSummary.Entry(id: item.id, title: item.title, origin: origin, change: change))
        }
        return (writes, ImportSummary(entries: entries))
    }

    private enum Placement { case firstOfToDo, firstOfDone, lastOfToDo }

    /// Positions for `count` items put before `first`, in order.
    private static func before(_ first: Double?, count: Int, offset: Int) -> Double {
        guard let first else { return Double(offset) * Ordering.spacing }
        return first - Double(count - offset) * Ordering.spacing
    }

    /// The imported item validated and merged with the stored one; a placement when the
    /// position is left to the rules.
    private static func merge(
        _ entry: ImportedItem, existing old: TodoItem?, now: Date
    ) throws(TodoImportError) -> (TodoItem, Placement?) {
        var item = entry.item
        do {
            item.content = try ItemField.validated(item.content)
            if entry.given.contains(.position) { _ = try TodoRules.position(item.position) }
            if entry.given.contains(.version) { item.version = try TodoRules.version(item.version) }
            if entry.given.contains(.createdAt) { _ = try TodoRules.timestamp(item.createdAt, field: "creation date") }
            if entry.given.contains(.updatedAt) { _ = try TodoRules.timestamp(item.updatedAt, field: "modification date") }
            if entry.given.contains(.completedAt), let completed = item.completedAt {
                _ = try TodoRules.timestamp(completed, field: "completion date")
            }
        } catch {
            throw TodoImportError(origin: entry.origin, reason: error.errorDescription ?? "\(error)")
        }
        let given = entry.given
        func keep(_ stored: Date?, orGiven value: Date) -> Date {
            if let stored, entry.precision.same(stored, value) { return stored }
            return Timestamp.normalized(value)
        }
        item.createdAt = given.contains(.createdAt) ? keep(old?.createdAt, orGiven: item.createdAt) : (old?.createdAt ?? now)
        if !item.isDone {
            item.completedAt = nil
        } else if given.contains(.completedAt), let completed = item.completedAt {
            item.completedAt = keep(old?.completedAt, orGiven: completed)
        } else {
            item.completedAt = old?.isDone == true ? old?.completedAt : now
        }
        item.updatedAt = given.contains(.updatedAt) ? keep(old?.updatedAt, orGiven: item.updatedAt) : (old?.updatedAt ?? now)
        if !given.contains(.version) { item.version = old?.version ?? 1 }

        var placement: Placement?
        if !given.contains(.position) {
            if let old, old.isDone == item.isDone {
                item.position = old.position
            } else if let old {
                placement = old.isDone ? .lastOfToDo : .firstOfDone
            } else {
                placement = item.isDone ? .firstOfDone : .firstOfToDo
            }
        }
        // A changed item whose file gives no modification time was modified now.
        if let old, !given.contains(.updatedAt) {
            var probe = item
            probe.updatedAt = old.updatedAt
            if placement != nil || !TodoField.differences(old, probe).isEmpty {
                item.updatedAt = now
            }
        }
        return (item, placement)
    }
}

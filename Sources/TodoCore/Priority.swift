import Foundation

/// How much an item matters, as iCalendar's `PRIORITY` says it (docs/specs/priority.md,
/// PRIO-1): a whole number from 1 (highest) to 9 (lowest), or 0 for none. People choose a level
/// (high, medium, low); a client's own number (2, 7) is kept until someone chooses another level,
/// so it goes back to that client unchanged.
public struct Priority: Hashable, Sendable {
    /// 0 (none) or 1 (highest) … 9 (lowest). Outside that, `TodoRules.priority` refuses it.
    public let number: Int

    /// A priority of any number; the rule checks its range when the item is saved.
    public init(number: Int) { self.number = number }

    /// No priority: iCalendar's 0 ("undefined"), and every item's default. (Not `none`, which
    /// would read as `Optional.none` wherever a priority is optional.)
    public static let undefined = Priority(number: 0)
    /// The numbers a priority can have; 0 is none.
    public static let numbers = 0...9

    public var isUndefined: Bool { number == 0 }

    /// The level the number belongs to; nil for none (and for a number the rule refuses).
    public var level: Level? { Level.allCases.first { $0.numbers.contains(number) } }

    /// What people choose, highest first.
    public enum Level: String, CaseIterable, Sendable, Comparable {
        case high, medium, low

        /// iCalendar's numbers of the level: 1–4 high, 5 medium, 6–9 low.
        public var numbers: ClosedRange<Int> {
            switch self {
            case .high: 1...4
            case .medium: 5...5
            case .low: 6...9
            }
        }

        /// The number choosing the level gives: 1, 5 or 9.
        public var priority: Priority {
            switch self {
            case .high: Priority(number: 1)
            case .medium: Priority(number: 5)
            case .low: Priority(number: 9)
            }
        }

        /// `high`, `medium` (or `med`), `low`, any case; nil for any other word.
        public init?(word: String) {
            switch word.lowercased() {
            case "high": self = .high
            case "medium", "med": self = .medium
            case "low": self = .low
            default: return nil
            }
        }

        public static func < (a: Level, b: Level) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// `high`, `medium` or `low` for the number a level gives (1, 5, 9), the number for the
    /// others (`2`), and "" for none: how a table's cell and a form's menu write it.
    public var text: String {
        guard let level, level.priority == self else { return isUndefined ? "" : String(number) }
        return level.rawValue
    }

    /// A level's word or a number of `numbers` (0 or `none`: none), as `text` writes it; nil
    /// for anything else.
    public init?(text: String) {
        let word = text.trimmingCharacters(in: .whitespaces)
        if let level = Level(word: word) {
            self = level.priority
        } else if word.lowercased() == "none" || word.isEmpty {
            self = .undefined
        } else if word.allSatisfy(\.isASCII), let number = Int(word), Self.numbers.contains(number) {
            self = Priority(number: number)
        } else {
            return nil
        }
    }

    /// `chosen`, or this priority when `chosen` is of its level: a form or command that gives the
    /// level an item already has leaves a client's number as it was (PRIO-1).
    public func keeping(_ chosen: Priority) -> Priority {
        chosen.level != nil && chosen.level == level ? self : chosen
    }

    /// Where the priority sorts (PRIO-14): high 0, medium 1, low 2, none 3.
    public var rank: Int { level.map { Level.allCases.firstIndex(of: $0)! } ?? Level.allCases.count }

    /// `rank` of a store's `column` (NULL: none), in the SQL both stores speak.
    public static func storedRank(column: String) -> String {
        let levels = Level.allCases.enumerated().map { rank, level in
            "WHEN \(column) BETWEEN \(level.numbers.lowerBound) AND \(level.numbers.upperBound) THEN \(rank)"
        }
        return "(CASE " + levels.joined(separator: " ") + " ELSE \(Level.allCases.count) END)"
    }

    /// The levels' numbers (PRIO-3) as a condition on a store's `column`, in the SQL both stores
    /// speak: only the model's constants, never a person's text. No level: no row.
    public static func storedCondition(_ levels: Set<Level>, column: String) -> String {
        let ranges = Level.allCases.filter(levels.contains)
            .map { "\(column) BETWEEN \($0.numbers.lowerBound) AND \($0.numbers.upperBound)" }
        return ranges.isEmpty ? "FALSE" : "(" + ranges.joined(separator: " OR ") + ")"
    }
}

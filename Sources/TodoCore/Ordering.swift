/// Where items go inside their section. Each rule computes one new position from at most
/// two neighbours, so adding, checking, unchecking and moving write only the item itself.
///
/// - a new item goes first in To Do (before the current first);
/// - a checked item goes first in Done;
/// - an unchecked item goes last in To Do (after the current last);
/// - a moved item goes between its new neighbours.
public enum Ordering {
    /// The distance between an item placed first or last and its neighbour.
    public static let spacing: Double = 1

    /// The position for an item placed before `first` (nil: the section is empty).
    public static func before(_ first: Double?) -> Double {
        guard let first else { return 0 }
        return first - spacing
    }

    /// The position for an item placed after `last` (nil: the section is empty).
    public static func after(_ last: Double?) -> Double {
        guard let last else { return 0 }
        return last + spacing
    }

    /// The position for an item placed between two neighbours (nil: at that end).
    /// Returns nil only when the two are so close that no number lies between them —
    /// after about fifty moves into the very same gap — and the section must be respaced.
    public static func between(_ previous: Double?, _ next: Double?) -> Double? {
        switch (previous, next) {
        case (nil, nil): return 0
        case (let p?, nil): return after(p)
        case (nil, let n?): return before(n)
        case (let p?, let n?):
            let middle = p + (n - p) / 2
            return middle > p && middle < n ? middle : nil
        }
    }

    /// Whether `position` already lies strictly between the two neighbours (a move there
    /// changes nothing).
    public static func isBetween(_ position: Double, _ previous: Double?, _ next: Double?) -> Bool {
        (previous.map { $0 < position } ?? true) && (next.map { position < $0 } ?? true)
    }

    /// Positions for a section's items, in order, evenly spaced: the respacing used in the
    /// rare case `between` finds no room.
    public static func respaced(count: Int) -> [Double] {
        (0..<count).map { Double($0) * spacing }
    }
}

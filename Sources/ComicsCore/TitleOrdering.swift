import Foundation

/// The comparison rules of the spec, shared by comic titles and character names.
///
/// - Case and diacritics are ignored ("cool comic" sorts between "Comic" and "Crook", "Él" next to "El").
/// - Leading whitespace is ignored.
/// - Runs of digits compare by their value, so "#2" comes before "#10".
/// - Ties fall back to the original text, so the order is total and stable.
public enum TitleOrdering {
    /// The group that collects titles starting with a digit or a symbol; it is shown last.
    public static let otherGroup = "#"

    /// The text used for comparison: leading whitespace removed, case and diacritics folded.
    public static func key(_ text: String) -> String {
        let trimmed = text.drop(while: { $0.isWhitespace || $0.isNewline })
        return String(trimmed).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// The upper-case letter a title is grouped under, or ``otherGroup`` for digits, symbols and empty titles.
    public static func groupLetter(for title: String) -> String {
        guard let first = key(title).first, first.isLetter else { return otherGroup }
        return first.uppercased()
    }

    /// `true` when `lhs` sorts strictly before `rhs`.
    public static func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
        areInIncreasingOrder(lhs, key: key(lhs), rhs, key: key(rhs))
    }

    /// The same with each text's ``key(_:)`` already computed (sorting thousands computes each once).
    public static func areInIncreasingOrder(_ lhs: String, key leftKey: String, _ rhs: String, key rightKey: String) -> Bool {
        switch naturalCompare(leftKey, rightKey) {
        case .orderedAscending: return true
        case .orderedDescending: return false
        case .orderedSame: return lhs.unicodeScalars.lexicographicallyPrecedes(rhs.unicodeScalars)
        }
    }

    /// Group headers in display order: letters ascending, ``otherGroup`` last.
    public static func groupPrecedes(_ lhs: String, _ rhs: String) -> Bool {
        if lhs == rhs { return false }
        if lhs == otherGroup { return false }
        if rhs == otherGroup { return true }
        return areInIncreasingOrder(lhs, rhs)
    }

    /// Compares two already-folded keys, treating each run of ASCII digits as one number.
    static func naturalCompare(_ lhs: String, _ rhs: String) -> ComparisonResult {
        var left = lhs.unicodeScalars[...]
        var right = rhs.unicodeScalars[...]
        while let l = left.first, let r = right.first {
            if isDigit(l) && isDigit(r) {
                let leftRun = left.prefix(while: isDigit)
                let rightRun = right.prefix(while: isDigit)
                let leftNumber = leftRun.drop(while: { $0 == "0" })
                let rightNumber = rightRun.drop(while: { $0 == "0" })
                if leftNumber.count != rightNumber.count {
                    return leftNumber.count < rightNumber.count ? .orderedAscending : .orderedDescending
                }
                if !leftNumber.elementsEqual(rightNumber) {
                    return leftNumber.lexicographicallyPrecedes(rightNumber) ? .orderedAscending : .orderedDescending
                }
                if leftRun.count != rightRun.count {
                    return leftRun.count < rightRun.count ? .orderedAscending : .orderedDescending
                }
                left = left.dropFirst(leftRun.count)
                right = right.dropFirst(rightRun.count)
                continue
            }
            if l != r { return l.value < r.value ? .orderedAscending : .orderedDescending }
            left = left.dropFirst()
            right = right.dropFirst()
        }
        if left.isEmpty && right.isEmpty { return .orderedSame }
        return left.isEmpty ? .orderedAscending : .orderedDescending
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }
}

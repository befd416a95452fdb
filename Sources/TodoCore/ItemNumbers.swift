import Foundation

/// Stable item numbers (NUMBER-1…): `#1`, `#2`, … given by a store when an item is created,
/// one list file at a time, and never given twice: a store keeps the next number to give
/// (not the largest in use plus one), so deleting the newest item does not free its number.
public enum ItemNumbers {
    /// The numbers of an import's writes, given `next`, the store's next number (updated):
    /// - an item that replaces a stored one keeps the stored one's number;
    /// - a new item keeps the number its file gives when that number was never given in this
    ///   list (it is at least `next`) and no earlier item of the import kept it;
    /// - every other new item gets a new number, after the kept ones, in file order.
    public static func assign(_ writes: inout [ImportPlan.Write], next: inout Int) {
        var kept = Set<Int>()
        var fresh: [Int] = []
        for index in writes.indices {
            if let old = writes[index].replacing {
                writes[index].item.number = old.number
                continue
            }
            let wanted = writes[index].item.number
            if wanted >= next, kept.insert(wanted).inserted {
                continue
            }
            fresh.append(index)
        }
        next = max(next, (kept.max() ?? 0) + 1)
        for index in fresh {
            writes[index].item.number = next
            next += 1
        }
    }

    /// Parses a REF that is a number: `7` or `#7` (ASCII digits only); nil otherwise.
    public static func parse(_ text: String) -> Int? {
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }
}

import Foundation

/// One page of a source's comics (PAGE-1): what it holds, and how many there are in all.
public struct ComicsPage: Equatable, Sendable {
    public let comics: [Comic]
    /// 1-based.
    public let number: Int
    /// How many comics the source holds in all (for the query asked).
    public let totalCount: Int
    /// Whether a next page exists.
    public let hasMore: Bool

    public init(comics: [Comic], number: Int, totalCount: Int, hasMore: Bool) {
        self.comics = comics
        self.number = number
        self.totalCount = totalCount
        self.hasMore = hasMore
    }
}

/// FIND-1: the local title filter (for sources without a search of their own, and the offline copy).
public enum TitleSearch {
    /// The text to search for: trimmed, `nil` when empty; at most 100 characters.
    public static func normalized(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return String(trimmed.prefix(100))
    }

    /// The comics whose title contains `text`, ignoring case and diacritics (all when `text` is nil or blank).
    public static func filter(_ comics: [Comic], containing text: String?) -> [Comic] {
        guard let text = normalized(text) else { return comics }
        let key = TitleOrdering.key(text)
        return comics.filter { TitleOrdering.key($0.title).contains(key) }
    }
}

/// Comics that share the first letter of their title.
public struct ComicGroup: Equatable, Sendable {
    /// An upper-case letter, or "#" for titles starting with a digit or a symbol.
    public let letter: String
    public let comics: [Comic]

    public init(letter: String, comics: [Comic]) {
        self.letter = letter
        self.comics = comics
    }
}

extension ComicGroup {
    /// Groups comics by the first letter of their title; groups and titles sorted ascending, "#" last.
    public static func grouping(_ comics: [Comic]) -> [ComicGroup] {
        let byLetter = Dictionary(grouping: comics, by: { TitleOrdering.groupLetter(for: $0.title) })
        return byLetter.keys
            .sorted(by: TitleOrdering.groupPrecedes)
            .map { letter in ComicGroup(letter: letter, comics: sortedByTitle(byLetter[letter] ?? [])) }
    }

    /// Comics sorted ascending by title (ties broken by id so the order is total).
    public static func sortedByTitle(_ comics: [Comic]) -> [Comic] {
        // Each title's comparison key is computed once, not at every comparison.
        comics.map { (comic: $0, key: TitleOrdering.key($0.title)) }.sorted { lhs, rhs in
            if lhs.comic.title == rhs.comic.title { return lhs.comic.id < rhs.comic.id }
            return TitleOrdering.areInIncreasingOrder(lhs.comic.title, key: lhs.key, rhs.comic.title, key: rhs.key)
        }.map(\.comic)
    }
}

extension ComicCharacter {
    /// Characters sorted ascending by name with the same rules as comic titles.
    public static func sortedByName(_ characters: [ComicCharacter]) -> [ComicCharacter] {
        characters.sorted { lhs, rhs in
            if lhs.name == rhs.name { return lhs.id < rhs.id }
            return TitleOrdering.areInIncreasingOrder(lhs.name, rhs.name)
        }
    }
}

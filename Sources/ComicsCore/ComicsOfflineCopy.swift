public import Foundation

/// COPY-1: the local copy of what a source answered, with the time it was fetched. The ViewModels keep
/// each answer in it and read it back when the source can't be reached (or with `--offline`).
/// Implemented by `ComicsCache` (SQLite); a failure to keep or read is the copy's business, never the page's.
public protocol ComicsOfflineCopy: Sendable {
    func keep(comics: [Comic], fetchedAt: Date) throws
    /// Every comic kept (whose title contains `titleContaining`), or `nil` when none is.
    func comics(titleContaining: String?) throws -> KeptComics?
    func keep(characters: [ComicCharacter], of comic: Comic, fetchedAt: Date) throws
    /// A comic's kept characters, or `nil` when they never were.
    func characters(ofComic id: Comic.ID) throws -> KeptCharacters?
}

public struct KeptComics: Equatable, Sendable {
    public let comics: [Comic]
    /// When the most recent of them was fetched.
    public let fetchedAt: Date

    public init(comics: [Comic], fetchedAt: Date) {
        self.comics = comics
        self.fetchedAt = fetchedAt
    }
}

public struct KeptCharacters: Equatable, Sendable {
    public let comic: Comic
    public let characters: [ComicCharacter]
    public let fetchedAt: Date

    public init(comic: Comic, characters: [ComicCharacter], fetchedAt: Date) {
        self.comic = comic
        self.characters = characters
        self.fetchedAt = fetchedAt
    }
}

import ComicsCore

/// What the comics list shows, as plain data for the views' machine output
/// (`{"groups":[{"letter":"A","comics":[{"id":1,"title":"…"}]}]}`).
public struct ComicsListSnapshot: Codable, Equatable, Sendable {
    public struct Group: Codable, Equatable, Sendable {
        public let letter: String
        public let comics: [Entry]
    }

    public struct Entry: Codable, Equatable, Sendable {
        public let id: Int
        public let title: String
    }

    public let groups: [Group]

    public init(groups: [ComicGroup]) {
        self.groups = groups.map { group in
            Group(letter: group.letter, comics: group.comics.map { Entry(id: $0.id, title: $0.title) })
        }
    }
}

/// What the characters view shows (`{"title":"…","characters":[{"id":1,"name":"…"}]}`).
public struct CharactersSnapshot: Codable, Equatable, Sendable {
    public struct Entry: Codable, Equatable, Sendable {
        public let id: Int
        public let name: String
    }

    public let title: String
    public let characters: [Entry]

    public init(title: String, characters: [ComicCharacter]) {
        self.title = title
        self.characters = characters.map { Entry(id: $0.id, name: $0.name) }
    }
}

extension ComicsListViewModel {
    /// The loaded list, or `nil` while loading or after a failure.
    public var snapshot: ComicsListSnapshot? {
        if case .loaded(let groups) = state { return ComicsListSnapshot(groups: groups) }
        return nil
    }
}

extension CharactersViewModel {
    /// The loaded characters under the comic's name, or `nil` while loading or after a failure.
    public var snapshot: CharactersSnapshot? {
        if case .loaded(let characters) = state, let title { return CharactersSnapshot(title: title, characters: characters) }
        return nil
    }
}

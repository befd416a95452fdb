import ComicsCore

/// A ``ComicsSource`` that reads a catalog in process (no HTTP), for the command line without `--api-base-url`.
public struct CatalogComicsSource: ComicsSource {
    public let catalog: Catalog

    public init(catalog: Catalog) {
        self.catalog = catalog
    }

    public func loadComics() async throws(ComicsSourceError) -> [Comic] {
        catalog.comics.map(Self.comic)
    }

    public func loadComic(id: Comic.ID) async throws(ComicsSourceError) -> Comic {
        guard let comic = catalog.comic(id: id) else {
            throw .invalidContent(detail: "comic \(id) is not in the catalog")
        }
        return Self.comic(comic)
    }

    public func loadCharacters(ofComic id: Comic.ID) async throws(ComicsSourceError) -> [ComicCharacter] {
        guard let characters = catalog.characters(ofComic: id) else {
            throw .invalidContent(detail: "comic \(id) is not in the catalog")
        }
        return characters.map { ComicCharacter(id: $0.id, name: $0.name, description: $0.description) }
    }

    static func comic(_ comic: Catalog.Comic) -> Comic {
        Comic(id: comic.id, title: comic.title, issueNumber: comic.issueNumber, description: comic.description)
    }
}

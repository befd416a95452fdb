import ComicsCore
import Foundation

/// A catalog of comics and characters: what a Marvel-compatible server answers from.
public struct Catalog: Sendable, Equatable, Codable {
    public struct Comic: Sendable, Equatable, Codable {
        public var id: Int
        public var title: String
        public var issueNumber: Double
        public var series: String
        public var description: String?
        /// Ids of the characters who appear in the comic.
        public var characters: [Int]

        public init(id: Int, title: String, issueNumber: Double, series: String, description: String?, characters: [Int]) {
            self.id = id
            self.title = title
            self.issueNumber = issueNumber
            self.series = series
            self.description = description
            self.characters = characters
        }
    }

    public struct Character: Sendable, Equatable, Codable {
        public var id: Int
        public var name: String
        public var description: String

        public init(id: Int, name: String, description: String) {
            self.id = id
            self.name = name
            self.description = description
        }
    }

    public var attributionText: String
    /// The same as a snippet of HTML (Marvel's contract carries both); the text alone when the
    /// catalog has none.
    public var attributionHTML: String?
    public var comics: [Comic]
    public var characters: [Character]

    public init(
        attributionText: String = Attribution.marvel, attributionHTML: String? = nil, comics: [Comic],
        characters: [Character]
    ) {
        self.attributionText = attributionText
        self.attributionHTML = attributionHTML
        self.comics = comics
        self.characters = characters
    }

    public func comic(id: Int) -> Comic? {
        comics.first { $0.id == id }
    }

    /// The characters of a comic, in the order the catalog lists them; `nil` for an unknown comic.
    public func characters(ofComic id: Int) -> [Character]? {
        guard let comic = comic(id: id) else { return nil }
        let byID = Dictionary(characters.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return comic.characters.compactMap { byID[$0] }
    }
}

public enum CatalogError: Error, Equatable, CustomStringConvertible {
    case missingResource
    case unreadable(String)

    public var description: String {
        switch self {
        case .missingResource: "the bundled catalog.json is missing"
        case .unreadable(let detail): "the bundled catalog.json cannot be read: \(detail)"
        }
    }
}

extension Catalog {
    /// The catalog bundled with the app (`Resources/catalog.json`).
    public static func bundled() throws(CatalogError) -> Catalog {
        guard let url = Bundle.module.url(forResource: "catalog", withExtension: "json") else {
            throw .missingResource
        }
        do {
            return try JSONDecoder().decode(Catalog.self, from: Data(contentsOf: url))
        } catch {
            throw .unreadable(String(describing: error))
        }
    }
}

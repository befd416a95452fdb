import ComicsAPI
import ComicsCatalog
import ComicsCore
import Foundation
import WebUI

/// The Marvel contract answered from a ``Catalog``, independent of any HTTP framework.
///
/// `GET /v1/public/comics`, `GET /v1/public/comics/{id}` and `GET /v1/public/comics/{id}/characters`
/// with `limit` (1–100, default 20), `offset`, `orderBy` and — when credentials are configured —
/// `ts`/`apikey`/`hash`; errors use the contract's two body shapes.
public struct MarvelCatalogService: Sendable {
    /// A status and a JSON body, ready to be written by any server.
    public struct Answer: Sendable {
        public let status: Int
        public let body: Data
    }

    public static let defaultLimit = 20
    public static let maximumLimit = 100
    static let imageNotAvailable = MarvelWire.Image(
        path: "http://i.annihil.us/u/prod/marvel/i/mg/b/40/image_not_available", extension: "jpg")

    public let catalog: Catalog
    public let credentials: MarvelCredentials?

    public init(catalog: Catalog, credentials: MarvelCredentials? = nil) {
        self.catalog = catalog
        self.credentials = credentials
    }

    // MARK: Endpoints

    /// `GET /v1/public/comics`
    public func comics(query: [String: String], origin: String) -> Answer {
        if let refusal = checkCredentials(query) { return refusal }
        let paging: Paging
        switch Paging.parse(query) {
        case .success(let parsed): paging = parsed
        case .failure(let refusal): return refusal.answer
        }
        let comics: [Catalog.Comic]
        switch query["orderBy"] ?? "" {
        case "": comics = catalog.comics.sorted { $0.id < $1.id }
        case "title": comics = sortedByTitle(catalog.comics)
        case "-title": comics = sortedByTitle(catalog.comics).reversed()
        case "issueNumber": comics = catalog.comics.sorted { ($0.issueNumber, $0.id) < ($1.issueNumber, $1.id) }
        case "-issueNumber": comics = catalog.comics.sorted { ($0.issueNumber, $0.id) > ($1.issueNumber, $1.id) }
        default: return Refusal.badOrder.answer
        }
        return page(of: comics.map { wire($0, origin: origin) }, paging)
    }

    /// `GET /v1/public/comics/{id}`
    public func comic(id rawID: String, query: [String: String], origin: String) -> Answer {
        if let refusal = checkCredentials(query) { return refusal }
        guard let id = Int(rawID), let comic = catalog.comic(id: id) else { return Refusal.comicNotFound.answer }
        return page(of: [wire(comic, origin: origin)], Paging(limit: Self.defaultLimit, offset: 0))
    }

    /// `GET /v1/public/comics/{id}/characters`
    public func characters(ofComic rawID: String, query: [String: String], origin: String) -> Answer {
        if let refusal = checkCredentials(query) { return refusal }
        let paging: Paging
        switch Paging.parse(query) {
        case .success(let parsed): paging = parsed
        case .failure(let refusal): return refusal.answer
        }
        guard let id = Int(rawID), let characters = catalog.characters(ofComic: id) else {
            return Refusal.comicNotFound.answer
        }
        let ordered: [Catalog.Character]
        switch query["orderBy"] ?? "" {
        case "": ordered = characters.sorted { $0.id < $1.id }
        case "name": ordered = sortedByName(characters)
        case "-name": ordered = sortedByName(characters).reversed()
        default: return Refusal.badOrder.answer
        }
        return page(of: ordered.map { wire($0, origin: origin) }, paging)
    }

    /// The 404 of the contract for paths it does not know.
    public func notFound() -> Answer {
        Refusal.resourceNotFound.answer
    }

    // MARK: Rules

    struct Paging {
        var limit: Int
        var offset: Int

        static func parse(_ query: [String: String]) -> Result<Paging, Refusal> {
            var limit = MarvelCatalogService.defaultLimit
            if let raw = query["limit"] {
                guard let parsed = Int(raw), parsed > 0 else { return .failure(.badLimit) }
                guard parsed <= MarvelCatalogService.maximumLimit else { return .failure(.tooManyItems) }
                limit = parsed
            }
            var offset = 0
            if let raw = query["offset"] {
                guard let parsed = Int(raw), parsed >= 0 else { return .failure(.badOffset) }
                offset = parsed
            }
            return .success(Paging(limit: limit, offset: offset))
        }
    }

    /// Every refusal the contract documents, with its status and body shape.
    enum Refusal: Error {
        case missingKey, missingHash, missingTimestamp, invalidCredentials
        case tooManyItems, badLimit, badOffset, badOrder
        case comicNotFound, resourceNotFound

        var answer: Answer {
            let (status, body): (Int, MarvelWire.ErrorBody) =
                switch self {
                case .missingKey: (409, .init(code: .word("MissingParameter"), message: "You must provide a user key."))
                case .missingHash: (409, .init(code: .word("MissingParameter"), message: "You must provide a hash."))
                case .missingTimestamp:
                    (409, .init(code: .word("MissingParameter"), message: "You must provide a timestamp."))
                case .invalidCredentials:
                    (401, .init(code: .word("InvalidCredentials"), message: "That hash, timestamp and key combination is invalid."))
                case .tooManyItems: (409, .init(code: .number(409), status: "You may not request more than 100 items."))
                case .badLimit: (409, .init(code: .number(409), status: "You must pass an integer limit greater than 0."))
                case .badOffset: (409, .init(code: .number(409), status: "You must pass a non-negative integer offset."))
                case .badOrder: (409, .init(code: .number(409), status: "Invalid or unrecognized ordering parameter."))
                case .comicNotFound: (404, .init(code: .number(404), status: "We couldn't find that comic_issue"))
                case .resourceNotFound: (404, .init(code: .word("ResourceNotFound"), message: "/ does not exist"))
                }
            return MarvelCatalogService.encode(body, status: status)
        }
    }

    private func checkCredentials(_ query: [String: String]) -> Answer? {
        guard let credentials else { return nil }
        guard let apikey = query["apikey"], !apikey.isEmpty else { return Refusal.missingKey.answer }
        guard let hash = query["hash"], !hash.isEmpty else { return Refusal.missingHash.answer }
        guard let timestamp = query["ts"], !timestamp.isEmpty else { return Refusal.missingTimestamp.answer }
        guard credentials.accepts(timestamp: timestamp, apikey: apikey, hash: hash) else {
            return Refusal.invalidCredentials.answer
        }
        return nil
    }

    private func page<Item: Codable & Sendable>(of items: [Item], _ paging: Paging) -> Answer {
        let slice = Array(items.dropFirst(paging.offset).prefix(paging.limit))
        let data = MarvelWire.Page(
            offset: paging.offset, limit: paging.limit, total: items.count, count: slice.count, results: slice)
        var envelope = MarvelWire.Envelope(
            copyright: "© 2025 MARVEL", attributionText: catalog.attributionText,
            attributionHTML: catalog.attributionHTML ?? catalog.attributionText, data: data)
        envelope.etag = Self.etag(of: Self.encode(data, status: 200).body)
        return Self.encode(envelope, status: 200)
    }

    private func sortedByTitle(_ comics: [Catalog.Comic]) -> [Catalog.Comic] {
        comics.sorted { lhs, rhs in
            lhs.title == rhs.title ? lhs.id < rhs.id : TitleOrdering.areInIncreasingOrder(lhs.title, rhs.title)
        }
    }

    private func sortedByName(_ characters: [Catalog.Character]) -> [Catalog.Character] {
        characters.sorted { lhs, rhs in
            lhs.name == rhs.name ? lhs.id < rhs.id : TitleOrdering.areInIncreasingOrder(lhs.name, rhs.name)
        }
    }

    private func wire(_ comic: Catalog.Comic, origin: String) -> MarvelWire.Comic {
        let characters = catalog.characters(ofComic: comic.id) ?? []
        return MarvelWire.Comic(
            id: comic.id, digitalId: 0, title: comic.title, issueNumber: comic.issueNumber,
            description: comic.description, format: "Comic",
            resourceURI: "\(origin)/v1/public/comics/\(comic.id)",
            series: .init(resourceURI: nil, name: comic.series),
            thumbnail: Self.imageNotAvailable,
            characters: .init(
                available: characters.count,
                collectionURI: "\(origin)/v1/public/comics/\(comic.id)/characters",
                items: characters.prefix(20).map {
                    .init(resourceURI: "\(origin)/v1/public/characters/\($0.id)", name: $0.name)
                },
                returned: min(characters.count, 20)))
    }

    private func wire(_ character: Catalog.Character, origin: String) -> MarvelWire.Character {
        MarvelWire.Character(
            id: character.id, name: character.name, description: character.description,
            resourceURI: "\(origin)/v1/public/characters/\(character.id)", thumbnail: Self.imageNotAvailable)
    }

    static func encode(_ value: some Encodable, status: Int) -> Answer {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = (try? encoder.encode(value)) ?? Data(#"{"code":500,"status":"encoding failed"}"#.utf8)
        return Answer(status: status, body: body)
    }

    /// A stable fingerprint of a page (FNV-1a, 64 bits), for the envelope's `etag`.
    static func etag(of data: Data) -> String { FNV1a.of(data).hex }
}

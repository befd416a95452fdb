import ComicsCore
import Foundation

/// A ``ComicsSource`` that speaks the Marvel contract over HTTP to any compatible server.
///
/// - Signs each request with `ts`, `apikey`, `hash` when credentials are given.
/// - Reads lists in pages of `pageSize` (100, the contract's maximum), following `offset` until `total`.
/// - Asks for `orderBy=title` (comics) and `orderBy=name` (characters).
/// - Maps every failure to ``ComicsSourceError`` keeping a ``MarvelAPIError`` description as the detail.
public struct MarvelClient: ComicsSource {
    public struct Configuration: Sendable {
        public var baseURL: URL
        public var credentials: MarvelCredentials?
        public var pageSize: Int
        public var timeout: TimeInterval

        public init(baseURL: URL, credentials: MarvelCredentials? = nil, pageSize: Int = 100, timeout: TimeInterval = 15) {
            self.baseURL = baseURL
            self.credentials = credentials
            self.pageSize = pageSize
            self.timeout = timeout
        }
    }

    public let configuration: Configuration
    private let transport: any HTTPTransport
    private let timestamp: @Sendable () -> String

    /// - Parameter timestamp: the `ts` of each request; by default the current time in milliseconds.
    public init(
        configuration: Configuration,
        transport: any HTTPTransport = URLSessionTransport(),
        timestamp: @escaping @Sendable () -> String = { String(Int64(Date().timeIntervalSince1970 * 1000)) }
    ) {
        self.configuration = configuration
        self.transport = transport
        self.timestamp = timestamp
    }

    // MARK: ComicsSource

    public func loadComics() async throws(ComicsSourceError) -> [Comic] {
        do {
            return try await fetchAll(path: "v1/public/comics", orderBy: "title", as: MarvelWire.Comic.self)
                .map(Self.comic)
        } catch {
            throw error.sourceError
        }
    }

    public func loadComic(id: Comic.ID) async throws(ComicsSourceError) -> Comic {
        do throws(MarvelAPIError) {
            let envelope = try await fetchPage(
                path: "v1/public/comics/\(id)", query: [], as: MarvelWire.Comic.self)
            guard let comic = envelope.data.results.first(where: { $0.id == id }) else {
                throw .incomplete(detail: "comic \(id) missing from its own answer")
            }
            return Self.comic(comic)
        } catch {
            throw error.sourceError
        }
    }

    public func loadCharacters(ofComic id: Comic.ID) async throws(ComicsSourceError) -> [ComicCharacter] {
        do {
            return try await fetchAll(
                path: "v1/public/comics/\(id)/characters", orderBy: "name", as: MarvelWire.Character.self
            ).map { ComicCharacter(id: $0.id, name: $0.name, description: $0.description) }
        } catch {
            throw error.sourceError
        }
    }

    // MARK: Requests

    /// Every item of a list, page after page.
    func fetchAll<Item: Codable & Sendable>(
        path: String, orderBy: String, as: Item.Type
    ) async throws(MarvelAPIError) -> [Item] {
        var items: [Item] = []
        var offset = 0
        while true {
            let page = try await fetchPage(
                path: path,
                query: [("orderBy", orderBy), ("limit", String(configuration.pageSize)), ("offset", String(offset))],
                as: Item.self
            ).data
            guard page.results.count == page.count, page.offset == offset else {
                throw .incomplete(
                    detail: "page at offset \(offset) says offset \(page.offset) count \(page.count) "
                        + "but holds \(page.results.count) results")
            }
            items += page.results
            offset += page.count
            if offset >= page.total { return items }
            if page.count == 0 {
                throw .incomplete(detail: "empty page at offset \(offset) before total \(page.total)")
            }
        }
    }

    func fetchPage<Item: Codable & Sendable>(
        path: String, query: [(String, String)], as: Item.Type
    ) async throws(MarvelAPIError) -> MarvelWire.Envelope<Item> {
        let url = makeURL(path: path, query: query)
        let response: TransportResponse
        do {
            response = try await transport.get(url, timeout: configuration.timeout)
        } catch {
            switch error.kind {
            case .unreachable: throw .unreachable(detail: error.detail)
            case .other: throw .transport(detail: error.detail)
            }
        }
        guard (200..<300).contains(response.statusCode) else {
            let body = try? JSONDecoder().decode(MarvelWire.ErrorBody.self, from: response.body)
            throw .status(response.statusCode, code: body?.code.description, message: body?.text)
        }
        do {
            return try JSONDecoder().decode(MarvelWire.Envelope<Item>.self, from: response.body)
        } catch {
            throw .undecodable(detail: Self.describe(error))
        }
    }

    /// `baseURL` + `/path` + the query, signed when credentials are configured.
    func makeURL(path: String, query: [(String, String)]) -> URL {
        var components = URLComponents(url: configuration.baseURL, resolvingAgainstBaseURL: false)
            ?? URLComponents()
        let basePath = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = basePath + "/" + path
        var items = query.map { URLQueryItem(name: $0.0, value: $0.1) }
        if let credentials = configuration.credentials {
            items += credentials.queryItems(timestamp: timestamp()).map { URLQueryItem(name: $0.name, value: $0.value) }
        }
        components.queryItems = items.isEmpty ? nil : items
        return components.url ?? configuration.baseURL
    }

    static func comic(_ wire: MarvelWire.Comic) -> Comic {
        Comic(id: wire.id, title: wire.title, issueNumber: wire.issueNumber, description: wire.description)
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            "missing \(path(context.codingPath + [key]))"
        case DecodingError.valueNotFound(_, let context):
            "null at \(path(context.codingPath))"
        case DecodingError.typeMismatch(let type, let context):
            "expected \(type) at \(path(context.codingPath))"
        case DecodingError.dataCorrupted(let context):
            "corrupted at \(path(context.codingPath)): \(context.debugDescription)"
        default:
            String(describing: error)
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "<root>" : keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}

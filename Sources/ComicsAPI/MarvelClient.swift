import ComicsCore
import Foundation

/// A ``ComicsSource`` that speaks the Marvel contract over HTTP to any compatible server.
///
/// - Signs each request with `ts`, `apikey`, `hash` when credentials are given.
/// - Reads lists in pages of `pageSize` (100, the contract's maximum), following `offset` until `total`,
///   within `maxPages` and `listTimeBudget`, checking every number of every page (HARDEN-5).
/// - Asks for `orderBy=title` (comics) and `orderBy=name` (characters).
/// - Maps every failure to ``ComicsSourceError`` keeping a ``MarvelAPIError`` description as the detail.
public struct MarvelClient: ComicsSource {
    public struct Configuration: Sendable {
        /// HARDEN-5: a whole list is read in at most this many pages (100 pages of 100 = 10,000 items).
        public static let defaultMaxPages = 100
        /// HARDEN-5: a whole list must be read within this many seconds (all its pages together).
        public static let defaultListTimeBudget: TimeInterval = 30

        public var baseURL: URL
        public var credentials: MarvelCredentials?
        public var pageSize: Int
        /// Seconds to wait for one answer.
        public var timeout: TimeInterval
        /// The most pages one list may take; a list that needs more, or whose `total` says it would, is refused.
        public var maxPages: Int
        /// Seconds for all the pages of one list; never less than `timeout`, so one request always gets its own.
        public var listTimeBudget: TimeInterval

        public init(
            baseURL: URL, credentials: MarvelCredentials? = nil, pageSize: Int = 100, timeout: TimeInterval = 15,
            maxPages: Int = Self.defaultMaxPages, listTimeBudget: TimeInterval = Self.defaultListTimeBudget
        ) {
            self.baseURL = baseURL
            self.credentials = credentials
            self.pageSize = pageSize
            self.timeout = timeout
            self.maxPages = maxPages
            self.listTimeBudget = listTimeBudget
        }

        /// The budget actually applied to a list.
        var effectiveListBudget: TimeInterval { max(listTimeBudget, timeout) }
        /// The most items a list may hold: `maxPages × pageSize`, computed without overflow.
        var maxItems: Int {
            let (product, overflow) = max(1, maxPages).multipliedReportingOverflow(by: max(1, pageSize))
            return overflow ? Int.max : product
        }
    }

    public let configuration: Configuration
    private let transport: any HTTPTransport
    private let timestamp: @Sendable () -> String
    private let uptime: @Sendable () -> TimeInterval

    /// - Parameters:
    ///   - timestamp: the `ts` of each request; by default the current time in milliseconds.
    ///   - uptime: a monotonic clock in seconds, to keep a list within its time budget.
    public init(
        configuration: Configuration,
        transport: any HTTPTransport = AsyncHTTPTransport(),
        timestamp: @escaping @Sendable () -> String = { String(Int64(Date().timeIntervalSince1970 * 1000)) },
        uptime: @escaping @Sendable () -> TimeInterval = { ProcessInfo.processInfo.systemUptime }
    ) {
        self.configuration = configuration
        self.transport = transport
        self.timestamp = timestamp
        self.uptime = uptime
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

    /// Every item of a list, page after page (HARDEN-5: within `maxPages`, the time budget, and only while
    /// someone waits for it — a cancelled task stops before the next page and cancels the one in flight).
    func fetchAll<Item: Codable & Sendable>(
        path: String, orderBy: String, as: Item.Type
    ) async throws(MarvelAPIError) -> [Item] {
        let budget = configuration.effectiveListBudget
        let maxPages = max(1, configuration.maxPages)
        let started = uptime()
        var items: [Item] = []
        var offset = 0
        var pagesRead = 0
        while true {
            if Task.isCancelled {
                throw .unreachable(detail: "cancelled after \(pagesRead) pages: nobody waits for this list any more")
            }
            guard pagesRead < maxPages else {
                throw .tooLarge(detail: "more than \(maxPages) pages for \(path) (\(items.count) items read)")
            }
            let remaining = budget - (uptime() - started)
            guard remaining > 0 else {
                throw .tooLarge(detail: "\(path) not read within \(budget) s (\(pagesRead) pages, \(items.count) items)")
            }
            let page: MarvelWire.Page<Item>
            do throws(MarvelAPIError) {
                page = try await fetchPage(
                    path: path,
                    query: [("orderBy", orderBy), ("limit", String(configuration.pageSize)), ("offset", String(offset))],
                    timeout: min(configuration.timeout, remaining),
                    as: Item.self
                ).data
            } catch {
                // A request cut short by what was left of the budget is the budget running out, not the network.
                if error.isNoAnswer, !Task.isCancelled, uptime() - started >= budget {
                    throw .tooLarge(detail: "\(path) not read within \(budget) s (\(pagesRead) pages, \(items.count) items)")
                }
                throw error
            }
            pagesRead += 1
            try check(page, requestedOffset: offset)
            items += page.results
            let (next, overflow) = offset.addingReportingOverflow(page.count)
            guard !overflow else { throw .incomplete(detail: "offset \(offset) + count \(page.count) overflows") }
            offset = next
            if offset >= page.total { return items }
            if page.count == 0 {
                throw .incomplete(detail: "empty page at offset \(offset) before total \(page.total)")
            }
        }
    }

    /// HARDEN-5: the numbers of a page are checked before any is used; none is trusted.
    func check<Item: Codable & Sendable>(_ page: MarvelWire.Page<Item>, requestedOffset offset: Int) throws(MarvelAPIError) {
        let numbers = [("offset", page.offset), ("limit", page.limit), ("total", page.total), ("count", page.count)]
        if let negative = numbers.first(where: { $0.1 < 0 }) {
            throw .incomplete(detail: "page at offset \(offset) says \(negative.0) \(negative.1)")
        }
        guard page.limit <= configuration.pageSize, page.count <= configuration.pageSize else {
            throw .incomplete(
                detail: "page at offset \(offset) says limit \(page.limit) count \(page.count) "
                    + "but \(configuration.pageSize) were asked for")
        }
        guard page.results.count == page.count, page.offset == offset else {
            throw .incomplete(
                detail: "page at offset \(offset) says offset \(page.offset) count \(page.count) "
                    + "but holds \(page.results.count) results")
        }
        guard page.total <= configuration.maxItems else {
            throw .tooLarge(
                detail: "the server says the list holds \(page.total) items; at most \(configuration.maxItems) are read "
                    + "(\(max(1, configuration.maxPages)) pages of \(configuration.pageSize))")
        }
    }

    func fetchPage<Item: Codable & Sendable>(
        path: String, query: [(String, String)], timeout: TimeInterval? = nil, as: Item.Type
    ) async throws(MarvelAPIError) -> MarvelWire.Envelope<Item> {
        let url = makeURL(path: path, query: query)
        let response: TransportResponse
        do {
            response = try await transport.get(url, timeout: timeout ?? configuration.timeout)
        } catch {
            throw MarvelAPIError(error)
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
        keys.isEmpty ? "the top level" : keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}

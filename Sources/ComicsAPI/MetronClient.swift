import ComicsCore
public import Foundation

/// A ``ComicsSource`` for Metron (metron.cloud), the community comics database (COMICS-METRON-1..5).
///
/// - HTTP Basic auth with the account's user name and password, and a descriptive `User-Agent`.
/// - Marvel's issues by publisher (`issue/?publisher_id=1`), a page at a time (`page=N`), the total
///   from `count`, more while `next` is set; a search by series name (`series_name=`).
/// - A comic's characters from the issue's detail (`issue/{id}/`), read once for its title and its
///   characters together.
/// - Never more than the documented rate (``RequestRateLimiter``); a `429` is waited out for its
///   `Retry-After` and asked again.
public struct MetronClient: ComicsSource {
    public struct Configuration: Sendable {
        public static let defaultBaseURL = URL(string: "https://metron.cloud/api/")!
        /// Marvel's publisher id at Metron.
        public static let marvelPublisherID = 1

        public var baseURL: URL
        public var username: String
        public var password: String
        public var publisherID: Int
        /// Seconds to wait for one answer.
        public var timeout: TimeInterval
        public var userAgent: String
        /// The most pages `loadComics()` reads (HARDEN-5).
        public var maxPages: Int
        /// The longest `Retry-After` waited out; a longer one (the daily limit) fails the request.
        public var maxRetryAfter: TimeInterval
        /// How many `429`s one request waits out before it gives up.
        public var maxRetries: Int

        public init(
            baseURL: URL = Self.defaultBaseURL, username: String, password: String,
            publisherID: Int = Self.marvelPublisherID, timeout: TimeInterval = 15,
            userAgent: String = "TestDrivenApps-Comics/1.0 (+https://github.com/; comics list and characters)",
            maxPages: Int = 100, maxRetryAfter: TimeInterval = 120, maxRetries: Int = 3
        ) {
            self.baseURL = baseURL
            self.username = username
            self.password = password
            self.publisherID = publisherID
            self.timeout = timeout
            self.userAgent = userAgent
            self.maxPages = maxPages
            self.maxRetryAfter = maxRetryAfter
            self.maxRetries = maxRetries
        }
    }

    /// One limiter for every client of the process: the limits are the account's, not a client's.
    public static let sharedLimiter = RequestRateLimiter()

    public let configuration: Configuration
    private let transport: any HTTPTransport
    private let limiter: RequestRateLimiter
    private let details = IssueDetails()

    public init(
        configuration: Configuration, transport: any HTTPTransport = AsyncHTTPTransport(),
        limiter: RequestRateLimiter = MetronClient.sharedLimiter
    ) {
        self.configuration = configuration
        self.transport = transport
        self.limiter = limiter
    }

    // MARK: ComicsSource

    public func loadComicsPage(_ number: Int, titleContaining: String?) async throws(ComicsSourceError) -> ComicsPage {
        do throws(MarvelAPIError) {
            var query = [("publisher_id", String(configuration.publisherID))]
            if let text = TitleSearch.normalized(titleContaining) { query.append(("series_name", text)) }
            if number > 1 { query.append(("page", String(number))) }
            let page = try await fetch(url(path: "issue/", query: query), as: MetronWire.Page<MetronWire.IssueSummary>.self)
            guard page.count >= 0, page.results.count <= 1_000 else {
                throw .incomplete(detail: "page \(number) says count \(page.count) and holds \(page.results.count) results")
            }
            return ComicsPage(
                comics: page.results.map { Comic(id: $0.id, title: MetronWire.title(series: $0.series, number: $0.number), issueNumber: Double($0.number)) },
                number: number, totalCount: page.count, hasMore: page.next != nil)
        } catch {
            throw error.sourceError
        }
    }

    /// Every page, following `next` (within ``Configuration/maxPages`` and the rate limit).
    public func loadComics() async throws(ComicsSourceError) -> [Comic] {
        var comics: [Comic] = []
        var number = 1
        while true {
            if Task.isCancelled { throw .noConnection(detail: "cancelled after \(number - 1) pages") }
            guard number <= max(1, configuration.maxPages) else {
                throw .tooLarge(detail: "more than \(configuration.maxPages) pages of issues")
            }
            let page = try await loadComicsPage(number, titleContaining: nil)
            comics += page.comics
            if !page.hasMore || page.comics.isEmpty { return comics }
            number += 1
        }
    }

    public func loadComic(id: Comic.ID) async throws(ComicsSourceError) -> Comic {
        let issue = try await issue(id)
        return Comic(
            id: issue.id, title: MetronWire.title(series: issue.series, number: issue.number),
            issueNumber: Double(issue.number), description: issue.desc)
    }

    public func loadCharacters(ofComic id: Comic.ID) async throws(ComicsSourceError) -> [ComicCharacter] {
        (try await issue(id).characters ?? []).map { ComicCharacter(id: $0.id, name: $0.name) }
    }

    /// An issue's detail, asked once even when the title and the characters want it at the same time.
    private func issue(_ id: Comic.ID) async throws(ComicsSourceError) -> MetronWire.Issue {
        let url = url(path: "issue/\(id)/", query: [])
        let result = await details.value(for: id) { () async -> Result<MetronWire.Issue, ComicsSourceError> in
            do throws(MarvelAPIError) {
                let issue = try await fetch(url, as: MetronWire.Issue.self)
                guard issue.id == id else { throw .incomplete(detail: "issue \(id) answered as issue \(issue.id)") }
                return .success(issue)
            } catch {
                return .failure(error.sourceError)
            }
        }
        return try result.get()
    }

    // MARK: Requests

    func url(path: String, query: [(String, String)]) -> URL {
        var components = URLComponents(url: configuration.baseURL, resolvingAgainstBaseURL: false) ?? URLComponents()
        let basePath = components.path.hasSuffix("/") ? components.path : components.path + "/"
        components.path = basePath + path
        components.queryItems = query.isEmpty ? nil : query.map { URLQueryItem(name: $0.0, value: $0.1) }
        return components.url ?? configuration.baseURL
    }

    var headers: [(String, String)] {
        let token = Data("\(configuration.username):\(configuration.password)".utf8).base64EncodedString()
        return [("Authorization", "Basic \(token)"), ("User-Agent", configuration.userAgent), ("Accept", "application/json")]
    }

    /// One GET within the rate limit; a `429` is waited out (its `Retry-After`) and asked again.
    func fetch<Value: Decodable>(_ url: URL, as: Value.Type) async throws(MarvelAPIError) -> Value {
        var retries = 0
        while true {
            do { try await limiter.acquire() } catch { throw .unreachable(detail: "cancelled while waiting for the rate limit") }
            let response: TransportResponse
            do {
                response = try await transport.get(url, headers: headers, timeout: configuration.timeout)
            } catch {
                throw MarvelAPIError(error)
            }
            if response.statusCode == 429 {
                let wait = Self.retryAfter(response.headers["retry-after"]) ?? 60
                guard retries < configuration.maxRetries, wait <= configuration.maxRetryAfter else {
                    throw .notAnswering(detail: "HTTP 429: rate limited for \(Int(wait)) s")
                }
                retries += 1
                await limiter.pause(for: wait)
                continue
            }
            guard (200..<300).contains(response.statusCode) else {
                let body = try? JSONDecoder().decode(MetronWire.ErrorBody.self, from: response.body)
                throw .status(response.statusCode, code: nil, message: body?.detail)
            }
            do {
                return try JSONDecoder().decode(Value.self, from: response.body)
            } catch {
                throw .undecodable(detail: String(describing: error).prefix(300).description)
            }
        }
    }

    /// `Retry-After` in seconds (a number, or an HTTP date).
    static func retryAfter(_ value: String?, now: Date = Date()) -> TimeInterval? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Double(value), seconds >= 0, seconds.isFinite { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: value).map { max(0, $0.timeIntervalSince(now)) }
    }
}

/// Issue details asked for at the same time share one request; an answer is reused for 60 seconds.
private actor IssueDetails {
    private var entries: [Comic.ID: (task: Task<Result<MetronWire.Issue, ComicsSourceError>, Never>, at: Double)] = [:]

    func value(
        for id: Comic.ID, fetch: @escaping @Sendable () async -> Result<MetronWire.Issue, ComicsSourceError>
    ) async -> Result<MetronWire.Issue, ComicsSourceError> {
        let now = ProcessInfo.processInfo.systemUptime
        entries = entries.filter { now - $0.value.at < 60 }
        if let entry = entries[id] { return await entry.task.value }
        let task = Task { await fetch() }
        entries[id] = (task, now)
        let result = await task.value
        if case .failure = result { entries[id] = nil }
        return result
    }
}

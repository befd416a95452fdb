public import ComicsCore
public import Foundation

/// A ``ComicsSource`` that reads this very server's catalog routes over HTTP, through the real client.
///
/// Its base URL is known only once the server has bound its port, so requests wait for ``bind(host:port:)``.
public final class SelfHostedSource: ComicsSource {
    private let address = BoundAddress()
    private let credentials: MarvelCredentials?
    private let timeout: TimeInterval
    private let transport: any HTTPTransport

    public init(credentials: MarvelCredentials?, timeout: TimeInterval, transport: any HTTPTransport = AsyncHTTPTransport()) {
        self.credentials = credentials
        self.timeout = timeout
        self.transport = transport
    }

    /// Called when the server runs; `host` 0.0.0.0 or :: is reached through the loopback address.
    public func bind(host: String, port: Int) async {
        let reachable = ["0.0.0.0", "::", "", "*"].contains(host) ? "127.0.0.1" : host
        let literal = reachable.contains(":") ? "[\(reachable)]" : reachable
        await address.set(URL(string: "http://\(literal):\(port)")!)
    }

    public func loadComics() async throws(ComicsSourceError) -> [Comic] {
        try await client().loadComics()
    }

    public func loadComic(id: Comic.ID) async throws(ComicsSourceError) -> Comic {
        try await client().loadComic(id: id)
    }

    public func loadCharacters(ofComic id: Comic.ID) async throws(ComicsSourceError) -> [ComicCharacter] {
        try await client().loadCharacters(ofComic: id)
    }

    private func client() async -> MarvelClient {
        MarvelClient(
            configuration: .init(baseURL: await address.value(), credentials: credentials, timeout: timeout),
            transport: transport)
    }
}

private actor BoundAddress {
    private var url: URL?
    private var waiting: [CheckedContinuation<URL, Never>] = []

    func set(_ url: URL) {
        self.url = url
        for continuation in waiting { continuation.resume(returning: url) }
        waiting = []
    }

    func value() async -> URL {
        if let url { return url }
        return await withCheckedContinuation { waiting.append($0) }
    }
}

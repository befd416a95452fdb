import ComicsAPI
import ComicsCatalog
import ComicsCatalogServer
public import ComicsCore
import ComicsPresentation
import Foundation
public import Hummingbird
public import Logging
import WebUI

/// What the comics web app needs from outside, so tests can hand in stubs.
public struct ComicsWebDependencies: Sendable {
    public var source: any ComicsSource
    /// When set, the server also answers the Marvel contract from this catalog on `/v1/public/...`.
    public var catalogRoutes: MarvelCatalogRoutes?
    public var logger: Logger
    /// The Host names the server answers; others get 421 (HARDEN-2).
    public var hosts: HostAllowList

    public init(
        source: any ComicsSource, catalogRoutes: MarvelCatalogRoutes? = nil, logger: Logger,
        hosts: HostAllowList = HostAllowList(boundHost: "127.0.0.1")
    ) {
        self.source = source
        self.catalogRoutes = catalogRoutes
        self.logger = logger
        self.hosts = hosts
    }
}

public enum ComicsWebError: Error, CustomStringConvertible {
    case catalogUnavailable(String)

    public var description: String {
        switch self {
        case .catalogUnavailable(let detail): "The bundled catalog can't be read: \(detail)"
        }
    }
}

/// Builds the `comics serve` application.
///
/// With no `apiBaseURL`, the bundled catalog is mounted on this server's own `/v1/public/...` routes and
/// the pages read it back through the real HTTP client at this server's own address — the same path a
/// remote Marvel-compatible server takes.
/// - Parameter onRunning: called with the address to open once the server listens.
public func buildApplication(
    configuration: ComicsWebConfiguration, logger: Logger,
    onRunning: @escaping @Sendable (URL) async -> Void = { _ in }
) throws(ComicsWebError) -> some ApplicationProtocol {
    let dependencies: ComicsWebDependencies
    let selfHosted: SelfHostedSource?
    if let apiBaseURL = configuration.apiBaseURL {
        selfHosted = nil
        let client = MarvelClient(
            configuration: .init(
                baseURL: apiBaseURL, credentials: configuration.credentials, timeout: configuration.sourceTimeout))
        dependencies = ComicsWebDependencies(source: client, logger: logger, hosts: configuration.hosts)
    } else {
        let catalog: Catalog
        do { catalog = try Catalog.bundled() } catch { throw .catalogUnavailable(error.description) }
        let source = SelfHostedSource(credentials: configuration.credentials, timeout: configuration.sourceTimeout)
        selfHosted = source
        dependencies = ComicsWebDependencies(
            source: source,
            catalogRoutes: MarvelCatalogRoutes(catalog: catalog, credentials: configuration.credentials),
            logger: logger, hosts: configuration.hosts)
    }
    let host = configuration.host
    return Application(
        router: buildRouter(dependencies),
        server: configuration.limits.http1Server(),
        configuration: .init(address: .hostname(host, port: configuration.port), serverName: "comics"),
        onServerRunning: { channel in
            let port = channel.localAddress?.port ?? configuration.port
            await selfHosted?.bind(host: host, port: port)
            let shownHost = ["0.0.0.0", "::"].contains(host) ? "127.0.0.1" : host
            let literal = shownHost.contains(":") ? "[\(shownHost)]" : shownHost
            await onRunning(URL(string: "http://\(literal):\(port)/")!)
        },
        logger: logger)
}

/// The routes: pages, their JSON, the static assets and (optionally) the catalog's Marvel contract.
public func buildRouter(_ dependencies: ComicsWebDependencies) -> Router<BasicRequestContext> {
    // HEAD answers like GET without the body (HARDEN-10c).
    let router = Router(options: .autoGenerateHeadEndpoints)
    router.add(middleware: RequestLogMiddleware(logger: dependencies.logger))
    // The same security headers as the todo pages (HARDEN-10b), and only this server's Host names.
    router.add(middleware: SecurityHeadersMiddleware())
    router.add(middleware: HostCheckMiddleware(hosts: dependencies.hosts) { request, message in
        let path = request.uri.path
        if path.hasPrefix("/api/") || path.hasPrefix("/v1/") {
            return ComicsController.json(ComicsController.ErrorJSON(error: message), status: .misdirectedRequest)
        }
        return Response.html(
            ComicsPages.render(title: "Not served here", main: "<p role=\"alert\">\(HTML.text(message))</p>", scripted: false),
            status: .misdirectedRequest)
    })
    StaticAssets.register(SharedAssets.all + ComicsAssets.all, on: router)
    dependencies.catalogRoutes?.register(on: router)
    ComicsController(source: dependencies.source, logger: dependencies.logger).register(on: router)
    return router
}

/// The pages and the JSON they load. Both run the ViewModels on the server.
struct ComicsController: Sendable {
    let source: any ComicsSource
    let logger: Logger

    func register(on router: Router<BasicRequestContext>) {
        router.get("/") { request, _ in
            guard Self.wantsServerRendering(request) else { return Response.html(ComicsPages.listShell()) }
            return try await Self.whileConnected(request) {
                let viewModel = await listViewModel()
                await viewModel.load()
                let (snapshot, message) = await (viewModel.state, viewModel.errorMessage)
                guard case .loaded(let groups) = snapshot else {
                    return Response.html(ComicsPages.listRendered(groups: nil, errorMessage: message), status: .badGateway)
                }
                return Response.html(ComicsPages.listRendered(groups: groups, errorMessage: nil))
            }
        }
        router.get("/comics/:id") { request, context in
            guard let id = context.parameters.get("id", as: Int.self) else {
                return Response.html(
                    ComicsPages.charactersRendered(title: nil, names: [], errorMessage: ComicsMessages.charactersUnavailable),
                    status: .notFound)
            }
            guard Self.wantsServerRendering(request) else { return Response.html(ComicsPages.charactersShell(comicID: id)) }
            return try await Self.whileConnected(request) {
                let viewModel = await charactersViewModel(id)
                await viewModel.load()
                let (title, names, message) = await (viewModel.title, viewModel.characterNames, viewModel.errorMessage)
                return Response.html(
                    ComicsPages.charactersRendered(title: title, names: names, errorMessage: message),
                    status: message == nil ? .ok : .badGateway)
            }
        }
        router.get("/api/comics") { request, _ in
            try await Self.whileConnected(request) {
                let viewModel = await listViewModel()
                await viewModel.load()
                if let snapshot = await viewModel.snapshot { return Self.json(snapshot) }
                return Self.json(
                    ErrorJSON(error: await viewModel.errorMessage ?? ComicsMessages.comicsUnreadable), status: .badGateway)
            }
        }
        router.get("/api/comics/:id/characters") { request, context in
            guard let id = context.parameters.get("id", as: Int.self) else {
                return Self.json(ErrorJSON(error: ComicsMessages.charactersUnavailable), status: .notFound)
            }
            return try await Self.whileConnected(request) {
                let viewModel = await charactersViewModel(id)
                await viewModel.load()
                if let snapshot = await viewModel.snapshot { return Self.json(snapshot) }
                return Self.json(
                    ErrorJSON(error: await viewModel.errorMessage ?? ComicsMessages.charactersUnavailable),
                    status: .badGateway)
            }
        }
    }

    /// HARDEN-5: runs `work` (which reads the data source) and cancels it as soon as the client's connection
    /// closes. Hummingbird 2.28 does not cancel a handler's task when the client goes away (it only cancels on
    /// server shutdown); the request body's inbound-close handler is its mechanism for noticing. The cancelled
    /// load stops paging and cancels the request in flight.
    ///
    /// Watching the inbound side consumes it, so Hummingbird closes the connection after such a response;
    /// the response says so (`Connection: close`) and clients open a new connection for their next request.
    static func whileConnected(
        _ request: Request, _ work: @escaping @Sendable () async -> Response
    ) async throws -> Response {
        var response = try await request.body.consumeWithCancellationOnInboundClose { _ in await work() }
        response.headers[.connection] = "close"
        return response
    }

    @MainActor private func listViewModel() -> ComicsListViewModel {
        ComicsListViewModel(source: source, reportFailure: report("comics"))
    }

    @MainActor private func charactersViewModel(_ id: Int) -> CharactersViewModel {
        CharactersViewModel(comicID: id, source: source, reportFailure: report("characters of comic \(id)"))
    }

    private func report(_ what: String) -> @Sendable (ComicsSourceError) -> Void {
        let logger = self.logger
        return { error in logger.warning("loading \(what) failed: \(error)") }
    }

    static func wantsServerRendering(_ request: Request) -> Bool {
        request.uri.queryParameters["render"] == "server"
    }

    struct ErrorJSON: Encodable { let error: String }

    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data(#"{"error":"encoding failed"}"#.utf8)
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

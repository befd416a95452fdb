public import ComicsCatalogServer
public import ComicsCore
import ComicsPresentation
import Foundation
public import Hummingbird
public import Logging
public import WebUI

/// What the comics web app needs from outside; the executable (or a test) chooses the concrete source.
public struct ComicsWebDependencies: Sendable {
    public var source: any ComicsSource
    /// When set, the server also answers the Marvel contract from this catalog on `/v1/public/...`.
    public var catalogRoutes: MarvelCatalogRoutes?
    public var logger: Logger
    /// The Host names the server answers; others get 421 (HARDEN-2).
    public var hosts: HostAllowList
    /// COMICS-COPY-1: where answers are kept, and read back when the source can't be reached.
    public var offlineCopy: (any ComicsOfflineCopy)?
    /// COMICS-COPY-3: serve only the offline copy.
    public var offline = false

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

/// The `comics serve` application over `dependencies`.
/// - Parameter onRunning: called with the port once the server listens.
public func buildApplication(
    _ dependencies: ComicsWebDependencies, configuration: ComicsWebConfiguration,
    onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) throws -> some ApplicationProtocol {
    Application(
        router: try buildRouter(dependencies),
        server: configuration.limits.http1Server(),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "comics"),
        onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? configuration.port) },
        logger: dependencies.logger)
}

/// The routes: pages, their JSON, the assets and (optionally) the catalog's Marvel contract.
/// Throws when the templates or assets are missing from the installation.
public func buildRouter(_ dependencies: ComicsWebDependencies) throws -> Router<BasicRequestContext> {
    let views = try ComicsViews()
    // HEAD answers like GET without the body (HARDEN-10c).
    let router = Router(options: .autoGenerateHeadEndpoints)
    router.add(middleware: RequestLogMiddleware(logger: dependencies.logger))
    // The same security headers as the todo pages (HARDEN-10b), and only this server's Host names.
    router.add(middleware: SecurityHeadersMiddleware())
    let hosts = dependencies.hosts
    router.add(middleware: HostCheckMiddleware(hosts: hosts) { request, message in
        // The refusal in the request's language on a page (LANG-4); the APIs' stays English.
        let path = request.uri.path
        let worded = path.hasPrefix("/api/") || path.hasPrefix("/v1/") ? message
            : ComicsViews.strings(LanguageChoice.of(request))(
                "comics.error.host", ["addresses": hosts.names.sorted().joined(separator: ", ")])
        return ComicsErrorMiddleware.answer(request, status: .misdirectedRequest, message: worded, views: views)
    })
    router.add(middleware: ComicsErrorMiddleware(views: views))
    // No other site's page may post here (the language switcher's cookie, LANG-2).
    router.add(middleware: ComicsOriginCheckMiddleware())
    views.assets.register(on: router)
    // LANG-2: the language switcher on every page posts here.
    LanguageChoice.addRoutes(to: router)
    dependencies.catalogRoutes?.register(on: router)
    let options = ComicsLoadOptions(offlineCopy: dependencies.offlineCopy, offline: dependencies.offline)
    ComicsPagesController(source: dependencies.source, logger: dependencies.logger, views: views, options: options)
        .register(on: router)
    ComicsAPIController(source: dependencies.source, logger: dependencies.logger).register(on: router)
    return router
}

import Foundation
import HTTPTypes
import Hummingbird
import Logging
import ServiceLifecycle
import TodoAccounts
import TodoCore
import TodoPresentation
import WebUI

/// How the web app is set up.
public struct TodoWebOptions: Sendable {
    public var host: String
    public var port: Int
    /// Origins allowed to use the API from their pages (`*` for any); empty: CORS off.
    public var corsOrigins: [String]
    /// Host names answered besides the bound address and `localhost` (`--allowed-host`).
    public var allowedHosts: [String]
    /// Idle timeout and connection cap (`--idle-timeout`, `--max-connections`).
    public var limits: ConnectionLimits
    /// What "today" is in `timeZone`, for the Today list and the quick-add dates.
    public var today: @Sendable () -> CalendarDate
    /// The server's time zone (`TZ`): a person who has chosen none reckons days in it (TIME-6).
    public var timeZone = TimeZone(identifier: "UTC")!
    /// The time, for how long ago an item in the Trash was deleted (the store's clock decides
    /// the 30 days).
    public var now: @Sendable () -> Date
    /// Accounts: with them every page and API route needs a signed-in person
    /// (docs/specs/accounts.md, ACCOUNT-30…43); nil is one person's list without a sign-in.
    public var accounts: Accounts? = nil
    /// With `accounts`, each person's items and their shares (docs/specs/sharing.md); the
    /// `store` the app is built with is then not used.
    public var lists: PeopleLists? = nil
    /// Whether `/signup` lets anyone make an account (only with `accounts`).
    public var allowSignup = false
    /// Marks the session cookie `Secure` (behind TLS).
    public var secureCookies = false
    /// The address of the connection a request came on, for the per-address sign-in limit: by
    /// default the real one; one shared key where there is no connection (router-level tests).
    public var clientAddress: @Sendable (Request, TodoRequestContext) -> String = { _, context in context.peerAddress ?? "web" }
    /// Reverse proxies (`--trusted-proxy`): on a connection from one of these addresses, the
    /// client's address is the last entry of `X-Forwarded-For` (docs/specs/servers.md, SERVERS-4).
    public var trustedProxies: [String] = []
    /// With `todo serve --lan`, the machine's addresses and `.local` name a phone types, in
    /// order: Settings → Connect a phone shows them (PHONE-3); empty, it shows the page's own.
    public var phoneHosts: [String] = []
    /// How the first account is made, said by the sign-in page of a server without one (PHONE-5).
    public var usersCommand = "todo users add NAME"
    /// The live changes pages follow at `GET /events` (docs/specs/live.md); nil: no such route.
    public var live: LiveChanges? = nil
    /// The database's record of changes: with it, a list page asked for again while nothing it
    /// shows has changed is answered with the bytes kept from last time (LIVE-17). Nil (a store
    /// in memory): every page is made for its request.
    public var changes: (any ChangeRecord)? = nil
    /// How often an idle event stream gets a comment (LIVE-4).
    public var liveHeartbeat: Duration = .seconds(15)
    /// Services on the same listener that sign people in their own way (CalDAV under `/dav/`,
    /// docs/specs/caldav.md): each adds its middleware after the Host, CORS and cross-site
    /// checks and the live writes, before the web app's sign-in.
    public var services: [@Sendable (Router<TodoRequestContext>) -> Void] = []

    public init(
        host: String = "127.0.0.1", port: Int = 8080, corsOrigins: [String] = [], allowedHosts: [String] = [],
        limits: ConnectionLimits = ConnectionLimits(),
        today: @escaping @Sendable () -> CalendarDate, now: @escaping @Sendable () -> Date
    ) {
        self.host = host
        self.port = port
        self.corsOrigins = corsOrigins
        self.allowedHosts = allowedHosts
        self.limits = limits
        self.today = today
        self.now = now
    }

    /// The Host names this server answers (HARDEN-2).
    public var hosts: HostAllowList { HostAllowList(boundHost: host, allowed: allowedHosts) }

    /// The client's address: the connection's, or behind a trusted proxy the one it forwards for.
    var forwardedClientAddress: @Sendable (Request, TodoRequestContext) -> String {
        let peer = clientAddress, proxies = TrustedProxies(trustedProxies)
        if proxies.isEmpty { return peer }
        return { request, context in proxies.clientAddress(peer: peer(request, context), headers: request.headers) }
    }
}

/// The Todo web app: pages that work without JavaScript and change in place with it, plus the JSON API.
public enum TodoWebApp {
    /// The application: `services` (a database's pool) run beside the server, started before it
    /// and stopped after it; `beforeServing` (a database's migrations) runs once they have
    /// started, and the server listens only once it is done.
    public static func buildApplication(
        store: any TodoStore, options: TodoWebOptions, logger: Logger = Logger(label: "todo"),
        services: [any Service] = [], beforeServing: @escaping @Sendable () async throws -> Void = {},
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        var app = Application(
            router: try buildRouter(store: store, options: options, logger: logger),
            server: options.limits.http1Server(),
            configuration: .init(address: .hostname(options.host, port: options.port), serverName: "todo"),
            services: services,
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? options.port) },
            logger: logger)
        app.beforeServerStarts(perform: beforeServing)
        return app
    }

    /// The routes, grouped in controllers, behind the middleware every request passes:
    /// logging, security headers, one place that turns errors into pages or JSON, the Host
    /// check, CORS and the cross-site check.
    public static func buildRouter(
        store: any TodoStore, options: TodoWebOptions, logger: Logger = Logger(label: "todo")
    ) throws -> Router<TodoRequestContext> {
        let views = try TodoViews()
        // HEAD answers like GET without the body (HARDEN-10c).
        let router = Router(context: TodoRequestContext.self, options: .autoGenerateHeadEndpoints)
        let policy = CrossOriginPolicy(allowedOrigins: options.corsOrigins)
        router.add(middleware: RequestLogMiddleware(logger: logger))
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: ErrorMiddleware(views: views))
        let hosts = options.hosts
        router.add(middleware: HostCheckMiddleware(hosts: hosts) { request, _ in
            // The refusal in the request's language (LANG-4); the API's stays English.
            let addresses = hosts.names.sorted().joined(separator: ", ")
            return ErrorMiddleware<TodoRequestContext>.response(
                for: request, PageError(.misdirectedRequest, key: "error.host", ["addresses": addresses]), views: views)
        })
        router.add(middleware: APICORSMiddleware(policy: policy))
        router.add(middleware: OriginCheckMiddleware(policy: policy))
        let accounts = try options.accounts.map {
            guard let lists = options.lists else { throw TodoWebSetupError.accountsWithoutLists }
            return AccountsWeb(
                accounts: $0, lists: lists, allowSignup: options.allowSignup, secureCookies: options.secureCookies,
                clientAddress: options.forwardedClientAddress, serverZone: options.timeZone,
                phoneHosts: options.phoneHosts, usersCommand: options.usersCommand)
        }
        // With accounts, every request reads the signed-in person's lists, never `store`.
        let stores = RequestStore(local: accounts == nil ? store : nil)
        if let live = options.live { router.add(middleware: LiveWritesMiddleware(live: live)) }
        for service in options.services { service(router) }
        if let accounts { router.add(middleware: AccountsMiddleware(web: accounts)) }
        // A route that does no work: a liveness check, and the framework's ceiling in bench/run.
        router.get("/healthz") { _, _ in "ok\n" }
        LanguageChoice.addRoutes(to: router)
        let clock = RequestClock(today: options.today, now: options.now, timeZone: options.timeZone)
        let page = PageContext(stores: stores, clock: clock, views: views, changes: options.changes)
        ListController(page: page).register(on: router)
        UpcomingController(page: page).register(on: router)
        ItemController(page: page).register(on: router)
        MoveController(page: page).register(on: router)
        QuickAddController(page: page).register(on: router)
        AddPreviewController(page: page).register(on: router)
        TransferController(stores: stores, views: views).register(on: router)
        TrashController(page: page, now: options.now).register(on: router)
        OfflinePage(views: views).register(on: router)
        if let accounts {
            AccountsController(web: accounts, views: views).register(on: router)
            SharingController(web: accounts, views: views).register(on: router)
        }
        if let live = options.live {
            EventsController(live: live, web: accounts, heartbeat: options.liveHeartbeat).register(on: router)
        }
        APIController(stores: stores, clock: clock).register(on: router.group("api"))
        // The service worker must be served from the root to control every page.
        views.assets.register(on: router, atRoot: ["sw.js", "manifest.webmanifest"])
        return router
    }
}

/// A web app set up in a way that can't serve safely.
public enum TodoWebSetupError: Error, Equatable, LocalizedError {
    /// Accounts need each person's lists (`TodoWebOptions.lists`).
    case accountsWithoutLists

    public var errorDescription: String? {
        switch self {
        case .accountsWithoutLists: "With accounts, the web app needs each person's lists (TodoWebOptions.lists)."
        }
    }
}

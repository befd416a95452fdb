import Foundation
import HTTPTypes
import Hummingbird
import Logging
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
    /// What "today" is, for the Today list and the quick-add dates.
    public var today: @Sendable () -> CalendarDate

    public init(
        host: String = "127.0.0.1", port: Int = 8080, corsOrigins: [String] = [], allowedHosts: [String] = [],
        limits: ConnectionLimits = ConnectionLimits(),
        today: @escaping @Sendable () -> CalendarDate = { CalendarDate(Date(), in: .current) }
    ) {
        self.host = host
        self.port = port
        self.corsOrigins = corsOrigins
        self.allowedHosts = allowedHosts
        self.limits = limits
        self.today = today
    }

    /// The Host names this server answers (HARDEN-2).
    public var hosts: HostAllowList { HostAllowList(boundHost: host, allowed: allowedHosts) }
}

/// The Todo web app: pages that work without JavaScript, plus the JSON API.
public enum TodoWebApp {
    public static func buildApplication(
        store: any TodoStore, options: TodoWebOptions, logger: Logger = Logger(label: "todo"),
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        Application(
            router: buildRouter(store: store, options: options, logger: logger),
            server: options.limits.http1Server(),
            configuration: .init(address: .hostname(options.host, port: options.port), serverName: "todo"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? options.port) },
            logger: logger)
    }

    public static func buildRouter(
        store: any TodoStore, options: TodoWebOptions, logger: Logger = Logger(label: "todo")
    ) -> Router<BasicRequestContext> {
        // HEAD answers like GET without the body (HARDEN-10c).
        let router = Router(options: .autoGenerateHeadEndpoints)
        let policy = CrossOriginPolicy(allowedOrigins: options.corsOrigins)
        router.add(middleware: RequestLogMiddleware(logger: logger))
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: HostCheckMiddleware(hosts: options.hosts) { request, message in
            WebFormat.errorResponse(for: request, status: .misdirectedRequest, message)
        })
        router.add(middleware: CORSMiddleware(policy: policy))
        router.add(middleware: OriginCheckMiddleware(policy: policy))
        // A route that does no work: a liveness check, and the framework's ceiling in bench/run.
        router.get("/healthz") { _, _ in "ok\n" }
        PageRoutes(store: store, today: options.today).register(on: router)
        APIRoutes(store: store, today: options.today).register(on: router.group("api"))
        TransferRoutes(store: store).register(on: router)
        StaticAssets.register(SharedAssets.all + TodoAssets.all, on: router)
        return router
    }
}

/// The "show unfinished only" choice, remembered in a cookie.
final class CookiePreferences: ListPreferences {
    static let cookieName = "unfinished"
    var showUnfinishedOnly: Bool

    init(_ request: Request) {
        showUnfinishedOnly = request.cookies[Self.cookieName]?.value == "1"
    }
}

/// The pages: lists, details, add/edit form, quick add, and the form actions behind them.
struct PageRoutes: Sendable {
    let store: any TodoStore
    let today: @Sendable () -> CalendarDate

    func register(on router: Router<BasicRequestContext>) {
        router.get("/") { request, _ in try await listPage(.all, request) }
        router.get("/today") { request, _ in try await listPage(.today, request) }
        router.get("/projects/:name") { request, context in
            let raw = try context.parameters.require("name")
            return try await listPage(.project(raw.removingPercentEncoding ?? raw), request)
        }
        router.get("/due/:date") { request, context in
            let raw = try context.parameters.require("date")
            let text = raw.removingPercentEncoding ?? raw
            guard let date = CalendarDate(iso: text) else {
                throw PageError(.notFound, "“\(text)” is not a date of the form YYYY-MM-DD.")
            }
            return try await listPage(.dueDate(date), request)
        }
        router.post("/preferences/unfinished") { request, _ in
            let form = try await WebFormat.form(of: request)
            var response = WebFormat.redirect(to: WebFormat.localPath(form["from"]))
            response.setCookie(Cookie(
                name: CookiePreferences.cookieName, value: form["on"] == "1" ? "1" : "0",
                maxAge: 365 * 24 * 3600, path: "/", httpOnly: true, sameSite: .lax))
            return response
        }
        router.get("/items/new") { request, _ in
            let from = WebFormat.localPath(request.uri.queryParameters.get("from"))
            let form = ItemFormViewModel(store: store, today: today)
            if let project = request.uri.queryParameters.get("project") { form.projectName = project }
            if let due = request.uri.queryParameters.get("due") { form.dueDate = due }
            return WebFormat.html(TodoPages.form(form, projects: try await projects(), from: from))
        }
        router.post("/items") { request, _ in
            let fields = try await WebFormat.form(of: request)
            let from = WebFormat.localPath(fields["from"])
            let form = ItemFormViewModel(store: store, today: today)
            fill(form, from: fields)
            return try await save(form, from: from, returnTo: from)
        }
        router.get("/items/:id") { request, context in
            try await page {
                let details = ItemDetailViewModel(store: store, id: try itemID(context))
                try await details.load()
                let back = WebFormat.localPath(request.uri.queryParameters.get("from"))
                return WebFormat.html(TodoPages.details(details, back: back))
            }
        }
        router.get("/items/:id/edit") { request, context in
            try await page {
                let form = try await ItemFormViewModel.edit(store: store, id: try itemID(context), today: today)
                let from = WebFormat.localPath(request.uri.queryParameters.get("from"))
                return WebFormat.html(TodoPages.form(form, projects: try await projects(), from: from))
            }
        }
        router.post("/items/:id") { request, context in
            try await page {
                let id = try itemID(context)
                let fields = try await WebFormat.form(of: request)
                let from = WebFormat.localPath(fields["from"])
                guard let stored = try await store.item(id: id) else { throw TodoPresentationError.itemNotFound }
                // The form edits the version it was opened with, so a newer change is never
                // overwritten; a form without one can't be checked and changes nothing (HARDEN-10f).
                guard let version = fields["version"].flatMap({ Int($0) }) else {
                    throw PageError(.badRequest, "The form was sent without the version it edits; reload the item and edit it again.")
                }
                var opened = stored
                opened.version = version
                let form = ItemFormViewModel(store: store, mode: .edit(opened), today: today)
                fill(form, from: fields)
                form.isDone = fields["done"] == "1"
                return try await save(form, from: from, returnTo: from)
            }
        }
        router.post("/items/:id/done") { request, context in
            try await page {
                let fields = try await WebFormat.form(of: request)
                let details = ItemDetailViewModel(store: store, id: try itemID(context))
                try await details.setDone(fields["done"] != "0")
                return WebFormat.redirect(to: WebFormat.localPath(fields["from"]))
            }
        }
        router.post("/items/:id/delete") { request, context in
            try await page {
                let fields = try await WebFormat.form(of: request)
                try await ItemDetailViewModel(store: store, id: try itemID(context)).delete()
                return WebFormat.redirect(to: WebFormat.localPath(fields["from"]))
            }
        }
        router.get("/quick-add") { request, _ in
            let quickAdd = makeQuickAdd(context: quickAddContext(request.uri.queryParameters.get("project"), request.uri.queryParameters.get("due")))
            await quickAdd.loadAllSections()
            let from = WebFormat.localPath(request.uri.queryParameters.get("from"))
            return WebFormat.html(TodoPages.quickAddPage(quickAdd, from: from))
        }
        router.post("/quick-add") { request, _ in
            try await page {
                let fields = try await WebFormat.form(of: request)
                let from = WebFormat.localPath(fields["from"])
                let quickAdd = makeQuickAdd(context: .none)
                quickAdd.text = fields["text"] ?? ""
                for kind in QuickAddSectionKind.allCases {
                    for id in fields.all(kind.rawValue) where !id.isEmpty { quickAdd.select(id, in: kind) }
                }
                guard try await quickAdd.save() != nil else {
                    // An empty title saves nothing (QUICK-3); without a script, say why.
                    await quickAdd.loadAllSections()
                    return WebFormat.html(
                        TodoPages.quickAddPage(quickAdd, from: from, error: "Type a title on the first line to save."),
                        status: .unprocessableContent)
                }
                return WebFormat.redirect(to: from)
            }
        }
    }

    // MARK: helpers

    private func listPage(_ scope: ListScope, _ request: Request) async throws -> Response {
        try await page {
            let list = TodoListViewModel(store: store, scope: scope, preferences: CookiePreferences(request), today: today)
            // Long lists come a page at a time (`?page=N`), so the first screen never waits for the rest.
            let page = request.uri.queryParameters.get("page").flatMap { Int($0) } ?? 1
            try await list.load(page: page, rowsPerSection: TodoPages.rowsPerSection)
            let context: QuickAddContext = switch scope {
            case .project(let name): .project(name)
            case .today: .dueDate(today())
            case .dueDate(let date): .dueDate(date)
            case .all: .none
            }
            return WebFormat.html(TodoPages.list(list, quickAdd: makeQuickAdd(context: context)))
        }
    }

    func makeQuickAdd(context: QuickAddContext) -> QuickAddViewModel {
        QuickAddViewModel(store: store, source: StoreQuickAddOptions(store: store, today: today), context: context)
    }

    private func projects() async throws -> [Project] { try await store.projects() }

    private func fill(_ form: ItemFormViewModel, from fields: FormData) {
        form.title = fields["title"] ?? ""
        form.details = fields["details"] ?? ""
        form.dueDate = fields["dueDate"] ?? ""
        form.locationName = fields["locationName"] ?? ""
        form.latitude = fields["latitude"] ?? ""
        form.longitude = fields["longitude"] ?? ""
        form.projectName = fields["project"] ?? ""
        form.estimate = fields["estimate"] ?? ""
        form.repeatDays = Set(fields.all("repeat").compactMap(Weekday.init(rawValue:)))
    }

    /// Saves the form: back to `returnTo` on success; the form again, input kept, with the
    /// reason on failure; a conflict page when the item changed meanwhile.
    private func save(_ form: ItemFormViewModel, from: String, returnTo: String) async throws -> Response {
        do {
            try await form.save()
            return WebFormat.redirect(to: returnTo)
        } catch TodoStoreError.versionConflict(let current) {
            return WebFormat.html(TodoPages.conflict(mine: form, current: current, from: from), status: .conflict)
        } catch let error as TodoStorageError {
            throw PageError.from(error)
        } catch TodoPresentationError.itemNotFound {
            throw PageError.from(TodoPresentationError.itemNotFound)
        } catch {
            let message = (error as? any LocalizedError)?.errorDescription ?? "That didn't work."
            return WebFormat.html(
                TodoPages.form(form, projects: try await projects(), from: from, error: message),
                status: .unprocessableContent)
        }
    }

    private func quickAddContext(_ project: String?, _ due: String?) -> QuickAddContext {
        if let project, !project.isEmpty { return .project(project) }
        if let date = due.flatMap(CalendarDate.init(iso:)) { return .dueDate(date) }
        return .none
    }

    private func itemID(_ context: BasicRequestContext) throws -> UUID {
        let text = try context.parameters.require("id")
        guard let id = UUID(uuidString: text) else {
            throw PageError(.notFound, "That item doesn't exist (it may have been deleted).")
        }
        return id
    }

    /// Runs a page handler, turning errors into error pages.
    private func page(_ body: () async throws -> Response) async throws -> Response {
        do {
            return try await body()
        } catch {
            throw PageError.from(error)
        }
    }
}

import ComicsCore
import ComicsPresentation
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import WebUI

/// The two pages. Each route answers its first screen (a spinner, LOADING-1/3) to a plain request,
/// and its loaded state — whole, or as the `#page` fragment the script swaps in — to a request that
/// asks for it (``PageRequest``). Both come from the same template and the same ViewModel.
struct ComicsPagesController: Sendable {
    let source: any ComicsSource
    let logger: Logger
    let views: ComicsViews
    var options = ComicsLoadOptions()

    /// The most pages one address loads (`?page=50` is 5,000 Metron issues).
    static let maxPage = 50

    func register(on router: Router<BasicRequestContext>) {
        router.get("/", use: list)
        router.get("/comics/:id", use: characters)
    }

    /// GET `/`: the comics grouped by first letter (COMICS-1..3).
    /// `?q=TEXT` searches (COMICS-FIND-2), `?page=K` shows pages 1 through K (COMICS-PAGE-3).
    @Sendable func list(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let language = LanguageChoice.of(request)
        let title = ComicsViews.strings(language)("comics.site.name")
        var searching = self.options
        searching.search = TitleSearch.normalized(request.formQueryValue("q"))
        let options = searching
        let pages = min(Self.maxPage, max(1, request.uri.queryParameters["page"].flatMap { Int(String($0)) } ?? 1))
        guard PageRequest.wantsLoaded(request) else {
            let viewModel = ComicsListViewModel(source: source, options: options, language: language)
            let page = ComicsListPage(viewModel, pages: pages, frame: views.frame(title: title, loading: true, request: request))
            return views.page(page, "comics")
        }
        let source = self.source, logger = self.logger, views = self.views
        return try await whileConnected(request) {
            let viewModel = ComicsListViewModel(
                source: source, options: options, language: language, reportFailure: report("comics", logger))
            await viewModel.load(through: pages)
            let page = ComicsListPage(
                viewModel, pages: pages, frame: views.frame(title: title, loading: false, scripts: true, request: request))
            return views.page(page, "comics", status: viewModel.state.errorMessage == nil ? .ok : .badGateway)
        }
    }

    /// GET `/comics/:id`: a comic's characters under its name (CHARACTERS-1..3, TITLE-1).
    @Sendable func characters(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let language = LanguageChoice.of(request)
        guard let id = context.parameters.get("id", as: Int.self) else {
            throw HTTPError(.notFound, message: ComicsMessages.charactersUnavailable(language))
        }
        let options = self.options
        guard PageRequest.wantsLoaded(request) else {
            let viewModel = CharactersViewModel(comicID: id, source: source, options: options, language: language)
            let frame = views.frame(title: CharactersPage.title(viewModel), loading: true, request: request)
            return views.page(CharactersPage(viewModel, frame: frame), "characters")
        }
        let source = self.source, logger = self.logger, views = self.views
        return try await whileConnected(request) {
            let viewModel = CharactersViewModel(
                comicID: id, source: source, options: options, language: language,
                reportFailure: report("characters of comic \(id)", logger))
            await viewModel.load()
            let frame = views.frame(title: CharactersPage.title(viewModel), loading: false, request: request)
            let status: HTTPResponse.Status =
                viewModel.isNotFound ? .notFound : viewModel.state.errorMessage == nil ? .ok : .badGateway
            return views.page(CharactersPage(viewModel, frame: frame), "characters", status: status)
        }
    }
}

/// The JSON of the same ViewModels, for other programs (the pages don't use it).
struct ComicsAPIController: Sendable {
    let source: any ComicsSource
    let logger: Logger

    func register(on router: Router<BasicRequestContext>) {
        router.get("/api/comics", use: comics)
        router.get("/api/comics/:id/characters", use: characters)
    }

    /// GET `/api/comics`: `{"groups":[{"comics":[{"id":…,"title":…}],"letter":…}]}`.
    @Sendable func comics(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let source = self.source, logger = self.logger
        return try await whileConnected(request) {
            let viewModel = ComicsListViewModel(source: source, reportFailure: report("comics", logger))
            await viewModel.load()
            if let snapshot = viewModel.snapshot { return ComicsJSONResponse.make(snapshot) }
            return ComicsJSONResponse.error(viewModel.errorMessage ?? ComicsMessages.comicsUnreadable, status: .badGateway)
        }
    }

    /// GET `/api/comics/:id/characters`: `{"characters":[{"id":…,"name":…}],"title":…}`.
    @Sendable func characters(_ request: Request, context: BasicRequestContext) async throws -> Response {
        guard let id = context.parameters.get("id", as: Int.self) else {
            throw HTTPError(.notFound, message: ComicsMessages.charactersUnavailable)
        }
        let source = self.source, logger = self.logger
        return try await whileConnected(request) {
            let viewModel = CharactersViewModel(
                comicID: id, source: source, reportFailure: report("characters of comic \(id)", logger))
            await viewModel.load()
            if let snapshot = viewModel.snapshot { return ComicsJSONResponse.make(snapshot) }
            return ComicsJSONResponse.error(
                viewModel.errorMessage ?? ComicsMessages.charactersUnavailable, status: .badGateway)
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
func whileConnected(_ request: Request, _ work: @escaping @Sendable () async -> Response) async throws -> Response {
    var response = try await request.body.consumeWithCancellationOnInboundClose { _ in await work() }
    response.headers[.connection] = "close"
    return response
}

/// Logs a failed load with its detail; the page shows the ViewModel's sentence.
func report(_ what: String, _ logger: Logger) -> @Sendable (ComicsSourceError) -> Void {
    { error in logger.warning("loading \(what) failed: \(error)") }
}

/// JSON answers, in the app's one encoding (``ComicsJSON``).
enum ComicsJSONResponse {
    struct ErrorBody: Encodable { let error: String }

    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        let text = (try? ComicsJSON.text(value)) ?? #"{"error":"encoding failed"}"#
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func error(_ message: String, status: HTTPResponse.Status) -> Response {
        make(ErrorBody(error: message), status: status)
    }
}

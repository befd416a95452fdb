import ComicsCore
import ComicsPresentation
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import WebUI

/// The comics pages' templates and assets, loaded once when the router is built.
struct ComicsViews: Sendable {
    let templates: PageTemplates
    let assets: AssetCatalog

    /// The pages' own words (`Resources/*/Comics.strings`), read once; the language is chosen per request.
    static let catalog: Catalog = {
        do { return try Catalog(bundle: .module) } catch { preconditionFailure("\(error)") }
    }()

    /// The pages' words in `language`.
    static func strings(_ language: Language) -> Strings { catalog.strings(language) }

    init() throws {
        let resources = Bundle.module.resourceURL!
        templates = try PageTemplates(
            directories: [resources.appendingPathComponent("templates")], catalogs: [Self.catalog, ComicsWords.catalog])
        assets = try AssetCatalog(directories: [resources.appendingPathComponent("assets")])
    }

    /// The frame of every comics page. A page still loading carries the scripts that fetch its loaded
    /// state; a loaded page needs none.
    /// The list keeps its scripts when loaded (`scripts: true`): they load more near its end.
    /// It is in the request's language (LANG-1, LANG-2), and the switcher comes back to its address.
    func frame(title: String, loading: Bool, scripts: Bool = false, request: Request) -> PageFrame {
        PageFrame(
            title: title, stylesheets: [assets.path("webui.css"), assets.path("comics.css")],
            scripts: loading || scripts ? [assets.path("webui.js"), assets.path("comics.js")] : [],
            icon: assets.path("comics-icon.svg"), fragment: PageFragment.isRequested(by: request),
            language: LanguageChoice.of(request), here: request.pathAndQuery)
    }

    /// The rendered page in its frame's language, `no-store` and varying with the fragment header
    /// and the language.
    func page(_ value: some ComicsPageValue, _ template: String, status: HTTPResponse.Status = .ok) -> Response {
        Response.html(templates.render(value, template, language: value.frame.language), status: status)
    }
}

/// How a page is asked for: as the first screen (a spinner that fetches the loaded page), or loaded —
/// by the script (the `X-Page-Fragment` header) or without JavaScript (`?render=server`, which the first
/// screen's `<noscript>` refresh goes to).
enum PageRequest {
    static let loadedQuery = "render=server"

    static func wantsLoaded(_ request: Request) -> Bool {
        PageFragment.isRequested(by: request) || request.uri.queryParameters["render"] == "server"
    }
}

// MARK: - View values (what the templates read; stored properties only, Mustache reads them by Mirror)

/// A page's view value: the frame says which language it is rendered in.
protocol ComicsPageValue {
    var frame: PageFrame { get }
}

/// The comics list page (`comics.mustache`), from a ``ComicsListViewModel`` before or after `load()`.
struct ComicsListPage: ComicsPageValue {
    struct Group {
        let letter: String
        /// The section's id and the index link's target: `group-A`, `group-other` for "#".
        let anchor: String
        /// `A`, or `other` for "#", in test ids.
        let testID: String
        let label: String
        let comics: [Row]
    }

    struct Row {
        let id: Int
        let title: String
        let href: String
        /// COMICS-PLACE-1: `page-K` on the first comic of page K (K > 1), where "Load more" lands.
        let pageMark: String?
    }

    let frame: PageFrame
    /// LOADING-1: the first screen, before the comics are loaded.
    let loading: Bool
    /// Where a browser without JavaScript finds the loaded page.
    let loadedAddress: String
    let errorMessage: String?
    /// COMICS-MSG-4: the same address again.
    let retryAddress: String?
    /// COMICS-COPY-2: "Showing the copy from DATE".
    let copyNotice: String?
    /// COMICS-FIND-2: the text searched for (the field's value).
    let searchText: String
    /// COMICS-FIND-2: nothing matched the search.
    let noResults: String?
    /// COMICS-PAGE-3: "Showing 100 of 5,000 comics." and the address of one more page.
    let countSummary: String?
    let loadMoreAddress: String?
    let groups: [Group]
    let hasGroups: Bool
    let attribution: String

    init(_ viewModel: ComicsListViewModel, pages: Int = 1, frame: PageFrame) {
        self.frame = frame
        let strings = ComicsViews.strings(frame.language)
        loading = viewModel.state == .idle || viewModel.state.isLoading
        let search = viewModel.options.search
        searchText = search ?? ""
        loadedAddress = Self.address(search: search, page: pages, loaded: true)
        errorMessage = viewModel.errorMessage
        retryAddress = viewModel.canRetry ? loadedAddress : nil
        copyNotice = viewModel.copyNotice
        if let search, viewModel.state.value == [] {
            noResults = strings("comics.list.no-results", ["search": search])
        } else {
            noResults = nil
        }
        countSummary = viewModel.countSummary
        loadMoreAddress = viewModel.hasMore && viewModel.state.value != nil
            ? Self.address(search: search, page: viewModel.lastPage + 1, loaded: true) + "#page-\(viewModel.lastPage + 1)"
            : nil
        let pageStarts = viewModel.pageStarts
        groups = viewModel.groups.map { group in
            let testID = group.letter == TitleOrdering.otherGroup ? "other" : group.letter
            return Group(
                letter: group.letter, anchor: "group-" + testID, testID: testID,
                label: group.letter == TitleOrdering.otherGroup
                    ? strings("comics.group.label-other") : strings("comics.group.label", ["letter": group.letter]),
                comics: group.comics.map { comic in
                    Row(id: comic.id, title: comic.title, href: "/comics/\(comic.id)", pageMark: pageStarts[comic.id].map { "page-\($0)" })
                })
        }
        hasGroups = !groups.isEmpty
        attribution = viewModel.attribution
    }

    /// `/?q=…&page=K&render=server`: the list's address, with only the parts that differ from the default.
    static func address(search: String?, page: Int, loaded: Bool) -> String {
        var components = URLComponents()
        components.path = "/"
        var items: [URLQueryItem] = []
        if let search { items.append(URLQueryItem(name: "q", value: search)) }
        if page > 1 { items.append(URLQueryItem(name: "page", value: String(page))) }
        if loaded { items.append(URLQueryItem(name: "render", value: "server")) }
        components.queryItems = items.isEmpty ? nil : items
        // `+` is a space in a form's query: spell it out so it stays a plus.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.string ?? "/"
    }
}

/// A comic's characters page (`characters.mustache`), from a ``CharactersViewModel``.
struct CharactersPage: ComicsPageValue {
    let frame: PageFrame
    /// LOADING-3: the first screen, before the characters are loaded.
    let loading: Bool
    let loadedAddress: String
    /// TITLE-1: the comic's name once known.
    let heading: String
    let errorMessage: String?
    /// COMICS-MSG-4: the same address again.
    let retryAddress: String?
    /// COMICS-COPY-2: "Showing the copy from DATE".
    let copyNotice: String?
    let loaded: Bool
    let names: [String]
    let hasNames: Bool
    let attribution: String

    init(_ viewModel: CharactersViewModel, frame: PageFrame) {
        self.frame = frame
        loading = viewModel.state == .idle || viewModel.state.isLoading
        loadedAddress = "/comics/\(viewModel.comicID)?" + PageRequest.loadedQuery
        heading = viewModel.title ?? ComicsViews.strings(frame.language)("comics.characters.heading")
        errorMessage = viewModel.errorMessage
        retryAddress = viewModel.canRetry ? loadedAddress : nil
        copyNotice = viewModel.copyNotice
        loaded = viewModel.state.value != nil
        names = viewModel.characterNames
        hasNames = !names.isEmpty
        attribution = viewModel.attribution
    }

    /// The document title: the comic's name (TITLE-1), or the page's name while it is not known.
    static func title(_ viewModel: CharactersViewModel) -> String {
        viewModel.title ?? ComicsViews.strings(viewModel.language)("comics.characters.title")
    }
}

/// A page for a request that went wrong (`error.mustache`), from the error middleware.
struct ErrorPage: ComicsPageValue {
    let frame: PageFrame
    let heading: String
    let message: String
    let attribution: String

    init(frame: PageFrame, heading: String, message: String) {
        self.frame = frame
        self.heading = heading
        self.message = message
        attribution = ComicsMessages.attribution(frame.language)
    }
}

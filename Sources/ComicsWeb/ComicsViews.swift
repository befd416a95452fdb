import ComicsCore
import ComicsPresentation
import Foundation
import HTTPTypes
import Hummingbird
import WebUI

/// The comics pages' templates and assets, loaded once when the router is built.
struct ComicsViews: Sendable {
    let templates: PageTemplates
    let assets: AssetCatalog

    init() throws {
        let resources = Bundle.module.resourceURL!
        templates = try PageTemplates(directories: [resources.appendingPathComponent("templates")])
        assets = try AssetCatalog(directories: [resources.appendingPathComponent("assets")])
    }

    /// The frame of every comics page. A page still loading carries the scripts that fetch its loaded
    /// state; a loaded page needs none.
    func frame(title: String, loading: Bool, request: Request) -> PageFrame {
        PageFrame(
            title: title, stylesheets: [assets.path("webui.css"), assets.path("comics.css")],
            scripts: loading ? [assets.path("webui.js"), assets.path("comics.js")] : [],
            icon: assets.path("comics-icon.svg"), fragment: PageFragment.isRequested(by: request))
    }

    /// The rendered page, `no-store` and varying with the fragment header.
    func page(_ value: Any, _ template: String, status: HTTPResponse.Status = .ok) -> Response {
        Response.html(templates.render(value, template), status: status)
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

/// The comics list page (`comics.mustache`), from a ``ComicsListViewModel`` before or after `load()`.
struct ComicsListPage {
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
    }

    let frame: PageFrame
    /// LOADING-1: the first screen, before the comics are loaded.
    let loading: Bool
    /// Where a browser without JavaScript finds the loaded page.
    let loadedAddress: String
    let errorMessage: String?
    let groups: [Group]
    let hasGroups: Bool
    let attribution: String

    init(_ viewModel: ComicsListViewModel, frame: PageFrame) {
        self.frame = frame
        loading = viewModel.state == .idle || viewModel.state.isLoading
        loadedAddress = "/?" + PageRequest.loadedQuery
        errorMessage = viewModel.errorMessage
        groups = viewModel.groups.map { group in
            let testID = group.letter == TitleOrdering.otherGroup ? "other" : group.letter
            return Group(
                letter: group.letter, anchor: "group-" + testID, testID: testID,
                label: group.letter == TitleOrdering.otherGroup
                    ? "Comics starting with a digit or a symbol" : "Comics starting with \(group.letter)",
                comics: group.comics.map { Row(id: $0.id, title: $0.title, href: "/comics/\($0.id)") })
        }
        hasGroups = !groups.isEmpty
        attribution = viewModel.attribution
    }
}

/// A comic's characters page (`characters.mustache`), from a ``CharactersViewModel``.
struct CharactersPage {
    let frame: PageFrame
    /// LOADING-3: the first screen, before the characters are loaded.
    let loading: Bool
    let loadedAddress: String
    /// TITLE-1: the comic's name once known.
    let heading: String
    let errorMessage: String?
    let loaded: Bool
    let names: [String]
    let hasNames: Bool
    let attribution: String

    init(_ viewModel: CharactersViewModel, frame: PageFrame) {
        self.frame = frame
        loading = viewModel.state == .idle || viewModel.state.isLoading
        loadedAddress = "/comics/\(viewModel.comicID)?" + PageRequest.loadedQuery
        heading = viewModel.title ?? CharactersPage.untitled
        errorMessage = viewModel.errorMessage
        loaded = viewModel.state.value != nil
        names = viewModel.characterNames
        hasNames = !names.isEmpty
        attribution = viewModel.attribution
    }

    static let untitled = "Characters"

    /// The document title: the comic's name (TITLE-1), or the page's name while it is not known.
    static func title(_ viewModel: CharactersViewModel) -> String {
        viewModel.title ?? "Characters · Marvel Comics"
    }
}

/// A page for a request that went wrong (`error.mustache`), from the error middleware.
struct ErrorPage {
    let frame: PageFrame
    let heading: String
    let message: String
    let attribution = Attribution.marvel
}

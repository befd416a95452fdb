import Foundation
import HTTPTypes
import Hummingbird
import Localization
import TodoCore
import TodoPresentation
import WebUI

/// A list's settings page with accounts (SHARE-8): `/projects/NAME/settings` shows whom the list
/// is shared with; its forms share it and stop sharing it. The owner only: a person the list is
/// shared with gets 403 with a sentence, anyone else 404, as for a list that doesn't exist.
struct SharingController: Sendable {
    let web: AccountsWeb
    let views: TodoViews

    func register(on router: Router<TodoRequestContext>) {
        router.get("/projects/:name/settings", use: page)
        router.post("/projects/:name/share", use: share)
        router.post("/projects/:name/unshare", use: unshare)
    }

    struct ShareForm: Decodable {
        var person: String?
        var role: String?
    }

    /// The signed-in person's own list named in the address, or the refusal.
    private func ownList(_ request: Request, _ context: TodoRequestContext) async throws -> (owner: String, list: String) {
        guard let person = context.identity else { throw AccountsWeb.unauthorized }
        let lists = person.lists
        let raw = try context.parameters.require("name")
        let name = raw.removingPercentEncoding ?? raw
        if let shared = lists.sharedList(named: name) {
            let language = LanguageChoice.of(request)
            throw PageError(.forbidden) { _ in
                SharingWording.ownerOnly(owner: shared.share.owner.name, list: shared.share.list, language)
            }
        }
        guard try await lists.own.projects().contains(Project(name: name)) else {
            throw PageError(.notFound, key: "error.no-page")
        }
        return (person.account.name, name)
    }

    private func render(
        _ request: Request, _ context: TodoRequestContext, list: String, owner: String, message: String? = nil, form: ShareForm? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let language = LanguageChoice.of(request)
        let model = ListSharingViewModel(
            list: list, shares: try await web.sharing.shares(of: owner), message: message, person: form?.person ?? "",
            role: form?.role.flatMap(ShareRole.init(rawValue:)) ?? .viewer, language: language)
        var frame = views.frame(model.title, request, context.account)
        frame.here = Self.path(list, "settings")
        return views.page(ListSettingsPageView(model, frame: frame), status: status)
    }

    static func path(_ list: String, _ action: String) -> String {
        TodoPaths.list(.project(list)) + "/" + action
    }

    @Sendable func page(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let (owner, list) = try await ownList(request, context)
        return try await render(request, context, list: list, owner: owner)
    }

    @Sendable func share(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let (owner, list) = try await ownList(request, context)
        let form = try await WebFormat.form(ShareForm.self, of: request)
        let language = LanguageChoice.of(request)
        guard let role = form.role.flatMap(ShareRole.init(rawValue:)) else {
            return try await render(
                request, context, list: list, owner: owner, message: SharingWording.badRole(language), form: form,
                status: .unprocessableContent)
        }
        do {
            try await web.sharing.share(
                list: list, owner: owner, with: (form.person ?? "").trimmingCharacters(in: .whitespaces), role: role)
        } catch let error where SharingWording.sentence(for: error, language) != nil {
            return try await render(
                request, context, list: list, owner: owner, message: SharingWording.sentence(for: error, language), form: form,
                status: .unprocessableContent)
        }
        return WebFormat.redirect(to: Self.path(list, "settings"))
    }

    @Sendable func unshare(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let (owner, list) = try await ownList(request, context)
        let form = try await WebFormat.form(ShareForm.self, of: request)
        do {
            try await web.sharing.unshare(list: list, owner: owner, with: form.person ?? "")
        } catch let error where SharingWording.sentence(for: error, LanguageChoice.of(request)) != nil {
            return try await render(
                request, context, list: list, owner: owner, message: SharingWording.sentence(for: error, LanguageChoice.of(request)),
                status: .unprocessableContent)
        }
        return WebFormat.redirect(to: Self.path(list, "settings"))
    }
}

struct ListSettingsPageView: PageView {
    struct Row {
        let person: String
        let removeLabel: String
        let unshareAction: String
        /// The role's control next to the name (WEB-13): its id, name and choices.
        let index: Int
        let roleLabel: String
        let roles: [Choice]
    }

    struct Choice {
        let value: String
        let label: String
        let selected: Bool
    }

    static let template = "list-settings"
    let frame: PageFrame
    let title: String
    let list: String
    let back: String
    let rows: [Row]
    let hasRows: Bool
    let message: String?
    let person: String
    let viewer: Bool
    let shareAction: String

    init(_ model: ListSharingViewModel, frame: PageFrame) {
        self.frame = frame
        title = model.title
        list = model.list
        back = TodoPaths.list(.project(model.list))
        let unshare = SharingController.path(model.list, "unshare")
        let choices = model.roleChoices
        rows = model.rows.enumerated().map { index, row in
            Row(
                person: row.person, removeLabel: row.removeLabel, unshareAction: unshare, index: index,
                roleLabel: row.roleLabel,
                roles: choices.map { Choice(value: $0.role.rawValue, label: $0.label, selected: $0.role == row.role) })
        }
        hasRows = !rows.isEmpty
        message = model.message
        person = model.person
        viewer = model.role == .viewer
        shareAction = SharingController.path(model.list, "share")
    }
}

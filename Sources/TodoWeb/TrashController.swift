import Foundation
import HTTPTypes
import Hummingbird
import Localization
import TodoCore
import TodoPresentation
import WebUI

/// The Trash on the web (docs/specs/trash.md): the page `/trash` with Restore and Delete forever
/// per row, Empty trash behind a confirmation page, and the Undo of the notice a list shows
/// right after a delete. Every action is a plain form (POST, 303 back); with the script, in place.
struct TrashController: Sendable {
    let page: PageContext
    let now: @Sendable () -> Date

    func register(on router: Router<TodoRequestContext>) {
        router.get("/trash", use: trash)
        router.get("/trash/empty", use: confirmEmpty)
        router.post("/trash/empty", use: empty)
        router.post("/trash/:id/restore", use: restore)
        router.post("/trash/:id/delete", use: deleteForever)
    }

    @Sendable func trash(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let trash = try TrashViewModel(store: page.store(context), now: now, language: LanguageChoice.of(request))
        try await trash.load()
        return page.views.page(TrashPageView(trash, frame: page.views.frame(trash.title, request, context.account)))
    }

    @Sendable func confirmEmpty(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let trash = try TrashViewModel(store: page.store(context), now: now, language: LanguageChoice.of(request))
        try await trash.load()
        return page.views.page(TrashEmptyPageView(trash, frame: page.views.frame(trash.emptyTrashTitle, request, context.account)))
    }

    /// Only the confirmation page's form posts here (TRASH-10).
    @Sendable func empty(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        try await TrashViewModel(store: page.store(context), now: now).emptyTrash()
        return page.back(to: "/trash")
    }

    /// Undo, and the Trash page's Restore. An item no longer in the Trash (restored in another
    /// tab, deleted forever) is no error: the page it comes back to shows how things are (UNDO-4).
    @Sendable func restore(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let id = try itemID(context)
        let fields = try await WebFormat.form(RowActionForm.self, of: request)
        do {
            try await TrashViewModel(store: page.store(context), now: now).restore(id: id)
        } catch TrashError.notInTrash {}
        return NoticeCookie.undo.cleared(page.back(to: fields.from ?? "/trash"))
    }

    @Sendable func deleteForever(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let id = try itemID(context)
        let fields = try await WebFormat.form(RowActionForm.self, of: request)
        do {
            try await TrashViewModel(store: page.store(context), now: now).deleteForever(id: id)
        } catch TrashError.notInTrash {}
        return page.back(to: fields.from ?? "/trash")
    }

    private func itemID(_ context: TodoRequestContext) throws -> UUID {
        let text = try context.parameters.require("id")
        guard let id = UUID(uuidString: text) else { throw PageError(.notFound) { TrashError.notInTrash.message($0) } }
        return id
    }
}

/// An item's id carried from an action to the list page it redirects to, which shows a notice
/// about it once: a short-lived cookie, so the list's address (and, in place, the scroll
/// position) stays as it was. `undo`: the last deleted item (UNDO-1); `offer`: the parent a check
/// offers to check too (SUB-9).
struct NoticeCookie: Sendable {
    let name: String

    static let undo = NoticeCookie(name: "undo")
    static let offer = NoticeCookie(name: "offer")
    /// A write refused on a list shared to read only (SHARE-14): the list's name.
    static let refused = NoticeCookie(name: "refused")

    /// `response` (the action's redirect) carrying `id`.
    func setting(_ id: UUID, on response: Response) -> Response { setting(value: id.lowercasedText, on: response) }

    /// `response` carrying `value` for a minute, to this site's pages only.
    private func setting(value: String, on response: Response) -> Response {
        var response = response
        response.setCookie(Cookie(name: name, value: value, maxAge: 60, path: "/", httpOnly: true, sameSite: .lax))
        return response
    }

    /// `response` telling the browser to forget the cookie.
    func cleared(_ response: Response) -> Response {
        var response = response
        response.setCookie(Cookie(name: name, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .lax))
        return response
    }

    /// The id the request's cookie carries, if it carries one.
    func id(_ request: Request) -> UUID? {
        request.cookies[name].flatMap { UUID(text: $0.value.lowercased()) }
    }

    /// Whether the request carries the cookie (then the page answering it clears it).
    func isSet(_ request: Request) -> Bool { request.cookies[name] != nil }

    /// `response` (the refused write's redirect) carrying the name of the list that refused it,
    /// percent-encoded down to ASCII letters and digits (a cookie's value is ASCII; `家` is not).
    func setting(list: String, on response: Response) -> Response {
        setting(value: list.addingPercentEncoding(withAllowedCharacters: Self.asciiAlphanumerics) ?? "", on: response)
    }

    private static let asciiAlphanumerics = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

    /// The sentence of the refusal the request's cookie carries (SHARE-14), in the request's
    /// language; nil without one. Only a name of a list shared with the person to read only is
    /// ever said: a cookie made by hand names nothing else.
    static func refusal(_ request: Request, store: any TodoStore) -> String? {
        guard let list = request.cookies[refused.name]?.value.removingPercentEncoding, store.access(toList: list).isViewOnly
        else { return nil }
        return SharingWording.sentence(for: TodoAccessError.readOnly(list: list), LanguageChoice.of(request))
    }

    /// The Undo notice for the id the request's cookie carries, when that item is still in the
    /// Trash, in the request's language.
    static func undoNotice(_ request: Request, store: any TodoStore) async throws -> UndoNotice? {
        guard let id = undo.id(request) else { return nil }
        return try await UndoNotice.load(id: id, store: store, language: LanguageChoice.of(request))
    }

    /// The offer for the parent the request's cookie names, while it still holds (SUB-9), in the
    /// request's language.
    static func subtaskOffer(_ request: Request, store: any TodoStore) async throws -> SubtaskOffer? {
        guard let id = offer.id(request) else { return nil }
        return try await SubtaskOffer.load(parent: id, store: store, language: LanguageChoice.of(request))
    }
}

/// The Undo notice, as `undo-notice.mustache` shows it.
struct UndoNoticeView: Hashable {
    let id: String
    let message: String
    let actionTitle: String
    let actionLabel: String
    let announcement: String
    let seconds: Int
    let from: String

    init(_ notice: UndoNotice, from: String) {
        id = notice.id.lowercasedText
        message = notice.message
        actionTitle = notice.actionTitle
        actionLabel = notice.actionLabel
        announcement = notice.restoredAnnouncement
        seconds = UndoNotice.seconds
        self.from = from
    }
}

struct TrashPageView: PageView {
    static let template = "trash"
    struct Row {
        let id, title, deleted, remaining, restoreLabel, restoreAnnouncement: String
        let deleteForeverLabel, deleteForeverAnnouncement: String
    }
    let frame: PageFrame
    let title: String
    let explanation: String
    let isEmpty: Bool
    let emptyMessage: String
    let emptyTrashTitle: String
    let rows: [Row]

    init(_ trash: TrashViewModel, frame: PageFrame) {
        self.frame = frame
        title = trash.title
        explanation = trash.explanation
        isEmpty = trash.isEmpty
        emptyMessage = trash.emptyMessage
        emptyTrashTitle = trash.emptyTrashTitle
        rows = trash.rows.map {
            Row(
                id: $0.id.lowercasedText, title: $0.title, deleted: $0.deletedText, remaining: $0.remainingText,
                restoreLabel: $0.restoreLabel, restoreAnnouncement: $0.restoreAnnouncement,
                deleteForeverLabel: $0.deleteForeverLabel, deleteForeverAnnouncement: $0.deleteForeverAnnouncement)
        }
    }
}

struct TrashEmptyPageView: PageView {
    static let template = "trash-empty"
    let frame: PageFrame
    let title: String
    let isEmpty: Bool
    let emptyMessage: String
    let question: String
    let detail: String
    let confirmTitle: String
    let cancelTitle: String

    init(_ trash: TrashViewModel, frame: PageFrame) {
        self.frame = frame
        title = trash.emptyTrashTitle
        isEmpty = trash.isEmpty
        emptyMessage = trash.emptyMessage
        question = trash.confirmEmptyQuestion
        detail = trash.confirmEmptyDetail
        confirmTitle = trash.emptyTrashTitle
        cancelTitle = trash.cancelTitle
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import Localization
import TodoCore
import TodoPresentation
import WebUI

/// What every page controller needs: the store, the clock, and the renderer.
struct PageContext: Sendable {
    let stores: RequestStore
    /// The list this request reads and changes (`RequestStore`).
    func store(_ context: TodoRequestContext) throws -> any TodoStore { try stores.current(context) }
    let clock: RequestClock
    let views: TodoViews
    /// The database's record of changes, whose newest id tells whether a kept page is still
    /// the page (LIVE-17); nil: no page is kept.
    let changes: (any ChangeRecord)?
    /// What "today" is for the request's person (TIME-6).
    func today(_ context: TodoRequestContext) -> @Sendable () -> CalendarDate { clock.today(context) }

    func quickAdd(
        _ context: QuickAddContext, language: Language = .english, for request: TodoRequestContext
    ) throws -> QuickAddViewModel {
        let store = try self.store(request)
        return QuickAddViewModel(
            store: store, source: StoreQuickAddOptions(store: store, today: today(request), language: language), context: context,
            today: today(request), language: language)
    }

    /// After a form action: back to the page it was made on (POST-redirect-GET). An in-place
    /// request follows the redirect with its fragment header and gets that page's fragment.
    func back(to from: String?) -> Response { WebFormat.redirect(to: WebFormat.localPath(from)) }

    /// `write`'s answer, or, when a list shared to read only refused it, back to `from`, which
    /// then says so once (SHARE-14): never an error page in place of the list.
    func refusingViewOnly(back from: String?, _ write: () async throws -> Response) async throws -> Response {
        do {
            return try await write()
        } catch TodoAccessError.readOnly(let list) {
            return NoticeCookie.refused.setting(list: list, on: back(to: from))
        }
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

/// The lists: all items, Today, a project, a due date; and the unfinished-only switch.
struct ListController: Sendable {
    let page: PageContext
    /// Rows of each section on one page of a list.
    static let rowsPerSection = 50

    func register(on router: Router<TodoRequestContext>) {
        router.get("/", use: all)
        router.get("/today", use: today)
        router.get("/projects/:name", use: project)
        router.get("/due/:date", use: dueDate)
        router.get("/tags/:name", use: tag)
        router.get("/tags", use: tags)
        router.get("/search", use: search)
        router.get("/overdue", use: overdue)
        router.post("/preferences/unfinished", use: setUnfinishedOnly)
    }

    @Sendable func all(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        try await list(.all, request, context)
    }

    @Sendable func today(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        try await list(.today, request, context)
    }

    @Sendable func project(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let raw = try context.parameters.require("name")
        let name = raw.removingPercentEncoding ?? raw
        guard !TodoFilter.holdsNUL(name) else { throw PageError(.badRequest, key: "error.project-nul") }
        return try await list(.project(name), request, context)
    }

    /// `/tags/NAME` (TAG-12): the items with the tag; one no item has is an empty list.
    @Sendable func tag(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let raw = try context.parameters.require("name")
        let name = raw.removingPercentEncoding ?? raw
        guard !TodoFilter.holdsNUL(name) else { throw PageError(.badRequest, key: "error.project-nul") }
        return try await list(.tag(name), request, context)
    }

    /// `/tags` (TAG-16): the tags in use, each a link to its page.
    @Sendable func tags(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let tags = try await TagsViewModel(store: page.store(context), language: LanguageChoice.of(request))
        return page.views.page(TagsPageView(tags, frame: page.views.frame(tags.title, request, context.account)))
    }

    @Sendable func dueDate(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let raw = try context.parameters.require("date")
        let text = raw.removingPercentEncoding ?? raw
        guard let date = CalendarDate(iso: text) else {
            throw PageError(.notFound, key: "error.not-a-date", ["text": text])
        }
        return try await list(.dueDate(date), request, context)
    }

    /// `/search?q=TEXT` (FIND-8): the matching items as a list; a blank query is the whole list.
    @Sendable func search(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let text = (request.formQueryValue("q") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return WebFormat.redirect(to: "/") }
        guard text.count <= TodoFilter.maxTextLength else {
            throw PageError(.badRequest, key: "error.search-too-long", ["max": String(TodoFilter.maxTextLength)])
        }
        guard !TodoFilter.holdsNUL(text) else { throw PageError(.badRequest, key: "error.search-nul") }
        return try await list(.search(text), request, context)
    }

    @Sendable func overdue(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        try await list(.overdue, request, context)
    }

    @Sendable func setUnfinishedOnly(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let form = try await WebFormat.form(PreferenceForm.self, of: request)
        var response = page.back(to: form.from)
        response.setCookie(Cookie(
            name: CookiePreferences.cookieName, value: form.on == "1" ? "1" : "0",
            maxAge: 365 * 24 * 3600, path: "/", httpOnly: true, sameSite: .lax))
        return response
    }

    private func list(_ scope: ListScope, _ request: Request, _ context: TodoRequestContext) async throws -> Response {
        // A name as shared lists have (`OWNER/LIST`) that is neither shared with the person nor
        // a list of their own is another person's: 404, so that a page left open on a list no
        // longer shared says so (LIVE-10) instead of showing an empty list by that name.
        if case .project(let name) = scope, let lists = context.identity?.lists, name.contains("/"), lists.sharedList(named: name) == nil,
            try await !lists.own.projects().contains(where: { $0.name == name })
        {
            throw PageError(.notFound, key: "live.list-not-shared", ["name": name])
        }
        // Right after a delete: “Deleted “X” · Undo”, once (UNDO-1); right after a check that
        // left a parent's subtasks all done: the offer to check it too, once (SUB-9). Such a page
        // is made for its request; any other is answered as last time while nothing it shows
        // has changed (LIVE-17).
        let cookies = [NoticeCookie.undo, .offer, .refused].filter { $0.isSet(request) }
        var kept: (key: KeptPageKey, change: Int64)?
        if cookies.isEmpty, let changes = page.changes {
            let key = keptPageKey(request, context)
            let change = try await changes.latestChangeID()
            if let bytes = page.views.kept.page(for: key, change: change) { return .html(bytes) }
            kept = (key, change)
        }
        // `?sort=priority` reads each section by priority (PRIO-15); anything else, the list's own order.
        let order: ListOrder = request.uri.queryParameters.get("sort") == ListOrder.priority.rawValue ? .priority : .position
        let list = TodoListViewModel(
            store: try page.store(context), scope: scope, preferences: CookiePreferences(request), today: page.today(context),
            now: { [clock = page.clock] in clock.time(context) }, language: LanguageChoice.of(request), order: order)
        // Long lists come a page at a time (`?page=N`), so the first screen never waits for the rest.
        let number = request.uri.queryParameters.get("page").flatMap { Int($0) } ?? 1
        try await list.load(page: number, rowsPerSection: Self.rowsPerSection)
        let quickAdd: QuickAddContext = switch scope {
        case .project(let name): .project(name)
        case .today: .dueDate(page.today(context)())
        case .dueDate(let date): .dueDate(date)
        case .all, .search, .overdue, .tag: .none
        }
        var view = ListPageView(
            list, quickAdd: try page.quickAdd(quickAdd, language: LanguageChoice.of(request), for: context), today: page.today(context)(),
            frame: page.views.frame(list.title, request, context.account), views: page.views)
        if case .project(let name) = scope, let lists = context.identity?.lists, lists.sharedList(named: name) == nil,
            !list.isEmpty
        {
            view.shareHref = SharingController.path(name, "settings")
        }
        guard !cookies.isEmpty else {
            let bytes = page.views.bytes(of: view)
            if let kept { page.views.kept.keep(bytes, for: kept.key, change: kept.change) }
            return .html(bytes)
        }
        view.undo = try await NoticeCookie.undoNotice(request, store: page.store(context)).map { UndoNoticeView($0, from: view.here) }
        view.offer = try await NoticeCookie.subtaskOffer(request, store: page.store(context)).map {
            SubtaskOfferView($0, from: view.here, announcement: TodoWords.strings(list.language)("row.checked", ["title": $0.parent.title]))
        }
        view.refused = NoticeCookie.refusal(request, store: try page.store(context))
        // The list's own renderer, which remembers unchanged pages; a refused write's page says
        // so with its status (SHARE-14).
        return cookies.reduce(page.views.page(view, status: view.refused == nil ? .ok : .forbidden)) { response, cookie in
            cookie.cleared(response)
        }
    }
}

extension ListController {
    /// What the list page `request` asks for is made of besides the lists (LIVE-17).
    private func keptPageKey(_ request: Request, _ context: TodoRequestContext) -> KeptPageKey {
        KeptPageKey(
            person: context.account?.id, name: context.account?.name, zone: page.clock.zone(context).identifier,
            today: page.today(context)(), now: page.clock.time(context),
            address: request.pathAndQuery, fragment: PageFragment.isRequested(by: request),
            language: LanguageChoice.of(request), unfinishedOnly: CookiePreferences(request).showUnfinishedOnly)
    }
}

/// One item: its details, the add and edit forms, check, delete.
struct ItemController: Sendable {
    let page: PageContext

    func register(on router: Router<TodoRequestContext>) {
        router.get("/items/new", use: newForm)
        router.post("/items", use: create)
        router.get("/items/:id", use: details)
        router.get("/items/:id/edit", use: editForm)
        router.post("/items/:id", use: update)
        router.post("/items/:id/done", use: setDone)
        router.post("/items/:id/delete", use: delete)
    }

    @Sendable func newForm(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let from = WebFormat.localPath(query.get("from"))
        let form = try ItemFormViewModel(store: page.store(context), today: page.today(context), language: LanguageChoice.of(request))
        form.readsPlainWords = true  // the title's words are read on save, and shown under it (WORDS-17)
        form.wordsWinOverFields = true
        if let project = query.get("project") { form.projectName = project }
        if let due = query.get("due") { form.dueDate = due }
        if let parent = query.get("parent") { form.values.parent = parent }  // “Add a subtask” (SUB-11)
        return try await formPage(form, from: from, error: nil, request, context)
    }

    /// The "+" form, and the inline add field at the top of every list (title only, with the
    /// list's project or date as hidden fields, so the item lands in the list it was added on).
    @Sendable func create(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let fields = try await WebFormat.form(ItemForm.self, of: request)
        let form = try ItemFormViewModel(store: page.store(context), today: page.today(context), language: LanguageChoice.of(request))
        form.values = fields.values  // an add never reads "done" (EDIT-1)
        form.readsPlainWords = fields.words == "1"
        form.wordsWinOverFields = true
        return try await save(form, from: WebFormat.localPath(fields.from), request, context)
    }

    @Sendable func details(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let details = try ItemDetailViewModel(store: page.store(context), id: try itemID(context), language: LanguageChoice.of(request))
        try await details.load()
        let back = WebFormat.localPath(request.uri.queryParameters.get("from"))
        var view = DetailsPageView(details, back: back, frame: page.views.frame(details.title, request, context.account))
        // Right after a write its list refused: the sentence, once (SHARE-14).
        guard NoticeCookie.refused.isSet(request) else { return page.views.page(view) }
        view.refused = NoticeCookie.refusal(request, store: try page.store(context))
        return NoticeCookie.refused.cleared(page.views.page(view, status: view.refused == nil ? .ok : .forbidden))
    }

    @Sendable func editForm(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let id = try itemID(context), store = try page.store(context)
        let from = WebFormat.localPath(request.uri.queryParameters.get("from"))
        // A view-only item has no form: its details say why (SHARE-14).
        if let list = try await store.item(id: id)?.project?.name, store.access(toList: list).isViewOnly {
            return NoticeCookie.refused.setting(list: list, on: WebFormat.redirect(to: TodoPaths.item(id) + TodoPaths.query(from: from)))
        }
        let form = try await ItemFormViewModel.edit(store: store, id: id, today: page.today(context), language: LanguageChoice.of(request))
        return try await formPage(form, from: from, error: nil, request, context)
    }

    @Sendable func update(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let id = try itemID(context)
        let fields = try await WebFormat.form(ItemForm.self, of: request)
        guard let stored = try await page.store(context).item(id: id) else { throw TodoPresentationError.itemNotFound }
        // The form edits the version it was opened with, so a newer change is never
        // overwritten; a form without one can't be checked and changes nothing (HARDEN-10f).
        let language = LanguageChoice.of(request)
        guard let version = fields.version.flatMap({ Int($0) }) else {
            throw PageError(.badRequest, key: "error.no-version")
        }
        // With the values it showed (MERGE-1), a save over a newer version merges field by field.
        let form: ItemFormViewModel
        do {
            form = try ItemFormViewModel.reopened(
                store: page.store(context), item: stored, version: version, base: fields.baseValues, today: page.today(context),
                language: language)
        } catch {
            throw PageError(.badRequest, key: "error.unreadable-start")
        }
        form.values = fields.values
        return try await save(form, from: WebFormat.localPath(fields.from), request, context)
    }

    @Sendable func setDone(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let fields = try await WebFormat.form(RowActionForm.self, of: request)
        let item = try ItemDetailViewModel(store: page.store(context), id: itemID(context), language: LanguageChoice.of(request))
        return try await page.refusingViewOnly(back: fields.from) {
            try await item.setDone(fields.done != "0")
            // SUB-9: the page it returns to offers to check the parent too.
            guard let offer = item.offer else { return page.back(to: fields.from) }
            return NoticeCookie.offer.setting(offer.parent.id, on: page.back(to: fields.from))
        }
    }

    /// Deleting what is already gone (a second click, another tab) is no error: the list it
    /// comes back to simply no longer shows it.
    @Sendable func delete(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let id = try itemID(context)
        let fields = try await WebFormat.form(RowActionForm.self, of: request)
        return try await page.refusingViewOnly(back: fields.from) {
            do {
                try await ItemDetailViewModel(store: page.store(context), id: id).delete()
            } catch TodoPresentationError.itemNotFound {
                return page.back(to: fields.from)
            }
            return NoticeCookie.undo.setting(id, on: page.back(to: fields.from))  // the list then offers Undo
        }
    }

    private func formPage(_ form: ItemFormViewModel, from: String, error: String?, _ request: Request, _ context: TodoRequestContext,
                          status: HTTPResponse.Status = .ok) async throws -> Response {
        let store = try page.store(context)
        let parent = if let id = UUID(text: form.values.parent.lowercased()) { try await store.item(id: id) } else { TodoItem?.none }
        let view = FormPageView(
            form, projects: try await store.projectsToPutIn(), parent: parent, from: from, error: error,
            frame: page.views.frame(form.heading, request, context.account))
        return page.views.page(view, status: status)
    }

    /// Saves the form: back to `from` on success; the form again, input kept, with the
    /// reason on failure (a list shared to read only included, 403: SHARE-14); a conflict page
    /// when the item changed meanwhile.
    private func save(
        _ form: ItemFormViewModel, from: String, _ request: Request, _ context: TodoRequestContext
    ) async throws -> Response {
        do {
            try await form.save()
            return page.back(to: from)
        } catch TodoStoreError.versionConflict(let current) {
            let title = TodoViews.strings(form.language)("merge.heading")
            let view = ConflictPageView(mine: form, current: current, from: from, frame: page.views.frame(title, request, context.account))
            return page.views.page(view, status: .conflict)
        } catch let error as TodoStorageError {
            throw error
        } catch TodoPresentationError.itemNotFound {
            throw TodoPresentationError.itemNotFound
        } catch TodoAccessError.readOnly(let list) {
            let sentence = SharingWording.sentence(for: TodoAccessError.readOnly(list: list), form.language)
            return try await formPage(form, from: from, error: sentence, request, context, status: .forbidden)
        } catch {
            // The reason in the form's language (LANG-4); the JSON API keeps the English one.
            let message = form.message(for: error) ?? SharingWording.sentence(for: error, form.language)
                ?? (error as? any LocalizedError)?.errorDescription
                ?? TodoViews.strings(form.language)("form.error.failed")
            return try await formPage(form, from: from, error: message, request, context, status: .unprocessableContent)
        }
    }

    private func itemID(_ context: TodoRequestContext) throws -> UUID {
        let text = try context.parameters.require("id")
        guard let id = UUID(uuidString: text) else { throw TodoPresentationError.itemNotFound }
        return id
    }
}

/// The quick-add page (without a script), its sections (the popup loads them when it opens),
/// and saving it.
struct QuickAddController: Sendable {
    let page: PageContext

    func register(on router: Router<TodoRequestContext>) {
        router.get("/quick-add", use: form)
        router.get("/quick-add/sections/:kind", use: section)
        router.post("/quick-add", use: save)
    }

    @Sendable func form(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let quickAdd = try page.quickAdd(Self.context(request), language: LanguageChoice.of(request), for: context)
        await quickAdd.loadAllSections()
        return quickAddPage(quickAdd, from: WebFormat.localPath(request.uri.queryParameters.get("from")), error: nil, request, context)
    }

    /// One section, loaded: the popup asks for each section it has not loaded yet (a failed one
    /// answers 503 and says so, and is asked for again the next time the popup opens).
    @Sendable func section(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let name = try context.parameters.require("kind")
        let language = LanguageChoice.of(request)
        guard let kind = QuickAddSectionKind(rawValue: name) else {
            throw PageError(.notFound, key: "error.no-quick-section", ["name": name])
        }
        let quickAdd = try page.quickAdd(Self.context(request), language: language, for: context)
        await quickAdd.loadSection(kind)
        let section = quickAdd.section(kind)
        let view = QuickAddFormView.section(section, source: request.uri.description, language: language)
        let failed = if case .failed = section.state { true } else { false }
        return .html(
            page.views.templates.render(view, "quick-section", language: language), status: failed ? .serviceUnavailable : .ok)
    }

    @Sendable func save(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let fields = try await WebFormat.form(QuickAddForm.self, of: request)
        let from = WebFormat.localPath(fields.from)
        let quickAdd = try page.quickAdd(.none, language: LanguageChoice.of(request), for: context)
        quickAdd.text = fields.text ?? ""
        quickAdd.readsPlainWords = fields.words == "1"
        let chosen: [(QuickAddSectionKind, [String])] = [
            (.project, [fields.project ?? ""]), (.dueDate, [fields.dueDate ?? ""]), (.estimate, [fields.estimate ?? ""]),
            (.repeatDays, fields.repeatDays ?? []),
        ]
        for (kind, ids) in chosen {
            for id in ids where !id.isEmpty { quickAdd.select(id, in: kind) }
        }
        let saved: TodoItem?
        do {
            saved = try await quickAdd.save()
        } catch let error as TodoAccessError {
            // A list shared to read only (SHARE-14): the text stays, with the sentence.
            await quickAdd.loadAllSections()
            return quickAddPage(
                quickAdd, from: from, error: SharingWording.sentence(for: error, quickAdd.language), request, context, status: .forbidden)
        }
        guard saved != nil else {
            // An empty title saves nothing (QUICK-3); without a script, say why.
            await quickAdd.loadAllSections()
            let error = TodoViews.strings(quickAdd.language)("quick.error.no-title")
            return quickAddPage(quickAdd, from: from, error: error, request, context, status: .unprocessableContent)
        }
        return page.back(to: from)
    }

    private func quickAddPage(_ quickAdd: QuickAddViewModel, from: String, error: String?, _ request: Request, _ context: TodoRequestContext,
                              status: HTTPResponse.Status = .ok) -> Response {
        let view = QuickAddPageView(
            frame: page.views.frame(TodoViews.strings(quickAdd.language)("quick.heading"), request, context.account), from: from, error: error,
            quickAdd: QuickAddFormView(quickAdd, from: from, inDialog: false))
        return page.views.page(view, status: status)
    }

    static func context(_ request: Request) -> QuickAddContext {
        let query = request.uri.queryParameters
        if let project = query.get("project"), !project.isEmpty { return .project(String(project)) }
        if let date = query.get("due").flatMap(CalendarDate.init(iso:)) { return .dueDate(date) }
        return .none
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import Localization
import Mustache
import TodoAccounts
import TodoCore
import TodoPresentation
import WebUI

/// Renders the Todo pages: the Mustache templates in `templates/`, the assets in `assets/`, and
/// the frame every page shares. One renderer per page: the same template answers the whole
/// document and, for in-place requests, its `#page` fragment.
struct TodoViews: Sendable {
    let templates: PageTemplates
    let assets: AssetCatalog
    /// 4,096 rows of about 1.2 KiB: some 5 MiB at most.
    let rows = RenderedTexts<RowKey, String>(limit: 4096)
    /// 16 list pages of up to 100 rows (about 120 KiB each): some 2 MiB at most. Kept as the
    /// response's bytes: copying a page of 250 KiB into a new buffer for every request cost more
    /// than finding it (fresh memory, page faults).
    let lists = RenderedTexts<ListPageView, ByteBuffer>(limit: 16)
    /// The list pages as last answered, each with the change record's newest id when it was
    /// made (LIVE-17): 16 pages, some 4 MiB at most.
    let kept = KeptPages(limit: 16)

    /// The Views' own words (the templates' `[[key]]`s and the view values'), per language.
    static let catalog: Catalog = {
        do { return try Catalog(bundle: .module) } catch { preconditionFailure("\(error)") }
    }()

    init() throws {
        let resources = Bundle.module.resourceURL!
        templates = try PageTemplates(
            directories: [resources.appendingPathComponent("templates")], catalogs: [Self.catalog, TodoWords.catalog])
        assets = try AssetCatalog(directories: [resources.appendingPathComponent("assets")])
    }

    /// The Views' words in `language`.
    static func strings(_ language: Language) -> Strings { catalog.strings(language) }

    /// The frame of a Todo page titled `title` (“— Todo” added), whole or as a fragment, in the
    /// request's language (LANG-1, LANG-2), naming `account` when someone is signed in.
    func frame(_ title: String, _ request: Request, _ account: Account?) -> PageFrame {
        let language = LanguageChoice.of(request)
        let strings = Self.strings(language)
        var frame = PageFrame(
            title: title == strings("app.name") ? title : strings("page.title", ["title": title]),
            stylesheets: [assets.path("webui.css"), assets.path("todo.css"), assets.path("keys.css")],
            scripts: [assets.path("webui.js"), assets.path("todo.js"), assets.path("keys.js")],
            manifest: "/manifest.webmanifest", icon: assets.path("icon.svg"),
            appleTouchIcon: assets.path("icon-192.png"),
            fragment: PageFragment.isRequested(by: request), language: language,
            here: request.pathAndQuery)
        // With accounts, the person signed in and a way out (ACCOUNT-31); nothing without.
        if let account {
            let words = TodoWords.strings(language)
            frame.account = FrameAccount(
                signedInAs: words("account.signed-in-as", ["name": account.name]), signOut: words("account.signout"),
                settings: words("account.settings.title"), settingsHref: "/settings")
        }
        return frame
    }

    func page(_ value: some PageView, status: HTTPResponse.Status = .ok) -> Response {
        .html(templates.render(value, type(of: value).template, language: value.frame.language), status: status)
    }

    /// A list page, or the same text as last time when nothing it shows has changed (the frame,
    /// and so the language, is part of what it shows).
    func page(_ list: ListPageView, status: HTTPResponse.Status = .ok) -> Response { .html(bytes(of: list), status: status) }

    /// A list page's bytes, or the same bytes as last time when nothing it shows has changed.
    func bytes(of list: ListPageView) -> ByteBuffer {
        lists.text(for: list) { ByteBuffer(string: templates.render(list, ListPageView.template, language: list.frame.language)) }
    }

    /// A row by `row.mustache` in the row's language, or as rendered before from the same
    /// inputs. The key is what the row is made of, not its view value: a row's words (its
    /// buttons' names and announcements, some eight sentences) are only worded on a miss, so a
    /// row seen before costs the same in every language.
    /// `movable`: the row has its move handle (not in a list sorted by priority, PRIO-15).
    /// `changes`: the row has the controls that change it (not in a view-only list, SHARE-13).
    /// `marks`: the words a search found, marked in the title (FIND-12).
    /// `now`: the time it is on the list's clock, when a passed time makes a row overdue (TIME-7).
    func render(
        _ row: TodoRowViewModel, scope: ListScope, today: CalendarDate, now: TimeOfDay? = nil, from: String, fromQuery: String,
        movable: Bool = true, changes: Bool = true, marks: SearchWords? = nil
    ) -> String {
        let key = RowKey(
            row: row, hidesProject: scope == .project(row.projectName ?? ""), today: today,
            overdue: row.isOverdue(today: today, now: now), from: from, fromQuery: fromQuery, movable: movable && changes,
            changes: changes, marks: marks)
        return rows.text(for: key) {
            let view = RowView(
                row, hidesProject: key.hidesProject, today: today, overdue: key.overdue, from: from, fromQuery: fromQuery,
                movable: key.movable, changes: changes, marks: marks)
            return templates.render(view, "row", language: row.language)
        }
    }
}

/// Everything a rendered row depends on: the row as read (its language included), whether its
/// list hides its project, the day (its date's words, and when a repeat comes back), whether it
/// is overdue, and where its actions return to.
struct RowKey: Hashable {
    let row: TodoRowViewModel
    let hidesProject: Bool
    let today: CalendarDate
    let overdue: Bool
    let from: String
    let fromQuery: String
    let movable: Bool
    let changes: Bool
    let marks: SearchWords?

    // Hashed by what tells rows apart; compared field by field.
    func hash(into hasher: inout Hasher) {
        hasher.combine(row.id)
        hasher.combine(row.isDone)
        hasher.combine(row.language)
        hasher.combine(from)
    }

    static func == (lhs: RowKey, rhs: RowKey) -> Bool {
        lhs.row == rhs.row && lhs.hidesProject == rhs.hidesProject && lhs.today == rhs.today && lhs.overdue == rhs.overdue
            && lhs.from == rhs.from
            && lhs.fromQuery == rhs.fromQuery && lhs.movable == rhs.movable && lhs.changes == rhs.changes && lhs.marks == rhs.marks
    }
}

/// Texts as rendered, by the view values they were rendered from: rendering is a function of
/// the value alone, and costs far more than finding the text again. Most rows of a list look the
/// same from one page load to the next (a check moves one row), and a list nobody changed is
/// the same page for everyone who opens it. At most `limit` texts are kept; when full, it
/// starts over, so memory stays bounded.
final class RenderedTexts<Value: Hashable, Text>: @unchecked Sendable {
    let limit: Int
    private let lock = NSLock()
    private var texts: [Value: Text] = [:]

    init(limit: Int) { self.limit = limit }

    /// The text kept for `value`, or `render()`'s, which is kept from then on. (Two requests may
    /// render the same value at once; both get the same text.)
    func text(for value: Value, render: () -> Text) -> Text {
        if let text = lock.withLock({ texts[value] }) { return text }
        let text = render()
        lock.withLock {
            if texts.count >= limit { texts.removeAll(keepingCapacity: true) }
            texts[value] = text
        }
        return text
    }
}

/// Everything a list page is made of besides the lists themselves (LIVE-17): who asks, their
/// zone, day and minute, and what they ask for. With the change record's newest id, which stands
/// for the lists, it tells whether the page answered last time is still the page.
struct KeptPageKey: Hashable, Sendable {
    let person: UUID?
    let name: String?
    let zone: String
    let today: CalendarDate
    let now: TimeOfDay
    /// The path with its query: the list, its order, its page.
    let address: String
    let fragment: Bool
    let language: Language
    let unfinishedOnly: Bool
}

/// List pages as last answered, by what they were made of, each with the change record's
/// newest id read before it was made (LIVE-17). A page is answered again only while that id is
/// still the newest: a change since, in this process or another, makes it anew.
final class KeptPages: @unchecked Sendable {
    let limit: Int
    private let lock = NSLock()
    private var pages: [KeptPageKey: (change: Int64, bytes: ByteBuffer)] = [:]

    init(limit: Int) { self.limit = limit }

    /// The page kept for `key`, if it was made when `change` was the newest change.
    func page(for key: KeptPageKey, change: Int64) -> ByteBuffer? {
        lock.withLock { pages[key].flatMap { $0.change == change ? $0.bytes : nil } }
    }

    /// Keeps `bytes` as `key`'s page made at `change`, in place of any kept before.
    func keep(_ bytes: ByteBuffer, for key: KeptPageKey, change: Int64) {
        lock.withLock {
            if pages[key] == nil, pages.count >= limit { pages.removeAll(keepingCapacity: true) }
            pages[key] = (change, bytes)
        }
    }
}

/// Project names in a language's collation (LANG-8), kept for the last list of names sorted in
/// each language: the locale-aware sort costs more than the rest of a page's navigation, and the
/// projects seldom change between two requests.
final class CollatedNames: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [Language: (names: [String], sorted: [String])] = [:]

    func sorted(_ names: [String], _ strings: Strings) -> [String] {
        if let last = lock.withLock({ kept[strings.language] }), last.names == names { return last.sorted }
        let sorted = strings.sorted(names)
        lock.withLock { kept[strings.language] = (names, sorted) }
        return sorted
    }
}

/// A page's view value: what its template reads, with the frame around it.
protocol PageView {
    static var template: String { get }
    var frame: PageFrame { get }
}

/// Paths of the pages, and the `?from=` that brings an action back to the page it was made on.
enum TodoPaths {
    static func list(_ scope: ListScope) -> String {
        switch scope {
        case .all: "/"
        case .today: "/today"
        case .project(let name): "/projects/" + HTML.urlComponent(name)
        case .dueDate(let date): "/due/" + date.iso
        case .search(let text): "/search?q=" + HTML.urlComponent(text)
        case .overdue: "/overdue"
        case .tag(let name): "/tags/" + HTML.urlComponent(name)
        }
    }

    /// The list of `scope` read in `order` (PRIO-15): `?sort=priority` after its own query.
    static func list(_ scope: ListScope, order: ListOrder) -> String {
        let base = list(scope)
        return order == .position ? base : base + (base.contains("?") ? "&" : "?") + "sort=" + order.rawValue
    }

    /// Page `page` of the list at `base` (which may have a query already).
    static func page(_ page: Int, of base: String) -> String {
        page == 1 ? base : base + (base.contains("?") ? "&" : "?") + "page=\(page)"
    }

    /// The query item that opens quick add (or the form) with a list's project or date chosen:
    /// `project=Home`, `due=2026-12-24`; nil for a list with neither.
    static func queryItem(_ context: QuickAddContext) -> String? {
        switch context {
        case .project(let name): "project=" + HTML.urlComponent(name)
        case .dueDate(let date): "due=" + date.iso
        case .none: nil
        }
    }

    static func query(from: String) -> String { "?from=" + HTML.urlComponent(from) }

    static func item(_ id: UUID) -> String { "/items/" + id.lowercasedText }
}

// MARK: - the list

struct ListPageView: PageView, Hashable {
    static let template = "list"
    let frame: PageFrame
    let title: String
    let isAllItems: Bool
    /// The page's own address: where its actions come back to.
    let here: String
    let hereQuery: String
    let addHref: String
    let navigation: [NavLink]
    /// What the search field holds (FIND-8): the query on a search page, else empty.
    let searchText: String
    let showUnfinishedOnly: Bool
    let unfinishedNext: String
    /// The same list in the other order (PRIO-15), and whether this one is by priority; Upcoming,
    /// a list of days, has none.
    let sortHref: String?
    let isSortedByPriority: Bool
    let isEmpty: Bool
    let emptyMessage: String
    let sections: [SectionView]
    /// The pager, above and below the rows (two landmarks, each with its own name).
    let pagerTop: PagerView?
    let pagerBottom: PagerView?
    let inlineAdd: InlineAddView
    let quickAddHref: String
    /// The popup's form: its sections load when it first opens.
    let quickAdd: QuickAddFormView
    /// “Deleted “X” · Undo”, right after a delete (docs/specs/trash.md, UNDO-1).
    var undo: UndoNoticeView? = nil
    /// “All subtasks of “X” are done · Check it too”, right after the check that did it (SUB-9).
    var offer: SubtaskOfferView? = nil
    /// The list's settings page, for its owner when there are accounts (SHARE-8).
    var shareHref: String? = nil
    /// "View only · alice's list" on a list shared to read only, whose page has no control that
    /// changes it (SHARE-13); nil on any other.
    let viewOnly: String?
    /// The sentence of a write that list just refused, once (SHARE-14).
    var refused: String? = nil

    struct NavLink: Hashable {
        let label: String
        let href: String
        let current: Bool
        let testID: String
    }

    struct SectionView: Hashable {
        let id: String
        let title: String
        let count: Int
        /// The section's rows, each as `row.mustache` renders it (from `TodoViews.rows`), in
        /// order: joined only when the page is rendered, not on every request.
        let rows: [String]
        /// The place (1 = first) of the section's first row shown: a move's announcement counts from it.
        var firstPosition = 1
        /// Whether its heading carries the list's sort link (`ListPageView.sortHref`): the first
        /// section's does, on the heading's own line, so a phone's first row stays where it was.
        var showsSort = false

        init(id: String, title: String, count: Int, rows: [String], firstPosition: Int = 1) {
            self.id = id
            self.title = title
            self.count = count
            self.rows = rows
            self.firstPosition = firstPosition
        }

        /// A section whose rows are one text already.
        init(id: String, title: String, count: Int, rows: String, firstPosition: Int = 1) {
            self.init(id: id, title: title, count: count, rows: [rows], firstPosition: firstPosition)
        }

        // Hashed by its size, compared byte by byte: hashing 100 rows of text (Unicode-normalized)
        // cost more than rendering the page it was meant to save.
        func hash(into hasher: inout Hasher) {
            hasher.combine(id)
            hasher.combine(count)
            hasher.combine(rows.count)
            for row in rows { hasher.combine(row.utf8.count) }
        }

        static func == (lhs: SectionView, rhs: SectionView) -> Bool {
            lhs.id == rhs.id && lhs.title == rhs.title && lhs.count == rhs.count && lhs.firstPosition == rhs.firstPosition
                && lhs.showsSort == rhs.showsSort && lhs.rows.count == rhs.rows.count
                && zip(lhs.rows, rhs.rows).allSatisfy(sameBytes)
        }

        /// The same bytes: at once when both are the same kept text (a row found in `TodoViews.rows`).
        private static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
            var lhs = lhs, rhs = rhs
            guard lhs.utf8.count == rhs.utf8.count else { return false }
            return lhs.withUTF8 { left in
                rhs.withUTF8 { right in
                    left.isEmpty || left.baseAddress == right.baseAddress || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
                }
            }
        }
    }

    struct PagerView: Hashable {
        let label: String
        let status: String
        let previous: String?
        let next: String?
    }

    struct InlineAddView: Hashable {
        let label: String
        let placeholder: String
        let project: String?
        let due: String?
        /// On a tag's page, the tag each item added there gets (TAG-12).
        var tag: String? = nil
    }
}

/// A to-do row's due chip (TIME-9): the day in words, and the date itself for machines and, when
/// the words differ from it, on hover.
struct DueView {
    let text: String
    /// `2026-12-08T15:00`, as `<time datetime>` says it.
    let datetime: String
    /// (Not `title`: a missing value is looked up in the row, which has one.)
    let exact: String?

    init?(_ row: TodoRowViewModel, today: CalendarDate) {
        guard let date = row.dueDate, let text = row.dueText(today: today) else { return nil }
        self.text = text
        datetime = date.iso + (row.dueTime.map { "T" + $0.text } ?? "")
        exact = text == row.dueDateText ? nil : row.dueDateText
    }
}

/// A row's view value: what `row.mustache` reads.
struct RowView {
    let id: String
    let title: String
    /// The title in pieces, what a search found marked (FIND-12); nil when nothing is marked.
    let marked: [MarkedText.Part]?
    let done: Bool
    let href: String
    let location: String?
    let due: DueView?
    let overdue: Bool
    let project: String?
    let estimate: String?
    let repeats: String?
    /// The chips of fields the template doesn't name (`TodoRowViewModel.chips`).
    let chips: [RowChip]
    let hasMeta: Bool
    let toggleTitle: String
    let toggleValue: String
    let toggleLabel: String
    let toggleAnnouncement: String
    let deleteLabel: String
    let deleteAnnouncement: String
    let from: String
    /// The row's edit form (the `e` shortcut), the drag handle's name, and what a move says
    /// (`{position}`: the place in the list shown, filled in by keys.js).
    let editHref: String
    let moveLabel: String
    let movedAnnouncement: String
    /// Whether the row has its move handle: a list sorted by priority has none (PRIO-15).
    let movable: Bool
    /// Whether it has its check and delete buttons and its edit shortcut: a view-only list's rows
    /// have none (SHARE-13).
    let changes: Bool
    /// How deep it is nested under the rows above it (SUB-7), at most `Subtasks.maxDepth - 1`.
    let depth: Int
    /// Whether it is nested under a row above it.
    let nested: Bool
    /// Whether it has subtasks: it has the button that collapses them (SUB-8), and its words.
    let hasSubtasks: Bool
    let subtasksHide: String
    let subtasksShow: String

    init(
        _ row: TodoRowViewModel, hidesProject: Bool, today: CalendarDate, overdue: Bool, from: String, fromQuery: String, movable: Bool,
        changes: Bool = true, marks: SearchWords? = nil
    ) {
        id = row.id.lowercasedText
        title = row.title
        marked = marks.flatMap { MarkedText(row.title, marking: $0)?.parts }
        done = row.isDone
        href = "/items/" + id + fromQuery
        location = row.locationName
        due = DueView(row, today: today)
        self.overdue = overdue
        project = hidesProject ? nil : row.projectName
        estimate = row.estimateText
        repeats = row.repeatText
        chips = row.chips
        hasMeta = location != nil || due != nil || project != nil || estimate != nil || repeats != nil || !chips.isEmpty
        toggleTitle = row.toggleActionTitle
        toggleValue = row.isDone ? "0" : "1"
        toggleLabel = row.toggleActionLabel
        toggleAnnouncement = row.toggleAnnouncement(today: today)
        deleteLabel = row.deleteActionLabel
        deleteAnnouncement = row.deleteAnnouncement
        self.from = from
        editHref = "/items/" + id + "/edit" + fromQuery
        moveLabel = row.moveLabel
        movedAnnouncement = row.movedAnnouncement(position: "{position}")
        self.movable = movable
        self.changes = changes
        depth = min(row.depth, Subtasks.maxDepth - 1)
        nested = row.depth > 0
        hasSubtasks = row.hasSubtasks
        subtasksHide = hasSubtasks ? row.subtasksHideLabel : ""
        subtasksShow = hasSubtasks ? row.subtasksShowLabel : ""
    }
}

/// A list shows up to 100 rows: each is looked up by name, not through `Mirror`, which costs
/// more than the rest of the page (bench/NOTES.md, the rebuilt web View).
extension RowView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "title": title
        case "marked": marked
        case "done": done
        case "href": href
        case "location": location
        case "due": due
        case "overdue": overdue
        case "project": project
        case "estimate": estimate
        case "repeats": repeats
        case "chips": chips
        case "hasMeta": hasMeta
        case "toggleTitle": toggleTitle
        case "toggleValue": toggleValue
        case "toggleLabel": toggleLabel
        case "toggleAnnouncement": toggleAnnouncement
        case "deleteLabel": deleteLabel
        case "deleteAnnouncement": deleteAnnouncement
        case "from": from
        case "editHref": editHref
        case "moveLabel": moveLabel
        case "movedAnnouncement": movedAnnouncement
        case "movable": movable
        case "changes": changes
        case "depth": depth
        case "nested": nested
        case "hasSubtasks": hasSubtasks
        case "subtasksHide": subtasksHide
        case "subtasksShow": subtasksShow
        default: nil
        }
    }
}

/// A section answers its own names: its rows are joined here, when the page is rendered.
extension ListPageView.SectionView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "title": title
        case "count": count
        case "rows": rows.joined()
        case "firstPosition": firstPosition
        case "showsSort": showsSort
        default: nil
        }
    }
}

extension ListPageView {
    /// The project links' order in Chinese and Japanese, kept between requests.
    static let collated = CollatedNames()

    /// The lists every list page links to: All items, Today, Upcoming (DAY-6), then each
    /// project's, in the order of the language's collation (LANG-8); `current` is the page's
    /// own address.
    static func navigation(current: String, projects: [Project], language: Language) -> [NavLink] {
        let strings = TodoViews.strings(language)
        var links = [
            NavLink(label: strings("nav.all-items"), href: "/", current: current == "/", testID: "nav-/"),
            NavLink(label: strings("nav.today"), href: "/today", current: current == "/today", testID: "nav-/today"),
            NavLink(label: strings("nav.upcoming"), href: "/upcoming", current: current == "/upcoming", testID: "nav-/upcoming"),
        ]
        // The store gives English's order (the alphabet, case ignored, numbers by value).
        let names = projects.map(\.name)
        for name in language == .english ? names : collated.sorted(names, strings) {
            let href = TodoPaths.list(.project(name))
            links.append(NavLink(label: name, href: href, current: current == href, testID: "nav-" + href))
        }
        return links
    }

    /// The pager's two landmarks, its status naming the rows shown of each section
    /// (`(title, first, shown, count)`), and its links.
    static func pagers(
        page: Int, pageCount: Int, shown sections: [(title: String, first: Int, rows: Int, count: Int)],
        language: Language, link: (Int) -> String
    ) -> (top: PagerView, bottom: PagerView) {
        let strings = TodoViews.strings(language)
        let shown = sections.map { section in
            strings("pager.shown", [
                "section": section.title, "first": String(section.first), "last": String(section.first + section.rows - 1),
                "count": String(section.count),
            ])
        }.joined(separator: strings("pager.separator"))
        let status = strings("pager.status", ["page": String(page), "pages": String(pageCount), "shown": shown])
        func pager(_ label: String) -> PagerView {
            PagerView(
                label: label, status: status, previous: page > 1 ? link(page - 1) : nil,
                next: page < pageCount ? link(page + 1) : nil)
        }
        return (pager(strings("pager.label")), pager(strings("pager.label.end")))
    }

    init(_ list: TodoListViewModel, quickAdd: QuickAddViewModel, today: CalendarDate, frame: PageFrame, views: TodoViews) {
        self.frame = frame
        let base = TodoPaths.list(list.scope, order: list.order)
        let sorted = list.order == .priority
        sortHref = TodoPaths.list(list.scope, order: sorted ? .position : .priority)
        isSortedByPriority = sorted
        let here = TodoPaths.page(list.page, of: base)
        self.here = here
        hereQuery = TodoPaths.query(from: here)
        title = list.title
        isAllItems = list.scope == .all
        let chosen = TodoPaths.queryItem(quickAdd.context).map { "&" + $0 } ?? ""
        addHref = "/items/new" + hereQuery + chosen
        quickAddHref = "/quick-add" + hereQuery + chosen
        self.quickAdd = QuickAddFormView(quickAdd, from: here, inDialog: true)
        navigation = Self.navigation(current: TodoPaths.list(list.scope), projects: list.projects, language: frame.language)
        searchText = list.searchText ?? ""
        showUnfinishedOnly = list.showUnfinishedOnly
        unfinishedNext = list.showUnfinishedOnly ? "0" : "1"
        isEmpty = list.isEmpty
        emptyMessage = list.emptyMessage
        viewOnly = list.viewOnlyNotice
        sections = Self.sections(of: list, today: today, from: here, fromQuery: hereQuery, views: views)
        if list.pageCount > 1 {
            let size = list.rowsPerSection ?? 1
            let first = (list.page - 1) * size + 1
            let overdue = list.overdueRows.isEmpty ? [] : [
                (title: list.overdueHeaderTitle, first: first, rows: list.overdueRows.count, count: list.overdueCount)
            ]
            let shown = overdue + list.sections.map { section in
                (title: section.headerTitle, first: first, rows: section.rows.count, count: list.sectionCounts[section.section] ?? 0)
            }
            (pagerTop, pagerBottom) = Self.pagers(
                page: list.page, pageCount: list.pageCount, shown: shown, language: frame.language
            ) { TodoPaths.page($0, of: base) }
        } else {
            pagerTop = nil
            pagerBottom = nil
        }
        let strings = TodoViews.strings(frame.language)
        let placeholder: String = switch list.scope {
        case .all: strings("list.add.label")
        case .project(let name): strings("list.add.placeholder.project", ["project": name])
        case .today: strings("list.add.placeholder.today")
        case .dueDate(let date): strings("list.add.placeholder.due", ["date": list.strings.date(date)])
        case .search, .overdue: strings("list.add.label")
        case .tag(let name): strings("list.add.placeholder.tag", ["tag": Strings.tagSign(name)])
        }
        inlineAdd = InlineAddView(
            label: strings("list.add.label"), placeholder: placeholder, project: list.projectName, due: list.dueDate?.iso,
            tag: list.tagName)
    }

    /// The list's sections, Today's overdue rows first, each row rendered; the first carries the
    /// sort link. A list sorted by priority has no move handles (PRIO-15).
    private static func sections(
        of list: TodoListViewModel, today: CalendarDate, from here: String, fromQuery: String, views: TodoViews
    ) -> [SectionView] {
        let movable = list.order == .position, now = list.currentTime, changes = !list.access.isViewOnly
        let marks = list.searchWords
        func rows(_ rows: [TodoRowViewModel]) -> [String] {
            rows.map {
                views.render(
                    $0, scope: list.scope, today: today, now: now, from: here, fromQuery: fromQuery, movable: movable, changes: changes,
                    marks: marks)
            }
        }
        let overdue = list.overdueRows.isEmpty ? [] : [SectionView(
            id: "overdue", title: list.overdueHeaderTitle, count: list.overdueCount, rows: rows(list.overdueRows))]
        var sections = overdue + list.sections.map { section in
            SectionView(
                id: section.section.rawValue, title: section.headerTitle,
                count: list.sectionCounts[section.section] ?? section.rows.count, rows: rows(section.rows),
                firstPosition: (list.page - 1) * (list.rowsPerSection ?? 0) + 1)
        }
        if !sections.isEmpty { sections[0].showsSort = true }
        return sections
    }
}

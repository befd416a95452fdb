import Foundation
import HTTPTypes
import Hummingbird
import TodoCore
import TodoPresentation
import WebUI

/// Renders the Todo pages: the Mustache templates in `templates/`, the assets in `assets/`, and
/// the frame every page shares. One renderer per page: the same template answers the whole
/// document and, for in-place requests, its `#page` fragment.
struct TodoViews: Sendable {
    let templates: PageTemplates
    let assets: AssetCatalog

    init() throws {
        let resources = Bundle.module.resourceURL!
        templates = try PageTemplates(directories: [resources.appendingPathComponent("templates")])
        assets = try AssetCatalog(directories: [resources.appendingPathComponent("assets")])
    }

    /// The frame of a Todo page titled `title` (“— Todo” added), whole or as a fragment.
    func frame(_ title: String, _ request: Request) -> PageFrame {
        PageFrame(
            title: title == "Todo" ? title : "\(title) — Todo",
            stylesheets: [assets.path("webui.css"), assets.path("todo.css")],
            scripts: [assets.path("webui.js"), assets.path("todo.js")],
            manifest: "/manifest.webmanifest", icon: assets.path("icon.svg"),
            appleTouchIcon: assets.path("icon-192.png"),
            fragment: PageFragment.isRequested(by: request))
    }

    func page(_ value: some PageView, status: HTTPResponse.Status = .ok) -> Response {
        .html(templates.render(value, type(of: value).template), status: status)
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
        }
    }

    /// The list a path shows (`/projects/Home?page=2` → the Home project), if it is a list.
    static func scope(ofList path: String) -> ListScope? {
        let bare = String(path.prefix { $0 != "?" && $0 != "#" })
        if bare == "/" { return .all }
        if bare == "/today" { return .today }
        if bare.hasPrefix("/projects/"), let name = String(bare.dropFirst("/projects/".count)).removingPercentEncoding,
           !name.isEmpty, !name.contains("/")
        {
            return .project(name)
        }
        if bare.hasPrefix("/due/"), let date = CalendarDate(iso: String(bare.dropFirst("/due/".count))) {
            return .dueDate(date)
        }
        return nil
    }

    static func query(from: String) -> String { "?from=" + HTML.urlComponent(from) }

    static func item(_ id: UUID) -> String { "/items/" + id.lowercasedText }
}

// MARK: - the list

struct ListPageView: PageView {
    static let template = "list"
    let frame: PageFrame
    let title: String
    let isAllItems: Bool
    /// The page's own address: where its actions come back to.
    let here: String
    let hereQuery: String
    let addHref: String
    let navigation: [NavLink]
    let showUnfinishedOnly: Bool
    let unfinishedNext: String
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

    struct NavLink {
        let label: String
        let href: String
        let current: Bool
        let testID: String
    }

    struct SectionView {
        let id: String
        let title: String
        let count: Int
        let rows: [RowView]
    }

    struct PagerView {
        let label: String
        let status: String
        let previous: String?
        let next: String?
    }

    struct InlineAddView {
        let label: String
        let placeholder: String
        let project: String?
        let due: String?
    }
}

struct RowView {
    let id: String
    let title: String
    let done: Bool
    let href: String
    let location: String?
    let due: String?
    let overdue: Bool
    let project: String?
    let estimate: String?
    let repeatDays: String?
    let hasMeta: Bool
    let toggleTitle: String
    let toggleValue: String
    let toggleLabel: String
    let toggleAnnouncement: String
    let deleteLabel: String
    let deleteAnnouncement: String
    let from: String

    init(_ row: TodoRowViewModel, scope: ListScope, today: CalendarDate, from: String, fromQuery: String) {
        id = row.id.lowercasedText
        title = row.title
        done = row.isDone
        href = "/items/" + id + fromQuery
        location = row.locationName
        due = row.dueDateText
        overdue = row.isOverdue(today: today)
        project = scope == .project(row.projectName ?? "") ? nil : row.projectName
        estimate = row.estimateText
        repeatDays = row.repeatDaysText
        hasMeta = location != nil || due != nil || project != nil || estimate != nil || repeatDays != nil
        toggleTitle = row.toggleActionTitle
        toggleValue = row.isDone ? "0" : "1"
        toggleLabel = "\(row.toggleActionTitle) \(row.title)"
        toggleAnnouncement = row.toggleAnnouncement
        deleteLabel = "Delete \(row.title)"
        deleteAnnouncement = row.deleteAnnouncement
        self.from = from
    }
}

extension ListPageView {
    init(_ list: TodoListViewModel, quickAdd: QuickAddViewModel, today: CalendarDate, frame: PageFrame) {
        self.frame = frame
        let base = TodoPaths.list(list.scope)
        let here = list.page > 1 ? base + "?page=\(list.page)" : base
        self.here = here
        hereQuery = TodoPaths.query(from: here)
        title = list.title
        isAllItems = list.scope == .all
        var add = "/items/new" + hereQuery
        var quick = "/quick-add" + hereQuery
        switch quickAdd.context {
        case .project(let name):
            add += "&project=" + HTML.urlComponent(name)
            quick += "&project=" + HTML.urlComponent(name)
        case .dueDate(let date):
            add += "&due=" + date.iso
            quick += "&due=" + date.iso
        case .none: break
        }
        addHref = add
        quickAddHref = quick
        self.quickAdd = QuickAddFormView(quickAdd, from: here, inDialog: true)
        var links = [
            NavLink(label: "All items", href: "/", current: list.scope == .all, testID: "nav-/"),
            NavLink(label: "Today", href: "/today", current: list.scope == .today, testID: "nav-/today"),
        ]
        for project in list.projects {
            let href = TodoPaths.list(.project(project.name))
            links.append(NavLink(label: project.name, href: href, current: list.scope == .project(project.name), testID: "nav-" + href))
        }
        navigation = links
        showUnfinishedOnly = list.showUnfinishedOnly
        unfinishedNext = list.showUnfinishedOnly ? "0" : "1"
        isEmpty = list.isEmpty
        emptyMessage = list.emptyMessage
        let fromQuery = hereQuery
        sections = list.sections.map { section in
            SectionView(
                id: section.section.rawValue, title: section.headerTitle,
                count: list.sectionCounts[section.section] ?? section.rows.count,
                rows: section.rows.map { RowView($0, scope: list.scope, today: today, from: here, fromQuery: fromQuery) })
        }
        if list.pageCount > 1 {
            let size = list.rowsPerSection ?? 1
            let shown = list.sections.map { section in
                let first = (list.page - 1) * size + 1
                let last = first + section.rows.count - 1
                return "\(section.headerTitle) \(first)–\(last) of \(list.sectionCounts[section.section] ?? 0)"
            }.joined(separator: ", ")
            func link(_ page: Int) -> String { page == 1 ? base : base + "?page=\(page)" }
            func pager(_ label: String) -> PagerView {
                PagerView(
                    label: label, status: "Page \(list.page) of \(list.pageCount) (\(shown))",
                    previous: list.page > 1 ? link(list.page - 1) : nil,
                    next: list.page < list.pageCount ? link(list.page + 1) : nil)
            }
            pagerTop = pager("Pages")
            pagerBottom = pager("Pages, at the end of the list")
        } else {
            pagerTop = nil
            pagerBottom = nil
        }
        let placeholder: String = switch list.scope {
        case .all: "Add a to-do"
        case .project(let name): "Add a to-do to \(name)"
        case .today: "Add a to-do for today"
        case .dueDate(let date): "Add a to-do due \(date.monthDayYear)"
        }
        inlineAdd = InlineAddView(
            label: "Add a to-do", placeholder: placeholder, project: list.projectName, due: list.dueDate?.iso)
    }
}

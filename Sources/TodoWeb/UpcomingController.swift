import Foundation
import Hummingbird
import TodoCore
import TodoPresentation
import WebUI

/// `/upcoming` (DAY-5, DAY-6): the next 7 days' to-do items, a section per day, on the list
/// page's template (rows, actions, pager and navigation as on every list).
struct UpcomingController: Sendable {
    let page: PageContext

    func register(on router: Router<TodoRequestContext>) {
        router.get("/upcoming", use: upcoming)
    }

    @Sendable func upcoming(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let upcoming = try UpcomingViewModel(store: page.store(context), today: page.today(context), language: LanguageChoice.of(request))
        let number = request.uri.queryParameters.get("page").flatMap { Int($0) } ?? 1
        try await upcoming.load(page: number, rowsPerDay: ListController.rowsPerSection)
        let tomorrow = page.today(context)().adding(days: 1)
        let view = ListPageView(
            upcoming, preferences: CookiePreferences(request), quickAdd: try page.quickAdd(.dueDate(tomorrow), language: LanguageChoice.of(request), for: context),
            today: page.today(context)(), frame: page.views.frame(upcoming.title, request, context.account), views: page.views)
        return page.views.page(view)
    }
}

extension ListPageView {
    /// Upcoming as a list page: one section per day, headed by the day.
    init(
        _ upcoming: UpcomingViewModel, preferences: any ListPreferences, quickAdd: QuickAddViewModel, today: CalendarDate,
        frame: PageFrame, views: TodoViews
    ) {
        self.frame = frame
        let base = "/upcoming"
        let here = TodoPaths.page(upcoming.page, of: base)
        self.here = here
        hereQuery = TodoPaths.query(from: here)
        title = upcoming.title
        isAllItems = false
        let chosen = TodoPaths.queryItem(quickAdd.context).map { "&" + $0 } ?? ""
        addHref = "/items/new" + hereQuery + chosen
        quickAddHref = "/quick-add" + hereQuery + chosen
        self.quickAdd = QuickAddFormView(quickAdd, from: here, inDialog: true)
        navigation = Self.navigation(current: base, projects: upcoming.projects, language: frame.language)
        searchText = ""
        showUnfinishedOnly = preferences.showUnfinishedOnly
        unfinishedNext = preferences.showUnfinishedOnly ? "0" : "1"
        sortHref = nil
        isSortedByPriority = false
        isEmpty = upcoming.isEmpty
        emptyMessage = upcoming.emptyMessage
        viewOnly = nil  // the person's own items only
        let fromQuery = hereQuery
        sections = upcoming.days.map { day in
            SectionView(
                id: "day-" + day.date.iso, title: day.headerTitle, count: day.count,
                rows: day.rows.map { views.render($0, scope: .all, today: today, from: here, fromQuery: fromQuery) }
                    .joined())
        }
        if upcoming.pageCount > 1 {
            let size = upcoming.rowsPerDay ?? 1
            let first = (upcoming.page - 1) * size + 1
            let shown = upcoming.days.filter { !$0.rows.isEmpty }.map { day in
                (title: day.headerTitle, first: first, rows: day.rows.count, count: day.count)
            }
            (pagerTop, pagerBottom) = Self.pagers(
                page: upcoming.page, pageCount: upcoming.pageCount, shown: shown, language: frame.language
            ) { TodoPaths.page($0, of: base) }
        } else {
            pagerTop = nil
            pagerBottom = nil
        }
        let strings = TodoViews.strings(frame.language)
        inlineAdd = InlineAddView(
            label: strings("list.add.label"), placeholder: strings("list.add.placeholder.tomorrow"), project: nil,
            due: today.adding(days: 1).iso)
    }
}

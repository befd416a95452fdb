import Foundation
import TodoCore
import TodoPresentation
import WebUI

/// The pages of the Todo web app, rendered from the ViewModels. Every piece of user text
/// goes through `HTML.text` / `HTML.attribute`.
enum TodoPages {
    static let stylesheets = [SharedAssets.stylesheetPath, TodoAssets.stylesheetPath]
    static let scripts = [TodoAssets.scriptPath]

    private static func t(_ text: String) -> String { HTML.text(text) }
    private static func a(_ text: String) -> String { HTML.attribute(text) }

    static func path(for scope: ListScope) -> String {
        switch scope {
        case .all: "/"
        case .today: "/today"
        case .project(let name): "/projects/" + HTML.urlComponent(name)
        case .dueDate(let date): "/due/" + date.iso
        }
    }

    private static func query(_ from: String) -> String { "?from=" + HTML.urlComponent(from) }

    // MARK: list

    /// Rows of each section on one page of a list.
    static let rowsPerSection = 50

    static func list(_ list: TodoListViewModel, quickAdd: QuickAddViewModel) -> HTMLWriter {
        let base = path(for: list.scope)
        // Actions on a row come back to the page they were made on.
        let here = list.page > 1 ? base + "?page=\(list.page)" : base
        let header = """
            <span class="bar-start">\(list.scope == .all ? "" : "<a href=\"/\" data-testid=\"all-items\">All items</a>")</span>
            <h1 data-testid="list-title">\(t(list.title))</h1>
            <a class="add-button" href="/items/new\(a(query(here)))" aria-label="Add item" title="Add item" data-testid="add-button">+</a>
            """
        let page = Page(title: list.title == "Todo" ? "Todo" : "\(list.title) — Todo", header: header,
                        stylesheets: stylesheets, scripts: scripts)
        let rows = list.sections.reduce(0) { $0 + $1.rows.count }
        return page.write(capacity: 8 * 1024 + rows * 1024) { html in
            html.raw(navigation(current: list.scope, projects: list.projects))
            html.raw("""
                <div class="toolbar">
                <form method="post" action="/preferences/unfinished">
                <input type="hidden" name="from" value="\(a(here))">
                <input type="hidden" name="on" value="\(list.showUnfinishedOnly ? "0" : "1")">
                <button type="submit" role="switch" aria-checked="\(list.showUnfinishedOnly)" data-testid="unfinished-toggle">Show unfinished only</button>
                </form>
                <a class="button" id="quick-add-open" href="/quick-add\(a(quickAddQuery(quickAdd, from: here)))" data-testid="quick-add-open">Quick add</a>
                </div>

                """)
            if list.isEmpty {
                html.raw("<p class=\"empty\" data-testid=\"empty-state\">\(t(list.emptyMessage))</p>\n")
            }
            let from = a(here), fromQuery = a(query(here))
            for section in list.sections {
                let id = section.section.rawValue
                html.raw("""
                    <section aria-labelledby="heading-\(id)" data-testid="section-\(id)">
                    <h2 id="heading-\(id)" data-testid="header-\(id)">\(t(section.headerTitle))</h2>
                    <ul class="rows">

                    """)
                for row in section.rows { self.row(row, from: from, fromQuery: fromQuery, into: &html) }
                html.raw("</ul>\n</section>\n")
            }
            html.raw(pages(list, base: base))
            html.raw(quickAddDialog(quickAdd, from: here))
        }
    }

    /// "Page 2 of 7" with links to the previous and next pages, when the list has several.
    private static func pages(_ list: TodoListViewModel, base: String) -> String {
        guard list.pageCount > 1 else { return "" }
        let size = list.rowsPerSection ?? 1
        let shown = list.sections.map { section in
            let first = (list.page - 1) * size + 1
            let last = first + section.rows.count - 1
            return "\(t(section.headerTitle)) \(first)–\(last) of \(list.sectionCounts[section.section] ?? 0)"
        }.joined(separator: ", ")
        func link(_ page: Int, _ label: String, _ rel: String) -> String {
            "<a href=\"\(a(page == 1 ? base : base + "?page=\(page)"))\" rel=\"\(rel)\" data-testid=\"page-\(rel)\">\(label)</a>"
        }
        var nav = "<nav class=\"pages\" aria-label=\"Pages\" data-testid=\"pages\">"
        if list.page > 1 { nav += link(list.page - 1, "‹ Previous", "prev") + " " }
        nav += "<span data-testid=\"page-status\">Page \(list.page) of \(list.pageCount) (\(shown))</span>"
        if list.page < list.pageCount { nav += " " + link(list.page + 1, "Next ›", "next") }
        return nav + "</nav>\n"
    }

    private static func navigation(current: ListScope, projects: [Project]) -> String {
        var links: [(String, String, Bool)] = [("All items", "/", current == .all), ("Today", "/today", current == .today)]
        for project in projects {
            links.append((project.name, path(for: .project(project.name)), current == .project(project.name)))
        }
        let items = links.map { label, href, isCurrent in
            "<li><a href=\"\(a(href))\"\(isCurrent ? " aria-current=\"page\"" : "") data-testid=\"nav-\(a(href))\">\(t(label))</a></li>"
        }
        let transfer = "<li class=\"transfer\"><a href=\"/import-export\" data-testid=\"import-export\">Import / export</a></li>"
        return "<nav class=\"lists\" aria-label=\"Lists\"><ul>\(items.joined())\(transfer)</ul></nav>\n"
    }

    /// One row: its link to the details, and one form whose two buttons check (or uncheck)
    /// and delete. `from` is the escaped path to come back to, `fromQuery` the escaped
    /// `?from=` query that carries it.
    private static func row(_ row: TodoRowViewModel, from: String, fromQuery: String, into html: inout HTMLWriter) {
        let id = row.id.lowercasedText
        html.raw(row.isDone ? "<li class=\"row done\" data-testid=\"row-" : "<li class=\"row\" data-testid=\"row-")
        html.raw(id)
        html.raw("\">\n<a class=\"row-link\" href=\"/items/")
        html.raw(id)
        html.raw(fromQuery)
        html.raw("\" data-testid=\"open-")
        html.raw(id)
        html.raw(row.isStruckThrough ? "\"><s class=\"title\">" : "\"><span class=\"title\">")
        html.text(row.title)
        html.raw(row.isStruckThrough ? "</s>" : "</span>")
        if row.locationName != nil || row.dueDateText != nil {
            html.raw("<span class=\"meta\">")
            if let location = row.locationName { html.text(location) }
            if let due = row.dueDateText {
                if row.locationName != nil { html.raw(" · ") }
                html.text(due)
            }
            html.raw("</span>")
        }
        html.raw("</a>\n<form method=\"post\" action=\"/items/")
        html.raw(id)
        html.raw("/done\"><input type=\"hidden\" name=\"from\" value=\"")
        html.raw(from)
        html.raw(row.isDone ? "\"><button type=\"submit\" name=\"done\" value=\"0\"" : "\"><button type=\"submit\" name=\"done\" value=\"1\"")
        html.raw(" class=\"toggle\" aria-label=\"")
        html.raw(row.toggleActionTitle)
        html.raw(" ")
        html.attribute(row.title)
        html.raw("\" data-testid=\"toggle-")
        html.raw(id)
        html.raw("\">")
        html.raw(row.toggleActionTitle)
        html.raw("</button><button type=\"submit\" formaction=\"/items/")
        html.raw(id)
        html.raw("/delete\" class=\"delete\" aria-label=\"Delete ")
        html.attribute(row.title)
        html.raw("\" data-testid=\"delete-")
        html.raw(id)
        html.raw("\">Delete</button></form>\n</li>\n")
    }

    // MARK: details

    static func details(_ details: ItemDetailViewModel, back: String) -> String {
        let id = details.id.lowercasedText
        let here = "/items/\(id)" + query(back)
        let header = """
            <span class="bar-start"><a href="\(a(back))" class="back" data-testid="back">‹ \(t(details.backButtonTitle))</a></span>
            <h1 data-testid="item-title">\(t(details.title))</h1>
            <a class="button" href="/items/\(id)/edit\(a(query(here)))" data-testid="edit">Edit</a>
            """
        var main = "<dl class=\"fields\" data-testid=\"fields\">\n"
        for field in details.fields {
            let key = field.label.lowercased().replacingOccurrences(of: " ", with: "-")
            main += "<dt>\(t(field.label))</dt><dd data-testid=\"field-\(key)\">\(t(field.value))</dd>\n"
        }
        main += """
            </dl>
            <form method="post" action="/items/\(id)/done" class="bottom-action">
            <input type="hidden" name="done" value="\(details.toggleButtonTitle == "Check" ? "1" : "0")">
            <input type="hidden" name="from" value="\(a(here))">
            <button type="submit" class="primary" data-testid="toggle">\(t(details.toggleButtonTitle))</button>
            </form>

            """
        return Page(title: "\(details.title) — Todo", header: header, main: main, stylesheets: stylesheets, scripts: scripts)
            .render()
    }

    // MARK: add and edit form

    static func form(_ form: ItemFormViewModel, projects: [Project], from: String, error: String? = nil) -> String {
        let action: String
        var hidden = "<input type=\"hidden\" name=\"from\" value=\"\(a(from))\">"
        if case .edit(let item) = form.mode {
            action = "/items/\(item.id.lowercasedText)"
            hidden += "<input type=\"hidden\" name=\"version\" value=\"\(item.version)\">"
        } else {
            action = "/items"
        }
        let header = "<span class=\"bar-start\"></span><h1>\(t(form.heading))</h1><span class=\"bar-end\"></span>"
        var main = "<form method=\"post\" action=\"\(action)\" class=\"item-form\" data-testid=\"item-form\" data-requires-title>\n\(hidden)\n"
        if let error {
            main += "<p class=\"message error\" role=\"alert\" data-testid=\"form-error\">\(t(error))</p>\n"
        }
        main += """
            <div class="field"><label for="title">Title</label>
            <input id="title" name="title" value="\(a(form.title))" autocomplete="off" autofocus data-title-source data-testid="title-input"></div>
            <div class="field"><label for="details">Details</label>
            <textarea id="details" name="details" rows="4" data-testid="details-input">\(t(form.details))</textarea></div>
            <div class="field"><label for="dueDate">Due date</label>
            <input id="dueDate" name="dueDate" type="date" value="\(a(form.dueDate))" data-testid="due-input"></div>
            <fieldset><legend>Location</legend>
            <div class="field"><label for="locationName">Name</label>
            <input id="locationName" name="locationName" value="\(a(form.locationName))" data-testid="location-input"></div>
            <div class="pair">
            <div class="field"><label for="latitude">Latitude</label>
            <input id="latitude" name="latitude" inputmode="decimal" value="\(a(form.latitude))" data-testid="latitude-input"></div>
            <div class="field"><label for="longitude">Longitude</label>
            <input id="longitude" name="longitude" inputmode="decimal" value="\(a(form.longitude))" data-testid="longitude-input"></div>
            </div></fieldset>
            <div class="field"><label for="project">Project</label>
            <input id="project" name="project" list="project-names" value="\(a(form.projectName))" data-testid="project-input">
            <datalist id="project-names">\(projects.map { "<option value=\"\(a($0.name))\"></option>" }.joined())</datalist></div>
            <div class="field"><label for="estimate">Estimate</label>
            <select id="estimate" name="estimate" data-testid="estimate-input">\(estimateOptions(selected: form.estimate))</select></div>
            <fieldset><legend>Repeat days</legend><div class="days">
            \(Weekday.allCases.map { day in
                "<label><input type=\"checkbox\" name=\"repeat\" value=\"\(day.rawValue)\"\(form.repeatDays.contains(day) ? " checked" : "") data-testid=\"repeat-\(day.rawValue)\"> \(day.shortName)</label>"
            }.joined(separator: "\n"))
            </div></fieldset>

            """
        if form.showsDoneToggle {
            main += """
                <div class="field switch"><label><input type="checkbox" name="done" value="1" role="switch"\(form.isDone ? " checked" : "") data-testid="done-toggle"> Done</label></div>

                """
        }
        main += """
            <div class="form-actions">
            <a class="button" href="\(a(from))" data-testid="cancel">\(t(form.cancelButtonTitle))</a>
            <button type="submit" class="save" data-testid="save">\(t(form.saveButtonTitle))</button>
            </div>
            </form>

            """
        return Page(title: "\(form.heading) — Todo", header: header, main: main, stylesheets: stylesheets, scripts: scripts)
            .render()
    }

    private static func estimateOptions(selected: String) -> String {
        let selectedMinutes = Estimate.minutes(from: selected)
        var minutes = StoreQuickAddOptions.estimateMinutes
        if let selectedMinutes, !minutes.contains(selectedMinutes) { minutes.append(selectedMinutes); minutes.sort() }
        return "<option value=\"\">None</option>" + minutes.map { value in
            "<option value=\"\(Estimate.text(minutes: value))\"\(value == selectedMinutes ? " selected" : "")>\(Estimate.text(minutes: value))</option>"
        }.joined()
    }

    // MARK: quick add

    private static func quickAddQuery(_ quickAdd: QuickAddViewModel, from: String) -> String {
        var query = self.query(from)
        switch quickAdd.context {
        case .project(let name): query += "&project=" + HTML.urlComponent(name)
        case .dueDate(let date): query += "&due=" + date.iso
        case .none: break
        }
        return query
    }

    /// The popup on list pages: opened by the script, its sections loaded through the API
    /// on first open.
    private static func quickAddDialog(_ quickAdd: QuickAddViewModel, from: String) -> String {
        """
        <dialog id="quick-add-dialog" aria-labelledby="quick-add-heading" data-testid="quick-add-dialog">
        <h2 id="quick-add-heading">New task</h2>
        \(quickAddForm(quickAdd, from: from, inDialog: true))
        </dialog>

        """
    }

    /// The quick-add page: the same form without a script, sections loaded by the server.
    static func quickAddPage(_ quickAdd: QuickAddViewModel, from: String, error: String? = nil) -> String {
        let header = "<span class=\"bar-start\"><a href=\"\(a(from))\" data-testid=\"back\">‹ Back</a></span><h1>New task</h1><span class=\"bar-end\"></span>"
        var main = ""
        if let error { main += "<p class=\"message error\" role=\"alert\" data-testid=\"form-error\">\(t(error))</p>\n" }
        main += quickAddForm(quickAdd, from: from, inDialog: false)
        return Page(title: "New task — Todo", header: header, main: main, stylesheets: stylesheets, scripts: scripts).render()
    }

    private static func quickAddForm(_ quickAdd: QuickAddViewModel, from: String, inDialog: Bool) -> String {
        var context = ""
        switch quickAdd.context {
        case .project(let name): context = " data-context-project=\"\(a(name))\""
        case .dueDate(let date): context = " data-context-due=\"\(date.iso)\""
        case .none: break
        }
        var html = """
            <form method="post" action="/quick-add" class="quick-add" id="quick-add-form" data-testid="quick-add-form"\(context)>
            <input type="hidden" name="from" value="\(a(from))">
            <label for="quick-text\(inDialog ? "" : "-page")">Title on the first line, then a description</label>
            <textarea id="quick-text\(inDialog ? "" : "-page")" name="text" rows="3" data-testid="quick-add-text" autofocus>\(t(quickAdd.text))</textarea>

            """
        for section in quickAdd.sections {
            let kind = section.kind.rawValue
            html += """
                <fieldset class="quick-section" data-section="\(kind)" data-error-message="\(a(section.kind.errorMessage))" data-testid="quick-section-\(kind)">
                <legend>\(t(section.kind.title))</legend>
                <div class="options" data-testid="quick-options-\(kind)">\(inDialog ? "" : quickAddOptions(section))</div>
                </fieldset>

                """
        }
        html += """
            <div class="form-actions">
            \(inDialog
                ? "<button type=\"button\" data-close-dialog data-testid=\"quick-add-cancel\">Cancel</button>"
                : "<a class=\"button\" href=\"\(a(from))\" data-testid=\"quick-add-cancel\">Cancel</a>")
            <button type="submit" class="save" data-testid="quick-add-save">Save</button>
            </div>
            </form>
            """
        return html
    }

    /// A loaded section's choices as radio buttons (single) or checkboxes (multiple).
    static func quickAddOptions(_ section: QuickAddSection) -> String {
        let kind = section.kind.rawValue
        switch section.state {
        case .notLoaded:
            return ""
        case .empty(let message):
            return "<p class=\"section-note\" data-testid=\"quick-empty-\(kind)\">\(t(message))</p>"
        case .failed(let message):
            return "<p class=\"section-note error\" role=\"alert\" data-testid=\"quick-error-\(kind)\">\(t(message))</p>"
        case .loaded(let options):
            let single = section.kind.selectionMode == .single
            var html = ""
            if single {
                let none = section.selection.selected.isEmpty
                html += "<label><input type=\"radio\" name=\"\(kind)\" value=\"\"\(none ? " checked" : "") data-testid=\"quick-option-\(kind)-none\"> None</label>"
            }
            for option in options {
                let checked = section.selection.isSelected(option.id) ? " checked" : ""
                html += "<label><input type=\"\(single ? "radio" : "checkbox")\" name=\"\(kind)\" value=\"\(a(option.id))\"\(checked) data-testid=\"quick-option-\(kind)-\(a(option.id))\"> \(t(option.label))</label>"
            }
            return html
        }
    }

    // MARK: conflict and errors

    static func conflict(mine: ItemFormViewModel, current: TodoItem, from: String) -> String {
        ConflictPage.render(mine: mine, current: current, from: from)
    }

    static func errorPage(title: String, message: String) -> String {
        let header = "<span class=\"bar-start\"><a href=\"/\" data-testid=\"back\">‹ All items</a></span><h1>\(t(title))</h1><span class=\"bar-end\"></span>"
        let main = "<p class=\"message error\" role=\"alert\" data-testid=\"error-message\">\(t(message))</p>"
        return Page(title: "\(title) — Todo", header: header, main: main, stylesheets: stylesheets).render()
    }
}

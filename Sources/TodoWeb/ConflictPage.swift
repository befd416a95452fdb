import Foundation
import TodoCore
import TodoPresentation
import WebUI

/// The page an edit lands on when the item changed since the form was opened: both values of
/// every field side by side, and the choice — keep mine (saves the form over the current
/// version) or keep theirs (discards the form). Nothing is saved until the user chooses.
enum ConflictPage {
    static func render(mine form: ItemFormViewModel, current: TodoItem, from: String) -> String {
        let id = current.id.lowercasedText
        let mine = form.values, theirs = ItemFormValues(current)
        let header = """
            <span class="bar-start"><a href="\(HTML.attribute(from))" data-testid="back">‹ Back</a></span>\
            <h1>Changed elsewhere</h1><span class="bar-end"></span>
            """
        var rows = ""
        for (theirsRow, mineRow) in zip(theirs.rows, mine.rows) {
            let (key, label, now) = theirsRow
            let differs = now != mineRow.2
            rows += """
                <tr data-testid="conflict-row-\(key)"\(differs ? " class=\"differs\" data-differs" : "")>\
                <th scope="row">\(HTML.text(label))</th>\
                <td data-testid="theirs-\(key)">\(HTML.text(now))</td>\
                <td data-testid="mine-\(key)">\(HTML.text(mineRow.2))</td></tr>

                """
        }
        let main = """
            <p class="message" role="alert" data-testid="conflict">“\(HTML.text(current.title))” was changed \
            since you opened it (it is now at version \(current.version)). Nothing was saved yet: choose which \
            version to keep.</p>
            <table class="conflict" data-testid="conflict-table">
            <thead><tr><th scope="col">Field</th><th scope="col">Now</th><th scope="col">Yours</th></tr></thead>
            <tbody>
            \(rows)</tbody>
            </table>
            <div class="form-actions">
            <form method="post" action="/items/\(id)" data-testid="keep-mine-form">
            <input type="hidden" name="from" value="\(HTML.attribute(from))">
            <input type="hidden" name="version" value="\(current.version)">
            \(mine.hiddenFields)
            <button type="submit" class="save" data-testid="keep-mine">Keep mine</button>
            </form>
            <a class="button" href="\(HTML.attribute(from))" data-testid="keep-theirs">Keep theirs</a>
            <a class="button" href="/items/\(id)/edit?from=\(HTML.attribute(HTML.urlComponent(from)))" \
            data-testid="reopen">Edit the current version</a>
            </div>
            """
        return Page(
            title: "Changed elsewhere — Todo", header: header, main: main,
            stylesheets: TodoPages.stylesheets
        ).render()
    }
}

/// One side of the comparison: the fields as the form holds them (text as typed).
extension ItemFormValues {
    /// (test id, label, shown value) for every field.
    fileprivate var rows: [(String, String, String)] {
        let location = locationName.isEmpty && latitude.isEmpty
            ? "" : locationName + (latitude.isEmpty ? "" : " (\(latitude), \(longitude))")
        return [
            ("title", "Title", title), ("details", "Details", details), ("due", "Due date", dueDate),
            ("location", "Location", location), ("project", "Project", projectName), ("estimate", "Estimate", estimate),
            ("repeat", "Repeat days", repeatDays.ordered.map(\.shortName).joined(separator: ", ")),
            ("done", "Done", isDone ? "Yes" : "No"),
        ]
    }

    /// The form fields that submit these values.
    fileprivate var hiddenFields: String {
        var fields: [(String, String)] = [
            ("title", title), ("details", details), ("dueDate", dueDate), ("locationName", locationName),
            ("latitude", latitude), ("longitude", longitude), ("project", projectName), ("estimate", estimate),
        ]
        fields += repeatDays.ordered.map { ("repeat", $0.rawValue) }
        if isDone { fields.append(("done", "1")) }
        return fields.map { "<input type=\"hidden\" name=\"\($0.0)\" value=\"\(HTML.attribute($0.1))\">" }
            .joined(separator: "\n")
    }
}

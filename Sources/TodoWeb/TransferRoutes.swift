import Foundation
import HTTPTypes
import Hummingbird
import TodoCore
import TodoInterop
import TodoPresentation
import WebUI

/// Export and import, on the web: `GET /api/export?format=…` downloads the list,
/// `POST /api/import?format=…[&dryRun=1]` takes a file as the body, and the page
/// `/import-export` does both with plain forms.
struct TransferRoutes: Sendable {
    let store: any TodoStore

    func register(on router: Router<BasicRequestContext>) {
        router.get("/api/export") { request, _ in
            do {
                let format = try Self.format(request.uri.queryParameters.get("format"))
                let store = self.store
                // Written while the list is read, a batch at a time (HARDEN-7). A failure after
                // the first bytes can only cut the download short.
                return Response(
                    status: .ok,
                    headers: [
                        .contentType: format.mediaType,
                        .contentDisposition: "attachment; filename=\"todo.\(format.fileExtension)\"",
                    ],
                    body: ResponseBody { writer in
                        try await TransferViewModel(store: store).export(format) { part in
                            try await writer.write(ByteBuffer(string: part))
                        }
                        try await writer.finish(nil)
                    })
            } catch {
                throw APIError.from(error)
            }
        }
        router.post("/api/import") { request, _ in
            do {
                let format = try Self.format(request.uri.queryParameters.get("format"))
                let dryRun = request.uri.queryParameters.get("dryRun") == "1"
                let data = Data(buffer: try await WebFormat.body(of: request))
                let report = try await TransferViewModel(store: store)
                    .importData(data, format: format, source: "the file", dryRun: dryRun)
                return try WebFormat.json(ImportReportBody(report))
            } catch let refusal as ImportRefusal {
                throw APIError(.unprocessableContent, refusal.message)
            } catch {
                throw APIError.from(error)
            }
        }
        router.get("/import-export") { _, _ in
            WebFormat.html(TransferPages.page())
        }
        router.post("/import-export") { request, _ in
            let fields = try await WebFormat.form(of: request)
            let contents = fields["contents"] ?? ""
            let chosen = InteropFormat(rawValue: fields["format"] ?? "")
            guard let format = chosen else {
                return WebFormat.html(
                    TransferPages.page(contents: contents, error: "Choose a format: \(InteropFormat.namesForMessages)."),
                    status: .unprocessableContent)
            }
            do {
                let report = try await TransferViewModel(store: store).importData(
                    Data(contents.utf8), format: format, source: "the pasted text", dryRun: fields["dryRun"] == "1")
                return WebFormat.html(TransferPages.page(format: format, report: report))
            } catch let refusal as ImportRefusal {
                return WebFormat.html(
                    TransferPages.page(format: format, contents: contents, error: refusal.message),
                    status: .unprocessableContent)
            } catch {
                throw PageError.from(error)
            }
        }
    }

    private static func format(_ name: String?) throws -> InteropFormat {
        guard let name, let format = InteropFormat(rawValue: name) else {
            throw APIError(.badRequest, "Give ?format= one of \(InteropFormat.namesForMessages).")
        }
        return format
    }
}

/// An import's outcome as JSON: the counts, the headline, and each item's change.
struct ImportReportBody: Encodable {
    struct Entry: Encodable { let id: String; let title: String; let change: String; let fields: [String] }
    let dryRun: Bool, added: Int, updated: Int, unchanged: Int
    let message: String
    let entries: [Entry]

    init(_ report: ImportReport) {
        dryRun = report.dryRun
        added = report.summary.added
        updated = report.summary.updated
        unchanged = report.summary.unchanged
        message = report.headline
        entries = report.summary.entries.map { entry in
            let (change, fields): (String, [String]) = switch entry.change {
            case .added: ("added", [])
            case .updated(let fields): ("updated", fields.map(\.rawValue))
            case .unchanged: ("unchanged", [])
            }
            return Entry(id: entry.id.lowercasedText, title: entry.title, change: change, fields: fields)
        }
    }
}

enum TransferPages {
    static func page(
        format: InteropFormat = .json, contents: String = "", report: ImportReport? = nil, error: String? = nil
    ) -> String {
        let header = """
            <span class="bar-start"><a href="/" data-testid="back">‹ All items</a></span>
            <h1>Import and export</h1><span class="bar-end"></span>
            """
        var main = "<section aria-labelledby=\"export-heading\"><h2 id=\"export-heading\">Export</h2>\n<ul class=\"exports\">"
        for option in InteropFormat.allCases {
            main += "<li><a href=\"/api/export?format=\(option.rawValue)\" download data-testid=\"export-\(option.rawValue)\">\(HTML.text(label(option)))</a></li>"
        }
        main += "</ul></section>\n<section aria-labelledby=\"import-heading\"><h2 id=\"import-heading\">Import</h2>\n"
        if let report {
            main += "<div class=\"message\" role=\"status\" data-testid=\"import-report\"><p>\(HTML.text(report.headline))</p>"
            if !report.changes.isEmpty {
                main += "<ul>" + report.changes.map { "<li>\(HTML.text($0))</li>" }.joined() + "</ul>"
            }
            main += "</div>\n"
        }
        if let error {
            main += "<p class=\"message error\" role=\"alert\" data-testid=\"import-error\">\(HTML.text(error))</p>\n"
        }
        let choices = InteropFormat.allCases.map { option in
            "<option value=\"\(option.rawValue)\"\(option == format ? " selected" : "")>\(HTML.text(label(option)))</option>"
        }.joined()
        main += """
            <form method="post" action="/import-export" class="item-form" data-testid="import-form">
            <p>Items whose id is already in the list are updated; the rest are added. A file with a
            mistake changes nothing.</p>
            <div class="field"><label for="format">Format</label>
            <select id="format" name="format" data-testid="import-format">\(choices)</select></div>
            <div class="field"><label for="contents">The file's contents</label>
            <textarea id="contents" name="contents" rows="10" data-testid="import-contents">\(HTML.text(contents))</textarea></div>
            <div class="field switch"><label><input type="checkbox" name="dryRun" value="1" data-testid="import-dry-run"> Only show what would change</label></div>
            <div class="form-actions"><a class="button" href="/" data-testid="cancel">Cancel</a>
            <button type="submit" class="save" data-testid="import-submit">Import</button></div>
            </form>
            </section>
            """
        return Page(title: "Import and export — Todo", header: header, main: main,
                    stylesheets: TodoPages.stylesheets, scripts: TodoPages.scripts).render()
    }

    private static func label(_ format: InteropFormat) -> String {
        switch format {
        case .json: "JSON (everything, for this app)"
        case .csv: "CSV (spreadsheets)"
        case .todotxt: "todo.txt"
        case .taskwarrior: "Taskwarrior"
        case .ics: "iCalendar (.ics)"
        }
    }
}

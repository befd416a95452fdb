import Foundation
import HTTPTypes
import Hummingbird
import Localization
import TodoCore
import TodoInterop
import TodoPresentation
import WebUI

/// Export and import, on the web: `GET /api/export?format=…` downloads the list,
/// `POST /api/import?format=…[&dryRun=1]` takes a file as the body, and the page
/// `/import-export` does both with plain forms.
struct TransferController: Sendable {
    let stores: RequestStore
    let views: TodoViews

    func register(on router: Router<TodoRequestContext>) {
        router.get("/api/export", use: export)
        router.post("/api/import", use: importFile)
        router.get("/import-export", use: page)
        router.post("/import-export", use: importPasted)
    }

    @Sendable func export(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let format = try Self.format(request.uri.queryParameters.get("format"))
        let store = try stores.current(context)
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
    }

    @Sendable func importFile(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let format = try Self.format(request.uri.queryParameters.get("format"))
        let dryRun = request.uri.queryParameters.get("dryRun") == "1"
        let data = Data(buffer: try await WebFormat.body(of: request))
        do {
            let report = try await TransferViewModel(store: try stores.current(context))
                .importData(data, format: format, source: "the file", dryRun: dryRun)
            return try WebFormat.json(ImportReportBody(report))
        } catch let refusal as ImportRefusal {
            throw APIError(.unprocessableContent, refusal.message)
        }
    }

    @Sendable func page(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        views.page(TransferPageView(frame: frame(request, context)))
    }

    /// The import form: pasted text or a chosen file (a multipart form, IMPORT-2), the format
    /// chosen or detected (IMPORT-1), and a dry run that keeps the text in the box (IMPORT-3).
    @Sendable func importPasted(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let fields = try await ImportFields.read(request)
        var contents = fields.contents
        var data = Data(contents.utf8)
        let language = LanguageChoice.of(request)
        let words = TodoViews.strings(language)
        var source = words("transfer.source.pasted")
        if let file = fields.file {
            data = file.bytes
            source = words("transfer.source.file", ["name": file.name])
            // The file's text goes in the box, so a dry run can be followed by Import.
            if let text = try? InteropFormat.text(from: data) { contents = text }
        }
        let chosen = fields.format ?? ""
        let format = InteropFormat(rawValue: chosen)
        guard format != nil || chosen.isEmpty || chosen == TransferPageView.detect else {
            let view = TransferPageView(
                contents: contents, dryRun: fields.dryRun,
                error: words("transfer.choose-format"), frame: frame(request, context))
            return views.page(view, status: .unprocessableContent)
        }
        do {
            let report = try await TransferViewModel(store: try stores.current(context), language: language).importData(
                data, format: format, source: source, dryRun: fields.dryRun)
            let view = TransferPageView(
                format: format, contents: fields.dryRun ? contents : "", dryRun: fields.dryRun, report: report,
                frame: frame(request, context))
            return views.page(view)
        } catch let refusal as ImportRefusal {
            let view = TransferPageView(
                format: format, contents: contents, dryRun: fields.dryRun, error: refusal.message, frame: frame(request, context))
            return views.page(view, status: .unprocessableContent)
        }
    }

    private func frame(_ request: Request, _ context: TodoRequestContext) -> PageFrame {
        views.frame(TodoViews.strings(LanguageChoice.of(request))("transfer.title"), request, context.account)
    }

    private static func format(_ name: String?) throws -> InteropFormat {
        guard let name, let format = InteropFormat(rawValue: name) else {
            throw APIError(.badRequest, "Give ?format= one of \(InteropFormat.namesForMessages).")
        }
        return format
    }
}

/// An import's outcome as JSON: the counts, the headline, and the first items' changes
/// (`ImportReport.shownChanges`; `more` counts the others, HARDEN-22).
struct ImportReportBody: Encodable {
    struct Entry: Encodable { let id: String; let title: String; let change: String; let fields: [String] }
    let dryRun: Bool, added: Int, updated: Int, unchanged: Int
    let message: String
    let entries: [Entry]
    let more: Int

    init(_ report: ImportReport) {
        dryRun = report.dryRun
        added = report.summary.added
        updated = report.summary.updated
        unchanged = report.summary.unchanged
        message = report.headline
        more = max(0, report.summary.entries.count - ImportReport.shownChanges)
        entries = report.summary.entries.prefix(ImportReport.shownChanges).map { entry in
            let (change, fields): (String, [String]) = switch entry.change {
            case .added: ("added", [])
            case .updated(let fields): ("updated", fields.map(\.rawValue))
            case .unchanged: ("unchanged", [])
            }
            return Entry(id: entry.id.lowercasedText, title: entry.title, change: change, fields: fields)
        }
    }
}

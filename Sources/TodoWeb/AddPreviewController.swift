import Foundation
import Hummingbird
import TodoCore
import TodoPresentation
import WebUI

/// What an add field's words will store, shown under the field (WORDS-19): the title and a
/// chip per value, rendered by `add-preview.mustache` both inside the pages and for the script.
struct AddPreviewView {
    struct Chip { let kind, label, words: String }
    let title: String
    let summary: String
    let hasChips: Bool
    let chips: [Chip]

    init(_ preview: PlainWordsPreview) {
        title = preview.title
        summary = preview.summary
        hasChips = !preview.chips.isEmpty
        chips = preview.chips.map { Chip(kind: $0.kind, label: $0.label, words: $0.words) }
    }
}

/// `GET /add/preview?text=…`: the chips for what is typed so far, as a fragment. The add fields'
/// script asks for it while a person types; the words are read here, never in the script.
struct AddPreviewController: Sendable {
    let page: PageContext

    func register(on router: Router<TodoRequestContext>) {
        router.get("/add/preview", use: preview)
    }

    @Sendable func preview(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let text = request.uri.queryParameters.get("text") ?? ""
        let language = LanguageChoice.of(request)
        let view = AddPreviewView(PlainWordsPreview(text: text, today: page.today(context)(), language: language))
        return .html(page.views.templates.render(view, "add-preview", language: language), headers: [.cacheControl: "no-store"])
    }
}

import Foundation
import Hummingbird
import TodoCore
import TodoPresentation
import WebUI

/// The body of `POST /items/:id/move`: where to (one of them), and the page to come back to.
struct MoveForm: Decodable {
    var from: String?
    /// The neighbour it was dropped after / before (an item id).
    var after: String?
    var before: String?
    /// 0-based index in the item's full section.
    var to: String?
    /// `up` or `down`.
    var direction: String?
}

/// Reordering inside a section (MOVE-1): the rows' drag handles and Alt+arrows, and the details
/// page's Move up / Move down, all post here and come back to `from` (303).
struct MoveController: Sendable {
    let page: PageContext

    func register(on router: Router<TodoRequestContext>) {
        router.post("/items/:id/move", use: move)
    }

    @Sendable func move(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let raw = try context.parameters.require("id")
        guard let id = UUID(uuidString: raw) else { throw TodoPresentationError.itemNotFound }
        let fields = try await WebFormat.form(MoveForm.self, of: request)
        let place = try Self.place(fields)
        return try await page.refusingViewOnly(back: fields.from) {
            try await ItemMoveViewModel(store: page.store(context), id: id, language: LanguageChoice.of(request)).move(to: place)
            return page.back(to: fields.from)
        }
    }

    private static func place(_ fields: MoveForm) throws -> ItemMoveViewModel.Place {
        func neighbour(_ text: String) throws -> UUID {
            guard let id = UUID(uuidString: text) else { throw PageError(.badRequest, key: "error.move.not-an-id", ["text": text]) }
            return id
        }
        if let after = fields.after, !after.isEmpty { return .after(try neighbour(after)) }
        if let before = fields.before, !before.isEmpty { return .before(try neighbour(before)) }
        if let to = fields.to, !to.isEmpty {
            guard let index = Int(to), index >= 0 else {
                throw PageError(.badRequest, key: "error.move.not-a-place", ["text": to])
            }
            return .index(index)
        }
        switch fields.direction {
        case "up": return .up
        case "down": return .down
        default: throw PageError(.badRequest, key: "error.move.where")
        }
    }
}

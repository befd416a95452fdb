import Foundation
import Hummingbird
import TodoPresentation
import WebUI

// The bodies the pages' forms send, decoded by Hummingbird's `URLEncodedFormDecoder`.
// Every field is optional: a form that leaves one out means "empty", as browsers do for
// unchecked boxes. Checkbox groups use `name[]`.

/// The add and edit form (`POST /items`, `POST /items/:id`) and the inline add field: the
/// item's controls (`FormControl.all`) by their names, and the same with `base` before them.
struct ItemForm: Decodable {
    var from: String?
    var version: String?
    /// `1`: read the title as plain words (the add fields, WORDS-16, WORDS-17).
    var words: String?
    /// The values the form shows.
    var values = ItemFormValues()
    /// The values the edit form showed when it was opened (`base=1` says they are there), so a
    /// save over a newer version can merge field by field (MERGE-1); nil when it did not send
    /// them (MERGE-5).
    var baseValues: ItemFormValues?

    private struct Key: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let form = try decoder.container(keyedBy: Key.self)
        func text(_ name: String) throws -> String? { try form.decodeIfPresent(String.self, forKey: Key(stringValue: name)) }
        /// A control's values, sent as `name` (a group as `name[]`).
        func sent(_ control: FormControl, as name: String) throws -> [String] {
            if case .checkboxes = control.kind { return try form.decodeIfPresent([String].self, forKey: Key(stringValue: name)) ?? [] }
            return try text(name).map { [$0] } ?? []
        }
        from = try text("from")
        version = try text("version")
        words = try text("words")
        var base = ItemFormValues()
        for control in FormControl.all {
            values[all: control.name] = try sent(control, as: control.name)
            base[all: control.name] = try sent(control, as: HiddenField.baseName(control.name))
        }
        baseValues = try text("base") == "1" ? base : nil
    }
}

/// A row's check control or the details page's (`POST /items/:id/done`), and delete.
struct RowActionForm: Decodable {
    var from: String?
    var done: String?
}

/// "Show unfinished only".
struct PreferenceForm: Decodable {
    var from: String?
    var on: String?
}

/// The quick-add popup and page: the text, and each section's choice.
struct QuickAddForm: Decodable {
    var from: String?
    var text: String?
    var project: String?
    var dueDate: String?
    var estimate: String?
    var repeatDays: [String]?
    /// `1`: read the title line as plain words (WORDS-18).
    var words: String?
}

/// The import form on `/import-export`.
struct ImportForm: Decodable {
    var format: String?
    var contents: String?
    var dryRun: String?
}

extension WebFormat {
    /// The form in the body, at most 1 MiB, as UTF-8 text (bytes that are not would be stored
    /// as replacement characters, silently changing what was sent), its line breaks as LF.
    static func form<Form: Decodable>(_ type: Form.Type, of request: Request) async throws -> Form {
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        guard contentType.hasPrefix("application/x-www-form-urlencoded") else {
            throw PageError(.unsupportedMediaType, key: "error.form.media-type")
        }
        return try form(type, from: try await body(of: request))
    }

    /// The form in `buffer` (a URL-encoded body): as `form(_:of:)`, once the body is read.
    static func form<Form: Decodable>(_ type: Form.Type, from buffer: ByteBuffer) throws -> Form {
        guard let text = String(validating: buffer.readableBytesView, as: UTF8.self),
              FormEncoding.decode(text) != nil
        else {
            throw PageError(.badRequest, key: "error.form.utf8")
        }
        // Browsers send a textarea's line breaks as CR LF (%0D%0A); the store keeps LF like
        // the CLI and the API do.
        let normalized = text.replacingOccurrences(of: "%0D%0A", with: "%0A", options: .caseInsensitive)
            .replacingOccurrences(of: "%0D", with: "%0A", options: .caseInsensitive)
        do {
            return try URLEncodedFormDecoder().decode(Form.self, from: normalized)
        } catch {
            throw PageError(.badRequest, key: "error.form.malformed")
        }
    }
}

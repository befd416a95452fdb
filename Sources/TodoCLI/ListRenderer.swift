import Foundation
import TodoCore
import TodoPresentation

/// Turns ViewModels into terminal text or the stable JSON shapes.
enum ListRenderer {
    private static let bold = "\u{1B}[1m", dim = "\u{1B}[2m", strike = "\u{1B}[9m", reset = "\u{1B}[0m"

    /// Two sections under their headers, rows numbered; done rows struck through on a
    /// terminal and marked `[x]` otherwise.
    static func text(_ list: TodoListViewModel, styled: Bool) -> String {
        var out = ""
        if list.scope != .all { out += (styled ? bold + list.title + reset : list.title) + "\n" }
        if list.isEmpty {
            let message = list.scope == .all && list.totalCount == 0
                ? "Nothing to do yet. Add your first item with: todo add \"Title\"" : list.emptyMessage
            return out + message + "\n"
        }
        let width = String(list.rows.map(\.number).max() ?? 1).count
        for section in list.sections {
            out += (styled ? bold + section.headerTitle + reset : section.headerTitle) + "\n"
            for row in section.rows {
                let number = String(repeating: " ", count: width - String(row.number).count) + String(row.number)
                let title = row.isStruckThrough && styled ? strike + row.title + reset : row.title
                var line = "  \(number). [\(row.isDone ? "x" : " ")] \(title)"
                let extras = [row.locationName, row.dueDateText.map { "due \($0)" }].compactMap { $0 }
                if !extras.isEmpty {
                    let text = extras.joined(separator: ", ")
                    line += styled ? "  \(dim)\(text)\(reset)" : "  (\(text))"
                }
                out += line + "\n"
            }
        }
        return out
    }

    static func details(_ details: ItemDetailViewModel) -> String {
        var out = details.title + "\n"
        var fields = details.fields
        if let item = details.item {
            fields.append(DetailField(label: "Id", value: item.id.uuidString.lowercased()))
        }
        let width = fields.map(\.label.count).max() ?? 0
        for field in fields {
            let label = field.label + String(repeating: " ", count: width - field.label.count)
            let value = field.value.replacingOccurrences(of: "\n", with: "\n  " + String(repeating: " ", count: width + 2))
            out += "  \(label)  \(value)\n"
        }
        return out
    }

    /// `{"todo": [ITEM…], "done": [ITEM…]}`.
    static func json(_ list: TodoListViewModel) throws -> String {
        struct Sections: Encodable { let todo: [TodoItem]; let done: [TodoItem] }
        let items = list.rows.map(\.item)
        return try json(Sections(todo: items.filter { !$0.isDone }, done: items.filter(\.isDone)))
    }

    static func json(_ value: some Encodable) throws -> String {
        String(decoding: try TodoJSON.encoder(pretty: true).encode(value), as: UTF8.self) + "\n"
    }
}

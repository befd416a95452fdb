import Foundation
public import Localization
import TodoCore

/// The tags in use (docs/specs/tags.md, TAG-16): each with its number of items, by name in the
/// screen's language's order, or what to do when there are none.
public struct TagsViewModel: Sendable {
    /// One tag: its name, as typed (`+errands`), and how many items have it, worded.
    public struct Row: Hashable, Sendable {
        public let name: String
        public let sign: String
        public let countText: String
    }

    public let rows: [Row]
    public let language: Language

    /// Reads the tags of `store`.
    public init(store: any TodoListReadModel, language: Language = .english) async throws {
        let words = TodoWords.strings(language)
        let tags = try await store.tags()
        let counts = Dictionary(tags.map { ($0.name, $0.count) }, uniquingKeysWith: +)
        // The store gives English's order; Chinese and Japanese sort by their collation (LANG-8).
        let names = language == .english ? tags.map(\.name) : words.sorted(tags.map(\.name))
        rows = names.map { name in
            let count = counts[name] ?? 0
            return Row(name: name, sign: Strings.tagSign(name), countText: words.plural("tags.count", count: count, ["count": String(count)]))
        }
        self.language = language
    }

    private var words: Strings { TodoWords.strings(language) }
    public var title: String { words("tags.title") }
    public var isEmpty: Bool { rows.isEmpty }
    /// What to do when no item has a tag.
    public var emptyMessage: String { words("tags.empty") }
}

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
        rows = Self.ordered(try await store.tags(), in: language).map { tag in
            Row(name: tag.name, sign: Strings.tagSign(tag.name), countText: words.plural("tags.count", count: tag.count, ["count": String(tag.count)]))
        }
        self.language = language
    }

    /// The tags in the order a screen in `language` lists them (LANG-8): the store's, by name,
    /// in English; by the language's collation in Chinese and Japanese. `todo tags` uses it too.
    public static func ordered(_ tags: [TagCount], in language: Language) -> [TagCount] {
        guard language != .english else { return tags }
        let counts = Dictionary(tags.map { ($0.name, $0.count) }, uniquingKeysWith: +)
        return TodoWords.strings(language).sorted(tags.map(\.name)).map { TagCount(name: $0, count: counts[$0] ?? 0) }
    }

    private var words: Strings { TodoWords.strings(language) }
    public var title: String { words("tags.title") }
    public var isEmpty: Bool { rows.isEmpty }
    /// What to do when no item has a tag.
    public var emptyMessage: String { words("tags.empty") }
}

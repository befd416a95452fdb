import ArgumentParser
import TodoCore
import TodoPresentation

/// `todo search TEXT`: the items that contain every word, as `todo list` prints them (FIND-9).
struct Search: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Show the items whose title, details, project or location contain every word of TEXT.")

    @Argument(help: "What to look for (words are joined with spaces; case is ignored).") var text: [String]
    @Flag(help: "Hide the Done section.") var unfinished = false
    @Flag(help: "Print {\"todo\": [ITEM…], \"done\": [ITEM…]}.") var json = false
    @OptionGroup var store: ListOptions

    func validate() throws {
        let query = text.joined(separator: " ")
        if query.allSatisfy(\.isWhitespace) { throw CLIWords.refusal("cli.validate.search-empty") }
        if query.count > TodoFilter.maxTextLength {
            throw CLIWords.refusal("cli.validate.search-too-long", ["max": String(TodoFilter.maxTextLength)])
        }
    }

    func run(in context: CLIContext) async throws {
        let list = TodoListViewModel(
            store: try await store.open(context), scope: .search(text.joined(separator: " ")),
            preferences: InMemoryListPreferences(showUnfinishedOnly: unfinished), today: context.today,
            language: context.language)
        if json {
            context.writeOut(try await ListRenderer.json(list))
        } else {
            try await ListRenderer.text(list, words: context.words, styled: context.styled, to: context.show)
        }
    }
}

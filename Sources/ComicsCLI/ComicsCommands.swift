public import ArgumentParser
import ComicsCore
import ComicsPresentation
import Localization

/// `comics` — browse Marvel comics and their characters, or `serve` them as web pages (the
/// composition root builds the web app: ``ComicsCLIContext/serve``).
public struct ComicsCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "comics",
        abstract: "Browse Marvel comics and their characters.",
        discussion: "\(Attribution.marvel)",
        subcommands: [ServeCommand.self, List.self, Search.self, Characters.self])

    public init() {}
}

/// A subcommand that runs in a ``ComicsCLIContext`` (the executable's, or a test's).
public protocol ComicsRunnable {
    /// Returns the exit status.
    func run(in context: ComicsCLIContext) async throws -> Int32
}

extension ComicsCommand {
    /// Parses `arguments` with `Root`, then runs the chosen subcommand in `context`. Returns the exit status;
    /// help, usage errors and validation errors are printed by ArgumentParser's own rules.
    public static func run<Root: ParsableCommand>(
        _ root: Root.Type, _ arguments: [String], context: ComicsCLIContext
    ) async -> Int32 {
        let language = context.language
        let command: any ParsableCommand
        do {
            // LANG-3: `validate()` words its errors in the terminal's language.
            command = try ComicsCLIWords.$language.withValue(language) { try root.parseAsRoot(arguments) }
        } catch {
            let code = root.exitCode(for: error)
            let message = context.words.rewordingFirstLine(of: root.fullMessage(for: error), key: "comics.cli.error")
            if code == .success { context.writeOut(message + "\n") } else { context.writeErr(message + "\n") }
            return code.rawValue
        }
        guard let runnable = command as? any ComicsRunnable else {
            context.writeOut(root.helpMessage() + "\n")
            return 0
        }
        do {
            return try await ComicsCLIWords.$language.withValue(language) { try await runnable.run(in: context) }
        } catch {
            let code = root.exitCode(for: error)
            context.writeErr(context.words.rewordingFirstLine(of: root.fullMessage(for: error), key: "comics.cli.error") + "\n")
            return code == .success ? 1 : code.rawValue
        }
    }

    /// `comics list` — the comics, grouped by first letter.
    public struct List: ParsableCommand, ComicsRunnable {
        public static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the comics grouped by first letter.")

        @Flag(help: "Print {\"groups\":[{\"comics\":[{\"id\":…,\"title\":…}],\"letter\":…}]}.") public var json = false
        @OptionGroup public var paging: PagingOptions
        @OptionGroup public var source: SourceOptions

        public init() {}

        public func run(in context: ComicsCLIContext) async throws -> Int32 {
            let (comicsSource, options) = try source.open(in: context, search: nil)
            return await ComicsCLI(context: context).list(
                source: comicsSource, json: json, pages: paging.pages, options: options)
        }
    }

    /// `comics search TEXT` — the comics whose title contains TEXT (COMICS-FIND-1).
    public struct Search: ParsableCommand, ComicsRunnable {
        public static let configuration = CommandConfiguration(
            commandName: "search", abstract: "List the comics whose title contains TEXT, grouped by first letter.")

        @Argument(help: "Words of the title (Metron searches the series name).") public var text: String
        @Flag(help: "Print {\"groups\":[{\"comics\":[{\"id\":…,\"title\":…}],\"letter\":…}]}.") public var json = false
        @OptionGroup public var paging: PagingOptions
        @OptionGroup public var source: SourceOptions

        public init() {}

        public func validate() throws {
            guard TitleSearch.normalized(text) != nil else { throw ValidationError(ComicsCLIWords.current("comics.cli.search.empty")) }
        }

        public func run(in context: ComicsCLIContext) async throws -> Int32 {
            let (comicsSource, options) = try source.open(in: context, search: text)
            return await ComicsCLI(context: context).list(
                source: comicsSource, json: json, pages: paging.pages, options: options,
                command: "comics search \(Self.quoted(text))")
        }

        static func quoted(_ text: String) -> String {
            text.contains(where: { $0.isWhitespace || "'\"$`\\".contains($0) })
                ? "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" : text
        }
    }

    /// `comics characters ID` — a comic's characters under its name.
    public struct Characters: ParsableCommand, ComicsRunnable {
        public static let configuration = CommandConfiguration(
            commandName: "characters", abstract: "Show the characters of a comic, sorted by name.")

        @Argument(help: "The comic's id (as shown by `comics list`).") public var id: Int
        @Flag(help: "Print {\"characters\":[{\"id\":…,\"name\":…}],\"title\":…}.") public var json = false
        @OptionGroup public var source: SourceOptions

        public init() {}

        public func run(in context: ComicsCLIContext) async throws -> Int32 {
            let (comicsSource, options) = try source.open(in: context, search: nil)
            return await ComicsCLI(context: context).characters(ofComic: id, source: comicsSource, json: json, options: options)
        }
    }
}

/// `--page K` / `--all` (COMICS-PAGE-2).
public struct PagingOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Print this page of the list (1 is the first).", valueName: "K"))
    public var page: Int?

    @Flag(help: "Print every page (within the source's rate limit).")
    public var all = false

    public init() {}

    public func validate() throws {
        if let page, page < 1 { throw ValidationError(ComicsCLIWords.current("comics.cli.page.min")) }
        if page != nil, all { throw ValidationError(ComicsCLIWords.current("comics.cli.page.both")) }
    }

    var pages: ComicsCLI.Pages {
        if all { return .all }
        if let page { return .page(page) }
        return .first
    }
}

extension SourceOptions {
    /// The source the options chose, and how to read it: the search, the offline copy (for a source over
    /// the network), `--offline`.
    func open(in context: ComicsCLIContext, search: String?) throws -> (any ComicsSource, ComicsLoadOptions) {
        let choice = try choice(environment: context.environment)
        let copy = choice.usesOfflineCopy ? context.openOfflineCopy() : nil
        if offline, copy == nil, choice.usesOfflineCopy == false {
            throw ValidationError(ComicsCLIWords.current("comics.cli.offline.catalog"))
        }
        return (try context.openSource(choice), ComicsLoadOptions(search: search, offlineCopy: copy, offline: offline))
    }
}

public import ArgumentParser
import ComicsCore

/// `comics` — browse Marvel comics and their characters. The executable adds `serve` (the web app),
/// which is not a terminal View: `ComicsCommand.makeConfiguration(adding:)`.
public struct ComicsCommand: ParsableCommand {
    public static let configuration = makeConfiguration(adding: [])

    /// The root command's configuration with the executable's own subcommands after `list` and
    /// `characters`.
    public static func makeConfiguration(adding others: [any ParsableCommand.Type]) -> CommandConfiguration {
        CommandConfiguration(
            commandName: "comics",
            abstract: "Browse Marvel comics and their characters.",
            discussion: "\(Attribution.marvel)",
            subcommands: others + [List.self, Characters.self])
    }

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
        let command: any ParsableCommand
        do {
            command = try root.parseAsRoot(arguments)
        } catch {
            let code = root.exitCode(for: error)
            let message = root.fullMessage(for: error)
            if code == .success { context.writeOut(message + "\n") } else { context.writeErr(message + "\n") }
            return code.rawValue
        }
        guard let runnable = command as? any ComicsRunnable else {
            context.writeOut(root.helpMessage() + "\n")
            return 0
        }
        do {
            return try await runnable.run(in: context)
        } catch {
            let code = root.exitCode(for: error)
            context.writeErr(root.fullMessage(for: error) + "\n")
            return code == .success ? 1 : code.rawValue
        }
    }

    /// `comics list` — the comics, grouped by first letter.
    public struct List: ParsableCommand, ComicsRunnable {
        public static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the comics grouped by first letter.")

        @Flag(help: "Print {\"groups\":[{\"comics\":[{\"id\":…,\"title\":…}],\"letter\":…}]}.") public var json = false
        @OptionGroup public var source: SourceOptions

        public init() {}

        public func run(in context: ComicsCLIContext) async throws -> Int32 {
            let comicsSource = try context.openSource(try source.choice(environment: context.environment))
            return await ComicsCLI(context: context).list(source: comicsSource, json: json)
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
            let comicsSource = try context.openSource(try source.choice(environment: context.environment))
            return await ComicsCLI(context: context).characters(ofComic: id, source: comicsSource, json: json)
        }
    }
}

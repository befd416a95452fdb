import ArgumentParser
import Foundation
import Localization
import TodoCore
import TodoPresentation

/// Runs the `todo` command line: parses `arguments`, runs the subcommand in `context`, and
/// returns the exit code. Errors become one sentence on standard error, never a stack trace.
public enum TodoCLI {
    public static func run(_ arguments: [String], context: CLIContext) async -> Int32 {
        await run(TodoCommand.self, arguments, context: context)
    }

    /// Runs this process's own command line. An argument that is not UTF-8 would reach the
    /// commands as replacement characters, so a title would be stored other than typed: it is
    /// refused instead (exit code 64).
    public static func runCommandLine(context: CLIContext) async -> Int32 {
        for index in 1..<max(Int(CommandLine.argc), 1) {
            if let raw = CommandLine.unsafeArgv[index], String(validatingCString: raw) == nil {
                FileHandle.standardError.write(Data("todo: \(ServeText.notUTF8(argument: index, context: context))\n".utf8))
                return 64
            }
        }
        return await run(Array(CommandLine.arguments.dropFirst()), context: context)
    }

    /// Runs with another root command.
    public static func run<Root: ParsableCommand>(
        _ root: Root.Type, _ arguments: [String], context: CLIContext
    ) async -> Int32 {
        var context = context
        if let zone = CLITimeZone.named(in: arguments) { context.reckon(in: zone) }
        var command: any ParsableCommand
        do {
            // LANG-3: `validate()` words its refusals in the terminal's language.
            command = try CLIWords.$language.withValue(context.language) { try Root.parseAsRoot(arguments) }
            guard command is any CLIRunnable else {
                try command.run()  // `help` and the like: they end with a clean exit
                return 0
            }
        } catch {
            let code = Root.exitCode(for: error)
            let message = context.words.rewordingFirstLine(of: Root.fullMessage(for: error), key: "cli.error.line")
            if code == .success {
                context.show(message + "\n")
            } else {
                context.showError(message + "\n")
            }
            return code.rawValue
        }
        guard let runnable = command as? any CLIRunnable else { return 0 }
        do {
            try await runnable.run(in: context)
            return 0
        } catch {
            context.showError("todo: \(sentence(for: error, language: context.language))\n")
            return 1
        }
    }

    /// One sentence for any error, in `language` where the error has words in it (LANG-4).
    public static func sentence(for error: any Error, language: Language = .english) -> String {
        if let error = error as? TrashError { return error.message(language) }
        if let described = (error as? any LocalizedError)?.errorDescription { return described }
        return CLIWords.catalog.strings(language)("cli.error.unknown", ["error": "\(error)"])
    }
}

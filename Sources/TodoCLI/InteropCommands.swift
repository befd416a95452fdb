import ArgumentParser
import Foundation
import TodoCore
import TodoInterop
import TodoPresentation

extension InteropFormat: ExpressibleByArgument {}


// MARK: - export

struct Export: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the whole list in a format other tools read.",
        discussion: """
            Formats: json (the shared item shape, lossless), csv, todotxt (todo.txt), taskwarrior \
            (for `task import`), ics (iCalendar VTODO). Without --format, the output file's name \
            decides (.json, .csv, .txt, .taskwarrior.json, .ics); json otherwise.
            """)

    @Option(help: ArgumentHelp("json, csv, todotxt, taskwarrior or ics.", valueName: "format")) var format: InteropFormat?
    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?
    @OptionGroup var store: ListOptions

    func validate() throws {
        if format == nil, let output, output != "-", InteropFormat.guess(fileName: output) == nil {
            throw CLIWords.refusal(
                "cli.validate.format-unknown",
                ["name": output, "formats": InteropFormat.allCases.map(\.rawValue).joined(separator: "|")])
        }
    }

    func run(in context: CLIContext) async throws {
        let format = format ?? output.flatMap(InteropFormat.guess(fileName:)) ?? .json
        let transfer = TransferViewModel(store: try await store.open(context), timeZone: context.timeZone, language: context.language)
        let (text, count) = try await transfer.export(format)
        guard let output, output != "-" else {
            context.writeOut(text)
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw CLIError(context.words("cli.transfer.cant-write", ["file": output]))
        }
        context.show(context.words.plural("cli.transfer.exported", count: count, ["file": output, "format": format.rawValue]) + "\n")
    }
}

// MARK: - import

struct Import: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring items in from a file: all or nothing; items with a known id are updated.",
        discussion: """
            Formats as for export; without --format, the file's name decides. Items whose id (uuid, \
            UID) is already in the list replace it; the others are added. Items that come without \
            a place (todo.txt, CSV without an order column) go first of their section, in file order.
            """)

    @Argument(help: ArgumentHelp("The file to read, or - for standard input.", valueName: "file")) var file: String
    @Option(help: ArgumentHelp("json, csv, todotxt, taskwarrior or ics.", valueName: "format")) var format: InteropFormat?
    @Flag(name: .customLong("dry-run"), help: "Report what would change; change nothing.") var dryRun = false
    @OptionGroup var store: ListOptions

    func validate() throws {
        guard format == nil else { return }
        if file == "-" { throw CLIWords.refusal("cli.validate.format-for-stdin") }
        if InteropFormat.guess(fileName: file) == nil {
            throw CLIWords.refusal(
                "cli.validate.format-unknown",
                ["name": file, "formats": InteropFormat.allCases.map(\.rawValue).joined(separator: "|")])
        }
    }

    func run(in context: CLIContext) async throws {
        let format = format ?? InteropFormat.guess(fileName: file) ?? .json
        let source = file == "-" ? context.words("cli.transfer.stdin") : file
        let data: Data
        if file == "-" {
            data = context.readStandardInput()
        } else {
            guard let contents = FileManager.default.contents(atPath: file) else {
                throw CLIError(context.words("cli.transfer.cant-read", ["file": file]))
            }
            data = contents
        }
        let transfer = TransferViewModel(store: try await store.open(context), timeZone: context.timeZone, language: context.language)
        let report = try await transfer.importData(data, format: format, source: source, dryRun: dryRun)
        context.show(report.text)
    }
}

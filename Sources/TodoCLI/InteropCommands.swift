import ArgumentParser
import Foundation
import TodoCore
import TodoInterop

extension InteropFormat: ExpressibleByArgument {}

/// The time zone calendar dates are written in: `TZ` when it names one, else the system's.
private func timeZone(_ context: CLIContext) -> TimeZone {
    context.environment["TZ"].flatMap { TimeZone(identifier: $0.hasPrefix(":") ? String($0.dropFirst()) : $0) } ?? .current
}

// MARK: - export

struct Export: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        abstract: "Write the whole list in a format other tools read.",
        discussion: """
            Formats: json (the shared item shape, lossless), csv, todotxt (todo.txt), taskwarrior \
            (for `task import`), ics (iCalendar VTODO). Without --format, the output file's name \
            decides (.json, .csv, .txt, .taskwarrior.json, .ics); json otherwise.
            """)

    @Option(help: ArgumentHelp("json, csv, todotxt, taskwarrior or ics.", valueName: "format")) var format: InteropFormat?
    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?
    @OptionGroup var store: StoreOptions

    func validate() throws {
        if format == nil, let output, output != "-", InteropFormat.guess(fileName: output) == nil {
            throw ValidationError(
                "Can't tell the format from the name “\(output)”; give --format \(InteropFormat.allCases.map(\.rawValue).joined(separator: "|")).")
        }
    }

    func run(in context: CLIContext) async throws {
        let format = format ?? output.flatMap(InteropFormat.guess(fileName:)) ?? .json
        let items = try await store.open(context).items(.all)
        let text = try format.codec(InteropOptions(timeZone: timeZone(context))).encode(items)
        guard let output, output != "-" else {
            context.writeOut(text)
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw CLIError("Can't write \(output): the folder is missing or not writable.")
        }
        context.writeOut("Exported \(items.count) item\(items.count == 1 ? "" : "s") to \(output) (\(format.rawValue)).\n")
    }
}

// MARK: - import

struct Import: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        abstract: "Bring items in from a file: all or nothing; items with a known id are updated.",
        discussion: """
            Formats as for export; without --format, the file's name decides. Items whose id (uuid, \
            UID) is already in the list replace it; the others are added. Items that come without \
            a place (todo.txt, CSV without an order column) go first of their section, in file order.
            """)

    @Argument(help: ArgumentHelp("The file to read, or - for standard input.", valueName: "file")) var file: String
    @Option(help: ArgumentHelp("json, csv, todotxt, taskwarrior or ics.", valueName: "format")) var format: InteropFormat?
    @Flag(name: .customLong("dry-run"), help: "Report what would change; change nothing.") var dryRun = false
    @OptionGroup var store: StoreOptions

    func validate() throws {
        guard format == nil else { return }
        if file == "-" { throw ValidationError("Give --format when reading standard input.") }
        if InteropFormat.guess(fileName: file) == nil {
            throw ValidationError(
                "Can't tell the format from the name “\(file)”; give --format \(InteropFormat.allCases.map(\.rawValue).joined(separator: "|")).")
        }
    }

    func run(in context: CLIContext) async throws {
        let format = format ?? InteropFormat.guess(fileName: file) ?? .json
        let source = file == "-" ? "standard input" : file
        let data: Data
        if file == "-" {
            data = context.readStandardInput()
        } else {
            guard let contents = FileManager.default.contents(atPath: file) else {
                throw CLIError("Can't read \(file): there is no such file, or it is not readable.")
            }
            data = contents
        }
        let summary: ImportSummary
        do {
            let text = try InteropFormat.text(from: data)
            let items = try format.codec(InteropOptions(timeZone: timeZone(context))).decode(text)
            summary = try await store.open(context).importItems(items, dryRun: dryRun)
        } catch let error as TodoFormatError {
            throw Self.refusal(source, error.origin, error.reason)
        } catch let error as TodoImportError {
            throw Self.refusal(source, error.origin, error.reason)
        }
        context.writeOut(Self.report(summary, source: source, dryRun: dryRun))
    }

    /// "list.csv, line 3: …; nothing was imported."
    private static func refusal(_ source: String, _ origin: String?, _ reason: String) -> CLIError {
        let reason = reason.hasSuffix(".") ? String(reason.dropLast()) : reason
        return CLIError("\(source)\(origin.map { ", \($0)" } ?? ""): \(reason); nothing was imported.")
    }

    static func report(_ summary: ImportSummary, source: String, dryRun: Bool) -> String {
        func items(_ n: Int) -> String { "\(n) item\(n == 1 ? "" : "s")" }
        if summary.entries.isEmpty { return "Nothing to import: \(source) has no items.\n" }
        let counts = "\(summary.added) added, \(summary.updated) updated, \(summary.unchanged) unchanged"
        guard dryRun else { return "Imported \(items(summary.entries.count)) from \(source): \(counts).\n" }
        var out = "Dry run, nothing was changed. Importing \(source) would give: \(counts).\n"
        for entry in summary.entries {
            switch entry.change {
            case .added: out += "  add     “\(entry.title)”\n"
            case .updated(let fields):
                out += "  update  “\(entry.title)” (\(fields.map(\.rawValue).joined(separator: ", ")))\n"
            case .unchanged: break
            }
        }
        return out
    }
}

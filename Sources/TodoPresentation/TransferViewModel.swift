import Foundation
public import Localization
import Observation
import TodoCore
import TodoInterop

/// What an import did (or, in a dry run, would do), ready to show.
public struct ImportReport: Equatable, Sendable {
    public let summary: ImportSummary
    public let source: String
    public let dryRun: Bool
    /// The format read from the content when none was chosen (IMPORT-1).
    public var detectedFormat: InteropFormat? = nil
    /// The language the report is worded in (LANG-4, LANG-7).
    public var language: Language = .english

    /// One sentence: how many items were (or would be) added, updated and left unchanged.
    public var headline: String {
        let words = TodoWords.strings(language)
        if summary.entries.isEmpty { return words("transfer.nothing", ["source": source]) }
        let counts = words("transfer.counts", [
            "added": String(summary.added), "updated": String(summary.updated), "unchanged": String(summary.unchanged),
        ])
        let count = summary.entries.count
        switch (dryRun, detectedFormat.map(Self.name)) {
        case (true, nil): return words("transfer.dry-run", ["source": source, "counts": counts])
        case (true, let format?): return words("transfer.dry-run.detected", ["source": source, "counts": counts, "format": format])
        case (false, nil): return words.plural("transfer.imported", count: count, ["source": source, "counts": counts])
        case (false, let format?):
            return words.plural("transfer.imported.detected", count: count, ["source": source, "counts": counts, "format": format])
        }
    }

    /// How a format is named to a person.
    public static func name(_ format: InteropFormat) -> String {
        switch format {
        case .json: "JSON"
        case .csv: "CSV"
        case .todotxt: "todo.txt"
        case .taskwarrior: "Taskwarrior"
        case .ics: "iCalendar"
        }
    }

    /// A dry run shows at most this many changes (and entries, in the API's answer); the others
    /// are counted (HARDEN-22).
    public static let shownChanges = 100

    /// In a dry run, one line per item that would change: `add “title”`, `update “title” (fields)`;
    /// after the first ``shownChanges``, one line `and N more changes`.
    public var changes: [String] {
        guard dryRun else { return [] }
        let words = TodoWords.strings(language)
        var lines: [String] = []
        var more = 0
        for entry in summary.entries {
            if case .unchanged = entry.change { continue }
            guard lines.count < Self.shownChanges else {
                more += 1
                continue
            }
            switch entry.change {
            case .added: lines.append(words("transfer.change.add", ["title": entry.title]))
            case .updated(let fields):
                lines.append(words("transfer.change.update", ["title": entry.title, "fields": fields.map(\.rawValue).joined(separator: ", ")]))
            case .unchanged: break
            }
        }
        if more > 0 { lines.append(words.plural("transfer.change.more", count: more)) }
        return lines
    }

    /// The headline and the changes, one per line.
    public var text: String {
        ([headline] + changes.map { "  " + $0 }).joined(separator: "\n") + "\n"
    }
}

/// A file that was refused: one sentence naming the source, the place and what is wrong.
public struct ImportRefusal: Error, Equatable, Sendable, LocalizedError {
    public let message: String
    public var errorDescription: String? { message }
}

/// Import and export: the whole list out in a format other tools read, a file in, all or
/// nothing.
@Observable
public final class TransferViewModel {
    private let store: any TodoStore
    private let options: InteropOptions
    /// The language reports and refusals are worded in (LANG-4).
    public let language: Language

    public init(store: any TodoStore, timeZone: TimeZone = .current, language: Language = .english) {
        self.store = store
        self.options = InteropOptions(timeZone: timeZone)
        self.language = language
    }

    /// The whole list in `format`, and how many items it holds.
    public func export(_ format: InteropFormat) async throws -> (text: String, count: Int) {
        var text = ""
        let count = try await export(format) { text += $0 }
        return (text, count)
    }

    /// The whole list in `format`, handed to `write` in parts as it is read a batch at a time,
    /// so memory does not grow with the list (HARDEN-7); returns how many items it holds.
    @discardableResult
    public func export(
        _ format: InteropFormat, batchSize: Int = 500, write: (String) async throws -> Void
    ) async throws -> Int {
        let codec = format.codec(options)
        try await write(codec.start())
        var count = 0
        var cursor: ListCursor?
        while true {
            let batch = try await store.items(.all, after: cursor, limit: batchSize)
            if !batch.isEmpty { try await write(try codec.encode(batch: batch, afterItems: count > 0)) }
            count += batch.count
            guard batch.count == batchSize, let last = batch.last else { break }
            cursor = ListCursor(after: last)
        }
        try await write(codec.end(isEmpty: count == 0))
        return count
    }

    /// Reads `data` as `format` and imports it, or reports (`dryRun`) what would change.
    /// A malformed file changes nothing and throws an `ImportRefusal`.
    /// With no `format`, the format is detected from the text (IMPORT-1).
    public func importData(_ data: Data, format: InteropFormat?, source: String, dryRun: Bool) async throws -> ImportReport {
        do {
            let text = try InteropFormat.text(from: data)
            guard let chosen = format ?? InteropFormat.detect(text) else {
                throw ImportRefusal(message: TodoWords.strings(language)("transfer.refusal.empty", ["source": source]))
            }
            let items = try chosen.codec(options).decode(text)
            let summary = try await store.importItems(items, dryRun: dryRun)
            var report = ImportReport(summary: summary, source: source, dryRun: dryRun)
            if format == nil { report.detectedFormat = chosen }
            report.language = language
            return report
        } catch let error as TodoFormatError {
            throw refusal(source, error.origin, error.reason)
        } catch let error as TodoImportError {
            throw refusal(source, error.origin, error.reason)
        }
    }

    /// "list.csv, line 3: …; nothing was imported." (The place and the reason are the
    /// format reader's own words.)
    private func refusal(_ source: String, _ origin: String?, _ reason: String) -> ImportRefusal {
        let reason = reason.hasSuffix(".") ? String(reason.dropLast()) : reason
        let words = TodoWords.strings(language)
        guard let origin else { return ImportRefusal(message: words("transfer.refusal", ["source": source, "reason": reason])) }
        return ImportRefusal(message: words("transfer.refusal.at", ["source": source, "origin": origin, "reason": reason]))
    }
}

public import ComicsCore
public import Foundation
public import Localization
import ComicsPresentation

/// Everything the comics commands touch outside themselves, built by the executable and replaced in
/// tests (the same shape as the Todo app's `CLIContext`): where output goes, and the facts about
/// the terminal and the environment that decide how it looks.
public struct ComicsCLIContext: Sendable {
    public var writeOut: @Sendable (String) -> Void
    public var writeErr: @Sendable (String) -> Void
    /// Whether standard error is a terminal: the spinner turns only there.
    public var stderrIsTerminal: Bool
    /// The process environment (`MARVEL_PUBLIC_KEY`, `MARVEL_PRIVATE_KEY`).
    public var environment: [String: String]
    /// Opens the source the options chose (the executable knows the concrete types).
    public var openSource: @Sendable (SourceChoice) throws -> any ComicsSource
    /// Opens the offline copy (COMICS-COPY-1), or `nil` when there is none to keep.
    public var openOfflineCopy: @Sendable () -> (any ComicsOfflineCopy)?
    /// Runs `comics serve`'s web app (the executable knows the web View and the concrete sources)
    /// with the process environment, calling the last argument once it listens on a port; without
    /// one, `serve` refuses.
    public var serve: (@Sendable (ServeCommand, [String: String], @escaping @Sendable (Int) -> Void) async throws -> Void)? = nil

    public init(
        openSource: @escaping @Sendable (SourceChoice) throws -> any ComicsSource,
        writeOut: @escaping @Sendable (String) -> Void = { ComicsCLIContext.write($0, to: .standardOutput) },
        writeErr: @escaping @Sendable (String) -> Void = { ComicsCLIContext.write($0, to: .standardError) },
        stderrIsTerminal: Bool = false,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        openOfflineCopy: @escaping @Sendable () -> (any ComicsOfflineCopy)? = { nil }
    ) {
        self.openSource = openSource
        self.openOfflineCopy = openOfflineCopy
        self.writeOut = writeOut
        self.writeErr = writeErr
        self.stderrIsTerminal = stderrIsTerminal
        self.environment = environment
    }

    /// The language of the terminal's locale: `LC_ALL`, `LC_MESSAGES`, `LANG` (LANG-3).
    public var language: Language { Language.fromEnvironment(environment) }
    /// The command's own sentences in that language.
    public var words: Strings { ComicsCLIWords.catalog.strings(language) }
    /// The ViewModels' words in that language.
    public var comicsWords: Strings { ComicsWords.strings(language) }

    public static func write(_ text: String, to handle: FileHandle) {
        var text = text
        text.withUTF8 { bytes in try? handle.write(contentsOf: UnsafeRawBufferPointer(bytes)) }
    }
}

/// A spinner on standard error while something loads — only when standard error is a terminal.
struct Spinner {
    static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// Runs `work` with the spinner turning, then clears the spinner's line.
    static func whileRunning<Value>(
        _ label: String, in context: ComicsCLIContext, interval: Duration = .milliseconds(100),
        _ work: () async -> Value
    ) async -> Value {
        guard context.stderrIsTerminal else { return await work() }
        let writeErr = context.writeErr
        let spinning = Task {
            var frame = 0
            while !Task.isCancelled {
                writeErr("\r\(frames[frame % frames.count]) \(label)")
                frame += 1
                try? await Task.sleep(for: interval)
            }
        }
        let value = await work()
        spinning.cancel()
        _ = await spinning.value
        writeErr("\r\u{1B}[2K")
        return value
    }
}

import Foundation
import TodoCore

/// `todo list --watch` (docs/specs/live.md, LIVE-16): the list as `todo list` draws it, drawn
/// again whenever the SQLite file changes, from any process, until Ctrl-C or SIGTERM.
enum ListWatch {
    /// How often the drawing is also checked without a change to the file: its dates (today,
    /// overdue) follow the day.
    static let dayCheck: Duration = .seconds(60)

    /// Home and clear the whole screen.
    static let clearScreen = "\u{1B}[H\u{1B}[2J"

    static func run(_ list: List, in context: CLIContext) async throws {
        guard case .file(let path) = list.store.database.location(context), let follow = context.followFile else {
            throw CLIError(context.words("cli.watch.sqlite-only"))
        }
        let store = try await list.store.open(context)

        // Each element asks for a drawing; those that arrive while one is drawn count as one.
        let (draws, drawAgain) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let stopCatching = context.onStopSignal { drawAgain.finish() }
        defer { stopCatching() }
        // The first drawing waits for the watcher to have read the file: a change made after it
        // is drawn is never missed.
        let watcher = Task {
            // Whether the file went (or could no longer be followed) before the watch ended.
            defer { drawAgain.finish() }
            do {
                try await follow(path, { drawAgain.yield() }, { drawAgain.yield() })
                return false
            } catch {
                return !Task.isCancelled  // not when the watch itself stopped it
            }
        }
        let day = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: dayCheck)
                if !Task.isCancelled { drawAgain.yield() }
            }
        }
        var shown: String?
        var failure: (any Error)?
        for await _ in draws {
            var drawing = ""
            do {
                try await list.draw(from: store, in: context) { drawing += $0 }
            } catch {
                // The first drawing fails as `todo list` would; a later one means the file is no
                // longer what it was.
                failure = shown == nil ? error : CLIError(context.words("cli.watch.unreadable", ["path": path]))
                break
            }
            guard drawing != shown else { continue }
            // JSON as it is; a list for people with what could hide in it shown (HARDEN-24).
            let write = list.json ? context.writeOut : context.show
            if context.stdoutIsTerminal {
                write(clearScreen + drawing)
            } else {
                write(shown == nil ? drawing : "\n" + drawing)
            }
            shown = drawing
        }
        day.cancel()
        // The watcher's connection closes before the command's (SAVE-6: the last one to close
        // folds the log into the file).
        watcher.cancel()
        let gone = await watcher.value
        if let failure { throw failure }
        if gone { throw CLIError(context.words("cli.watch.gone", ["path": path])) }
    }
}

/// Ctrl-C (SIGINT) and SIGTERM caught instead of ending the process, so that a command that runs
/// until stopped ends cleanly, with exit 0 and its files closed.
public enum StopSignals {
    /// Calls `stop` on each of the signals until the returned function is called; then they end
    /// the process again.
    public static func catching(_ stop: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        let sources = Sources(
            [SIGINT, SIGTERM].map { number in
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler(handler: stop)
                source.resume()
                return source
            })
        return {
            for source in sources.all { source.cancel() }
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
        }
    }

    /// Dispatch's sources, which are safe to cancel from any thread.
    private final class Sources: @unchecked Sendable {
        let all: [any DispatchSourceSignal]
        init(_ all: [any DispatchSourceSignal]) { self.all = all }
    }
}

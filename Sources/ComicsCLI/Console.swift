import Foundation

/// Where the command line writes. Injected so tests can read what a person would see.
public protocol Console: Sendable {
    func out(_ text: String)
    func err(_ text: String)
    /// `true` when standard error is a terminal (spinners only make sense there).
    var errorIsTerminal: Bool { get }
}

/// The process's real standard output and error.
public struct StandardConsole: Console {
    public init() {}

    public func out(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
    public func err(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
    public var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}

/// A spinner on standard error while something loads — only when standard error is a terminal.
struct Spinner {
    static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// Runs `work` with the spinner turning, then clears the spinner's line.
    static func whileRunning<Value: Sendable>(
        _ label: String, on console: any Console, interval: Duration = .milliseconds(100),
        _ work: () async -> Value
    ) async -> Value {
        guard console.errorIsTerminal else { return await work() }
        let spinning = Task {
            var frame = 0
            while !Task.isCancelled {
                console.err("\r\(frames[frame % frames.count]) \(label)")
                frame += 1
                try? await Task.sleep(for: interval)
            }
        }
        let value = await work()
        spinning.cancel()
        _ = await spinning.value
        console.err("\r\u{1B}[2K")
        return value
    }
}

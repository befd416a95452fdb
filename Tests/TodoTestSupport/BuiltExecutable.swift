import Foundation
import ProcessTestSupport

/// The built `todo` executable, for tests that run it as a separate process: `TODO_BIN` when
/// set, else the one in the build folder the tests run from.
public enum BuiltTodo {
    public static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["TODO_BIN"] { return URL(fileURLWithPath: path) }
        var folder = Bundle.main.bundleURL
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("todo")
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue {
                return candidate
            }
            folder = folder.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug/todo")
    }

    /// A `todo serve` started by a test.
    public struct Server {
        /// The port of the address it printed; nil when it ended without printing one.
        public let port: Int?
        public let process: Process
        /// What it wrote (standard output and error) up to its address, or all of it. What it
        /// writes later waits in the pipe unread: enough for the few requests of a test.
        public let printed: String

        /// Stops it by its PID (SIGTERM: a clean shutdown) and waits for it to end.
        public func stop() async {
            if process.isRunning { kill(process.processIdentifier, SIGTERM) }
            await ChildProcess.waitUntilExit(process)
        }
    }

    /// The address `todo serve` prints, its port captured.
    private static var address: Regex<(Substring, Substring)> { /http:\/\/\S*?:(\d+)\// }

    /// `todo serve` with `arguments`, and `environment` over the test's own (less the variables
    /// that choose a database or a language), until it prints its address. One that neither
    /// prints it nor ends within a minute is stopped, so that a test fails instead of waiting.
    public static func serve(_ arguments: [String], environment: [String: String] = [:]) async throws -> Server {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["serve"] + arguments
        var inherited = ProcessInfo.processInfo.environment
        for key in ["TODO_DB", "TODO_DATABASE_URL", "LANG", "LC_ALL", "LC_MESSAGES"] { inherited[key] = nil }
        process.environment = inherited.merging(environment) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        // The log's lines come first; the address is on the line that says where Todo runs.
        let printed = await ChildProcess.read(out.fileHandleForReading, of: process, within: 60) { $0.contains(address) }
        if let match = printed.firstMatch(of: address) {
            return Server(port: Int(match.1), process: process, printed: printed)
        }
        // Its output closes as it ends: once waited for, a test may read how (TEST-3: that
        // traps while it runs).
        await ChildProcess.waitUntilExit(process)
        return Server(port: nil, process: process, printed: printed)
    }

    /// `body` with a `todo serve` started as `serve` starts it, stopped afterwards however
    /// `body` ends.
    public static func withServer<T: Sendable>(
        _ arguments: [String], environment: [String: String] = [:], _ body: (Server) async throws -> T
    ) async throws -> T {
        let server = try await serve(arguments, environment: environment)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }
}

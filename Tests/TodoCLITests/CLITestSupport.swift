import Foundation
import ProcessTestSupport
import TodoCLI
import TodoCore
import TodoTestSupport

/// Runs CLI commands in-process over one in-memory store, capturing what they print.
final class CLIHarness {
    let store: InMemoryTodoStore
    private(set) var out = ""
    private(set) var err = ""
    var terminal = false
    var environment: [String: String] = [:]
    /// What `todo import -` reads.
    var standardInput = Data()
    private(set) var openedLocations: [StoreLocation] = []

    init() { store = InMemoryTodoStore(environment: TestEnvironment().environment) }

    /// Runs `todo` with `arguments`; returns the exit code.
    @discardableResult
    func run(_ arguments: [String]) async -> Int32 {
        out = ""
        err = ""
        let store = self.store
        let context = CLIContext(
            openStore: { location, _ in
                self.openedLocations.append(location)
                return store
            },
            environment: environment, stdoutIsTerminal: terminal,
            today: { CalendarDate(iso: "2026-11-21")! },
            now: { TestEnvironment.referenceDate }, writeOut: { self.out += $0 }, writeErr: { self.err += $0 },
            readStandardInput: { self.standardInput })
        return await TodoCLI.run(arguments, context: context)
    }

    @discardableResult
    func run(_ words: String...) async -> Int32 { await run(words) }
}

/// The built `todo` executable, run as a separate process.
enum TodoProcess {
    static var executable: URL { BuiltTodo.executable }

    struct Result {
        let status: Int32
        let out: String
        let err: String
    }

    /// Runs `todo` to its end, off the pool; with `stopAfter`, a process still running then (a
    /// server that should have refused to start) is stopped, so that a test fails instead of waiting.
    static func run(_ arguments: [String], environment: [String: String] = [:], stopAfter seconds: Double? = nil)
        async throws -> Result
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["TODO_DB"] = nil
        env["NO_COLOR"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let ended = try await ChildProcess.run(process, stopAfter: seconds)
        return Result(status: ended.status, out: ended.output, err: ended.errors)
    }
}

import ArgumentParser
import Foundation
import TodoCLI
import TodoCore
import TodoStore
import TodoWeb

/// `todo`: the terminal commands plus `serve`, the web app.
struct Todo: ParsableCommand {
    static let configuration = TodoCommand.makeConfiguration(adding: [ServeCommand.self])
}

// The composition root: the Views over the SQLite store, on the real clock and terminal.
let context = CLIContext(
    openStore: { location, access in
        switch location {
        case .file(let path): SQLiteTodoStore(database: try AppDatabase.open(path: path, concurrentReads: access == .server))
        case .inMemory: InMemoryTodoStore()
        }
    },
    stdoutIsTerminal: isatty(STDOUT_FILENO) == 1)
exit(await TodoCLI.run(Todo.self, Array(CommandLine.arguments.dropFirst()), context: context))

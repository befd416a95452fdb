import Foundation
import TodoCLI
import TodoCore
import TodoStore

// The composition root: the CLI over the SQLite store, on the real clock and terminal.
let context = CLIContext(
    openStore: { location in
        switch location {
        case .file(let path): SQLiteTodoStore(database: try AppDatabase.open(path: path))
        case .inMemory: InMemoryTodoStore()
        }
    },
    stdoutIsTerminal: isatty(STDOUT_FILENO) == 1)
exit(await TodoCLI.run(Array(CommandLine.arguments.dropFirst()), context: context))

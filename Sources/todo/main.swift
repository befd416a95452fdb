import ArgumentParser
import Foundation
import TodoAccounts
import TodoCLI
import TodoCore
import TodoStore
import TodoWeb

/// `todo`: the terminal commands plus `serve`, the web app.
struct Todo: ParsableCommand {
    static let configuration = TodoCommand.makeConfiguration(adding: [ServeCommand.self])
}

// The composition root: the Views over the SQLite store, on the real clock and terminal.
let context: CLIContext = {
    var context = CLIContext(
        openStore: { location, access in
            switch location {
            case .file(let path): SQLiteTodoStore(database: try AppDatabase.open(path: path, concurrentReads: access == .server))
            case .inMemory: InMemoryTodoStore()
            }
        },
        stdoutIsTerminal: isatty(STDOUT_FILENO) == 1)
    // `todo users`: the accounts live in the same SQLite file as the items (`--database-url`,
    // for PostgreSQL, comes later in issue 16).
    context.openAccounts = { location in
        switch location {
        case .file(let path): SQLiteAccountStore(database: try AppDatabase.open(path: path))
        case .inMemory: InMemoryAccountStore()
        }
    }
    return context
}()
// An argument that is not UTF-8 would reach the commands as replacement characters, so a title
// would be stored other than typed: refuse it instead.
for index in 1..<Int(CommandLine.argc) {
    if let raw = CommandLine.unsafeArgv[index], String(validatingCString: raw) == nil {
        FileHandle.standardError.write(Data("todo: \(ServeText.notUTF8(argument: index, context: context))\n".utf8))
        exit(64)
    }
}
exit(await TodoCLI.run(Todo.self, Array(CommandLine.arguments.dropFirst()), context: context))

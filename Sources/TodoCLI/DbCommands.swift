import ArgumentParser
import Foundation
import Localization
import TodoAccounts
import TodoCore

// `todo db …` (docs/specs/postgres.md, COPY-1…7): moving a list between databases.

struct DbCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "db", abstract: "Move a list between databases.", subcommands: [DbCopy.self])
}

/// `todo db copy --from PATH --to postgresql://… --owner NAME`: a local SQLite list into a
/// person's account on PostgreSQL, all or nothing, ids and numbers kept, re-runnable (COPY-1…7).
struct DbCopy: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy a SQLite list into a person's list on PostgreSQL.",
        discussion: """
            Every item is copied with its id, number, fields, place, times and version, in one transaction: \
            all or nothing. Running it again replaces the items copied before instead of adding them twice. \
            The Trash is not copied.
            """)

    @Option(help: ArgumentHelp("The SQLite database file to read.", valueName: "path")) var from: String
    @Option(
        name: .customLong("from-user"),
        help: ArgumentHelp("Read this person's list in a file with accounts (default: its local list).", valueName: "name"))
    var fromUser: String?
    @Option(help: ArgumentHelp("The PostgreSQL database, postgresql://USER:PASS@HOST:PORT/DB.", valueName: "url")) var to: String
    @Option(help: ArgumentHelp("Whose list on PostgreSQL receives the items (a user name).", valueName: "name"))
    var owner: String

    func validate() throws {
        guard to.hasPrefix("postgresql://") || to.hasPrefix("postgres://") else { throw CLIWords.refusal("cli.db.to-url") }
        if from.trimmingCharacters(in: .whitespaces).isEmpty { throw CLIWords.refusal("cli.validate.db-empty") }
    }

    func run(in context: CLIContext) async throws {
        let address = ServeText.withoutPassword(to)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: from, isDirectory: &isFolder), !isFolder.boolValue else {
            throw CLIError(context.words("cli.db.no-file", ["path": from]))
        }
        let source = try await sourceStore(context)
        guard let openPeople = context.openPeople else { throw CLIError(context.words("cli.users.unavailable")) }
        let people = try await openPeople(.postgres(to), .oneShot)
        guard let account = try await people.accounts.user(named: owner)?.account else {
            throw CLIError(context.words("cli.db.unknown-owner", ["name": owner, "address": address]))
        }
        let summary = try await ListCopy.copy(from: source, to: try await people.lists.store(ListOwner(account: account.id)))
        context.show(
            context.words.plural(
                "cli.db.copied", count: summary.entries.count,
                [
                    "name": account.name, "address": address, "added": String(summary.added),
                    "updated": String(summary.updated), "unchanged": String(summary.unchanged),
                ]) + "\n")
    }

    /// The list read from the file: its local list, or `--from-user`'s.
    private func sourceStore(_ context: CLIContext) async throws -> any TodoStore {
        guard let fromUser else { return try await context.openStore(.file(from), .oneShot) }
        guard let openPeople = context.openPeople else { throw CLIError(context.words("cli.users.unavailable")) }
        let people = try await openPeople(.file(from), .oneShot)
        guard let account = try await people.accounts.user(named: fromUser)?.account else {
            throw CLIError(context.words("cli.db.unknown-source-user", ["name": fromUser, "path": from]))
        }
        return try await people.lists.store(ListOwner(account: account.id))
    }
}

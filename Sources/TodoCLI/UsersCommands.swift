import ArgumentParser
import Foundation
import Localization
import TodoAccounts
import TodoCore

// `todo users …` (docs/specs/accounts.md, ACCOUNT-20…26): the people who can sign in, their
// passwords and API tokens, in the same database as the items (`--db`). `--database-url` comes
// with the PostgreSQL store (issue 16, later).

struct UsersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "Manage the people who can sign in, their passwords and API tokens.",
        subcommands: [
            UsersAdd.self, UsersList.self, UsersPasswd.self, UsersRemove.self, UsersToken.self, UsersTokens.self,
            UsersRevoke.self,
        ])
}

struct UsersAdd: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a user.",
        discussion: "The password is the first line of standard input, or asked twice (not shown) on a terminal.")
    @Argument(help: "1–64 letters, digits, '.', '_' or '-', starting with a letter or digit.") var name: String
    @OptionGroup var store: StoreOptions

    func run(in context: CLIContext) async throws {
        let people = try await store.people(context)
        let accounts = store.accounts(people, context)
        try await UsersText.reporting(context) {
            // The name is checked before a password is asked for.
            try AccountRules.checkName(name)
            if try await accounts.store.user(named: name) != nil { throw AccountError.duplicateName(name) }
            let password = try UsersText.newPassword(for: name, context)
            let first = try await accounts.users().isEmpty
            let account = try await accounts.add(name: name, password: password)
            context.show(context.words("cli.users.added", ["name": account.name]) + "\n")
            // The first person takes the list the database had without accounts (OWNER-7).
            if first, let adopt = people.adoptLocalList {
                let count = try await adopt(ListOwner(account: account.id))
                if count > 0 {
                    context.show(context.words.plural("cli.users.adopted", count: count, ["name": account.name]) + "\n")
                }
            }
        }
    }
}

struct UsersList: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the users with the date each was added.")
    @Flag(help: "Print [{\"name\", \"createdAt\"}].") var json = false
    @OptionGroup var store: StoreOptions

    func run(in context: CLIContext) async throws {
        let users = try await store.accounts(context).users()
        if json {
            struct Entry: Encodable { let name: String; let createdAt: String }
            return context.writeOut(try UsersText.json(users.map { Entry(name: $0.name, createdAt: UsersText.iso($0.createdAt)) }))
        }
        guard !users.isEmpty else { return context.show(context.words("cli.users.none") + "\n") }
        let width = users.map(\.name.count).max() ?? 0
        context.show(users.map {
            $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + UsersText.day($0.createdAt) + "\n"
        }.joined())
    }
}

struct UsersPasswd: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "passwd",
        abstract: "Set a user's password; their sessions end.",
        discussion: "The password is the first line of standard input, or asked twice (not shown) on a terminal.")
    @Argument(help: "The user's name.") var name: String
    @OptionGroup var store: StoreOptions

    func run(in context: CLIContext) async throws {
        let accounts = try await store.accounts(context)
        try await UsersText.reporting(context) {
            let account = try await accounts.user(named: name)
            let password = try UsersText.newPassword(for: account.name, context)
            try await accounts.setPassword(name: account.name, new: password)
            context.show(context.words("cli.users.password-set", ["name": account.name]) + "\n")
        }
    }
}

struct UsersRemove: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Remove a user with their tokens and sessions (asks first on a terminal).")
    @Argument(help: "The user's name.") var name: String
    @Flag(name: [.customShort("y"), .long], help: "Do not ask.") var yes = false
    @OptionGroup var store: StoreOptions

    func run(in context: CLIContext) async throws {
        let accounts = try await store.accounts(context)
        try await UsersText.reporting(context) {
            let account = try await accounts.user(named: name)
            if !yes, try !context.confirms(
                context.words("cli.users.confirm-remove", ["name": account.name]),
                otherwise: context.words("cli.users.remove-needs-yes", ["name": account.name]))
            {
                return context.show(context.words("cli.users.nothing-removed") + "\n")
            }
            try await accounts.remove(name: account.name)
            context.show(context.words("cli.users.removed", ["name": account.name]) + "\n")
        }
    }
}

struct UsersToken: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Make a new API token for a user and print it, once, alone on the last line.")
    @Argument(help: "The user's name.") var name: String
    @Option(help: "A label to revoke it by (default: token-1, token-2, …).") var label: String?
    @OptionGroup var store: StoreOptions

    func run(in context: CLIContext) async throws {
        let accounts = try await store.accounts(context)
        try await UsersText.reporting(context) {
            let account = try await accounts.user(named: name)
            let made = try await accounts.createToken(name: account.name, label: label)
            context.show(
                context.words("cli.users.token-created", ["label": made.label, "name": account.name]) + "\n"
                    + made.token.text + "\n")
        }
    }
}

struct UsersTokens: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "tokens", abstract: "List a user's tokens: labels, when made and last used (never the tokens).")
    @Argument(help: "The user's name.") var name: String
    @Flag(help: "Print [{\"label\", \"createdAt\", \"lastUsedAt\"}].") var json = false
    @OptionGroup var store: StoreOptions

    func run(in context: CLIContext) async throws {
        let accounts = try await store.accounts(context)
        try await UsersText.reporting(context) {
            let account = try await accounts.user(named: name)
            let tokens = try await accounts.tokens(name: account.name)
            if json {
                struct Entry: Encodable { let label: String; let createdAt: String; let lastUsedAt: String? }
                return context.writeOut(try UsersText.json(tokens.map {
                    Entry(label: $0.label, createdAt: UsersText.iso($0.createdAt), lastUsedAt: $0.lastUsedAt.map(UsersText.iso))
                }))
            }
            guard !tokens.isEmpty else {
                return context.show(context.words("cli.users.no-tokens", ["name": account.name]) + "\n")
            }
            let width = tokens.map { TerminalColumns.count($0.label) }.max() ?? 0
            context.show(tokens.map { token in
                let label = token.label + String(repeating: " ", count: width - TerminalColumns.count(token.label))
                let used = token.lastUsedAt.map(UsersText.minute) ?? context.words("cli.users.never")
                return context.words(
                    "cli.users.token-row", ["label": label, "created": UsersText.minute(token.createdAt), "used": used]) + "\n"
            }.joined())
        }
    }
}

struct UsersRevoke: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "revoke", abstract: "Revoke a user's token by its label.")
    @Argument(help: "The user's name.") var name: String
    @Argument(help: "The token's label, as `todo users tokens NAME` lists it.") var label: String
    @OptionGroup var store: StoreOptions

    func run(in context: CLIContext) async throws {
        let accounts = try await store.accounts(context)
        try await UsersText.reporting(context) {
            let account = try await accounts.user(named: name)
            try await accounts.revoke(name: account.name, label: label)
            context.show(context.words("cli.users.revoked", ["label": label, "name": account.name]) + "\n")
        }
    }
}

extension StoreOptions {
    /// The accounts policy over the accounts kept where `--db` points.
    func accounts(_ context: CLIContext) async throws -> Accounts {
        accounts(try await people(context), context)
    }

    func accounts(_ people: PeopleDatabase, _ context: CLIContext) -> Accounts {
        let time = context.now()
        return Accounts(store: people.accounts, now: { time }, hasher: context.passwordHasher)
    }
}

/// The `todo users` words and formats.
enum UsersText {
    /// Runs `body`, turning an `AccountError` into its sentence in the terminal's language.
    static func reporting(_ context: CLIContext, _ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as AccountError {
            throw CLIError(sentence(error, context.words))
        }
    }

    static func sentence(_ error: AccountError, _ words: Strings) -> String {
        switch error {
        case .invalidName(let name):
            words("cli.users.error.invalid-name", ["name": name, "maximum": String(AccountRules.maxNameLength)])
        case .duplicateName(let name): words("cli.users.error.duplicate-name", ["name": name])
        case .passwordTooShort(let minimum): words("cli.users.error.password-short", ["minimum": String(minimum)])
        case .passwordTooLong(let maximum): words("cli.users.error.password-long", ["maximum": String(maximum)])
        case .unknownUser(let name): words("cli.users.error.unknown-user", ["name": name])
        case .wrongPassword: words("cli.users.error.wrong-password")
        case .invalidLabel: words("cli.users.error.invalid-label", ["maximum": String(AccountRules.maxLabelLength)])
        case .duplicateLabel(let label): words("cli.users.error.duplicate-label", ["label": label])
        case .unknownLabel(let label): words("cli.users.error.unknown-label", ["label": label])
        case .tooManyTokens(let maximum): words("cli.users.error.too-many-tokens", ["maximum": String(maximum)])
        case .unknownTimeZone(let identifier): words("cli.users.error.unknown-time-zone", ["zone": identifier])
        }
    }

    /// A new password: the first line of standard input, or asked twice without echo on a terminal.
    static func newPassword(for name: String, _ context: CLIContext) throws -> String {
        let password: String
        if context.stdinIsTerminal {
            guard let first = context.readSecret(context.words("cli.users.password-prompt", ["name": name])),
                  !first.isEmpty
            else { throw CLIError(context.words("cli.users.no-password")) }
            // Checked before asking again: a long or short password is refused at once.
            try AccountRules.checkPassword(first)
            guard context.readSecret(context.words("cli.users.password-again")) == first else {
                throw CLIError(context.words("cli.users.password-mismatch"))
            }
            password = first
        } else {
            guard var line = context.readAnswer(), !line.isEmpty else {
                throw CLIError(context.words("cli.users.no-password"))
            }
            if line.hasSuffix("\r") { line.removeLast() }
            password = line
        }
        try AccountRules.checkPassword(password)
        return password
    }

    /// `YYYY-MM-DD` in the local time zone.
    static func day(_ date: Date) -> String { CalendarDate(date, in: .current).iso }

    /// `YYYY-MM-DD HH:MM` in the local time zone.
    static func minute(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return day(date) + " " + String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// ISO 8601 in UTC, for `--json`.
    static func iso(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}

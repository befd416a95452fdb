import ArgumentParser
import Foundation
import Localization
import TodoAccounts
import TodoCore
import TodoPresentation

/// `todo share LIST --owner NAME --with NAME --role viewer|editor` (SHARE-7).
struct ShareCommand: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Share a person's list with another person, as viewer (reads) or editor (changes its items).",
        discussion: "Sharing it again changes the role. The other person sees it as OWNER/LIST.")

    @Argument(help: "The list: a project of the owner.") var list: String
    @Option(help: ArgumentHelp("The list's owner (a user name).", valueName: "name")) var owner: String
    @Option(name: .customLong("with"), help: ArgumentHelp("Whom to share it with (a user name).", valueName: "name"))
    var person: String
    @Option(help: ArgumentHelp("viewer or editor.", valueName: "role")) var role: String
    @OptionGroup var store: StoreOptions

    func validate() throws {
        guard ShareRole(rawValue: role) != nil else { throw CLIWords.refusal("cli.validate.role", ["role": role]) }
    }

    func run(in context: CLIContext) async throws {
        let sharing = try await SharingText.service(store, context)
        try await SharingText.reporting(context) {
            let share = try await sharing.share(list: list, owner: owner, with: person, role: ShareRole(rawValue: role)!)
            context.show(SharingWording.shared(share, context.language) + "\n")
        }
    }
}

/// `todo unshare LIST --owner NAME --with NAME` (SHARE-7).
struct UnshareCommand: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "unshare", abstract: "Stop sharing a person's list with another person.")

    @Argument(help: "The list: a project of the owner.") var list: String
    @Option(help: ArgumentHelp("The list's owner (a user name).", valueName: "name")) var owner: String
    @Option(name: .customLong("with"), help: ArgumentHelp("The person it is shared with (a user name).", valueName: "name"))
    var person: String
    @OptionGroup var store: StoreOptions

    func run(in context: CLIContext) async throws {
        let sharing = try await SharingText.service(store, context)
        try await SharingText.reporting(context) {
            try await sharing.unshare(list: list, owner: owner, with: person)
            context.show(SharingWording.unshared(list: list, person: person, context.language) + "\n")
        }
    }
}

/// `todo shares --owner NAME`: whom each of a person's lists is shared with.
struct SharesCommand: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "shares", abstract: "List the shares of a person's lists: list, person, role.")

    @Option(help: ArgumentHelp("The lists' owner (a user name).", valueName: "name")) var owner: String
    @OptionGroup var store: StoreOptions

    func run(in context: CLIContext) async throws {
        let sharing = try await SharingText.service(store, context)
        try await SharingText.reporting(context) {
            let shares = try await sharing.shares(of: owner)
            guard !shares.isEmpty else {
                return context.show(context.words("cli.shares.none", ["name": owner]) + "\n")
            }
            let width = shares.map(\.list.count).max() ?? 0, people = shares.map(\.person.name.count).max() ?? 0
            context.show(shares.map {
                $0.list.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                    + $0.person.name.padding(toLength: people, withPad: " ", startingAt: 0) + "  "
                    + SharingWording.role($0.role, context.language) + "\n"
            }.joined())
        }
    }
}

enum SharingText {
    /// Sharing by names over the database's people.
    static func service(_ store: StoreOptions, _ context: CLIContext) async throws -> SharingService {
        let people = try await store.people(context)
        let accounts = people.accounts
        return SharingService(lists: people.lists) { name in
            try await accounts.user(named: name).map { ListPerson(id: $0.account.id, name: $0.account.name) }
        }
    }

    /// Runs `body`, turning a refusal into its sentence in the terminal's language.
    static func reporting(_ context: CLIContext, _ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error where SharingWording.sentence(for: error, context.language) != nil {
            throw CLIError(SharingWording.sentence(for: error, context.language)!)
        }
    }
}

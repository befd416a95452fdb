import Foundation
import Localization

/// The sentences `todo serve` and the `todo` executable print before any command runs, in the
/// terminal's language (LANG-3, LANG-4). Scripts read the address from the serve line: it comes
/// as one value, so it is the same in every language.
public enum ServeText {
    /// “Todo is running at http://127.0.0.1:8080/ with the database …. Press Ctrl-C to stop.”
    /// `environment` is the terminal's (`CLIContext.environment`): its locale chooses the language.
    public static func running(address: String, location: StoreLocation, environment: [String: String]) -> String {
        let words = CLIWords.catalog.strings(Language.fromEnvironment(environment))
        let storage = switch location {
        case .file(let path): words("serve.storage.file", ["path": path])
        case .inMemory: words("serve.storage.memory")
        case .postgres(let url): words("serve.storage.postgres", ["address": withoutPassword(url)])
        }
        return words("serve.running", ["address": address, "storage": storage]) + "\n"
    }

    /// The refusal of `todo serve`'s options that need accounts, or of an address other machines
    /// can reach, when the server has none (MODE-2, MODE-3); nil when they go together.
    /// `withAccounts` is decided from where the items live: `TODO_DATABASE_URL` alone turns
    /// accounts on as `--database-url` does, so this is asked once that is known.
    public static func refusal(
        host: String, isLoopback: Bool, withAccounts: Bool, accountOptions: Bool, context: CLIContext
    ) -> (any Error)? {
        guard !withAccounts else { return nil }
        if accountOptions { return CLIError(context.words("cli.validate.accounts-only")) }
        // One person's list without a sign-in: only this machine may reach it.
        if !isLoopback { return CLIError(context.words("cli.validate.host-not-loopback", ["host": host])) }
        return nil
    }

    /// The refusal to serve a database with accounts as one person's list (MODE-4).
    public static func hasAccounts(path: String, context: CLIContext) -> any Error {
        CLIError(context.words("serve.has-accounts", ["path": path]))
    }

    /// A database address fit to print: its password left out.
    public static func withoutPassword(_ url: String) -> String {
        guard var parts = URLComponents(string: url) else { return "(an address that can't be read)" }
        parts.password = nil
        return parts.string ?? "(an address that can't be read)"
    }

    /// The refusal of an argument that is not UTF-8 (after “todo: ”).
    public static func notUTF8(argument index: Int, context: CLIContext) -> String {
        context.words("serve.not-utf8", ["index": String(index)])
    }
}

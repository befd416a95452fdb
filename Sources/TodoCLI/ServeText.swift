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

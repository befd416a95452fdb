import Foundation
import Localization
import ServerOptions

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

    /// The start line of a server listening on `host` and `port`: with `--lan`, the addresses a
    /// phone types (PHONE-1), and a second line when the machine has none; on an unspecified
    /// address (`0.0.0.0`, `::`), this machine's own, which a browser can open.
    public static func started(
        host: String, port: Int, network: LocalNetwork?, location: StoreLocation, environment: [String: String]
    ) -> String {
        let words = CLIWords.catalog.strings(Language.fromEnvironment(environment))
        let local = switch host {
        case "0.0.0.0": "127.0.0.1"
        case "::", "[::]": "[::1]"
        default: host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        }
        var addresses = network?.phoneAddresses(port: port) ?? []
        if addresses.isEmpty { addresses = ["http://\(local):\(port)/"] }
        let shown = addresses.count == 1
            ? addresses[0]
            : words("serve.address.also", ["address": addresses[0], "others": addresses.dropFirst().joined(separator: ", ")])
        var line = running(address: shown, location: location, environment: environment)
        if let network, network.addresses.isEmpty { line += words("serve.lan.none") + "\n" }
        return line
    }

    /// How the first account of the database at `location` is made, as the sign-in page of a
    /// server without one says it (PHONE-5): the database named as the server was given it.
    public static func firstAccountCommand(_ location: StoreLocation, environment: [String: String]) -> String {
        let command = "todo users add NAME"
        guard location != StoreLocation.resolve(option: nil, databaseURL: nil, environment: environment) else { return command }
        return switch location {
        case .file(let path): "\(command) --db \(shellQuoted(path))"
        case .postgres(let url): "\(command) --database-url \(shellQuoted(withoutPassword(url)))"
        case .inMemory: command
        }
    }

    /// `text` as one word of a POSIX shell: as is when plain, else in single quotes.
    private static func shellQuoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "/._-:@+=,".unicodeScalars.contains($0))
        }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
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

import ArgumentParser
import ComicsAPI
import ComicsCLI
import ComicsCache
import ComicsCatalog
import ComicsCore
import Foundation
import Logging

/// `comics`: the terminal commands plus `serve`, the web app.
struct Comics: ParsableCommand {
    static let configuration = ComicsCommand.makeConfiguration(adding: [ServeCommand.self])
}

/// The composition root: logging to standard error, the concrete sources, the real terminal.
@main
enum ComicsMain {
    static func main() async {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
            return handler
        }
        let context = ComicsCLIContext(
            openSource: openSource, stderrIsTerminal: isatty(STDERR_FILENO) == 1,
            openOfflineCopy: { openOfflineCopy(environment: ProcessInfo.processInfo.environment) })
        exit(await ComicsCommand.run(Comics.self, Array(CommandLine.arguments.dropFirst()), context: context))
    }

    /// The source `list` and `characters` read: the bundled catalog in process, or the Marvel client.
    @Sendable static func openSource(_ choice: SourceChoice) throws -> any ComicsSource {
        switch choice {
        case .bundledCatalog:
            return CatalogComicsSource(catalog: try Catalog.bundled())
        case .server(let baseURL, let credentials, let timeout):
            return MarvelClient(configuration: .init(baseURL: baseURL, credentials: credentials, timeout: timeout))
        case .metron(let baseURL, let username, let password, let timeout):
            return MetronClient(configuration: .init(baseURL: baseURL, username: username, password: password, timeout: timeout))
        }
    }

    /// COMICS-COPY-1: the offline copy under `$XDG_CACHE_HOME/comics` (else `~/.cache/comics`); none when
    /// the file can't be opened (the commands then work without a copy).
    static func openOfflineCopy(environment: [String: String]) -> (any ComicsOfflineCopy)? {
        let path = SQLiteOfflineCopy.defaultPath(environment: environment)
        do {
            return try SQLiteOfflineCopy(path: path)
        } catch {
            Logger(label: "comics").warning("the offline copy at \(path) can't be opened: \(error)")
            return nil
        }
    }
}

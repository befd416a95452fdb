import ArgumentParser
import ComicsAPI
import ComicsCLI
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
            openSource: openSource, stderrIsTerminal: isatty(STDERR_FILENO) == 1)
        exit(await ComicsCommand.run(Comics.self, Array(CommandLine.arguments.dropFirst()), context: context))
    }

    /// The source `list` and `characters` read: the bundled catalog in process, or the Marvel client.
    @Sendable static func openSource(_ choice: SourceChoice) throws -> any ComicsSource {
        switch choice {
        case .bundledCatalog:
            return CatalogComicsSource(catalog: try Catalog.bundled())
        case .server(let baseURL, let credentials, let timeout):
            return MarvelClient(configuration: .init(baseURL: baseURL, credentials: credentials, timeout: timeout))
        }
    }
}

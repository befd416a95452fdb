import ArgumentParser
import ComicsAPI
import ComicsCLI
import ComicsCache
import ComicsCatalog
import ComicsCatalogServer
import ComicsCore
import ComicsWeb
import Foundation
import Logging
import WebUI

/// The composition root: logging to standard error, the concrete sources, the real terminal.
@main
enum ComicsMain {
    static func main() async {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
            return handler
        }
        var context = ComicsCLIContext(
            openSource: openSource, stderrIsTerminal: isatty(STDERR_FILENO) == 1,
            openOfflineCopy: { openOfflineCopy(environment: ProcessInfo.processInfo.environment) })
        context.serve = serve
        exit(await ComicsCommand.run(ComicsCommand.self, Array(CommandLine.arguments.dropFirst()), context: context))
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

    /// `comics serve`'s web app, until Ctrl-C or SIGTERM; `announce` once it listens.
    @Sendable static func serve(_ command: ServeCommand, environment: [String: String], announce: @escaping @Sendable (Int) -> Void) async throws {
        let (dependencies, selfHosted) = try makeDependencies(command, environment: environment, logger: Logger(label: "comics"))
        var configuration = ComicsWebConfiguration(host: command.host, port: command.port)
        configuration.allowedHosts = command.safety.allowedHosts
        configuration.limits = command.safety.limits
        let host = command.host
        let app = try buildApplication(dependencies, configuration: configuration) { port in
            await selfHosted?.bind(host: host, port: port)
            announce(port)
        }
        try await app.runService()
    }

    /// The pages' source: the Marvel client for `--api-base-url`, else this server's own catalog routes
    /// read back over HTTP (bound once the port is known).
    static func makeDependencies(
        _ command: ServeCommand, environment: [String: String], logger: Logger
    ) throws -> (ComicsWebDependencies, SelfHostedSource?) {
        let source = command.source
        let choice = try source.choice(environment: environment)
        var configuration = ComicsWebConfiguration(host: command.host, port: command.port)
        configuration.allowedHosts = command.safety.allowedHosts
        if choice.usesOfflineCopy {
            var dependencies = ComicsWebDependencies(source: try openSource(choice), logger: logger, hosts: configuration.hosts)
            dependencies.offlineCopy = openOfflineCopy(environment: environment)
            dependencies.offline = source.offline
            return (dependencies, nil)
        }
        let credentials = try source.credentials(environment: environment)
        let catalog: Catalog
        do { catalog = try Catalog.bundled() } catch {
            throw ValidationError(ComicsCLIWords.current("comics.cli.catalog-unreadable", ["error": "\(error)"]))
        }
        let selfHosted = SelfHostedSource(credentials: credentials, timeout: source.timeout)
        let dependencies = ComicsWebDependencies(
            source: selfHosted, catalogRoutes: MarvelCatalogRoutes(catalog: catalog, credentials: credentials),
            logger: logger, hosts: configuration.hosts)
        return (dependencies, selfHosted)
    }
}

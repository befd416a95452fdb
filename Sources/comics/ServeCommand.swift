import ArgumentParser
import ComicsAPI
import ComicsCLI
import ComicsCatalog
import ComicsCatalogServer
import ComicsCore
import ComicsWeb
import Foundation
import Logging
import WebUI

/// `comics serve` — the web app. It lives in the executable because it chooses the concrete source:
/// a Marvel-compatible server, or the bundled catalog served on this server's own `/v1/public/...`
/// routes and read back through the real HTTP client (the same path a remote server takes).
struct ServeCommand: ParsableCommand, ComicsRunnable {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the comics web pages (and, without --api-base-url, the bundled catalog on /v1/public).")

    @Option(help: "Address to listen on.") var host = "127.0.0.1"
    @Option(help: "Port to listen on (0 picks a free one).") var port = 8081
    @OptionGroup var source: SourceOptions
    @OptionGroup var safety: ServerSafetyOptions

    init() {}

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError(ComicsCLIWords.current("comics.cli.port")) }
    }

    func run(in context: ComicsCLIContext) async throws -> Int32 {
        let logger = Logger(label: "comics")
        let (dependencies, selfHosted) = try makeDependencies(environment: context.environment, logger: logger)
        var configuration = ComicsWebConfiguration(host: host, port: port)
        configuration.allowedHosts = safety.allowedHosts
        configuration.limits = safety.limits
        let host = self.host
        let choice = try source.choice(environment: context.environment)
        let dataSource: String
        switch choice {
        case .bundledCatalog: dataSource = context.words("comics.cli.serve.bundled")
        case .server(let url, _, _), .metron(let url, _, _, _): dataSource = url.absoluteString
        }
        let writeOut = context.writeOut
        let words = context.words
        let app = try buildApplication(dependencies, configuration: configuration) { port in
            await selfHosted?.bind(host: host, port: port)
            let shownHost = ["0.0.0.0", "::"].contains(host) ? "127.0.0.1" : host
            let literal = shownHost.contains(":") ? "[\(shownHost)]" : shownHost
            let address = "http://\(literal):\(port)/"
            writeOut(words("comics.cli.serve.ready", ["address": address, "source": dataSource]) + "\n")
        }
        try await app.runService()
        return 0
    }

    /// The pages' source: the Marvel client for `--api-base-url`, else this server's own catalog routes
    /// read back over HTTP (bound once the port is known).
    func makeDependencies(
        environment: [String: String], logger: Logger
    ) throws -> (ComicsWebDependencies, SelfHostedSource?) {
        let choice = try source.choice(environment: environment)
        var configuration = ComicsWebConfiguration(host: host, port: port)
        configuration.allowedHosts = safety.allowedHosts
        if choice.usesOfflineCopy {
            var dependencies = ComicsWebDependencies(
                source: try ComicsMain.openSource(choice), logger: logger, hosts: configuration.hosts)
            dependencies.offlineCopy = ComicsMain.openOfflineCopy(environment: environment)
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

public import ArgumentParser
import ComicsCore
import Foundation
public import ServerOptions

/// `comics serve` — the web app. The composition root (``ComicsCLIContext/serve``) builds it over
/// the source the options choose: a Marvel-compatible server, or the bundled catalog served on this
/// server's own `/v1/public/...` routes and read back through the real HTTP client (the same path
/// a remote server takes).
public struct ServeCommand: ParsableCommand, ComicsRunnable {
    public static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the comics web pages (and, without --api-base-url, the bundled catalog on /v1/public).")

    @Option(help: "Address to listen on.") public var host = "127.0.0.1"
    @Option(help: "Port to listen on (0 picks a free one).") public var port = 8081
    @OptionGroup public var source: SourceOptions
    @OptionGroup public var safety: ServerSafetyOptions

    public init() {}

    public func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError(ComicsCLIWords.current("comics.cli.port")) }
    }

    public func run(in context: ComicsCLIContext) async throws -> Int32 {
        guard let serve = context.serve else { throw ValidationError(context.words("comics.cli.serve.unavailable")) }
        let dataSource = switch try source.choice(environment: context.environment) {
        case .bundledCatalog: context.words("comics.cli.serve.bundled")
        case .server(let url, _, _), .metron(let url, _, _, _): url.absoluteString
        }
        let (host, writeOut, words) = (self.host, context.writeOut, context.words)
        try await serve(self, context.environment) { port in
            let shownHost = ["0.0.0.0", "::"].contains(host) ? "127.0.0.1" : host
            let literal = shownHost.contains(":") ? "[\(shownHost)]" : shownHost
            writeOut(words("comics.cli.serve.ready", ["address": "http://\(literal):\(port)/", "source": dataSource]) + "\n")
        }
        return 0
    }
}

import ArgumentParser
import ComicsCore
import ComicsWeb
import Foundation
import Logging
import WebUI

/// `comics` — browse Marvel comics and their characters.
public struct ComicsCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "comics",
        abstract: "Browse Marvel comics and their characters.",
        discussion: "\(Attribution.marvel)",
        subcommands: [Serve.self, List.self, Characters.self])

    public init() {}
}

extension ComicsCommand {
    /// `comics serve` — the web app.
    public struct Serve: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Serve the comics web pages (and, without --api-base-url, the bundled catalog on /v1/public).")

        @Option(help: "Address to listen on.") public var host = "127.0.0.1"
        @Option(help: "Port to listen on (0 picks a free one).") public var port = 8081
        @OptionGroup public var source: SourceOptions
        @OptionGroup public var safety: ServerSafetyOptions

        public init() {}

        public func validate() throws {
            guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        }

        public func run() async throws {
            let environment = ProcessInfo.processInfo.environment
            let credentials = try source.credentials(environment: environment)
            var configuration = ComicsWebConfiguration(
                host: host, port: port, apiBaseURL: source.baseURL, publicKey: credentials?.publicKey,
                privateKey: credentials?.privateKey, sourceTimeout: source.timeout)
            configuration.allowedHosts = safety.allowedHosts
            configuration.limits = safety.limits
            let console = StandardConsole()
            let dataSource = source.baseURL?.absoluteString ?? "the bundled catalog"
            let app = try buildApplication(configuration: configuration, logger: Logger(label: "comics")) { url in
                console.out("Comics is ready: open \(url) in your browser (data: \(dataSource)). Press Ctrl-C to stop.\n")
            }
            try await app.runService()
        }
    }

    /// `comics list` — the comics, grouped by first letter.
    public struct List: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the comics grouped by first letter.")

        @Flag(help: "Print {\"groups\":[{\"letter\":…,\"comics\":[{\"id\":…,\"title\":…}]}]}.") public var json = false
        @OptionGroup public var source: SourceOptions

        public init() {}

        public func run() async throws {
            let console = StandardConsole()
            let comicsSource = try source.makeSource(environment: ProcessInfo.processInfo.environment)
            let status = await ComicsCLI(console: console).list(source: comicsSource, json: json)
            if status != 0 { throw ExitCode(status) }
        }
    }

    /// `comics characters ID` — a comic's characters under its name.
    public struct Characters: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(
            commandName: "characters", abstract: "Show the characters of a comic, sorted by name.")

        @Argument(help: "The comic's id (as shown by `comics list`).") public var id: Int
        @Flag(help: "Print {\"title\":…,\"characters\":[{\"id\":…,\"name\":…}]}.") public var json = false
        @OptionGroup public var source: SourceOptions

        public init() {}

        public func run() async throws {
            let console = StandardConsole()
            let comicsSource = try source.makeSource(environment: ProcessInfo.processInfo.environment)
            let status = await ComicsCLI(console: console).characters(ofComic: id, source: comicsSource, json: json)
            if status != 0 { throw ExitCode(status) }
        }
    }
}

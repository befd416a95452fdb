import ArgumentParser
import Foundation
import Hummingbird
import Logging
import TodoCLI
import TodoCore
import TodoWeb
import WebUI

/// `todo serve`: the web app on this machine.
struct ServeCommand: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the web app; open the printed address in a browser.",
        discussion: "Stops cleanly on Ctrl-C (SIGINT) or SIGTERM.")

    @Option(help: "The address to listen on: a loopback address (127.0.0.1, ::1, localhost), since without accounts only this machine may connect.")
    var host = "127.0.0.1"
    @Option(help: "The port to listen on (0 picks a free one).") var port = 8080
    @Flag(name: .customLong("in-memory"), help: "Keep items in memory only, for a throwaway demo.") var inMemory = false
    @Option(
        name: .customLong("cors-origin"),
        help: ArgumentHelp("Let pages from this origin use the API (repeatable; * allows any).", valueName: "origin"))
    var corsOrigins: [String] = []
    @Option(
        name: .customLong("trusted-proxy"),
        help: ArgumentHelp(
            "A reverse proxy's IP address (repeatable): from it, the client's address is the last in X-Forwarded-For.",
            valueName: "address"))
    var trustedProxies: [String] = []
    @OptionGroup var safety: ServerSafetyOptions
    @OptionGroup var store: StoreOptions

    init() {}

    func validate() throws {
        if inMemory, store.db != nil { throw CLIWords.refusal("cli.validate.db-and-memory") }
        guard (0...65535).contains(port) else { throw CLIWords.refusal("cli.validate.port") }
        // One person's list without a sign-in: only this machine may reach it (MODE-2).
        guard ListenAddress.isLoopback(host) else { throw CLIWords.refusal("cli.validate.host-not-loopback", ["host": host]) }
        for address in trustedProxies where !TrustedProxies.isAddress(address) {
            throw CLIWords.refusal("cli.validate.trusted-proxy", ["address": address])
        }
        for origin in corsOrigins where origin != "*" {
            guard let url = URL(string: origin), ["http", "https"].contains(url.scheme ?? ""), url.host != nil,
                  url.path.isEmpty || url.path == "/"
            else { throw CLIWords.refusal("cli.validate.origin", ["origin": origin]) }
        }
    }

    func run(in context: CLIContext) async throws {
        let location: StoreLocation = inMemory ? .inMemory : store.location(context)
        let todoStore = try await context.openStore(location, .server)
        let logger = Logger(label: "todo")
        let host = self.host
        let environment = context.environment
        var options = TodoWebOptions(
            host: host, port: port, corsOrigins: corsOrigins, allowedHosts: safety.allowedHosts, limits: safety.limits)
        options.trustedProxies = trustedProxies
        let app = try TodoWebApp.buildApplication(
            store: todoStore, options: options,
            logger: logger,
            onServerRunning: { port in
                let shown = host.contains(":") ? "[\(host)]" : host
                // Straight to standard output, unbuffered: scripts wait for this line.
                let line = ServeText.running(address: "http://\(shown):\(port)/", location: location, environment: environment)
                FileHandle.standardOutput.write(Data(line.utf8))
            })
        try await app.runService()
    }
}

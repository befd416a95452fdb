import Foundation
import ProcessTestSupport
import Hummingbird
import Logging
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Acceptance tests through the built `comics` executable, as a person would run it.
@Suite("The comics executable", .serialized)
struct ComicsExecutableTests {
    @Test("COMICS-1 `comics list --api-base-url http://comics.invalid` (no such name) fails with the no-connection message, no stack trace")
    func noNetwork() async throws {
        let run = try await Self.run(["list", "--api-base-url", "http://comics.invalid"])

        #expect(run.status == 1)
        #expect(run.stderr == "There is no internet connection. Check your connection and try again.\n")
        #expect(run.stdout.isEmpty)
    }

    @Test("COMICS-MSG-1 `comics list --api-base-url http://127.0.0.1:1` (refused) says the server isn't answering")
    func closedPort() async throws {
        let run = try await Self.run(["list", "--api-base-url", "http://127.0.0.1:1"])

        #expect(run.status == 1)
        #expect(run.stderr == "The comics server isn't answering. Please try again later.\n")
        #expect(run.stdout.isEmpty)
    }

    @Test("COMICS-2 a server answering {\"oops\" makes `comics list` fail with the couldn't-be-read message")
    func brokenServer() async throws {
        let router = Router()
        router.get("**") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: #"{"oops""#)))
        }
        let port = try await Self.withServer(router) { port in
            let run = try await Self.run(["list", "--api-base-url", "http://127.0.0.1:\(port)"])
            #expect(run.status == 1)
            #expect(run.stderr == "The content couldn't be read. Please try again later.\n")
            #expect(!run.stderr.contains("Fatal") && !run.stderr.contains("Stack"))
            return port
        }
        #expect(port > 0)
    }

    @Test("CHARACTERS-2 an unknown comic id in the bundled catalog fails with the can't-be-shown message")
    func unknownComic() async throws {
        let run = try await Self.run(["characters", "1"])

        #expect(run.status == 1)
        #expect(run.stderr == "The list of characters can't be shown. Please try again later.\n")
    }

    @Test("COMICS-3 `comics list --json` reads the bundled catalog: 150+ comics in letter groups, '#' last")
    func bundledCatalog() async throws {
        let run = try await Self.run(["list", "--json"])

        #expect(run.status == 0)
        let decoded = try JSONDecoder().decode(Groups.self, from: Data(run.stdout.utf8))
        #expect(decoded.groups.flatMap(\.comics).count >= 150)
        #expect(decoded.groups.last?.letter == "#")
        #expect(decoded.groups.map(\.letter).dropLast() == decoded.groups.map(\.letter).dropLast().sorted())
    }

    @Test("serve prints the URL to open, serves the list over its own catalog routes, and stops on SIGTERM")
    func serveAndStop() async throws {
        let process = Process()
        process.executableURL = try Self.binary()
        process.arguments = ["serve", "--port", "0"]
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        let line = await Self.firstLine(of: stdout, from: process, within: 20)
        let url = try #require(line.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init))
        #expect(line.contains("open \(url) in your browser"))

        let (data, response) = try await URLSession.shared.data(from: URL(string: url + "api/comics")!)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(try JSONDecoder().decode(Groups.self, from: data).groups.flatMap(\.comics).count >= 150)

        process.terminate()
        await ChildProcess.waitUntilExit(process)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }

    // MARK: - Helpers

    struct Groups: Decodable {
        struct Group: Decodable {
            struct Entry: Decodable { let id: Int; let title: String }
            let letter: String
            let comics: [Entry]
        }
        let groups: [Group]
    }

    struct Run { let status: Int32; let stdout: String; let stderr: String }

    /// `$TDA_BIN_DIR/comics`, else the `comics` built next to this test bundle.
    static func binary() throws -> URL {
        let directory = ProcessInfo.processInfo.environment["TDA_BIN_DIR"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [directory, directory.deletingLastPathComponent()].map { $0.appendingPathComponent("comics") }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw BinaryMissing(searched: candidates.map(\.path))
        }
        return found
    }

    struct BinaryMissing: Error { let searched: [String] }

    /// COMICS-COPY-1: the offline copy goes to a folder of the test's own, never the person's.
    static func isolatedEnvironment() -> [String: String] {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("comics-tests-\(UUID().uuidString)")
        // The terminal's language is the test's to choose (LANG-3): English unless a test sets one.
        var environment = ProcessInfo.processInfo.environment.filter { !["LC_ALL", "LC_MESSAGES", "LANG"].contains($0.key) }
        environment["XDG_CACHE_HOME"] = cache.path
        return environment
    }

    static func run(_ arguments: [String], locale: [String: String] = [:]) async throws -> Run {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments
        // COMICS-COPY-1: the offline copy goes to a folder of the test's own, never the person's.
        process.environment = isolatedEnvironment().merging(locale, uniquingKeysWith: { $1 })
        let ended = try await ChildProcess.run(process)
        return Run(status: ended.status, stdout: ended.output, stderr: ended.errors)
    }

    /// What the started `process` prints to `pipe` up to its first line's end (read off the
    /// pool); one that prints none within `seconds` is stopped, which ends the read.
    static func firstLine(of pipe: Pipe, from process: Process, within seconds: Double) async -> String {
        await ChildProcess.read(pipe.fileHandleForReading, of: process, within: seconds) { $0.contains("\n") }
    }

    static func withServer<Value: Sendable>(
        _ router: Router<BasicRequestContext>, _ body: @Sendable (Int) async throws -> Value
    ) async throws -> Value {
        let bound = AsyncStream<Int>.makeStream()
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in bound.continuation.yield(channel.localAddress?.port ?? 0) },
            logger: Logger(label: "stub", factory: { _ in SwiftLogNoOpLogHandler() }))
        let server = Task { try await app.run() }
        defer { server.cancel() }
        var iterator = bound.stream.makeAsyncIterator()
        let port = await iterator.next() ?? 0
        let value = try await body(port)
        server.cancel()
        _ = await server.result
        return value
    }
}

/// LANG-3 through the built executable.
@Suite("The comics executable in the terminal's language", .serialized)
struct ComicsExecutableLanguageTests {
    @Test("LANG-3 COMICS-1 `LANG=ja_JP.UTF-8 comics list` with no network says so in Japanese")
    func test_LANG_3_japanese() async throws {
        let run = try await ComicsExecutableTests.run(
            ["list", "--api-base-url", "http://comics.invalid"], locale: ["LANG": "ja_JP.UTF-8"])

        #expect(run.status == 1)
        #expect(run.stderr == "インターネットに接続されていません。接続を確認して、もう一度お試しください。\n")
    }

    @Test("LANG-3 COMICS-3 `LANG=zh_CN.UTF-8 comics list` prints the bundled catalog with the attribution in Chinese")
    func test_LANG_3_chinese() async throws {
        let run = try await ComicsExecutableTests.run(["list"], locale: ["LANG": "zh_CN.UTF-8"])

        #expect(run.status == 0)
        #expect(run.stdout.hasSuffix("\n数据由 Marvel 提供。© 2025 MARVEL\n"))
    }
}

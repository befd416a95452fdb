import Foundation
import Testing
import TodoPostgresTestSupport
import TodoTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `todo serve`'s modes as a person starts them (docs/specs/sharing.md, MODE-3): the built
/// executable; on PostgreSQL, a database of its own on the test cluster (PG-9).
@Suite("todo serve's modes (the real binary)", .serialized)
struct ServeModesProcessTests {
    static func status(_ port: Int, _ path: String) async throws -> Int {
        let url = try #require(URL(string: "http://127.0.0.1:\(port)\(path)"))
        let (_, response) = try await URLSession.shared.data(from: url)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    @Test("MODE-3 TODO_DATABASE_URL alone turns accounts on: todo serve listens on 0.0.0.0 with sign-up, as --database-url does")
    func test_MODE_3_databaseURLFromEnvironment() async throws {
        let url = try await PostgresTestDatabase.newDatabaseURL(prefix: "serve")
        try await BuiltTodo.withServer(
            ["--host", "0.0.0.0", "--port", "0", "--allow-signup"], environment: ["TODO_DATABASE_URL": url]
        ) { server in
            let served = try #require(server.port, "no address printed: \(server.printed)")
            #expect(!server.printed.contains(url), "the address is printed without its password")
            #expect(try await Self.status(served, "/signin") == 200)
            #expect(try await Self.status(served, "/signup") == 200, "--allow-signup goes with the accounts the URL brings")
            #expect(try await Self.status(served, "/") == 200, "the sign-in page, for a person not signed in")
        }
    }

    @Test("MODE-2 without accounts, --allow-signup and a --host other machines reach are refused before anything is opened")
    func test_MODE_2_withoutAccounts() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = folder.file("t.sqlite")
        for (arguments, sentence) in [
            (["--allow-signup"], "--allow-signup and --secure-cookies are for a server with accounts"),
            (["--host", "0.0.0.0"], "Without accounts, todo serve answers this machine only"),
        ] {
            let server = try await BuiltTodo.serve(arguments + ["--port", "0", "--db", database])
            await server.stop()
            #expect(server.port == nil && server.process.terminationStatus != 0, "\(arguments)")
            #expect(server.printed.contains(sentence), "\(arguments): \(server.printed)")
            #expect(!FileManager.default.fileExists(atPath: database), "nothing opened")
        }
    }
}

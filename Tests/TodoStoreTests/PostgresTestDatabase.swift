import Foundation
import PostgresNIO
import TodoCore
import TodoPostgres

/// The test cluster's database (docs/specs/postgres.md, PG-9): `scripts/test` starts a throwaway
/// PostgreSQL cluster and exports its URL as `TODO_TEST_DATABASE_URL`. Without it every
/// PostgreSQL test fails with a sentence saying so: none is skipped.
///
/// One pool serves the whole test process; each store gets a fresh schema of its own, migrated
/// from nothing, so tests never see each other's rows and need no database of their own.
enum PostgresTestDatabase {
    static let urlVariable = "TODO_TEST_DATABASE_URL"

    struct NotConfigured: Error, CustomStringConvertible {
        var description: String {
            "\(PostgresTestDatabase.urlVariable) is not set: run ./scripts/test, which starts a throwaway PostgreSQL "
                + "cluster for the tests (or `eval \"$(scripts/postgres-cluster start)\"` before `swift test`)."
        }
    }

    static func url() throws -> String {
        guard let url = ProcessInfo.processInfo.environment[urlVariable], !url.isEmpty else { throw NotConfigured() }
        return url
    }

    /// Generous: hundreds of tests share the pool's connections at once.
    static let operationTimeout: Duration = .seconds(120)

    /// Event loops of the PostgreSQL tests' own: a test elsewhere in the process that holds one
    /// of the shared loops (a server test, a slow client) must not stall these connections.
    static let eventLoops: any EventLoopGroup = MultiThreadedEventLoopGroup(numberOfThreads: 2)

    /// The pool every test shares, running for the life of the test process.
    static let shared: Result<PostgresTodoDatabase, any Error> = Result {
        let database = try PostgresTodoDatabase.open(
            url: try url(), maximumConnections: 8, operationTimeout: operationTimeout, eventLoopGroup: eventLoops)
        Task.detached { await database.run() }
        return database
    }

    /// A new, empty schema's name.
    static func newSchemaName() -> String {
        "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    }

    /// A database in a fresh schema of its own, migrated.
    static func freshDatabase() async throws -> PostgresTodoDatabase {
        let shared = try shared.get()
        let database = try PostgresTodoDatabase(
            client: shared.client, location: shared.location, schema: newSchemaName(),
            operationTimeout: operationTimeout)
        try await database.migrate()
        return database
    }

    static func freshStore(environment: TodoEnvironment) async throws -> PostgresTodoStore {
        PostgresTodoStore(database: try await freshDatabase(), environment: environment)
    }

    /// Runs SQL of the test's own on the shared pool (to look behind a store's back).
    @discardableResult
    static func query(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await shared.get().client.query(query).collect()
    }
}

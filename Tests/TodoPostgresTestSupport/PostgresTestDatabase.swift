import Foundation
import Logging
import PostgresNIO
import TodoAccounts
import TodoCore
import TodoPostgres

/// The test cluster's database (docs/specs/postgres.md, PG-9): `scripts/test` starts a throwaway
/// PostgreSQL cluster and exports its URL as `TODO_TEST_DATABASE_URL`. Without it every
/// PostgreSQL test fails with a sentence saying so: none is skipped.
///
/// One pool serves the whole test process (every test target); each test gets a fresh schema of
/// its own, migrated from nothing, so tests never see each other's rows and need no database of
/// their own.
public enum PostgresTestDatabase {
    public static let urlVariable = "TODO_TEST_DATABASE_URL"

    public struct NotConfigured: Error, CustomStringConvertible {
        public var description: String {
            "\(PostgresTestDatabase.urlVariable) is not set: run ./scripts/test, which starts a throwaway PostgreSQL "
                + "cluster for the tests (or `eval \"$(scripts/postgres-cluster start)\"` before `swift test`)."
        }
    }

    public static func url() throws -> String {
        guard let url = ProcessInfo.processInfo.environment[urlVariable], !url.isEmpty else { throw NotConfigured() }
        return url
    }

    /// Generous: hundreds of tests share the pool's connections at once.
    public static let operationTimeout: Duration = .seconds(120)

    /// Event loops of the PostgreSQL tests' own: a test elsewhere in the process that holds one
    /// of the shared loops (a server test, a slow client) must not stall these connections.
    public static let eventLoops: any EventLoopGroup = MultiThreadedEventLoopGroup(numberOfThreads: 2)

    /// The pool every test shares, running for the life of the test process.
    public static let shared: Result<PostgresTodoDatabase, any Error> = Result {
        let database = try PostgresTodoDatabase.open(
            url: try url(), maximumConnections: 8, operationTimeout: operationTimeout, eventLoopGroup: eventLoops)
        Task.detached { await database.run() }
        return database
    }

    /// A new, empty schema's name.
    public static func newSchemaName() -> String {
        "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    }

    /// A database in a fresh schema of its own, not migrated yet.
    public static func freshUnmigratedDatabase() throws -> PostgresTodoDatabase {
        let shared = try shared.get()
        return try PostgresTodoDatabase(
            client: shared.client, location: shared.location, schema: newSchemaName(),
            operationTimeout: operationTimeout)
    }

    /// A database in a fresh schema of its own, migrated.
    public static func freshDatabase() async throws -> PostgresTodoDatabase {
        let database = try freshUnmigratedDatabase()
        try await database.migrate()
        return database
    }

    /// The local list's store over a fresh schema.
    public static func freshStore(environment: TodoEnvironment) async throws -> PostgresTodoStore {
        PostgresTodoStore(database: try await freshDatabase(), environment: environment)
    }

    /// The store of `owner` (with an account when it is one) over a fresh schema; its
    /// `database` reaches the other owners' stores, the accounts and the shares of the schema.
    public static func freshStore(owner: ListOwner, environment: TodoEnvironment) async throws -> PostgresTodoStore {
        let database = try await freshDatabase()
        try await addAccounts(for: [owner], in: database)
        return database.store(owner: owner, environment: environment)
    }

    /// One store per owner, in order, over one fresh schema (OWNER-1…). An account's list needs
    /// its account (the owner's rows go with it: OWNER-8), so each owner but the local list gets
    /// an account, named as `names` says (`o` and the key's hex digits otherwise);
    /// `(store as? PostgresTodoStore)?.database` reaches the accounts and shares of the schema.
    public static func freshStores(
        owners: [ListOwner], names: [ListOwner: String] = [:], environment: TodoEnvironment
    ) async throws -> [any TodoStore] {
        let database = try await freshDatabase()
        try await addAccounts(for: owners, names: names, in: database)
        return owners.map { database.store(owner: $0, environment: environment) }
    }

    /// The shares over a fresh schema, with an account for each of `people` (shares need their
    /// accounts: removing one ends its shares). `sharing.database` reaches the accounts and the
    /// stores of the same schema.
    public static func freshSharing(people: [ListPerson] = []) async throws -> PostgresListSharing {
        let database = try await freshDatabase()
        for person in people {
            try await database.accounts.addUser(
                Account(id: person.id, name: person.name, createdAt: Date(timeIntervalSince1970: 0)), passwordHash: dummyHash)
        }
        return database.sharing
    }

    /// A password hash of the schema's length for accounts that never sign in.
    public static let dummyHash = "$2b$12$" + String(repeating: "x", count: 53)

    /// An account for each owner of `owners` that is one (not the local list) and has none yet.
    public static func addAccounts(
        for owners: [ListOwner], names: [ListOwner: String] = [:], in database: PostgresTodoDatabase
    ) async throws {
        for owner in Set(owners) where !owner.isLocal {
            guard let id = UUID(uuidString: owner.key), try await database.accounts.user(id: id) == nil else { continue }
            let name = names[owner] ?? "o" + owner.key.replacingOccurrences(of: "-", with: "")
            try await database.accounts.addUser(
                Account(id: id, name: name, createdAt: Date(timeIntervalSince1970: 0)), passwordHash: dummyHash)
        }
    }

    /// A new, empty database on the test cluster, and its URL: for a test that hands the
    /// `todo` executable a URL (where a schema of its own won't do). `prefix` names its kind.
    public static func newDatabaseURL(prefix: String) async throws -> String {
        let name = prefix + "_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try await query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"))
        guard var url = URLComponents(string: try url()) else { throw NotConfigured() }
        url.path = "/" + name
        guard let text = url.string else { throw NotConfigured() }
        return text
    }

    /// The server process of `connection` (`pg_backend_pid()`).
    public static func backendPID(_ connection: PostgresConnection) async throws -> Int {
        try await connection.query("SELECT pg_backend_pid()", logger: Logger(label: "tests"))
            .collect().first!.decode(Int.self)
    }

    /// Waits until another backend is waiting for a lock that the backend `holder` holds, for
    /// 10 s at most (TEST-2: a wait for the condition, not a fixed time); false when none did.
    public static func waitUntilSomeoneWaits(on holder: Int) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            let rows = try await query(
                "SELECT COUNT(*)::bigint FROM pg_stat_activity WHERE \(holder) = ANY(pg_blocking_pids(pid))")
            if try rows.first?.decode(Int.self) ?? 0 > 0 { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// Runs SQL of the test's own on the shared pool (to look behind a store's back).
    @discardableResult
    public static func query(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await shared.get().client.query(query).collect()
    }
}

import Foundation
import Logging
import PostgresNIO
import Synchronization
import TodoCore

/// A Todo database in PostgreSQL: the client and its pool of connections, the schema the tables
/// live in, its migrations, and the translation of failures into sentences (`TodoStorageError`).
///
/// Whoever opens it runs it: `run()` keeps the pool going (a long-running task, as
/// `PostgresClient.run()` requires) until `shutdown()` or the task's cancellation.
///
/// ```swift
/// let database = try PostgresTodoDatabase.open(url: "postgresql://todo:secret@127.0.0.1:5432/todo")
/// let running = Task { await database.run() }
/// try await database.migrate()
/// let store = PostgresTodoStore(database: database)
/// …
/// database.shutdown(); await running.value
/// ```
public final class PostgresTodoDatabase: Sendable {
    public let client: PostgresClient
    /// The schema holding the tables (`public` unless told): a valid unquoted identifier.
    public let schema: String
    /// Where the database is, for sentences: host, port and database name (never the password).
    public let location: String
    /// How long one read or write may wait for the server (a free connection included) before
    /// it fails with `TodoStorageError(.unavailable…)`, so that a request is answered while
    /// the server is away instead of hanging.
    public let operationTimeout: Duration
    private let stop: AsyncStream<Void>.Continuation
    /// Set by `shutdown()`: `notifications()` stops listening again.
    private let isShutDown = Mutex(false)
    private let stopped: AsyncStream<Void>

    /// The migrations this version knows, by version (`PostgresSchema`).
    public static var migrationVersions: [Int] { PostgresSchema.migrations.map(\.version) }

    /// Wraps a client; `schema` must be a plain identifier (letters, digits, `_`).
    public init(
        client: PostgresClient, location: String, schema: String = "public", operationTimeout: Duration = .seconds(10)
    ) throws {
        guard Self.isIdentifier(schema) else {
            throw TodoStorageError(.unavailable, "The schema name “\(schema)” is not a plain name (letters, digits and _).")
        }
        self.client = client
        self.schema = schema
        self.location = location
        self.operationTimeout = operationTimeout
        (stopped, stop) = AsyncStream<Void>.makeStream()
    }

    /// A database from a URL `postgresql://USER:PASS@HOST:PORT/DB` (`postgres://` too; the port
    /// defaults to 5432; `?sslmode=disable|prefer|require`, prefer by default), with a pool of at
    /// most `maximumConnections` connections.
    public static func open(
        url text: String, schema: String = "public", maximumConnections: Int = 20,
        operationTimeout: Duration = .seconds(10), logger: Logger? = nil,
        eventLoopGroup: any EventLoopGroup = PostgresClient.defaultEventLoopGroup
    ) throws -> PostgresTodoDatabase {
        let settings = try ConnectionSettings(url: text)
        var configuration = PostgresClient.Configuration(
            host: settings.host, port: settings.port, username: settings.user, password: settings.password,
            database: settings.database, tls: settings.tls)
        configuration.options.maximumConnections = max(1, maximumConnections)
        configuration.options.connectTimeout = .seconds(5)
        let client = logger.map {
            PostgresClient(configuration: configuration, eventLoopGroup: eventLoopGroup, backgroundLogger: $0)
        } ?? PostgresClient(configuration: configuration, eventLoopGroup: eventLoopGroup)
        return try PostgresTodoDatabase(
            client: client, location: settings.location, schema: schema, operationTimeout: operationTimeout)
    }

    /// Runs the pool until `shutdown()` is called or the calling task is cancelled.
    public func run() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.client.run() }
            group.addTask { for await _ in self.stopped {} }
            // Either ends: the stop signal (or the client ending), then the client is cancelled.
            await group.next()
            group.cancelAll()
        }
    }

    /// Ends `run()`: open connections are closed.
    public func shutdown() {
        isShutDown.withLock { $0 = true }
        stop.finish()
    }

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, text.unicodeScalars.count <= 63 else { return false }
        let letters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz_")
        let rest = letters.union(CharacterSet(charactersIn: "0123456789"))
        return letters.contains(first) && text.unicodeScalars.allSatisfy(rest.contains)
    }

    /// A table of the schema, quoted for SQL.
    func table(_ name: String) -> String { "\"\(schema)\".\(name)" }

    // MARK: - Migrations

    /// Brings the schema up to date, creating it when needed. Several processes may start on a
    /// new database at once: each migration runs in one transaction under an advisory lock
    /// (`pg_advisory_xact_lock`) held until it commits, and a process that waited finds the
    /// versions another applied in `schema_migrations` and skips them. Refuses a schema written
    /// by a newer version of Todo.
    public func migrate() async throws {
        try await migrate(through: PostgresSchema.latestVersion)
    }

    /// Applies the migrations up to `last` only (tests: a database as an older Todo left it).
    func migrate(through last: Int) async throws {
        try await translatingErrors {
            try await self.withDeadline {
                try await self.client.withConnection { connection in
                    try await PostgresSchema.migrate(connection, database: self, through: last)
                }
            }
        }
    }

    // MARK: - What it keeps

    /// The items, projects, numbers and Trash of `owner` (the local list unless told): every
    /// statement of the store is scoped to that owner (docs/specs/sharing.md, OWNER-1…).
    public func store(owner: ListOwner = .local, environment: TodoEnvironment) -> PostgresTodoStore {
        PostgresTodoStore(database: self, owner: owner, environment: environment)
    }

    /// Accounts, tokens, sessions and sign-in failures (docs/specs/accounts.md), shared by every
    /// instance on this database.
    public var accounts: PostgresAccountStore { PostgresAccountStore(database: self) }

    /// The shares of lists between accounts (docs/specs/sharing.md, SHARE-1).
    public var sharing: PostgresListSharing { PostgresListSharing(database: self) }

    /// The record of changes every instance on this database writes and reads (docs/specs/live.md,
    /// LIVE-7 and LIVE-9).
    public var changes: PostgresChangeRecord { PostgresChangeRecord(database: self) }

    /// CalDAV's records of every owner's items and lists (docs/specs/caldav.md).
    public var calendars: PostgresCalendarResources { PostgresCalendarResources(database: self) }

    /// Tells this process when the record of changes of this schema may hold something new
    /// (LIVE-9): one element per `NOTIFY todo_changes` from any instance on the database (a
    /// transaction's changes notify once, on commit). The first element comes once it listens,
    /// and again after each reconnection, since a notification sent while it was not listening
    /// is lost: on each element, read `changes` after the last id seen.
    ///
    /// It keeps one connection of the pool, on which it `LISTEN`s, until the stream ends (its
    /// consumer stops iterating, or the database is shut down). When that connection fails, it
    /// listens again on a new one after `retryAfter`. Elements wait one at most: a reader that
    /// is busy gets one element for several notifications.
    public func notifications(retryAfter: Duration = .seconds(1)) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let client = self.client, schema = self.schema
        // Holds the database while it listens: `shutdown()` ends the loop.
        let task = Task { [self] in
            while !Task.isCancelled, !isShutDown.withLock({ $0 }) {
                do {
                    try await client.withConnection { connection in
                        try await connection.listen(on: PostgresChangeRecord.channel) { notifications in
                            continuation.yield()
                            for try await notification in notifications where notification.payload == schema {
                                continuation.yield()
                            }
                        }
                    }
                } catch {
                    // The connection went (or never came): listen again below.
                }
                try? await Task.sleep(for: retryAfter)
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Runs one statement on its own (no transaction of several statements), within the
    /// deadline, with readable errors.
    @discardableResult
    func run(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await translatingErrors {
            try await self.withDeadline {
                try await self.client.withConnection { connection in
                    try await connection.query(query, logger: Self.logger).collect()
                }
            }
        }
    }

    // MARK: - Access with readable errors

    /// Runs `body` in a transaction on one connection: READ COMMITTED for writes, a REPEATABLE READ
    /// READ ONLY snapshot for reads (so every statement of a read sees the same moment). Rolls
    /// back on any error; failures come out as `TodoStorageError` sentences.
    func transaction<T: Sendable>(
        readOnly: Bool, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        try await translatingErrors {
            try await self.withDeadline {
                try await self.client.withConnection { connection in
                    try await connection.query(
                        readOnly ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN", logger: Self.logger)
                    do {
                        let result = try await body(connection)
                        try await connection.query("COMMIT", logger: Self.logger)
                        return result
                    } catch {
                        // A broken connection can't roll back: the server drops the transaction.
                        _ = try? await connection.query("ROLLBACK", logger: Self.logger)
                        throw error
                    }
                }
            }
        }
    }

    static let logger = Logger(label: "todo.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Runs `body`, failing with `.unavailable` when it takes longer than `operationTimeout`
    /// (the server away, every connection busy). `body` is cancelled then; its transaction, if
    /// any, is rolled back by the server when the connection goes.
    func withDeadline<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let timeout = operationTimeout
        let location = self.location
        let gate = Gate<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                gate.start(continuation)
                let work = Task {
                    do { gate.finish(.success(try await body())) } catch { gate.finish(.failure(error)) }
                }
                let timer = Task {
                    try? await Task.sleep(for: timeout)
                    guard !Task.isCancelled else { return }
                    if gate.finish(.failure(TodoStorageError(.unavailable, Self.timeoutSentence(location)))) {
                        work.cancel()
                    }
                }
                gate.onFinish { timer.cancel() }
                gate.onCancel { work.cancel() }
            }
        } onCancel: {
            gate.cancel()
        }
    }

    static func timeoutSentence(_ location: String) -> String {
        "The PostgreSQL database \(location) did not answer in time; nothing was changed. Try again in a moment."
    }

    func translatingErrors<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            throw PostgresErrors.storageError(error, location: location)
        }
    }
}

/// One continuation resumed once, by whichever of the work, the timer or a cancellation comes first.
private final class Gate<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, any Error>?
    private var done = false
    private var finishActions: [@Sendable () -> Void] = []
    private var cancelActions: [@Sendable () -> Void] = []
    private var cancelled = false

    func start(_ continuation: CheckedContinuation<T, any Error>) {
        lock.withLock { self.continuation = continuation }
    }

    /// Resumes with `result` unless something came first; true when it was first.
    @discardableResult
    func finish(_ result: Result<T, any Error>) -> Bool {
        let (continuation, actions): (CheckedContinuation<T, any Error>?, [@Sendable () -> Void]) = lock.withLock {
            guard !done else { return (nil, []) }
            done = true
            defer { self.continuation = nil }
            return (self.continuation, finishActions)
        }
        guard let continuation else { return false }
        actions.forEach { $0() }
        continuation.resume(with: result)
        return true
    }

    func onFinish(_ action: @escaping @Sendable () -> Void) {
        let now = lock.withLock { done ? true : { finishActions.append(action); return false }() }
        if now { action() }
    }

    func onCancel(_ action: @escaping @Sendable () -> Void) {
        let now = lock.withLock { cancelled ? true : { cancelActions.append(action); return false }() }
        if now { action() }
    }

    func cancel() {
        let actions = lock.withLock { () -> [@Sendable () -> Void] in
            cancelled = true
            return cancelActions
        }
        actions.forEach { $0() }
    }
}

/// What a database URL says.
struct ConnectionSettings: Sendable {
    var host: String
    var port: Int
    var user: String
    var password: String?
    var database: String?
    var tls: PostgresClient.Configuration.TLS

    /// "127.0.0.1:5432/todo": where, without the user or password.
    var location: String { "at \(host):\(port)/\(database ?? user)" }

    init(url text: String) throws {
        let refused = TodoStorageError(
            .unavailable, "The database URL is not of the form postgresql://USER:PASSWORD@HOST:PORT/DATABASE.")
        guard let components = URLComponents(string: text),
              ["postgresql", "postgres"].contains(components.scheme?.lowercased() ?? ""),
              let host = components.host, !host.isEmpty,
              let user = components.user.flatMap({ $0.removingPercentEncoding }), !user.isEmpty
        else { throw refused }
        self.host = host
        self.port = components.port ?? 5432
        self.user = user
        self.password = components.password.flatMap { $0.removingPercentEncoding }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        self.database = path.isEmpty ? nil : path.removingPercentEncoding
        // As libpq: `prefer` (the default) and `require` encrypt without checking the server's
        // certificate; `verify-ca` checks it, `verify-full` its name too.
        let mode = components.queryItems?.first { $0.name == "sslmode" }?.value ?? "prefer"
        var unverified = TLSConfiguration.makeClientConfiguration()
        unverified.certificateVerification = .none
        var authority = TLSConfiguration.makeClientConfiguration()
        authority.certificateVerification = .noHostnameVerification
        switch mode {
        case "disable": tls = .disable
        case "prefer", "allow": tls = .prefer(unverified)
        case "require": tls = .require(unverified)
        case "verify-ca": tls = .require(authority)
        case "verify-full": tls = .require(.makeClientConfiguration())
        default: throw refused
        }
    }
}

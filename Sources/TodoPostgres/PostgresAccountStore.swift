import Foundation
import PostgresNIO
import TodoAccounts
import TodoCore

/// Accounts, tokens, sessions and sign-in failures in PostgreSQL, beside the items
/// (docs/specs/accounts.md, docs/specs/postgres.md PG-12): the same contract as
/// `SQLiteAccountStore`, and the same rules in the schema (migration 2). Every instance on the
/// database sees the same sessions and counts the same failures. Persistence only: the rules
/// and the policy are `Accounts`'.
///
/// Removing an account removes, in the same statement, its tokens, sessions and shares (either
/// side) and its list — items, projects, numbers and Trash (OWNER-8) — by `ON DELETE CASCADE`.
public struct PostgresAccountStore: AccountStore {
    public let database: PostgresTodoDatabase
    private let t: Tables

    public init(database: PostgresTodoDatabase) {
        self.database = database
        t = Tables(schema: database.schema)
    }

    struct Tables: Sendable {
        let account: String, token: String, session: String, failure: String
        init(schema: String) {
            account = "\"\(schema)\".account"
            token = "\"\(schema)\".account_token"
            session = "\"\(schema)\".account_session"
            failure = "\"\(schema)\".signin_failure"
        }
    }

    /// Names compared as SQLite's NOCASE compares them: A–Z lowered, nothing else.
    private static let nameKey = PostgresSchema.asciiLowered("name")

    /// `name` with A–Z lowered, as `nameKey` reads the stored names.
    private static func folded(_ name: String) -> String { PostgresSchema.asciiLowered(text: name) }


    /// PostgreSQL's text can't hold NUL: an address with one is kept with U+FFFD in its place.
    private static func text(_ value: String) -> String {
        value.contains("\u{0}") ? value.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}") : value
    }

    private static func account(_ row: PostgresRow) throws -> StoredAccount {
        let row = row.byName
        let zone: String? = try row.decode("time_zone")
        return StoredAccount(
            account: Account(
                id: try row.decode("id"), name: try row.decode("name"), createdAt: AccountTime.date(try row.decode("created_at")),
                timeZone: AccountZone.zone(zone)),
            passwordHash: try row.decode("password_hash"))
    }

    // MARK: Users

    public func addUser(_ account: Account, passwordHash: String) async throws {
        let t = self.t
        try await database.transaction(readOnly: false) { connection in
            let taken = try await connection.query(
                "SELECT 1 FROM \(unescaped: t.account) WHERE \(unescaped: Self.nameKey) = \(Self.folded(account.name))",
                logger: PostgresTodoDatabase.logger
            ).collect()
            if !taken.isEmpty { throw AccountError.duplicateName(account.name) }
            try await Self.inserting(else: .duplicateName(account.name)) {
                try await connection.query("""
                    INSERT INTO \(unescaped: t.account) (id, name, password_hash, created_at, time_zone)
                    VALUES (\(account.id), \(Self.text(account.name)), \(Self.text(passwordHash)), \(AccountTime.millis(account.createdAt)),
                            \(AccountZone.identifier(account.timeZone)))
                    """, logger: PostgresTodoDatabase.logger)
            }
        }
    }

    public func user(named name: String) async throws -> StoredAccount? {
        try await database.run("""
            SELECT id, name, password_hash, created_at, time_zone FROM \(unescaped: t.account)
            WHERE \(unescaped: Self.nameKey) = \(Self.folded(Self.text(name)))
            """).first.map(Self.account)
    }

    public func user(id: UUID) async throws -> StoredAccount? {
        try await database.run(
            "SELECT id, name, password_hash, created_at, time_zone FROM \(unescaped: t.account) WHERE id = \(id)"
        ).first.map(Self.account)
    }

    public func hasUsers() async throws -> Bool {
        try await database.run("SELECT EXISTS (SELECT 1 FROM \(unescaped: t.account)) AS found").first?.byName.decode("found") ?? false
    }

    public func users() async throws -> [Account] {
        try await database.run("""
            SELECT id, name, password_hash, created_at, time_zone FROM \(unescaped: t.account)
            ORDER BY \(unescaped: Self.nameKey) COLLATE "C", name COLLATE "C"
            """).map { try Self.account($0).account }
    }

    public func setPasswordHash(_ hash: String, for id: UUID) async throws {
        let changed = try await database.run(
            "UPDATE \(unescaped: t.account) SET password_hash = \(Self.text(hash)) WHERE id = \(id) RETURNING 1")
        if changed.isEmpty { throw AccountError.unknownUser(id.uuidString) }
    }

    public func setTimeZone(_ zone: TimeZone?, of account: UUID) async throws {
        let changed = try await database.run(
            "UPDATE \(unescaped: t.account) SET time_zone = \(AccountZone.identifier(zone)) WHERE id = \(account) RETURNING 1")
        if changed.isEmpty { throw AccountError.unknownUser(account.uuidString) }
    }

    public func timeZones(of accounts: [UUID]) async throws -> [UUID: TimeZone] {
        guard !accounts.isEmpty else { return [:] }
        let rows = try await database.run(
            "SELECT id, time_zone FROM \(unescaped: t.account) WHERE time_zone IS NOT NULL AND id = ANY(\(accounts))")
        var zones: [UUID: TimeZone] = [:]
        for row in rows {
            let columns = row.byName
            let id: UUID = try columns.decode("id"), identifier: String? = try columns.decode("time_zone")
            if let zone = AccountZone.zone(identifier) { zones[id] = zone }
        }
        return zones
    }

    public func removeUser(id: UUID) async throws {
        let t = self.t
        try await database.transaction(readOnly: false) { connection in
            // Tokens, sessions, shares and the account's list go by ON DELETE CASCADE.
            let removed = try await connection.query(
                "DELETE FROM \(unescaped: t.account) WHERE id = \(id) RETURNING name", logger: PostgresTodoDatabase.logger
            ).collect()
            if let name: String = try removed.first?.byName.decode("name") {
                try await connection.query(
                    "DELETE FROM \(unescaped: t.failure) WHERE name_key = \(AccountRules.key(name))",
                    logger: PostgresTodoDatabase.logger)
            }
        }
    }

    // MARK: Tokens

    public func addToken(account: UUID, label: String, hash: String, createdAt: Date) async throws {
        let t = self.t
        try await database.transaction(readOnly: false) { connection in
            let logger = PostgresTodoDatabase.logger
            // The account's row locked: it can't go while its token is added.
            let owner = try await connection.query(
                "SELECT 1 FROM \(unescaped: t.account) WHERE id = \(account) FOR KEY SHARE", logger: logger).collect()
            if owner.isEmpty { throw AccountError.unknownUser(account.uuidString) }
            let taken = try await connection.query(
                "SELECT 1 FROM \(unescaped: t.token) WHERE account_id = \(account) AND label = \(Self.text(label))",
                logger: logger
            ).collect()
            if !taken.isEmpty { throw AccountError.duplicateLabel(label) }
            try await Self.inserting(else: .duplicateLabel(label)) {
                try await connection.query("""
                    INSERT INTO \(unescaped: t.token) (account_id, label, hash, created_at)
                    VALUES (\(account), \(Self.text(label)), \(Self.text(hash)), \(AccountTime.millis(createdAt)))
                    """, logger: logger)
            }
        }
    }

    public func tokens(account: UUID) async throws -> [TokenInfo] {
        try await database.run("""
            SELECT label, created_at, last_used_at FROM \(unescaped: t.token) WHERE account_id = \(account)
            ORDER BY created_at, id
            """).map { row in
            try Self.token(row.byName)
        }
    }

    public func revokeToken(account: UUID, label: String) async throws -> Bool {
        try await !database.run(
            "DELETE FROM \(unescaped: t.token) WHERE account_id = \(account) AND label = \(Self.text(label)) RETURNING 1"
        ).isEmpty
    }

    public func token(hash: String) async throws -> TokenMatch? {
        guard let row = try await database.run("""
            SELECT a.id, a.name, a.password_hash, a.created_at, a.time_zone, k.label, k.created_at AS token_created_at,
                   k.last_used_at
            FROM \(unescaped: t.token) k JOIN \(unescaped: t.account) a ON a.id = k.account_id
            WHERE k.hash = \(Self.text(hash))
            """).first
        else { return nil }
        return TokenMatch(account: try Self.account(row).account, token: try Self.token(row.byName, createdAt: "token_created_at"))
    }

    /// A token's label and times, its creation's under the column named `createdAt`.
    private static func token(_ row: PostgresRandomAccessRow, createdAt: String = "created_at") throws -> TokenInfo {
        let lastUsedAt: Int64? = try row.decode("last_used_at")
        return TokenInfo(
            label: try row.decode("label"), createdAt: AccountTime.date(try row.decode(createdAt)), lastUsedAt: lastUsedAt.map(AccountTime.date))
    }

    public func touchToken(hash: String, at: Date) async throws {
        try await database.run(
            "UPDATE \(unescaped: t.token) SET last_used_at = \(AccountTime.millis(at)) WHERE hash = \(Self.text(hash))")
    }

    // MARK: Sessions

    public func createSession(_ session: SessionRecord) async throws {
        let t = self.t
        try await database.transaction(readOnly: false) { connection in
            let logger = PostgresTodoDatabase.logger
            let owner = try await connection.query(
                "SELECT 1 FROM \(unescaped: t.account) WHERE id = \(session.accountID) FOR KEY SHARE", logger: logger
            ).collect()
            if owner.isEmpty { throw AccountError.unknownUser(session.accountID.uuidString) }
            try await connection.query("""
                INSERT INTO \(unescaped: t.session) (id_hash, account_id, created_at, last_seen_at)
                VALUES (\(Self.text(session.idHash)), \(session.accountID), \(AccountTime.millis(session.createdAt)),
                        \(AccountTime.millis(session.lastSeenAt)))
                """, logger: logger)
        }
    }

    public func session(idHash: String) async throws -> SessionRecord? {
        guard let row = try await database.run(
            "SELECT account_id, id_hash, created_at, last_seen_at FROM \(unescaped: t.session) WHERE id_hash = \(Self.text(idHash))"
        ).first else { return nil }
        let columns = row.byName
        return SessionRecord(
            accountID: try columns.decode("account_id"), idHash: try columns.decode("id_hash"),
            createdAt: AccountTime.date(try columns.decode("created_at")), lastSeenAt: AccountTime.date(try columns.decode("last_seen_at")))
    }

    public func touchSession(idHash: String, at: Date) async throws {
        try await database.run("""
            UPDATE \(unescaped: t.session) SET last_seen_at = GREATEST(created_at, \(AccountTime.millis(at)))
            WHERE id_hash = \(Self.text(idHash))
            """)
    }

    public func endSession(idHash: String) async throws {
        try await database.run("DELETE FROM \(unescaped: t.session) WHERE id_hash = \(Self.text(idHash))")
    }

    public func endSessions(account: UUID, keeping: String?) async throws {
        try await database.run("""
            DELETE FROM \(unescaped: t.session) WHERE account_id = \(account) AND id_hash IS DISTINCT FROM \(keeping.map(Self.text))
            """)
    }

    public func endSessions(account: UUID, keepingNewest newest: Int) async throws {
        try await database.run("""
            DELETE FROM \(unescaped: t.session) WHERE account_id = \(account) AND id_hash NOT IN (
                SELECT id_hash FROM \(unescaped: t.session) WHERE account_id = \(account)
                ORDER BY created_at DESC, id_hash COLLATE "C" DESC LIMIT \(max(0, newest)))
            """)
    }

    public func endExpiredSessions(account: UUID, idleBefore: Date, createdBefore: Date) async throws {
        try await database.run("""
            DELETE FROM \(unescaped: t.session) WHERE account_id = \(account)
            AND (last_seen_at < \(AccountTime.millis(idleBefore)) OR created_at < \(AccountTime.millis(createdBefore)))
            """)
    }

    // MARK: Sign-in failures

    public func recordFailure(nameKey: String?, address: String, at: Date) async throws {
        try await database.run("""
            INSERT INTO \(unescaped: t.failure) (name_key, address, at)
            VALUES (\(nameKey.map(Self.text)), \(Self.text(address)), \(AccountTime.millis(at)))
            """)
    }

    public func failures(nameKey: String, since: Date) async throws -> FailureCount {
        try await count(try await database.run("""
            SELECT COUNT(*)::bigint AS n, MIN(at) AS oldest FROM \(unescaped: t.failure)
            WHERE name_key = \(Self.text(nameKey)) AND at > \(AccountTime.millis(since))
            """))
    }

    public func failures(address: String, since: Date) async throws -> FailureCount {
        try await count(try await database.run("""
            SELECT COUNT(*)::bigint AS n, MIN(at) AS oldest FROM \(unescaped: t.failure)
            WHERE address = \(Self.text(address)) AND at > \(AccountTime.millis(since))
            """))
    }

    private func count(_ rows: [PostgresRow]) async throws -> FailureCount {
        guard let row = rows.first?.byName else { return .none }
        let oldest: Int64? = try row.decode("oldest")
        return FailureCount(count: try row.decode("n"), oldest: oldest.map(AccountTime.date))
    }

    public func clearFailures(nameKey: String) async throws {
        try await database.run("DELETE FROM \(unescaped: t.failure) WHERE name_key = \(Self.text(nameKey))")
    }

    public func pruneFailures(before: Date) async throws {
        try await database.run("DELETE FROM \(unescaped: t.failure) WHERE at < \(AccountTime.millis(before))")
    }

    /// Runs an insert; a UNIQUE violation (another instance took the name or label between the
    /// check and the insert) becomes `duplicate`.
    private static func inserting(else duplicate: AccountError, _ insert: () async throws -> Void) async throws {
        do {
            try await insert()
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
            throw duplicate
        }
    }
}

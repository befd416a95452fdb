import Foundation
import GRDB
import TodoAccounts

/// Accounts, tokens, sessions and sign-in failures in the Todo database file, beside the items
/// (docs/specs/accounts.md). Persistence only: the rules and the policy are `Accounts`'.
/// Every server over the same file sees the same sessions and counts the same failures.
public struct SQLiteAccountStore: AccountStore {
    public let database: AppDatabase

    public init(database: AppDatabase) { self.database = database }

    /// The tables of migration "v7-accounts". A migration that has run is history: change the
    /// schema with a new migration, never by editing this text.
    static let schema = """
        CREATE TABLE account (
            id TEXT NOT NULL PRIMARY KEY CHECK (length(id) = 36 AND id = lower(id)),
            name TEXT NOT NULL COLLATE NOCASE UNIQUE
                CHECK (length(name) BETWEEN 1 AND \(AccountRules.maxNameLength)
                    AND name NOT GLOB '*[^A-Za-z0-9._-]*' AND name GLOB '[A-Za-z0-9]*'),
            passwordHash TEXT NOT NULL CHECK (length(passwordHash) BETWEEN 20 AND 200),
            createdAt INTEGER NOT NULL
        );
        CREATE TABLE account_token (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            accountId TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            label TEXT NOT NULL CHECK (length(trim(label)) > 0 AND length(label) <= \(AccountRules.maxLabelLength)),
            hash TEXT NOT NULL UNIQUE CHECK (length(hash) = 64),
            createdAt INTEGER NOT NULL,
            lastUsedAt INTEGER,
            UNIQUE (accountId, label)
        );
        CREATE TABLE account_session (
            idHash TEXT NOT NULL PRIMARY KEY CHECK (length(idHash) = 64),
            accountId TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            createdAt INTEGER NOT NULL,
            lastSeenAt INTEGER NOT NULL CHECK (lastSeenAt >= createdAt)
        );
        CREATE INDEX account_session_account ON account_session(accountId);
        CREATE TABLE signin_failure (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            nameKey TEXT CHECK (nameKey IS NULL OR length(nameKey) BETWEEN 1 AND \(AccountRules.maxNameLength)),
            address TEXT NOT NULL CHECK (length(address) <= \(AccountRules.maxAddressLength)),
            at INTEGER NOT NULL
        );
        CREATE INDEX signin_failure_name ON signin_failure(nameKey, at);
        CREATE INDEX signin_failure_address ON signin_failure(address, at);
        CREATE INDEX signin_failure_at ON signin_failure(at);
        """

    // MARK: Records (rows by column name, through Codable)

    struct AccountRow: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "account"
        var id: String
        var name: String
        var passwordHash: String
        var createdAt: Int64
        /// The IANA identifier of the person's zone (migration v19-account-zone, TIME-6).
        var timeZone: String?

        var stored: StoredAccount? {
            guard let uuid = UUID(uuidString: id) else { return nil }
            return StoredAccount(
                account: Account(id: uuid, name: name, createdAt: AccountTime.date(createdAt), timeZone: AccountZone.zone(timeZone)),
                passwordHash: passwordHash)
        }
    }

    struct TokenRow: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "account_token"
        var id: Int64?
        var accountId: String
        var label: String
        var hash: String
        var createdAt: Int64
        var lastUsedAt: Int64?

        var info: TokenInfo {
            TokenInfo(label: label, createdAt: AccountTime.date(createdAt), lastUsedAt: lastUsedAt.map(AccountTime.date))
        }
    }

    struct SessionRow: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "account_session"
        var idHash: String
        var accountId: String
        var createdAt: Int64
        var lastSeenAt: Int64

        var record: SessionRecord? {
            guard let uuid = UUID(uuidString: accountId) else { return nil }
            return SessionRecord(
                accountID: uuid, idHash: idHash, createdAt: AccountTime.date(createdAt), lastSeenAt: AccountTime.date(lastSeenAt))
        }
    }

    struct FailureRow: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "signin_failure"
        var id: Int64?
        var nameKey: String?
        var address: String
        var at: Int64
    }

    private static func key(_ id: UUID) -> String { id.uuidString.lowercased() }

    // MARK: Users

    public func addUser(_ account: Account, passwordHash: String) async throws {
        try await database.write { db in
            if try AccountRow.filter(sql: "name = ?", arguments: [account.name]).fetchCount(db) > 0 {
                throw AccountError.duplicateName(account.name)
            }
            try Self.inserting(AccountRow(
                id: Self.key(account.id), name: account.name, passwordHash: passwordHash,
                createdAt: AccountTime.millis(account.createdAt), timeZone: AccountZone.identifier(account.timeZone)),
                db, else: .duplicateName(account.name))
        }
    }

    public func user(named name: String) async throws -> StoredAccount? {
        try await database.read { db in try AccountRow.filter(sql: "name = ?", arguments: [name]).fetchOne(db)?.stored }
    }

    public func user(id: UUID) async throws -> StoredAccount? {
        try await database.read { db in try AccountRow.fetchOne(db, key: Self.key(id))?.stored }
    }

    public func hasUsers() async throws -> Bool {
        try await database.read { db in
            try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM account)")) ?? false
        }
    }

    public func users() async throws -> [Account] {
        try await database.read { db in
            try AccountRow.order(sql: "name COLLATE NOCASE, name").fetchAll(db).compactMap(\.stored?.account)
        }
    }

    public func setPasswordHash(_ hash: String, for id: UUID) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE account SET passwordHash = ? WHERE id = ?", arguments: [hash, Self.key(id)])
            if db.changesCount == 0 { throw AccountError.unknownUser(id.uuidString) }
        }
    }

    public func setTimeZone(_ zone: TimeZone?, of account: UUID) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE account SET timeZone = ? WHERE id = ?", arguments: [AccountZone.identifier(zone), Self.key(account)])
            if db.changesCount == 0 { throw AccountError.unknownUser(account.uuidString) }
        }
    }

    public func timeZones(of accounts: [UUID]) async throws -> [UUID: TimeZone] {
        guard !accounts.isEmpty else { return [:] }
        return try await database.read { db in
            var zones: [UUID: TimeZone] = [:]
            // In slices: a statement takes at most so many arguments.
            for start in stride(from: 0, to: accounts.count, by: 500) {
                let slice = accounts[start..<min(accounts.count, start + 500)].map(Self.key)
                let rows = try Row.fetchAll(
                    db, sql: "SELECT id, timeZone FROM account WHERE timeZone IS NOT NULL AND id IN (\(databaseQuestionMarks(count: slice.count)))",
                    arguments: StatementArguments(slice))
                for row in rows {
                    let id: String = row["id"], identifier: String? = row["timeZone"]
                    if let uuid = UUID(uuidString: id), let zone = AccountZone.zone(identifier) { zones[uuid] = zone }
                }
            }
            return zones
        }
    }

    public func removeUser(id: UUID) async throws {
        try await database.write { db in
            // Tokens, sessions and shares go by ON DELETE CASCADE; the person's items, projects,
            // numbers and Trash by the trigger `account_removed` (migration v8-owners, OWNER-8).
            if let row = try AccountRow.fetchOne(db, key: Self.key(id)) {
                try FailureRow.filter(sql: "nameKey = ?", arguments: [AccountRules.key(row.name)]).deleteAll(db)
                _ = try row.delete(db)
            }
        }
    }

    // MARK: Tokens

    public func addToken(account: UUID, label: String, hash: String, createdAt: Date) async throws {
        try await database.write { db in
            guard try AccountRow.fetchOne(db, key: Self.key(account)) != nil else {
                throw AccountError.unknownUser(account.uuidString)
            }
            if try TokenRow.filter(sql: "accountId = ? AND label = ?", arguments: [Self.key(account), label]).fetchCount(db) > 0 {
                throw AccountError.duplicateLabel(label)
            }
            try Self.inserting(TokenRow(
                id: nil, accountId: Self.key(account), label: label, hash: hash, createdAt: AccountTime.millis(createdAt),
                lastUsedAt: nil), db, else: .duplicateLabel(label))
        }
    }

    public func tokens(account: UUID) async throws -> [TokenInfo] {
        try await database.read { db in
            try TokenRow.filter(sql: "accountId = ?", arguments: [Self.key(account)])
                .order(sql: "createdAt, id").fetchAll(db).map(\.info)
        }
    }

    public func revokeToken(account: UUID, label: String) async throws -> Bool {
        try await database.write { db in
            try TokenRow.filter(sql: "accountId = ? AND label = ?", arguments: [Self.key(account), label]).deleteAll(db) > 0
        }
    }

    public func token(hash: String) async throws -> TokenMatch? {
        try await database.read { db in
            guard let token = try TokenRow.filter(sql: "hash = ?", arguments: [hash]).fetchOne(db),
                  let owner = try AccountRow.fetchOne(db, key: token.accountId)?.stored
            else { return nil }
            return TokenMatch(account: owner.account, token: token.info)
        }
    }

    public func touchToken(hash: String, at: Date) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE account_token SET lastUsedAt = ? WHERE hash = ?", arguments: [AccountTime.millis(at), hash])
        }
    }

    // MARK: Sessions

    public func createSession(_ session: SessionRecord) async throws {
        try await database.write { db in
            guard try AccountRow.fetchOne(db, key: Self.key(session.accountID)) != nil else {
                throw AccountError.unknownUser(session.accountID.uuidString)
            }
            try SessionRow(
                idHash: session.idHash, accountId: Self.key(session.accountID), createdAt: AccountTime.millis(session.createdAt),
                lastSeenAt: AccountTime.millis(session.lastSeenAt)
            ).insert(db)
        }
    }

    public func session(idHash: String) async throws -> SessionRecord? {
        try await database.read { db in try SessionRow.fetchOne(db, key: idHash)?.record }
    }

    public func touchSession(idHash: String, at: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE account_session SET lastSeenAt = max(createdAt, ?) WHERE idHash = ?",
                arguments: [AccountTime.millis(at), idHash])
        }
    }

    public func endSession(idHash: String) async throws {
        try await database.write { db in _ = try SessionRow.deleteOne(db, key: idHash) }
    }

    public func endSessions(account: UUID, keeping: String?) async throws {
        try await database.write { db in
            try db.execute(
                sql: "DELETE FROM account_session WHERE accountId = ? AND idHash IS NOT ?",
                arguments: [Self.key(account), keeping])
        }
    }

    public func endSessions(account: UUID, keepingNewest newest: Int) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    DELETE FROM account_session WHERE accountId = ? AND idHash NOT IN (
                        SELECT idHash FROM account_session WHERE accountId = ?
                        ORDER BY createdAt DESC, idHash DESC LIMIT ?)
                    """,
                arguments: [Self.key(account), Self.key(account), max(0, newest)])
        }
    }

    public func endExpiredSessions(account: UUID, idleBefore: Date, createdBefore: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: "DELETE FROM account_session WHERE accountId = ? AND (lastSeenAt < ? OR createdAt < ?)",
                arguments: [Self.key(account), AccountTime.millis(idleBefore), AccountTime.millis(createdBefore)])
        }
    }

    // MARK: Sign-in failures

    public func recordFailure(nameKey: String?, address: String, at: Date) async throws {
        try await database.write { db in
            try FailureRow(id: nil, nameKey: nameKey, address: address, at: AccountTime.millis(at)).insert(db)
        }
    }

    public func failures(nameKey: String, since: Date) async throws -> FailureCount {
        try await count(column: "nameKey", value: nameKey, since: since)
    }

    public func failures(address: String, since: Date) async throws -> FailureCount {
        try await count(column: "address", value: address, since: since)
    }

    private func count(column: String, value: String, since: Date) async throws -> FailureCount {
        precondition(["nameKey", "address"].contains(column))
        return try await database.read { db in
            let row = try Row.fetchOne(
                db, sql: "SELECT COUNT(*) AS n, MIN(at) AS oldest FROM signin_failure WHERE \(column) = ? AND at > ?",
                arguments: [value, AccountTime.millis(since)])
            let oldest: Int64? = row?["oldest"]
            return FailureCount(count: row?["n"] ?? 0, oldest: oldest.map(AccountTime.date))
        }
    }

    public func clearFailures(nameKey: String) async throws {
        try await database.write { db in _ = try FailureRow.filter(sql: "nameKey = ?", arguments: [nameKey]).deleteAll(db) }
    }

    public func pruneFailures(before: Date) async throws {
        try await database.write { db in _ = try FailureRow.filter(sql: "at < ?", arguments: [AccountTime.millis(before)]).deleteAll(db) }
    }

    /// Inserts `row`; a UNIQUE violation (another process took the name or label between the
    /// check and the insert) becomes `duplicate`.
    private static func inserting(_ row: some PersistableRecord, _ db: Database, else duplicate: AccountError) throws {
        do {
            try row.insert(db)
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE
            || error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY
        {
            throw duplicate
        }
    }
}

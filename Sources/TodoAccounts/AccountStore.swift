import Foundation

/// An account with its password hash, as the store keeps it.
public struct StoredAccount: Equatable, Sendable {
    public var account: Account
    /// The bcrypt hash (`$2b$12$…`).
    public var passwordHash: String

    public init(account: Account, passwordHash: String) {
        self.account = account
        self.passwordHash = passwordHash
    }
}

/// A token as listed: never its hash.
public struct TokenInfo: Equatable, Sendable {
    public var label: String
    public var createdAt: Date
    public var lastUsedAt: Date?

    public init(label: String, createdAt: Date, lastUsedAt: Date?) {
        self.label = label
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

/// The account a token hash belongs to, with the token.
public struct TokenMatch: Equatable, Sendable {
    public var account: Account
    public var token: TokenInfo

    public init(account: Account, token: TokenInfo) {
        self.account = account
        self.token = token
    }
}

/// A sign-in session as stored (its id only as a hash).
public struct SessionRecord: Equatable, Sendable {
    public var accountID: UUID
    public var idHash: String
    public var createdAt: Date
    public var lastSeenAt: Date

    public init(accountID: UUID, idHash: String, createdAt: Date, lastSeenAt: Date) {
        self.accountID = accountID
        self.idHash = idHash
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
    }
}

/// How many sign-in failures were counted, and when the oldest of them was.
public struct FailureCount: Equatable, Sendable {
    public var count: Int
    public var oldest: Date?

    public init(count: Int, oldest: Date?) {
        self.count = count
        self.oldest = oldest
    }

    public static let none = FailureCount(count: 0, oldest: nil)
}

/// Where accounts, tokens, sessions and sign-in failures are kept: persistence only — the rules
/// and the policy are `AccountRules` and `Accounts`. Names are matched ignoring ASCII case.
///
/// Implementations: `InMemoryAccountStore`, `SQLiteAccountStore` (TodoStore); one contract
/// suite (Tests/TodoAccountsTests) runs against each.
public protocol AccountStore: Sendable {
    // MARK: Users
    /// Adds a user; `AccountError.duplicateName` when the name (ignoring case) is taken.
    func addUser(_ account: Account, passwordHash: String) async throws
    func user(named name: String) async throws -> StoredAccount?
    func user(id: UUID) async throws -> StoredAccount?
    /// Every user, by name.
    func users() async throws -> [Account]
    /// Whether there is any user: asked by every command on a SQLite file (MODE-4), so it reads
    /// no more than one row.
    func hasUsers() async throws -> Bool
    /// `AccountError.unknownUser` when there is no such user.
    func setPasswordHash(_ hash: String, for id: UUID) async throws
    /// Removes the user with their tokens and sessions (and sign-in failures under their name).
    func removeUser(id: UUID) async throws
    /// Sets the zone the user's list is reckoned in, or nil for none chosen (TIME-6);
    /// `AccountError.unknownUser` when there is no such user. The zone is kept as its identifier.
    func setTimeZone(_ zone: TimeZone?, of account: UUID) async throws
    /// The zones of those of `accounts` that have chosen one (a stored identifier that names no
    /// zone any more counts as none).
    func timeZones(of accounts: [UUID]) async throws -> [UUID: TimeZone]

    // MARK: Tokens
    /// `AccountError.duplicateLabel` when the user has a token with that label.
    func addToken(account: UUID, label: String, hash: String, createdAt: Date) async throws
    /// The user's tokens by creation time (then in the order made), without hashes.
    func tokens(account: UUID) async throws -> [TokenInfo]
    /// Whether there was such a token.
    func revokeToken(account: UUID, label: String) async throws -> Bool
    func token(hash: String) async throws -> TokenMatch?
    func touchToken(hash: String, at: Date) async throws

    // MARK: Sessions
    func createSession(_ session: SessionRecord) async throws
    func session(idHash: String) async throws -> SessionRecord?
    func touchSession(idHash: String, at: Date) async throws
    func endSession(idHash: String) async throws
    /// Ends every session of the user, except the one with `keeping` as its hash.
    func endSessions(account: UUID, keeping: String?) async throws
    /// Ends the user's sessions but the `newest` most recently created.
    func endSessions(account: UUID, keepingNewest newest: Int) async throws
    /// Ends the user's sessions last seen before `idleBefore` or created before `createdBefore`.
    func endExpiredSessions(account: UUID, idleBefore: Date, createdBefore: Date) async throws

    // MARK: Sign-in failures (kept in the database: every server instance counts the same)
    /// Records one failure: under the name key (when it is a possible name) and the address.
    func recordFailure(nameKey: String?, address: String, at: Date) async throws
    /// The failures strictly after `since` (one exactly 15 minutes old no longer counts).
    func failures(nameKey: String, since: Date) async throws -> FailureCount
    func failures(address: String, since: Date) async throws -> FailureCount
    /// A successful sign-in forgets the name's failures (the address's stay).
    func clearFailures(nameKey: String) async throws
    /// Forgets failures older than `before` (they count no more).
    func pruneFailures(before: Date) async throws
}

/// Times as both account stores keep them: whole milliseconds since 1970, rounded down (a
/// session's last sign of life is never stored later than it was).
public enum AccountTime {
    public static func millis(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) }
    public static func date(_ millis: Int64) -> Date { Date(timeIntervalSince1970: Double(millis) / 1000) }
}

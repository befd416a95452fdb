import Foundation

/// What a sign-in attempt answers.
public enum SignInResult: Equatable, Sendable {
    /// A new session: give `session.text` to the browser (once); the store keeps its hash.
    case signedIn(session: Secret, account: Account)
    /// The same answer for an unknown name and a wrong password (ACCOUNT-8).
    case refused
    /// Too many failures for the name or the address: try again after this many seconds (ACCOUNT-9, -10).
    case rateLimited(retryAfter: Int)
}

/// Too many attempts lately (HARDEN-19): sign-ups from an address, or wrong current passwords
/// for a name or from an address. Nothing was hashed or changed; try again in `retryAfter` seconds.
public struct AttemptsLimited: Error, Equatable, Sendable, LocalizedError {
    public enum Kind: Equatable, Sendable {
        case signUps
        case wrongPasswords
    }

    public var kind: Kind
    public var retryAfter: Int

    public init(of kind: Kind, retryAfter: Int) {
        self.kind = kind
        self.retryAfter = retryAfter
    }

    public var errorDescription: String? {
        let minutes = max(1, (retryAfter + 59) / 60)
        let what = kind == .signUps ? "Too many sign-ups from this address" : "Too many wrong passwords"
        return "\(what): try again in \(minutes) minute\(minutes == 1 ? "" : "s")."
    }
}

/// The accounts policy over an `AccountStore`: the rules, bcrypt, sessions and their expiry,
/// tokens, and the sign-in rate limit (docs/specs/accounts.md).
public struct Accounts: Sendable {
    public let store: any AccountStore
    public let now: @Sendable () -> Date
    public let hasher: any PasswordHasher
    public let newID: @Sendable () -> UUID

    /// - Parameter hasher: bcrypt at cost 12 unless a test passes
    ///   `BcryptHasher.insecureForTestsOnly(cost:)`.
    public init(
        store: any AccountStore, now: @escaping @Sendable () -> Date,
        hasher: any PasswordHasher = BcryptHasher(), newID: @escaping @Sendable () -> UUID = { UUID() }
    ) {
        self.store = store
        self.now = now
        self.hasher = hasher
        self.newID = newID
    }

    // MARK: Users

    /// Adds a user after checking the name and the password (before any hashing).
    @discardableResult
    public func add(name: String, password: String) async throws -> Account {
        try AccountRules.checkName(name)
        try AccountRules.checkPassword(password)
        if try await store.user(named: name) != nil { throw AccountError.duplicateName(name) }
        let hash = await hashed(password)
        let account = Account(id: newID(), name: name, createdAt: now())
        try await store.addUser(account, passwordHash: hash)
        return account
    }

    /// Adds a user for someone signing up from `address` (HARDEN-19): as `add`, but each sign-up
    /// that gets as far as hashing counts under the address, and once it has had
    /// `AccountRules.failureLimit` within the window, `AttemptsLimited` (nothing is hashed).
    @discardableResult
    public func signUp(name: String, password: String, address: String) async throws -> Account {
        try AccountRules.checkName(name)
        try AccountRules.checkPassword(password)
        if try await store.user(named: name) != nil { throw AccountError.duplicateName(name) }
        let time = now()
        // Apart from sign-in's failures: people signing up don't stop anyone signing in.
        let key = AccountRules.addressKey(AccountRules.signUpPrefix + address)
        if let wait = try await retryAfter(keys: [.address(key)], at: time) {
            throw AttemptsLimited(of: .signUps, retryAfter: wait)
        }
        try await countFailure(nameKey: nil, address: key, at: time)
        return try await add(name: name, password: password)
    }

    public func users() async throws -> [Account] { try await store.users() }

    /// Whether anyone has an account (the sign-in page of a server without one says how to make it).
    public func hasUsers() async throws -> Bool { try await store.hasUsers() }

    public func user(named name: String) async throws -> Account {
        guard AccountRules.isValidName(name), let stored = try await store.user(named: name) else {
            throw AccountError.unknownUser(name)
        }
        return stored.account
    }

    /// Removes the user, their sessions and tokens.
    public func remove(name: String) async throws {
        try await store.removeUser(id: try await user(named: name).id)
    }

    /// Sets a new password (an administrator's command: no old password) and ends every session.
    public func setPassword(name: String, new password: String) async throws {
        try AccountRules.checkPassword(password)
        let account = try await user(named: name)
        try await store.setPasswordHash(await hashed(password), for: account.id)
        try await store.endSessions(account: account.id, keeping: nil)
    }

    /// Sets the zone the user's list is reckoned in (docs/specs/times.md, TIME-6) by its IANA
    /// identifier (`Asia/Tokyo`); nil or empty forgets it, and the server's zone is used again.
    /// An identifier that names no zone is refused with `AccountError.unknownTimeZone`.
    @discardableResult
    public func setTimeZone(name: String, to identifier: String?) async throws -> TimeZone? {
        let zone: TimeZone?
        if let identifier, !identifier.isEmpty {
            guard let known = AccountZone.zone(identifier) else { throw AccountError.unknownTimeZone(identifier) }
            zone = known
        } else {
            zone = nil
        }
        try await store.setTimeZone(zone, of: try await user(named: name).id)
        return zone
    }

    /// The zones of those of `accounts` that have chosen one (TIME-6): the others' lists are
    /// reckoned in the server's zone.
    public func timeZones(of accounts: [UUID]) async throws -> [UUID: TimeZone] {
        try await store.timeZones(of: accounts)
    }

    /// Changes the password when `old` is right, and ends the user's sessions (all of them, or
    /// all but `keeping`, the session the change was made in). A wrong `old` counts as a failed
    /// sign-in of the name from `address`; once either has too many, `AttemptsLimited` (HARDEN-19).
    public func changePassword(
        name: String, old: String, new password: String, keeping: Secret? = nil, address: String
    ) async throws {
        try AccountRules.checkPassword(password)
        let stored = try await confirmed(name: name, password: old, address: address)
        try await store.setPasswordHash(await hashed(password), for: stored.account.id)
        try await store.endSessions(account: stored.account.id, keeping: keeping?.hash)
    }

    /// Signs the user out everywhere and revokes every token of theirs (HARDEN-18): nothing made
    /// before this goes on reading their lists.
    public func endEverything(name: String) async throws {
        let account = try await user(named: name)
        try await store.endSessions(account: account.id, keeping: nil)
        for token in try await store.tokens(account: account.id) {
            _ = try await store.revokeToken(account: account.id, label: token.label)
        }
    }

    /// The user, when `password` is theirs (HARDEN-18, -19): else `AccountError.wrongPassword`,
    /// counted as a failed sign-in of the name from `address`; `AttemptsLimited` without hashing
    /// anything once the name or the address has had too many failures lately.
    private func confirmed(name: String, password: String, address: String) async throws -> StoredAccount {
        guard AccountRules.isValidName(name), let stored = try await store.user(named: name) else {
            throw AccountError.unknownUser(name)
        }
        let time = now()
        let nameKey = AccountRules.key(name), address = AccountRules.addressKey(address)
        if let wait = try await retryAfter(keys: [.name(nameKey), .address(address)], at: time) {
            throw AttemptsLimited(of: .wrongPasswords, retryAfter: wait)
        }
        // A password no account can have is not hashed (it is wrong all the same).
        guard password.utf8.count <= AccountRules.maxPasswordBytes, await verified(password, stored.passwordHash) else {
            try await countFailure(nameKey: nameKey, address: address, at: time)
            throw AccountError.wrongPassword
        }
        return stored
    }

    // MARK: Signing in

    /// Signs in, or refuses (the same for an unknown name and a wrong password), or answers
    /// that the name or the address has had too many failures lately.
    public func signIn(name: String, password: String, address: String) async throws -> SignInResult {
        let time = now()
        // A name no account can have is counted by address only.
        let nameKey = AccountRules.isValidName(name) ? AccountRules.key(name) : nil
        let address = AccountRules.addressKey(address)
        if let wait = try await retryAfter(keys: [.address(address)] + (nameKey.map { [.name($0)] } ?? []), at: time) {
            return .rateLimited(retryAfter: wait)
        }
        let stored = nameKey == nil ? nil : try await store.user(named: name)
        // A password no account can have is not hashed at all (a 1 MiB password costs nothing).
        let possible = password.utf8.count <= AccountRules.maxPasswordBytes
        let right: Bool
        if !possible {
            right = false  // tells nothing about the name: no account has such a password
        } else if let stored {
            right = await verified(password, stored.passwordHash)
        } else {
            // The same work as a wrong password: one bcrypt verify.
            _ = await verified(password, hasher.dummyHash)
            right = false
        }
        guard right, let stored else {
            try await countFailure(nameKey: nameKey, address: address, at: time)
            return .refused
        }
        if let nameKey { try await store.clearFailures(nameKey: nameKey) }
        try await store.endExpiredSessions(
            account: stored.account.id, idleBefore: time.addingTimeInterval(-AccountRules.sessionIdleLimit),
            createdBefore: time.addingTimeInterval(-AccountRules.sessionAbsoluteLimit))
        // Always a new session id (ACCOUNT-7).
        let secret = Secret.random()
        try await store.createSession(
            SessionRecord(accountID: stored.account.id, idHash: secret.hash, createdAt: time, lastSeenAt: time))
        // However often someone signs in, their sessions stay few (nothing grows without bound).
        try await store.endSessions(account: stored.account.id, keepingNewest: AccountRules.maxSessionsPerAccount)
        return .signedIn(session: secret, account: stored.account)
    }

    /// The account of a live session, or nil (unknown, tampered, idle 14 days, or 90 days old).
    public func session(secret text: String) async throws -> Account? {
        try await session(secret: text, touching: true)
    }

    /// Whether the session is still live and still `account`'s (HARDEN-16: an open event stream
    /// asks before each event). Asking is not a use: the session's last-seen time stays.
    public func isLive(session text: String, of account: UUID) async throws -> Bool {
        try await session(secret: text, touching: false)?.id == account
    }

    private func session(secret text: String, touching: Bool) async throws -> Account? {
        guard let secret = Secret(text) else { return nil }
        guard let session = try await store.session(idHash: secret.hash) else { return nil }
        let time = now()
        if time.timeIntervalSince(session.lastSeenAt) >= AccountRules.sessionIdleLimit
            || time.timeIntervalSince(session.createdAt) >= AccountRules.sessionAbsoluteLimit
        {
            try await store.endSession(idHash: session.idHash)
            return nil
        }
        guard let stored = try await store.user(id: session.accountID) else { return nil }
        if touching, time.timeIntervalSince(session.lastSeenAt) >= AccountRules.touchInterval {
            try await store.touchSession(idHash: session.idHash, at: time)
        }
        return stored.account
    }

    /// Ends the session, and the user's other sessions too.
    public func signOut(secret text: String) async throws {
        guard let secret = Secret(text), let session = try await store.session(idHash: secret.hash) else { return }
        try await store.endSession(idHash: session.idHash)
        try await store.endSessions(account: session.accountID, keeping: nil)
    }

    // MARK: Tokens

    /// Makes a token for the user and returns its text: shown once, kept only as a hash.
    /// Without a label: `token-1`, `token-2`, … the first one free.
    public func createToken(name: String, label: String? = nil) async throws -> (label: String, token: Secret) {
        let account = try await user(named: name)
        let existing = try await store.tokens(account: account.id)
        guard existing.count < AccountRules.maxTokensPerAccount else {
            throw AccountError.tooManyTokens(maximum: AccountRules.maxTokensPerAccount)
        }
        let chosen: String
        if let label {
            try AccountRules.checkLabel(label)
            chosen = label
        } else {
            let taken = Set(existing.map(\.label))
            chosen = (1...).lazy.map { "token-\($0)" }.first { !taken.contains($0) }!
        }
        let secret = Secret.random()
        try await store.addToken(account: account.id, label: chosen, hash: secret.hash, createdAt: now())
        return (chosen, secret)
    }

    /// Makes a token for the user when `password` is theirs (HARDEN-18: a session alone can't
    /// make one); a wrong password counts and is limited as on `changePassword`.
    public func createToken(
        name: String, label: String? = nil, password: String, address: String
    ) async throws -> (label: String, token: Secret) {
        _ = try await confirmed(name: name, password: password, address: address)
        return try await createToken(name: name, label: label)
    }

    public func tokens(name: String) async throws -> [TokenInfo] {
        try await store.tokens(account: try await user(named: name).id)
    }

    /// The account a token belongs to (recording its use), or nil for an unknown, revoked or
    /// malformed one.
    public func account(token text: String) async throws -> Account? {
        guard let secret = Secret(text), let match = try await store.token(hash: secret.hash) else { return nil }
        let time = now()
        if match.token.lastUsedAt.map({ time.timeIntervalSince($0) >= AccountRules.touchInterval }) ?? true {
            try await store.touchToken(hash: secret.hash, at: time)
        }
        return match.account
    }

    public func revoke(name: String, label: String) async throws {
        let account = try await user(named: name)
        guard try await store.revokeToken(account: account.id, label: label) else { throw AccountError.unknownLabel(label) }
    }

    // MARK: The limiter

    /// Counts one failure under the name (when known) and the address at `time`, forgetting the
    /// ones the window has left behind: what sign-in, sign-up and a wrong password all record.
    private func countFailure(nameKey: String?, address: String, at time: Date) async throws {
        try await store.pruneFailures(before: time.addingTimeInterval(-AccountRules.failureWindow))
        try await store.recordFailure(nameKey: nameKey, address: address, at: time)
    }

    /// What the limiter counts under: a name (its key) or an address (as kept).
    private enum LimitKey {
        case name(String)
        case address(String)
    }

    /// How many seconds to wait when any of `keys` has had `AccountRules.failureLimit` failures
    /// within the window before `time` (ACCOUNT-33, HARDEN-19); nil when none has.
    private func retryAfter(keys: [LimitKey], at time: Date) async throws -> Int? {
        let since = time.addingTimeInterval(-AccountRules.failureWindow)
        var counts: [FailureCount] = []
        for key in keys {
            switch key {
            case .name(let nameKey): counts.append(try await store.failures(nameKey: nameKey, since: since))
            case .address(let address): counts.append(try await store.failures(address: address, since: since))
            }
        }
        guard let oldest = counts.filter({ $0.count >= AccountRules.failureLimit }).compactMap(\.oldest).max() else {
            return nil
        }
        let wait = oldest.addingTimeInterval(AccountRules.failureWindow).timeIntervalSince(time)
        return max(1, Int(wait.rounded(.up)))
    }

    // MARK: Bcrypt, off the caller's thread

    private func hashed(_ password: String) async -> String {
        let hasher = self.hasher
        return await offThread { hasher.hash(password) }
    }

    private func verified(_ password: String, _ hash: String) async -> Bool {
        let hasher = self.hasher
        return await offThread { hasher.verify(password, hash: hash) }
    }

    private func offThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: work()) }
        }
    }
}

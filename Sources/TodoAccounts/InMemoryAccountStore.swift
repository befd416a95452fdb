import Foundation

/// An `AccountStore` in memory, for tests of the ViewModels and Views.
public actor InMemoryAccountStore: AccountStore {
    private var accounts: [UUID: StoredAccount] = [:]
    private struct Token { var accountID: UUID; var hash: String; var info: TokenInfo }
    private var tokenList: [Token] = []
    private var sessions: [String: SessionRecord] = [:]
    private struct Failure { var nameKey: String?; var address: String; var at: Date }
    private var failureList: [Failure] = []

    public init() {}

    public func addUser(_ account: Account, passwordHash: String) throws {
        let key = AccountRules.key(account.name)
        guard !accounts.values.contains(where: { AccountRules.key($0.account.name) == key }) else {
            throw AccountError.duplicateName(account.name)
        }
        var account = account
        account.timeZone = AccountZone.zone(AccountZone.identifier(account.timeZone))
        accounts[account.id] = StoredAccount(account: account, passwordHash: passwordHash)
    }

    public func user(named name: String) -> StoredAccount? {
        let key = AccountRules.key(name)
        return accounts.values.first { AccountRules.key($0.account.name) == key }
    }

    public func user(id: UUID) -> StoredAccount? { accounts[id] }

    public func hasUsers() -> Bool { !accounts.isEmpty }

    public func users() -> [Account] {
        accounts.values.map(\.account).sorted { (AccountRules.key($0.name), $0.name) < (AccountRules.key($1.name), $1.name) }
    }

    public func setPasswordHash(_ hash: String, for id: UUID) throws {
        guard accounts[id] != nil else { throw AccountError.unknownUser(id.uuidString) }
        accounts[id]?.passwordHash = hash
    }

    public func setTimeZone(_ zone: TimeZone?, of account: UUID) throws {
        guard accounts[account] != nil else { throw AccountError.unknownUser(account.uuidString) }
        // Kept as the identifier, as the databases keep it.
        accounts[account]?.account.timeZone = AccountZone.zone(AccountZone.identifier(zone))
    }

    public func timeZones(of ids: [UUID]) -> [UUID: TimeZone] {
        var zones: [UUID: TimeZone] = [:]
        for id in ids { if let zone = accounts[id]?.account.timeZone { zones[id] = zone } }
        return zones
    }

    public func removeUser(id: UUID) {
        guard let removed = accounts.removeValue(forKey: id) else { return }
        tokenList.removeAll { $0.accountID == id }
        sessions = sessions.filter { $0.value.accountID != id }
        let key = AccountRules.key(removed.account.name)
        failureList.removeAll { $0.nameKey == key }
    }

    public func addToken(account: UUID, label: String, hash: String, createdAt: Date) throws {
        guard accounts[account] != nil else { throw AccountError.unknownUser(account.uuidString) }
        guard !tokenList.contains(where: { $0.accountID == account && $0.info.label == label }) else {
            throw AccountError.duplicateLabel(label)
        }
        tokenList.append(Token(accountID: account, hash: hash, info: TokenInfo(label: label, createdAt: createdAt, lastUsedAt: nil)))
    }

    public func tokens(account: UUID) -> [TokenInfo] {
        // By creation time, then in the order made (the list is kept in that order).
        tokenList.filter { $0.accountID == account }.enumerated()
            .sorted { ($0.element.info.createdAt, $0.offset) < ($1.element.info.createdAt, $1.offset) }.map(\.element.info)
    }

    public func revokeToken(account: UUID, label: String) -> Bool {
        let before = tokenList.count
        tokenList.removeAll { $0.accountID == account && $0.info.label == label }
        return tokenList.count != before
    }

    public func token(hash: String) -> TokenMatch? {
        guard let token = tokenList.first(where: { $0.hash == hash }), let owner = accounts[token.accountID] else { return nil }
        return TokenMatch(account: owner.account, token: token.info)
    }

    public func touchToken(hash: String, at: Date) {
        if let index = tokenList.firstIndex(where: { $0.hash == hash }) { tokenList[index].info.lastUsedAt = at }
    }

    public func createSession(_ session: SessionRecord) throws {
        guard accounts[session.accountID] != nil else { throw AccountError.unknownUser(session.accountID.uuidString) }
        sessions[session.idHash] = session
    }

    public func session(idHash: String) -> SessionRecord? { sessions[idHash] }

    public func touchSession(idHash: String, at: Date) { sessions[idHash]?.lastSeenAt = at }

    public func endSession(idHash: String) { sessions[idHash] = nil }

    public func endSessions(account: UUID, keeping: String?) {
        sessions = sessions.filter { $0.value.accountID != account || $0.key == keeping }
    }

    public func endSessions(account: UUID, keepingNewest newest: Int) {
        let theirs = sessions.values.filter { $0.accountID == account }
            .sorted { ($0.createdAt, $0.idHash) > ($1.createdAt, $1.idHash) }
        for old in theirs.dropFirst(max(0, newest)) { sessions[old.idHash] = nil }
    }

    public func endExpiredSessions(account: UUID, idleBefore: Date, createdBefore: Date) {
        sessions = sessions.filter {
            $0.value.accountID != account || ($0.value.lastSeenAt >= idleBefore && $0.value.createdAt >= createdBefore)
        }
    }

    public func recordFailure(nameKey: String?, address: String, at: Date) {
        failureList.append(Failure(nameKey: nameKey, address: address, at: at))
    }

    public func failures(nameKey: String, since: Date) -> FailureCount {
        count(failureList.filter { $0.nameKey == nameKey && $0.at > since })
    }

    public func failures(address: String, since: Date) -> FailureCount {
        count(failureList.filter { $0.address == address && $0.at > since })
    }

    private func count(_ list: [Failure]) -> FailureCount {
        FailureCount(count: list.count, oldest: list.map(\.at).min())
    }

    public func clearFailures(nameKey: String) { failureList.removeAll { $0.nameKey == nameKey } }

    public func pruneFailures(before: Date) { failureList.removeAll { $0.at < before } }
}

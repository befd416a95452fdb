import Foundation

/// Whose items a store reads and writes (docs/specs/sharing.md, OWNER-1…). Each person's items
/// are kept apart in one database: a store opened for an owner sees and changes that owner's
/// items, projects, numbers and Trash only. One-person mode (no accounts) keeps its items as
/// the local list.
public struct ListOwner: Hashable, Sendable, CustomStringConvertible {
    /// The key stored with every row: empty for the local list, the account's id in lower case
    /// otherwise.
    public let key: String

    /// The one person's list of a server or command without accounts.
    public static let local = ListOwner(key: "")

    public init(account: UUID) { key = account.lowercasedText }

    /// An owner read back from a stored key (the empty key is the local list).
    public init(key: String) { self.key = key }

    public var isLocal: Bool { key.isEmpty }

    public var description: String { isLocal ? "the local list" : "owner \(key)" }
}

/// What a person may do with a list shared with them (SHARE-1…).
public enum ShareRole: String, Hashable, Sendable, CaseIterable, Codable {
    /// Reads the list and its items; every write answers 403.
    case viewer
    /// Everything on the list's items; not sharing or deleting the list.
    case editor
}

/// A person, as sharing names them: an account's id and name.
public struct ListPerson: Hashable, Sendable {
    public var id: UUID
    public var name: String

    public init(id: UUID, name: String) {
        self.id = id
        self.name = name
    }

    public var owner: ListOwner { ListOwner(account: id) }
}

/// A list (a project, by name) its owner shares with another person.
public struct ListShare: Hashable, Sendable {
    public var owner: ListPerson
    public var list: String
    public var person: ListPerson
    public var role: ShareRole

    public init(owner: ListPerson, list: String, person: ListPerson, role: ShareRole) {
        self.owner = owner
        self.list = list
        self.person = person
        self.role = role
    }
}

/// Where shares are kept: beside the items and the accounts, in the same database, so that
/// every server process reads the same shares and a revoked share ends on the next request.
/// A person's shares go when their account is removed (either side).
public protocol ListSharing: Sendable {
    /// Shares `list` of `owner` with `person` as `role`, or changes the role of that share.
    func share(list: String, owner: ListPerson, with person: ListPerson, role: ShareRole) async throws
    /// Ends the share of `list` of `owner` with `person`; false when there was none.
    func unshare(list: String, owner: UUID, with person: UUID) async throws -> Bool
    /// The shares of the lists `owner` owns, by list name then person name.
    func shares(ownedBy owner: UUID) async throws -> [ListShare]
    /// The lists shared with `person`, by owner name then list name.
    func shares(with person: UUID) async throws -> [ListShare]
}

/// Shares kept in memory: for tests and `--in-memory` demos.
public actor InMemoryListSharing: ListSharing {
    private var all: [ListShare] = []

    public init() {}

    public func share(list: String, owner: ListPerson, with person: ListPerson, role: ShareRole) {
        all.removeAll { $0.owner.id == owner.id && $0.list == list && $0.person.id == person.id }
        all.append(ListShare(owner: owner, list: list, person: person, role: role))
    }

    public func unshare(list: String, owner: UUID, with person: UUID) -> Bool {
        let before = all.count
        all.removeAll { $0.owner.id == owner && $0.list == list && $0.person.id == person }
        return all.count < before
    }

    public func shares(ownedBy owner: UUID) -> [ListShare] {
        all.filter { $0.owner.id == owner }.sorted { ($0.list, $0.person.name) < ($1.list, $1.person.name) }
    }

    public func shares(with person: UUID) -> [ListShare] {
        all.filter { $0.person.id == person }.sorted { ($0.owner.name, $0.list) < ($1.owner.name, $1.list) }
    }

    /// Ends every share of or with `account` (what removing an account does in a database).
    public func removeAll(of account: UUID) {
        all.removeAll { $0.owner.id == account || $0.person.id == account }
    }
}

/// What a person may do with a list they see (SHARE-12): a View shows only the controls that work.
public enum ListAccess: Equatable, Sendable {
    /// Their own list, or one shared with them as editor: read and change it.
    case changes
    /// A list shared with them as viewer, by its owner's name: read it only.
    case viewOnly(owner: String)

    public var isViewOnly: Bool { self != .changes }
}

/// Why a person may not do what they asked on a list shared with them (SHARE-4, SHARE-5).
/// Views answer 403 with the sentence in the person's language.
public enum TodoAccessError: Error, Equatable, Sendable, LocalizedError {
    /// The list is shared with the person as a viewer: they may read it only.
    case readOnly(list: String)
    /// An item can't move between a shared list and another list.
    case otherList(list: String)

    public var errorDescription: String? {
        switch self {
        case .readOnly(let list): "“\(list)” is shared with you to read only; nothing was changed."
        case .otherList(let list): "An item can't move into or out of “\(list)”, a list shared with you; nothing was changed."
        }
    }
}

/// Why sharing a list was refused (SHARE-7, SHARE-8): one sentence each, worded by the Views.
public enum SharingError: Error, Equatable, Sendable, LocalizedError {
    case unknownPerson(String)
    /// The owner has no list (project with items) of that name.
    case noSuchList(owner: String, list: String)
    /// A list is its owner's already.
    case withOwner(String)
    case notShared(list: String, person: String)

    public var errorDescription: String? {
        switch self {
        case .unknownPerson(let name): "There is no user named “\(name)”."
        case .noSuchList(let owner, let list): "\(owner) has no list named “\(list)”."
        case .withOwner(let name): "\(name) owns the list; share it with someone else."
        case .notShared(let list, let person): "“\(list)” is not shared with \(person)."
        }
    }
}

/// Sharing a person's list with another, by their names: the rules both the command line and
/// the list's settings page apply before `ListSharing` records anything.
public struct SharingService: Sendable {
    public let lists: PeopleLists
    /// The person an account name names, or nil.
    public let person: @Sendable (String) async throws -> ListPerson?

    public init(lists: PeopleLists, person: @escaping @Sendable (String) async throws -> ListPerson?) {
        self.lists = lists
        self.person = person
    }

    private func required(_ name: String) async throws -> ListPerson {
        guard let found = try await person(name) else { throw SharingError.unknownPerson(name) }
        return found
    }

    /// Shares `list` of `owner` with `other` as `role` (or changes the role).
    @discardableResult
    public func share(list: String, owner: String, with other: String, role: ShareRole) async throws -> ListShare {
        let owner = try await required(owner), other = try await required(other)
        guard owner.id != other.id else { throw SharingError.withOwner(owner.name) }
        guard try await lists.store(owner.owner).projects().contains(Project(name: list)) else {
            throw SharingError.noSuchList(owner: owner.name, list: list)
        }
        try await lists.sharing.share(list: list, owner: owner, with: other, role: role)
        return ListShare(owner: owner, list: list, person: other, role: role)
    }

    /// Ends the share of `list` of `owner` with `other`.
    public func unshare(list: String, owner: String, with other: String) async throws {
        let owner = try await required(owner), other = try await required(other)
        guard try await lists.sharing.unshare(list: list, owner: owner.id, with: other.id) else {
            throw SharingError.notShared(list: list, person: other.name)
        }
    }

    /// The shares of `owner`'s lists, by list then person.
    public func shares(of owner: String) async throws -> [ListShare] {
        try await lists.sharing.shares(ownedBy: try await required(owner).id)
    }
}

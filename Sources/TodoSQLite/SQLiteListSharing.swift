import Foundation
import GRDB
import TodoCore

/// Shares of lists in the Todo database file, beside the items and the accounts (table
/// `listShare`, migration v8-owners; docs/specs/sharing.md, SHARE-1). Every server over the same
/// file reads the same shares, so a share ended or changed holds on the next request; a share
/// goes with either account (ON DELETE CASCADE). People's names are read from `account`.
public struct SQLiteListSharing: ListSharing {
    public let database: AppDatabase

    public init(database: AppDatabase) { self.database = database }

    /// A row of `listShare`: a list (a project, by name) of the account `ownerId`, shared with
    /// the account `personId`.
    struct ShareRow: Codable, FetchableRecord, PersistableRecord {
        // (A table WITHOUT ROWID: GRDB's `upsert` asks for a rowid, so `share` writes its SQL.)
        static let databaseTableName = "listShare"
        var ownerId: String
        var list: String
        var personId: String
        var role: String
    }

    /// A share with both people's names, as the join with `account` reads it.
    struct NamedShareRow: Decodable, FetchableRecord {
        var ownerId: String
        var ownerName: String
        var list: String
        var personId: String
        var personName: String
        var role: String

        var share: ListShare? {
            guard let owner = UUID(uuidString: ownerId), let person = UUID(uuidString: personId),
                  let role = ShareRole(rawValue: role)
            else { return nil }
            return ListShare(
                owner: ListPerson(id: owner, name: ownerName), list: list, person: ListPerson(id: person, name: personName),
                role: role)
        }
    }

    private static func key(_ id: UUID) -> String { id.lowercasedText }

    /// Refused with a sentence (nothing changed): a list name the rules refuse, sharing with the
    /// owner, an account that doesn't exist (the schema repeats the last two).
    public func share(list: String, owner: ListPerson, with person: ListPerson, role: ShareRole) async throws {
        let name = try TodoRules.project(Project(name: list))?.name ?? list
        guard owner.id != person.id else {
            throw TodoStorageError(.rejected, "A list can't be shared with its own owner; nothing was changed.")
        }
        let row = ShareRow(ownerId: Self.key(owner.id), list: name, personId: Self.key(person.id), role: role.rawValue)
        try await database.write { db in
            let known = try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM account WHERE id IN (?, ?)", arguments: [row.ownerId, row.personId])
            guard known == 2 else {
                throw TodoStorageError(.rejected, "There is no such account; nothing was shared.")
            }
            // A second share of the same list with the same person changes its role.
            try db.execute(
                sql: """
                    INSERT INTO listShare (ownerId, list, personId, role) VALUES (?, ?, ?, ?)
                    ON CONFLICT (ownerId, list, personId) DO UPDATE SET role = excluded.role
                    """,
                arguments: [row.ownerId, row.list, row.personId, row.role])
        }
    }

    public func unshare(list: String, owner: UUID, with person: UUID) async throws -> Bool {
        try await database.write { db in
            try ShareRow.deleteOne(db, key: [
                "ownerId": Self.key(owner), "list": list, "personId": Self.key(person),
            ])
        }
    }

    public func shares(ownedBy owner: UUID) async throws -> [ListShare] {
        // By list, then person name as Swift orders strings (BINARY: the account column's own
        // collation is NOCASE), as `InMemoryListSharing` does.
        try await named(where: "s.ownerId = ?", orderBy: "s.list, p.name COLLATE BINARY", Self.key(owner))
    }

    public func shares(with person: UUID) async throws -> [ListShare] {
        try await named(where: "s.personId = ?", orderBy: "o.name COLLATE BINARY, s.list", Self.key(person))
    }

    private func named(where condition: String, orderBy order: String, _ account: String) async throws -> [ListShare] {
        try await database.read { db in
            try NamedShareRow.fetchAll(
                db,
                sql: """
                    SELECT s.ownerId, o.name AS ownerName, s.list, s.personId, p.name AS personName, s.role
                    FROM listShare s JOIN account o ON o.id = s.ownerId JOIN account p ON p.id = s.personId
                    WHERE \(condition) ORDER BY \(order)
                    """,
                arguments: [account]
            ).compactMap(\.share)
        }
    }
}

import Foundation
import PostgresNIO
import TodoCore

/// The shares of lists in PostgreSQL (docs/specs/sharing.md SHARE-1, docs/specs/postgres.md
/// PG-14): table `list_share`, one row per (owner, list, person), its accounts by foreign key
/// with `ON DELETE CASCADE` (removing either account ends the share), the role checked by the
/// schema, and an owner never sharing with themselves. Every instance reads the same shares, so
/// a share ended or changed takes effect on the next request.
public struct PostgresListSharing: ListSharing {
    public let database: PostgresTodoDatabase
    private let share: String, account: String

    public init(database: PostgresTodoDatabase) {
        self.database = database
        share = "\"\(database.schema)\".list_share"
        account = "\"\(database.schema)\".account"
    }

    /// Shares `list` of `owner` with `person` as `role`, or changes the role of that share.
    /// Refused with a sentence, nothing changed: a list name the rules refuse
    /// (`TodoValidationError`), sharing with the owner, an account that doesn't exist
    /// (`TodoStorageError(.rejected)`; the schema repeats the last two).
    public func share(list: String, owner: ListPerson, with person: ListPerson, role: ShareRole) async throws {
        let list = try TodoRules.project(Project(name: list))?.name ?? list
        guard owner.id != person.id else {
            throw TodoStorageError(.rejected, "A list can't be shared with its own owner; nothing was changed.")
        }
        let (share, account) = (self.share, self.account)
        try await database.transaction(readOnly: false) { connection in
            let logger = PostgresTodoDatabase.logger
            // Both accounts locked against removal until the share is written.
            let found = try await connection.query(
                "SELECT id FROM \(unescaped: account) WHERE id IN (\(owner.id), \(person.id)) FOR KEY SHARE", logger: logger
            ).collect().map { try $0.byName.decode("id", as: UUID.self) }
            guard found.count == 2 else {
                throw TodoStorageError(.rejected, "There is no such account; nothing was shared.")
            }
            try await connection.query("""
                INSERT INTO \(unescaped: share) (owner_id, list, person_id, role)
                VALUES (\(owner.id), \(list), \(person.id), \(role.rawValue))
                ON CONFLICT (owner_id, list, person_id) DO UPDATE SET role = excluded.role
                """, logger: logger)
        }
    }

    public func unshare(list: String, owner: UUID, with person: UUID) async throws -> Bool {
        // No list's name holds a NUL (the rules refuse control characters), and PostgreSQL's text can't.
        guard !list.contains("\u{0}") else { return false }
        return try await !database.run(
            "DELETE FROM \(unescaped: share) WHERE owner_id = \(owner) AND list = \(list) AND person_id = \(person) RETURNING 1"
        ).isEmpty
    }

    public func shares(ownedBy owner: UUID) async throws -> [ListShare] {
        try await shares(where: "s.owner_id = ", owner, orderedBy: #"s.list COLLATE "C", p.name COLLATE "C""#)
    }

    public func shares(with person: UUID) async throws -> [ListShare] {
        try await shares(where: "s.person_id = ", person, orderedBy: #"o.name COLLATE "C", s.list COLLATE "C""#)
    }

    /// The shares whose `column` is `id`, with their people's names as they are now.
    private func shares(where column: String, _ id: UUID, orderedBy order: String) async throws -> [ListShare] {
        var sql = SQL("""
            SELECT o.id AS owner_id, o.name AS owner_name, s.list, p.id AS person_id, p.name AS person_name, s.role
            FROM \(share) s
            JOIN \(account) o ON o.id = s.owner_id JOIN \(account) p ON p.id = s.person_id
            WHERE \(column)
            """)
        sql.append(sql.bind(id) + " ORDER BY " + order)
        return try await database.run(sql.query).compactMap { row in
            let row = row.byName
            // The schema allows no other role; one from a newer Todo is not shown.
            guard let role = ShareRole(rawValue: try row.decode("role")) else { return nil }
            return ListShare(
                owner: ListPerson(id: try row.decode("owner_id"), name: try row.decode("owner_name")), list: try row.decode("list"),
                person: ListPerson(id: try row.decode("person_id"), name: try row.decode("person_name")), role: role)
        }
    }
}

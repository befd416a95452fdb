import Foundation
import GRDB
import TodoCore

/// The `TodoStore` kept in SQLite through GRDB, the app's default, on disk: the list's rules
/// (`StoredList`) over its rows in SQLite (`SQLiteStorage`).
///
/// Every write is one transaction that reads at most the two neighbours it needs and writes
/// the item's own row (see `Ordering`), so its cost does not grow with the list.
///
/// A store is one owner's (docs/specs/sharing.md, OWNER-1…): every statement it runs keeps to
/// that owner's rows, so another owner's items, projects, numbers and Trash can't be read,
/// changed or guessed through it; an id of theirs answers as an unknown one.
public typealias SQLiteTodoStore = StoredList<SQLiteStorage>

extension StoredList where Storage == SQLiteStorage {
    /// - Parameter owner: whose list to read and write; the local list (one-person mode) by default.
    public init(database: AppDatabase, environment: TodoEnvironment, owner: ListOwner = .local) {
        self.init(SQLiteStorage(database: database, environment: environment, owner: owner))
    }

    public var database: AppDatabase { storage.database }
    /// Whose items these are: the key stored with every row (`ListOwner.key`).
    public var owner: ListOwner { storage.owner }

    /// OWNER-7: gives the local list (its items, projects, numbers counter and Trash) to `owner`,
    /// in one transaction, when `owner`'s list and Trash are empty; returns how many items it
    /// took (0, changing nothing, when the owner already has items or trashed items, or is
    /// the local list itself). The first account of a database calls it when it is made.
    public static func adoptLocalList(in database: AppDatabase, by owner: ListOwner) async throws -> Int {
        guard !owner.isLocal else { return 0 }
        let to = owner.key, local = ListOwner.local.key
        return try await database.write { db in
            let taken = try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM todoItem WHERE owner = ?) OR EXISTS (SELECT 1 FROM trashedItem WHERE owner = ?)
                """, arguments: [to, to]) ?? true
            guard !taken else { return 0 }
            // The items' project keys move with their projects: checked at the commit. The
            // owner's number counter (their numbers were never given again) keeps the higher.
            try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
            try db.execute(
                sql: """
                    DELETE FROM project WHERE owner = ?;
                    UPDATE project SET owner = ? WHERE owner = ?;
                    UPDATE trashedItem SET owner = ? WHERE owner = ?;
                    INSERT INTO itemNumberCounter (owner, next) SELECT ?, next FROM itemNumberCounter WHERE owner = ?
                        ON CONFLICT (owner) DO UPDATE SET next = max(next, excluded.next);
                    DELETE FROM itemNumberCounter WHERE owner = ?;
                    """,
                arguments: [to, to, local, to, local, to, local, local])
            // The section counts follow the items (their triggers).
            try db.execute(sql: "UPDATE todoItem SET owner = ? WHERE owner = ?", arguments: [to, local])
            return db.changesCount
        }
    }
}

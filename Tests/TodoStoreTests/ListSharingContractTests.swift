import Foundation
import GRDB
import Testing
import TodoCore
import TodoPostgresTestSupport
import TodoSQLite
import TodoTestSupport

/// The places shares are kept, under one contract (docs/specs/sharing.md, SHARE-1). The
/// PostgreSQL side joins by adding a kind.
enum SharingKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case inMemory = "InMemoryListSharing"
    case sqliteInMemory = "SQLiteListSharing (in memory)"
    case sqliteFile = "SQLiteListSharing (file)"
    case postgres = "PostgresListSharing"

    var testDescription: String { rawValue }

    /// The shares, and how an account is removed from where they are kept. The accounts alice,
    /// bob and carol exist (`OwnerStores.addAccounts`).
    func makeSUT() async throws -> (sharing: any ListSharing, removeAccount: @Sendable (UUID) async throws -> Void) {
        let database: AppDatabase
        switch self {
        case .inMemory:
            let sharing = InMemoryListSharing()
            return (sharing, { await sharing.removeAll(of: $0) })
        case .sqliteInMemory:
            database = try AppDatabase.inMemory()
        case .sqliteFile:
            database = try AppDatabase.open(path: try TemporaryFolder().file("todo.sqlite"))
        case .postgres:
            let sharing = try await PostgresTestDatabase.freshSharing(people: [
                ListPerson(id: OwnerStores.aliceID, name: "alice"), ListPerson(id: OwnerStores.bobID, name: "bob"),
                ListPerson(id: OwnerStores.carolID, name: "carol"),
            ])
            return (sharing, { try await sharing.database.accounts.removeUser(id: $0) })
        }
        try await OwnerStores.addAccounts(database)
        return (SQLiteListSharing(database: database), { try await SQLiteAccountStore(database: database).removeUser(id: $0) })
    }
}

@Suite("Sharing: the contract")
struct ListSharingContractTests {
    static let alice = ListPerson(id: OwnerStores.aliceID, name: "alice")
    static let bob = ListPerson(id: OwnerStores.bobID, name: "bob")
    static let carol = ListPerson(id: OwnerStores.carolID, name: "carol")

    @Test("SHARE-1 share records a share and a second one changes its role; unshare ends it; shares are listed in order; removing an account removes its shares",
          arguments: SharingKind.allCases)
    func test_SHARE_1_sharesAreKept(_ kind: SharingKind) async throws {
        let (sharing, removeAccount) = try await kind.makeSUT()
        let (alice, bob, carol) = (Self.alice, Self.bob, Self.carol)
        try await sharing.share(list: "Groceries", owner: alice, with: carol, role: .viewer)
        try await sharing.share(list: "Groceries", owner: alice, with: bob, role: .viewer)
        try await sharing.share(list: "Books", owner: alice, with: carol, role: .editor)
        try await sharing.share(list: "Tools", owner: bob, with: alice, role: .editor)
        try await sharing.share(list: "Garden", owner: carol, with: bob, role: .viewer)
        // The same list with the same person again: its role changes, no second share.
        try await sharing.share(list: "Groceries", owner: alice, with: bob, role: .editor)
        #expect(try await sharing.shares(ownedBy: alice.id) == [
            ListShare(owner: alice, list: "Books", person: carol, role: .editor),
            ListShare(owner: alice, list: "Groceries", person: bob, role: .editor),
            ListShare(owner: alice, list: "Groceries", person: carol, role: .viewer),
        ])
        #expect(try await sharing.shares(with: bob.id) == [
            ListShare(owner: alice, list: "Groceries", person: bob, role: .editor),
            ListShare(owner: carol, list: "Garden", person: bob, role: .viewer),
        ])
        #expect(try await sharing.shares(with: alice.id) == [ListShare(owner: bob, list: "Tools", person: alice, role: .editor)])
        #expect(try await sharing.shares(ownedBy: OwnerStores.carolID).map(\.list) == ["Garden"])

        #expect(try await sharing.unshare(list: "Groceries", owner: alice.id, with: carol.id))
        #expect(try await sharing.unshare(list: "Groceries", owner: alice.id, with: carol.id) == false)
        #expect(try await sharing.unshare(list: "Tools", owner: alice.id, with: bob.id) == false)
        #expect(try await sharing.shares(with: carol.id) == [ListShare(owner: alice, list: "Books", person: carol, role: .editor)])

        // Either side's account going ends the share.
        try await removeAccount(bob.id)
        #expect(try await sharing.shares(ownedBy: alice.id) == [ListShare(owner: alice, list: "Books", person: carol, role: .editor)])
        #expect(try await sharing.shares(with: alice.id).isEmpty)
        #expect(try await sharing.shares(ownedBy: carol.id).isEmpty)
        try await removeAccount(alice.id)
        #expect(try await sharing.shares(with: carol.id).isEmpty)
    }

    @Test("SHARE-1 the database refuses a share with the owner, of an unknown account, of a blank name or an unknown role, with a sentence and nothing changed",
          arguments: [SharingKind.sqliteInMemory, .sqliteFile])
    func test_SHARE_1_schemaRefusesBadShares(_ kind: SharingKind) async throws {
        let (sharing, _) = try await kind.makeSUT()
        let stranger = ListPerson(id: TestEnvironment.id(77), name: "stranger")
        for (list, owner, person) in [("Groceries", Self.alice, Self.alice), ("Groceries", Self.alice, stranger),
                                      ("Groceries", stranger, Self.bob), ("   ", Self.alice, Self.bob)] {
            await #expect(throws: (any Error).self, "\(list) \(owner.name) \(person.name)") {
                try await sharing.share(list: list, owner: owner, with: person, role: .viewer)
            }
        }
        #expect(try await sharing.shares(ownedBy: Self.alice.id).isEmpty)
        #expect(try await sharing.shares(ownedBy: stranger.id).isEmpty)
        // Behind the store, the schema repeats the rules (HARDEN-8).
        let database = (sharing as! SQLiteListSharing).database
        let (alice, bob) = (OwnerStores.aliceID.lowercasedText, OwnerStores.bobID.lowercasedText)
        for (owner, list, person, role) in [(alice, "L", alice, "viewer"), (alice, "L", bob, "owner"), (alice, "", bob, "viewer"),
                                            (alice, "L", TestEnvironment.id(77).lowercasedText, "editor")] {
            await #expect(throws: DatabaseError.self) {
                try await database.writer.write { db in
                    try db.execute(
                        sql: "INSERT INTO listShare (ownerId, list, personId, role) VALUES (?, ?, ?, ?)",
                        arguments: [owner, list, person, role])
                }
            }
        }
        // A sentence a person reads, without SQL.
        do {
            try await sharing.share(list: "Groceries", owner: Self.alice, with: stranger, role: .viewer)
        } catch let error as TodoStorageError {
            #expect(!error.message.contains("listShare") && !error.message.contains("FOREIGN"))
        }
    }
}

import Foundation
import Testing
import TodoAccounts
import TodoCLI
import TodoCore
import TodoTestSupport

/// SHARE-7, MODE-4, OWNER-7 on the command line, in-process over in-memory people.
@Suite("todo share, unshare, shares and --user (in-process)")
struct SharingCLITests {
    let pw = "correct horse battery"

    /// alice (with Groceries) and bob.
    func people() async throws -> UsersHarness {
        let harness = UsersHarness()
        try await harness.policy.add(name: "alice", password: pw)
        try await harness.policy.add(name: "bob", password: pw)
        let alice = try #require(try await harness.accounts.user(named: "alice")).account
        _ = try await harness.lists.store(ListOwner(account: alice.id))
            .add(TodoDraft(title: "Milk", project: Project(name: "Groceries")))
        return harness
    }

    @Test("SHARE-7 todo share shares (and changes the role), todo shares lists, todo unshare ends it")
    func test_SHARE_7_commands() async throws {
        let harness = try await people()
        #expect(await harness.run("share", "Groceries", "--owner", "alice", "--with", "bob", "--role", "viewer") == 0)
        #expect(harness.out == "“Groceries” is shared with bob as viewer.\n")
        #expect(await harness.run("share", "Groceries", "--owner", "alice", "--with", "bob", "--role", "editor") == 0)
        #expect(await harness.run("shares", "--owner", "alice") == 0)
        #expect(harness.out == "Groceries  bob  editor\n")
        #expect(await harness.run("list", "--user", "bob", "--db", "/unused") == 0)
        #expect(!harness.out.contains("Milk"), "the all-items list is bob's own")
        #expect(await harness.run("unshare", "Groceries", "--owner", "alice", "--with", "bob") == 0)
        #expect(harness.out == "“Groceries” is no longer shared with bob.\n")
        #expect(await harness.run("shares", "--owner", "alice") == 0)
        #expect(harness.out == "alice shares no list.\n")
    }

    @Test("SHARE-7 refusals: an unknown person, a list the owner doesn't have, the owner, a bad role, nothing to unshare")
    func test_SHARE_7_refusals() async throws {
        let harness = try await people()
        let refusals: [([String], String)] = [
            (["share", "Groceries", "--owner", "alice", "--with", "carol", "--role", "viewer"], "There is no user named “carol”."),
            (["share", "Work", "--owner", "alice", "--with", "bob", "--role", "viewer"], "alice has no list named “Work”."),
            (["share", "Groceries", "--owner", "alice", "--with", "alice", "--role", "editor"], "alice owns the list; share it with someone else."),
            (["share", "Groceries", "--owner", "alice", "--with", "bob", "--role", "owner"], "“owner” is not a role: use viewer or editor."),
            (["unshare", "Groceries", "--owner", "alice", "--with", "bob"], "“Groceries” is not shared with bob."),
        ]
        for (arguments, sentence) in refusals {
            let status = await harness.run(arguments)
            #expect(status != 0, "\(arguments)")
            #expect(harness.err.contains(sentence), "\(arguments): \(harness.err)")
            #expect(harness.out.isEmpty, "\(arguments)")
        }
        #expect(try await harness.lists.sharing.shares(with: try #require(try await harness.accounts.user(named: "bob")).account.id).isEmpty)
    }

    @Test("MODE-4 --user NAME reads and changes that person's list; an unknown name is refused")
    func test_MODE_4_user() async throws {
        let harness = try await people()
        #expect(await harness.run("add", "Call mum", "--user", "bob") == 0)
        #expect(await harness.run("list", "--user", "bob") == 0)
        #expect(harness.out.contains("Call mum") && !harness.out.contains("Milk"))
        #expect(await harness.run("list", "--user", "alice") == 0)
        #expect(harness.out.contains("Milk") && !harness.out.contains("Call mum"))
        #expect(await harness.run("list", "--user", "carol") != 0)
        #expect(harness.err.contains("There is no user named “carol”."))
    }

    @Test("OWNER-7 the first account takes the local list and says how many items; the next one doesn't")
    func test_OWNER_7_firstAccount() async throws {
        let harness = UsersHarness()
        harness.local.items = 3
        harness.lines = [pw]
        #expect(await harness.run("users", "add", "alice") == 0)
        #expect(harness.out.contains("alice now owns the 3 items this database held before it had accounts."))
        let alice = try #require(try await harness.accounts.user(named: "alice")).account
        #expect(harness.local.owners == [ListOwner(account: alice.id)])
        harness.lines = [pw]
        #expect(await harness.run("users", "add", "bob") == 0)
        #expect(!harness.out.contains("now owns"))
        #expect(harness.local.owners.count == 1)
    }
}

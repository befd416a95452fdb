import Foundation
import Testing
import TodoAccounts
import TodoCLI
import TodoCore
import TodoTestSupport

/// `todo db copy` (docs/specs/postgres.md, COPY-1…7) in-process: the file's list and the
/// PostgreSQL database's people are in-memory stores; the real copy into PostgreSQL is in
/// DbCopyEndToEndTests (TodoStoreTests).
final class DbCopyHarness {
    /// The file's local list.
    let source = InMemoryTodoStore(environment: TestEnvironment().environment)
    /// The file's people (for `--from-user`) and the PostgreSQL database's people.
    let filePeople = PeopleLists.inMemory(environment: TestEnvironment().environment)
    let fileAccounts = InMemoryAccountStore()
    let lists = PeopleLists.inMemory(environment: .fixedForTests())
    let accounts = InMemoryAccountStore()
    /// What opening the PostgreSQL database throws, when it fails.
    var unreachable: (any Error)?
    let folder: TemporaryFolder
    let file: String
    private(set) var out = ""
    private(set) var err = ""
    var environment: [String: String] = [:]
    static let hasher = BcryptHasher.insecureForTestsOnly(cost: 4)
    static let url = "postgresql://todo:s3cret@db.example:5432/todo"

    init() throws {
        folder = try TemporaryFolder()
        file = folder.file("todo.sqlite")
        _ = FileManager.default.createFile(atPath: file, contents: Data())
    }

    deinit { folder.remove() }

    @discardableResult
    func run(_ arguments: String...) async -> Int32 { await run(arguments) }

    @discardableResult
    func run(_ arguments: [String]) async -> Int32 {
        out = ""
        err = ""
        let source = self.source
        var context = CLIContext(
            openStore: { location, _ in
                guard case .file = location else { throw CLIFailure.unexpected("\(location)") }
                return source
            },
            environment: environment, today: { .testToday }, now: { TestEnvironment.referenceDate }, writeOut: { self.out += $0 }, writeErr: { self.err += $0 })
        context.openPeople = { location, _ in
            switch location {
            case .postgres(let url):
                guard url == Self.url else { throw CLIFailure.unexpected(url) }
                if let failure = self.unreachable { throw failure }
                return PeopleDatabase(accounts: self.accounts, lists: self.lists)
            case .file:
                return PeopleDatabase(accounts: self.fileAccounts, lists: self.filePeople)
            case .inMemory:
                throw CLIFailure.unexpected("in memory")
            }
        }
        context.passwordHasher = Self.hasher
        return await TodoCLI.run(arguments, context: context)
    }

    /// A person on the PostgreSQL side, and their list there.
    func account(_ name: String) async throws -> any TodoStore {
        let account = try await Accounts(store: accounts, now: { TestEnvironment.referenceDate }, hasher: Self.hasher).add(name: name, password: "correct horse battery")
        return try await lists.store(ListOwner(account: account.id))
    }

    enum CLIFailure: Error { case unexpected(String) }
}

@Suite("todo db copy (in-process)")
struct DbCopyCLITests {
    /// A list with every field used, a gap in its numbers (a deleted item) and one in the Trash.
    static func fill(_ store: InMemoryTodoStore) async throws {
        _ = try await store.add(
            TodoDraft(
                title: "Buy milk", details: "2 litres", dueDate: CalendarDate(iso: "2026-12-01"),
                location: Location(name: "Shop", latitude: 52.5, longitude: 13.4), project: Project(name: "Groceries"),
                estimateMinutes: 30, repeatRule: .weekly(on: [.monday, .friday])))
        let gone = try await store.add(TodoDraft(title: "Deleted"))
        _ = try await store.add(TodoDraft(title: "Call mum", project: Project(name: "Family")))
        let done = try await store.add(TodoDraft(title: "Pay rent"))
        _ = try await store.update(id: done.id, TodoChanges(isDone: true), expectedVersion: nil)
        _ = try await store.delete(id: gone.id, expectedVersion: nil)
        _ = try await store.add(TodoDraft(title: "Water plants"))
    }

    @Test("COPY-1 COPY-5 COPY-7 every item is copied with its id, number and fields, in order; the next number is new")
    func test_COPY_1_copiesEveryItem() async throws {
        let harness = try DbCopyHarness()
        try await Self.fill(harness.source)
        let alice = try await harness.account("alice")
        #expect(await harness.run("db", "copy", "--from", harness.file, "--to", DbCopyHarness.url, "--owner", "alice") == 0)
        #expect(harness.err.isEmpty, "\(harness.err)")
        #expect(
            harness.out
                == "Copied 4 items to alice's list on postgresql://todo@db.example:5432/todo (4 new, 0 replaced, 0 already there).\n")
        let copied = try await alice.items(.all), original = try await harness.source.items(.all)
        #expect(copied == original)
        #expect(copied.map(\.number).sorted() == [1, 3, 4, 5])
        #expect(Set(try await alice.projects().map(\.name)) == ["Groceries", "Family"])
        let next = try await alice.add(TodoDraft(title: "After the copy"))
        #expect(next.number == 6)
    }

    @Test("COPY-4 running it again copies nothing twice: same count, and a change in the file replaces the copy")
    func test_COPY_4_rerun() async throws {
        let harness = try DbCopyHarness()
        try await Self.fill(harness.source)
        let alice = try await harness.account("alice")
        let arguments = ["db", "copy", "--from", harness.file, "--to", DbCopyHarness.url, "--owner", "alice"]
        #expect(await harness.run(arguments) == 0)
        #expect(await harness.run(arguments) == 0)
        #expect(harness.out.hasSuffix("Copied 4 items to alice's list on postgresql://todo@db.example:5432/todo (0 new, 0 replaced, 4 already there).\n"))
        #expect(try await alice.count(.all) == 4)
        let milk = try #require(try await harness.source.items(.all).first { $0.title == "Buy milk" })
        _ = try await harness.source.update(id: milk.id, TodoChanges(title: "Buy oat milk"), expectedVersion: nil)
        #expect(await harness.run(arguments) == 0)
        #expect(harness.out.contains("(0 new, 1 replaced, 3 already there)"))
        #expect(try await alice.count(.all) == 4)
        #expect(try await alice.item(id: milk.id)?.title == "Buy oat milk")
        #expect(try await alice.item(id: milk.id)?.number == milk.number)
        #expect(try await alice.items(.all) == harness.source.items(.all))
    }

    @Test("COPY-2 the Trash is not copied; --from-user reads that person's list in a file with accounts")
    func test_COPY_2_whichList() async throws {
        let harness = try DbCopyHarness()
        try await Self.fill(harness.source)
        let alice = try await harness.account("alice")
        #expect(await harness.run("db", "copy", "--from", harness.file, "--to", DbCopyHarness.url, "--owner", "alice") == 0)
        #expect(try await alice.trash().isEmpty)
        #expect(try await alice.items(.all).allSatisfy { $0.title != "Deleted" })

        let bob = try await Accounts(store: harness.fileAccounts, now: { TestEnvironment.referenceDate }, hasher: DbCopyHarness.hasher)
            .add(name: "bob", password: "correct horse battery")
        let bobs = try await harness.filePeople.store(ListOwner(account: bob.id)).add(TodoDraft(title: "Bob's errand"))
        let carol = try await harness.account("carol")
        #expect(
            await harness.run(
                "db", "copy", "--from", harness.file, "--from-user", "bob", "--to", DbCopyHarness.url, "--owner", "carol") == 0)
        #expect(try await carol.items(.all) == [bobs])
        #expect(await harness.run("db", "copy", "--from", harness.file, "--from-user", "dave", "--to", DbCopyHarness.url, "--owner", "carol") == 1)
        #expect(harness.err == "todo: There is no user named “dave” in \(harness.file).\n")
    }

    @Test("COPY-3 COPY-7 refusals: unknown owner, missing file, not a PostgreSQL URL, unreachable PostgreSQL; nothing copied")
    func test_COPY_3_refusals() async throws {
        let harness = try DbCopyHarness()
        try await Self.fill(harness.source)
        let alice = try await harness.account("alice")
        let url = DbCopyHarness.url
        let refusals: [([String], String)] = [
            (
                ["db", "copy", "--from", harness.file, "--to", url, "--owner", "carol"],
                "There is no user named “carol” on postgresql://todo@db.example:5432/todo: add them first with todo users add carol --database-url URL."
            ),
            (
                ["db", "copy", "--from", harness.folder.file("missing.sqlite"), "--to", url, "--owner", "alice"],
                "There is no database file at \(harness.folder.file("missing.sqlite"))."
            ),
            (
                ["db", "copy", "--from", harness.folder.path, "--to", url, "--owner", "alice"],
                "There is no database file at \(harness.folder.path)."
            ),
            (
                ["db", "copy", "--from", harness.file, "--to", "mysql://db.example/todo", "--owner", "alice"],
                "--to takes a PostgreSQL address: postgresql://USER:PASS@HOST:PORT/DB."
            ),
        ]
        for (arguments, sentence) in refusals {
            #expect(await harness.run(arguments) != 0, "\(arguments)")
            #expect(harness.err.contains(sentence), "\(arguments): \(harness.err)")
            #expect(!harness.err.contains("s3cret"))
            #expect(harness.out.isEmpty, "\(arguments)")
        }
        harness.unreachable = TodoStorageError(
            .unavailable, "Can't reach the PostgreSQL database at db.example:5432/todo; nothing was changed. Try again in a moment.")
        #expect(await harness.run("db", "copy", "--from", harness.file, "--to", url, "--owner", "alice") == 1)
        #expect(harness.err == "todo: Can't reach the PostgreSQL database at db.example:5432/todo; nothing was changed. Try again in a moment.\n")
        #expect(try await alice.count(.all) == 0)
    }

    @Test("COPY-5 an item whose number the owner gave already gets a new one: never two items with one number")
    func test_COPY_5_numberClash() async throws {
        let harness = try DbCopyHarness()
        try await Self.fill(harness.source)
        let alice = try await harness.account("alice")
        let own = try await alice.add(TodoDraft(title: "Alice's own"))
        #expect(own.number == 1)
        #expect(await harness.run("db", "copy", "--from", harness.file, "--to", DbCopyHarness.url, "--owner", "alice") == 0)
        let items = try await alice.items(.all)
        #expect(items.count == 5)
        #expect(Set(items.map(\.number)).count == 5)
        let milk = try #require(items.first { $0.title == "Buy milk" })
        #expect(milk.number != 1)
        #expect(try await alice.item(number: 1)?.id == own.id)
    }

    @Test("COPY-7 the summary and the refusals in the terminal's language")
    func test_COPY_7_languages() async throws {
        let harness = try DbCopyHarness()
        try await Self.fill(harness.source)
        _ = try await harness.account("alice")
        harness.environment = ["LANG": "zh_CN.UTF-8"]
        #expect(await harness.run("db", "copy", "--from", harness.file, "--to", DbCopyHarness.url, "--owner", "alice") == 0)
        #expect(harness.out == "已将 4 个事项复制到 postgresql://todo@db.example:5432/todo 上 alice 的清单（新增 4 个，替换 0 个，0 个已存在）。\n")
        harness.environment = ["LANG": "ja_JP.UTF-8"]
        #expect(await harness.run("db", "copy", "--from", harness.file, "--to", DbCopyHarness.url, "--owner", "carol") == 1)
        #expect(harness.err.contains("postgresql://todo@db.example:5432/todo に「carol」という名前のユーザーはいません。"))
    }
}

import Foundation
import ProcessTestSupport
import Synchronization
import Testing
import TodoAccounts
import TodoCLI
import TodoCore
import TodoSQLite
import TodoTestSupport

/// Runs `todo users …` in-process over one accounts store, with standard input and a terminal
/// played by the test.
final class UsersHarness {
    let accounts: any AccountStore
    private(set) var out = ""
    private(set) var err = ""
    var environment: [String: String] = [:]
    var stdinIsTerminal = false
    /// Lines on standard input (not a terminal) or typed answers (a terminal).
    var lines: [String] = []
    /// What is typed at the hidden password prompts, and the prompts shown.
    var secrets: [String] = []
    private(set) var prompts: [String] = []
    var now = Date(timeIntervalSince1970: 1_795_003_200)  // 2026-11-18 12:00 UTC
    private(set) var openedLocations: [StoreLocation] = []
    static let hasher = BcryptHasher.insecureForTestsOnly(cost: 4)

    /// Every person's lists, in memory.
    let lists = PeopleLists.inMemory(environment: TestEnvironment().environment)
    /// The local list's items, and whom it was given to (OWNER-7).
    let local = LocalListDouble()

    init(accounts: any AccountStore = InMemoryAccountStore()) { self.accounts = accounts }

    @discardableResult
    func run(_ arguments: String...) async -> Int32 { await run(arguments) }

    @discardableResult
    func run(_ arguments: [String]) async -> Int32 {
        out = ""
        err = ""
        var context = CLIContext(
            openStore: { _, _ in InMemoryTodoStore(environment: TestEnvironment().environment) },
            environment: environment, today: { .testToday }, now: { TestEnvironment.referenceDate }, writeOut: { self.out += $0 }, writeErr: { self.err += $0 })
        context.openPeople = { location, _ in
            self.openedLocations.append(location)
            return PeopleDatabase(accounts: self.accounts, lists: self.lists, adoptLocalList: self.local.adopt)
        }
        context.passwordHasher = Self.hasher
        context.stdinIsTerminal = stdinIsTerminal
        context.readAnswer = { self.lines.isEmpty ? nil : self.lines.removeFirst() }
        context.readSecret = { prompt in
            self.prompts.append(prompt)
            return self.secrets.isEmpty ? nil : self.secrets.removeFirst()
        }
        let time = now
        context.now = { time }
        return await TodoCLI.run(arguments, context: context)
    }

    /// The policy over the same store, to check what a command did.
    var policy: Accounts { Accounts(store: accounts, now: { TestEnvironment.referenceDate }, hasher: Self.hasher) }
}

/// The local list as `todo users add` sees it: how many items it holds, and whom it went to.
final class LocalListDouble: Sendable {
    private let state = Mutex<(items: Int, owners: [ListOwner])>((0, []))

    var items: Int {
        get { state.withLock { $0.items } }
        set { state.withLock { $0.items = newValue } }
    }

    var owners: [ListOwner] { state.withLock { $0.owners } }

    @Sendable func adopt(by owner: ListOwner) -> Int {
        state.withLock { state in
            defer { state.items = 0 }
            state.owners.append(owner)
            return state.items
        }
    }
}

@Suite("todo users (in-process)")
struct UsersCLITests {
    let pw = "correct horse battery"

    @Test("ACCOUNT-20 users add reads the password from the first line of standard input")
    func test_ACCOUNT_20_addFromStdin() async throws {
        let h = UsersHarness()
        h.lines = [pw, "ignored second line"]
        #expect(await h.run("users", "add", "alice") == 0)
        #expect(h.out == "Added user alice.\n")
        #expect(h.err == "")
        #expect(try await h.policy.signIn(name: "alice", password: pw, address: "t") != .refused)
        #expect(h.prompts.isEmpty, "no prompt without a terminal")
    }

    @Test("ACCOUNT-20 users add on a terminal asks twice without echo; different answers are refused")
    func test_ACCOUNT_20_addOnTerminal() async throws {
        let h = UsersHarness()
        h.stdinIsTerminal = true
        h.secrets = [pw, pw + "!"]
        #expect(await h.run("users", "add", "alice") == 1)
        #expect(h.err == "todo: The two passwords differ; nothing was changed.\n")
        #expect(h.prompts == ["Password for alice: ", "The same password again: "])
        #expect(try await h.accounts.users().isEmpty)
        h.secrets = [pw, pw]
        #expect(await h.run("users", "add", "alice") == 0)
        #expect(h.out == "Added user alice.\n")
        #expect(try await h.policy.signIn(name: "alice", password: pw, address: "t") != .refused)
    }

    @Test("ACCOUNT-20 users add refuses bad and taken names, short, long and missing passwords, with a sentence")
    func test_ACCOUNT_20_refusals() async throws {
        let h = UsersHarness()
        h.lines = [pw]
        #expect(await h.run("users", "add", "alice") == 0)
        let cases: [(name: String, input: [String], error: String)] = [
            ("ALICE", [pw], "There is already a user named “ALICE”."),
            ("o'brien", [pw], "“o'brien” can't be a user name: use 1 to 64 letters, digits, “.”, “_” or “-”, starting with a letter or digit."),
            ("bob", ["short"], "The password is too short: use at least 8 characters. Nothing was changed."),
            ("bob", [String(repeating: "x", count: 1 << 20)], "The password is too long: use at most 1024 bytes. Nothing was changed."),
            ("bob", [], "No password given: write it on the first line of standard input, or run the command on a terminal to be asked."),
            ("bob", [""], "No password given: write it on the first line of standard input, or run the command on a terminal to be asked."),
        ]
        for c in cases {
            h.lines = c.input
            #expect(await h.run("users", "add", c.name) == 1, "\(c.name)")
            #expect(h.err == "todo: \(c.error)\n")
            #expect(h.out == "")
        }
        #expect(try await h.accounts.users().map(\.name) == ["alice"], "nothing was added")
    }

    @Test("ACCOUNT-21 users list prints names and creation dates, aligned, or a sentence; --json")
    func test_ACCOUNT_21_list() async throws {
        let h = UsersHarness()
        #expect(await h.run("users", "list") == 0)
        #expect(h.out == "No users yet: add one with `todo users add NAME`.\n")
        for name in ["bob", "Alexandra"] {
            h.lines = [pw]
            #expect(await h.run("users", "add", name) == 0)
        }
        #expect(await h.run("users", "list") == 0)
        let day = CalendarDate(h.now, in: .current).iso
        #expect(h.out == "Alexandra  \(day)\nbob        \(day)\n")
        #expect(!h.out.contains("$2"), "no hashes")
        #expect(await h.run("users", "list", "--json") == 0)
        let entries = try JSONSerialization.jsonObject(with: Data(h.out.utf8)) as? [[String: String]]
        #expect(entries == [
            ["name": "Alexandra", "createdAt": "2026-11-18T12:00:00Z"], ["name": "bob", "createdAt": "2026-11-18T12:00:00Z"],
        ])
    }

    @Test("ACCOUNT-22 users passwd sets a new password and ends the user's sessions; an unknown user is a sentence")
    func test_ACCOUNT_22_passwd() async throws {
        let h = UsersHarness()
        h.lines = [pw]
        await h.run("users", "add", "alice")
        guard case .signedIn(let session, _) = try await h.policy.signIn(name: "alice", password: pw, address: "t") else {
            Issue.record("not signed in")
            return
        }
        h.lines = ["a new password"]
        #expect(await h.run("users", "passwd", "Alice") == 0)
        #expect(h.out == "Set the password of alice; their sessions were ended.\n")
        #expect(try await h.policy.session(secret: session.text) == nil)
        #expect(try await h.policy.signIn(name: "alice", password: pw, address: "t") == .refused)
        #expect(try await h.policy.signIn(name: "alice", password: "a new password", address: "t") != .refused)
        h.lines = ["whatever password"]
        #expect(await h.run("users", "passwd", "bob") == 1)
        #expect(h.err == "todo: There is no user named “bob”.\n")
        h.lines = ["short"]
        #expect(await h.run("users", "passwd", "alice") == 1)
        #expect(h.err == "todo: The password is too short: use at least 8 characters. Nothing was changed.\n")
    }

    @Test("ACCOUNT-23 users rm asks on a terminal, refuses without one unless --yes, and takes tokens and sessions")
    func test_ACCOUNT_23_remove() async throws {
        let h = UsersHarness()
        h.lines = [pw]
        await h.run("users", "add", "alice")
        #expect(await h.run("users", "token", "alice") == 0)
        let token = try #require(h.out.split(separator: "\n").last.map(String.init))
        #expect(await h.run("users", "rm", "alice") == 1)
        #expect(h.err == "todo: Removing the user alice can't be undone: add --yes to do it without a terminal to ask on. Nothing was removed.\n")
        h.stdinIsTerminal = true
        h.lines = ["n"]
        #expect(await h.run("users", "rm", "alice") == 0)
        #expect(h.out == "Remove the user alice with their tokens and sessions? [y/N] Nothing was removed.\n")
        #expect(try await h.accounts.users().count == 1)
        h.lines = ["y"]
        #expect(await h.run("users", "rm", "alice") == 0)
        #expect(h.out == "Remove the user alice with their tokens and sessions? [y/N] Removed the user alice with their tokens and sessions.\n")
        #expect(try await h.accounts.users().isEmpty)
        #expect(try await h.policy.account(token: token) == nil, "the token went with them")
        h.stdinIsTerminal = false
        #expect(await h.run("users", "rm", "alice", "--yes") == 1)
        #expect(h.err == "todo: There is no user named “alice”.\n")
        h.lines = [pw]
        await h.run("users", "add", "bob")
        #expect(await h.run("users", "rm", "bob", "--yes") == 0)
        #expect(h.out == "Removed the user bob with their tokens and sessions.\n")
    }

    @Test("ACCOUNT-24 users token prints the token alone on the last line; tokens lists labels; revoke")
    func test_ACCOUNT_24_tokens() async throws {
        let h = UsersHarness()
        h.lines = [pw]
        await h.run("users", "add", "alice")
        #expect(await h.run("users", "tokens", "alice") == 0)
        #expect(h.out == "alice has no tokens.\n")
        #expect(await h.run("users", "token", "alice") == 0)
        let lines = h.out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines[2] == "", "ends with a line break")
        #expect(lines[0] == "New token “token-1” for alice; it is shown only this once:")
        let token = String(lines[1])
        #expect(Secret(token) != nil)
        #expect(try await h.policy.account(token: token)?.name == "alice")
        #expect(await h.run("users", "token", "alice", "--label", "ci laptop") == 0)
        #expect(h.out.hasPrefix("New token “ci laptop” for alice;"))
        #expect(await h.run("users", "token", "alice", "--label", "ci laptop") == 1)
        #expect(h.err == "todo: There is already a token labelled “ci laptop”.\n")
        #expect(await h.run("users", "tokens", "alice") == 0)
        let day = CalendarDate(h.now, in: .current).iso
        #expect(h.out.contains("token-1    made \(day) "))
        #expect(h.out.contains("ci laptop  made \(day) "))
        let rows = h.out.split(separator: "\n")
        #expect(rows.count == 2)
        #expect(rows.first?.hasPrefix("token-1    made") == true && rows.first?.hasSuffix("last used never") == false,
                "in the order made; token-1 was used")
        #expect(rows.last?.hasPrefix("ci laptop  made") == true && rows.last?.hasSuffix("last used never") == true)
        #expect(!h.out.contains(token), "never the token")
        #expect(await h.run("users", "revoke", "alice", "token-1") == 0)
        #expect(h.out == "Revoked the token “token-1” of alice.\n")
        #expect(try await h.policy.account(token: token) == nil)
        #expect(await h.run("users", "revoke", "alice", "token-1") == 1)
        #expect(h.err == "todo: There is no token labelled “token-1”.\n")
        #expect(await h.run("users", "token", "nobody") == 1)
        #expect(h.err == "todo: There is no user named “nobody”.\n")
    }

    @Test("ACCOUNT-25 the sentences in 简体中文 and 日本語")
    func test_ACCOUNT_25_languages() async throws {
        let h = UsersHarness()
        h.environment = ["LANG": "zh_CN.UTF-8"]
        h.lines = [pw]
        #expect(await h.run("users", "add", "alice") == 0)
        #expect(h.out == "已添加用户 alice。\n")
        #expect(await h.run("users", "rm", "bob", "--yes") == 1)
        #expect(h.err == "todo: 没有名为“bob”的用户。\n")
        h.environment = ["LANG": "ja_JP.UTF-8"]
        h.lines = ["short"]
        #expect(await h.run("users", "passwd", "alice") == 1)
        #expect(h.err == "todo: パスワードが短すぎます。8 文字以上にしてください。何も変更していません。\n")
        #expect(await h.run("users", "tokens", "alice") == 0)
        #expect(h.out == "alice にはトークンがありません。\n")
    }

    @Test("ACCOUNT-20 the users commands take --db like the others")
    func test_ACCOUNT_20_db() async throws {
        let h = UsersHarness()
        h.environment = ["HOME": "/home/t"]
        await h.run("users", "list", "--db", "/tmp/x.sqlite")
        await h.run("users", "list")
        #expect(h.openedLocations == [.file("/tmp/x.sqlite"), .file("/home/t/.local/share/todo/todo.sqlite")])
        #expect(await h.run("users", "list", "--db", "") != 0, "an empty --db is refused as for the other commands")
    }
}

/// ACCOUNT-26: the real `todo` executable, separate processes, one database file.
@Suite("todo users (separate processes)", .serialized)
struct UsersProcessTests {
    static func run(_ arguments: [String], input: String? = nil) async throws -> TodoProcess.Result {
        let process = Process()
        process.executableURL = TodoProcess.executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["TODO_DB"] = nil
        env["LANG"] = "C"
        env["LC_ALL"] = nil
        env["LC_MESSAGES"] = nil
        process.environment = env
        let ended = try await ChildProcess.run(process, input: Data((input ?? "").utf8))
        return TodoProcess.Result(status: ended.status, out: ended.output, err: ended.errors)
    }

    @Test("ACCOUNT-26 printf 'pw\\n' | todo users add alice --db F; todo users token alice prints one token line; another process sees alice")
    func test_ACCOUNT_26_endToEnd() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let db = folder.file("t.sqlite")
        // One person's list first: the first account takes it (OWNER-7).
        #expect(try await TodoProcess.run(["add", "Buy bread", "--db", db]).status == 0)
        let added = try await Self.run(["users", "add", "alice", "--db", db], input: "correct horse battery\n")
        #expect(added.status == 0, "\(added.err)")
        #expect(added.out == "Added user alice.\nalice now owns the 1 item this database held before it had accounts.\n")
        let token = try await Self.run(["users", "token", "alice", "--db", db])
        #expect(token.status == 0, "\(token.err)")
        let lines = token.out.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.last.flatMap { Secret(String($0)) } != nil, "the last line is the token alone")
        let listed = try await Self.run(["users", "list", "--json", "--db", db])
        let names = (try JSONSerialization.jsonObject(with: Data(listed.out.utf8)) as? [[String: String]])?.map { $0["name"] }
        #expect(names == ["alice"])
        let tokens = try await Self.run(["users", "tokens", "alice", "--db", db])
        #expect(tokens.out.hasPrefix("token-1  made "))
        #expect(!tokens.out.contains(String(lines.last ?? "")))
        // The items in the same file are alice's now (MODE-4): whose list is said with --user.
        let unsaid = try await TodoProcess.run(["add", "Buy milk", "--db", db])
        #expect(unsaid.status != 0)
        #expect(unsaid.err.contains("has accounts: say whose list with --user NAME."))
        #expect(try await TodoProcess.run(["add", "Buy milk", "--db", db, "--user", "alice"]).status == 0)
        let list = try await TodoProcess.run(["list", "--db", db, "--user", "alice"]).out
        #expect(list.contains("Buy milk") && list.contains("Buy bread"))
        let serve = try await TodoProcess.run(["serve", "--port", "0", "--db", db])
        #expect(serve.status != 0)
        #expect(serve.err.contains("start the server with --accounts"))
        let refused = try await Self.run(["users", "rm", "alice", "--db", db])
        #expect(refused.status == 1)
        #expect(refused.err.hasPrefix("todo: Removing the user alice can't be undone"))
    }
}

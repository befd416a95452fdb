import Foundation
import ServerOptions
import Testing
import TodoAccounts
import TodoCLI
import TodoCore
import TodoTestSupport

/// `todo serve`'s modes and refusals as ``ServeConfiguration`` decides them (docs/specs/sharing.md,
/// MODE-2, MODE-3; docs/specs/servers.md): before anything is opened.
@Suite("todo serve: the configuration")
struct ServeConfigurationTests {
    static let home = ["HOME": "/home/ada"]

    static func options(_ change: (inout ServeConfiguration.Options) -> Void) -> ServeConfiguration.Options {
        var options = ServeConfiguration.Options()
        change(&options)
        return options
    }

    /// The English sentence of the refusal `check` and then the mode give `options`.
    static func refusal(_ options: ServeConfiguration.Options, environment: [String: String] = home) -> String? {
        do throws(ServeRefusal) {
            try ServeConfiguration.check(options)
            _ = try ServeConfiguration(options, environment: environment)
            return nil
        } catch {
            return error.sentence(in: .english)
        }
    }

    @Test("MODE-2 by default: the default file, one person's list, on 127.0.0.1:8080")
    func test_MODE_2_defaults() throws {
        let mode = try ServeConfiguration(ServeConfiguration.Options(), environment: Self.home)
        #expect(mode.location == .file("/home/ada/.local/share/todo/todo.sqlite"))
        #expect(mode.signIn == nil)
        #expect((mode.host, mode.port) == ("127.0.0.1", 8080))
        #expect(mode.maxStreams == LiveChanges.Limits().total)
        #expect(mode.corsOrigins.isEmpty && mode.trustedProxies.isEmpty)
    }

    @Test("MODE-2 without accounts the loopback addresses are served", arguments: ["127.0.0.1", "127.0.0.2", "::1", "[::1]", "localhost"])
    func test_MODE_2_loopback(host: String) throws {
        let mode = try ServeConfiguration(Self.options { $0.host = host; $0.db = "/tmp/t.sqlite" }, environment: [:])
        #expect(mode.host == host)
        #expect(mode.location == .file("/tmp/t.sqlite"))
        #expect(mode.signIn == nil)
    }

    @Test("MODE-3 --accounts on a file: sign-in, on any address, with sign-up and Secure cookies when asked")
    func test_MODE_3_accountsOnAFile() throws {
        let plain = try ServeConfiguration(Self.options { $0.accounts = true; $0.db = "/tmp/t.sqlite" }, environment: [:])
        #expect(plain.location == .file("/tmp/t.sqlite"))
        #expect(plain.signIn == ServeConfiguration.SignIn(allowSignup: false, secureCookies: false))

        let open = try ServeConfiguration(
            Self.options {
                $0.accounts = true
                $0.allowSignup = true
                $0.secureCookies = true
                $0.host = "0.0.0.0"
            }, environment: ["TODO_DB": "/srv/todo.sqlite"])
        #expect(open.location == .file("/srv/todo.sqlite"))
        #expect(open.host == "0.0.0.0")
        #expect(open.signIn == ServeConfiguration.SignIn(allowSignup: true, secureCookies: true))
    }

    @Test("MODE-3 --database-url turns accounts on without --accounts")
    func test_MODE_3_databaseURL() throws {
        let url = "postgresql://todo:secret@db:5432/todo"
        let mode = try ServeConfiguration(
            Self.options {
                $0.databaseURL = url
                $0.host = "0.0.0.0"
                $0.allowSignup = true
            }, environment: Self.home)
        #expect(mode.location == .postgres(url))
        #expect(mode.signIn == ServeConfiguration.SignIn(allowSignup: true, secureCookies: false))
    }

    @Test("MODE-3 TODO_DATABASE_URL alone turns accounts on, as --database-url does; --db and --in-memory come first")
    func test_MODE_3_databaseURLFromEnvironment() throws {
        let environment = ["TODO_DATABASE_URL": "postgres://db/todo", "HOME": "/home/ada"]
        let fromEnvironment = try ServeConfiguration(Self.options { $0.secureCookies = true }, environment: environment)
        #expect(fromEnvironment.location == .postgres("postgres://db/todo"))
        #expect(fromEnvironment.signIn == ServeConfiguration.SignIn(allowSignup: false, secureCookies: true))

        let file = try ServeConfiguration(Self.options { $0.db = "/tmp/t.sqlite" }, environment: environment)
        #expect(file.location == .file("/tmp/t.sqlite"))
        #expect(file.signIn == nil)

        let memory = try ServeConfiguration(Self.options { $0.inMemory = true }, environment: environment)
        #expect(memory.location == .inMemory)
        #expect(memory.signIn == nil)
    }

    @Test("--in-memory: a throwaway list, no accounts")
    func test_inMemory() throws {
        let mode = try ServeConfiguration(Self.options { $0.inMemory = true; $0.port = 0 }, environment: Self.home)
        #expect(mode.location == .inMemory)
        #expect(mode.signIn == nil)
        #expect(mode.port == 0)
    }

    @Test("the web options are carried as given: CORS origins, trusted proxies, event streams")
    func test_carriedOptions() throws {
        let mode = try ServeConfiguration(
            Self.options {
                $0.corsOrigins = ["*", "https://app.example.com"]
                $0.trustedProxies = ["127.0.0.1", "::1"]
                $0.maxStreams = 5
            }, environment: Self.home)
        #expect(mode.corsOrigins == ["*", "https://app.example.com"])
        #expect(mode.trustedProxies == ["127.0.0.1", "::1"])
        #expect(mode.maxStreams == 5)
    }

    @Test("MODE-2 without accounts, --allow-signup, --secure-cookies and an address other machines reach are refused")
    func test_MODE_2_refusals() {
        let accountsOnly = "--allow-signup and --secure-cookies are for a server with accounts: add --accounts (or --database-url)."
        #expect(Self.refusal(Self.options { $0.allowSignup = true }) == accountsOnly)
        #expect(Self.refusal(Self.options { $0.secureCookies = true; $0.db = "/tmp/t.sqlite" }) == accountsOnly)
        #expect(Self.refusal(Self.options { $0.allowSignup = true; $0.host = "0.0.0.0" }) == accountsOnly, "the options first")
        for host in ["0.0.0.0", "::", "192.168.1.20", "todo.example"] {
            #expect(
                Self.refusal(Self.options { $0.host = host })
                    == "Without accounts, todo serve answers this machine only: on “\(host)” anyone who can reach it could read and change your list. Use 127.0.0.1, ::1 or localhost.")
        }
        #expect(Self.refusal(Self.options { $0.host = "0.0.0.0"; $0.inMemory = true })?.hasPrefix("Without accounts") == true)
    }

    @Test("PHONE-1 --lan: accounts on, every IPv4 interface, on a file or PostgreSQL")
    func test_PHONE_1_lan() throws {
        let mode = try ServeConfiguration(Self.options { $0.lan = true }, environment: Self.home)
        #expect(mode.lan)
        #expect(mode.host == "0.0.0.0")
        #expect(mode.signIn == ServeConfiguration.SignIn(allowSignup: false, secureCookies: false))
        #expect(mode.location == .file("/home/ada/.local/share/todo/todo.sqlite"))
        let withSignUp = try ServeConfiguration(
            Self.options { $0.lan = true; $0.allowSignup = true; $0.databaseURL = "postgresql://db/todo" }, environment: [:])
        #expect(withSignUp.signIn?.allowSignup == true && withSignUp.host == "0.0.0.0" && withSignUp.lan)
        #expect(try !ServeConfiguration(Self.options { $0.accounts = true }, environment: Self.home).lan)
    }

    @Test("PHONE-1 --lan with --host, or with --in-memory, is refused before anything is opened")
    func test_PHONE_1_lanRefusals() {
        #expect(
            Self.refusal(Self.options { $0.lan = true; $0.host = "127.0.0.1" })
                == "--lan chooses the addresses to listen on; leave out --host “127.0.0.1”, or leave out --lan.")
        #expect(
            Self.refusal(Self.options { $0.lan = true; $0.inMemory = true })
                == "--lan turns accounts on, and the people who sign in live in the database file: it can't be used with --in-memory.")
    }

    @Test("options that can't go together, and values that can't be used, are refused as the command line is read")
    func test_checkRefusals() {
        let cases: [(ServeConfiguration.Options, String)] = [
            (Self.options { $0.inMemory = true; $0.db = "/tmp/t.sqlite" }, "Give --db or --in-memory, not both."),
            (Self.options { $0.inMemory = true; $0.databaseURL = "postgresql://db/todo" }, "Give --db or --in-memory, not both."),
            (Self.options { $0.inMemory = true; $0.accounts = true },
             "--accounts keeps people in the database file: it can't be used with --in-memory."),
            (Self.options { $0.port = -1 }, "--port must be between 0 and 65535."),
            (Self.options { $0.port = 65536 }, "--port must be between 0 and 65535."),
            (Self.options { $0.maxStreams = 0 }, "--max-streams must be between 1 and 100000."),
            (Self.options { $0.maxStreams = 100_001 }, "--max-streams must be between 1 and 100000."),
            (Self.options { $0.trustedProxies = ["127.0.0.1", "proxy.local"] },
             "“proxy.local” is not an IP address: give --trusted-proxy the address the proxy connects from, such as 127.0.0.1 or ::1."),
            (Self.options { $0.corsOrigins = ["example.com"] }, "“example.com” is not an origin like https://example.com (or *)."),
            (Self.options { $0.corsOrigins = ["https://example.com/app"] },
             "“https://example.com/app” is not an origin like https://example.com (or *)."),
            (Self.options { $0.corsOrigins = ["ftp://example.com"] }, "“ftp://example.com” is not an origin like https://example.com (or *)."),
        ]
        for (options, sentence) in cases {
            #expect(throws: (any Error).self) { try ServeConfiguration.check(options) }
            #expect(Self.refusal(options) == sentence)
        }
        #expect(Self.refusal(Self.options { $0.corsOrigins = ["*", "https://example.com/", "http://localhost:3000"] }) == nil)
        #expect(Self.refusal(Self.options { $0.port = 0; $0.maxStreams = 100_000 }) == nil)
    }

    @Test("LANG-3 a refusal is worded in the terminal's language")
    func test_LANG_3_refusalLanguage() {
        let japanese = ServeRefusal.port.sentence(in: .japanese)
        #expect(japanese != ServeRefusal.port.sentence(in: .english))
        #expect(japanese.contains("--port"))
    }
}

/// `todo serve` in-process: the lists it opens for the mode, handed to the composition root's server.
@Suite("todo serve: what it hands the server")
struct ServeCommandTests {
    final class Recorder {
        var start: ServeStart?
        var ran = false
        var err = ""
    }

    static func context(_ recorder: Recorder, store: any TodoStore) -> CLIContext {
        CLIContext(
            openStore: { _, _ in store }, environment: ["HOME": "/home/ada"], today: { CalendarDate(iso: "2026-11-21")! },
            now: { Date(timeIntervalSince1970: 0) }, writeOut: { _ in }, writeErr: { recorder.err += $0 })
    }

    @Test("--in-memory: the one list and no people; the server is built, then run")
    func test_inMemory() async {
        let recorder = Recorder()
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        var context = Self.context(recorder, store: store)
        context.buildServer = { start in
            recorder.start = start
            return BuiltServer(run: { recorder.ran = true }, follow: nil)
        }
        #expect(await TodoCLI.run(["serve", "--in-memory", "--port", "0", "--max-streams", "7"], context: context) == 0)
        #expect(recorder.start?.configuration.location == .inMemory)
        #expect(recorder.start?.configuration.maxStreams == 7)
        #expect(recorder.start?.people == nil)
        #expect((recorder.start?.store as? InMemoryTodoStore)?.storage === store.storage)
        #expect(recorder.ran)
    }

    @Test("a context without a server refuses serve in one sentence")
    func test_noServer() async {
        let recorder = Recorder()
        let context = Self.context(recorder, store: InMemoryTodoStore(environment: TestEnvironment().environment))
        #expect(await TodoCLI.run(["serve", "--in-memory"], context: context) == 1)
        #expect(recorder.err == "todo: The web app is not available in this build of todo.\n")
    }

    @Test("PHONE-1 --lan hands the server the machine's network, the people and how to make the first account")
    func test_PHONE_1_handsTheNetwork() async {
        let recorder = Recorder()
        let environment = TestEnvironment().environment
        var context = Self.context(recorder, store: InMemoryTodoStore(environment: environment))
        let accounts = InMemoryAccountStore()
        context.openPeople = { _, _ in
            PeopleDatabase(accounts: accounts, lists: .inMemory(environment: environment) { await accounts.timeZones(of: $0) })
        }
        let network = LocalNetwork(addresses: ["192.168.1.23"], hostName: "studio")
        context.localNetwork = { network }
        context.buildServer = { start in
            recorder.start = start
            return BuiltServer(run: {}, follow: nil)
        }
        #expect(await TodoCLI.run(["serve", "--lan", "--db", "/srv/t.sqlite", "--port", "0"], context: context) == 0)
        #expect(recorder.start?.network == network)
        #expect(recorder.start?.configuration.host == "0.0.0.0")
        #expect(recorder.start?.configuration.signIn != nil && recorder.start?.people != nil)
        #expect(recorder.start?.usersCommand == "todo users add NAME --db /srv/t.sqlite")

        // Without --lan, the network is not read.
        context.localNetwork = { Issue.record("read"); return network }
        #expect(await TodoCLI.run(["serve", "--accounts", "--db", "/srv/t.sqlite", "--port", "0"], context: context) == 0)
        #expect(recorder.start?.network == nil)
    }

    @Test("MODE-2 a refusal comes before anything is opened or built")
    func test_MODE_2_refusedFirst() async {
        let recorder = Recorder()
        var context = Self.context(recorder, store: InMemoryTodoStore(environment: TestEnvironment().environment))
        context.openStore = { _, _ in Issue.record("opened"); throw CancellationError() }
        context.buildServer = { _ in Issue.record("built"); return BuiltServer(run: {}, follow: nil) }
        #expect(await TodoCLI.run(["serve", "--host", "0.0.0.0", "--db", "/tmp/t.sqlite"], context: context) == 1)
        #expect(recorder.err.hasPrefix("todo: Without accounts, todo serve answers this machine only"))
    }
}

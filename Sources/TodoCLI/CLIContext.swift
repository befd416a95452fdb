public import ArgumentParser
import Foundation
public import ServerOptions
public import Localization
public import TodoAccounts
import TodoCore
import TodoPresentation

/// Where the CLI keeps its items.
public enum StoreLocation: Equatable, Sendable {
    case file(String)
    case inMemory
    /// A PostgreSQL database (`--database-url`, `TODO_DATABASE_URL`): accounts always on.
    case postgres(String)

    /// `--database-url` first, then `--db`, then `TODO_DATABASE_URL`, then the file `resolve`
    /// finds.
    public static func resolve(option: String?, databaseURL: String?, environment: [String: String]) -> StoreLocation {
        if let databaseURL, !databaseURL.isEmpty { return .postgres(databaseURL) }
        if let option, !option.isEmpty { return .file(option) }
        if let url = environment["TODO_DATABASE_URL"], !url.isEmpty { return .postgres(url) }
        return resolve(option: nil, environment: environment)
    }

    /// The database path: `--db` first, then `TODO_DB`, then `$XDG_DATA_HOME/todo/todo.sqlite`,
    /// then `~/.local/share/todo/todo.sqlite`.
    public static func resolve(option: String?, environment: [String: String]) -> StoreLocation {
        if let option, !option.isEmpty { return .file(option) }
        if let path = environment["TODO_DB"], !path.isEmpty { return .file(path) }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return .file(data + "/todo/todo.sqlite")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return .file(home + "/.local/share/todo/todo.sqlite")
    }
}

/// What a store is opened for: one command, or a long-running server with concurrent readers.
public enum StoreAccess: Sendable {
    case oneShot, server
}

/// See ``CLIContext/followFile``: `(path, started, changed)`.
public typealias FileFollower = @Sendable (
    _ path: String, _ started: @escaping @Sendable () -> Void, _ changed: @escaping @Sendable () -> Void
) async throws -> Void

/// Everything the commands touch outside themselves, so that tests can run them in-process.
public struct CLIContext {
    /// Opens the store at a location (the composition root decides which implementation).
    public var openStore: (StoreLocation, StoreAccess) async throws -> any TodoStore
    public var environment: [String: String]
    /// Whether standard output is a terminal: human styling (strike-through) only then.
    public var stdoutIsTerminal: Bool
    public var today: () -> CalendarDate
    /// The system's time zone, where `TZ` names none: the composition root passes the machine's;
    /// a test, its own (UTC unless it says otherwise).
    public var systemZone = TimeZone(identifier: "UTC")!
    public var writeOut: (String) -> Void
    public var writeErr: (String) -> Void
    /// Everything on standard input (`todo import -`).
    public var readStandardInput: () -> Data
    /// Whether standard input is a terminal a person can answer a question on (`todo trash --empty`).
    public var stdinIsTerminal: Bool = isatty(STDIN_FILENO) != 0
    /// One line typed on standard input, without its line break; nil at its end.
    public var readAnswer: () -> String? = { readLine() }
    /// The time, for how long ago an item in the Trash was deleted.
    public var now: () -> Date
    /// Opens the accounts kept at a location (`todo users`); the composition root decides which
    /// implementation. (`--database-url` comes with the PostgreSQL store: issue 16, later.)
    public var openPeople: ((StoreLocation, StoreAccess) async throws -> PeopleDatabase)? = nil
    /// Bcrypt at cost 12; tests may pass `BcryptHasher.insecureForTestsOnly(cost:)`.
    public var passwordHasher: any PasswordHasher = BcryptHasher()
    /// Asks for a password on the terminal without echoing it (`todo users add` on a terminal);
    /// nil when nothing could be read.
    public var readSecret: (String) -> String? = { TerminalSecret.read(prompt: $0) }
    /// Follows the SQLite file at a path (`todo list --watch`, LIVE-16): calls `started` once it
    /// has read the file's state, then `changed` after each poll that finds the file changed,
    /// until the task is cancelled; throws once the file is gone or can't be followed. The
    /// composition root passes its SQLite watcher; without one, `--watch` refuses.
    public var followFile: FileFollower? = nil
    /// Calls its argument when Ctrl-C (SIGINT) or SIGTERM arrives, instead of the process
    /// ending, until the function it returns is called (`todo list --watch`). Tests pass their own.
    public var onStopSignal: @Sendable (_ stop: @escaping @Sendable () -> Void) -> @Sendable () -> Void = StopSignals.catching
    /// Builds `todo serve`'s server over the lists the command opened (the composition root
    /// knows the web app, CalDAV and the databases' changes); without one, `serve` refuses.
    public var buildServer: ((ServeStart) async throws -> BuiltServer)? = nil
    /// The machine's network, for `todo serve --lan` (PHONE-1); the composition root reads the system's.
    public var localNetwork: @Sendable () -> LocalNetwork = { LocalNetwork(addresses: [], hostName: nil) }

    public init(
        openStore: @escaping (StoreLocation, StoreAccess) async throws -> any TodoStore,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        stdoutIsTerminal: Bool = false,
        today: @escaping () -> CalendarDate, now: @escaping () -> Date,
        writeOut: @escaping (String) -> Void = { CLIContext.write($0, to: .standardOutput) },
        writeErr: @escaping (String) -> Void = { CLIContext.write($0, to: .standardError) },
        readStandardInput: @escaping () -> Data = { FileHandle.standardInput.readDataToEndOfFile() }
    ) {
        self.openStore = openStore
        self.environment = environment
        self.stdoutIsTerminal = stdoutIsTerminal
        self.today = today
        self.now = now
        self.writeOut = writeOut
        self.writeErr = writeErr
        self.readStandardInput = readStandardInput
    }

    /// Whether the SQLite file at `location` has accounts: then its local list is nobody's, and
    /// a command or a server without accounts must not use it (MODE-4). A database that is not a
    /// file answers false: in memory there are none, and PostgreSQL always has accounts.
    public func fileHasAccounts(_ location: StoreLocation, _ access: StoreAccess) async throws -> Bool {
        guard case .file = location, let openPeople else { return false }
        return try await openPeople(location, access).accounts.hasUsers()
    }

    /// The language of the terminal's locale: `LC_ALL`, `LC_MESSAGES`, `LANG` (LANG-3).
    var language: Language { Language.fromEnvironment(environment) }
    /// The CLI's own sentences, headers and decorations in that language.
    var words: Strings { CLIWords.catalog.strings(language) }
    /// The ViewModels' words (dates, days, durations, messages) in that language.
    var todoWords: Strings { TodoWords.strings(language) }

    /// Styling is on for a terminal unless `NO_COLOR` is set (no-color.org).
    var styled: Bool { stdoutIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty }
}

/// The CLI's catalogs (`Resources/*.lproj`), read once.
public enum CLIWords {
    static let catalog: Catalog = {
        do { return try Catalog(bundle: .module) } catch { preconditionFailure("\(error)") }
    }()

    /// The language of the command being parsed: ArgumentParser's `validate()` sees no
    /// `CLIContext`, so `TodoCLI.run` sets this from the context's locale while it parses (LANG-3).
    @TaskLocal public static var language: Language = .english

    /// The CLI's words in ``language``: for `validate()`.
    static var current: Strings { catalog.strings(language) }

    /// A `validate()` refusal in the terminal's language (`todo serve` is validated here too).
    public static func refusal(_ key: String, _ values: KeyValuePairs<String, String> = [:]) -> ValidationError {
        ValidationError(current(key, values))
    }
}

/// A failure the CLI reports as one sentence with exit code 1.
struct CLIError: Error, LocalizedError {
    let message: String
    init(_ message: String) { self.message = message }
    var errorDescription: String? { message }
}

extension CLIContext {
    /// Whether the person answers “y” (or “yes”) to `question` asked on the terminal. Without a
    /// terminal nobody can answer, so `refusal` is thrown: the command wants `--yes` there.
    func confirms(_ question: String, otherwise refusal: String) throws -> Bool {
        guard stdinIsTerminal else { throw CLIError(refusal) }
        writeOut(question + " [y/N] ")
        let answer = (readAnswer() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        return answer == "y" || answer == "yes"
    }

    /// Writes text for a person to read on standard output, with what could reorder, hide or
    /// overwrite a terminal line written visibly (`TerminalText.escaped`, HARDEN-24). JSON and
    /// exports go to `writeOut` as they are.
    func show(_ text: String) { writeOut(TerminalText.escaped(text)) }

    /// `show` on standard error: a refusal names what was typed.
    func showError(_ text: String) { writeErr(TerminalText.escaped(text)) }

    /// Writes `text` as it is stored, without copying it into `Data` first: a long list is
    /// hundreds of kilobytes.
    public static func write(_ text: String, to handle: FileHandle) {
        var text = text
        text.withUTF8 { bytes in try? handle.write(contentsOf: UnsafeRawBufferPointer(bytes)) }
    }
}

/// A database's people: their accounts, their lists and the shares between them, as `todo users`,
/// `todo share`, `--user` and `todo serve --accounts` use them. The composition root opens it.
public struct PeopleDatabase: Sendable {
    public var accounts: any AccountStore
    public var lists: PeopleLists
    /// Gives the local list to a person (OWNER-7) and answers how many items it held; nil where
    /// a database has no local list (PostgreSQL).
    public var adoptLocalList: (@Sendable (ListOwner) async throws -> Int)?
    /// CalDAV's records of the people's items and lists (docs/specs/caldav.md), in the same
    /// database as their lists; nil where a database keeps none (in memory).
    public var calendars: (any CalendarResources)?

    public init(
        accounts: any AccountStore, lists: PeopleLists, adoptLocalList: (@Sendable (ListOwner) async throws -> Int)? = nil,
        calendars: (any CalendarResources)? = nil
    ) {
        self.accounts = accounts
        self.lists = lists
        self.adoptLocalList = adoptLocalList
        self.calendars = calendars
    }
}

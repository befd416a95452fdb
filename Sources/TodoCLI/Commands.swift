import ArgumentParser
import Foundation
import Localization
import TodoCore
import TodoPresentation

/// A subcommand that runs with the CLI's context (store, clock, output).
public protocol CLIRunnable {
    func run(in context: CLIContext) async throws
}

/// `--db PATH`, accepted after any subcommand.
public struct StoreOptions: ParsableArguments {
    public init() {}

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The database file.",
            discussion: "Default: $TODO_DB, else $XDG_DATA_HOME/todo/todo.sqlite, else ~/.local/share/todo/todo.sqlite.",
            valueName: "path"))
    public var db: String?

    @Option(
        name: .customLong("database-url"),
        help: ArgumentHelp(
            "A PostgreSQL database, postgresql://USER:PASS@HOST:PORT/DB (accounts always on).",
            discussion: "Default: $TODO_DATABASE_URL, when --db is not given.", valueName: "url"))
    public var databaseURL: String?

    /// Read before the command runs (`CLITimeZone.named(in:)`); here for its help and its check.
    @Option(
        name: .customLong("tz"),
        help: ArgumentHelp(
            "The time zone to reckon today and due times in, an IANA name such as Asia/Tokyo.",
            discussion: "Default: $TZ, else the system's.", valueName: "zone"))
    public var tz: String?

    /// An empty `--db ''` is a mistake (an unset variable in a script, say), not a wish for
    /// the default file: refuse it rather than write somewhere else (HARDEN-10j).
    public func validate() throws {
        if let tz, CLITimeZone.zone(tz) == nil {
            let like = CLITimeZone.like(tz)
            throw like.isEmpty ? CLIWords.refusal("cli.validate.tz", ["zone": tz])
                : CLIWords.refusal("cli.validate.tz-like", ["zone": tz, "like": like.joined(separator: ", ")])
        }
        if let db, db.trimmingCharacters(in: .whitespaces).isEmpty {
            throw CLIWords.refusal("cli.validate.db-empty")
        }
        if db != nil, databaseURL != nil { throw CLIWords.refusal("cli.validate.db-and-database-url") }
        if let databaseURL, !(databaseURL.hasPrefix("postgresql://") || databaseURL.hasPrefix("postgres://")) {
            throw CLIWords.refusal("cli.validate.database-url")
        }
    }

    public func location(_ context: CLIContext) -> StoreLocation {
        StoreLocation.resolve(option: db, databaseURL: databaseURL, environment: context.environment)
    }

    /// The people of the database (`todo users`, `todo share`, `--user`).
    public func people(_ context: CLIContext, _ access: StoreAccess = .oneShot) async throws -> PeopleDatabase {
        guard let open = context.openPeople else { throw CLIError(context.words("cli.users.unavailable")) }
        return try await open(location(context), access)
    }
}

/// `--db`, `--database-url` and `--user NAME`: whose list an item command reads and changes
/// (MODE-4). Without `--user`, the list of a database without accounts.
public struct ListOptions: ParsableArguments {
    public init() {}

    @OptionGroup public var database: StoreOptions
    @Option(
        name: .customLong("user"),
        help: ArgumentHelp("Whose list, in a database with accounts (their user name).", valueName: "name"))
    public var user: String?

    func open(_ context: CLIContext) async throws -> any TodoStore {
        let location = database.location(context)
        if let user {
            let people = try await database.people(context)
            guard let account = try await people.accounts.user(named: user) else {
                throw CLIError(context.words("cli.users.error.unknown-user", ["name": user]))
            }
            return try await people.lists.lists(of: account.account.id)
        }
        if case .postgres = location { throw CLIError(context.words("cli.people.needs-user")) }
        let store = try await context.openStore(location, .oneShot)
        // The local list of a database with accounts is nobody's: say whose list to use.
        if case .file(let path) = location, try await context.fileHasAccounts(location, .oneShot) {
            throw CLIError(context.words("cli.people.has-accounts", ["path": path]))
        }
        return store
    }
}

/// The `todo` root command: the terminal subcommands, then `serve`, the web app.
public struct TodoCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "todo",
        abstract: "A to-do list: To Do above Done, kept in a local SQLite file.",
        discussion: """
            REF names an item: its number as `todo list` shows it (7 or #7; an item keeps its \
            number for good), or the start of its id: at least 4 characters, or any length written id:PREFIX.
            Dates are YYYY-MM-DD, today or tomorrow; estimates 30m, 1h or 1h30m; days mon,tue,….
            """,
        subcommands: [
            List.self, Add.self, Show.self, Check.self, Uncheck.self, Edit.self, Remove.self, Move.self,
            Projects.self, TagsCommand.self, Export.self, Import.self, Search.self,
            TrashCommand.self, Restore.self, UsersCommand.self, ShareCommand.self, UnshareCommand.self, SharesCommand.self, DbCommand.self,
            ServeCommand.self,
        ],
        defaultSubcommand: List.self)

    public init() {}
}

// MARK: - list

struct List: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show the list: To Do, then Done, each item with its number (#7) for the other commands.")

    @Flag(help: "Hide the Done section.") var unfinished = false
    @Option(help: "Only the items of this project.") var project: String?
    @Option(help: ArgumentHelp("Only the items due on this date (today: with the overdue ones first).", valueName: "date"))
    var due: String?
    @Flag(help: "Only the to-do items due before today.") var overdue = false
    @Flag(help: "The to-do items due in the next 7 days, by day.") var upcoming = false
    @Option(help: ArgumentHelp("Only the items of these priorities: high, medium, low (high,medium).", valueName: "levels"))
    var priority: String?
    @Option(name: .customLong("tag"), help: ArgumentHelp("Only the items with this tag (repeat: with every one).", valueName: "tag"))
    var tags: [String] = []
    @Option(help: ArgumentHelp("The order of each section: position (the list's own), priority, or time (the ones with a due time first).", valueName: "order"))
    var sort: ListOrder = .position
    @Flag(help: "Print {\"todo\": [ITEM…], \"done\": [ITEM…]}.") var json = false
    @Flag(help: ArgumentHelp(
        "Keep the list on screen: draw it again whenever the file changes, from any process (SQLite only).",
        discussion: "Ends with Ctrl-C (SIGINT) or SIGTERM. Works with every other option."))
    var watch = false
    @OptionGroup var store: ListOptions

    func validate() throws {
        if [project != nil, due != nil, overdue, upcoming].filter({ $0 }).count > 1 {
            throw CLIWords.refusal("cli.validate.one-list")
        }
        if priority != nil || !tags.isEmpty || sort != .position, upcoming { throw CLIWords.refusal("cli.validate.priority-upcoming") }
        _ = try levels()
    }

    /// `--priority high,medium` as levels (PRIO-12); nil when not given.
    private func levels() throws -> Set<Priority.Level>? {
        guard let priority else { return nil }
        var levels: Set<Priority.Level> = []
        for word in priority.split(separator: ",", omittingEmptySubsequences: false) {
            let word = word.trimmingCharacters(in: .whitespaces)
            guard let level = Priority.Level(word: word) else {
                throw CLIWords.refusal("cli.validate.priority", ["text": word])
            }
            levels.insert(level)
        }
        return levels
    }

    func run(in context: CLIContext) async throws {
        // A date that can't be read is refused before the file is opened (or made).
        if !upcoming { _ = try scope(context) }
        if watch { return try await ListWatch.run(self, in: context) }
        try await draw(from: try await store.open(context), in: context, to: json ? context.writeOut : context.show)
    }

    /// Which items, as of today (a watch draws again on another day).
    private func scope(_ context: CLIContext) throws -> ListScope {
        if overdue { return .overdue }
        if let project { return .project(project) }
        if let due {
            let date = try TodoInput.dueDate(due, today: context.today()) ?? context.today()
            return date == context.today() ? .today : .dueDate(date)
        }
        return .all
    }

    /// Prints the list of `store` as these options ask, handing the text to `write` in pieces.
    func draw(from store: any TodoStore, in context: CLIContext, to write: (String) -> Void) async throws {
        if upcoming {
            let upcoming = UpcomingViewModel(store: store, today: context.today, language: context.language)
            return write(
                json ? try await ListRenderer.json(upcoming) : try await ListRenderer.text(upcoming, styled: context.styled))
        }
        let list = TodoListViewModel(
            store: store, scope: try scope(context),
            preferences: InMemoryListPreferences(showUnfinishedOnly: unfinished), today: context.today,
            now: { context.timeOfDay }, language: context.language, priorities: try levels(), tags: tags, order: sort)
        if json {
            write(try await ListRenderer.json(list))
        } else {
            try await ListRenderer.text(list, words: context.words, styled: context.styled, to: write)
        }
    }
}

// MARK: - add

struct Add: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add an item; it goes first in To Do.")

    @Argument(help: ArgumentHelp(
        "The title (words are joined with spaces), read as plain words unless --raw.",
        discussion: "At the end: today, tomorrow, fri, next fri, in 3 days, dec 24, 12/24, 2026-12-24, every mon,wed; "
            + "anywhere: #Project, @Location, ~30m, !high, +tag. \"Quoted\" words are kept as typed. An option wins over the words."))
    var title: [String]
    @OptionGroup var fields: FieldOptions
    @Flag(help: "Keep the title as typed: read no dates, #projects, @locations, ~estimates, !priorities or +tags from it.")
    var raw = false
    @Flag(help: "Print the stored item as JSON.") var json = false
    @OptionGroup var store: ListOptions

    func run(in context: CLIContext) async throws {
        let list = try await store.open(context)
        let form = ItemFormViewModel(store: list, today: context.today, language: context.language)
        form.title = title.joined(separator: " ")
        form.readsPlainWords = !raw
        try await fields.applyParent(to: form, in: list, words: context.words)
        let item = try await context.worded {
            try fields.apply(to: form, words: context.words)
            return try await form.save()
        }
        // What else was stored (from the words or the options): `· due 11/24/2026 · #Family` (WORDS-14).
        if json { context.writeOut(try ListRenderer.json(item)) } else { context.show(ItemText.added(item, in: context)) }
    }
}

/// The optional fields shared by `add` and `edit`.
struct FieldOptions: ParsableArguments {
    @Option(help: "Free text.") var details: String?
    @Option(help: ArgumentHelp("The due date: YYYY-MM-DD, today or tomorrow.", valueName: "date")) var due: String?
    @Option(help: ArgumentHelp("The due time on the due date: 15:00, 9:30, 3pm.", valueName: "time")) var at: String?
    @Option(help: "The project's name.") var project: String?
    @Option(help: ArgumentHelp("The location's name.", valueName: "name")) var location: String?
    @Option(help: ArgumentHelp("The location's latitude (with --longitude).", valueName: "degrees")) var latitude: String?
    @Option(help: ArgumentHelp("The location's longitude (with --latitude).", valueName: "degrees")) var longitude: String?
    @Option(help: ArgumentHelp("The estimated duration: 30m, 1h, 1h30m.", valueName: "duration")) var estimate: String?
    @Option(
        name: .customLong("repeat"),
        help: ArgumentHelp(
            "How it repeats: days (mon,wed,fri), daily, weekly, monthly, yearly, or an iCalendar rule (FREQ=MONTHLY;BYDAY=2TU).",
            valueName: "repeat"))
    var repeatText: String?
    @Flag(name: .customLong("repeat-after-done"), help: "Reckon the repeat from the day it's done, not from its due date.")
    var repeatAfterDone = false
    @Option(help: ArgumentHelp("The priority: high, medium or low.", valueName: "level")) var priority: String?
    @Option(name: .customLong("tag"), help: ArgumentHelp("A tag to add (repeat for several).", valueName: "tag"))
    var tags: [String] = []
    @Option(help: ArgumentHelp("The item it goes under, as a subtask: its number (3 or #3) or id prefix.", valueName: "item"))
    var parent: String?

    var isEmpty: Bool {
        [details, due, at, project, location, latitude, longitude, estimate, repeatText, priority, parent].allSatisfy { $0 == nil }
            && tags.isEmpty && !repeatAfterDone
    }

    /// Sets the form's parent from `--parent` (SUB-12), an item of `store`.
    func applyParent(to form: ItemFormViewModel, in store: any TodoStore, words: Strings) async throws {
        guard let parent else { return }
        form.values.parent = try await ItemReference.resolve(parent, in: store, words: words).id.lowercasedText
    }

    /// Copies the given options onto the form (absent options leave the form's value).
    func apply(to form: ItemFormViewModel, words: Strings = CLIWords.english) throws {
        if let details { form.details = details }
        if let due { form.dueDate = due }
        if let at { form.values.dueTime = at }
        if let project { form.projectName = project }
        if let location { form.locationName = location }
        if let latitude { form.latitude = latitude }
        if let longitude { form.longitude = longitude }
        if let estimate { form.estimate = estimate }
        if let priority { form.priority = priority }
        if !tags.isEmpty { try form.values.addTags(tags) }
        if let repeatText {
            // A list of days with a name that is none (`mon,funday`) is told which (REPEAT-17).
            let (days, unknown) = TodoInput.weekdays(repeatText)
            if !days.isEmpty, let bad = unknown.first {
                throw CLIError(words("cli.item.error.weekday", ["text": bad]))
            }
            form.values.repeatRule = try TodoInput.repeatRule(repeatText)
        }
        if repeatAfterDone { form.values[all: "repeatAfterDone"] = ["1"] }
    }
}

// MARK: - show

struct Show: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one item with all its fields.")

    @Argument(help: "The item: its number (7 or #7), or 4+ characters of its id (or id:PREFIX).") var ref: String
    @Flag(help: "Print the item as JSON.") var json = false
    @OptionGroup var store: ListOptions

    func run(in context: CLIContext) async throws {
        let store = try await store.open(context)
        let item = try await ItemReference.resolve(ref, in: store, words: context.words)
        let details = ItemDetailViewModel(store: store, id: item.id, language: context.language)
        try await details.load()
        if json { context.writeOut(try ListRenderer.json(item)) } else { context.show(ItemText.details(details, in: context)) }
    }
}

// MARK: - check, uncheck, rm

struct Check: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Check items: each becomes the first of Done.")
    @Argument(help: "Item numbers (7 or #7), or id prefixes of 4+ characters (or id:PREFIX).") var refs: [String]
    @OptionGroup var store: ListOptions

    func validate() throws { if refs.isEmpty { throw CLIWords.refusal("cli.validate.check-nothing") } }

    func run(in context: CLIContext) async throws {
        try await setDone(true, refs: refs, store: store, context: context)
    }
}

struct Uncheck: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "uncheck", abstract: "Uncheck items: each becomes the last of To Do.")
    @Argument(help: "Item numbers (7 or #7), or id prefixes of 4+ characters (or id:PREFIX).") var refs: [String]
    @OptionGroup var store: ListOptions

    func validate() throws { if refs.isEmpty { throw CLIWords.refusal("cli.validate.uncheck-nothing") } }

    func run(in context: CLIContext) async throws {
        try await setDone(false, refs: refs, store: store, context: context)
    }
}

private func setDone(_ done: Bool, refs: [String], store options: ListOptions, context: CLIContext) async throws {
    let store = try await options.open(context)
    var report = ""
    for item in try await ItemReference.resolveAll(refs, in: store, words: context.words) {
        let details = ItemDetailViewModel(store: store, id: item.id, language: context.language)
        try await context.worded { try await details.setDone(done) }
        report += ItemText.setDone(done, item, next: details.nextOccurrence, in: context)
        // SUB-9: the last open subtask of a parent checked: the parent's command.
        if let offer = details.offer { report += offer.message + " " + offer.command + "\n" }
    }
    context.show(report)
}

struct Remove: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Delete items: they move to the Trash (todo trash, todo restore).")
    @Argument(help: "Item numbers (7 or #7), or id prefixes of 4+ characters (or id:PREFIX).") var refs: [String]
    @OptionGroup var store: ListOptions

    func validate() throws { if refs.isEmpty { throw CLIWords.refusal("cli.validate.delete-nothing") } }

    func run(in context: CLIContext) async throws {
        let store = try await store.open(context)
        var report = ""
        for item in try await ItemReference.resolveAll(refs, in: store, words: context.words) {
            try await context.worded { try await ItemDetailViewModel(store: store, id: item.id).delete() }
            report += ItemText.deleted(item, in: context)  // and how to restore it (TRASH-11)
        }
        context.show(report)
    }
}

// MARK: - edit

struct Edit: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change an item's fields; the fields not given stay as they are.")

    @Argument(help: "The item: its number (7 or #7), or 4+ characters of its id (or id:PREFIX).") var ref: String
    @Option(help: "The new title.") var title: String?
    @OptionGroup var fields: FieldOptions
    @Flag(name: .customLong("no-details"), help: "Remove the details.") var noDetails = false
    @Flag(name: .customLong("no-due"), help: "Remove the due date (and its time).") var noDue = false
    @Flag(name: .customLong("no-time"), help: "Remove the due time: due on the day.") var noTime = false
    @Flag(name: .customLong("no-project"), help: "Remove the project.") var noProject = false
    @Flag(name: .customLong("no-location"), help: "Remove the location.") var noLocation = false
    @Flag(name: .customLong("no-estimate"), help: "Remove the estimate.") var noEstimate = false
    @Flag(name: .customLong("no-repeat"), help: "Remove the repeat days.") var noRepeat = false
    @Flag(name: .customLong("no-priority"), help: "Remove the priority.") var noPriority = false
    @Option(name: .customLong("untag"), help: ArgumentHelp("A tag to remove (repeat for several).", valueName: "tag"))
    var untags: [String] = []
    @Flag(name: .customLong("no-tags"), help: "Remove every tag.") var noTags = false
    @Flag(name: .customLong("no-parent"), help: "Make it a to-do of its own, not a subtask.") var noParent = false
    @Flag(inversion: .prefixedNo, help: "Mark the item done (--done) or to do (--no-done).") var done: Bool?
    @Flag(help: "Print the stored item as JSON.") var json = false
    @OptionGroup var store: ListOptions

    func validate() throws {
        let pairs: [(String?, Bool, String)] = [
            (fields.details, noDetails, "details"), (fields.due, noDue, "due"), (fields.at, noTime, "time"),
            (fields.project, noProject, "project"),
            (fields.location, noLocation, "location"), (fields.estimate, noEstimate, "estimate"),
            (fields.repeatText, noRepeat, "repeat"), (fields.priority, noPriority, "priority"), (fields.parent, noParent, "parent"),
        ]
        for (value, clear, name) in pairs where value != nil && clear {
            throw CLIWords.refusal("cli.validate.set-and-clear", ["name": name])
        }
        if !fields.tags.isEmpty && noTags { throw CLIWords.refusal("cli.validate.set-and-clear", ["name": "tag"]) }
        let clears = [noDetails, noDue, noTime, noProject, noLocation, noEstimate, noRepeat, noPriority, noTags, noParent, !untags.isEmpty]
        if title == nil, fields.isEmpty, done == nil, !clears.contains(true) {
            throw CLIWords.refusal("cli.validate.nothing-to-change")
        }
    }

    func run(in context: CLIContext) async throws {
        let store = try await store.open(context)
        let item = try await ItemReference.resolve(ref, in: store, words: context.words)
        // The form saves only what differs, guarded by the version it was opened with: an
        // edit made meanwhile by someone else is reported, never overwritten.
        let form = ItemFormViewModel(store: store, mode: .edit(item), today: context.today, language: context.language)
        if let title { form.title = title }
        if noDetails { form.details = "" }
        if noDue { form.dueDate = ""; form.values.dueTime = "" }
        if noTime { form.values.dueTime = "" }
        if noProject { form.projectName = "" }
        if noLocation { form.locationName = ""; form.latitude = ""; form.longitude = "" }
        if noEstimate { form.estimate = "" }
        if noRepeat { form.values.repeatRule = nil }
        if noPriority { form.priority = "" }
        if noTags { form.tags = "" }
        if noParent { form.values.parent = "" }
        try await fields.applyParent(to: form, in: store, words: context.words)
        form.values.removeTags(untags)
        if let done { form.isDone = done }
        let saved = try await context.worded {
            try fields.apply(to: form, words: context.words)
            return try await form.save()
        }
        if json { context.writeOut(try ListRenderer.json(saved)) } else { context.show(ItemText.saved(saved, in: context)) }
    }
}

// MARK: - move

struct Move: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "move", abstract: "Move an item to another place in its section.")

    @Argument(help: "The item: its number (7 or #7), or 4+ characters of its id (or id:PREFIX).") var ref: String
    @Option(help: ArgumentHelp("The new place inside the item's section, 1 = first.", valueName: "n")) var to: Int
    @OptionGroup var store: ListOptions

    func validate() throws { if to < 1 { throw CLIWords.refusal("cli.validate.to-from-one") } }

    func run(in context: CLIContext) async throws {
        let store = try await store.open(context)
        let item = try await ItemReference.resolve(ref, in: store, words: context.words)
        try await ItemDetailViewModel(store: store, id: item.id).move(toIndex: to - 1)
        context.show("Moved “\(item.title)” to place \(to) of \(item.section.headerTitle).\n")
    }
}

// MARK: - projects

struct Projects: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "projects", abstract: "List the projects that have items.")
    @Flag(help: "Print [{\"name\", \"count\"}].") var json = false
    @OptionGroup var store: ListOptions

    func run(in context: CLIContext) async throws {
        let store = try await store.open(context)
        var rows: [(name: String, count: Int)] = []
        // The store gives English's order (and JSON's); Chinese and Japanese sort by their collation (LANG-8).
        let words = context.words, names = try await store.projects().map(\.name)
        for name in json || context.language == .english ? names : words.sorted(names) {
            rows.append((name, try await store.count(TodoFilter(project: name))))
        }
        try NamedCounts.show(rows, json: json, empty: "cli.list.projects.empty", row: "cli.list.projects.row", in: context)
    }
}

/// What `todo projects` and `todo tags` print: each name with its number of items, one a line
/// (`row`, a plural message of `name` and `count`), `empty`'s sentence for none, or a JSON array.
enum NamedCounts {
    static func show(
        _ rows: [(name: String, count: Int)], json: Bool, empty: String, row: String, in context: CLIContext
    ) throws {
        let words = context.words
        if json {
            struct Entry: Encodable { let name: String; let count: Int }
            let data = try TodoJSON.encoder(pretty: true).encode(rows.map { Entry(name: $0.name, count: $0.count) })
            context.writeOut(String(decoding: data, as: UTF8.self) + "\n")
        } else if rows.isEmpty {
            context.show(words(empty) + "\n")
        } else {
            context.show(rows.map { words.plural(row, count: $0.count, ["name": $0.name]) + "\n" }.joined())
        }
    }
}

// MARK: - tags

/// `todo tags` (TAG-14): each tag with its number of items.
struct TagsCommand: ParsableCommand, CLIRunnable {
    static let configuration = CommandConfiguration(
        commandName: "tags", abstract: "List the tags items have, each with its number of items.")
    @Flag(help: "Print [{\"name\", \"count\"}].") var json = false
    @OptionGroup var store: ListOptions

    func run(in context: CLIContext) async throws {
        // The tags page's order (LANG-8); JSON in the store's. A row writes the tag's sign.
        let tags = try await store.open(context).tags()
        let rows = (json ? tags : TagsViewModel.ordered(tags, in: context.language)).map { (name: $0.name, count: $0.count) }
        try NamedCounts.show(rows, json: json, empty: "cli.list.tags.empty", row: "cli.list.tags.row", in: context)
    }
}

/// `--sort position|priority` (PRIO-14).
extension ListOrder: ExpressibleByArgument {}

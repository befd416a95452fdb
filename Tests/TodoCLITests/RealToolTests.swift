import Foundation
import ProcessTestSupport
import Testing
import TodoCore
import TodoInterop
import TodoTestSupport

/// Proof with the real tools: Debian's `todo-txt` (todotxt-cli) and `task` (taskwarrior)
/// read what `todo export` writes, and what they write comes back through `todo import`.
/// `scripts/test` installs both when missing (see scripts/test-packages).
@Suite("real tools: todo-txt and Taskwarrior", .serialized)
struct RealToolTests {
    struct Run {
        let status: Int32
        let out: String
        let err: String
    }

    /// Runs `command` (found on PATH) with `arguments`, in `environment` on top of ours.
    static func run(_ command: String, _ arguments: [String], _ environment: [String: String]) async throws -> Run {
        let path = try #require(
            (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
                .map { "\($0)/\(command)" }.first { FileManager.default.isExecutableFile(atPath: $0) },
            "`\(command)` is not installed; ./scripts/test installs it (scripts/test-packages).")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["TODO_DB"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        let ended = try await ChildProcess.run(process)
        return Run(status: ended.status, out: ended.output, err: ended.errors)
    }

    /// `todo` with the database of `env`; expects success.
    @discardableResult
    static func todo(_ arguments: [String], _ env: [String: String]) async throws -> String {
        let result = try await TodoProcess.run(arguments, environment: env)
        #expect(result.status == 0, "todo \(arguments.joined(separator: " ")): \(result.err)")
        return result.out
    }

    /// The list as `todo export --format json` gives it.
    static func items(_ env: [String: String]) async throws -> [TodoItem] {
        try JSONDecoder().decode([TodoItem].self, from: Data(try await todo(["export", "--format", "json"], env).utf8))
    }

    /// A database holding the fixtures, in a scratch folder.
    static func seeded(_ folder: TemporaryFolder, _ extra: [String: String]) async throws -> [String: String] {
        var env = extra
        env["TODO_DB"] = folder.file("todo.sqlite")
        env["HOME"] = folder.path
        try JSONFormat().encode(InteropFixtures.items).write(toFile: folder.file("seed.json"), atomically: true, encoding: .utf8)
        try await todo(["import", folder.file("seed.json")], env)
        return env
    }

    // MARK: todo.txt

    @Test("todo-txt ls shows every item of our todo.txt export; todo-txt do on one, then our import marks it done")
    func test_todoTxt_lsAndDo() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var env = try await Self.seeded(folder, ["TZ": "UTC"])
        try FileManager.default.createDirectory(atPath: folder.file("todo"), withIntermediateDirectories: true)
        try """
            export TODO_DIR="\(folder.file("todo"))"
            export TODO_FILE="$TODO_DIR/todo.txt"
            export DONE_FILE="$TODO_DIR/done.txt"
            export REPORT_FILE="$TODO_DIR/report.txt"

            """.write(toFile: folder.file("todo.cfg"), atomically: true, encoding: .utf8)
        env["TODOTXT_CFG_FILE"] = folder.file("todo.cfg")
        let file = folder.file("todo/todo.txt")
        try await Self.todo(["export", "-o", file], env)
        let exported = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(String.init)

        // -p: plain (no colours); ls prints "N line" for each task, sorted by text.
        let ls = try await Self.run("todo-txt", ["-p", "ls"], env)
        #expect(ls.status == 0, "\(ls.err)")
        let listed = ls.out.split(separator: "\n").map(String.init)
        #expect(listed.last == "TODO: 6 of 6 tasks shown")
        for item in InteropFixtures.items where !item.isDone {
            let number = try #require(exported.firstIndex { $0.contains("id:\(item.id.lowercasedText)") }) + 1
            #expect(listed.contains("\(number) \(exported[number - 1])"), "todo-txt ls shows “\(item.title)”")
            let words = item.title.split(separator: " ").suffix(2).joined(separator: " ")
            #expect(listed.contains { $0.contains(words) })
        }

        // -a: keep done tasks in todo.txt (no archiving to done.txt).
        let rent = InteropFixtures.items[1]
        let number = try #require(exported.firstIndex { $0.contains("id:\(rent.id.lowercasedText)") }) + 1
        let done = try await Self.run("todo-txt", ["-p", "-a", "do", "\(number)"], env)
        #expect(done.status == 0 && done.out.contains("TODO: \(number) marked as done."), "\(done.out) \(done.err)")
        let report = try await Self.todo(["import", file], env)
        #expect(report == "Imported 6 items from \(file): 0 added, 1 updated, 5 unchanged.\n")
        let after = try await Self.items(env)
        let checked = try #require(after.first { $0.id == rent.id })
        #expect(checked.isDone && checked.completedAt != nil)
        #expect(after.first(where: \.isDone)?.id == rent.id, "a checked item goes first of Done")
        var others = InteropFixtures.items
        others.remove(at: 1)
        #expect(after.filter { $0.id != rent.id } == others, "every other item exactly as it was")
    }

    @Test("PRIO-8 a task added with todo-txt add ((A) +project @context due:) imports with its fields")
    func test_todoTxt_add() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var env = ["TZ": "UTC", "HOME": folder.path, "TODO_DB": folder.file("todo.sqlite")]
        try FileManager.default.createDirectory(atPath: folder.file("todo"), withIntermediateDirectories: true)
        try "export TODO_DIR=\"\(folder.file("todo"))\"\nexport TODO_FILE=\"$TODO_DIR/todo.txt\"\nexport DONE_FILE=\"$TODO_DIR/done.txt\"\n"
            .write(toFile: folder.file("todo.cfg"), atomically: true, encoding: .utf8)
        env["TODOTXT_CFG_FILE"] = folder.file("todo.cfg")
        // -t: prepend the creation date, as most people configure it. todo-txt reads the
        // machine's clock (`date`): faketime (Debian) hands it the test's day instead (TEST-1).
        #expect(try await Self.run(
            "faketime", ["2026-11-21 09:00:00", "todo-txt", "-p", "-t", "add", "(A) Brötchen holen 🥐 +Shop @Bäckerei due:2026-12-24"],
            env).status == 0)
        #expect(try await Self.run("todo-txt", ["-p", "add", "Plain, no date"], env).status == 0)
        try await Self.todo(["import", folder.file("todo/todo.txt")], env)
        let items = try await Self.items(env)
        #expect(items.map(\.title) == ["Brötchen holen 🥐", "Plain, no date"])
        #expect(items.map(\.priority.level) == [.high, nil], "todo.txt's (A) is the priority")
        #expect(items[0].project == Project(name: "Shop") && items[0].location == Location(name: "Bäckerei"))
        #expect(items[0].dueDate == CalendarDate(iso: "2026-12-24"))
        #expect(CalendarDate(items[0].createdAt, in: TimeZone(identifier: "UTC")!) == CalendarDate(year: 2026, month: 11, day: 21))
    }

    // MARK: Taskwarrior

    /// A Taskwarrior setup of its own in `folder`: no questions, nothing printed but output.
    static func taskwarrior(_ folder: TemporaryFolder, _ env: [String: String]) throws -> [String: String] {
        var env = env
        try "data.location=\(folder.file("task"))\nconfirmation=off\nverbose=nothing\nrecurrence.confirmation=off\n"
            .write(toFile: folder.file("taskrc"), atomically: true, encoding: .utf8)
        env["TASKRC"] = folder.file("taskrc")
        env["TASKDATA"] = folder.file("task")
        return env
    }

    @Test("our Taskwarrior export goes through task import, and task export of it comes back unchanged in every mapped field")
    func test_taskwarrior_roundTrip() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // A time zone away from UTC: due dates are local midnights in Taskwarrior.
        let env = try Self.taskwarrior(folder, try await Self.seeded(folder, ["TZ": "Europe/Berlin"]))
        try await Self.todo(["export", "-o", folder.file("out.taskwarrior.json")], env)
        let imported = try await Self.run("task", ["import", folder.file("out.taskwarrior.json")], env)
        #expect(imported.status == 0, "\(imported.err)")
        let exported = try await Self.run("task", ["export"], env)
        #expect(exported.status == 0, "\(exported.err)")
        try exported.out.write(toFile: folder.file("back.taskwarrior.json"), atomically: true, encoding: .utf8)
        #expect(exported.out.contains(#""due":"20261130T230000Z""#), "2026-12-01 is Berlin's midnight")

        // Into the store it came from: nothing to change.
        #expect(try await Self.todo(["import", folder.file("back.taskwarrior.json")], env)
            == "Imported 6 items from \(folder.file("back.taskwarrior.json")): 0 added, 0 updated, 6 unchanged.\n")

        // Into an empty store: every field back, timestamps to Taskwarrior's second.
        var fresh = env
        fresh["TODO_DB"] = folder.file("fresh.sqlite")
        try await Self.todo(["import", folder.file("back.taskwarrior.json")], fresh)
        let expected = InteropFixtures.items.map { item in
            var item = item
            let seconds = { (date: Date) in Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)) }
            item.createdAt = seconds(item.createdAt)
            item.updatedAt = seconds(item.updatedAt)
            item.completedAt = item.completedAt.map(seconds)
            item.version = 1
            return item
        }
        #expect(try await Self.items(fresh) == expected)
    }

    @Test("PRIO-9 tasks made with task add … project:X due:… priority:… (and done, annotated) import correctly")
    func test_taskwarrior_taskAdd() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let env = try Self.taskwarrior(
            folder, ["TZ": "America/New_York", "HOME": folder.path, "TODO_DB": folder.file("todo.sqlite")])
        for arguments in [
            ["add", "Buy milk ☕ (oat)", "project:Home", "due:2026-12-01"],
            ["add", "Fix the roof", "project:Home Renovation", "due:2027-01-15", "priority:H"],
            ["add", "Café Ünïcode 日本", "project:Work", "priority:L"],
            ["1", "annotate", "semi; colon, comma \"quoted\""],
            ["3", "done"],
        ] {
            let result = try await Self.run("task", arguments, env)
            #expect(result.status == 0, "task \(arguments): \(result.err)")
        }
        let exported = try await Self.run("task", ["export"], env)
        try exported.out.write(toFile: folder.file("tasks.taskwarrior.json"), atomically: true, encoding: .utf8)
        #expect(try await Self.todo(["import", folder.file("tasks.taskwarrior.json")], env).contains("3 added"))
        let items = try await Self.items(env)
        let milk = try #require(items.first { $0.title == "Buy milk ☕ (oat)" })
        #expect(milk.project == Project(name: "Home") && milk.dueDate == CalendarDate(iso: "2026-12-01"))
        #expect(milk.details == "semi; colon, comma \"quoted\"" && !milk.isDone)
        let roof = try #require(items.first { $0.title == "Fix the roof" })
        #expect(roof.project == Project(name: "Home Renovation") && roof.dueDate == CalendarDate(iso: "2027-01-15"))
        #expect(roof.priority == Priority.Level.high.priority && milk.priority == .undefined)
        let cafe = try #require(items.first { $0.title == "Café Ünïcode 日本" })
        #expect(cafe.isDone && cafe.completedAt != nil && cafe.dueDate == nil && cafe.project == Project(name: "Work"))
        #expect(cafe.priority == Priority.Level.low.priority)
    }
}

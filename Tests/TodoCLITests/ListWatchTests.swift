import Foundation
import Testing
import TodoCLI
import TodoCore
import TodoTestSupport

/// `todo list --watch`'s loop (docs/specs/live.md, LIVE-16) in-process: the file's watcher and
/// the stop signals are the test's, so that each drawing can be asked for and counted.
@Suite("LIVE-16 todo list --watch (in-process)")
struct ListWatchTests {
    /// The watcher, the signals and the terminal of one run, driven by the test.
    final class Driven: @unchecked Sendable {
        private let lock = NSLock()
        private var changedCall: (@Sendable () -> Void)?
        private var stopCall: (@Sendable () -> Void)?
        private var failing = false
        private var written = "", errors = "", todayCalls = 0

        var out: String { lock.withLock { written } }
        var err: String { lock.withLock { errors } }
        var drawingsStarted: Int { lock.withLock { todayCalls } }

        /// As the composition root's watcher: ready at once, then `changed` when the test says.
        var follower: FileFollower {
            { _, started, changed in
                self.lock.withLock { self.changedCall = changed }
                started()
                while !Task.isCancelled {
                    if self.lock.withLock({ self.failing }) { throw CancellationError() }
                    try? await Task.sleep(for: .milliseconds(5))
                }
            }
        }

        func changed() { lock.withLock { changedCall }?() }
        func stop() { lock.withLock { stopCall }?() }
        func fail() { lock.withLock { failing = true } }

        func context(_ store: InMemoryTodoStore, terminal: Bool = false) -> CLIContext {
            var context = CLIContext(
                openStore: { _, _ in store }, environment: [:], stdoutIsTerminal: terminal,
                today: {
                    // `--due today` asks for today at least once per drawing.
                    self.lock.withLock { self.todayCalls += 1 }
                    return CalendarDate(iso: "2026-11-21")!
                },
                now: { TestEnvironment.referenceDate }, writeOut: { text in self.lock.withLock { self.written += text } },
                writeErr: { text in self.lock.withLock { self.errors += text } })
            context.followFile = follower
            context.onStopSignal = { stop in
                self.lock.withLock { self.stopCall = stop }
                return { self.lock.withLock { self.stopCall = nil } }
            }
            return context
        }

        /// Whether `condition` holds within 5 minutes: a guard against hanging, not a timing (the
        /// whole suite at once keeps a 2-core machine busy for minutes, and these tests start
        /// first: a run beside other builds once drew after 70 s).
        func eventually(_ condition: (Driven) -> Bool) async -> Bool {
            let deadline = ContinuousClock.now + .seconds(300)
            while ContinuousClock.now < deadline {
                if condition(self) { return true }
                try? await Task.sleep(for: .milliseconds(5))
            }
            return condition(self)
        }
    }

    private func store(_ titles: String...) async throws -> InMemoryTodoStore {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        for title in titles {
            _ = try await store.add(TodoDraft(title: title, dueDate: CalendarDate(iso: "2026-11-21")))
        }
        return store
    }

    @Test("LIVE-16 a change that leaves the drawing as it was prints nothing; the next one that changes it prints it once")
    func test_LIVE_16_sameDrawingNotPrintedAgain() async throws {
        let store = try await store("Buy milk")
        let driven = Driven()
        let context = driven.context(store)
        let run = Task { await TodoCLI.run(["list", "--watch", "--due", "today", "--db", "/x/t.sqlite"], context: context) }
        #expect(await driven.eventually { $0.out.contains("Buy milk") }, "no first drawing: \(driven.err)")
        let first = driven.out

        // A change of the file that this list doesn't show: drawn again, identical, not printed.
        _ = try await store.add(TodoDraft(title: "Someday"))
        let started = driven.drawingsStarted
        driven.changed()
        #expect(await driven.eventually { $0.drawingsStarted > started }, "not drawn again")

        _ = try await store.add(TodoDraft(title: "Walk the dog", dueDate: CalendarDate(iso: "2026-11-21")))
        driven.changed()
        #expect(await driven.eventually { $0.out.contains("Walk the dog") })
        #expect(driven.out == first + "\n" + first.replacingOccurrences(of: "To Do\n", with: "To Do\n  #3 [ ] Walk the dog  (due 11/21/2026)\n"))

        driven.stop()
        #expect(await run.value == 0)
        #expect(driven.err.isEmpty)
    }

    @Test("LIVE-16 on a terminal each drawing starts by clearing the screen")
    func test_LIVE_16_terminalClears() async throws {
        let store = try await store("Buy milk")
        let driven = Driven()
        let context = driven.context(store, terminal: true)
        let run = Task { await TodoCLI.run(["list", "--watch", "--db", "/x/t.sqlite"], context: context) }
        #expect(await driven.eventually { $0.out.contains("Buy milk") })
        _ = try await store.add(TodoDraft(title: "Walk the dog"))
        driven.changed()
        #expect(await driven.eventually { $0.out.contains("Walk the dog") })
        let clear = "\u{1B}[H\u{1B}[2J"
        #expect(driven.out.components(separatedBy: clear).count == 3, "\(driven.out.debugDescription)")
        #expect(driven.out.hasPrefix(clear))
        #expect(!driven.out.contains("\n\n"), "no blank line between drawings on a terminal")
        driven.stop()
        #expect(await run.value == 0)
    }

    @Test("LIVE-16 a file that can no longer be followed ends the watch with a sentence and exit 1")
    func test_LIVE_16_followingFails() async throws {
        let driven = Driven()
        let context = driven.context(try await store("Buy milk"))
        let run = Task { await TodoCLI.run(["list", "--watch", "--db", "/x/t.sqlite"], context: context) }
        #expect(await driven.eventually { $0.out.contains("Buy milk") })
        driven.fail()
        #expect(await run.value == 1)
        #expect(driven.err == "todo: The database /x/t.sqlite was removed or replaced: stopped following it.\n")
    }

    /// A store whose reads fail once told to: a file that can no longer be read.
    final class BreakingStore: ForwardingTodoStore, @unchecked Sendable {
        let inner: InMemoryTodoStore
        private let lock = NSLock()
        private var broken = false
        init(_ inner: InMemoryTodoStore) { self.inner = inner }

        func breakReads() { lock.withLock { broken = true } }
        private func read() throws { if lock.withLock({ broken }) { throw CancellationError() } }

        func items(_ filter: TodoFilter) async throws -> [TodoItem] { try read(); return try await inner.items(filter) }
        func count(_ filter: TodoFilter) async throws -> Int { try read(); return try await inner.count(filter) }
    }

    @Test("LIVE-16 a file that can no longer be read ends the watch with a sentence naming it and exit 1, in the terminal's language")
    func test_LIVE_16_unreadable() async throws {
        let store = BreakingStore(try await store("Buy milk"))
        let driven = Driven()
        var context = driven.context(store.inner)
        context.openStore = { _, _ in store }
        context.environment = ["LANG": "zh_CN.UTF-8"]
        let run = Task { await TodoCLI.run(["list", "--watch", "--db", "/x/t.sqlite"], context: context) }
        #expect(await driven.eventually { $0.out.contains("Buy milk") })
        store.breakReads()
        driven.changed()
        #expect(await run.value == 1)
        #expect(driven.err == "todo: 数据库 /x/t.sqlite 已无法读取：已停止跟随。\n")
    }

    @Test("LIVE-16 without a watcher for files, --watch refuses with a sentence; a bad date is refused as todo list refuses it")
    func test_LIVE_16_refusals() async throws {
        let h = CLIHarness()
        #expect(await h.run(["list", "--watch", "--db", "/x/t.sqlite"]) == 1)
        #expect(h.err == "todo: todo list --watch follows a SQLite file (--db) only, not a PostgreSQL database.\n")
        #expect(await h.run(["list", "--due", "someday"]) == 1)
        let refusal = h.err
        #expect(await h.run(["list", "--watch", "--due", "someday", "--db", "/x/t.sqlite"]) == 1)
        #expect(h.err == refusal)
    }
}

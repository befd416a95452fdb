import Foundation
import TodoCore

/// A clock that stands still until told to move, and ids that count up from 1, so tests can
/// state exact timestamps and ids.
public final class TestEnvironment: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    private var nextID = 1
    /// Seconds the clock moves on each reading (0: stands still).
    public var tick: TimeInterval
    /// Where "today" is for the stores on this clock.
    public let timeZone: TimeZone

    public init(start: Date = TestEnvironment.referenceDate, tick: TimeInterval = 1, timeZone: TimeZone = TimeZone(identifier: "UTC")!) {
        self.current = start
        self.tick = tick
        self.timeZone = timeZone
    }

    /// 2026-11-21 09:00:00 UTC.
    public static let referenceDate = Date(timeIntervalSince1970: 1_795_251_600)

    public var environment: TodoEnvironment {
        TodoEnvironment(now: { self.now() }, makeID: { self.makeID() }, timeZone: timeZone)
    }

    public func now() -> Date {
        lock.withLock {
            defer { current += tick }
            return current
        }
    }

    /// Moves the clock on by `interval` (days, for the Trash's 30 days).
    public func advance(by interval: TimeInterval) {
        lock.withLock { current += interval }
    }

    public func makeID() -> UUID {
        lock.withLock {
            defer { nextID += 1 }
            return TestEnvironment.id(nextID)
        }
    }

    /// The id the environment hands out `n`-th (1-based).
    public static func id(_ n: Int) -> UUID {
        let hex = String(n, radix: 16)
        let padded = String(repeating: "0", count: 12 - hex.count) + hex
        return UUID(uuidString: "00000000-0000-4000-8000-\(padded)")!
    }
}

extension TodoStore {
    /// Adds items with the given titles in order and returns them (the last added is first of To Do).
    @discardableResult
    public func add(titles: [String]) async throws -> [TodoItem] {
        var added: [TodoItem] = []
        for title in titles { added.append(try await add(TodoDraft(title: title))) }
        return added
    }

    /// Titles of the To Do and Done sections, in display order.
    public func sectionTitles(_ filter: TodoFilter = .all) async throws -> (todo: [String], done: [String]) {
        let items = try await items(filter)
        return (items.filter { !$0.isDone }.map(\.title), items.filter(\.isDone).map(\.title))
    }
}

/// A scratch folder under the temporary directory, removed by `remove()`.
public struct TemporaryFolder: Sendable {
    public let path: String

    public init() throws {
        path = NSTemporaryDirectory() + "todo-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    public func file(_ name: String) -> String { path + "/" + name }

    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}

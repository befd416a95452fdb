import Foundation
import GRDB

/// Notices that a SQLite file changed, whoever wrote it (docs/specs/live.md, LIVE-8): the
/// server's own connections, a `todo` command in a terminal, a second server. SQLite's
/// `PRAGMA data_version` on a connection of the watcher's own changes whenever another
/// connection commits; polled every `interval`, it costs one small read, and the changes
/// themselves are then read from the record (`SQLiteChangeRecord`), never by comparing lists.
public enum SQLiteChangeWatcher {
    /// Calls `changed` after each poll that finds the file changed since the one before, until
    /// the calling task is cancelled. Throws when the file can't be opened.
    public static func watch(
        path: String, every interval: Duration = .milliseconds(100), changed: @Sendable () async -> Void
    ) async throws {
        var configuration = Configuration()
        configuration.label = "todo.change-watcher"
        let connection = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? connection.close() }
        var seen = try version(connection)
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            guard !Task.isCancelled, let now = try? version(connection) else { continue }
            if now != seen {
                seen = now
                await changed()
            }
        }
    }

    private static func version(_ connection: DatabaseQueue) throws -> Int {
        try connection.inDatabase { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }
}

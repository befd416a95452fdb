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
    ///
    /// - Parameters:
    ///   - endsWhenGone: throw ``FileGone`` once `path` no longer names the file first opened
    ///     (removed, or replaced by another): `todo list --watch` then stops instead of
    ///     following a file nobody else can reach (LIVE-16). A server keeps its file.
    ///   - started: called once the file's first state is read: a change after it is noticed.
    public static func watch(
        path: String, every interval: Duration = .milliseconds(100), endsWhenGone: Bool = false,
        started: @Sendable () async -> Void = {}, changed: @Sendable () async -> Void
    ) async throws {
        var configuration = Configuration()
        configuration.label = "todo.change-watcher"
        // Like every connection to the file (AppDatabase): a moment when it is busy is waited
        // out, not a failure that would leave the server following nothing.
        configuration.busyMode = .timeout(10)
        let connection = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? connection.close() }
        let file = endsWhenGone ? identity(of: path) : nil
        if endsWhenGone, file == nil { throw FileGone(path: path) }
        var seen = try version(connection)
        await started()
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            guard !Task.isCancelled else { break }
            if let file, identity(of: path) != file { throw FileGone(path: path) }
            guard let now = try? version(connection) else { continue }
            if now != seen {
                seen = now
                await changed()
            }
        }
    }

    /// The file a watcher opened is no longer at its path.
    public struct FileGone: Error, Sendable {
        public let path: String
    }

    /// The device and inode of the file at `path`; nil when there is none.
    private static func identity(of path: String) -> [Int]? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let device = (attributes[.systemNumber] as? NSNumber)?.intValue,
            let inode = (attributes[.systemFileNumber] as? NSNumber)?.intValue
        else { return nil }
        return [device, inode]
    }

    private static func version(_ connection: DatabaseQueue) throws -> Int {
        try connection.inDatabase { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }
}

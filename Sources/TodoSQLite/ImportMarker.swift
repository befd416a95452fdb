import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file beside the database (`todo.sqlite.importing`, holding a process id) that says a long
/// import is writing (HARDEN-10e). Other writers that find the database locked while it is there
/// give up at once with "the list is busy", instead of waiting ten seconds to fail.
struct ImportMarker: Sendable {
    let path: String

    init(databasePath: String) { path = databasePath + ".importing" }

    /// Whether an import holds the database now: the marker exists and names a live process
    /// (a marker left by a process that died holds nothing).
    var isHeld: Bool {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
              let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0
        else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// Runs `body` with the marker in place (best effort: without it, others merely wait).
    func holding<T>(_ body: () async throws -> T) async rethrows -> T {
        let written = FileManager.default.createFile(atPath: path, contents: Data("\(getpid())\n".utf8))
        defer { if written { try? FileManager.default.removeItem(atPath: path) } }
        return try await body()
    }

    /// How a connection waits for a lock: up to about ten seconds, in steps of at most 20 ms,
    /// but not at all while an import holds the file.
    func busyMode() -> Database.BusyMode {
        let marker = self
        return .callback { tries in
            if marker.isHeld || tries >= 520 { return false }
            usleep(useconds_t(min(tries + 1, 20) * 1000))
            return true
        }
    }
}

import Foundation

/// Blocking work (a child process, its pipes, a raw socket) kept off Swift concurrency's threads.
///
/// The tests run many cases at once on the cooperative pool, which has as many threads as the
/// machine has cores: two here. A case that waits for a child process or a socket on one of them
/// takes that thread from every other case, and from the servers the tests run inside the same
/// process, which then can't answer the very request being waited for. So every such wait runs
/// on a thread of its own, and the case awaits it.
public enum OffThePool {
    /// Runs `work` on a new thread and answers what it returns or throws.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result(catching: work)) }.start()
        }
    }
}

/// A child process run to its end, off the pool.
public enum ChildProcess {
    /// How it ended, and everything it wrote.
    public struct Ended: Sendable {
        public let status: Int32
        public let out: Data
        public let err: Data

        public var output: String { String(decoding: out, as: UTF8.self) }
        public var errors: String { String(decoding: err, as: UTF8.self) }
    }

    /// Starts `process` with new pipes for its output and error (and `input` on its standard
    /// input, when given), reads both as it writes them, and waits for it to end. With
    /// `stopAfter`, one still running then is sent SIGTERM, so that a test fails instead of
    /// waiting.
    public static func run(_ process: Process, input: Data? = nil, stopAfter seconds: Double? = nil) async throws -> Ended {
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = input.map { _ in Pipe() }
        if let stdin { process.standardInput = stdin }
        try process.run()
        if let seconds {
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { if process.isRunning { kill(pid, SIGTERM) } }
        }
        return try await OffThePool.run {
            // Both pipes at once, from before its input is written: a child that fills one while
            // the other (or its input) is waited for would wait forever.
            let errors = ReadToEnd(err.fileHandleForReading)
            if let stdin, let input {
                try? stdin.fileHandleForWriting.write(contentsOf: input)
                try? stdin.fileHandleForWriting.close()
            }
            let output = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Ended(status: process.terminationStatus, out: output, err: errors.data())
        }
    }

    /// Waits, off the pool, for a process already started to end.
    public static func waitUntilExit(_ process: Process) async {
        _ = try? await OffThePool.run { process.waitUntilExit() }
    }

    /// What the started `process` writes to `handle` until `enough` holds of it or the handle
    /// ends, read off the pool. If that takes more than `limit` seconds, the process is sent
    /// SIGTERM (which ends the read), so that a test fails instead of waiting.
    public static func read(
        _ handle: FileHandle, of process: Process, within limit: Double, until enough: @escaping @Sendable (String) -> Bool
    ) async -> String {
        let reading = Reading()
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + limit) {
            if reading.isGoingOn, process.isRunning { kill(pid, SIGTERM) }
        }
        let text = (try? await OffThePool.run {
            var text = ""
            while !enough(text) {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            return text
        }) ?? ""
        reading.end()
        return text
    }
}

/// Whether a read is still going on, for the timer that ends it.
private final class Reading: @unchecked Sendable {
    private let lock = NSLock()
    private var going = true
    var isGoingOn: Bool { lock.withLock { going } }
    func end() { lock.withLock { going = false } }
}

/// A file handle read to its end on a thread of its own.
private final class ReadToEnd: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var read = Data()

    init(_ handle: FileHandle) {
        Thread {
            self.read = handle.readDataToEndOfFile()
            self.done.signal()
        }.start()
    }

    /// Everything read, once the handle is at its end.
    func data() -> Data {
        done.wait()
        return read
    }
}

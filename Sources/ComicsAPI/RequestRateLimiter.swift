import Foundation

/// COMICS-METRON-4: never more requests than a server's documented rate (Metron: 20 a minute, 5,000 a
/// day), as a sliding window per limit over the times requests were sent; and a pause the server asked
/// for (`429` with `Retry-After`) holds every request back until it ends.
///
/// The clock and the sleep are injected so tests check a day of requests without waiting for it.
public actor RequestRateLimiter {
    public struct Limit: Equatable, Sendable {
        public let requests: Int
        public let seconds: Double

        public init(requests: Int, seconds: Double) {
            self.requests = max(1, requests)
            self.seconds = seconds
        }
    }

    /// Metron's documented limits.
    public static let metronLimits = [Limit(requests: 20, seconds: 60), Limit(requests: 5_000, seconds: 86_400)]

    public let limits: [Limit]
    private let now: @Sendable () -> Double
    private let sleep: @Sendable (Double) async throws -> Void
    /// When each request still inside the longest window was sent, oldest first.
    private var sent: [Double] = []
    private var pausedUntil: Double = -.infinity

    /// - Parameters:
    ///   - now: seconds on a monotonic clock.
    ///   - sleep: waits the given seconds (throws when the task is cancelled).
    public init(
        limits: [Limit] = RequestRateLimiter.metronLimits,
        now: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime },
        sleep: @escaping @Sendable (Double) async throws -> Void = { try await Task.sleep(for: .seconds($0)) }
    ) {
        self.limits = limits
        self.now = now
        self.sleep = sleep
    }

    /// Waits until one more request keeps within every limit and no pause is asked for, then counts it.
    public func acquire() async throws {
        while true {
            let time = now()
            let longest = limits.map(\.seconds).max() ?? 0
            if let firstKept = sent.firstIndex(where: { $0 > time - longest }) {
                sent.removeFirst(firstKept)
            } else {
                sent.removeAll()
            }
            var readyAt = pausedUntil
            for limit in limits {
                let inWindow = sent.filter { $0 > time - limit.seconds }
                if inWindow.count >= limit.requests {
                    // The oldest request that must leave the window before one more fits.
                    readyAt = max(readyAt, inWindow[inWindow.count - limit.requests] + limit.seconds)
                }
            }
            if readyAt <= time {
                sent.append(time)
                return
            }
            try await sleep(readyAt - time)
        }
    }

    /// Holds every request back for `seconds` from now (a `429`'s `Retry-After`).
    public func pause(for seconds: Double) {
        pausedUntil = max(pausedUntil, now() + max(0, seconds))
    }

    /// How many requests were counted in the last `seconds` (for tests and logs).
    public func sentCount(within seconds: Double) -> Int {
        let time = now()
        return sent.filter { $0 > time - seconds }.count
    }
}

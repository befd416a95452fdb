#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import Logging

/// How many connections and event streams a server can hold within its file-descriptor limit
/// (`RLIMIT_NOFILE`, HARDEN-21): each connection and each stream is a descriptor, and the
/// database, its journal and the log need some of their own (`reserve`).
///
/// When the soft limit is too low for what was asked, it is raised (up to the hard limit);
/// when even the hard limit is too low, the caps are lowered to fit: connections keep what was
/// asked up to half of what is left after the reserve, streams get the rest (at most what was
/// asked), so that pages keep answering however many streams are open.
public struct DescriptorBudget: Equatable, Sendable {
    /// Descriptors kept for the database, its journal and shared memory, the listening socket,
    /// standard streams, the file watcher and the database's own connections.
    public static let reserve: UInt64 = 64

    /// The soft limit to set (nil: leave it as it is).
    public var softLimit: UInt64?
    public var maxConnections: Int
    public var maxStreams: Int
    /// Whether the caps are lower than asked (and a person should be told).
    public var lowered: Bool

    /// The budget for `maxConnections` and `maxStreams` under the limits `soft` and `hard`
    /// (`RLIM_INFINITY` is `UInt64.max`).
    public static func fitting(maxConnections: Int, maxStreams: Int, soft: UInt64, hard: UInt64) -> DescriptorBudget {
        let connections = UInt64(max(1, maxConnections)), streams = UInt64(max(0, maxStreams))
        let needed = connections + streams + reserve
        if soft >= needed {
            return DescriptorBudget(softLimit: nil, maxConnections: maxConnections, maxStreams: maxStreams, lowered: false)
        }
        if hard >= needed {
            return DescriptorBudget(softLimit: needed, maxConnections: maxConnections, maxStreams: maxStreams, lowered: false)
        }
        let available = hard > reserve ? hard - reserve : 0
        let keptConnections = max(1, min(connections, available / 2))
        let keptStreams = min(streams, available > keptConnections ? available - keptConnections : 0)
        return DescriptorBudget(
            softLimit: hard > soft ? hard : nil, maxConnections: Int(keptConnections), maxStreams: Int(keptStreams),
            lowered: true)
    }

    /// Fits `maxConnections` and `maxStreams` to this process's descriptor limit: raises the soft
    /// limit where the hard limit allows, and returns the caps to serve with.
    public static func fitToProcessLimit(maxConnections: Int, maxStreams: Int) -> (budget: DescriptorBudget, limit: UInt64) {
        var limit = rlimit()
        guard getrlimit(resourceNoFile, &limit) == 0 else {
            return (DescriptorBudget(softLimit: nil, maxConnections: maxConnections, maxStreams: maxStreams, lowered: false), 0)
        }
        let soft = UInt64(limit.rlim_cur), hard = UInt64(limit.rlim_max)
        var budget = fitting(maxConnections: maxConnections, maxStreams: maxStreams, soft: soft, hard: hard)
        if let raised = budget.softLimit {
            limit.rlim_cur = rlim_t(raised)
            if setrlimit(resourceNoFile, &limit) != 0 {
                // Not allowed after all: fit within the soft limit as it is.
                budget = fitting(maxConnections: maxConnections, maxStreams: maxStreams, soft: soft, hard: soft)
                budget.softLimit = nil
                return (budget, soft)
            }
            return (budget, raised)
        }
        return (budget, soft)
    }

    /// Fits `limits.maxConnections` and `maxStreams` to this process's descriptor limit, and
    /// says on `logger` when it had to lower them; answers the event streams to serve at once.
    public static func fit(_ limits: inout ConnectionLimits, maxStreams: Int, logger: Logger) -> Int {
        let asked = limits.maxConnections
        let (budget, limit) = fitToProcessLimit(maxConnections: asked, maxStreams: maxStreams)
        if budget.lowered {
            logger.warning("\(budget.sentence(limit: limit, askedConnections: asked, askedStreams: maxStreams))")
        }
        limits.maxConnections = budget.maxConnections
        return budget.maxStreams
    }

    /// The one log line that says the caps were lowered, and why.
    public func sentence(limit: UInt64, askedConnections: Int, askedStreams: Int) -> String {
        "This process may open only \(limit) files (ulimit -n): serving at most \(maxConnections) connections and "
            + "\(maxStreams) event streams at once instead of \(askedConnections) and \(askedStreams); "
            + "raise the limit to serve more."
    }

    #if canImport(Glibc)
    private static let resourceNoFile = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let resourceNoFile = RLIMIT_NOFILE
    #endif
}

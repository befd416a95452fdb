import ComicsCore

/// What went wrong talking to a Marvel-compatible server, with the detail kept for the logs.
public enum MarvelAPIError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No network: DNS failure, unreachable network or host.
    case unreachable(detail: String)
    /// The server refused the connection, cut it, or did not answer in time.
    case notAnswering(detail: String)
    /// An answer with a non-2xx status; `code`/`message` come from either error-body shape when present.
    case status(Int, code: String?, message: String?)
    /// A 2xx answer whose body is not the contract's JSON.
    case undecodable(detail: String)
    /// A 2xx answer that decodes but leaves the list short (fewer items than `total`, a missing result).
    case incomplete(detail: String)
    /// The transport failed in a way that is not about reachability.
    case transport(detail: String)
    /// More than the client accepts (HARDEN-5): a body over the cap, a list over the page limit or with an
    /// absurd total, or a list that could not be read within its time budget.
    case tooLarge(detail: String)

    /// The transport's failure, as both clients (Marvel, Metron) report it.
    init(_ error: TransportError) {
        switch error.kind {
        case .unreachable: self = .unreachable(detail: error.detail)
        case .notAnswering: self = .notAnswering(detail: error.detail)
        case .tooLarge: self = .tooLarge(detail: error.detail)
        case .other: self = .transport(detail: error.detail)
        }
    }

    /// No answer came: no network, or a server not answering.
    public var isNoAnswer: Bool {
        switch self {
        case .unreachable, .notAnswering: true
        default: false
        }
    }

    /// The user-facing kind: no connection, or content that could not be read.
    public var sourceError: ComicsSourceError {
        switch self {
        case .unreachable: .noConnection(detail: description)
        case .notAnswering: .notAnswering(detail: description)
        case .status(401, _, _), .status(403, _, _): .keysRefused(detail: description)
        case .status(404, _, _): .notFound(detail: description)
        case .status, .undecodable, .incomplete, .transport: .invalidContent(detail: description)
        case .tooLarge: .tooLarge(detail: description)
        }
    }

    public var description: String {
        switch self {
        case .unreachable(let detail): "unreachable (\(detail))"
        case .notAnswering(let detail): "not answering (\(detail))"
        case .status(let status, let code, let message):
            "HTTP \(status)" + (code.map { " code=\($0)" } ?? "") + (message.map { " message=\($0)" } ?? "")
        case .undecodable(let detail): "undecodable JSON (\(detail))"
        case .incomplete(let detail): "incomplete answer (\(detail))"
        case .transport(let detail): "transport failure (\(detail))"
        case .tooLarge(let detail): "over the limits (\(detail))"
        }
    }
}

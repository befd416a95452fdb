import ComicsCore

/// What went wrong talking to a Marvel-compatible server, with the detail kept for the logs.
public enum MarvelAPIError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No HTTP answer: refused, unreachable, DNS failure, timeout.
    case unreachable(detail: String)
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

    /// The user-facing kind: no connection, or content that could not be read.
    public var sourceError: ComicsSourceError {
        switch self {
        case .unreachable: .noConnection(detail: description)
        case .status, .undecodable, .incomplete, .transport: .invalidContent(detail: description)
        case .tooLarge: .tooLarge(detail: description)
        }
    }

    public var description: String {
        switch self {
        case .unreachable(let detail): "unreachable (\(detail))"
        case .status(let status, let code, let message):
            "HTTP \(status)" + (code.map { " code=\($0)" } ?? "") + (message.map { " message=\($0)" } ?? "")
        case .undecodable(let detail): "undecodable JSON (\(detail))"
        case .incomplete(let detail): "incomplete answer (\(detail))"
        case .transport(let detail): "transport failure (\(detail))"
        case .tooLarge(let detail): "over the limits (\(detail))"
        }
    }
}

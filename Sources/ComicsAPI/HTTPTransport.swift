public import Foundation

/// A status code and a body: all the client needs from an HTTP answer.
public struct TransportResponse: Equatable, Sendable {
    public let statusCode: Int
    public let body: Data

    public init(statusCode: Int, body: Data) {
        self.statusCode = statusCode
        self.body = body
    }
}

/// Why a request got no usable answer.
public struct TransportError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// Refused, unreachable, DNS failure, timeout, connection lost: the user has "no connection".
        case unreachable
        /// The answer was bigger than the transport accepts (HARDEN-5): refused while it arrived.
        case tooLarge
        /// Anything else the transport could not make sense of (a malformed answer, an unsupported URL…).
        case other
    }

    public let kind: Kind
    public let detail: String

    public init(_ kind: Kind, detail: String) {
        self.kind = kind
        self.detail = detail
    }

    public var description: String { detail }
}

/// Performs GET requests. Injected into ``MarvelClient`` so tests and other platforms can swap it.
public protocol HTTPTransport: Sendable {
    /// Fetches `url`; throws ``TransportError`` when no HTTP answer arrives within `timeout` seconds,
    /// or when the answer is larger than the transport accepts.
    func get(_ url: URL, timeout: TimeInterval) async throws(TransportError) -> TransportResponse
}

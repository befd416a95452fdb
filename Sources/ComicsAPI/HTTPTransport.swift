public import Foundation

/// A status code, the headers the client reads and a body: all the client needs from an HTTP answer.
public struct TransportResponse: Equatable, Sendable {
    public let statusCode: Int
    public let body: Data
    /// Header fields by lower-case name (the last value of a repeated field).
    public let headers: [String: String]

    public init(statusCode: Int, body: Data, headers: [String: String] = [:]) {
        self.statusCode = statusCode
        self.body = body
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
    }
}

/// Why a request got no usable answer.
public struct TransportError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// No network at all: the name did not resolve, the network or host is unreachable (COMICS-1).
        case unreachable
        /// The server refused the connection, closed it, or did not answer in time (COMICS-MSG-1).
        case notAnswering
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

/// Performs GET requests. Injected into ``MarvelClient`` and ``MetronClient`` so tests and other platforms can swap it.
public protocol HTTPTransport: Sendable {
    /// Fetches `url`; throws ``TransportError`` when no HTTP answer arrives within `timeout` seconds,
    /// or when the answer is larger than the transport accepts.
    func get(_ url: URL, timeout: TimeInterval) async throws(TransportError) -> TransportResponse
    /// The same with request header fields (authorization, user agent).
    func get(_ url: URL, headers: [(String, String)], timeout: TimeInterval) async throws(TransportError) -> TransportResponse
}

extension HTTPTransport {
    /// A transport that sends no header fields of its own ignores them.
    public func get(_ url: URL, headers: [(String, String)], timeout: TimeInterval) async throws(TransportError) -> TransportResponse {
        try await get(url, timeout: timeout)
    }
}

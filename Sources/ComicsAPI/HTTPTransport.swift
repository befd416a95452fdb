import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A status code and a body: all the client needs from an HTTP answer.
public struct TransportResponse: Equatable, Sendable {
    public let statusCode: Int
    public let body: Data

    public init(statusCode: Int, body: Data) {
        self.statusCode = statusCode
        self.body = body
    }
}

/// Why a request got no answer at all.
public struct TransportError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// Refused, unreachable, DNS failure, timeout, connection lost: the user has "no connection".
        case unreachable
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
    /// Fetches `url`; throws ``TransportError`` when no HTTP answer arrives within `timeout` seconds.
    func get(_ url: URL, timeout: TimeInterval) async throws(TransportError) -> TransportResponse
}

/// The real transport: Foundation's `URLSession` (FoundationNetworking on Linux).
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession

    public init(session: URLSession = URLSession(configuration: .ephemeral)) {
        self.session = session
    }

    public func get(_ url: URL, timeout: TimeInterval) async throws(TransportError) -> TransportResponse {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let outcome = await fetch(request, timeout: timeout)
        switch outcome {
        case .success(let response): return response
        case .failure(let error): throw error
        }
    }

    /// Runs the request with our own deadline: FoundationNetworking does not always honour
    /// `timeoutInterval` while waiting for a slow server, and a late answer must not hang the caller.
    private func fetch(_ request: URLRequest, timeout: TimeInterval) async -> Result<TransportResponse, TransportError> {
        let once = ResumeOnce<Result<TransportResponse, TransportError>>()
        let task = session.dataTask(with: request) { data, response, error in
            if let error {
                once.resume(.failure((error as? URLError).map(Self.classify)
                    ?? TransportError(.unreachable, detail: String(describing: error))))
            } else if let http = response as? HTTPURLResponse {
                once.resume(.success(TransportResponse(statusCode: http.statusCode, body: data ?? Data())))
            } else {
                once.resume(.failure(TransportError(.other, detail: "not an HTTP response from \(request.url?.host ?? "?")")))
            }
        }
        let deadline = Task {
            try? await Task.sleep(for: .milliseconds(Int(timeout * 1000)))
            if !Task.isCancelled {
                once.resume(.failure(TransportError(.unreachable, detail: "timed out after \(timeout) s")))
                task.cancel()
            }
        }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                once.set(continuation)
                task.resume()
            }
        } onCancel: {
            once.resume(.failure(TransportError(.unreachable, detail: "cancelled")))
            task.cancel()
        }
        deadline.cancel()
        return result
    }

    /// URL errors that mean "the server could not be reached", as opposed to a broken answer.
    static func classify(_ error: URLError) -> TransportError {
        let unreachable: Set<URLError.Code> = [
            .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
            .networkConnectionLost, .timedOut, .internationalRoamingOff, .dataNotAllowed,
            .callIsActive, .secureConnectionFailed, .cannotLoadFromNetwork,
        ]
        let detail = "URLError \(error.code.rawValue): \(error.localizedDescription)"
        return TransportError(unreachable.contains(error.code) ? .unreachable : .other, detail: detail)
    }
}

/// Resumes a continuation exactly once, whichever of the answer, the deadline or a cancellation comes first.
private final class ResumeOnce<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, Never>?
    private var early: Value?
    private var done = false

    func set(_ continuation: CheckedContinuation<Value, Never>) {
        lock.lock()
        if let early {
            lock.unlock()
            continuation.resume(returning: early)
            return
        }
        self.continuation = continuation
        lock.unlock()
    }

    func resume(_ value: Value) {
        lock.lock()
        guard !done else { return lock.unlock() }
        done = true
        if let continuation {
            self.continuation = nil
            lock.unlock()
            continuation.resume(returning: value)
        } else {
            early = value
            lock.unlock()
        }
    }
}

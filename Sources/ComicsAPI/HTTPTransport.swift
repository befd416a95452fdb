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

/// The real transport: Foundation's `URLSession` (FoundationNetworking on Linux).
///
/// HARDEN-5: the body is received through the session's delegate and counted as it arrives; the task is
/// cancelled as soon as the answer goes over ``maxBodyBytes``:
/// - on the wire: a `Content-Length` over the cap is refused before any of the body is read;
/// - decoded: the bytes handed over after decompression (URLSession inflates gzip/deflate itself) are
///   counted chunk by chunk, and the task is cancelled on the chunk that crosses the cap, so no more
///   than the cap (plus one chunk) is ever held. FoundationNetworking on Linux only reports decoded
///   bytes, so a chunked compressed body that inflates to little is bounded by the deadline instead.
public struct URLSessionTransport: HTTPTransport {
    /// The default cap on one answer's body: 8 MiB, on the wire and decoded. A page of 100 comics from
    /// a Marvel-compatible server is about 50–150 KB, so this leaves ample room and stops a bomb early.
    public static let defaultMaxBodyBytes = 8 * 1024 * 1024

    private let session: URLSession
    private let receivers: Receivers
    /// The most body bytes one answer may have (declared `Content-Length` and decoded bytes alike).
    public let maxBodyBytes: Int

    public init(configuration: URLSessionConfiguration = .ephemeral, maxBodyBytes: Int = Self.defaultMaxBodyBytes) {
        // FoundationNetworking calls only the session's delegate for a plain data task (a task's own
        // `delegate` is ignored there), so one session delegate hands each task's events to its receiver.
        let receivers = Receivers()
        self.receivers = receivers
        self.session = URLSession(configuration: configuration, delegate: receivers, delegateQueue: nil)
        self.maxBodyBytes = max(0, maxBodyBytes)
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
    /// Cancelling the calling task cancels the URLSession task at once.
    private func fetch(_ request: URLRequest, timeout: TimeInterval) async -> Result<TransportResponse, TransportError> {
        let once = ResumeOnce<Result<TransportResponse, TransportError>>()
        let receiver = BodyReceiver(host: request.url?.host ?? "?", maxBodyBytes: maxBodyBytes) { once.resume($0) }
        let task = session.dataTask(with: request)
        receivers.register(receiver, for: task)
        let deadline = Task {
            try? await Task.sleep(for: .milliseconds(Int(min(timeout, 86_400) * 1000)))
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

/// The session's delegate: passes each task's events to that task's ``BodyReceiver``.
private final class Receivers: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var byTask: [Int: BodyReceiver] = [:]

    func register(_ receiver: BodyReceiver, for task: URLSessionTask) {
        lock.withLock { byTask[task.taskIdentifier] = receiver }
    }

    private func receiver(for task: URLSessionTask) -> BodyReceiver? {
        lock.withLock { byTask[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let receiver = receiver(for: dataTask) else { return completionHandler(.cancel) }
        receiver.received(response, task: dataTask, completionHandler: completionHandler)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        receiver(for: dataTask)?.received(data, task: dataTask)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let receiver = lock.withLock { byTask.removeValue(forKey: task.taskIdentifier) }
        receiver?.completed(task, error: error)
    }
}

/// One request's delegate: keeps the status, counts and collects the body up to the cap, and reports
/// the outcome once. URLSession calls it on the session's serial delegate queue.
private final class BodyReceiver: @unchecked Sendable {
    private let host: String
    private let maxBodyBytes: Int
    private let finish: @Sendable (Result<TransportResponse, TransportError>) -> Void
    private let lock = NSLock()
    private var statusCode: Int?
    private var body = Data()
    private var refused = false

    init(host: String, maxBodyBytes: Int, finish: @escaping @Sendable (Result<TransportResponse, TransportError>) -> Void) {
        self.host = host
        self.maxBodyBytes = maxBodyBytes
        self.finish = finish
    }

    /// The head: a `Content-Length` over the cap is refused before any of the body is read.
    /// (FoundationNetworking ignores the disposition, so the task is cancelled as well.)
    func received(
        _ response: URLResponse, task: URLSessionDataTask,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            refuse(TransportError(.other, detail: "not an HTTP response from \(host)"), task: task)
            return completionHandler(.cancel)
        }
        let declared = http.value(forHTTPHeaderField: "Content-Length").flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
        if let declared, declared > Int64(maxBodyBytes) {
            refuse(
                TransportError(.tooLarge, detail: "\(host) announced a \(declared)-byte body, over the \(maxBodyBytes)-byte cap"),
                task: task)
            return completionHandler(.cancel)
        }
        lock.withLock { statusCode = http.statusCode }
        completionHandler(.allow)
    }

    /// A piece of the decoded body: counted, kept while under the cap, refused on the piece that crosses it.
    func received(_ data: Data, task dataTask: URLSessionDataTask) {
        let overCap: Int? = lock.withLock {
            guard !refused else { return nil }
            let total = body.count + data.count
            if total > maxBodyBytes {
                refused = true
                body = Data()
                return total
            }
            body.append(data)
            return nil
        }
        if let overCap {
            finish(.failure(TransportError(
                .tooLarge, detail: "\(host) sent at least \(overCap) body bytes, over the \(maxBodyBytes)-byte cap")))
            dataTask.cancel()
        }
    }

    func completed(_ task: URLSessionTask, error: (any Error)?) {
        let (status, collected) = lock.withLock { (statusCode, body) }
        if let error {
            finish(.failure((error as? URLError).map(URLSessionTransport.classify)
                ?? TransportError(.unreachable, detail: String(describing: error))))
        } else if let status {
            finish(.success(TransportResponse(statusCode: status, body: collected)))
        } else if let http = task.response as? HTTPURLResponse {
            finish(.success(TransportResponse(statusCode: http.statusCode, body: collected)))
        } else {
            finish(.failure(TransportError(.other, detail: "not an HTTP response from \(host)")))
        }
    }

    private func refuse(_ error: TransportError, task: URLSessionTask) {
        lock.withLock {
            refused = true
            body = Data()
        }
        finish(.failure(error))
        task.cancel()
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

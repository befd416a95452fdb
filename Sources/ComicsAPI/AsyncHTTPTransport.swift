import AsyncHTTPClient
public import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// The real transport: AsyncHTTPClient (deadlines, redirects, a connection pool).
///
/// HARDEN-5: an answer is never held beyond ``maxBodyBytes``:
/// - the client inflates nothing (AsyncHTTPClient's decompression stays off) and asks for
///   `Accept-Encoding: identity`; an answer compressed anyway is refused at its head, since its
///   size can't be known before inflating it;
/// - a `Content-Length` over the cap is refused before any of the body is read;
/// - the body is read as a stream with back-pressure, counted chunk by chunk, and the request is
///   cancelled on the chunk that crosses the cap: the server can't push more than the cap plus
///   what is in flight.
/// Cancelling the calling task cancels the request at once; `timeout` bounds the whole exchange.
public struct AsyncHTTPTransport: HTTPTransport {
    /// The default cap on one answer's body: 8 MiB. A page of 100 comics from a Marvel-compatible
    /// server is about 50–150 KB, so this leaves ample room and stops a hostile answer early.
    public static let defaultMaxBodyBytes = 8 * 1024 * 1024

    private let client: HTTPClient
    /// The most body bytes one answer may have.
    public let maxBodyBytes: Int

    /// The client the app uses: no decompression (its default), and a refused connection fails at
    /// once — AsyncHTTPClient would otherwise retry it until the deadline, so "no connection" would
    /// take the whole timeout to say. It lives as long as the process (it is never shut down).
    public static let sharedClient: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.decompression = .disabled
        configuration.redirectConfiguration = .follow(max: 5, allowCycles: false)
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    public init(client: HTTPClient = AsyncHTTPTransport.sharedClient, maxBodyBytes: Int = Self.defaultMaxBodyBytes) {
        self.client = client
        self.maxBodyBytes = max(0, maxBodyBytes)
    }

    public func get(_ url: URL, timeout: TimeInterval) async throws(TransportError) -> TransportResponse {
        try await get(url, headers: [], timeout: timeout)
    }

    public func get(_ url: URL, headers: [(String, String)], timeout: TimeInterval) async throws(TransportError) -> TransportResponse {
        let host = url.host ?? "?"
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .GET
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "Accept-Encoding", value: "identity")
        let deadline = NIODeadline.now() + .milliseconds(Int64(min(max(timeout, 0), 86_400) * 1000))
        do {
            let response = try await client.execute(request, deadline: deadline)
            if let encoding = response.headers.first(name: "Content-Encoding")?.trimmingCharacters(in: .whitespaces),
               !encoding.isEmpty, encoding.lowercased() != "identity"
            {
                throw TransportError(
                    .tooLarge, detail: "\(host) sent a \(encoding)-compressed body although identity was asked for; its size can't be known before inflating it")
            }
            if let declared = response.headers.first(name: "Content-Length").flatMap({ Int64($0) }), declared > Int64(maxBodyBytes) {
                throw TransportError(.tooLarge, detail: "\(host) announced a \(declared)-byte body, over the \(maxBodyBytes)-byte cap")
            }
            var body = ByteBuffer()
            for try await chunk in response.body {
                let total = body.readableBytes + chunk.readableBytes
                if total > maxBodyBytes {
                    // Leaving the loop drops the stream, which cancels the request.
                    throw TransportError(.tooLarge, detail: "\(host) sent at least \(total) body bytes, over the \(maxBodyBytes)-byte cap")
                }
                body.writeImmutableBuffer(chunk)
            }
            let kept = ["retry-after", "content-type"].compactMap { name in response.headers.first(name: name).map { (name, $0) } }
            return TransportResponse(
                statusCode: Int(response.status.code), body: Data(body.readableBytesView),
                headers: Dictionary(kept, uniquingKeysWith: { $1 }))
        } catch let error as TransportError {
            throw error
        } catch {
            throw Self.classify(error)
        }
    }

    /// Failures that mean "no network at all" (unresolvable name, unreachable network or host, cancelled),
    /// "the server isn't answering" (refused, timed out, cut off), or an answer that made no sense.
    static func classify(_ error: any Error) -> TransportError {
        let detail = String(describing: error)
        if error is CancellationError { return TransportError(.unreachable, detail: "cancelled") }
        let malformed: [HTTPClientError] = [
            .invalidURL, .emptyHost, .emptyScheme, .bodyLengthMismatch, .redirectLimitReached, .redirectCycleDetected,
        ]
        if let error = error as? HTTPClientError, malformed.contains(error) { return TransportError(.other, detail: detail) }
        if error is HTTPParserError { return TransportError(.other, detail: detail) }
        let serverSide: [HTTPClientError] = [
            .deadlineExceeded, .connectTimeout, .readTimeout, .writeTimeout, .remoteConnectionClosed,
        ]
        if let error = error as? HTTPClientError, serverSide.contains(error) {
            return TransportError(.notAnswering, detail: detail)
        }
        if let error = error as? NIOConnectionError {
            let networkDown = [ENETUNREACH, EHOSTUNREACH, ENETDOWN]
            let errnos = error.connectionErrors.compactMap { ($0.error as? IOError)?.errnoCode }
            if errnos.isEmpty || errnos.allSatisfy(networkDown.contains) {
                return TransportError(.unreachable, detail: detail)  // no address resolved, or no route
            }
            return TransportError(.notAnswering, detail: detail)
        }
        if let error = error as? IOError {
            return TransportError([ENETUNREACH, EHOSTUNREACH, ENETDOWN].contains(error.errnoCode) ? .unreachable : .notAnswering, detail: detail)
        }
        if error is SocketAddressError || error is SocketAddressError.UnknownHost {
            return TransportError(.unreachable, detail: detail)
        }
        if error is ChannelError { return TransportError(.notAnswering, detail: detail) }
        return TransportError(.unreachable, detail: detail)
    }
}

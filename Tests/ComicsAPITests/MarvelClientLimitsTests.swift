@testable import ComicsAPI
import ComicsCore
import Foundation
import Testing

/// HARDEN-5 at the client: paging is bounded by a page count and a time budget, the numbers a server
/// sends are checked before use, and a cancelled caller stops the paging (scripted transport, no network).
@Suite("Marvel client limits (HARDEN-5)")
struct MarvelClientLimitsTests {
    @Test("HARDEN-5: a server claiming total 2^62 is refused on its first page, not paged through")
    func absurdTotal() async {
        let transport = ScriptedTransport { offset in Self.page(total: 1 << 62, offset: offset, count: 1) }
        let sut = makeSUT(transport)

        let error = await #expect(throws: ComicsSourceError.self) { try await sut.loadComics() }

        #expect(error == .tooLarge(detail: "over the limits (the server says the list holds 4611686018427387904 items; "
            + "at most 10000 are read (100 pages of 100))"))
        #expect(await transport.requestCount == 1)
    }

    @Test("HARDEN-5: one item a page stops at the page limit with a clear error")
    func pageLimit() async {
        let transport = ScriptedTransport { offset in Self.page(total: 400, offset: offset, count: 1) }
        let sut = makeSUT(transport, maxPages: 5)

        let error = await #expect(throws: ComicsSourceError.self) { try await sut.loadComics() }

        #expect(error == .tooLarge(detail: "over the limits (more than 5 pages for v1/public/comics (5 items read))"))
        #expect(await transport.requestCount == 5)
        #expect(await transport.offsets == [0, 1, 2, 3, 4])
    }

    @Test("HARDEN-5: a list that outlasts its time budget ends with a clear error; the last request gets only what is left")
    func timeBudget() async {
        // Each answer takes 4 s of the (fake) clock; the budget is 10 s; one request may take 5 s.
        let transport = ScriptedTransport(secondsPerRequest: 4) { offset in Self.page(total: 300, offset: offset, count: 1) }
        let sut = makeSUT(transport, timeout: 5, listTimeBudget: 10)

        let error = await #expect(throws: ComicsSourceError.self) { try await sut.loadComics() }

        #expect(error == .tooLarge(detail: "over the limits (v1/public/comics not read within 10.0 s (3 pages, 3 items))"))
        #expect(await transport.timeouts == [5, 5, 2])
    }

    @Test("HARDEN-5: a request cut short by the end of the budget is the budget running out, not 'no connection'")
    func budgetEndsDuringRequest() async {
        let transport = ScriptedTransport(secondsPerRequest: 6, failAfter: 1) { offset in Self.page(total: 300, offset: offset, count: 1) }
        let sut = makeSUT(transport, timeout: 6, listTimeBudget: 10)

        let error = await #expect(throws: ComicsSourceError.self) { try await sut.loadComics() }

        #expect(error == .tooLarge(detail: "over the limits (v1/public/comics not read within 10.0 s (1 pages, 1 items))"))
        #expect(await transport.timeouts == [6, 4])
    }

    @Test("HARDEN-5: negative or absurd page numbers are rejected, not trusted", arguments: [
        (#""offset":0,"limit":100,"total":-1,"count":1"#, "says total -1"),
        (#""offset":0,"limit":-100,"total":5,"count":1"#, "says limit -100"),
        (#""offset":-5,"limit":100,"total":5,"count":1"#, "says offset -5"),
        (#""offset":0,"limit":100,"total":5,"count":-1"#, "says count -1"),
        (#""offset":0,"limit":9223372036854775807,"total":5,"count":1"#, "says limit 9223372036854775807 count 1 but 100 were asked for"),
    ])
    func absurdNumbers(numbers: String, detail: String) async {
        let body = #"{"code":200,"status":"Ok","data":{"# + numbers + #","results":[{"id":1,"title":"Thor"}]}}"#
        let transport = ScriptedTransport(failAfter: 3) { _ in TransportResponse(statusCode: 200, body: Data(body.utf8)) }
        let sut = makeSUT(transport)

        let error = await #expect(throws: ComicsSourceError.self) { try await sut.loadComics() }

        #expect(error?.isNoConnection == false)
        #expect(error?.detail.contains(detail) == true, "\(String(describing: error))")
        #expect(await transport.requestCount == 1)
    }

    @Test("HARDEN-5: a page limit and page size as large as Int allows give a maximum without overflow")
    func maxItemsDoesNotOverflow() {
        let configuration = MarvelClient.Configuration(
            baseURL: URL(string: "https://marvel.example")!, pageSize: Int.max, maxPages: Int.max)

        #expect(configuration.maxItems == Int.max)
    }

    @Test("HARDEN-5: when the caller is cancelled, paging stops before the next page")
    func cancellationStopsPaging() async {
        // The first answer arrives only once the caller is cancelled (this transport ignores cancellation).
        let firstPage = AsyncStream<Void>.makeStream()
        let transport = ScriptedTransport(onRequest: { count in
            guard count == 1 else { return }
            firstPage.continuation.yield()
            while !Task.isCancelled { await Task.yield() }
        }) { offset in Self.page(total: 50, offset: offset, count: 1) }
        let sut = makeSUT(transport, maxPages: 100)

        let loading = Task { try await sut.loadComics() }
        var iterator = firstPage.stream.makeAsyncIterator()
        await iterator.next()
        loading.cancel()
        let result = await loading.result

        #expect(throws: ComicsSourceError.self) { try result.get() }
        #expect(await transport.requestCount == 1)
    }

    @Test("COMICS-3 a list within the limits is read whole, each request with the full timeout")
    func withinLimits() async throws {
        let transport = ScriptedTransport(secondsPerRequest: 1) { offset in Self.page(total: 250, offset: offset, count: min(100, 250 - offset)) }
        let sut = makeSUT(transport, timeout: 5, listTimeBudget: 30)

        let comics = try await sut.loadComics()

        #expect(comics.count == 250)
        #expect(await transport.timeouts == [5, 5, 5])
    }

    // MARK: - Helpers

    private func makeSUT(
        _ transport: ScriptedTransport, timeout: TimeInterval = 15, maxPages: Int = MarvelClient.Configuration.defaultMaxPages,
        listTimeBudget: TimeInterval = MarvelClient.Configuration.defaultListTimeBudget
    ) -> MarvelClient {
        MarvelClient(
            configuration: .init(
                baseURL: URL(string: "https://marvel.example")!, timeout: timeout, maxPages: maxPages,
                listTimeBudget: listTimeBudget),
            transport: transport, timestamp: { "1" }, uptime: { transport.clock.now })
    }

    static func page(total: Int, offset: Int, count: Int) -> TransportResponse {
        let results = (0..<max(0, count)).map { #"{"id":\#(offset + $0 + 1),"title":"Comic \#(offset + $0)"}"# }
        let body = MarvelJSON.envelope(offset: offset, limit: 100, total: total, results: results)
        return TransportResponse(statusCode: 200, body: Data(body.utf8))
    }
}

/// A manual clock the scripted transport moves forward.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds: TimeInterval = 1000
    var now: TimeInterval { lock.withLock { seconds } }
    func advance(by delta: TimeInterval) { lock.withLock { seconds += delta } }
}

/// Answers each request from the `offset` it asks for, records offsets and timeouts, and moves a manual
/// clock forward by `secondsPerRequest` (or by the request's timeout, then fails, after `failAfter`).
actor ScriptedTransport: HTTPTransport {
    nonisolated let clock = ManualClock()
    private let secondsPerRequest: TimeInterval
    private let failAfter: Int
    private let onRequest: @Sendable (Int) async -> Void
    private let answer: @Sendable (Int) -> TransportResponse
    private(set) var offsets: [Int] = []
    private(set) var timeouts: [TimeInterval] = []

    var requestCount: Int { offsets.count }

    init(
        secondsPerRequest: TimeInterval = 0, failAfter: Int = 1000, onRequest: @escaping @Sendable (Int) async -> Void = { _ in },
        answer: @escaping @Sendable (Int) -> TransportResponse
    ) {
        self.secondsPerRequest = secondsPerRequest
        self.failAfter = failAfter
        self.onRequest = onRequest
        self.answer = answer
    }

    func get(_ url: URL, timeout: TimeInterval) async throws(TransportError) -> TransportResponse {
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let offset = query.first { $0.name == "offset" }?.value.flatMap { Int($0) } ?? 0
        offsets.append(offset)
        timeouts.append(timeout)
        await onRequest(offsets.count)
        guard offsets.count <= failAfter else {
            clock.advance(by: timeout)
            throw TransportError(.unreachable, detail: "timed out after \(timeout) s")
        }
        clock.advance(by: secondsPerRequest)
        return answer(offset)
    }
}

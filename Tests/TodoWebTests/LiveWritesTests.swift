import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoTestSupport
@testable import TodoWeb

/// docs/specs/live.md, LIVE-7: the server's own writes reach open streams at once, not at the
/// file watcher's next look.
@Suite("Live: the server's own writes")
struct LiveWritesTests {
    /// The events a stream gave so far. (Cancelling a task that iterates an `AsyncStream` ends
    /// the stream, so one task reads it to the end.)
    actor Received {
        var events: [LiveEvent] = []
        func add(_ event: LiveEvent) { events.append(event) }

        /// The events once there are at least `count`, or as they are when `seconds` pass.
        func waitFor(_ count: Int, within seconds: Double) async -> [LiveEvent] {
            let deadline = ContinuousClock.now + .seconds(seconds)
            while events.count < count, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
            return events
        }
    }

    @Test("LIVE-7 a request that may write makes the process read its record at once; a GET does not")
    func test_LIVE_7_ownWritesReadAtOnce() async throws {
        // No watcher here: only the server's own requests can make `live` read its record.
        let record = InMemoryChangeRecord()
        let live = LiveChanges(record: record)
        var options = TodoWebOptions(today: { today }, now: { TestEnvironment.referenceDate })
        options.live = live
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        let app = Application(router: try TodoWebApp.buildRouter(store: store, options: options))
        let stream = try await live.open(person: "", audience: LiveAudience(own: .local), refresh: { LiveAudience(own: .local) })
        // A change in the record, as a write's trigger leaves it.
        let written = await record.append(.created, owner: .local, item: UUID())
        let received = Received()
        let reader = Task { for await event in stream { await received.add(event) } }
        defer { reader.cancel() }
        try await app.test(.router) { client async throws in
            #expect(try await client.execute(uri: "/api/todos", method: .get).status == .ok)
            #expect(await received.waitFor(1, within: 0.5) == [], "reading is not asked for by a GET")
            let posted = try await client.execute(
                uri: "/api/todos", method: .post, headers: .json, body: ByteBuffer(string: #"{"title":"Milk"}"#))
            #expect(posted.status == .created)
            #expect(await received.waitFor(1, within: 10) == [.change(written)])
        }
    }
}

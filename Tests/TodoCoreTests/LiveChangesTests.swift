import Foundation
import Testing
import TodoCore

/// docs/specs/live.md: the live changes of one process over a change record in memory.
@Suite("Live changes: streams over the change record")
struct LiveChangesTests {
    static let alice = UUID(uuidString: "00000000-0000-0000-0000-00000000000a")!
    static let bob = UUID(uuidString: "00000000-0000-0000-0000-00000000000b")!
    static let item = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!

    /// The first `count` events of `stream`; fewer when it ends first; none when `seconds` pass
    /// first (so a stream that never ends fails a test instead of hanging it).
    static func first(_ count: Int, of stream: AsyncStream<LiveEvent>, within seconds: Double = 5) async -> [LiveEvent] {
        await withTaskGroup(of: [LiveEvent].self) { group in
            group.addTask {
                var events: [LiveEvent] = []
                for await event in stream {
                    events.append(event)
                    if events.count == count { break }
                }
                return events
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))
                return []
            }
            let first = await group.next() ?? []
            group.cancelAll()
            return first
        }
    }

    /// Whether `stream` ends without an event within `seconds`.
    static func ends(_ stream: AsyncStream<LiveEvent>, within seconds: Double = 5) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await _ in stream { return false }
                return true
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))
                return false
            }
            let ended = await group.next() ?? false
            group.cancelAll()
            return ended
        }
    }

    static func kinds(_ events: [LiveEvent]) -> [String] {
        events.map { event in
            switch event {
            case .change(let change): "\(change.kind.rawValue) \(change.id)"
            case .reload: "reload"
            }
        }
    }

    static func audience(_ person: UUID, shared: Set<LiveAudience.SharedList> = []) -> LiveAudience {
        LiveAudience(own: ListOwner(account: person), person: person, shared: shared)
    }

    @Test("LIVE-1 LIVE-7 a stream gets each change made after it opened, in order, with its id")
    func test_LIVE_1_changesInOrder() async throws {
        let record = InMemoryChangeRecord()
        await record.append(.created, owner: .local, item: Self.item)  // before the stream: not sent
        let live = LiveChanges(record: record)
        let stream = try await live.open(person: "", audience: LiveAudience(own: .local), refresh: { LiveAudience(own: .local) })
        await record.append(.checked, owner: .local, item: Self.item)
        await record.append(.moved, owner: .local, item: Self.item)
        await live.changed()
        let events = await Self.first(2, of: stream)
        #expect(Self.kinds(events) == ["checked 2", "moved 3"])
        guard case .change(let checked) = events.first else { return }
        #expect(checked.item == Self.item && checked.owner == .local)
    }

    @Test("LIVE-2 a person gets their own list's changes and a shared list's, never another person's")
    func test_LIVE_2_scoped() async throws {
        let record = InMemoryChangeRecord()
        let live = LiveChanges(record: record)
        let shopping = LiveAudience.SharedList(owner: ListOwner(account: Self.alice), list: "Shopping")
        let bobs = try await live.open(
            person: "bob", audience: Self.audience(Self.bob, shared: [shopping]),
            refresh: { Self.audience(Self.bob, shared: [shopping]) })
        await record.append(.created, owner: ListOwner(account: Self.alice), list: "Work", item: Self.item)  // hers alone
        await record.append(.created, owner: ListOwner(account: Self.alice), item: Self.item)  // hers, no list
        await record.append(.changed, owner: ListOwner(account: Self.alice), list: "Shopping", item: Self.item)
        await record.append(.created, owner: ListOwner(account: Self.bob), item: Self.item)
        await live.changed()
        #expect(Self.kinds(await Self.first(2, of: bobs)) == ["changed 3", "created 4"])
    }

    @Test("LIVE-2 unsharing ends the list's changes from the next one; sharing starts them")
    func test_LIVE_2_accessFollowsSharing() async throws {
        let record = InMemoryChangeRecord()
        let live = LiveChanges(record: record)
        let alice = ListOwner(account: Self.alice)
        let shopping = LiveAudience.SharedList(owner: alice, list: "Shopping")
        let shares = Shares()
        let bobs = try await live.open(
            person: "bob", audience: Self.audience(Self.bob),
            refresh: { Self.audience(Self.bob, shared: await shares.lists) })
        // Each change is handed out as it happens: what bob may read is asked when a change
        // shares or unshares a list with him.
        await record.append(.changed, owner: alice, list: "Shopping", item: Self.item)  // 1: not shared yet
        await live.changed()
        await shares.set([shopping])
        await record.append(.shared, owner: alice, list: "Shopping", person: Self.bob)  // 2
        await live.changed()
        await record.append(.changed, owner: alice, list: "Shopping", item: Self.item)  // 3
        await live.changed()
        await shares.set([])
        await record.append(.unshared, owner: alice, list: "Shopping", person: Self.bob)  // 4
        await live.changed()
        await record.append(.changed, owner: alice, list: "Shopping", item: Self.item)  // 5: not any more
        await record.append(.created, owner: ListOwner(account: Self.bob), item: Self.item)  // 6
        await live.changed()
        #expect(Self.kinds(await Self.first(4, of: bobs)) == ["shared 2", "changed 3", "unshared 4", "created 6"])
    }

    @Test("LIVE-3 a reconnect with Last-Event-ID gets what it missed first, then the live changes")
    func test_LIVE_3_catchUp() async throws {
        let record = InMemoryChangeRecord()
        let live = LiveChanges(record: record)
        let first = try await live.open(person: "", audience: LiveAudience(own: .local), refresh: { LiveAudience(own: .local) })
        for _ in 0..<3 { await record.append(.created, owner: .local, item: Self.item) }
        await live.changed()
        #expect(Self.kinds(await Self.first(3, of: first)) == ["created 1", "created 2", "created 3"])
        // The page reconnects having seen 1: it gets 2 and 3 again, then 4.
        let again = try await live.open(
            person: "", audience: LiveAudience(own: .local), refresh: { LiveAudience(own: .local) }, after: 1)
        await record.append(.deleted, owner: .local, item: Self.item)
        await live.changed()
        #expect(Self.kinds(await Self.first(3, of: again)) == ["created 2", "created 3", "deleted 4"])
    }

    @Test("LIVE-3 an id older than the record keeps, or one it never gave, answers reload first")
    func test_LIVE_3_gap() async throws {
        let record = InMemoryChangeRecord(kept: 2)
        for _ in 0..<5 { await record.append(.created, owner: .local, item: Self.item) }
        let live = LiveChanges(record: record)
        let old = try await live.open(person: "", audience: LiveAudience(own: .local), refresh: { LiveAudience(own: .local) }, after: 1)
        await live.changed()
        await record.append(.checked, owner: .local, item: Self.item)
        await live.changed()
        #expect(Self.kinds(await Self.first(2, of: old)) == ["reload", "checked 6"])
        let unknown = try await live.open(
            person: "", audience: LiveAudience(own: .local), refresh: { LiveAudience(own: .local) }, after: 99)
        await record.append(.unchecked, owner: .local, item: Self.item)
        await live.changed()
        #expect(Self.kinds(await Self.first(2, of: unknown)) == ["reload", "unchecked 7"])
    }

    @Test("LIVE-5 streams per person and per server are limited; a slow stream is dropped, not grown")
    func test_LIVE_5_limits() async throws {
        let record = InMemoryChangeRecord()
        let live = LiveChanges(record: record, limits: .init(perPerson: 2, total: 3, buffer: 4))
        let local = LiveAudience(own: .local)
        // Each stream is kept: a stream let go of ends, and frees its place.
        let slow = try await live.open(person: "a", audience: local, refresh: { local })
        let second = try await live.open(person: "a", audience: local, refresh: { local })
        await #expect(throws: LiveRefusal.tooManyForPerson) {
            try await live.open(person: "a", audience: local, refresh: { local })
        }
        let third = try await live.open(person: "b", audience: local, refresh: { local })
        await #expect(throws: LiveRefusal.tooManyForServer) {
            try await live.open(person: "c", audience: local, refresh: { local })
        }
        // Nobody reads `slow`: after its 4 buffered events it is ended, and its place is free.
        for _ in 0..<10 {
            await record.append(.created, owner: .local, item: Self.item)
            await live.changed()
        }
        #expect(await live.openStreams == 0, "every stream here was left unread: all dropped")
        // Read with a time limit: a stream that never ended would fail the test, not hang it.
        let received = await Self.first(100, of: slow)
        #expect(Self.kinds(received) == ["created 1", "created 2", "created 3", "created 4"], "what fitted, then the end")
        let fresh = try await live.open(person: "a", audience: local, refresh: { local })
        withExtendedLifetime((second, third, fresh)) {}
    }

    @Test("LIVE-5 more changes at once than half a buffer come as one reload, and the stream goes on")
    func test_LIVE_5_manyAtOnce() async throws {
        let record = InMemoryChangeRecord()
        let live = LiveChanges(record: record, limits: .init(buffer: 8))
        let local = LiveAudience(own: .local)
        let stream = try await live.open(person: "", audience: local, refresh: { local })
        for _ in 0..<5 { await record.append(.moved, owner: .local, item: Self.item) }
        await live.changed()
        await record.append(.checked, owner: .local, item: Self.item)
        await live.changed()
        #expect(Self.kinds(await Self.first(2, of: stream)) == ["reload", "checked 6"])
        // A reconnect far behind: a reload, not the 5 again.
        let behind = try await live.open(person: "", audience: local, refresh: { local }, after: 0)
        await live.changed()
        await record.append(.unchecked, owner: .local, item: Self.item)
        await live.changed()
        #expect(Self.kinds(await Self.first(2, of: behind)) == ["reload", "unchecked 7"])
    }

    @Test("LIVE-7 with no stream open a change costs no read of the record; a stream opened later starts after it")
    func test_LIVE_7_idleReadsNothing() async throws {
        let record = CountingRecord(InMemoryChangeRecord())
        let live = LiveChanges(record: record)
        for _ in 0..<3 {
            await record.inner.append(.created, owner: .local, item: Self.item)
            await live.changed()
        }
        #expect(await record.reads == 0)
        let local = LiveAudience(own: .local)
        let stream = try await live.open(person: "", audience: local, refresh: { local })
        await record.inner.append(.checked, owner: .local, item: Self.item)
        await live.changed()
        #expect(Self.kinds(await Self.first(1, of: stream)) == ["checked 4"])
        #expect(await record.reads > 0)
    }

    @Test("LIVE-5 closing ends every stream and refuses new ones")
    func test_LIVE_5_close() async throws {
        let live = LiveChanges(record: InMemoryChangeRecord())
        let local = LiveAudience(own: .local)
        let stream = try await live.open(person: "", audience: local, refresh: { local })
        await live.close()
        #expect(await Self.ends(stream), "ended, with nothing in it")
        await #expect(throws: LiveRefusal.tooManyForServer) { try await live.open(person: "", audience: local, refresh: { local }) }
    }

    @Test("LIVE-3 the record in memory keeps its latest changes and answers a gap before them")
    func test_LIVE_3_record() async {
        let record = InMemoryChangeRecord(kept: 3)
        #expect(await record.changes(after: 0, limit: 10) == .changes([]))
        for _ in 0..<5 { await record.append(.created, owner: .local) }
        #expect(await record.latestChangeID() == 5)
        #expect(await record.changes(after: 1, limit: 10) == .gap)
        guard case .changes(let kept) = await record.changes(after: 2, limit: 2) else {
            Issue.record("2 is kept")
            return
        }
        #expect(kept.map(\.id) == [3, 4])
        #expect(await record.changes(after: 5, limit: 10) == .changes([]))
        #expect(await record.changes(after: 6, limit: 10) == .gap)
        #expect(await record.changes(after: -1, limit: 10) == .gap)
    }
}

/// The lists shared with bob, as a test changes them.
actor Shares {
    var lists: Set<LiveAudience.SharedList> = []
    func set(_ lists: Set<LiveAudience.SharedList>) { self.lists = lists }
}

/// A record that counts the reads of its changes.
actor CountingRecord: ChangeRecord {
    let inner: InMemoryChangeRecord
    private(set) var reads = 0

    init(_ inner: InMemoryChangeRecord) { self.inner = inner }

    func latestChangeID() async throws -> Int64 { await inner.latestChangeID() }

    func changes(after id: Int64, limit: Int) async throws -> ChangesAfter {
        reads += 1
        return await inner.changes(after: id, limit: limit)
    }
}

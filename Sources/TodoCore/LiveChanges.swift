import Foundation

/// What a person may read of the changes (LIVE-2): their own list, and the lists shared with
/// them. Asked again whenever a change shares or unshares a list with them, so losing access
/// ends that list's changes from the next one.
public struct LiveAudience: Hashable, Sendable {
    /// A list of another owner shared with the person.
    public struct SharedList: Hashable, Sendable {
        public var owner: ListOwner
        public var list: String
        public init(owner: ListOwner, list: String) {
            self.owner = owner
            self.list = list
        }
    }

    /// The person's own list (the local list in one-person mode).
    public var own: ListOwner
    /// The person's account, for the changes that share a list with them; nil in local mode.
    public var person: UUID?
    public var shared: Set<SharedList>

    public init(own: ListOwner, person: UUID? = nil, shared: Set<SharedList> = []) {
        self.own = own
        self.person = person
        self.shared = shared
    }

    /// Whether the person may see `change`: one of their own list, one of a list shared with
    /// them, or the sharing or unsharing of a list with them.
    public func reads(_ change: ListChange) -> Bool {
        if change.owner == own { return true }
        if let person, change.person == person, change.kind == .shared || change.kind == .unshared { return true }
        guard let list = change.list else { return false }
        return shared.contains(SharedList(owner: change.owner, list: list))
    }

    /// Whether `change` may alter what the person may read.
    func isAltered(by change: ListChange) -> Bool {
        guard let person else { return false }
        return change.person == person && (change.kind == .shared || change.kind == .unshared)
    }
}

/// What a stream says (LIVE-1, LIVE-3).
public enum LiveEvent: Hashable, Sendable {
    case change(ListChange)
    /// The stream can't tell what was missed: show the view again.
    case reload
}

/// Why a stream was refused (LIVE-5).
public enum LiveRefusal: Error, Hashable, Sendable {
    /// The person has as many streams open as they may.
    case tooManyForPerson
    /// The server has as many streams open as it may.
    case tooManyForServer
}

/// The live changes of one process (docs/specs/live.md): it reads the database's change record
/// after the last change it has seen whenever told that something may have changed (after the
/// process's own writes, when another process's are noticed), and hands each change to every
/// open stream whose person may read it.
///
/// Each stream has a bounded buffer: a client that falls behind is dropped (its stream ends)
/// and comes back with the last id it got, instead of making the process grow (LIVE-5).
public actor LiveChanges {
    public struct Limits: Sendable {
        public var perPerson: Int
        public var total: Int
        /// Events a stream holds for a client that hasn't read them yet.
        public var buffer: Int
        /// Changes read from the record at once.
        public var batch: Int

        public init(perPerson: Int = 16, total: Int = 2_000, buffer: Int = 256, batch: Int = 500) {
            self.perPerson = perPerson
            self.total = total
            self.buffer = buffer
            self.batch = batch
        }
    }

    /// Asks again what a person may read (after a change shares or unshares a list with them).
    public typealias Audience = @Sendable () async throws -> LiveAudience

    private struct Stream {
        let person: String
        var audience: LiveAudience
        let refresh: Audience
        let continuation: AsyncStream<LiveEvent>.Continuation
        /// The last change id this stream is past.
        var since: Int64
    }

    private let record: any ChangeRecord
    private let limits: Limits
    private var streams: [UUID: Stream] = [:]
    /// The last change id handed out.
    private var cursor: Int64?
    private var reading = false
    private var again = false
    private var closed = false

    public init(record: any ChangeRecord, limits: Limits = Limits()) {
        self.record = record
        self.limits = limits
    }

    /// The streams open now.
    public var openStreams: Int { streams.count }

    /// Opens a stream of `person`'s changes. With `after` (a reconnect's `Last-Event-ID`), it
    /// first gives every change after that id the person may read, or `reload` when the record
    /// no longer has them (LIVE-3); without, it starts at the changes to come.
    public func open(
        person: String, audience: LiveAudience, refresh: @escaping Audience, after lastSeen: Int64? = nil
    ) async throws -> AsyncStream<LiveEvent> {
        if let refusal = refusal(for: person) { throw refusal }
        let point = try await startingPoint()
        // Read after the wait: changes may have been handed out meanwhile. (Had the cursor been
        // forgotten meanwhile, the next reading catches this stream up from `point`.)
        let start = cursor ?? point
        // The check again: others may have opened while the record was read.
        if let refusal = refusal(for: person) { throw refusal }
        let (stream, continuation) = AsyncStream.makeStream(of: LiveEvent.self, bufferingPolicy: .bufferingOldest(limits.buffer))
        let id = UUID()
        continuation.onTermination = { [weak self] _ in
            Task { await self?.forget(id) }
        }
        var since = start
        if let lastSeen {
            if lastSeen < 0 || lastSeen > start {
                continuation.yield(.reload)  // an id this record never gave
            } else {
                since = lastSeen
            }
        }
        streams[id] = Stream(person: person, audience: audience, refresh: refresh, continuation: continuation, since: since)
        if since < start { Task { await self.changed() } }
        return stream
    }

    /// Something may have changed: reads the record after the last change handed out and
    /// hands the new ones on. Calls while a reading runs make it read once more at its end.
    public func changed() async {
        // Nobody listens: nothing to read. The next stream starts from the record's newest change.
        guard !streams.isEmpty else {
            if !reading { cursor = nil }
            return
        }
        guard !reading else {
            again = true
            return
        }
        reading = true
        defer { reading = false }
        repeat {
            again = false
            do {
                try await handOut()
            } catch {
                // The record can't be read now (a busy or closed database): the next change tries again.
                return
            }
        } while again && !closed
    }

    /// Ends every stream (a server shutting down: LIVE-5) and refuses new ones.
    public func close() {
        closed = true
        for stream in streams.values { stream.continuation.finish() }
        streams = [:]
    }

    // MARK: - Inside

    /// Why `person` may not open one more stream now; nil when they may (LIVE-5).
    private func refusal(for person: String) -> LiveRefusal? {
        if closed || streams.count >= limits.total { return .tooManyForServer }
        if streams.values.count(where: { $0.person == person }) >= limits.perPerson { return .tooManyForPerson }
        return nil
    }

    private func startingPoint() async throws -> Int64 {
        if let cursor { return cursor }
        let latest = try await record.latestChangeID()
        if cursor == nil { cursor = latest }
        return cursor ?? latest
    }

    private func forget(_ id: UUID) {
        streams[id] = nil
    }

    /// Reads the new changes in batches and gives each stream those after its own place.
    private func handOut() async throws {
        let start = try await startingPoint()
        // Streams that reconnected behind the others catch up on their own first.
        for (id, stream) in streams where stream.since < start {
            try await catchUp(id, from: stream.since, to: start)
        }
        var from = start
        while true {
            guard case .changes(let changes) = try await record.changes(after: from, limit: limits.batch) else {
                // The process fell further behind than the record keeps: every stream reloads.
                let latest = try await record.latestChangeID()
                for id in streams.keys { send(.reload, to: id, through: latest) }
                cursor = latest
                return
            }
            guard let last = changes.last?.id else { return }
            for id in streams.keys { try await deliver(changes, to: id) }
            from = last
            cursor = last
            if changes.count < limits.batch { return }
        }
    }

    /// The changes after `from` up to `to` for one stream that reconnected behind.
    private func catchUp(_ id: UUID, from: Int64, to: Int64) async throws {
        var from = from
        while from < to {
            guard case .changes(let changes) = try await record.changes(after: from, limit: limits.batch) else {
                send(.reload, to: id, through: to)
                return
            }
            let upTo = changes.filter { $0.id <= to }
            try await deliver(upTo, to: id)
            guard let last = upTo.last?.id, upTo.count == changes.count, changes.count == limits.batch else {
                if let since = streams[id]?.since { streams[id]?.since = max(since, to) }
                return
            }
            from = last
        }
    }

    /// Gives `changes` to one stream, those after its place that its person may read, asking
    /// again what they may read when a change shares or unshares a list with them.
    private func deliver(_ changes: [ListChange], to id: UUID) async throws {
        // More at once than half a buffer holds (a renumbering, a reconnect far behind): one
        // reload says it better, and a client that reconnects isn't dropped again and again.
        if let stream = streams[id], let last = changes.last?.id,
            !changes.contains(where: { stream.audience.isAltered(by: $0) }),
            changes.count(where: { $0.id > stream.since && stream.audience.reads($0) }) > limits.buffer / 2
        {
            send(.reload, to: id, through: last)
            return
        }
        for change in changes {
            guard var stream = streams[id], change.id > stream.since else { continue }
            if stream.audience.isAltered(by: change) {
                let audience = try await stream.refresh()
                guard streams[id] != nil else { return }
                streams[id]?.audience = audience
                stream.audience = audience
            }
            if stream.audience.reads(change) {
                send(.change(change), to: id, through: change.id)
            } else {
                streams[id]?.since = change.id
            }
        }
    }

    /// One event to one stream; a stream whose buffer is full is ended (LIVE-5).
    private func send(_ event: LiveEvent, to id: UUID, through changeID: Int64) {
        guard let stream = streams[id] else { return }
        if case .dropped = stream.continuation.yield(event) {
            streams[id] = nil
            stream.continuation.finish()
            return
        }
        streams[id]?.since = max(stream.since, changeID)
    }
}

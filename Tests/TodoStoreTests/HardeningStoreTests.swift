import Foundation
import GRDB
import Testing
import TodoCore
@testable import TodoSQLite
import TodoTestSupport

/// The stores' side of docs/specs/hardening.md.
@Suite("Hardening: stores and schema")
struct HardeningStoreTests {
    private func fileStore(_ folder: TemporaryFolder) throws -> SQLiteTodoStore {
        SQLiteTodoStore(database: try AppDatabase.open(path: folder.file("todo.sqlite")), environment: .fixedForTests())
    }

    /// Runs raw SQL past the model, as a bug (or an older version) would.
    private func rawInsert(_ store: SQLiteTodoStore, title: String = "raw", position: Double = 0, version: Int = 1) async throws {
        try await store.database.writer.write { db in
            try db.execute(
                sql: """
                    INSERT INTO todoItem (owner, id, title, isDone, position, createdAt, updatedAt, version, number)
                    VALUES ('', lower(?), ?, 0, ?, 0, 0, ?, (SELECT COALESCE(MAX(number), 0) + 1 FROM todoItem))
                    """,
                arguments: [UUID().uuidString, title, position, version])
        }
    }

    // MARK: HARDEN-1 and HARDEN-8: the schema repeats the model's ranges

    @Test("HARDEN-1 the database refuses a version, a position or a timestamp outside the model's ranges")
    func test_HARDEN_1_schemaRepeatsTheRanges() async throws {
        let store = SQLiteTodoStore(database: try AppDatabase.inMemory(), environment: .fixedForTests())
        for (position, version) in [(0.0, Int.max), (0.0, 0), (-1e16, 1), (1e12 + 1, 1)] {
            await #expect(throws: DatabaseError.self) { try await rawInsert(store, position: position, version: version) }
        }
        try await rawInsert(store, position: -1e12, version: TodoRules.versionRange.upperBound)
        await #expect(throws: DatabaseError.self) {
            try await store.database.writer.write { db in
                try db.execute(sql: "UPDATE todoItem SET createdAt = ?", arguments: [TodoRules.timestampRange.upperBound + 1])
            }
        }
    }

    @Test("HARDEN-8 the model and the database agree on every length: at the limit both accept, one more both refuse")
    func test_HARDEN_8_modelAndSchemaAgree() async throws {
        let store = SQLiteTodoStore(database: try AppDatabase.inMemory(), environment: .fixedForTests())
        let heavy = "e\u{301}\u{300}"  // one character a person sees, three code points
        for unit in ["x", "é", "🍰", heavy] {
            let units = TodoRules.maxTitleLength / unit.unicodeScalars.count
            let fits = String(repeating: unit, count: units)
            let over = fits + String(repeating: "x", count: TodoRules.maxTitleLength - TodoRules.length(fits) + 1)
            #expect((try? TodoRules.title(fits)) != nil)
            try await rawInsert(store, title: fits)
            #expect(throws: TodoValidationError.self) { try TodoRules.title(over) }
            await #expect(throws: DatabaseError.self) { try await rawInsert(store, title: over) }
        }
    }

    @Test("HARDEN-8 what the database refuses reaches a person as a sentence, never as SQL")
    func test_HARDEN_8_noSQLInMessages() async throws {
        let database = try AppDatabase.inMemory()
        let failure: DatabaseError
        do {
            try await database.writer.write { db in try db.execute(sql: "INSERT INTO todoItem (id) VALUES ('x')") }
            Issue.record("the insert should have failed")
            return
        } catch let error as DatabaseError {
            failure = error
        }
        let message = "\(AppDatabase.storageError(failure, location: "in memory"))"
        #expect(message.contains("breaks a rule of the database"))
        for sql in ["INSERT", "todoItem", "constraint", "CHECK", "NOT NULL"] { #expect(!message.contains(sql), "\(message)") }
        let other = AppDatabase.storageError(DatabaseError(resultCode: .SQLITE_ERROR, message: "no such column: secret", sql: "SELECT secret"), location: "at x")
        #expect(!"\(other)".contains("secret"))
        #expect((other as? TodoStorageError)?.message == "The database at x failed (SQLite error 1); nothing was changed.")
    }

    @Test("HARDEN-1 a database an earlier version filled with out-of-range values is repaired when opened, losing no text")
    func test_HARDEN_1_migrationRepairsOldRows() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // The file as the version that ended with v3 left it, with rows its looser rules let in.
        let longTitle = String(repeating: "e\u{301}", count: 400)  // 400 characters, 800 code points
        let old = try DatabaseQueue(path: folder.file("todo.sqlite"))
        try AppDatabase.migrate(old, upTo: "v3 list rows from the section index")
        try await old.write { db in
            let rows: [(String, String, String?, Double, Int)] = [
                ("00000000-0000-4000-8000-000000000001", "max version", nil, 5, Int.max),
                ("00000000-0000-4000-8000-000000000002", "far out", nil, -1e16, 3),
                ("00000000-0000-4000-8000-000000000003", longTitle, "notes", 7, 2),
            ]
            for (id, title, details, position, version) in rows {
                try db.execute(
                    sql: "INSERT INTO todoItem (id, title, details, isDone, position, createdAt, updatedAt, version) VALUES (?, ?, ?, 0, ?, 0, 0, ?)",
                    arguments: [id, title, details, position, version])
            }
        }
        try old.close()
        let reopened = try fileStore(folder)
        let items = try await reopened.items()
        #expect(items.map(\.title.unicodeScalars.count) == [3 + 4, 11, TodoRules.maxTitleLength])
        #expect(items.map(\.position) == [0, 1, 2])
        #expect(items[1].version == TodoRules.versionRange.upperBound)
        #expect(items[2].details == longTitle + "\n\nnotes")
        #expect(items[2].title.hasSuffix("…"))
        // Section counts and the new constraints are in place.
        #expect(try await reopened.count(TodoFilter(unfinishedOnly: true)) == 3)
        await #expect(throws: DatabaseError.self) { try await rawInsert(reopened, version: 0) }
        // …and a change to the item at the top of the range starts its count again.
        #expect(try await reopened.update(id: items[1].id, TodoChanges(title: "bump"))?.version == 1)
    }

    // MARK: HARDEN-7: the list a batch at a time

    @Test("HARDEN-7 reading after a cursor walks the whole list in display order, batch by batch", arguments: StoreKind.allCases)
    func test_HARDEN_7_cursorPaging(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let added = try await sut.add(titles: (1...7).map { "T\($0)" })
        _ = try await sut.setDone(id: added[2].id, true)
        _ = try await sut.setDone(id: added[5].id, true)
        let whole = try await sut.items()
        var read: [TodoItem] = []
        var cursor: ListCursor?
        while true {
            let batch = try await sut.items(.all, after: cursor, limit: 3)
            read += batch
            guard batch.count == 3, let last = batch.last else { break }
            cursor = ListCursor(after: last)
        }
        #expect(read == whole)
        #expect(try await sut.items(TodoFilter(unfinishedOnly: true), after: nil, limit: 100) == whole.filter { !$0.isDone })
        // A cursor names a place, not an item: it still works after its item is gone.
        let place = ListCursor(after: whole[1])
        _ = try await sut.delete(id: whole[1].id)
        #expect(try await sut.items(.all, after: place, limit: 2) == Array(whole[2...3]))
    }

    // MARK: HARDEN-9: positions stay exact

    @Test("HARDEN-9 after an item placed far out, new items still go first, each with its own place", arguments: StoreKind.allCases)
    func test_HARDEN_9_newItemsStillGoFirst(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        _ = try await sut.add(TodoDraft(title: "anchor", position: TodoRules.positionRange.lowerBound))
        for title in ["B", "C", "D"] { _ = try await sut.add(TodoDraft(title: title)) }
        #expect(try await sut.sectionTitles().todo == ["D", "C", "B", "anchor"])
        let positions = try await sut.items().map(\.position)
        #expect(Set(positions).count == positions.count)
        #expect(positions.allSatisfy { TodoRules.comfortablePositions.contains($0) })
    }

    @Test("HARDEN-9 unchecking still puts an item last when the last of To Do is far out", arguments: StoreKind.allCases)
    func test_HARDEN_9_uncheckStillGoesLast(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        _ = try await sut.add(TodoDraft(title: "far", position: TodoRules.positionRange.upperBound))
        let done = try await sut.add(TodoDraft(title: "done", isDone: true))
        _ = try await sut.setDone(id: done.id, false)
        #expect(try await sut.sectionTitles().todo == ["far", "done"])
    }

    @Test("HARDEN-9 an import next to a far-out edge places its items exactly", arguments: StoreKind.allCases)
    func test_HARDEN_9_importNextToFarEdge(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        _ = try await sut.add(TodoDraft(title: "anchor", position: TodoRules.positionRange.lowerBound))
        let new = ["X", "Y"].enumerated().map { index, title in
            ImportedItem(
                item: TodoItem(id: TestEnvironment.id(100 + index), title: title, createdAt: TestEnvironment.referenceDate),
                given: [], origin: "item \(index + 1)")
        }
        _ = try await sut.importItems(new, dryRun: false)
        #expect(try await sut.sectionTitles().todo == ["X", "Y", "anchor"])
    }

    // MARK: HARDEN-10e: a long import does not leave others waiting

    @Test("HARDEN-10e while an import holds the file, another writer is told that the list is busy, and nothing changes")
    func test_HARDEN_10e_busyDuringImportAnswersAtOnce() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("todo.sqlite")
        let importer = try AppDatabase.open(path: path)
        let other = SQLiteTodoStore(database: try AppDatabase.open(path: path), environment: .fixedForTests())
        // The marker the importing store writes, naming this (live) process, and its lock.
        try Data("\(ProcessInfo.processInfo.processIdentifier)\n".utf8).write(to: URL(fileURLWithPath: path + ".importing"))
        defer { try? FileManager.default.removeItem(atPath: path + ".importing") }
        try await importer.writer.write { db in
            try db.execute(sql: "INSERT INTO project(owner, name) VALUES ('', 'holding the lock')")
            let error = try #require(throws: TodoStorageError.self) {
                try SQLiteTodoStore.blockingAdd(other, TodoDraft(title: "meanwhile"))
            }
            #expect(error.kind == .busy)
            #expect(error.message == "The list is busy: an import is writing to it. Try again in a moment; nothing was changed.")
        }
        #expect(try await other.items().isEmpty, "nothing was changed")
    }

    // "At once" is the busy handler's answer, not a time measured while the whole suite runs on
    // two cores: SQLite calls the handler each time it finds the lock taken, and gives up as soon
    // as the handler says no.
    @Test("HARDEN-10e the lock is not waited for while an import holds the file: the busy handler gives up on its first call")
    func test_HARDEN_10e_busyHandlerGivesUpAtOnceDuringImport() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let marker = ImportMarker(databasePath: folder.file("todo.sqlite"))
        guard case .callback(let waitAgain) = marker.busyMode() else {
            Issue.record("the busy mode is a callback")
            return
        }
        #expect(waitAgain(0), "without an import, a taken lock is waited for")
        #expect(waitAgain(519), "…for about ten seconds")
        #expect(!waitAgain(520), "…and no longer")
        try Data("\(ProcessInfo.processInfo.processIdentifier)\n".utf8).write(to: URL(fileURLWithPath: marker.path))
        #expect(!waitAgain(0), "while an import holds the file: not at all")
        try Data("999999999\n".utf8).write(to: URL(fileURLWithPath: marker.path))
        #expect(waitAgain(0), "a marker left by a process that is gone holds nothing")
    }

    @Test("HARDEN-10e without an import, a writer waits for the lock as before")
    func test_HARDEN_10e_ordinaryLocksAreWaitedFor() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("todo.sqlite")
        let holder = try AppDatabase.open(path: path)
        let other = SQLiteTodoStore(database: try AppDatabase.open(path: path), environment: .fixedForTests())
        let holding = DispatchSemaphore(value: 0)
        let release = Task {
            try await holder.writer.write { db in
                try db.execute(sql: "INSERT INTO project(owner, name) VALUES ('', 'brief')")
                holding.signal()
                // The lock is held a while (the behaviour under test), then let go.
                Thread.sleep(forTimeInterval: 0.3)
            }
        }
        // TEST-2: until the holder has its write lock, not for a fixed time.
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { holding.wait(); continuation.resume() }
        }
        #expect(try await other.add(TodoDraft(title: "after the lock")).title == "after the lock")
        try await release.value
    }
}

extension SQLiteTodoStore {
    /// `add` from synchronous code, for a test that holds a write transaction on another
    /// connection meanwhile.
    static func blockingAdd(_ store: SQLiteTodoStore, _ draft: TodoDraft) throws {
        let result = LockedResult()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do { _ = try await store.add(draft) } catch { result.error = error }
            done.signal()
        }
        done.wait()
        if let error = result.error { throw error }
    }
}

private final class LockedResult: @unchecked Sendable {
    var error: (any Error)?
}

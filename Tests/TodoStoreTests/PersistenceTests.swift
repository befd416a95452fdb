import Foundation
import GRDB
import Testing
import TodoCore
@testable import TodoSQLite
import TodoTestSupport

/// SAVE-1..3: what one store instance writes, a second instance opened later on the same
/// file reads — as after restarting the app.
@Suite("Persistence across restarts")
struct PersistenceTests {
    private func reopen(_ path: String) throws -> SQLiteTodoStore {
        SQLiteTodoStore(database: try AppDatabase.open(path: path), environment: .fixedForTests())
    }

    @Test("SAVE-1 an added item is there after a restart")
    func test_SAVE_1_addedItemSurvivesRestart() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("todo.sqlite")
        let added = try await reopen(path).add(TodoDraft(title: "Buy milk", dueDate: CalendarDate(iso: "2026-12-24")))
        #expect(try await reopen(path).items() == [added])
    }

    @Test("SAVE-2 a changed item shows its latest state after a restart")
    func test_SAVE_2_changesSurviveRestart() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("todo.sqlite")
        let item = try await reopen(path).add(TodoDraft(title: "Draft"))
        let changed = try #require(try await reopen(path).update(
            id: item.id,
            TodoChanges(
                title: "Final", details: "notes", isDone: true, dueDate: CalendarDate(iso: "2027-01-02"),
                location: Location(name: "Office", latitude: 52.52, longitude: 13.4), project: Project(name: "Work"),
                estimateMinutes: 45, repeatRule: .weekly(on: [.tuesday, .thursday]))))
        #expect(try await reopen(path).item(id: item.id) == changed)
    }

    @Test("SAVE-3 a deleted item is gone after a restart")
    func test_SAVE_3_deletionSurvivesRestart() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("todo.sqlite")
        let items = try await reopen(path).add(titles: ["keep", "drop"])
        #expect(try await reopen(path).delete(id: items[1].id))
        #expect(try await reopen(path).items().map(\.title) == ["keep"])
    }

    @Test("two instances open at once on one file see each other's writes")
    func test_twoInstances_shareOneFile() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("todo.sqlite")
        let first = try reopen(path)
        let second = try reopen(path)
        let item = try await first.add(TodoDraft(title: "from first"))
        _ = try await second.setDone(id: item.id, true)
        #expect(try await first.item(id: item.id)?.isDone == true)
    }
}

@Suite("AppDatabase")
struct AppDatabaseTests {
    @Test("the file is in WAL mode with foreign keys on, and every commit is synced to disk",
          arguments: [false, true])
    func test_walForeignKeysAndFullSync(concurrentReads: Bool) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = try AppDatabase.open(path: folder.file("todo.sqlite"), concurrentReads: concurrentReads)
        let (mode, foreignKeys, synchronous) = try await database.writer.write { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Bool.fetchOne(db, sql: "PRAGMA foreign_keys"),
             try Int.fetchOne(db, sql: "PRAGMA synchronous"))
        }
        #expect(mode == "wal")
        #expect(foreignKeys == true)
        #expect(synchronous == 2, "FULL: a commit is on disk before it is acknowledged")
    }

    @Test("opening an existing file to read it writes nothing to it")
    func test_openAndRead_leavesFileUnchanged() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("todo.sqlite")
        _ = try await SQLiteTodoStore(database: try AppDatabase.open(path: path), environment: .fixedForTests()).add(TodoDraft(title: "Kept"))
        // The last connection has closed: the file holds everything and the -wal file is gone.
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(try await SQLiteTodoStore(database: try AppDatabase.open(path: path), environment: .fixedForTests()).items().map(\.title) == ["Kept"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("CHECK and NOT NULL constraints keep bad rows out even when code bypasses the rules",
          arguments: [
            "title = '   '", "title = NULL", "isDone = 2", "dueDate = '2026-02-30'", "dueDate = 'soon'",
            "repeatDays = 128", "estimateMinutes = 0", "completedAt = NULL, isDone = 1",
            "locationLatitude = 1", "projectId = 999", "version = 0", "id = 'X'",
          ])
    func test_constraints_refuseBadRows(_ assignment: String) async throws {
        let database = try AppDatabase.inMemory()
        let store = SQLiteTodoStore(database: database, environment: .fixedForTests())
        let item = try await store.add(TodoDraft(title: "valid"))
        await #expect(throws: DatabaseError.self) {
            try await database.writer.write { db in
                try db.execute(sql: "UPDATE todoItem SET \(assignment) WHERE id = ?", arguments: [item.id.lowercasedText])
            }
        }
        #expect(try await store.items() == [item])
    }

    @Test("listing, checking and adding read through indexes, not table scans")
    func test_queryPlans_useIndexes() async throws {
        let database = try AppDatabase.inMemory()
        let plans = try await database.writer.read { db in
            try [
                "SELECT id FROM todoItem WHERE owner = '' ORDER BY isDone, position, id",
                "SELECT MIN(position) FROM todoItem WHERE owner = '' AND isDone = 1",
                "SELECT MAX(position) FROM todoItem WHERE owner = '' AND isDone = 0",
                "SELECT id FROM todoItem WHERE owner = '' AND dueDate = '2026-01-01' ORDER BY isDone, position",
                "SELECT id FROM todoItem WHERE owner = '' AND projectId = 1 ORDER BY isDone, position",
                // A later page of a section (`listEntries` with an offset)
                """
                SELECT i.id, i.title FROM todoItem i WHERE i.owner = '' AND i.isDone = 1 AND (i.position, i.id) >= (SELECT
                position, id FROM todoItem WHERE owner = '' AND isDone = 1 ORDER BY position, id LIMIT 1 OFFSET 50)
                ORDER BY i.position, i.id LIMIT 50
                """,
            ].map { sql in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }.joined(separator: "; ")
            }
        }
        for plan in plans {
            #expect(plan.contains("INDEX"), "\(plan)")
            #expect(!plan.contains("TEMP B-TREE"), "\(plan) sorts instead of reading in index order")
        }
        let listRows = try await database.writer.read { db in
            try Row.fetchAll(db, sql: """
                EXPLAIN QUERY PLAN SELECT i.id, i.title, i.locationName, i.dueDate, i.position FROM todoItem i
                WHERE i.owner = '' AND i.isDone = 0 ORDER BY i.position, i.id LIMIT 1000
                """).map { $0["detail"] as String }.joined(separator: "; ")
        }
        #expect(listRows.contains("COVERING INDEX"), "list rows come from the index alone: \(listRows)")
    }

    @Test("the section counts kept by triggers match the rows through adds, checks, unchecks, deletes, imports and clearing")
    func test_sectionCounts_followEveryWrite() async throws {
        let database = try AppDatabase.inMemory()
        let store = SQLiteTodoStore(database: database, environment: .fixedForTests())
        func expectCountsMatchRows(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
            let (kept, counted) = try await database.writer.read { db in
                (try [0, 1].map { done in
                    // A section's row is made by its first item.
                    try Int.fetchOne(
                        db, sql: "SELECT COALESCE((SELECT count FROM sectionCount WHERE owner = '' AND isDone = ?), 0)",
                        arguments: [done]) ?? -1
                 },
                 try [0, 1].map { done in
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM todoItem WHERE isDone = ?", arguments: [done]) ?? -1
                 })
            }
            #expect(kept == counted, "\(step)", sourceLocation: sourceLocation)
        }
        try await expectCountsMatchRows("empty")
        var items: [TodoItem] = []
        for index in 0..<6 { items.append(try await store.add(TodoDraft(title: "T\(index)", isDone: index == 5))) }
        try await expectCountsMatchRows("added")
        _ = try await store.setDone(id: items[0].id, true)
        _ = try await store.setDone(id: items[1].id, true)
        _ = try await store.update(id: items[2].id, TodoChanges(title: "Renamed"))
        try await expectCountsMatchRows("checked")
        _ = try await store.setDone(id: items[0].id, false)
        _ = try await store.setDone(id: items[0].id, false)
        try await expectCountsMatchRows("unchecked")
        _ = try await store.delete(id: items[1].id)
        _ = try await store.delete(id: items[3].id)
        try await expectCountsMatchRows("deleted")
        var replaced = items[4]
        replaced.isDone = true
        replaced.completedAt = replaced.updatedAt
        _ = try await store.importItems([replaced, TodoItem(id: UUID(), title: "New", createdAt: TestEnvironment.referenceDate)])
        try await expectCountsMatchRows("imported")
        #expect(try await store.count(.all) == 5)
        #expect(try await store.count(TodoFilter(unfinishedOnly: true)) == 3)
        try await store.deleteAll()
        try await expectCountsMatchRows("cleared")
    }

    @Test("a database from before the section counts gets them counted when it is opened")
    func test_sectionCountsMigration_countsExistingRows() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("todo.sqlite")
        // The file as the first version of Todo left it: five items, two of them done.
        let old = try DatabaseQueue(path: path)
        try AppDatabase.migrate(old, upTo: "v1 items and projects")
        try await old.write { db in
            for index in 0..<5 {
                try db.execute(
                    sql: """
                        INSERT INTO todoItem (id, title, isDone, position, createdAt, updatedAt, completedAt, version)
                        VALUES (?, ?, ?, ?, 0, 0, ?, 1)
                        """,
                    arguments: [TestEnvironment.id(index + 1).lowercasedText, "T\(index)", index < 2, Double(index), index < 2 ? 0 : nil])
            }
        }
        try old.close()
        let reopened = SQLiteTodoStore(database: try AppDatabase.open(path: path), environment: .fixedForTests())
        #expect(try await reopened.count(.all) == 5)
        #expect(try await reopened.count(TodoFilter(unfinishedOnly: true)) == 3)
    }

    @Test("a database written by a newer schema is refused with a clear message and left unchanged")
    func test_newerSchema_isRefused() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("todo.sqlite")
        let database = try AppDatabase.open(path: path)
        try await database.writer.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99 from the future')")
        }
        #expect {
            try AppDatabase.open(path: path)
        } throws: { error in
            let storage = error as? TodoStorageError
            return storage?.kind == .newerSchema && storage?.message.contains("newer version of Todo") == true
        }
    }

    @Test("a file that is not a database is refused with a clear message and left unchanged")
    func test_corruptFile_isRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("todo.sqlite")
        let garbage = Data(repeating: 0x42, count: 8192)
        try garbage.write(to: URL(fileURLWithPath: path))
        #expect {
            try AppDatabase.open(path: path)
        } throws: { error in
            (error as? TodoStorageError)?.kind == .corrupt
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }

    @Test("a path whose folder is a file is refused with a clear message")
    func test_folderIsAFile_isRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data().write(to: URL(fileURLWithPath: folder.file("plain")))
        #expect {
            try AppDatabase.open(path: folder.file("plain/todo.sqlite"))
        } throws: { error in
            (error as? TodoStorageError)?.message.contains("is not a folder") == true
        }
    }
}

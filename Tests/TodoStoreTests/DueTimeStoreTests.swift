import Foundation
import GRDB
import Testing
import TodoCore
@testable import TodoPostgres
import TodoPostgresTestSupport
@testable import TodoSQLite
import TodoTestSupport

/// Due times in every store (docs/specs/times.md, TIME-1…4): stored and read back, on list
/// rows, in the Trash; a time belongs to its date; a repeat keeps it; and the migrations.
@Suite("Due times: stores")
struct DueTimeStoreTests {
    @Test("TIME-1 TIME-3 a due time is stored to the minute, changed, cleared, kept in the Trash and restored, and read on list rows",
          arguments: StoreKind.allCases)
    func test_TIME_1_stored(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let day = try #require(CalendarDate(iso: "2026-12-08"))
        let dentist = try await sut.add(TodoDraft(title: "Call the dentist", dueDate: day, dueTime: TimeOfDay(hour: 15, minute: 0)))
        let midnight = try await sut.add(TodoDraft(title: "Midnight", dueDate: day, dueTime: TimeOfDay(minutes: 0)))
        let late = try await sut.add(TodoDraft(title: "Late", dueDate: day, dueTime: TimeOfDay(hour: 23, minute: 59)))
        #expect(try await sut.item(id: dentist.id)?.dueTime?.text == "15:00")
        #expect(try await sut.item(id: midnight.id)?.dueTime?.text == "00:00")
        let rows = try await sut.listEntries(.all, in: .todo, offset: 0, limit: 10)
        #expect(rows.map { $0.content.dueTime?.text } == ["23:59", "00:00", "15:00"])

        #expect(try await sut.update(id: late.id, TodoChanges(dueTime: TimeOfDay(hour: 9, minute: 30)), expectedVersion: nil)?.dueTime?.text == "09:30")
        #expect(try await sut.update(id: late.id, TodoChanges(dueTime: .some(nil)), expectedVersion: nil)?.dueTime == nil)
        #expect(try await sut.delete(id: dentist.id))
        #expect(try await sut.trash().first?.item.dueTime?.text == "15:00")
        #expect(try await sut.restore(id: dentist.id)?.dueTime?.text == "15:00")
    }

    @Test("TIME-2 a time without a date is refused and nothing changes; clearing the date clears the time; changing it keeps the time",
          arguments: StoreKind.allCases)
    func test_TIME_2_aTimeBelongsToItsDate(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        await #expect(throws: TodoValidationError.timeWithoutDate) {
            try await sut.add(TodoDraft(title: "When?", dueTime: TimeOfDay(hour: 15, minute: 0)))
        }
        let call = try await sut.add(TodoDraft(title: "Call", dueDate: CalendarDate(iso: "2026-12-08"), dueTime: TimeOfDay(hour: 15, minute: 0)))
        let moved = try await sut.update(id: call.id, TodoChanges(dueDate: CalendarDate(iso: "2026-12-09")), expectedVersion: nil)
        #expect(moved?.dueDate?.iso == "2026-12-09" && moved?.dueTime?.text == "15:00")
        let cleared = try await sut.update(id: call.id, TodoChanges(dueDate: .some(nil)), expectedVersion: nil)
        #expect(cleared?.dueDate == nil && cleared?.dueTime == nil)
        await #expect(throws: TodoValidationError.timeWithoutDate) {
            try await sut.update(id: call.id, TodoChanges(dueTime: TimeOfDay(hour: 8, minute: 0)), expectedVersion: nil)
        }
        #expect(try await sut.items().map(\.title) == ["Call"])
    }

    @Test("TIME-4 the next occurrence of a repeating to-do with a time is due at the same time on its next date",
          arguments: StoreKind.allCases)
    func test_TIME_4_aRepeatKeepsTheTime(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let standup = try await sut.add(TodoDraft(
            title: "Stand-up", dueDate: CalendarDate(iso: "2026-11-23"), repeatRule: .weekly(on: [.monday]),
            dueTime: TimeOfDay(hour: 9, minute: 15)))
        _ = try await sut.setDone(id: standup.id, true)
        let next = try #require(try await sut.nextOccurrence(of: standup.id))
        #expect(next.dueDate?.iso == "2026-11-30" && next.dueTime?.text == "09:15")
    }

    @Test("TIME-1 migration v18-due-time: a v17 file's items keep everything and have no time; the column is in the section index")
    func test_TIME_1_sqliteMigration() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("todo.sqlite")
        do {
            let queue = try DatabaseQueue(path: path)
            try AppDatabase.migrate(queue, upTo: "v17-parent an item's parent, in the section index")
            try await queue.write { db in
                try db.execute(sql: """
                    INSERT INTO todoItem (owner, id, title, isDone, dueDate, position, createdAt, updatedAt, version, number)
                    VALUES ('', ?, 'Kept', 0, '2026-12-08', 1, 0, 0, 1, 100)
                    """, arguments: [TestEnvironment.id(500).lowercasedText])
            }
            try queue.close()
        }
        let database = try AppDatabase.open(path: path)
        defer { try? database.close() }
        let store = SQLiteTodoStore(database: database, environment: TestEnvironment().environment)
        let kept = try #require(try await store.items().first)
        #expect(kept.title == "Kept" && kept.dueDate?.iso == "2026-12-08" && kept.dueTime == nil)
        #expect(try await store.update(id: kept.id, TodoChanges(dueTime: TimeOfDay(hour: 15, minute: 0)), expectedVersion: nil)?.dueTime?.text == "15:00")
        let indexed = try await database.writer.read { db in
            try Row.fetchAll(db, sql: "PRAGMA index_info(todoItem_section)").map { $0["name"] as String }
        }
        #expect(indexed.last == "dueTime")
    }

    @Test("TIME-1 PostgreSQL migration 13: items keep everything and have no time; a time set then is read on its row")
    func test_TIME_1_postgresMigration() async throws {
        let database = try PostgresTestDatabase.freshUnmigratedDatabase()
        try await database.migrate(through: 12)
        let s = "\"\(database.schema)\""
        try await PostgresTestDatabase.query("""
            INSERT INTO \(unescaped: s).todo_item (owner, id, title, is_done, due_date, position, created_at, updated_at, version, number)
            VALUES ('', \(TestEnvironment.id(500)), 'Kept', false, '2026-12-08', 1, 0, 0, 1, 100)
            """)
        try await database.migrate()
        let store = database.store(environment: TestEnvironment().environment)
        let kept = try #require(try await store.items().first)
        #expect(kept.dueDate?.iso == "2026-12-08" && kept.dueTime == nil)
        _ = try await store.update(id: kept.id, TodoChanges(dueTime: TimeOfDay(hour: 15, minute: 0)), expectedVersion: nil)
        #expect(try await store.listEntries(.all, in: .todo, offset: 0, limit: 1).first?.content.dueTime?.text == "15:00")
    }
}

/// A time of day as text (TIME-3), without a store.
@Suite("Due times: the time of day")
struct TimeOfDayTests {
    @Test("TIME-3 H:MM, HH:MM and HH:MM:SS are read (seconds dropped), written as HH:MM; anything else is no time")
    func test_TIME_3_text() {
        #expect(TimeOfDay(text: "9:05")?.text == "09:05")
        #expect(TimeOfDay(text: "15:00")?.minutes == 900)
        #expect(TimeOfDay(text: "23:59:59")?.text == "23:59")
        for bad in ["24:00", "12:60", "1500", "3pm", "", ":30", "12:3", "１２:００", "-1:00", "12:00:60", "12:00:00:00"] {
            #expect(TimeOfDay(text: bad) == nil, "\(bad)")
        }
    }

    @Test("TIME-8 a moment's time of day, and the moment of a day at a time, in a zone")
    func test_TIME_8_moments() throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let day = try #require(CalendarDate(iso: "2026-12-30"))
        let moment = try #require(TimeOfDay(hour: 15, minute: 0)).moment(on: day, in: tokyo)
        #expect(moment == Date(timeIntervalSince1970: 1_798_610_400))  // 2026-12-30T06:00:00Z
        #expect(TimeOfDay(moment, in: tokyo).text == "15:00")
        #expect(TimeOfDay(moment, in: try #require(TimeZone(identifier: "UTC"))).text == "06:00")
    }
}

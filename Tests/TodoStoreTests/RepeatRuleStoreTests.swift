import Foundation
import GRDB
import Testing
import TodoCore
@testable import TodoPostgres
import TodoPostgresTestSupport
@testable import TodoSQLite
import TodoTestSupport

/// docs/specs/repeats.md, REPEAT-13…15: an item's repeat rule in every store — kept whole, in
/// the Trash and back, reckoned when it is checked, dated when it has no date — and the
/// migrations that turned the repeat days into rules.
@Suite("Repeats: the item's rule in the stores")
struct RepeatRuleStoreTests {
    static let rules: [RepeatRule] = [
        RepeatRule(.monthly, days: [RepeatRule.Day(.tuesday, nth: 2)]),
        RepeatRule(.daily, interval: 3, afterCompletion: true),
        RepeatRule(.yearly, months: [3], monthDays: [5], end: .until(CalendarDate(year: 2030, month: 3, day: 5)!)),
        try! RepeatRule(rruleText: "FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;X-CLIENT=kept;COUNT=4"),
    ]

    @Test("REPEAT-13 a rule is stored whole, on list rows, in the Trash and back", arguments: StoreKind.allCases)
    func test_REPEAT_13_storedWhole(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        var added: [TodoItem] = []
        for (index, rule) in Self.rules.enumerated() {
            added.append(try await sut.add(TodoDraft(title: "R\(index)", dueDate: CalendarDate(iso: "2026-12-08"), repeatRule: rule)))
        }
        #expect(added.map(\.repeatRule) == Self.rules)
        #expect(try await sut.items().sorted { $0.title < $1.title }.map(\.repeatRule) == Self.rules)
        let rows = try await sut.listEntries(.all, in: .todo, offset: 0, limit: 10)
        #expect(rows.sorted { $0.title < $1.title }.map(\.repeatRule) == Self.rules)
        let cleared = try await sut.update(id: added[0].id, TodoChanges(repeatRule: .some(nil)), expectedVersion: nil)
        #expect(cleared?.repeatRule == nil)
        #expect(try await sut.delete(id: added[1].id))
        #expect(try await sut.trash().first?.item.repeatRule == Self.rules[1])
        #expect(try await sut.restore(id: added[1].id)?.repeatRule == Self.rules[1])
        // A rule the Model refuses never reaches a store (REPEAT-7).
        await #expect(throws: TodoValidationError.repeatRule(.outOfRange(part: "INTERVAL", value: "0"))) {
            try await sut.add(TodoDraft(title: "Never", repeatRule: RepeatRule(.daily, interval: 0)))
        }
    }

    @Test("REPEAT-14 checking gives the next occurrence of any rule; its count goes down; the last gives none",
          arguments: StoreKind.allCases)
    func test_REPEAT_14_checked(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let rent = try await sut.add(TodoDraft(
            title: "Pay rent", dueDate: CalendarDate(iso: "2026-12-08"),
            repeatRule: RepeatRule(.monthly, days: [RepeatRule.Day(.tuesday, nth: 2)], end: .count(2))))
        _ = try await sut.setDone(id: rent.id, true)
        let next = try #require(try await sut.nextOccurrence(of: rent.id))
        #expect(next.dueDate == CalendarDate(iso: "2027-01-12") && next.repeatRule?.end == .count(1) && !next.isDone)
        _ = try await sut.setDone(id: next.id, true)
        #expect(try await sut.nextOccurrence(of: next.id) == nil, "the last of its count")
        #expect(try await sut.items().filter { !$0.isDone }.isEmpty)
    }

    @Test("REPEAT-15 an item given a repeat without a date is due on its first date; so is one whose date is removed",
          arguments: StoreKind.allCases)
    func test_REPEAT_15_dated(_ kind: StoreKind) async throws {
        let env = TestEnvironment()
        let sut = try await kind.makeSUT(env)
        let today = env.environment.today
        let plants = try await sut.add(TodoDraft(title: "Water the plants", repeatRule: RepeatRule(.daily)))
        #expect(plants.dueDate == today)
        #expect(try await sut.items(TodoFilter(due: .todayWithOverdue(today))).map(\.title) == ["Water the plants"])
        let undated = try await sut.update(id: plants.id, TodoChanges(dueDate: .some(nil)), expectedVersion: nil)
        #expect(undated?.dueDate == today)
        let once = try await sut.add(TodoDraft(title: "Once"))
        let weekly = try await sut.update(id: once.id, TodoChanges(repeatRule: .weekly(on: [today.adding(days: 2).weekday])), expectedVersion: nil)
        #expect(weekly?.dueDate == today.adding(days: 2))
    }
}

extension RepeatRuleStoreTests {
    /// Repeat days as bit sets, Monday the lowest bit (as earlier versions stored them), and the rule each becomes.
    static let masks: [(Int, String?)] = [(0, nil), (1, "FREQ=WEEKLY;BYDAY=MO"), (5, "FREQ=WEEKLY;BYDAY=MO,WE"), (96, "FREQ=WEEKLY;BYDAY=SA,SU"),
                                          (127, "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU")]

    @Test("REPEAT-13 migration v16-repeat-rule: a v15 file's repeat days become weekly rules, in the list and the Trash")
    func test_REPEAT_13_sqliteMigration() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("todo.sqlite")
        do {
            let queue = try DatabaseQueue(path: path)
            try AppDatabase.migrate(queue, upTo: "v15-tags an item's tags, in the section index")
            try await queue.write { db in
                for (index, (mask, _)) in Self.masks.enumerated() {
                    try db.execute(sql: """
                        INSERT INTO todoItem (owner, id, title, isDone, repeatDays, position, createdAt, updatedAt, version, number)
                        VALUES ('', ?, ?, 0, ?, ?, 0, 0, 1, ?)
                        """, arguments: [TestEnvironment.id(index + 1).lowercasedText, "mask \(mask)", mask, index, index + 1])
                }
                try db.execute(sql: """
                    INSERT INTO trashedItem (owner, id, title, isDone, repeatDays, position, createdAt, updatedAt, version, number, deletedAt)
                    VALUES ('', ?, 'trashed', 0, 3, 9, 0, 0, 1, 9, \(Timestamp.milliseconds(TestEnvironment.referenceDate)))
                    """, arguments: [TestEnvironment.id(99).lowercasedText])
            }
            try queue.close()
        }
        let database = try AppDatabase.open(path: path)
        defer { try? database.close() }
        let store = SQLiteTodoStore(database: database, environment: TestEnvironment().environment)
        let items = try await store.items().sorted { $0.position < $1.position }
        #expect(items.map { $0.repeatRule?.rruleText } == Self.masks.map(\.1))
        #expect(items.allSatisfy { $0.repeatRule?.afterCompletion != true })
        #expect(try await store.trash().first?.item.repeatRule == .weekly(on: [.monday, .tuesday]))
        let columns = try await database.writer.read { db in try db.columns(in: "todoItem").map(\.name) }
        #expect(!columns.contains("repeatDays") && columns.contains("repeatRule"))
    }

    @Test("REPEAT-13 PostgreSQL migration 11: repeat days become weekly rules, in the list and the Trash")
    func test_REPEAT_13_postgresMigration() async throws {
        let database = try PostgresTestDatabase.freshUnmigratedDatabase()
        try await database.migrate(through: 10)
        let s = "\"\(database.schema)\""
        for (index, (mask, _)) in Self.masks.enumerated() {
            try await PostgresTestDatabase.query("""
                INSERT INTO \(unescaped: s).todo_item (owner, id, title, is_done, repeat_days, position, created_at, updated_at, version, number)
                VALUES ('', \(TestEnvironment.id(index + 1)), \("mask \(mask)"), false, \(mask), \(Double(index)), 0, 0, 1, \(index + 1))
                """)
        }
        try await PostgresTestDatabase.query("""
            INSERT INTO \(unescaped: s).trashed_item (owner, id, title, is_done, repeat_days, position, created_at, updated_at, version, number, deleted_at)
            VALUES ('', \(TestEnvironment.id(99)), 'trashed', false, 3, 9, 0, 0, 1, 9, \(Timestamp.milliseconds(TestEnvironment.referenceDate)))
            """)
        try await database.migrate()
        let store = database.store(environment: TestEnvironment().environment)
        let items = try await store.items().sorted { $0.position < $1.position }
        #expect(items.map { $0.repeatRule?.rruleText } == Self.masks.map(\.1))
        #expect(try await store.trash().first?.item.repeatRule == .weekly(on: [.monday, .tuesday]))
        let rows = try await store.listEntries(.all, in: .todo, offset: 0, limit: 10)
        #expect(rows.sorted { $0.title < $1.title }.first?.repeatRule == nil, "mask 0")
    }
}

import Foundation
import GRDB
import Testing
import TodoCore
@testable import TodoSQLite
import TodoTestSupport

/// Issue 32: the SQLite store's item columns follow `ItemField.all`; the trigger that tells a
/// move from a change (docs/specs/live.md, LIVE-7) follows them too, and is made again when an
/// older version's text is in the file.
@Suite("SQLite: an item's columns, from its fields")
struct SQLiteStoredColumnsTests {
    /// The columns of `table`.
    static func columns(_ database: AppDatabase, _ table: String) async throws -> Set<String> {
        try await database.writer.read { db in Set(try db.columns(in: table).map(\.name)) }
    }

    static func triggerText(_ database: AppDatabase) async throws -> String? {
        try await database.writer.read { db in
            try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'change_itemUpdated'")
        }
    }

    @Test("every field has its columns in a fresh database's todoItem and trashedItem, and the statements list them all")
    func everyFieldHasItsColumns() async throws {
        let database = try AppDatabase.inMemory()
        let items = try await Self.columns(database, "todoItem"), trash = try await Self.columns(database, "trashedItem")
        for field in ItemField.all {
            for column in ItemColumn.columns(of: field) {
                #expect(items.contains(column.itemColumn), "\(field): todoItem.\(column.itemColumn)")
                #expect(trash.contains(column.trashColumn), "\(field): trashedItem.\(column.trashColumn)")
            }
        }
        #expect(Set(ItemColumn.all.map(\.itemColumn)) == items.subtracting(["owner", "nextOccurrenceId"]))
        #expect(Set(ItemColumn.all.map(\.trashColumn)) == trash.subtracting(["owner", "deletedAt"]))
    }

    @Test("a list row reads only what the section index holds: its fields' indexed columns, the id and number")
    func listRowsFromTheIndex() {
        let indexed = Set(Schema.sectionIndexColumns.components(separatedBy: ", "))
        let read = ListEntryColumn.selected.components(separatedBy: ", ").filter { $0 != "NULL" }
        #expect(read.allSatisfy { $0.hasPrefix("i.") && indexed.contains(String($0.dropFirst(2))) }, "\(read)")
        #expect(read == ["i.id", "i.title", "i.isDone", "i.dueDate", "i.locationName", "i.projectId",
                         "i.estimateMinutes", "i.repeatRule", "i.repeatAfterCompletion", "i.priority", "i.tags", "i.parent", "i.dueTime", "i.number"])
    }

    @Test("LIVE-7 change_itemUpdated tells a move from a change by every field's columns but isDone")
    func triggerComparesEveryField() async throws {
        let database = try AppDatabase.inMemory()
        let text = try #require(try await Self.triggerText(database))
        for field in ItemField.all where field != .isDone {
            for column in ItemColumn.columns(of: field) {
                #expect(text.contains("OLD.\(column.itemColumn) IS NEW.\(column.itemColumn)"), "\(field)")
            }
        }
        #expect(!text.contains("OLD.isDone IS NEW.isDone"))
    }

    @Test("LIVE-7 LIVE-8 a file whose change_itemUpdated has an older text gets this version's when opened")
    func outdatedTriggerMadeAgain() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("todo.sqlite")
        let current: String
        do {
            let database = try AppDatabase.open(path: path)
            current = try #require(try await Self.triggerText(database))
            // As a version before a field was added left it: the field's column not compared.
            let older = current.replacingOccurrences(of: " AND OLD.repeatAfterCompletion IS NEW.repeatAfterCompletion", with: "")
            #expect(older != current)
            try await database.writer.write { db in
                try db.execute(sql: "DROP TRIGGER change_itemUpdated; " + older)
            }
            #expect(try await Self.triggerText(database) == older)
            try database.close()
        }
        let database = try AppDatabase.open(path: path)
        defer { try? database.close() }
        #expect(try await Self.triggerText(database) == current)
        // And it works: a move that also changed whether the repeat counts from completion is a change.
        let store = SQLiteTodoStore(database: database, environment: .fixedForTests())
        let record = SQLiteChangeRecord(database: database)
        let item = try await store.add(TodoDraft(title: "Water the plants", repeatRule: .weekly(on: [.sunday])))
        let before = try await record.latestChangeID()
        _ = try await store.update(id: item.id, TodoChanges(repeatRule: RepeatRule(.weekly, days: [RepeatRule.Day(.sunday)], afterCompletion: true), position: 99))
        guard case .changes(let changes) = try await record.changes(after: before, limit: 10) else {
            Issue.record("the change is kept")
            return
        }
        #expect(changes.map(\.kind) == [.changed])
    }
}

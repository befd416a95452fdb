import Foundation
import PostgresNIO
import Testing
import TodoCore
@testable import TodoPostgres
import TodoPostgresTestSupport
import TodoTestSupport

/// Issue 32: the PostgreSQL store's item columns follow `ItemField.all`; the function that tells
/// a move from a change (docs/specs/live.md, LIVE-7 and LIVE-9) follows them too, and is
/// replaced when an older version's text is in the schema.
@Suite("PostgreSQL: an item's columns, from its fields")
struct PostgresStoredColumnsTests {
    /// The columns of `table` in the database's schema.
    static func columns(_ database: PostgresTodoDatabase, _ table: String) async throws -> Set<String> {
        let rows = try await PostgresTestDatabase.query(
            "SELECT column_name::text FROM information_schema.columns WHERE table_schema = \(database.schema) AND table_name = \(table)")
        return Set(try rows.map { try $0.decode(String.self) })
    }

    /// The text of the function `change_item` between its $$ quotes.
    static func functionText(_ database: PostgresTodoDatabase) async throws -> String? {
        try await PostgresTestDatabase.query("""
            SELECT p.prosrc FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
            WHERE n.nspname = \(database.schema) AND p.proname = 'change_item'
            """).first?.decode(String.self)
    }

    @Test("PG-13 every field has its columns in a fresh schema's todo_item and trashed_item, and the statements list them all")
    func everyFieldHasItsColumns() async throws {
        let database = try await PostgresTestDatabase.freshDatabase()
        let items = try await Self.columns(database, "todo_item"), trash = try await Self.columns(database, "trashed_item")
        for field in ItemField.all {
            for column in PostgresItemColumn.columns(of: field) {
                #expect(items.contains(column.itemColumn), "\(field): todo_item.\(column.itemColumn)")
                #expect(trash.contains(column.trashColumn), "\(field): trashed_item.\(column.trashColumn)")
            }
        }
        #expect(Set(PostgresItemColumn.all.map(\.itemColumn)) == items.subtracting(["owner", "next_occurrence_id"]))
        #expect(Set(PostgresItemColumn.all.map(\.trashColumn)) == trash.subtracting(["owner", "deleted_at"]))
    }

    @Test("a list row reads only what the section index includes, a date as text, the project by its key")
    func listRowsFromTheIndex() {
        #expect(PostgresListEntryColumn.selected == "i.id, i.title, to_char(i.due_date, 'YYYY-MM-DD'), i.location_name, "
            + "NULL, NULL, i.project_id, i.estimate_minutes, i.repeat_rule, i.repeat_after_completion, i.priority, i.tags, i.parent, i.due_time, i.number")
    }

    @Test("LIVE-7 LIVE-9 change_item tells a move from a change by every field's columns but is_done")
    func functionComparesEveryField() async throws {
        let database = try await PostgresTestDatabase.freshDatabase()
        let text = try #require(try await Self.functionText(database))
        for field in ItemField.all where field != .isDone {
            for column in PostgresItemColumn.columns(of: field) {
                #expect(text.contains("OLD.\(column.itemColumn) IS NOT DISTINCT FROM NEW.\(column.itemColumn)"), "\(field)")
            }
        }
    }

    @Test("LIVE-7 LIVE-9 a schema whose change_item has an older text gets this version's when migrated")
    func outdatedFunctionReplaced() async throws {
        let database = try await PostgresTestDatabase.freshDatabase()
        let current = try #require(try await Self.functionText(database))
        // As a version before a field was added left it: the field's column not compared.
        let older = current.replacingOccurrences(
            of: " AND OLD.repeat_after_completion IS NOT DISTINCT FROM NEW.repeat_after_completion", with: "")
        #expect(older != current)
        try await PostgresTestDatabase.query(PostgresQuery(unsafeSQL: """
            CREATE OR REPLACE FUNCTION "\(database.schema)".change_item() RETURNS trigger LANGUAGE plpgsql AS $$\(older)$$
            """))
        #expect(try await Self.functionText(database) == older)
        try await database.migrate()
        #expect(try await Self.functionText(database) == current)
        // And it works: a move that also changed whether the repeat counts from completion is a change.
        let store = database.store(environment: .fixedForTests())
        let item = try await store.add(TodoDraft(title: "Water the plants", repeatRule: .weekly(on: [.sunday])))
        let before = try await database.changes.latestChangeID()
        let afterDone = RepeatRule(.weekly, days: [RepeatRule.Day(.sunday)], afterCompletion: true)
        _ = try await store.update(id: item.id, TodoChanges(repeatRule: afterDone, position: 99))
        guard case .changes(let changes) = try await database.changes.changes(after: before, limit: 10) else {
            Issue.record("the change is kept")
            return
        }
        #expect(changes.map(\.kind) == [.changed])
    }
}

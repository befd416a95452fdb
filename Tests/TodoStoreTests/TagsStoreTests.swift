import Foundation
import GRDB
import Testing
import TodoCore
@testable import TodoSQLite
import TodoTestSupport

/// An item's tags in every store (docs/specs/tags.md, TAG-3…5): kept in their order, changed,
/// in the Trash and back, on list rows, filtered exactly, counted; and the migration that adds them.
@Suite("Tags: stores")
struct TagsStoreTests {
    @Test("TAG-5 tags are stored in their order, changed, cleared, kept in the Trash and restored, and shown on list rows",
          arguments: StoreKind.allCases)
    func test_TAG_5_storedEverywhereTheItemIs(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let milk = try await sut.add(TodoDraft(title: "Buy milk", tags: ["errands", "家", "Zebra"]))
        let plants = try await sut.add(TodoDraft(title: "Water the plants"))
        #expect(try await sut.item(id: milk.id)?.tags == ["errands", "家", "Zebra"], "in the order written")
        #expect(try await sut.item(id: plants.id)?.tags == Tags.empty)

        let page = try await sut.listPage(.all, sections: [.todo], page: 1, rowsPerSection: 10)
        #expect(page.entries[.todo]?.map(\.tags) == [Tags.empty, ["errands", "家", "Zebra"]])

        #expect(try await sut.update(id: plants.id, TodoChanges(tags: ["garden"]), expectedVersion: nil)?.tags == ["garden"])
        #expect(try await sut.update(id: plants.id, TodoChanges(tags: .empty), expectedVersion: nil)?.tags == Tags.empty)

        #expect(try await sut.delete(id: milk.id))
        #expect(try await sut.trash().first?.item.tags == ["errands", "家", "Zebra"])
        #expect(try await sut.restore(id: milk.id)?.tags == ["errands", "家", "Zebra"])
    }

    @Test("TAG-2 the rule trims tags and drops blank and repeated ones before a store sees them; what breaks it stores nothing",
          arguments: StoreKind.allCases)
    func test_TAG_2_theRuleBeforeTheStore(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let added = try await sut.add(TodoDraft(title: "Call", tags: ["  phone ", "", "phone", "Phone"]))
        #expect(added.tags == ["phone", "Phone"], "compared as written: Phone is another tag")
        await #expect(throws: TodoValidationError.tagHasComma("a,b")) {
            try await sut.add(TodoDraft(title: "Bad", tags: ["a,b"]))
        }
        #expect(try await sut.items().map(\.title) == ["Call"])
    }

    @Test("TAG-2 TAG-5 the most an item can carry (a title of 500 emoji, 20 tags of 50 Han characters each) is stored and read back",
          arguments: StoreKind.allCases)
    func test_TAG_5_theLongestTags(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        // Characters that compress badly: a section index's row holds them all (PostgreSQL
        // limits an index row to about 2,700 bytes after compression).
        let han = (0..<(TodoRules.maxTagCount * TodoRules.maxTagLength)).map { Character(Unicode.Scalar(0x4E00 + ($0 * 7919) % 20_000)!) }
        let tags = Tags((0..<TodoRules.maxTagCount).map { String(han[($0 * TodoRules.maxTagLength)..<(($0 + 1) * TodoRules.maxTagLength)]) })
        let title = String((0..<TodoRules.maxTitleLength).map { Character(Unicode.Scalar(0x1F600 + ($0 * 31) % 80)!) })
        let added = try await sut.add(TodoDraft(title: title, tags: tags))
        #expect(try await sut.item(id: added.id)?.tags == tags)
        #expect(try await sut.listEntries(.all, in: .todo, offset: 0, limit: 1).first?.tags == tags)
    }

    @Test("TAG-3 a list narrowed to tags: every one, exactly as written, never a part of another; pages, counts and the API's items",
          arguments: StoreKind.allCases)
    func test_TAG_3_filteredByTag(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        for (title, tags) in [("milk", ["errands"]), ("stamps", ["errands", "post"]), ("letter", ["post"]),
                              ("errand boy", ["err"]), ("quote", ["it's 100%_done"]), ("none", [])] {
            _ = try await sut.add(TodoDraft(title: title, tags: Tags(tags)))
        }
        _ = try await sut.add(TodoDraft(title: "bread", isDone: true, tags: ["errands"]))
        let errands = TodoFilter(tags: ["errands"])
        #expect(try await sut.sectionTitles(errands) == (["stamps", "milk"], ["bread"]))
        #expect(try await sut.count(errands) == 3)
        #expect(try await sut.sectionTitles(TodoFilter(tags: ["err"])) == (["errand boy"], []), "a tag, not a part of one")
        #expect(try await sut.sectionTitles(TodoFilter(tags: ["Errands"])) == ([], []), "as written")
        #expect(try await sut.sectionTitles(TodoFilter(tags: ["errands", "post"])) == (["stamps"], []), "every one")
        #expect(try await sut.sectionTitles(TodoFilter(tags: ["it's 100%_done"])) == (["quote"], []), "SQL's signs are text")
        #expect(try await sut.sectionTitles(TodoFilter(tags: ["%"])) == ([], []))
        let page = try await sut.listPage(TodoFilter(unfinishedOnly: true, tags: ["post"]), sections: [.todo], page: 1, rowsPerSection: 1)
        #expect(page.counts[.todo] == 2 && page.entries[.todo]?.map(\.title) == ["letter"])
        #expect(try await sut.items(TodoFilter(tags: ["post"]), after: nil, limit: 10).map(\.title) == ["letter", "stamps"])
        #expect(try await sut.sectionTitles(TodoFilter(text: "milk", tags: ["errands"])) == (["milk"], []))
    }

    @Test("TAG-4 the tags in use, each with its number of items, by name; the Trash's do not count", arguments: StoreKind.allCases)
    func test_TAG_4_tagsInUse(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        #expect(try await sut.tags().isEmpty)
        _ = try await sut.add(TodoDraft(title: "a", tags: ["post", "errands"]))
        _ = try await sut.add(TodoDraft(title: "b", isDone: true, tags: ["errands"]))
        let gone = try await sut.add(TodoDraft(title: "c", tags: ["trash only", "errands"]))
        _ = try await sut.add(TodoDraft(title: "d", tags: ["Post"]))
        #expect(try await sut.delete(id: gone.id))
        #expect(try await sut.tags() == [
            TagCount(name: "errands", count: 2), TagCount(name: "post", count: 1), TagCount(name: "Post", count: 1),
        ])
    }

    @Test("TAG-5 migration v15-tags: a v14 file's items and Trash keep everything and have no tags")
    func test_TAG_5_sqliteMigrationKeepsItems() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("todo.sqlite")
        do {
            let queue = try DatabaseQueue(path: path)
            try AppDatabase.migrate(queue, upTo: "v14-priority an item's priority, in the section index")
            try await queue.write { db in
                try db.execute(sql: """
                    INSERT OR REPLACE INTO itemNumberCounter (owner, next) VALUES ('', 3);
                    INSERT INTO todoItem (owner, id, title, isDone, position, createdAt, updatedAt, version, number, priority)
                    VALUES ('', '00000000-0000-4000-8000-0000000c0001', 'Pay rent', 0, 1, 0, 0, 1, 1, 1);
                    INSERT INTO trashedItem (owner, id, title, isDone, position, createdAt, updatedAt, version, number, deletedAt)
                    VALUES ('', '00000000-0000-4000-8000-0000000c0002', 'Old', 0, 2, 0, 0, 1, 2, \(Timestamp.milliseconds(TestEnvironment.referenceDate)));
                    """)
            }
            try queue.close()
        }
        let database = try AppDatabase.open(path: path)
        defer { try? database.close() }
        let store = SQLiteTodoStore(database: database, environment: TestEnvironment().environment)
        #expect(try await store.items().map { "\($0.title) \($0.priority.number) \($0.tags.names)" } == ["Pay rent 1 []"])
        #expect(try await store.trash().map { "\($0.item.title) \($0.item.tags.names)" } == ["Old []"])
        let added = try await store.add(TodoDraft(title: "File taxes", tags: ["admin"]))
        #expect(try await store.listEntries(.all, in: .todo, offset: 0, limit: 5).map(\.tags) == [added.tags, .empty])
        // The schema repeats the rule's length (HARDEN-8).
        await #expect(throws: (any Error).self) {
            try await database.writer.write { db in
                try db.execute(sql: "UPDATE todoItem SET tags = '' WHERE id = ?", arguments: [added.id.lowercasedText])
            }
        }
    }
}

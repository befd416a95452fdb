import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// HARDEN-7b in the stores: the list read a batch at a time, as `GET /api/todos` streams it, is
/// the store's list, for every store.
@Suite("The whole list a batch at a time")
struct WholeListStoreTests {
    /// Reads `filter` in batches of `size` after cursors, as the API does.
    private func batches(_ store: any TodoStore, _ filter: TodoFilter, size: Int) async throws -> [[TodoItem]] {
        var batches: [[TodoItem]] = []
        var cursor: ListCursor?
        while batches.count < 100 {
            let batch = try await store.items(filter, after: cursor, limit: size)
            batches.append(batch)
            guard batch.count == size, let last = batch.last else { break }
            cursor = ListCursor(after: last)
        }
        return batches
    }

    @Test("HARDEN-7b 1,234 items of tricky text read in batches of 500 are the store's list, in order, unchanged",
          arguments: StoreKind.allCases)
    func test_HARDEN_7b_batchesAreTheList(_ kind: StoreKind) async throws {
        let sut = try await kind.makeSUT()
        let imported = TrickyText.items(count: 1_234)
        _ = try await sut.importItems(imported)
        let whole = try await sut.items()
        #expect(whole.count == 1_234)
        // The text comes back as it went in.
        let byID = Dictionary(uniqueKeysWithValues: whole.map { ($0.id, $0) })
        for item in imported {
            let stored = try #require(byID[item.id])
            #expect(stored.title == item.title)
            #expect(stored.details == item.details)
            #expect(stored.project == item.project)
            #expect(stored.location == item.location)
        }
        let read = try await batches(sut, .all, size: 500)
        #expect(read.map(\.count) == [500, 500, 234])
        #expect(read.flatMap { $0 } == whole)
        for filter in [TodoFilter(unfinishedOnly: true), TodoFilter(project: "仕事"), TodoFilter(project: #"Say "when""#)] {
            let expected = try await sut.items(filter)
            #expect(!expected.isEmpty)
            #expect(try await batches(sut, filter, size: 500).flatMap { $0 } == expected, "\(filter)")
        }
    }
}

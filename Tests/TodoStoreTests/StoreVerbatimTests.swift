import Foundation
import Testing
import TodoCore
import TodoSQLite
import TodoTestSupport

/// Text that means something to SQL, GLOB or HTML is data like any other: stored and read back
/// verbatim by every store, never interpreted.
@Suite("Verbatim storage")
struct StoreVerbatimTests {
    static let texts = [
        "Robert'); DROP TABLE todoItem;--", "\" OR 1=1 --", "%_*?[]^$\\ GLOB LIKE", "'; DELETE FROM project; SELECT '",
        "<script>alert(1)</script> & &amp;", "emoji 🧪, combining e\u{301}, RTL \u{202E}txet", "x' || (SELECT sqlite_version()) || '",
    ]

    @Test("SQL metacharacters in every text field are stored verbatim", arguments: StoreKind.allCases, texts)
    func test_sqlMetacharactersStoredVerbatim(_ kind: StoreKind, _ text: String) async throws {
        let store = try await kind.makeSUT()
        let item = try await store.add(TodoDraft(
            title: text, details: text, location: Location(name: text), project: Project(name: text)))
        let read = try #require(try await store.item(id: item.id))
        #expect(read.title == text && read.details == text && read.location?.name == text && read.project?.name == text)
        #expect(try await store.items(TodoFilter(project: text)).map(\.id) == [item.id])
        #expect(try await store.projects() == [Project(name: text)])
        #expect(try await store.count(.all) == 1)
    }

    @Test("id prefixes with GLOB or SQL characters match nothing", arguments: StoreKind.allCases)
    func test_idPrefixPatterns(_ kind: StoreKind) async throws {
        let store = try await kind.makeSUT()
        try await store.add(titles: ["a", "b"])
        for prefix in ["*", "?", "[0-9]*", "%", "_", "' OR 1=1 --", "0000*"] {
            #expect(try await store.items(idPrefix: prefix, limit: 10).isEmpty, "\(prefix)")
        }
        #expect(try await store.items(idPrefix: "00000000", limit: 10).count == 2)
    }

    @Test("NUL and control characters in names are refused, not truncated", arguments: StoreKind.allCases)
    func test_controlCharactersInNames(_ kind: StoreKind) async throws {
        let store = try await kind.makeSUT()
        await #expect(throws: TodoValidationError.self) { try await store.add(TodoDraft(title: "x", project: Project(name: "a\0b"))) }
        await #expect(throws: TodoValidationError.self) { try await store.add(TodoDraft(title: "x", location: Location(name: "a\u{7}b"))) }
        await #expect(throws: TodoValidationError.self) { try await store.add(TodoDraft(title: "a\0b")) }
        #expect(try await store.count(.all) == 0)
    }
}

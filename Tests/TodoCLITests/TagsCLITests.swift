import Foundation
import Testing
import TodoCLI
import TodoCore
import TodoTestSupport

/// Tags on the command line (docs/specs/tags.md, TAG-13…15). The harness's today is Saturday
/// 11/21/2026.
@Suite("todo: tags")
struct TagsCLITests {
    @Test("TAG-14 todo add --tag (repeated) and +words store them after each other; the summary and the row show +tags")
    func test_TAG_14_addWithTags() async throws {
        let h = CLIHarness()
        #expect(await h.run("add", "Buy milk +errands", "--tag", "home", "--tag", "家") == 0)
        #expect(h.out.hasSuffix(" · +home · +家 · +errands.\n"))
        #expect(await h.run("add", "--raw", "Learn +C") == 0)
        #expect(try await h.store.items().map { "\($0.title) \($0.tags.names)" } == ["Learn +C []", "Buy milk [\"home\", \"家\", \"errands\"]"])
        #expect(await h.run("list") == 0)
        #expect(h.out.contains("#1 [ ] Buy milk +home +家 +errands\n"))
        #expect(await h.run("add", "Bad", "--tag", "a,b") == 1)
        #expect(h.err == "todo: The tag “a,b” has a comma: tags are separated by commas.\n")
        #expect(try await h.store.items().count == 2)
    }

    @Test("TAG-14 todo edit --tag adds, --untag removes, --no-tags removes them all; --tag with --no-tags is refused")
    func test_TAG_14_editTags() async throws {
        let h = CLIHarness()
        let item = try await h.store.add(TodoDraft(title: "Buy milk", tags: ["errands"]))
        #expect(await h.run("edit", "1", "--tag", "home", "--tag", "errands") == 0)
        #expect(try await h.store.item(id: item.id)?.tags == ["errands", "home"])
        #expect(await h.run("edit", "1", "--untag", "errands") == 0)
        #expect(try await h.store.item(id: item.id)?.tags == ["home"])
        #expect(await h.run("edit", "1", "--no-tags") == 0)
        #expect(try await h.store.item(id: item.id)?.tags == Tags.empty)
        #expect(await h.run("edit", "1", "--tag", "x", "--no-tags") != 0)
        #expect(h.err.contains("tag"))
    }

    @Test("TAG-14 todo list --tag narrows any list to every tag given; todo tags lists them with counts; --json has the array")
    func test_TAG_14_listAndTags() async throws {
        let h = CLIHarness()
        #expect(await h.run("tags") == 0)
        #expect(h.out.hasPrefix("No tags yet."))
        _ = try await h.store.add(TodoDraft(title: "Buy milk", tags: ["errands"]))
        _ = try await h.store.add(TodoDraft(title: "Stamps", dueDate: CalendarDate(iso: "2026-11-21"), tags: ["errands", "post"]))
        _ = try await h.store.add(TodoDraft(title: "Dust"))
        #expect(await h.run("list", "--tag", "errands") == 0)
        #expect(h.out.contains("Stamps") && h.out.contains("Buy milk") && !h.out.contains("Dust"))
        #expect(await h.run("list", "--tag", "errands", "--tag", "post", "--due", "today") == 0)
        #expect(h.out.contains("Stamps") && !h.out.contains("Buy milk"))
        #expect(await h.run("list", "--tag", "post", "--upcoming") != 0)
        #expect(await h.run("tags") == 0)
        #expect(h.out == "+errands (2)\n+post (1)\n")
        #expect(await h.run("tags", "--json") == 0)
        #expect(h.out.contains("\"name\" : \"errands\""))
        #expect(await h.run("list", "--tag", "post", "--json") == 0)
        #expect(h.out.contains("\"tags\" : [\n") && h.out.contains("\"post\""))
    }

    @Test("TAG-15 todo search: a +tag in the query is a filter")
    func test_TAG_15_search() async throws {
        let h = CLIHarness()
        _ = try await h.store.add(TodoDraft(title: "Buy milk", tags: ["errands"]))
        _ = try await h.store.add(TodoDraft(title: "Milk the cow"))
        #expect(await h.run("search", "milk", "+errands") == 0)
        #expect(h.out.contains("Buy milk") && !h.out.contains("Milk the cow"))
    }
}

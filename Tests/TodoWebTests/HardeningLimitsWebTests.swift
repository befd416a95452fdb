import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoTestSupport
import TodoWeb

/// The web app's side of HARDEN-22 (import bounds) and HARDEN-23 (NUL in queries, fixed 503
/// sentences) in docs/specs/hardening.md.
@Suite("Hardening: the web app's limits")
struct HardeningLimitsWebTests {
    // MARK: HARDEN-22

    /// A CSV file of `rows` items, each titled `a`.
    private func csv(rows: Int) -> ByteBuffer {
        var text = "title\n"
        text.reserveCapacity(6 + rows * 2)
        for _ in 0..<rows { text += "a\n" }
        return ByteBuffer(string: text)
    }

    @Test("HARDEN-22 an import of more than 100,000 items is refused with a sentence naming the limit; nothing is stored")
    func test_HARDEN_22_tooManyRows() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let refused = try await client.execute(
                uri: "/api/import?format=csv&dryRun=1", method: .post, headers: [.contentType: "text/csv"],
                body: csv(rows: TodoRules.maxImportItems + 1))
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("the file has more than 100,000 items, the most one import takes"), "\(refused.text)")
            #expect(refused.text.contains("nothing was imported"))
            #expect(try await sut.store.items().isEmpty)
        }
    }

    @Test("HARDEN-22 a dry run answers the complete counts but only the first 100 entries, and how many more there are")
    func test_HARDEN_22_dryRunAnswerBounded() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let answer = try await client.execute(
                uri: "/api/import?format=csv&dryRun=1", method: .post, headers: [.contentType: "text/csv"], body: csv(rows: 150))
            #expect(answer.status == .ok)
            let body = try #require(try answer.json() as? [String: Any])
            #expect(body["added"] as? Int == 150)
            #expect((body["entries"] as? [Any])?.count == 100)
            #expect(body["more"] as? Int == 50)

            let page = try await client.execute(
                uri: "/import-export", method: .post, headers: .form,
                body: .form([("format", "csv"), ("contents", String(buffer: csv(rows: 150))), ("dryRun", "1")]))
            #expect(page.status == .ok)
            #expect(page.text.components(separatedBy: "add     “a”").count - 1 == 100)
            #expect(page.text.contains("and 50 more changes"))
        }
    }

    // MARK: HARDEN-23

    @Test("HARDEN-23 a NUL in a search or a project answers 400 with a sentence, on pages and in the API", arguments: [
        ("/api/todos?q=a%00b", "?q= can't contain a NUL character."),
        ("/api/todos?project=a%00b", "?project= can't contain a NUL character."),
        ("/search?q=a%00b", "A search can't contain a NUL character; remove it and try again."),
        ("/projects/a%00b", "A project name can't contain a NUL character."),
    ])
    func test_HARDEN_23_nulRefused(_ uri: String, _ sentence: String) async throws {
        let sut = WebSUT()
        _ = try await sut.store.add(TodoDraft(title: "Only in a", project: Project(name: "a")))
        try await sut.app.test(.router) { client async throws in
            let answer = try await client.execute(uri: uri, method: .get)
            #expect(answer.status == .badRequest)
            #expect(answer.text.contains(sentence.replacingOccurrences(of: "'", with: uri.hasPrefix("/api/") ? "'" : "&#39;"))
                || answer.text.contains(sentence), "\(answer.text)")
            #expect(!answer.text.contains("Only in a"))
        }
    }

    /// A store whose every read fails as a broken database does, naming its file.
    final class FailingStore: ForwardingTodoStore, @unchecked Sendable {
        let inner: InMemoryTodoStore
        let failure: TodoStorageError
        init(_ failure: TodoStorageError) {
            inner = InMemoryTodoStore(environment: TestEnvironment().environment)
            self.failure = failure
        }
        func items(_ filter: TodoFilter) async throws -> [TodoItem] { throw failure }
        func items(_ filter: TodoFilter, after cursor: ListCursor?, limit: Int) async throws -> [TodoItem] { throw failure }
        func count(_ filter: TodoFilter) async throws -> Int { throw failure }
    }

    @Test("HARDEN-23 a failing store answers 503 with a fixed sentence: no path, host or SQLSTATE", arguments: [
        TodoStorageError(.unavailable, "The database /srv/secret/todo.sqlite failed (SQLite error 1); nothing was changed."),
        TodoStorageError(.unavailable, "The PostgreSQL database db.internal:5432/todo failed (SQLSTATE 22021); nothing was changed."),
        TodoStorageError(.busy, "The database /srv/secret/todo.sqlite is locked by another program; try again in a moment."),
        TodoStorageError(.readOnly, "The PostgreSQL database db.internal:5432/todo is read-only; nothing was changed."),
    ])
    func test_HARDEN_23_fixed503(_ failure: TodoStorageError) async throws {
        let store = FailingStore(failure)
        let app = Application(router: try TodoWebApp.buildRouter(store: store, options: TodoWebOptions(today: { today }, now: { TestEnvironment.referenceDate })))
        try await app.test(.router) { client async throws in
            for uri in ["/api/todos", "/", "/search?q=x", "/projects/a"] {
                let answer = try await client.execute(uri: uri, method: .get)
                #expect(answer.status == .serviceUnavailable, "\(uri)")
                for secret in ["/srv/secret", "todo.sqlite", "db.internal", "5432", "SQLSTATE", "SQLite error"] {
                    #expect(!answer.text.contains(secret), "\(uri) named \(secret): \(answer.text)")
                }
                #expect(answer.text.contains("nothing was changed") || answer.text.contains("Nothing was changed"), "\(uri): \(answer.text)")
            }
        }
    }

    @Test("HARDEN-23 HARDEN-10e the busy import's sentence is still said as it is")
    func test_HARDEN_23_importBusyKept() async throws {
        let app = Application(router: try TodoWebApp.buildRouter(
            store: FailingStore(.importing), options: TodoWebOptions(today: { today }, now: { TestEnvironment.referenceDate })))
        try await app.test(.router) { client async throws in
            let answer = try await client.execute(uri: "/api/todos", method: .get)
            #expect(answer.status == .serviceUnavailable)
            #expect(answer.headers[.retryAfter] == "2")
            #expect(try answer.json() as? [String: String] == ["error": TodoStorageError.importing.message])
        }
    }
}

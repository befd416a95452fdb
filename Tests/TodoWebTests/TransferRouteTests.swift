import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoTestSupport

@Suite("Import and export on the web (router)")
struct TransferRouteTests {
    @Test("GET /api/export downloads the list in the chosen format")
    func test_export() async throws {
        let sut = WebSUT()
        _ = try await sut.store.add(TodoDraft(title: "Buy milk, “fresh”", project: Project(name: "Home")))
        try await sut.app.test(.router) { client async throws in
            let csv = try await client.execute(uri: "/api/export?format=csv", method: .get)
            #expect(csv.status == .ok)
            #expect(csv.headers[.contentType]?.hasPrefix("text/csv") == true)
            #expect(csv.headers[.contentDisposition] == "attachment; filename=\"todo.csv\"")
            #expect(csv.text.contains("\"Buy milk, “fresh”\""))
            let ics = try await client.execute(uri: "/api/export?format=ics", method: .get)
            #expect(ics.text.hasPrefix("BEGIN:VCALENDAR"))
            let bad = try await client.execute(uri: "/api/export?format=xml", method: .get)
            #expect(bad.status == .badRequest)
        }
    }

    @Test("POST /api/import imports all or nothing; a dry run changes nothing")
    func test_import() async throws {
        let source = WebSUT()
        _ = try await source.store.add(TodoDraft(title: "From elsewhere", dueDate: CalendarDate(iso: "2026-12-01")))
        let exported = try await source.app.test(.router) { client async throws in
            try await client.execute(uri: "/api/export?format=json", method: .get).text
        }
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let dry = try await client.execute(uri: "/api/import?format=json&dryRun=1", method: .post, body: ByteBuffer(string: exported))
            #expect(dry.status == .ok)
            #expect((try dry.json() as? [String: Any])?["added"] as? Int == 1)
            #expect(try await sut.store.items().isEmpty, "a dry run changes nothing")

            let real = try await client.execute(uri: "/api/import?format=json", method: .post, body: ByteBuffer(string: exported))
            #expect((try real.json() as? [String: Any])?["message"] as? String == "Imported 1 item from the file: 1 added, 0 updated, 0 unchanged.")
            #expect(try await sut.store.items().map(\.title) == ["From elsewhere"])

            let before = try await sut.store.items()
            let broken = try await client.execute(
                uri: "/api/import?format=csv", method: .post, body: ByteBuffer(string: "title,completed\nok,false\n,false\n"))
            #expect(broken.status == .unprocessableContent)
            let message = try #require((try broken.json() as? [String: String])?["error"])
            #expect(message == "the file, line 3: The title can't be empty; nothing was imported.")
            #expect(try await sut.store.items() == before)

            let foreign = try await client.execute(
                uri: "/api/import?format=json", method: .post, headers: [.origin: "https://evil.example"], body: ByteBuffer(string: exported))
            #expect(foreign.status == .forbidden)
        }
    }

    @Test("the import page takes pasted text and shows what happened; a bad file keeps the text and says why")
    func test_importPage() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let page = try await client.execute(uri: "/import-export", method: .get).text
            #expect(page.contains("data-testid=\"export-taskwarrior\"") && page.contains("data-testid=\"import-form\""))
            let done = try await client.execute(
                uri: "/import-export", method: .post, headers: .form,
                body: .form([("format", "todotxt"), ("contents", "Call mom +Family due:2026-12-24\n")]))
            #expect(done.status == .ok)
            #expect(done.text.contains("Imported 1 item from the pasted text"))
            let item = try #require(try await sut.store.items().first)
            #expect(item.title == "Call mom" && item.project == Project(name: "Family"))

            let refused = try await client.execute(
                uri: "/import-export", method: .post, headers: .form, body: .form([("format", "json"), ("contents", "{not json")]))
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("nothing was imported.") && refused.text.contains("{not json</textarea>"))
            #expect(try await sut.store.items().count == 1)
        }
    }
}

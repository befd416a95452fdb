import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoTestSupport
import TodoWeb

/// The web View of keyboard shortcuts, reordering, merging and import (keyboard-reorder-merge.md).
@Suite("Keys, moves, merges and import (router)")
struct KeysMoveMergeRouteTests {
    private func add(_ sut: WebSUT, _ titles: [String], project: String? = nil) async throws -> [String: TodoItem] {
        var items: [String: TodoItem] = [:]
        for title in titles.reversed() {
            items[title] = try await sut.store.add(TodoDraft(title: title, project: project.map(Project.init(name:))))
        }
        return items
    }

    private func todo(_ sut: WebSUT) async throws -> [String] {
        try await sut.store.items(.all).filter { !$0.isDone }.map(\.title)
    }

    // MARK: - keyboard and handles

    @Test("KEY-1 KEY-5 MOVE-2 list pages link keys.js, mark the add field, carry the shortcuts dialog and a named handle per row")
    func test_KEY_1_KEY_5_MOVE_2_listMarkup() async throws {
        let sut = WebSUT()
        let items = try await add(sut, ["Buy milk"])
        let id = items["Buy milk"]!.id.lowercasedText
        try await sut.app.test(.router) { client async throws in
            let page = try await client.execute(uri: "/", method: .get).text
            #expect(page.range(of: #"<script src="/assets/keys\.[0-9a-f]+\.js" defer></script>"#, options: .regularExpression) != nil)
            #expect(page.contains(#"required data-key="add" data-testid="add-title""#))
            #expect(page.contains(#"<dialog id="shortcuts-dialog" class="shortcuts" aria-labelledby="shortcuts-heading""#))
            #expect(page.contains("<kbd>Alt</kbd>+<kbd>↑</kbd>"))
            #expect(page.contains(#"aria-label="Move “Buy milk”""#))
            #expect(page.contains(#"data-moved="Moved “Buy milk” to position {position} of To Do" data-testid="move-\#(id)""#))
            #expect(page.contains(#"data-edit-href="/items/\#(id)/edit?from=%2F""#))
            #expect(page.contains(#"data-rows data-first-position="1""#))
            #expect(try await client.execute(uri: "/assets/keys.js", method: .get).status == .ok)
        }
    }

    // MARK: - moves

    @Test("MOVE-1 the move route moves next to the neighbour in the full section and answers 303 to from")
    func test_MOVE_1_route() async throws {
        let sut = WebSUT()
        let items = try await add(sut, ["A", "B", "C", "D"])
        _ = try await sut.store.update(id: items["B"]!.id, TodoChanges(project: .some(Project(name: "P"))))
        _ = try await sut.store.update(id: items["D"]!.id, TodoChanges(project: .some(Project(name: "P"))))
        try await sut.app.test(.router) { client async throws in
            // On /projects/P (B, D), B is dropped after D.
            let moved = try await client.execute(
                uri: "/items/\(items["B"]!.id.uuidString)/move", method: .post, headers: .form,
                body: .form([("from", "/projects/P"), ("after", items["D"]!.id.uuidString), ("before", "")]))
            #expect(moved.status == .seeOther && moved.headers[.location] == "/projects/P")
            #expect(try await todo(sut) == ["A", "C", "D", "B"])
            _ = try await client.execute(
                uri: "/items/\(items["A"]!.id.uuidString)/move", method: .post, headers: .form,
                body: .form([("from", "/"), ("direction", "down")]))
            #expect(try await todo(sut) == ["C", "A", "D", "B"])
            _ = try await client.execute(
                uri: "/items/\(items["B"]!.id.uuidString)/move", method: .post, headers: .form, body: .form([("to", "0")]))
            #expect(try await todo(sut) == ["B", "C", "A", "D"])
            let nowhere = try await client.execute(
                uri: "/items/\(items["B"]!.id.uuidString)/move", method: .post, headers: .form, body: .form([("from", "/")]))
            #expect(nowhere.status == .badRequest)
            let unknown = try await client.execute(
                uri: "/items/\(UUID().uuidString)/move", method: .post, headers: .form, body: .form([("direction", "up")]))
            #expect(unknown.status == .notFound)
            _ = try await sut.store.setDone(id: items["D"]!.id, true)
            let across = try await client.execute(
                uri: "/items/\(items["B"]!.id.uuidString)/move", method: .post, headers: .form,
                body: .form([("after", items["D"]!.id.uuidString)]))
            #expect(across.status == .unprocessableContent && across.text.contains("can only move inside To Do"))
            #expect(try await todo(sut) == ["B", "C", "A"])
        }
    }

    @Test("MOVE-3 the details page has Move up and Move down as plain forms that come back to it")
    func test_MOVE_3_detailsButtons() async throws {
        let sut = WebSUT()
        let items = try await add(sut, ["A", "B"])
        let id = items["B"]!.id.lowercasedText
        try await sut.app.test(.router) { client async throws in
            let page = try await client.execute(uri: "/items/\(id)?from=/", method: .get).text
            #expect(page.contains(#"<form method="post" action="/items/\#(id)/move""#))
            #expect(page.contains(#"<input type="hidden" name="from" value="/items/\#(id)?from=%2F"><input type="hidden" name="direction" value="up">"#))
            #expect(page.contains(#"data-testid="move-up">Move up</button>"#) && page.contains(#"data-testid="move-down">Move down</button>"#))
            let up = try await client.execute(
                uri: "/items/\(id)/move", method: .post, headers: .form, body: .form([("from", "/items/\(id)?from=%2F"), ("direction", "up")]))
            #expect(up.headers[.location] == "/items/\(id)?from=%2F")
            #expect(try await todo(sut) == ["B", "A"])
        }
    }

    // MARK: - merges

    private func editForm(_ client: some TestClientProtocol, _ id: UUID) async throws -> [(String, String)] {
        // The item form only: the language switcher at the foot of the page is a form of its own.
        let document = try await client.execute(uri: "/items/\(id.uuidString)/edit", method: .get).text
        let page = document.components(separatedBy: "data-testid=\"language-switcher\"")[0]
        // Every input the form sends back, as a browser would (checked boxes, selected options).
        var fields: [(String, String)] = []
        for match in page.matches(of: try Regex(#"<input ([^>]*)>"#)) {
            let attributes = String(match.output[1].substring!)
            func attribute(_ name: String) -> String? {
                (try? Regex("(?:^| )\(name)=\"([^\"]*)\"")).flatMap { attributes.firstMatch(of: $0) }.map { String($0.output[1].substring!) }
            }
            guard let name = attribute("name"), let value = attribute("value") else { continue }
            if attribute("type") == "checkbox", !attributes.contains(" checked") { continue }
            fields.append((name, value))
        }
        let details = try #require(page.firstMatch(of: try Regex(#"<textarea id="details" name="details"[^>]*>([^<]*)</textarea>"#)))
        fields.append(("details", String(details.output[1].substring!)))
        return fields.map { ($0.0, $0.1.replacingOccurrences(of: "&#x2F;", with: "/")) }
    }

    private func replacing(_ fields: [(String, String)], _ name: String, _ value: String) -> [(String, String)] {
        fields.map { $0.0 == name ? ($0.0, value) : $0 }
    }

    @Test("MERGE-1 two forms opened at once editing different fields: both changes kept, no conflict page")
    func test_MERGE_1_twoTabsDifferentFields() async throws {
        let sut = WebSUT()
        let item = try await sut.store.add(TodoDraft(title: "Run", details: "5 km", project: Project(name: "Health")))
        try await sut.app.test(.router) { client async throws in
            let first = try await editForm(client, item.id), second = try await editForm(client, item.id)
            #expect(first.contains { $0 == ("base", "1") } && first.contains { $0 == ("baseTitle", "Run") })
            let one = try await client.execute(
                uri: "/items/\(item.id.uuidString)", method: .post, headers: .form,
                body: .form(replacing(first, "title", "Walk")))
            #expect(one.status == .seeOther)
            let two = try await client.execute(
                uri: "/items/\(item.id.uuidString)", method: .post, headers: .form,
                body: .form(replacing(second, "details", "10 km")))
            #expect(two.status == .seeOther, "\(two.text)")
            let stored = try #require(try await sut.store.item(id: item.id))
            #expect(stored.title == "Walk" && stored.details == "10 km" && stored.project?.name == "Health")
        }
    }

    @Test("MERGE-2 the same field changed differently: the conflict page shows both values highlighted; Keep mine keeps their other change")
    func test_MERGE_2_sameFieldConflict() async throws {
        let sut = WebSUT()
        let item = try await sut.store.add(TodoDraft(title: "Run", details: "5 km"))
        try await sut.app.test(.router) { client async throws in
            let first = try await editForm(client, item.id), second = try await editForm(client, item.id)
            _ = try await client.execute(
                uri: "/items/\(item.id.uuidString)", method: .post, headers: .form,
                body: .form(replacing(replacing(first, "title", "Swim"), "details", "pool")))
            let conflict = try await client.execute(
                uri: "/items/\(item.id.uuidString)", method: .post, headers: .form,
                body: .form(replacing(second, "title", "Walk")))
            #expect(conflict.status == .conflict)
            let page = conflict.text
            #expect(page.contains(#"<tr data-testid="conflict-row-title" class="differs both-changed" data-differs data-conflict>"#))
            #expect(page.contains(#"<td data-testid="theirs-title"><mark>Swim</mark></td><td data-testid="mine-title"><mark>Walk</mark></td>"#))
            #expect(page.contains("Changed on both sides: Title. Keeping yours also keeps their changes to the other fields."))
            // Details only they changed: mine shows theirs, and the row is not a difference.
            #expect(page.contains(#"<tr data-testid="conflict-row-details"><th scope="row">Details</th><td data-testid="theirs-details">pool</td><td data-testid="mine-details">pool</td>"#))
            #expect(try await sut.store.item(id: item.id)?.title == "Swim")
            // Keep mine: my title, their details.
            // The Keep mine form, up to the language switcher's form at the foot of the page.
            let form = try #require(page.range(of: "data-testid=\"keep-mine-form\"").map {
                String(page[$0.upperBound...]).components(separatedBy: "data-testid=\"language-switcher\"")[0]
            })
            var keep: [(String, String)] = []
            for match in form.matches(of: try Regex(#"<input type="hidden" name="([^"]+)" value="([^"]*)">"#)) {
                keep.append((String(match.output[1].substring!), String(match.output[2].substring!)))
            }
            let kept = try await client.execute(
                uri: "/items/\(item.id.uuidString)", method: .post, headers: .form,
                body: .form(keep.map { ($0.0, $0.1.replacingOccurrences(of: "&#x2F;", with: "/")) }))
            #expect(kept.status == .seeOther)
            let stored = try #require(try await sut.store.item(id: item.id))
            #expect(stored.title == "Walk" && stored.details == "pool")
        }
    }

    @Test("MERGE-3 the API's stale If-Match still answers 412, even for another field")
    func test_MERGE_3_apiStillRefuses() async throws {
        let sut = WebSUT()
        let item = try await sut.store.add(TodoDraft(title: "Run"))
        _ = try await sut.store.update(id: item.id, TodoChanges(details: .some("changed")))
        try await sut.app.test(.router) { client async throws in
            let stale = try await client.execute(
                uri: "/api/todos/\(item.id.uuidString)", method: .patch,
                headers: [.contentType: "application/json", .ifMatch: "\"1\""], body: ByteBuffer(string: #"{"title":"Walk"}"#))
            #expect(stale.status == .preconditionFailed)
            #expect(try await sut.store.item(id: item.id)?.title == "Run")
        }
    }

    // MARK: - import

    private func multipart(_ parts: [(name: String, fileName: String?, value: String)], boundary: String = "XyZ123") -> ByteBuffer {
        var body = ""
        for part in parts {
            body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\""
            if let fileName = part.fileName { body += "; filename=\"\(fileName)\"\r\nContent-Type: application/octet-stream" }
            body += "\r\n\r\n\(part.value)\r\n"
        }
        return ByteBuffer(string: body + "--\(boundary)--\r\n")
    }

    private let multipartHeaders: HTTPFields = [.contentType: "multipart/form-data; boundary=XyZ123"]

    @Test("IMPORT-2 a file sent with the picker is imported, its format detected and named (IMPORT-1)")
    func test_IMPORT_2_fileUpload() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let page = try await client.execute(uri: "/import-export", method: .get).text
            #expect(page.contains(#"enctype="multipart/form-data""#) && page.contains(#"type="file""#))
            #expect(page.contains(#"<option value="auto" selected>Detect from the content</option>"#))
            let done = try await client.execute(
                uri: "/import-export", method: .post, headers: multipartHeaders,
                body: multipart([
                    ("format", nil, "auto"), ("file", "list.txt", "Call mom +Family\r\nx Buy milk\r\n"), ("contents", nil, ""),
                ]))
            #expect(done.status == .ok)
            #expect(done.text.contains("Imported 2 items from the file “list.txt”: 2 added, 0 updated, 0 unchanged. Read as todo.txt."))
            #expect(try await sut.store.items().map(\.title).sorted() == ["Buy milk", "Call mom"])
            // No file chosen: the pasted text, detected as CSV.
            let pasted = try await client.execute(
                uri: "/import-export", method: .post, headers: multipartHeaders,
                body: multipart([("format", nil, "auto"), ("file", "", ""), ("contents", nil, "title,project\r\nRun,Health\r\n")]))
            #expect(pasted.text.contains("Imported 1 item from the pasted text: 1 added, 0 updated, 0 unchanged. Read as CSV."))
            let broken = try await client.execute(
                uri: "/import-export", method: .post, headers: [.contentType: "multipart/form-data; boundary=XyZ123"],
                body: ByteBuffer(string: "--XyZ123\r\nno headers end"))
            #expect(broken.status == .badRequest)
            let empty = try await client.execute(
                uri: "/import-export", method: .post, headers: .form, body: .form([("format", "auto"), ("contents", "  \n")]))
            #expect(empty.status == .unprocessableContent && empty.text.contains("the pasted text is empty; nothing was imported."))
            let big = try await client.execute(
                uri: "/import-export", method: .post, headers: multipartHeaders,
                body: multipart([("file", "big.txt", String(repeating: "a", count: (1 << 20) + 1))]))
            #expect(big.status == .contentTooLarge)
        }
    }

    @Test("IMPORT-2 a chosen file wins over pasted text and is named whole; a malformed or oversized form is refused")
    func test_IMPORT_2_uploadIsCheckedBeforeImport() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let quoted: HTTPFields = [.contentType: #"multipart/form-data; boundary="XyZ123""#]
            let chosen = try await client.execute(
                uri: "/import-export", method: .post, headers: quoted,
                body: multipart([("format", nil, "auto"), ("contents", nil, "Pasted\r\n"), ("file", "a;b.txt", "From the file\r\n")]))
            #expect(chosen.status == .ok)
            #expect(chosen.text.contains("Imported 1 item from the file “a;b.txt”"))
            #expect(try await sut.store.items().map(\.title) == ["From the file"])
            let malformed = "The form was malformed; nothing was imported."
            let refused: [(HTTPFields, ByteBuffer)] = [
                ([.contentType: "multipart/form-data"], multipart([("contents", nil, "No boundary")])),
                ([.contentType: "multipart/form-data; boundary="], multipart([("contents", nil, "Empty boundary")])),
                (
                    [.contentType: "multipart/form-data; boundary=\(String(repeating: "b", count: 71))"],
                    multipart([("contents", nil, "Long boundary")], boundary: String(repeating: "b", count: 71))
                ),
                (multipartHeaders, ByteBuffer(string: "--XyZ123\r\nContent-Disposition: form-data; name=\"contents\"\r\n\r\nCut off")),
                (multipartHeaders, ByteBuffer(string: "--XyZ123\r\nContent-Disposition: form-data; name=\"contents\"\r\n\r\nCut\r\n--XyZ123\r\n")),
                (multipartHeaders, ByteBuffer(string: "no delimiter at all")),
                (multipartHeaders, multipart((0...32).map { ("field\($0)", nil, "x") } + [("contents", nil, "Too many parts")])),
            ]
            for (headers, body) in refused {
                let response = try await client.execute(uri: "/import-export", method: .post, headers: headers, body: body)
                #expect(response.status == .badRequest)
                #expect(response.text.contains(malformed))
            }
            let most = try await client.execute(
                uri: "/import-export", method: .post, headers: multipartHeaders,
                body: multipart((0..<31).map { ("field\($0)", nil, "x") } + [("contents", nil, "Thirty-two parts")]))
            #expect(most.status == .ok)
            let latin1 = try await client.execute(
                uri: "/import-export", method: .post, headers: multipartHeaders,
                body: ByteBuffer(bytes: Array("--XyZ123\r\nContent-Disposition: form-data; name=\"file\"; filename=\"l.txt\"\r\n\r\n".utf8)
                    + [0x43, 0x61, 0x66, 0xE9] + Array("\r\n--XyZ123--\r\n".utf8)))
            #expect(latin1.status == .unprocessableContent && latin1.text.contains("not UTF-8 text"))
            #expect(try await sut.store.items().map(\.title).sorted() == ["From the file", "Thirty-two parts"])
        }
    }

    @Test("IMPORT-3 a dry run keeps the text, the format and the dry-run choice; a real import empties the box")
    func test_IMPORT_3_dryRunKeepsText() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let dry = try await client.execute(
                uri: "/import-export", method: .post, headers: .form,
                body: .form([("format", "todotxt"), ("contents", "Call mom +Family\n"), ("dryRun", "1")]))
            #expect(dry.status == .ok)
            #expect(dry.text.contains("Dry run, nothing was changed."))
            #expect(dry.text.contains(">Call mom +Family\n</textarea>"))
            #expect(dry.text.contains(#"<option value="todotxt" selected>"#) && dry.text.contains(#"value="1" checked data-testid="import-dry-run""#))
            #expect(try await sut.store.items().isEmpty)
            // A dry run of a file puts the file's text in the box.
            let file = try await client.execute(
                uri: "/import-export", method: .post, headers: multipartHeaders,
                body: multipart([("file", "a.csv", "title\nRun\n"), ("dryRun", nil, "1")]))
            #expect(file.text.contains(">title\nRun\n</textarea>"))
            let real = try await client.execute(
                uri: "/import-export", method: .post, headers: .form, body: .form([("format", "todotxt"), ("contents", "Call mom\n")]))
            #expect(real.text.contains("data-testid=\"import-contents\"></textarea>"))
        }
    }
}

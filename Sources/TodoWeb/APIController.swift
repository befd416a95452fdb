import Foundation
import HTTPTypes
import Hummingbird
import TodoCore
import TodoPresentation

/// An item as the API answers it: the shared ITEM shape plus its absolute `url`
/// (the Todo-Backend contract).
struct APIItem: Encodable {
    let item: TodoItem
    let url: String

    private enum Key: String, CodingKey { case url }

    func encode(to encoder: any Encoder) throws {
        try item.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(url, forKey: .url)
    }
}

/// `/api/todos` (Todo-Backend compatible), `/api/projects`, and the quick-add sections.
/// Errors thrown here become `{"error": …}` answers in ``ErrorMiddleware``.
struct APIController: Sendable {
    let stores: RequestStore
    func store(_ context: TodoRequestContext) throws -> any TodoStore { try stores.current(context) }
    let clock: RequestClock

    func register(on api: RouterGroup<TodoRequestContext>) {
        api.get("todos", use: listTodos)
        api.post("todos", use: create)
        api.delete("todos", use: deleteAll)
        api.get("todos/:id", use: item)
        api.patch("todos/:id", use: update)
        api.delete("todos/:id", use: delete)
        api.get("projects", use: projects)
        api.get("tags", use: tags)
        api.get("quick-add/:section", use: quickAddSection)
        api.get("trash", use: trash)
        api.post("trash/:id/restore", use: restore)
    }

    @Sendable func listTodos(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        var dueDate: CalendarDate?
        if let text = request.uri.queryParameters.get("due") {
            guard let date = CalendarDate(iso: text) else {
                throw APIError(.badRequest, "?due= takes a date of the form YYYY-MM-DD, not “\(text)”.")
            }
            dueDate = date
        }
        // FIND-10: ?q=TEXT keeps the items that contain every word.
        let text = request.formQueryValue("q")
        if let text, text.count > TodoFilter.maxTextLength {
            throw APIError(.badRequest, "?q= is at most \(TodoFilter.maxTextLength) characters.")
        }
        let project = request.uri.queryParameters.get("project").map { String($0) }
        // HARDEN-23: no stored text holds a NUL; a database would cut the query there, or fail.
        if TodoFilter.holdsNUL(text) { throw APIError(.badRequest, "?q= can't contain a NUL character.") }
        if TodoFilter.holdsNUL(project) { throw APIError(.badRequest, "?project= can't contain a NUL character.") }
        // TAG-12: ?tag=errands (repeated: every one).
        let tags = request.uri.queryParameters.getAll("tag").map { String($0) }
        if tags.contains(where: TodoFilter.holdsNUL) { throw APIError(.badRequest, "?tag= can't contain a NUL character.") }
        let filter = TodoFilter(
            project: project,
            dueDate: dueDate,
            unfinishedOnly: request.uri.queryParameters.get("unfinished") == "1",
            text: text, tags: tags)
        return try await list(filter, request, context)
    }

    @Sendable func create(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let body = try await body(request)
        var draft = try body.draft()
        if body.parse == true {
            // The title read as plain words; a field sent in the body wins over its words (WORDS-15).
            draft = PlainWordsInput.apply(PlainWords.read(draft.title, today: clock.today(context)()), to: draft, wordsWin: false)
        }
        let item = try await self.store(context).add(draft)
        let location = url(for: item, request)
        return try WebFormat.json(
            APIItem(item: item, url: location), status: .created,
            headers: [.location: location, .eTag: WebFormat.eTag(item)])
    }

    @Sendable func deleteAll(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        try await self.store(context).deleteAll()
        return Response(status: .noContent)
    }

    @Sendable func item(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        guard let item = try await self.store(context).item(id: try id(context)) else { throw APIError.notFound(try raw(context)) }
        return try WebFormat.json(APIItem(item: item, url: url(for: item, request)), headers: [.eTag: WebFormat.eTag(item)])
    }

    @Sendable func update(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let id = try id(context)
        let body = try await body(request)
        if body.parse != nil {
            throw APIError(.badRequest, "“parse” reads the title of a new item: send it with POST /api/todos, not PATCH.")
        }
        let changes = try body.changes()
        guard let item = try await self.store(context).update(id: id, changes, expectedVersion: try expectedVersion(request))
        else { throw APIError.notFound(try raw(context)) }
        var headers: HTTPFields = [.eTag: WebFormat.eTag(item)]
        // A check that made a repeat's next occurrence points at it (REPEAT-6).
        if changes.isDone == true, item.repeatRule != nil, let next = try await self.store(context).nextOccurrence(of: id) {
            headers[HTTPField.Name("Link")!] = "<\(url(for: next, request))>; rel=\"next-occurrence\""
        }
        return try WebFormat.json(APIItem(item: item, url: url(for: item, request)), headers: headers)
    }

    @Sendable func delete(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        guard try await self.store(context).delete(id: try id(context), expectedVersion: try expectedVersion(request))
        else { throw APIError.notFound(try raw(context)) }
        return Response(status: .noContent)
    }

    @Sendable func projects(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        struct Entry: Encodable { let name: String; let count: Int }
        var entries: [Entry] = []
        let store = try self.store(context)
        for project in try await store.projects() {
            entries.append(Entry(name: project.name, count: try await store.count(TodoFilter(project: project.name))))
        }
        return try WebFormat.json(entries)
    }

    /// `GET /api/tags` (TAG-12): each tag in use with how many items have it, by name.
    @Sendable func tags(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        struct Entry: Encodable { let name: String; let count: Int }
        return try WebFormat.json(try await store(context).tags().map { Entry(name: $0.name, count: $0.count) })
    }

    @Sendable func quickAddSection(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let name = try context.parameters.require("section")
        guard let kind = QuickAddSectionKind(rawValue: name) else {
            throw APIError(.notFound, "There is no quick-add section “\(name)”.")
        }
        return try await quickAddChoices(kind, request, context)
    }

    /// A section as the quick-add popup loads it: its choices with the context's preselection.
    private func quickAddChoices(
        _ kind: QuickAddSectionKind, _ request: Request, _ context: TodoRequestContext
    ) async throws -> Response {
        let store = try self.store(context)
        let quickAdd = QuickAddViewModel(
            store: store, source: StoreQuickAddOptions(store: store, today: clock.today(context)), context: QuickAddController.context(request),
            today: clock.today(context))
        await quickAdd.loadSection(kind)
        let section = quickAdd.section(kind)
        struct Option: Encodable { let id: String; let label: String; let selected: Bool }
        struct Body: Encodable {
            let section: String, title: String, selection: String, state: String
            let message: String?, options: [Option]
        }
        let (state, message): (String, String?) = switch section.state {
        case .loaded: ("loaded", nil)
        case .empty(let text): ("empty", text)
        case .failed(let text): ("failed", text)
        case .notLoaded: ("failed", kind.errorMessage)
        }
        let body = Body(
            section: kind.rawValue, title: kind.title,
            selection: kind.selectionMode == .single ? "single" : "multiple", state: state, message: message,
            options: section.options.map { Option(id: $0.id, label: $0.label, selected: section.selection.isSelected($0.id)) })
        return try WebFormat.json(body, status: state == "failed" ? .serviceUnavailable : .ok)
    }

    // MARK: the Trash (docs/specs/trash.md, TRASH-15)

    /// `GET /api/trash`: the trashed items, newest deletion first, each the shared item shape
    /// plus `deletedAt`.
    @Sendable func trash(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        try WebFormat.json(try await self.store(context).trash())
    }

    /// `POST /api/trash/{id}/restore`: the item back at its place, answered as `GET` would.
    @Sendable func restore(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        guard let item = try await self.store(context).restore(id: try id(context)) else {
            throw APIError(.notFound, "No item with id “\(try raw(context))” is in the Trash.")
        }
        return try WebFormat.json(APIItem(item: item, url: url(for: item, request)), headers: [.eTag: WebFormat.eTag(item)])
    }

    // MARK: helpers

    /// The most items one page of `?limit=` holds, and the batch a whole list is read in.
    static let maxPageSize = 1000
    static let batchSize = 500

    /// `GET /api/todos`: with `?limit=N` one page and a `Link` to the next; without, the whole
    /// list, written while it is read a batch at a time, so memory stays bounded (HARDEN-7).
    private func list(_ filter: TodoFilter, _ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        var cursor: ListCursor?
        if let text = query.get("after") {
            guard let parsed = ListCursor(text: text) else {
                throw APIError(.badRequest, "?after= takes the cursor from a Link header this API gave.")
            }
            cursor = parsed
        }
        let base = Self.origin(of: request)
        if let text = query.get("limit") {
            guard let limit = Int(text), (1...Self.maxPageSize).contains(limit) else {
                throw APIError(.badRequest, "?limit= takes a whole number from 1 to \(Self.maxPageSize).")
            }
            let items = try await self.store(context).items(filter, after: cursor, limit: limit + 1)
            let page = items.prefix(limit)
            var headers: HTTPFields = [:]
            if items.count > limit, let last = page.last {
                var next = URLComponents()
                next.path = "/api/todos"
                next.queryItems = query.compactMap { $0.key == "after" || $0.key == "limit" ? nil : URLQueryItem(name: String($0.key), value: String($0.value)) }
                    + [URLQueryItem(name: "limit", value: String(limit)), URLQueryItem(name: "after", value: ListCursor(after: last).text)]
                headers[HTTPField.Name("Link")!] = "<\(base)\(next.string ?? "/api/todos")>; rel=\"next\""
            }
            headers[.contentType] = Self.jsonType
            var bytes: [UInt8] = [UInt8(ascii: "[")]
            // Each item as ``APIItem`` encodes it, byte for byte.
            TodoJSONWriter.append(elements: page, urlPrefix: Self.urlPrefix(origin: base), first: true, to: &bytes)
            bytes.append(UInt8(ascii: "]"))
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        // The whole list (HARDEN-7b): one answer, written a batch at a time as it is read, each
        // batch a keyset read after the last item written and written straight into bytes.
        let store = try self.store(context)
        let firstBatch = try await store.items(filter, after: cursor, limit: Self.batchSize)
        let urlPrefix = Self.urlPrefix(origin: base)
        return Response(
            status: .ok, headers: [.contentType: Self.jsonType],
            body: ResponseBody { writer in
                var batch = firstBatch
                var bytes: [UInt8] = [UInt8(ascii: "[")]
                bytes.reserveCapacity(Self.batchSize * 512)
                var first = true
                while true {
                    TodoJSONWriter.append(elements: batch, urlPrefix: urlPrefix, first: first, to: &bytes)
                    first = false
                    guard batch.count == Self.batchSize, let last = batch.last else { break }
                    try await writer.write(ByteBuffer(bytes: bytes))
                    bytes.removeAll(keepingCapacity: true)
                    batch = try await store.items(filter, after: ListCursor(after: last), limit: Self.batchSize)
                }
                bytes.append(UInt8(ascii: "]"))
                try await writer.write(ByteBuffer(bytes: bytes))
                try await writer.finish(nil)
            })
    }

    private static let jsonType = "application/json; charset=utf-8"

    private func body(_ request: Request) async throws -> APIItemBody {
        let type = request.headers[.contentType]?.lowercased() ?? ""
        guard type.hasPrefix("application/json") else {
            throw APIError(.unsupportedMediaType, "Send the item as JSON with Content-Type: application/json.")
        }
        return try APIItemBody(json: Data(buffer: try await WebFormat.body(of: request)))
    }

    private func raw(_ context: TodoRequestContext) throws -> String { try context.parameters.require("id") }

    private func id(_ context: TodoRequestContext) throws -> UUID {
        let text = try raw(context)
        guard let id = UUID(uuidString: text) else { throw APIError.notFound(text) }
        return id
    }

    /// The version named by `If-Match` (`"3"`, `W/"3"`); nil without the header or for `*`.
    private func expectedVersion(_ request: Request) throws -> Int? {
        guard let header = request.headers[.ifMatch]?.trimmingCharacters(in: .whitespaces), header != "*" else { return nil }
        var tag = header.hasPrefix("W/") ? String(header.dropFirst(2)) : header
        tag = tag.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        guard let version = Int(tag) else {
            throw APIError(.preconditionFailed, "If-Match must carry an ETag this API gave, such as \"3\".")
        }
        return version
    }

    /// The item's address, under the Host the request named (which `HostCheckMiddleware` has
    /// checked is one this server answers, HARDEN-2).
    private func url(for item: TodoItem, _ request: Request) -> String {
        Self.url(for: item, origin: Self.origin(of: request))
    }

    private static func url(for item: TodoItem, origin: String) -> String {
        urlPrefix(origin: origin) + item.id.lowercasedText
    }

    /// What every item's address starts with: the address is this and the item's id.
    private static func urlPrefix(origin: String) -> String { "\(origin)/api/todos/" }

    private static func origin(of request: Request) -> String {
        "http://\(request.head.authority ?? "127.0.0.1")"
    }
}

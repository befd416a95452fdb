import Foundation
import HTTPTypes
import Hummingbird
import TodoCore
import TodoInterop

extension HTTPRequest.Method {
    static let propfind = Self("PROPFIND")!
    static let proppatch = Self("PROPPATCH")!
    static let report = Self("REPORT")!
    static let mkcalendar = Self("MKCALENDAR")!
    static let mkcol = Self("MKCOL")!
}

/// One request of a signed-in person (docs/specs/caldav.md): what each method does to each
/// kind of address.
struct DAVRequests {
    let server: CalDAVServer
    let session: DAVSession
    let request: Request

    static let allowedMethods = "OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT, MKCALENDAR"

    /// DAV-19: what the server does, for any address.
    static func options() -> Response {
        var headers = HTTPFields()
        headers[HTTPField.Name("DAV")!] = "1, 3, calendar-access, extended-mkcol"
        headers[.allow] = allowedMethods
        headers[.contentLength] = "0"
        return Response(status: .ok, headers: headers)
    }

    func answer(_ target: DAVPath) async throws -> Response {
        if case .resource(_, _, let name) = target { try Self.checkResourceName(name) }
        switch request.method {
        case .propfind: return try await propfind(target)
        case .report: return try await report(target)
        case .get, .head: return try await get(target)
        case .put:
            guard case .resource(let name, let segment, let resource) = target else { throw notAllowed }
            return try await put(calendar(name, segment), name: resource)
        case .delete: return try await delete(target)
        case .mkcalendar, .mkcol:
            guard case .calendar(let name, let segment) = target else { throw notAllowed }
            return try await makeCalendar(name: name, segment: segment)
        case .proppatch:
            guard case .calendar(let name, let segment) = target else { throw notAllowed }
            return try await proppatch(calendar(name, segment))
        default: throw notAllowed
        }
    }

    private var notAllowed: DAVFailure {
        var failure = DAVFailure(.methodNotAllowed, "\(request.method.rawValue) is not allowed here.")
        failure.headers[.allow] = Self.allowedMethods
        return failure
    }

    // MARK: - addresses

    /// The person's own name in an address; another's answers 404 (DAV-4).
    private func requireSelf(_ name: String) throws {
        guard name == session.account.name else { throw DAVFailure.notFound }
    }

    func calendar(_ name: String, _ segment: String) throws -> DAVCalendar {
        try requireSelf(name)
        guard let calendar = session.calendar(segment) else { throw DAVFailure.notFound }
        return calendar
    }

    /// HARDEN-14: a resource name a store could cut short (NUL), a client would read as another
    /// address (`..`) or that can't be one segment (`/`) is refused, whatever the method.
    static func checkResourceName(_ name: String) throws(DAVFailure) {
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw DAVFailure(.badRequest, "A resource name can't hold control characters; nothing was changed.")
        }
        if name == "." || name == ".." {
            throw DAVFailure(.badRequest, "A resource name can't be . or ..; nothing was changed.")
        }
        if name.contains("/") {
            throw DAVFailure(.badRequest, "A resource name can't hold a slash; nothing was changed.")
        }
    }

    // MARK: - bodies

    func body() async throws -> Data {
        let limit = request.method == .report ? CalDAVServer.maxReportSize : CalDAVServer.maxBodySize
        do {
            let buffer = try await request.body.collect(upTo: limit)
            return Data(buffer.readableBytesView)
        } catch {
            throw RequestBodyTooLarge(limit: limit)
        }
    }

    func xmlBody() async throws -> DAVElement? { try DAVXML.parse(try await body()) }

    /// `Depth`: 0, 1 or infinity (taken as 1); 1 when absent, as most clients mean.
    var depth: Int {
        switch request.headers[HTTPField.Name("Depth")!]?.trimmingCharacters(in: .whitespaces).lowercased() {
        case "0": 0
        default: 1
        }
    }

    static func multistatus(_ xml: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = DAVWriter.contentType
        return Response(
            status: .init(code: 207, reasonPhrase: "Multi-Status"), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(string: xml)))
    }

    // MARK: - GET

    private func get(_ target: DAVPath) async throws -> Response {
        guard case .resource(let name, let segment, let resourceName) = target else {
            // A collection has no body of its own; a short sentence says what it is.
            switch target {
            case .calendar(let name, let segment): _ = try calendar(name, segment)
            case .home(let name), .principal(let name): try requireSelf(name)
            default: break
            }
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; charset=utf-8"
            return Response(
                status: .ok, headers: headers,
                body: ResponseBody(byteBuffer: ByteBuffer(string: "Todo's CalDAV server: add it to a calendar or reminders app.\n")))
        }
        let calendar = try calendar(name, segment)
        guard let member = try await session.member(calendar, named: resourceName) else { throw DAVFailure.notFound }
        var headers = HTTPFields()
        headers[.contentType] = "text/calendar; charset=utf-8"
        headers[.eTag] = member.etag
        headers[.lastModified] = Self.httpDate(member.item.updatedAt)
        let text = member.body(timeZone: session.timeZone)
        headers[.contentLength] = String(text.utf8.count)
        if request.method == .head { return Response(status: .ok, headers: headers) }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    // MARK: - PUT (DAV-6, DAV-7, DAV-11)

    private func put(_ calendar: DAVCalendar, name: String) async throws -> Response {
        try calendar.requireWritable()
        let data = try await body()
        guard let text = String(data: data, encoding: .utf8) else {
            throw DAVFailure(.badRequest, "The calendar data is not UTF-8 text; nothing was changed.")
        }
        var todo: CalDAVTodo
        do { todo = try CalDAVTodoCodec.read(text, timeZone: session.timeZone) } catch {
            // RFC 4791 §5.3.2.1: a component the calendar does not take is a precondition, 403.
            if let component = error.unsupportedComponent {
                throw DAVFailure(
                    .forbidden, "These calendars hold tasks (VTODO) only, not \(component); nothing was changed.",
                    condition: .caldav("supported-calendar-component"))
            }
            throw DAVFailure(.badRequest, error.message + " Nothing was changed.", condition: .caldav("valid-calendar-data"))
        }
        let existing = try await session.member(calendar, named: name)
        try checkPreconditions(existing)
        if existing?.uid != todo.uid, let other = try await session.member(calendar, uid: todo.uid) {
            // RFC 4791 §5.3.2.1 (DAV-29): one UID names one resource of a calendar.
            var failure = DAVFailure(
                .conflict, "Another task of this calendar has the UID “\(todo.uid)” already; nothing was changed.",
                condition: .caldav("no-uid-conflict"))
            failure.conditionHrefs = [session.href(calendar, other)]
            throw failure
        }
        todo = try await resolvingParent(of: todo, existing: existing, in: calendar)
        let stored: DAVMember
        if let existing {
            stored = try await update(existing, with: todo, in: calendar)
        } else {
            guard name.count <= 255 else {
                throw DAVFailure(.badRequest, "A resource name is at most 255 characters; nothing was changed.")
            }
            var draft = todo.draft(project: calendar.list.map(Project.init(name:)))
            if let order = todo.sortOrder, !todo.isDone { draft.position = Double(order) }
            // The client's DTSTART anchors its series: no date is made up for it (REPEAT-15).
            draft.keepsItsDates = true
            let item = try await calendar.store.add(draft)
            let record = try await server.calendars.save(
                CalendarResource(item: item.id, name: name, uid: todo.uid, kept: todo.kept), owner: calendar.owner,
                list: calendar.list)
            stored = DAVMember(item: item, record: record)
        }
        var headers = HTTPFields()
        headers[.eTag] = stored.etag
        if existing == nil { headers[.location] = session.href(calendar, stored) }
        return Response(status: existing == nil ? .created : .noContent, headers: headers)
    }

    /// `todo` with the parent its RELATED-TO names (SUB-14), that line no longer kept, when it
    /// names a task of the person's (`DAVSession.item(_:uid:)`); else with none, the line kept
    /// as it came. An item whose parent the server wrote no RELATED-TO for (one not in the list,
    /// SUB-6, or in a list the person doesn't read) keeps it: the client can't have meant to
    /// change what it was never told.
    private func resolvingParent(of todo: CalDAVTodo, existing: DAVMember?, in calendar: DAVCalendar) async throws -> CalDAVTodo {
        var todo = todo
        if let uid = todo.parentUID, let parent = try await session.item(calendar, uid: uid) {
            todo.parent = parent.id
            todo.kept = CalDAVTodoCodec.keptWithoutParent(todo.kept)
        } else if let existing, existing.parentUID == nil {
            todo.parent = existing.item.parent
        } else {
            todo.parent = nil
        }
        return todo
    }

    /// The item made to say what `todo` says, and what CalDAV keeps beside it.
    private func update(_ member: DAVMember, with todo: CalDAVTodo, in calendar: DAVCalendar) async throws -> DAVMember {
        var changes = todo.changes(from: member.item)
        // X-APPLE-SORT-ORDER places the item in To Do when a client changed it (docs/interop.md).
        if let order = todo.sortOrder, !todo.isDone, !member.item.isDone,
           order != CalDAVTodoCodec.sortOrder(of: member.item)
        {
            changes.position = Double(order)
        }
        var item = member.item
        if changes != TodoChanges() {
            changes.keepsItsDates = true  // REPEAT-15, as for an added item
            guard let updated = try await calendar.store.update(id: item.id, changes, expectedVersion: item.version) else {
                throw DAVFailure.notFound
            }
            item = updated
        }
        var record = member.record
        let wanted = CalendarResource(item: item.id, name: member.name, uid: todo.uid, kept: todo.kept)
        if record.map({ ($0.name, $0.uid, $0.kept) != (wanted.name, wanted.uid, wanted.kept) }) ?? true {
            record = try await server.calendars.save(wanted, owner: calendar.owner, list: item.project?.name)
        }
        if !member.item.isDone, item.isDone, !todo.kept.isEmpty {
            try await keepForNextOccurrence(of: item, kept: todo.kept, in: calendar)
        }
        return DAVMember(item: item, record: record)
    }

    /// Gives the occurrence that completing `item` made what the server kept of `item` (DAV-26),
    /// its dates moved to the occurrence's; an occurrence that has a record already keeps it.
    private func keepForNextOccurrence(of item: TodoItem, kept: String, in calendar: DAVCalendar) async throws {
        guard item.repeatRule != nil, let next = try await calendar.store.nextOccurrence(of: item.id),
              try await server.calendars.resources(of: calendar.owner, items: [next.id]).isEmpty
        else { return }
        let resource = CalendarResource(
            item: next.id, name: DAVMember.defaultName(next.id), uid: next.id.lowercasedText,
            kept: CalDAVTodoCodec.keptForOccurrence(kept, of: item, next: next))
        _ = try await server.calendars.save(resource, owner: calendar.owner, list: next.project?.name)
    }

    /// `If-Match` and `If-None-Match` (DAV-6, DAV-7): 412 when they don't hold.
    private func checkPreconditions(_ existing: DAVMember?) throws {
        let failed = DAVFailure(.preconditionFailed, "It was changed elsewhere, or exists already; nothing was changed.")
        if let ifNoneMatch = request.headers[.ifNoneMatch] {
            let tags = Self.entityTags(ifNoneMatch)
            if let existing, tags.contains("*") || tags.contains(existing.etag) { throw failed }
        }
        if let ifMatch = request.headers[.ifMatch] {
            let tags = Self.entityTags(ifMatch)
            guard let existing, tags.contains("*") || tags.contains(existing.etag) else { throw failed }
        }
    }

    static func entityTags(_ header: String) -> [String] {
        header.split(separator: ",").map {
            var tag = $0.trimmingCharacters(in: .whitespaces)
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag
        }
    }

    // MARK: - DELETE (DAV-8, DAV-18)

    private func delete(_ target: DAVPath) async throws -> Response {
        switch target {
        case .resource(let name, let segment, let resourceName):
            let calendar = try calendar(name, segment)
            try calendar.requireWritable()
            guard let member = try await session.member(calendar, named: resourceName) else { throw DAVFailure.notFound }
            try checkPreconditions(member)
            try await moveSubtasks(of: member, in: calendar)
            _ = try await calendar.store.delete(id: member.item.id, expectedVersion: member.item.version)
            return Response(status: .noContent)
        case .calendar(let name, let segment):
            let calendar = try calendar(name, segment)
            guard !calendar.isShared else {
                throw DAVFailure(.forbidden, "“\(calendar.displayName)” is shared with you; only its owner can delete it.",
                    condition: .dav("need-privileges"))
            }
            guard !calendar.isInbox else {
                throw DAVFailure(.forbidden, "The To Do calendar holds the items without a list; it can't be deleted.",
                    condition: .dav("need-privileges"))
            }
            for item in try await calendar.items() { _ = try await calendar.store.delete(id: item.id) }
            try await server.calendars.removeCollection(segment: calendar.segment, owner: calendar.owner)
            return Response(status: .noContent)
        default:
            throw notAllowed
        }
    }

    /// Before a task is deleted, puts its subtasks under the task of another calendar with the
    /// same UID, when the person has one: a client that moves a task to another calendar puts it
    /// there and deletes it here (Thunderbird, DAV-30), and its subtasks go with it rather than
    /// to the Trash with the old copy (SUB-5, SUB-14). A subtask the rule keeps from going there
    /// (the copy is under it) stays.
    private func moveSubtasks(of member: DAVMember, in calendar: DAVCalendar) async throws {
        let subtasks = try await calendar.store.subtasks(of: member.item.id)
        guard !subtasks.isEmpty else { return }
        var copy: TodoItem?
        for record in try await server.calendars.resources(of: calendar.owner, uid: member.uid)
        where record.item != member.item.id {
            if let item = try await calendar.store.item(id: record.item), session.reads(item, of: calendar.owner) {
                copy = item
                break
            }
        }
        guard let copy else { return }
        for subtask in subtasks where subtask.id != copy.id {
            do {
                _ = try await calendar.store.update(id: subtask.id, TodoChanges(parent: .some(copy.id)), expectedVersion: nil)
            } catch is TodoValidationError {
                continue
            }
        }
    }

    // MARK: - MKCALENDAR (DAV-16)

    private func makeCalendar(name: String, segment: String) async throws -> Response {
        try requireSelf(name)
        if session.calendar(segment) != nil {
            throw DAVFailure(.methodNotAllowed, "There is a calendar at this address already.",
                condition: .dav("resource-must-be-null"))
        }
        guard segment != DAVCalendar.inboxSegment, !segment.hasPrefix(DAVCalendar.listPrefix), segment.count <= 255 else {
            throw DAVFailure(.forbidden, "A new calendar's address can't be “\(segment)”; choose another.")
        }
        let properties = Self.setProperties(try await xmlBody())
        if let components = properties[.caldav("supported-calendar-component-set")],
           !components.children(DAVNamespace.caldav, "comp").contains(where: { $0.attributes["name"]?.uppercased() == "VTODO" })
        {
            throw DAVFailure(.forbidden, "Todo's calendars hold tasks (VTODO) only.",
                condition: .caldav("supported-calendar-component"))
        }
        let list = try TodoRules.project(Project(name: properties[.dav("displayname")]?.text ?? segment))!.name
        if session.calendars.contains(where: { !$0.isShared && $0.list == list }) {
            throw DAVFailure(.methodNotAllowed, "You have a list named “\(list)” already.",
                condition: .dav("resource-must-be-null"))
        }
        try await server.calendars.save(
            CalendarCollection(
                segment: segment, list: list, color: properties[.apple("calendar-color")].flatMap { Self.color($0.text) },
                order: properties[.apple("calendar-order")].flatMap { Int($0.text.trimmingCharacters(in: .whitespaces)) }),
            owner: session.me)
        var headers = HTTPFields()
        headers[.contentLength] = "0"
        return Response(status: .created, headers: headers)
    }

    /// The properties a `set` (MKCALENDAR, extended MKCOL, PROPPATCH) gives, by name.
    static func setProperties(_ root: DAVElement?) -> [DAVName: DAVElement] {
        var properties: [DAVName: DAVElement] = [:]
        for set in root?.children.filter({ $0.is(DAVNamespace.dav, "set") }) ?? [] {
            for prop in set.children(DAVNamespace.dav, "prop") {
                for property in prop.children { properties[property.qualifiedName] = property }
            }
        }
        return properties
    }

    /// A colour as Apple writes it (`#RRGGBB` or `#RRGGBBAA`); nil for anything else.
    static func color(_ text: String) -> String? {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.first == "#", [7, 9].contains(text.count), text.dropFirst().allSatisfy(\.isHexDigit) else { return nil }
        return text.uppercased()
    }
}

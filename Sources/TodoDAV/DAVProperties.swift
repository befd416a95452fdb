import Foundation
import HTTPTypes
import Hummingbird
import TodoCore
import TodoInterop

/// What a PROPFIND or a REPORT asks of each resource: some properties by name, all of them,
/// or their names.
enum DAVPropertyRequest {
    case names([DAVName])
    case all
    case propname

    /// From the `propfind` (or report) element; no body is `allprop` (RFC 4918).
    init(_ element: DAVElement?) {
        if let prop = element?.child(DAVNamespace.dav, "prop") {
            self = .names(prop.children.map(\.qualifiedName))
        } else if element?.child(DAVNamespace.dav, "propname") != nil {
            self = .propname
        } else {
            self = .all
        }
    }
}

/// The things PROPFIND can be asked about.
enum DAVTarget {
    case root, principals, principal, calendars, home
    case calendar(DAVCalendar)
    case member(DAVCalendar, DAVMember)
}

extension DAVRequests {
    // MARK: - PROPFIND (DAV-1, DAV-3, DAV-5)

    func propfind(_ path: DAVPath) async throws -> Response {
        let root = try await xmlBody()
        if let root, !root.is(DAVNamespace.dav, "propfind") {
            throw DAVFailure(.badRequest, "A PROPFIND body is a DAV:propfind element.")
        }
        let asked = DAVPropertyRequest(root)
        var targets: [(String, DAVTarget)] = []
        switch path {
        case .root:
            targets = [(CalDAVServer.root, .root)]
        case .principals:
            targets = [("/dav/principals/", .principals)]
            if depth > 0 { targets.append((session.principal, .principal)) }
        case .principal(let name):
            guard name == session.account.name else { throw DAVFailure.notFound }
            targets = [(session.principal, .principal)]
        case .calendars:
            targets = [("/dav/calendars/", .calendars)]
            if depth > 0 { targets.append((session.home, .home)) }
        case .home(let name):
            guard name == session.account.name else { throw DAVFailure.notFound }
            targets = [(session.home, .home)]
            if depth > 0 { targets += session.calendars.map { (session.href($0), .calendar($0)) } }
        case .calendar(let name, let segment):
            let calendar = try calendar(name, segment)
            targets = [(session.href(calendar), .calendar(calendar))]
            if depth > 0 {
                targets += try await session.members(calendar).map { (session.href(calendar, $0), .member(calendar, $0)) }
            }
        case .resource(let name, let segment, let resourceName):
            let calendar = try calendar(name, segment)
            guard let member = try await session.member(calendar, named: resourceName) else { throw DAVFailure.notFound }
            targets = [(session.href(calendar, member), .member(calendar, member))]
        }
        return try await properties(of: targets, asked: asked)
    }

    /// A multistatus of what `asked` asks of each target, then what `after` writes.
    func properties(
        of targets: [(href: String, target: DAVTarget)], asked: DAVPropertyRequest,
        after: (inout DAVWriter) -> Void = { _ in }
    ) async throws -> Response {
        var properties = DAVPropertyWriter(session: session, timeZone: session.timeZone)
        let xml = try await DAVWriterAsync.document { writer in
            for (href, target) in targets {
                try await properties.response(href: href, target: target, asked: asked, into: &writer)
            }
            after(&writer)
        }
        return Self.multistatus(xml)
    }

    // MARK: - PROPPATCH (DAV-17)

    func proppatch(_ calendar: DAVCalendar) async throws -> Response {
        guard let root = try await xmlBody(), root.is(DAVNamespace.dav, "propertyupdate") else {
            throw DAVFailure(.badRequest, "A PROPPATCH body is a DAV:propertyupdate element.")
        }
        if calendar.isShared {
            throw DAVFailure(.forbidden, "“\(calendar.displayName)” is shared with you; only its owner can rename or recolour it.",
                condition: .dav("need-privileges"))
        }
        let set = Self.setProperties(root)
        var removed: [DAVName] = []
        for remove in root.children(DAVNamespace.dav, "remove") {
            for prop in remove.children(DAVNamespace.dav, "prop") { removed += prop.children.map(\.qualifiedName) }
        }
        let settable: Set<DAVName> = [.dav("displayname"), .apple("calendar-color"), .apple("calendar-order")]
        let all = Array(set.keys) + removed
        var record = try await server.calendars.collections(of: calendar.owner).first { $0.segment == calendar.segment }
            ?? CalendarCollection(segment: calendar.segment, list: calendar.list ?? DAVCalendar.inboxRecordList, color: calendar.color, order: calendar.order)
        var refused: PropertyRefusals = [:]
        for name in all where !settable.contains(name) {
            refused[name] = (.forbidden, "Todo keeps a calendar's name, colour and order only.")
        }
        let rename = renaming(calendar, to: set[.dav("displayname")], refused: &refused)
        Self.recolour(&record, set: set, removed: removed, refused: &refused)
        // All or nothing (RFC 4918): one refusal fails the others.
        if refused.isEmpty {
            if let rename {
                // Every item moves with it; the calendar keeps its address (the record's segment).
                for item in try await calendar.items() {
                    _ = try await calendar.store.update(id: item.id, TodoChanges(project: .some(Project(name: rename))))
                }
                record.list = rename
            }
            try await server.calendars.save(record, owner: calendar.owner)
        }
        return Self.multistatus(proppatchAnswer(calendar, all: all, refused: refused))
    }

    /// The properties a PROPPATCH can't set, with the status and sentence of each.
    private typealias PropertyRefusals = [DAVName: (HTTPResponse.Status, String)]

    /// The list name a new display name gives `calendar`; nil when it is unchanged or refused:
    /// the To Do calendar keeps its name, and another of the person's lists may have it already.
    private func renaming(_ calendar: DAVCalendar, to name: DAVElement?, refused: inout PropertyRefusals) -> String? {
        guard let name else { return nil }
        guard !calendar.isInbox else {
            refused[.dav("displayname")] = (.forbidden, "The To Do calendar keeps its name.")
            return nil
        }
        do {
            let list = try TodoRules.project(Project(name: name.text))!.name
            guard list != calendar.list else { return nil }
            guard !session.calendars.contains(where: { !$0.isShared && $0.list == list }) else {
                refused[.dav("displayname")] = (.conflict, "You have a list named “\(list)” already.")
                return nil
            }
            return list
        } catch {
            refused[.dav("displayname")] = (.badRequest, error.localizedDescription)
            return nil
        }
    }

    /// The colour and order a PROPPATCH sets or removes, into `record`.
    private static func recolour(
        _ record: inout CalendarCollection, set: [DAVName: DAVElement], removed: [DAVName], refused: inout PropertyRefusals
    ) {
        if let color = set[.apple("calendar-color")] {
            if let value = Self.color(color.text) { record.color = value } else {
                refused[.apple("calendar-color")] = (.badRequest, "A colour is written #RRGGBB or #RRGGBBAA.")
            }
        }
        if let order = set[.apple("calendar-order")] {
            if let value = Int(order.text.trimmingCharacters(in: .whitespacesAndNewlines)) { record.order = value } else {
                refused[.apple("calendar-order")] = (.badRequest, "An order is a whole number.")
            }
        }
        if removed.contains(.apple("calendar-color")) { record.color = nil }
        if removed.contains(.apple("calendar-order")) { record.order = nil }
    }

    /// A PROPPATCH's multistatus: every property 200; or each refused one with its status and
    /// sentence, and the others 424 Failed Dependency.
    private func proppatchAnswer(_ calendar: DAVCalendar, all: [DAVName], refused: PropertyRefusals) -> String {
        DAVWriter.document(root: .dav("multistatus")) { writer in
            writer.open(.dav("response"))
            writer.element(.dav("href"), text: session.href(calendar))
            var byStatus: [(HTTPResponse.Status, [DAVName], String?)] = []
            if refused.isEmpty {
                byStatus.append((.ok, all, nil))
            } else {
                for (name, (status, message)) in refused { byStatus.append((status, [name], message)) }
                let failed = all.filter { refused[$0] == nil }
                if !failed.isEmpty { byStatus.append((.init(code: 424, reasonPhrase: "Failed Dependency"), failed, nil)) }
            }
            for (status, names, message) in byStatus {
                writer.open(.dav("propstat"))
                writer.open(.dav("prop"))
                for name in names { writer.empty(name) }
                writer.close(.dav("prop"))
                writer.element(.dav("status"), text: "HTTP/1.1 \(status.code) \(status.reasonPhrase)")
                if let message { writer.element(.dav("responsedescription"), text: message) }
                writer.close(.dav("propstat"))
            }
            writer.close(.dav("response"))
        }
    }

    // MARK: - REPORT (DAV-12…15)

    func report(_ path: DAVPath) async throws -> Response {
        guard let root = try await xmlBody() else {
            throw DAVFailure(.badRequest, "A REPORT needs a body that names the report.")
        }
        let known: Set<DAVName> = [
            .caldav("calendar-query"), .caldav("calendar-multiget"), .dav("sync-collection"), .caldav("free-busy-query"),
        ]
        guard known.contains(root.qualifiedName) else {
            throw DAVFailure(.forbidden, "Todo doesn't know the report “\(root.name)”.", condition: .dav("supported-report"))
        }
        let calendar: DAVCalendar
        switch path {
        case .calendar(let name, let segment): calendar = try self.calendar(name, segment)
        case .resource(let name, let segment, _) where root.is(DAVNamespace.caldav, "calendar-multiget"):
            calendar = try self.calendar(name, segment)
        default:
            throw DAVFailure(.forbidden, "This report is answered on a calendar.", condition: .dav("supported-report"))
        }
        let asked = DAVPropertyRequest(root)
        switch root.name {
        case "calendar-query": return try await query(calendar, root, asked)
        case "calendar-multiget": return try await multiget(calendar, root, asked)
        case "free-busy-query": return try freeBusy(root)
        default: return try await sync(calendar, root, asked)
        }
    }

    private func query(_ calendar: DAVCalendar, _ root: DAVElement, _ asked: DAVPropertyRequest) async throws -> Response {
        let filter = root.child(DAVNamespace.caldav, "filter")
        let members = try await session.members(calendar).filter {
            DAVQueryFilter.matches(filter, $0, timeZone: session.timeZone)
        }
        return try await properties(of: members.map { (session.href(calendar, $0), .member(calendar, $0)) }, asked: asked)
    }

    /// RFC 4791 §7.10 (DAV-29): only VEVENTs and VFREEBUSYs take time in a free/busy answer,
    /// so a calendar of tasks answers the range asked for with no busy period in it.
    private func freeBusy(_ root: DAVElement) throws -> Response {
        let range = root.child(DAVNamespace.caldav, "time-range")
        guard let start = range?.attributes["start"], let end = range?.attributes["end"],
              Self.isUTCDateTime(start), Self.isUTCDateTime(end), start < end
        else {
            throw DAVFailure(.badRequest, "A free-busy-query names a time-range with a start and a later end, in UTC (20261124T000000Z).",
                condition: .caldav("valid-filter"))
        }
        let stamp = Self.utcStamp.string(from: server.now())
        let text = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//TestDrivenApps//Todo//EN", "BEGIN:VFREEBUSY",
            "DTSTAMP:\(stamp)", "DTSTART:\(start)", "DTEND:\(end)", "END:VFREEBUSY", "END:VCALENDAR",
        ].joined(separator: "\r\n") + "\r\n"
        var headers = HTTPFields()
        headers[.contentType] = "text/calendar; charset=utf-8"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// `20261124T090000Z`: the form RFC 4791 gives a time-range's bounds.
    static func isUTCDateTime(_ text: String) -> Bool {
        let characters = Array(text.utf8)
        guard characters.count == 16, characters[8] == UInt8(ascii: "T"), characters[15] == UInt8(ascii: "Z") else { return false }
        return characters.enumerated().allSatisfy { index, byte in [8, 15].contains(index) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    }

    private static var utcStamp: DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter
    }

    private func multiget(_ calendar: DAVCalendar, _ root: DAVElement, _ asked: DAVPropertyRequest) async throws -> Response {
        let hrefs = root.children(DAVNamespace.dav, "href").map { element in
            let text = element.text
            let trimmed = text.first.map(\.isWhitespace) != true && text.last.map(\.isWhitespace) != true
            return trimmed ? text : text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        // The names this calendar's hrefs point at; anything else is not found.
        let names = hrefs.map { href -> String? in
            guard case .resource(let name, let segment, let resourceName) = DAVPath(Self.rawPath(href) ?? href),
                  name == session.account.name, segment == calendar.segment
            else { return nil }
            return resourceName
        }
        let byName = try await session.members(calendar, named: names.compactMap { $0 })
        var properties = DAVPropertyWriter(session: session, timeZone: session.timeZone)
        let calendarHref = session.href(calendar)
        let xml = try await DAVWriterAsync.document { writer in
            for (href, name) in zip(hrefs, names) {
                if let name, let member = byName[name] {
                    try await properties.response(href: session.href(calendar, member), target: .member(calendar, member),
                        asked: asked, into: &writer)
                } else {
                    DAVPropertyWriter.status(href: href.hasPrefix("/") ? href : calendarHref + href, .notFound, into: &writer)
                }
            }
        }
        return Self.multistatus(xml)
    }

    /// The path of an href, still percent-encoded: absolute URLs lose their scheme and host.
    static func rawPath(_ href: String) -> String? {
        if href.hasPrefix("/") { return href }
        guard let schemeEnd = href.range(of: "://") else { return nil }
        let rest = href[schemeEnd.upperBound...]
        guard let slash = rest.firstIndex(of: "/") else { return "/" }
        return String(rest[slash...])
    }

    // MARK: sync-collection (DAV-14)

    static let tokenPrefix = "http://todo.invalid/sync/"

    /// What a `sync-collection` answers: the members to report, the hrefs of those gone, the
    /// token, and whether `DAV:limit` cut it short (a 507 for the calendar).
    private struct SyncAnswer {
        var changed: [DAVMember] = []
        var removed: [String] = []
        var token: String
        var truncated = false
    }

    private func sync(_ calendar: DAVCalendar, _ root: DAVElement, _ asked: DAVPropertyRequest) async throws -> Response {
        let given = root.child(DAVNamespace.dav, "sync-token")?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if let level = root.child(DAVNamespace.dav, "sync-level")?.text.trimmingCharacters(in: .whitespaces), level != "1" {
            throw DAVFailure(.forbidden, "Todo's calendars hold resources only: sync-level is 1.",
                condition: .dav("sync-traversal-supported"))
        }
        let limit = root.child(DAVNamespace.dav, "limit")?.child(DAVNamespace.dav, "nresults")
            .flatMap { Int($0.text.trimmingCharacters(in: .whitespacesAndNewlines)) }.map { max($0, 1) }
        let answer: SyncAnswer
        if given.isEmpty {
            answer = try await firstSync(calendar, since: try await session.latestChange(calendar), after: nil, limit: limit)
        } else if let checkpoint = Self.checkpoint(given) {
            guard checkpoint.since <= (try await session.latestChange(calendar)) else { throw Self.invalidToken }
            answer = try await firstSync(calendar, since: checkpoint.since, after: checkpoint.after, limit: limit)
        } else {
            answer = try await changes(calendar, given: given, limit: limit)
        }
        let calendarHref = session.href(calendar)
        let targets = answer.changed.map { (session.href(calendar, $0), DAVTarget.member(calendar, $0)) }
        return try await properties(of: targets, asked: asked) { writer in
            for href in answer.removed { DAVPropertyWriter.status(href: href, .notFound, into: &writer) }
            if answer.truncated {
                writer.open(.dav("response"))
                writer.element(.dav("href"), text: calendarHref)
                writer.element(.dav("status"), text: "HTTP/1.1 507 Insufficient Storage")
                writer.open(.dav("error"))
                writer.empty(.dav("number-of-matches-within-limits"))
                writer.close(.dav("error"))
                writer.close(.dav("response"))
            }
            writer.element(.dav("sync-token"), text: answer.token)
        }
    }

    private static let invalidToken = DAVFailure(.forbidden, "The sync token is unknown or too old; sync again from the start.",
        condition: .dav("valid-sync-token"))

    /// A first sync's checkpoint (DAV-29): `<prefix><token>/<id>`, the token the first page
    /// was answered at and the id of the last member it reported.
    static func checkpoint(_ given: String) -> (since: Int64, after: UUID)? {
        guard given.hasPrefix(tokenPrefix) else { return nil }
        let parts = given.dropFirst(tokenPrefix.count).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let since = Int64(parts[0]), since >= 0, let after = UUID(uuidString: String(parts[1])) else {
            return nil
        }
        return (since, after)
    }

    /// Every member of the calendar, by id, after `after` (a checkpoint's); past `limit`, the
    /// first `limit` and a checkpoint to go on from (RFC 6578 §3.6). The last page answers the
    /// token `since` the first page was answered at: the changes made while the client paged
    /// come with its next sync.
    private func firstSync(_ calendar: DAVCalendar, since: Int64, after: UUID?, limit: Int?) async throws -> SyncAnswer {
        var members = try await session.members(calendar).map { ($0.item.id.lowercasedText, $0) }.sorted { $0.0 < $1.0 }
        if let after = after?.lowercasedText { members.removeAll { $0.0 <= after } }
        if let limit, members.count > limit {
            let page = members.prefix(limit)
            return SyncAnswer(changed: page.map(\.1), token: Self.tokenPrefix + "\(since)/\(page.last!.0)", truncated: true)
        }
        return SyncAnswer(changed: members.map(\.1), token: Self.tokenPrefix + String(since))
    }

    /// The members changed since the token `given`, and those gone (deleted or moved out).
    private func changes(_ calendar: DAVCalendar, given: String, limit: Int?) async throws -> SyncAnswer {
        guard given.hasPrefix(Self.tokenPrefix), let since = Int64(given.dropFirst(Self.tokenPrefix.count)), since >= 0 else {
            throw Self.invalidToken
        }
        // This calendar's changes only (DAV-24): an item that left it is named there, once.
        guard case .changes(let changes) = try await server.calendars.changes(
            of: calendar.owner, list: calendar.list, after: since, limit: ChangeRetention.changes + 1)
        else { throw Self.invalidToken }
        // A bulk change (an import) names no items: the client starts again.
        if changes.contains(where: { $0.kind == .many }) { throw Self.invalidToken }
        var token = since
        var truncated = false
        var seen = Set<UUID>()
        var ids: [UUID] = []
        for change in changes {
            if let item = change.item, seen.insert(item).inserted {
                if let limit, ids.count == limit {
                    truncated = true
                    break
                }
                ids.append(item)
            }
            token = change.id
        }
        if !truncated, changes.count > ChangeRetention.changes { truncated = true }
        if !truncated, let latest = changes.last?.id { token = latest }
        // What is in the calendar now is reported as it is; everything else as gone.
        var present: [TodoItem] = []
        for id in ids {
            if let item = try await calendar.item(id: id) { present.append(item) }
        }
        let presentIDs = Set(present.map(\.id))
        let gone = ids.filter { !presentIDs.contains($0) }
        let records = try await server.calendars.resources(of: calendar.owner, items: gone)
        let names = Dictionary(records.map { ($0.item, $0.name) }, uniquingKeysWith: { first, _ in first })
        let calendarHref = session.href(calendar)
        return SyncAnswer(
            changed: try await session.members(calendar, items: present),
            removed: gone.map { calendarHref + DAVPath.encoded(names[$0] ?? DAVMember.defaultName($0)) },
            token: Self.tokenPrefix + String(token), truncated: truncated)
    }
}

/// A `multistatus` document built by async steps.
enum DAVWriterAsync {
    static func document(_ body: (inout DAVWriter) async throws -> Void) async throws -> String {
        var writer = DAVWriter()
        try await body(&writer)
        return writer.document(root: .dav("multistatus"))
    }
}

/// The properties of each kind of resource (DAV-1, DAV-3, DAV-5), written into responses.
struct DAVPropertyWriter {
    let session: DAVSession
    let timeZone: TimeZone
    /// CTags by calendar (its segment), read once an answer.
    private var latest: [String: Int64] = [:]

    init(session: DAVSession, timeZone: TimeZone) {
        self.session = session
        self.timeZone = timeZone
    }

    static let memberContentType = "text/calendar; charset=utf-8; component=vtodo"

    static func status(href: String, _ status: HTTPResponse.Status, into writer: inout DAVWriter) {
        writer.open(.dav("response"))
        writer.element(.dav("href"), text: href)
        writer.element(.dav("status"), text: "HTTP/1.1 \(status.code) \(status.reasonPhrase)")
        writer.close(.dav("response"))
    }

    /// The properties every kind answers to `allprop` (and `propname`).
    private func allNames(_ target: DAVTarget) -> [DAVName] {
        switch target {
        case .root, .principals, .calendars: [.dav("resourcetype"), .dav("displayname"), .dav("current-user-principal")]
        case .principal:
            [.dav("resourcetype"), .dav("displayname"), .dav("principal-URL"), .caldav("calendar-home-set"),
             .dav("current-user-principal")]
        case .home: [.dav("resourcetype"), .dav("displayname"), .dav("current-user-principal"), .dav("owner")]
        case .calendar:
            [.dav("resourcetype"), .dav("displayname"), .caldav("supported-calendar-component-set"),
             .calendarServer("getctag"), .dav("sync-token"), .apple("calendar-color"), .apple("calendar-order"),
             .dav("current-user-privilege-set"), .dav("owner")]
        case .member: [.dav("resourcetype"), .dav("getetag"), .dav("getcontenttype"), .dav("getlastmodified")]
        }
    }

    mutating func response(href: String, target: DAVTarget, asked: DAVPropertyRequest, into writer: inout DAVWriter)
        async throws
    {
        var found: [(DAVName, String)] = []
        var missing: [DAVName] = []
        switch asked {
        case .propname:
            found = allNames(target).map { ($0, "") }
        case .all:
            for name in allNames(target) {
                if let value = try await value(name, target) { found.append((name, value)) }
            }
        case .names(let names):
            for name in names {
                if let value = try await value(name, target) { found.append((name, value)) } else { missing.append(name) }
            }
        }
        writer.open(.dav("response"))
        writer.element(.dav("href"), text: href)
        if !found.isEmpty || missing.isEmpty {
            writer.open(.dav("propstat"))
            writer.open(.dav("prop"))
            for (name, inner) in found {
                if inner.isEmpty { writer.empty(name) } else {
                    writer.open(name)
                    writer.raw(inner)
                    writer.close(name)
                }
            }
            writer.close(.dav("prop"))
            writer.element(.dav("status"), text: "HTTP/1.1 200 OK")
            writer.close(.dav("propstat"))
        }
        if !missing.isEmpty {
            writer.open(.dav("propstat"))
            writer.open(.dav("prop"))
            for name in missing { writer.empty(name) }
            writer.close(.dav("prop"))
            writer.element(.dav("status"), text: "HTTP/1.1 404 Not Found")
            writer.close(.dav("propstat"))
        }
        writer.close(.dav("response"))
    }

    private static func href(_ path: String) -> String { "<d:href>\(DAVWriter.escaped(path))</d:href>" }
    private static func text(_ value: String) -> String { DAVWriter.escaped(value) }

    private static let readPrivileges = ["read", "read-current-user-privilege-set"]
    private static let writePrivileges = ["write", "write-properties", "write-content", "bind", "unbind"]

    private static func privileges(_ names: [String]) -> String {
        names.map { "<d:privilege><d:\($0)/></d:privilege>" }.joined()
    }

    private static let reports = ["c:calendar-query", "c:calendar-multiget", "d:sync-collection", "c:free-busy-query"]
        .map { "<d:supported-report><d:report><\($0)/></d:report></d:supported-report>" }.joined()

    /// A property's inner XML; nil when the resource has no such property (a 404 propstat).
    private mutating func value(_ name: DAVName, _ target: DAVTarget) async throws -> String? {
        if let value = anywhereValue(name) { return value }
        switch target {
        case .root, .principals, .calendars: return listingValue(name)
        case .principal: return principalValue(name)
        case .home: return homeValue(name)
        case .calendar(let calendar): return try await calendarValue(name, calendar)
        case .member(_, let member): return memberValue(name, member)
        }
    }

    /// The properties every address answers: the home-set fallback among them (DAV-1).
    private func anywhereValue(_ name: DAVName) -> String? {
        switch (name.namespace, name.name) {
        case (DAVNamespace.dav, "current-user-principal"): Self.href(session.principal)
        case (DAVNamespace.dav, "principal-collection-set"): Self.href("/dav/principals/")
        case (DAVNamespace.caldav, "calendar-home-set"): Self.href(session.home)
        default: nil
        }
    }

    /// The root, the principals and the calendars' listing.
    private func listingValue(_ name: DAVName) -> String? {
        switch (name.namespace, name.name) {
        case (DAVNamespace.dav, "resourcetype"): "<d:collection/>"
        case (DAVNamespace.dav, "displayname"): Self.text("Todo")
        case (DAVNamespace.dav, "current-user-privilege-set"): Self.privileges(Self.readPrivileges)
        default: nil
        }
    }

    private func principalValue(_ name: DAVName) -> String? {
        switch (name.namespace, name.name) {
        case (DAVNamespace.dav, "resourcetype"): "<d:collection/><d:principal/>"
        case (DAVNamespace.dav, "displayname"): Self.text(session.account.name)
        case (DAVNamespace.dav, "principal-URL"): Self.href(session.principal)
        case (DAVNamespace.caldav, "calendar-user-address-set"): Self.href(session.principal)
        case (DAVNamespace.caldav, "calendar-user-type"): "INDIVIDUAL"
        case (DAVNamespace.dav, "current-user-privilege-set"): Self.privileges(Self.readPrivileges)
        case (DAVNamespace.dav, "supported-report-set"): ""
        default: nil
        }
    }

    private func homeValue(_ name: DAVName) -> String? {
        switch (name.namespace, name.name) {
        case (DAVNamespace.dav, "resourcetype"): "<d:collection/>"
        case (DAVNamespace.dav, "displayname"): Self.text(session.account.name)
        case (DAVNamespace.dav, "owner"): Self.href(session.principal)
        case (DAVNamespace.dav, "current-user-privilege-set"): Self.privileges(Self.readPrivileges + ["bind", "unbind"])
        case (DAVNamespace.dav, "supported-report-set"): ""
        default: nil
        }
    }

    private mutating func calendarValue(_ name: DAVName, _ calendar: DAVCalendar) async throws -> String? {
        switch (name.namespace, name.name) {
        case (DAVNamespace.dav, "resourcetype"): return "<d:collection/><c:calendar/>"
        case (DAVNamespace.dav, "displayname"): return Self.text(calendar.displayName)
        case (DAVNamespace.caldav, "supported-calendar-component-set"): return "<c:comp name=\"VTODO\"/>"
        case (DAVNamespace.caldav, "supported-calendar-data"):
            return "<c:calendar-data content-type=\"text/calendar\" version=\"2.0\"/>"
        case (DAVNamespace.caldav, "max-resource-size"): return String(CalDAVServer.maxBodySize)
        case (DAVNamespace.calendarServer, "getctag"):
            return Self.text(String(try await latestChange(calendar)))
        case (DAVNamespace.dav, "sync-token"):
            return Self.text(DAVRequests.tokenPrefix + String(try await latestChange(calendar)))
        case (DAVNamespace.apple, "calendar-color"): return calendar.color.map(Self.text)
        case (DAVNamespace.apple, "calendar-order"): return calendar.order.map { Self.text(String($0)) }
        case (DAVNamespace.dav, "current-user-privilege-set"):
            return Self.privileges(Self.readPrivileges + (calendar.isWritable ? Self.writePrivileges : []))
        case (DAVNamespace.dav, "owner"):
            return calendar.isShared ? nil : Self.href(session.principal)
        case (DAVNamespace.dav, "supported-report-set"): return Self.reports
        default: return nil
        }
    }

    private func memberValue(_ name: DAVName, _ member: DAVMember) -> String? {
        switch (name.namespace, name.name) {
        case (DAVNamespace.dav, "resourcetype"): ""
        case (DAVNamespace.dav, "getetag"): Self.text(member.etag)
        case (DAVNamespace.dav, "getcontenttype"): Self.text(Self.memberContentType)
        case (DAVNamespace.dav, "getlastmodified"): Self.text(DAVRequests.httpDate(member.item.updatedAt))
        case (DAVNamespace.dav, "getcontentlength"): String(member.body(timeZone: timeZone).utf8.count)
        case (DAVNamespace.caldav, "calendar-data"): Self.text(member.body(timeZone: timeZone))
        default: nil
        }
    }

    private mutating func latestChange(_ calendar: DAVCalendar) async throws -> Int64 {
        if let known = latest[calendar.segment] { return known }
        let value = try await session.latestChange(calendar)
        latest[calendar.segment] = value
        return value
    }
}

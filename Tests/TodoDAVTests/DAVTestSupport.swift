import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoAccounts
import TodoCore
import TodoPostgres
import TodoPostgresTestSupport
import TodoSQLite
import TodoTestSupport

@testable import TodoDAV

/// A CalDAV server over one database (accounts, items, shares, CalDAV's records and the record
/// of changes): SQLite in memory, or a fresh PostgreSQL schema. Two people, alice and bob,
/// each with a token.
struct DAVSUT {
    let accounts: Accounts
    let lists: PeopleLists
    let calendars: any CalendarResources
    let server: CalDAVServer
    var alice: Account
    var bob: Account
    var aliceToken: String
    var bobToken: String

    enum Database: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, postgres
        var testDescription: String { rawValue }
    }

    /// - Parameter environment: the stores' clock and the people's zone (TEST-1): by default
    ///   2026-11-21 09:00 UTC, moving a second a reading.
    static func make(_ kind: Database = .sqlite, environment: TodoEnvironment = .fixedForTests()) async throws -> DAVSUT {
        let accountStore: any AccountStore
        let lists: PeopleLists
        let calendars: any CalendarResources
        switch kind {
        case .sqlite:
            let database = try AppDatabase.inMemory()
            accountStore = SQLiteAccountStore(database: database)
            lists = PeopleLists(sharing: SQLiteListSharing(database: database), zones: { [accountStore] in
                try await accountStore.timeZones(of: $0)
            }) { owner, zone in
                SQLiteTodoStore(database: database, environment: environment.reckoning(in: zone ?? environment.timeZone), owner: owner)
            }
            calendars = SQLiteCalendarResources(database: database)
        case .postgres:
            let database = try await PostgresTestDatabase.freshDatabase()
            accountStore = database.accounts
            lists = PeopleLists(sharing: database.sharing, zones: { try await database.accounts.timeZones(of: $0) }) { owner, zone in
                database.store(owner: owner, environment: environment.reckoning(in: zone ?? environment.timeZone))
            }
            calendars = database.calendars
        }
        let accounts = Accounts(
            store: accountStore, now: environment.now, hasher: BcryptHasher.insecureForTestsOnly(cost: 4))
        let server = CalDAVServer(accounts: accounts, lists: lists, calendars: calendars, timeZone: environment.timeZone,
            now: environment.now)
        let alice = try await accounts.add(name: "alice", password: "alice-password-1")
        let bob = try await accounts.add(name: "bob", password: "bob-password-12")
        return DAVSUT(
            accounts: accounts, lists: lists, calendars: calendars, server: server,
            alice: alice, bob: bob,
            aliceToken: try await accounts.createToken(name: "alice", label: "phone").token.text,
            bobToken: try await accounts.createToken(name: "bob", label: "phone").token.text)
    }

    func store(_ account: Account) async throws -> any TodoStore { try await lists.store(ListOwner(account: account.id)) }

    var app: some ApplicationProtocol {
        let router = Router()
        router.add(middleware: server.middleware())
        router.get("/elsewhere") { _, _ in "the web app\n" }
        return Application(router: router)
    }

    /// Runs `body` with a client that signs in as alice unless told otherwise.
    func test(_ body: @escaping @Sendable (DAVClient) async throws -> Void) async throws {
        let sut = self
        try await app.test(.router) { client in
            try await body(DAVClient(client: client, sut: sut))
        }
    }
}

/// Sends CalDAV requests as one person and reads the answers.
struct DAVClient: Sendable {
    let client: any TestClientProtocol
    let sut: DAVSUT
    var user = "alice"
    var secret: String?

    init(client: any TestClientProtocol, sut: DAVSUT) {
        self.client = client
        self.sut = sut
    }

    func `as`(_ user: String, _ secret: String) -> DAVClient {
        var other = self
        other.user = user
        other.secret = secret
        return other
    }

    var authorization: String {
        let secret = secret ?? (user == "bob" ? sut.bobToken : sut.aliceToken)
        return "Basic " + Data("\(user):\(secret)".utf8).base64EncodedString()
    }

    @discardableResult
    func send(
        _ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:], signedIn: Bool = true
    ) async throws -> DAVAnswer {
        var fields = HTTPFields()
        if signedIn { fields[.authorization] = authorization }
        for (name, value) in headers { fields[HTTPField.Name(name)!] = value }
        if body != nil, fields[.contentType] == nil { fields[.contentType] = "application/xml; charset=utf-8" }
        return try await client.execute(
            uri: path, method: HTTPRequest.Method(method)!, headers: fields,
            body: body.map { ByteBuffer(string: $0) }
        ) { response in
            DAVAnswer(status: response.status.code, headers: response.headers, text: String(buffer: response.body))
        }
    }

    func propfind(_ path: String, depth: String, props: [String]) async throws -> DAVAnswer {
        try await send("PROPFIND", path, body: DAVBodies.propfind(props), headers: ["Depth": depth])
    }

    /// A VTODO put at `name` of `calendar`, new (`If-None-Match: *`) or over `etag`.
    func put(_ calendar: String, _ name: String, _ ics: String, etag: String? = nil) async throws -> DAVAnswer {
        var headers = ["Content-Type": "text/calendar; charset=utf-8"]
        if let etag { headers["If-Match"] = etag } else { headers["If-None-Match"] = "*" }
        return try await send("PUT", "/dav/calendars/alice/\(calendar)/\(name)", body: ics, headers: headers)
    }

    func report(_ path: String, _ body: String, depth: String = "1") async throws -> DAVAnswer {
        try await send("REPORT", path, body: body, headers: ["Depth": depth])
    }
}

/// An answer: status, headers, text, and its multistatus read.
struct DAVAnswer: Sendable {
    var status: Int
    var headers: HTTPFields
    var text: String

    var etag: String? { headers[.eTag] }

    /// The `response` elements, by href.
    var responses: [DAVResponse] {
        guard let root = try? DAVXML.parse(Data(text.utf8)), root.is(DAVNamespace.dav, "multistatus") else { return [] }
        return root.children(DAVNamespace.dav, "response").map(DAVResponse.init)
    }

    func response(_ href: String) -> DAVResponse? { responses.first { $0.href == href } }

    var syncToken: String? {
        (try? DAVXML.parse(Data(text.utf8)))?.child(DAVNamespace.dav, "sync-token")?.text
    }
}

struct DAVResponse: Sendable {
    var href: String
    /// The response's own status (multiget, sync-collection), without propstats.
    var status: String?
    /// Each property found (200), by local name.
    var found: [String: DAVElement] = [:]
    /// The properties answered with another status, by local name.
    var notFound: Set<String> = []

    init(_ element: DAVElement) {
        href = element.child(DAVNamespace.dav, "href")?.text ?? ""
        status = element.child(DAVNamespace.dav, "status")?.text
        for propstat in element.children(DAVNamespace.dav, "propstat") {
            let ok = propstat.child(DAVNamespace.dav, "status")?.text.contains(" 200 ") ?? false
            for property in propstat.child(DAVNamespace.dav, "prop")?.children ?? [] {
                if ok { found[property.name] = property } else { notFound.insert(property.name) }
            }
        }
    }

    func text(_ name: String) -> String? { found[name]?.text }
    func hrefs(_ name: String) -> [String] { found[name]?.children(DAVNamespace.dav, "href").map(\.text) ?? [] }
}

/// Request bodies as clients send them.
enum DAVBodies {
    static let namespaces =
        #"xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/" xmlns:ic="http://apple.com/ns/ical/""#

    static func propfind(_ props: [String]) -> String {
        #"<?xml version="1.0" encoding="utf-8"?><d:propfind \#(namespaces)><d:prop>"#
            + props.map { "<\($0)/>" }.joined() + "</d:prop></d:propfind>"
    }

    static func vtodo(uid: String, summary: String, extra: [String] = [], calendarExtra: [String] = []) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tests//DAV//EN"] + calendarExtra
            + ["BEGIN:VTODO", "UID:\(uid)", "DTSTAMP:20261124T090000Z", "SUMMARY:\(summary)"] + extra
            + ["END:VTODO", "END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    }

    static func multiget(_ hrefs: [String], props: String = "<d:getetag/><c:calendar-data/>") -> String {
        #"<?xml version="1.0" encoding="utf-8"?><c:calendar-multiget \#(namespaces)><d:prop>\#(props)</d:prop>"#
            + hrefs.map { "<d:href>\($0)</d:href>" }.joined() + "</c:calendar-multiget>"
    }

    static func query(_ filter: String, props: String = "<d:getetag/>") -> String {
        #"<?xml version="1.0" encoding="utf-8"?><c:calendar-query \#(namespaces)><d:prop>\#(props)</d:prop>"#
            + #"<c:filter><c:comp-filter name="VCALENDAR">\#(filter)</c:comp-filter></c:filter></c:calendar-query>"#
    }

    static func sync(token: String, limit: Int? = nil, props: String = "<d:getetag/>") -> String {
        #"<?xml version="1.0" encoding="utf-8"?><d:sync-collection \#(namespaces)><d:sync-token>\#(token)</d:sync-token>"#
            + "<d:sync-level>1</d:sync-level>" + (limit.map { "<d:limit><d:nresults>\($0)</d:nresults></d:limit>" } ?? "")
            + "<d:prop>\(props)</d:prop></d:sync-collection>"
    }
}

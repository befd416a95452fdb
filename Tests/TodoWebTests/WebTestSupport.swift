import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TodoCore
import TodoTestSupport
import TodoWeb

let today = CalendarDate(iso: "2026-11-21")!

/// The web app over an in-memory store with fixed time and ids.
struct WebSUT {
    let store = InMemoryTodoStore(environment: TestEnvironment().environment)
    var corsOrigins: [String] = []

    var app: some ApplicationProtocol {
        get throws {
            Application(router: try TodoWebApp.buildRouter(
                store: store, options: TodoWebOptions(corsOrigins: corsOrigins, today: { today }, now: { TestEnvironment.referenceDate })))
        }
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }
    func json() throws -> Any { try JSONSerialization.jsonObject(with: Data(buffer: body)) }
}

extension ByteBuffer {
    static func form(_ fields: [(String, String)]) -> ByteBuffer {
        ByteBuffer(string: fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
            .joined(separator: "&"))
    }
}

extension HTTPFields {
    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
    static let json: HTTPFields = [.contentType: "application/json"]
}

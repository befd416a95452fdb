import Foundation
import TodoCore
import TodoInterop
import TodoTestSupport

let utc = TimeZone(identifier: "UTC")!

/// Options with ids that count up from 1 (like `TestEnvironment`) and dates in `zone`.
func options(_ zone: TimeZone = utc) -> InteropOptions {
    let env = TestEnvironment()
    return InteropOptions(timeZone: zone, makeID: { env.makeID() })
}

/// Imports `text` through `codec` into a fresh in-memory store on the test clock.
func importFresh(_ text: String, _ codec: any TodoFormat) async throws -> (InMemoryTodoStore, ImportSummary) {
    let store = InMemoryTodoStore(environment: TestEnvironment().environment)
    let summary = try await store.importItems(try codec.decode(text), dryRun: false)
    return (store, summary)
}

/// `date` cut down to whole seconds.
func seconds(_ date: Date) -> Date { Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)) }

/// The fields every format maps, timestamps aside: the id and every field a person writes.
struct MappedFields: Equatable, CustomStringConvertible {
    var id: UUID, content: TodoContent

    init(_ item: TodoItem) { (id, content) = (item.id, item.content) }

    var description: String { "\(content.title) \(content.isDone ? "[x]" : "[ ]")" }
}

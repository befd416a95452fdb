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

/// The fields every format maps, timestamps aside.
struct MappedFields: Equatable, CustomStringConvertible {
    var id: UUID, title: String, details: String?, isDone: Bool, dueDate: CalendarDate?
    var location: Location?, project: Project?, estimateMinutes: Int?, repeatDays: Set<Weekday>, priority: Priority

    init(_ item: TodoItem) {
        (id, title, details, isDone, dueDate) = (item.id, item.title, item.details, item.isDone, item.dueDate)
        (location, project, estimateMinutes, repeatDays) = (item.location, item.project, item.estimateMinutes, item.repeatDays)
        priority = item.priority
    }

    var description: String { "\(title) \(isDone ? "[x]" : "[ ]")" }
}

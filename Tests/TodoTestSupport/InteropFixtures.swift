import Foundation
import TodoCore

/// Items whose data bites import and export: non-ASCII and emoji, quotes, commas,
/// semicolons, backslashes, line breaks in details, done and open items, with and without
/// due dates, a project with a space, a location with coordinates, a title that starts with
/// `x ` and priorities (a level's own number, and a client's: PRIO-1), and tags (TAG-1: in
/// their order, one in Chinese). Timestamps carry milliseconds.
public enum InteropFixtures {
    public static func at(_ iso: String) -> Date { Timestamp.parse(iso)! }

    /// Numbered #1… in this order, as a fresh store numbers items imported from a file that
    /// carries no numbers (NUMBER-5).
    public static let items: [TodoItem] = numbered([
        TodoItem(
            id: UUID(uuidString: "6f1c7a52-3b1e-4c8e-9a3d-2f4b5c6d7e01")!,
            title: "Café ☕ “curly” \"straight\", commas; semicolons \\ backslash",
            details: "Line 1\nLine 2 with \"quotes\", commas; semis \\ and a %25 sign\n\nLast line 🎉 🇩🇪",
            dueDate: CalendarDate(iso: "2026-12-01"),
            location: Location(name: "Bäckerei Müller, Straße 5", latitude: 52.52, longitude: 13.405),
            project: Project(name: "Home Renovation"), estimateMinutes: 90, repeatRule: .weekly(on: [.monday, .friday]),
            tags: ["errands", "家"], position: -2, createdAt: at("2026-11-01T08:15:30.123Z"), updatedAt: at("2026-11-20T17:45:01.999Z"),
            version: 3),
        TodoItem(
            id: UUID(uuidString: "6f1c7a52-3b1e-4c8e-9a3d-2f4b5c6d7e02")!,
            title: "Pay rent", position: -1, createdAt: at("2026-11-02T00:00:00.000Z"),
            updatedAt: at("2026-11-02T00:00:00.000Z")),
        TodoItem(
            id: UUID(uuidString: "6f1c7a52-3b1e-4c8e-9a3d-2f4b5c6d7e03")!,
            title: "Prioritised, with a comma", dueDate: CalendarDate(iso: "2027-01-15"),
            project: Project(name: "Work"), priority: Priority(number: 5), position: 0.5, createdAt: at("2026-11-03T23:59:59.001Z"),
            updatedAt: at("2026-11-04T10:00:00.500Z"), version: 2),
        TodoItem(
            id: UUID(uuidString: "6f1c7a52-3b1e-4c8e-9a3d-2f4b5c6d7e04")!,
            title: "x marks the spot", location: Location(name: "Garden"), position: 1,
            createdAt: at("2026-11-05T12:00:00.250Z"), updatedAt: at("2026-11-05T12:00:00.250Z")),
        TodoItem(
            id: UUID(uuidString: "6f1c7a52-3b1e-4c8e-9a3d-2f4b5c6d7e05")!,
            title: "日本語のタスク 🍣", details: "multi\nline", isDone: true, dueDate: CalendarDate(iso: "2026-11-20"),
            project: Project(name: "Work"), estimateMinutes: 30, priority: Priority(number: 1), tags: ["urgent"], position: -1,
            createdAt: at("2026-11-06T09:00:00.000Z"), updatedAt: at("2026-11-19T20:30:15.750Z"),
            completedAt: at("2026-11-19T20:30:15.750Z"), version: 5),
        TodoItem(
            id: UUID(uuidString: "6f1c7a52-3b1e-4c8e-9a3d-2f4b5c6d7e06")!,
            title: "Old thing; done", isDone: true, position: 0, createdAt: at("2026-10-01T06:07:08.009Z"),
            updatedAt: at("2026-10-02T06:07:08.009Z"), completedAt: at("2026-10-02T06:07:08.009Z"), version: 2),
    ])

    private static func numbered(_ items: [TodoItem]) -> [TodoItem] {
        items.enumerated().map { offset, item in
            var item = item
            item.number = offset + 1
            return item
        }
    }
}

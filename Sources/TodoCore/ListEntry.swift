import Foundation

/// One row of a list as a list shows it: its number in the full list (1-based, To Do then
/// Done), and the few fields a row draws. A long list reads these instead of whole items.
public struct ListEntry: Equatable, Sendable, Identifiable {
    /// The row number `todo list` shows and `item(atOffset: number - 1)` resolves.
    public let number: Int
    public let id: UUID
    public let title: String
    public let isDone: Bool
    public let locationName: String?
    public let dueDate: CalendarDate?

    public init(number: Int, id: UUID, title: String, isDone: Bool, locationName: String?, dueDate: CalendarDate?) {
        self.number = number
        self.id = id
        self.title = title
        self.isDone = isDone
        self.locationName = locationName
        self.dueDate = dueDate
    }

    public init(number: Int, item: TodoItem) {
        self.init(
            number: number, id: item.id, title: item.title, isDone: item.isDone,
            locationName: item.location?.name, dueDate: item.dueDate)
    }
}

import Foundation
import Localization
import Observation
import TodoCore

/// One day of Upcoming: its heading and its to-do rows.
public struct UpcomingDayViewModel: Equatable, Sendable {
    public let date: CalendarDate
    /// `Tuesday 11/24` (`11月24日 星期二`, `11月24日（火曜日）`); "Tomorrow" for the first day.
    public let headerTitle: String
    public let rows: [TodoRowViewModel]
    /// How many rows the day has in all, whatever page is loaded.
    public let count: Int
}

/// Upcoming (DAY-5): the to-do items due in the next 7 days (tomorrow through 7 days after
/// today), grouped by day in date order; days with nothing due are left out. Each day is paged
/// like a list's section, its to-dos with a time first, by time (TIME-5).
@Observable
public final class UpcomingViewModel {
    /// How many days after today Upcoming covers.
    public static let dayCount = 7
    private let store: any TodoListReadModel
    private let today: () -> CalendarDate

    public private(set) var days: [UpcomingDayViewModel] = []
    public private(set) var page = 1
    public private(set) var pageCount = 1
    public private(set) var rowsPerDay: Int?
    /// The projects that have items, for links to their lists.
    public private(set) var projects: [Project] = []

    /// The language Upcoming is worded in.
    public let language: Language
    /// Its words (Todo's catalog in `language`).
    public let strings: Strings

    public init(
        store: any TodoListReadModel, today: @escaping () -> CalendarDate,
        language: Language = .english
    ) {
        self.store = store
        self.today = today
        self.language = language
        self.strings = TodoWords.strings(language)
    }

    public var title: String { strings("upcoming.title") }
    public var isEmpty: Bool { days.isEmpty }
    public var emptyMessage: String { strings.plural("upcoming.empty", count: Self.dayCount) }

    /// The days Upcoming covers, in order.
    public var dates: [CalendarDate] {
        let start = today()
        return (1...Self.dayCount).map { start.adding(days: $0) }
    }

    /// Loads page `page` of every day (rows `(page - 1) × rowsPerDay + 1 …` of each); all rows
    /// when `rowsPerDay` is nil.
    public func load(page: Int = 1, rowsPerDay: Int? = nil) async throws {
        var loaded: [(CalendarDate, ListPage)] = []
        for date in dates {
            loaded.append((date, try await store.listPage(
                TodoFilter(dueDate: date, order: .time), sections: [.todo], page: page, rowsPerSection: rowsPerDay)))
        }
        let pageCount = loaded.map(\.1.pageCount).max() ?? 1
        let shownPage = min(max(page, 1), pageCount)
        if shownPage != page {
            return try await load(page: shownPage, rowsPerDay: rowsPerDay)
        }
        let tomorrow = today().adding(days: 1)
        let language = self.language, strings = self.strings
        days = loaded.compactMap { date, list in
            // A day with fewer pages shows nothing past its last (its page is then clamped).
            guard list.page == shownPage, let count = list.counts[.todo], let entries = list.entries[.todo], !entries.isEmpty
            else { return nil }
            return UpcomingDayViewModel(
                date: date, headerTitle: date == tomorrow ? strings("day.tomorrow") : strings.upcomingHeading(date),
                rows: entries.map { TodoRowViewModel($0, language: language) }, count: count)
        }
        self.page = shownPage
        self.pageCount = pageCount
        self.rowsPerDay = rowsPerDay.map { max($0, 1) }
        projects = loaded.first?.1.projects ?? []
    }

    /// The items of each day, whole (for JSON), in row order.
    public func loadItems() async throws -> [(date: CalendarDate, items: [TodoItem])] {
        let dates = self.dates
        let items = try await store.items(TodoFilter(unfinishedOnly: true, due: .between(dates[0], dates[dates.count - 1]), order: .time))
        let byDay = Dictionary(grouping: items) { $0.dueDate! }
        return dates.compactMap { date in byDay[date].map { (date, $0) } }
    }
}

extension Strings {
    /// A day of the coming week (LANG-5): `Tuesday 11/24`, `11月24日 星期二`, `11月24日（火曜日）`.
    public func upcomingHeading(_ date: CalendarDate) -> String {
        self("day.weekday-date", ["weekday": weekday(date.weekday), "date": monthDay(date)])
    }
}

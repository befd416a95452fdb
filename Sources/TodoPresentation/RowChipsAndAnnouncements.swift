import TodoCore

/// What a row shows besides its title and date, and what is said when its actions succeed.
extension TodoRowViewModel {
    /// The project chip: shown on lists other than that project's own.
    public var projectName: String? { isDone ? nil : entry.projectName }
    /// `30m`, `1h30m`: the estimate chip (to-do rows only).
    public var estimateText: String? { isDone ? nil : entry.estimateMinutes.map { Estimate.text(minutes: $0) } }
    /// `Mon, Wed`: the repeat chip (to-do rows only).
    public var repeatDaysText: String? {
        guard !isDone, !entry.repeatDays.isEmpty else { return nil }
        return entry.repeatDays.ordered.map(\.shortName).joined(separator: ", ")
    }

    /// A to-do row whose due date has passed: shown in a warning style, with the word "overdue".
    public func isOverdue(today: CalendarDate) -> Bool {
        guard let dueDate else { return false }
        return dueDate < today
    }

    /// Said once the row's check control has done its work: "Checked “Buy milk”".
    public var toggleAnnouncement: String { "\(isDone ? "Unchecked" : "Checked") “\(title)”" }
    /// Said once the row's check control has done its work, on `today`: for a repeating to-do
    /// row, also when its next occurrence is due (REPEAT-6): "Checked “Water plants” · next on
    /// Mon 11/30/2026".
    public func toggleAnnouncement(today: CalendarDate) -> String {
        guard !isDone, let next = Repeats.nextDueDate(after: entry.dueDate, days: entry.repeatDays, today: today)
        else { return toggleAnnouncement }
        return toggleAnnouncement + " · next on \(next.weekday.shortName) \(next.monthDayYear)"
    }
    /// Said once the row is deleted.
    public var deleteAnnouncement: String { "Deleted “\(title)”" }
}

extension ItemDetailViewModel {
    /// Said once the details page's Check / Uncheck has done its work.
    public var toggleAnnouncement: String { "\(item?.isDone == true ? "Unchecked" : "Checked") “\(title)”" }
}

import TodoCore

/// Whether a row is overdue, and what is said when its actions succeed (its chips are with
/// the fields' other screens, `ItemFieldScreens`).
extension TodoRowViewModel {
    /// A to-do row whose due date has passed: shown in a warning style, with the word "overdue".
    /// Given the time it is (`now`), also one due today at a time before it (TIME-7).
    public func isOverdue(today: CalendarDate, now: TimeOfDay? = nil) -> Bool {
        guard !isDone, let dueDate else { return false }  // a done row is never late (LIST-5)
        return DueScope.overdue(before: today, time: now).matches(entry.content, due: dueDate)
    }

    /// The check control's accessible name: "Check Buy milk" / "Uncheck Buy milk".
    public var toggleActionLabel: String {
        isDone ? strings("row.uncheck-label", ["title": title]) : strings("row.check-label", ["title": title])
    }
    /// Said once the row's check control has done its work: "Checked “Buy milk”".
    public var toggleAnnouncement: String {
        isDone ? strings("row.unchecked", ["title": title]) : strings("row.checked", ["title": title])
    }
    /// Said once the row's check control has done its work, on `today`: for a repeating to-do
    /// row, also when its next occurrence is due (REPEAT-6): "Checked “Water plants” · next on
    /// Mon 11/30/2026".
    public func toggleAnnouncement(today: CalendarDate) -> String {
        guard !isDone, let rule = entry.repeatRule, let next = Repeats.nextDueDate(after: entry.dueDate, rule: rule, today: today)
        else { return toggleAnnouncement }
        let strings = self.strings
        return strings(
            "row.checked-next", ["title": title, "weekday": strings.shortWeekday(next.weekday), "date": strings.date(next)])
    }
    /// The delete control's accessible name: "Delete Buy milk".
    public var deleteActionLabel: String { strings("row.delete-label", ["title": title]) }
    /// Said once the row is deleted.
    public var deleteAnnouncement: String { strings("row.deleted", ["title": title]) }
}


import Foundation

/// The rule that makes repeating items repeat (REPEAT-1…): the one place every store asks, so
/// the CLI, the web, the API and anything else that checks an item follow it alike.
///
/// - Checking an item with repeat days creates its **next occurrence**: a new to-do item with
///   the same content (title, details, location, project, estimate, repeat days, priority; a
///   new id and number, not done), due on the next of its weekdays after its due date — after today when
///   it has none or when that date has passed — and placed first of To Do. The checked item
///   stays in Done and keeps a link to the occurrence.
/// - Unchecking it again **the same day** removes that occurrence, if it is unchanged (still
///   the version it was created with, and not done). Otherwise the occurrence stays.
/// - Checking an item whose occurrence is still there creates no second one.
public enum Repeats {
    /// The version an occurrence has when it is created (`TodoItem(draft:…)` starts at 1).
    public static let createdVersion = 1

    /// The due date of the next occurrence: the first day strictly after `due` (or after
    /// `today` when there is no due date or it is before today) that falls on one of `days`;
    /// nil when `days` is empty.
    public static func nextDueDate(after due: CalendarDate?, days: Set<Weekday>, today: CalendarDate) -> CalendarDate? {
        guard !days.isEmpty else { return nil }
        let start = max(due ?? today, today)
        return RepeatRule.weekly(on: days).nextDate(after: start, anchor: start)
    }

    /// What to create when `item` is checked on `today`: the draft of its next occurrence, or
    /// nil when it does not repeat.
    public static func nextOccurrence(of item: TodoItem, today: CalendarDate) -> TodoDraft? {
        guard let due = nextDueDate(after: item.dueDate, days: item.repeatDays, today: today) else { return nil }
        var next = TodoDraft(content: item.content)
        next.isDone = false
        next.dueDate = due
        return next
    }

    /// Whether checking `item` should create an occurrence, given the one it is already linked
    /// to (nil when none, or when that one is gone).
    public static func spawnsOccurrence(_ item: TodoItem, linked existing: TodoItem?) -> Bool {
        !item.repeatDays.isEmpty && existing == nil
    }

    /// Whether unchecking `checked` at `now` removes `occurrence`, the item its check created:
    /// on the same day (in `timeZone`) as the check, and only while the occurrence is unchanged.
    public static func uncheckRemoves(
        _ occurrence: TodoItem, checked: TodoItem, now: Date, timeZone: TimeZone
    ) -> Bool {
        guard let completedAt = checked.completedAt else { return false }
        return CalendarDate(completedAt, in: timeZone) == CalendarDate(now, in: timeZone)
            && occurrence.version == createdVersion && !occurrence.isDone
    }
}

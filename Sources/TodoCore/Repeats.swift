import Foundation

/// The rule that makes repeating items repeat (REPEAT-1…, REPEAT-13…15): the one place every
/// store asks, so the CLI, the web, the API and anything else that checks an item follow it alike.
///
/// - Checking an item with a repeat creates its **next occurrence**: a new to-do item with
///   the same content (title, details, location, project, estimate, repeat, priority, tags; a
///   new id and number, not done), due on the rule's next date (`nextDueDate`), and placed
///   first of To Do. The checked item stays in Done and keeps a link to the occurrence.
/// - Unchecking it again **the same day** removes that occurrence, if it is unchanged (still
///   the version it was created with, and not done). Otherwise the occurrence stays.
/// - Checking an item whose occurrence is still there creates no second one.
/// - An item given a repeat without a due date is due on the rule's first date (`dated`).
public enum Repeats {
    /// The version an occurrence has when it is created (`TodoItem(draft:…)` starts at 1).
    public static let createdVersion = 1

    /// The due date of the next occurrence of an item due on `due` (nil: none) with `rule`,
    /// checked on `today` (REPEAT-2, REPEAT-14): from the due date, the rule's first date after
    /// the later of `due` and `today`, anchored at `due` (`today` without one); after
    /// completion, its first date after `today`, anchored there. nil when the series has ended.
    public static func nextDueDate(after due: CalendarDate?, rule: RepeatRule, today: CalendarDate) -> CalendarDate? {
        if rule.afterCompletion { return rule.nextDate(after: today, anchor: today) }
        let anchor = due ?? today
        return rule.nextDate(after: max(anchor, today), anchor: anchor)
    }

    /// What to create when `item` is checked on `today`: the draft of its next occurrence, with
    /// one time fewer left (REPEAT-10), or nil when it does not repeat or its series has ended.
    public static func nextOccurrence(of item: TodoItem, today: CalendarDate) -> TodoDraft? {
        guard let rule = item.repeatRule, let due = nextDueDate(after: item.dueDate, rule: rule, today: today) else {
            return nil
        }
        var next = TodoDraft(content: item.content)
        next.isDone = false
        next.dueDate = due
        next.repeatRule = rule.afterOccurrence
        return next
    }

    /// Whether checking `item` should create an occurrence, given the one it is already linked
    /// to (nil when none, or when that one is gone).
    public static func spawnsOccurrence(_ item: TodoItem, linked existing: TodoItem?) -> Bool {
        item.repeatRule != nil && existing == nil
    }

    /// `content` with a due date when it repeats without one (REPEAT-15): the rule's first date
    /// from `today` on, so that it shows in Today on its days.
    public static func dated(_ content: TodoContent, today: CalendarDate) -> TodoContent {
        guard var rule = content.repeatRule, content.dueDate == nil, !content.isDone else { return content }
        // The item is the first of a count, not one before it.
        if case .count = rule.end { rule.end = .never }
        var content = content
        content.dueDate = rule.nextDate(after: today.adding(days: -1), anchor: today)
        return content
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

import Foundation
import TodoCore

/// Errors the ViewModels report, each one sentence.
public enum TodoPresentationError: Error, Equatable, Sendable, LocalizedError {
    case itemNotFound
    case invalidDate(String)
    case invalidEstimate(String)
    case invalidCoordinate(String)
    case invalidWholeNumber(String)
    case invalidPriority(String)
    case invalidRepeat(String)
    case invalidTime(String)

    public var errorDescription: String? {
        switch self {
        case .itemNotFound:
            "That item doesn't exist (it may have been deleted)."
        case .invalidDate(let text):
            "“\(text)” is not a date: use YYYY-MM-DD, today or tomorrow."
        case .invalidEstimate(let text):
            "“\(text)” is not a duration: use minutes like 30m, hours like 2h, or both like 1h30m (at most a week)."
        case .invalidCoordinate(let text):
            "“\(text)” is not a coordinate: use a decimal number like 48.8566."
        case .invalidWholeNumber(let text):
            "“\(text)” is not a whole number."
        case .invalidPriority(let text):
            "“\(text)” is not a priority: use high, medium, low or none."
        case .invalidRepeat(let text):
            "“\(text)” is not a repeat: use days (mon,thu), daily, weekly, monthly, yearly or a rule such as FREQ=MONTHLY;BYDAY=2TU."
        case .invalidTime(let text):
            "“\(text)” is not a time: use 15:00, 9:30, 3pm or 3:30pm."
        }
    }
}

/// Turns what a person types into model values.
public enum TodoInput {
    /// `YYYY-MM-DD`, `today` or `tomorrow`; blank gives nil.
    public static func dueDate(_ text: String, today: CalendarDate) throws(TodoPresentationError) -> CalendarDate? {
        let text = text.trimmingCharacters(in: .whitespaces)
        switch text.lowercased() {
        case "": return nil
        case "today": return today
        case "tomorrow": return today.adding(days: 1)
        default:
            guard let date = CalendarDate(iso: text) else { throw .invalidDate(text) }
            return date
        }
    }

    /// `15:00`, `9:30`, `3pm`, `3:30 pm`, `noon`, `下午3点` (TIME-3, TIME-11: as plain words say a
    /// time); blank gives nil.
    public static func dueTime(_ text: String) throws(TodoPresentationError) -> TimeOfDay? {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        guard let time = TimeOfDay(text: text) ?? TimeOfDay.spoken(text) else { throw .invalidTime(text) }
        return time
    }

    /// `30m`, `1h`, `1h30m`, `90`; blank gives nil.
    static func estimate(_ text: String) throws(TodoPresentationError) -> Int? {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        guard let minutes = Estimate.minutes(from: text) else { throw .invalidEstimate(text) }
        return minutes
    }

    /// A whole number (`3`); blank gives nil. Its field's rule checks its range.
    static func wholeNumber(_ text: String) throws(TodoPresentationError) -> Int? {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        guard let value = Int(text) else { throw .invalidWholeNumber(text) }
        return value
    }

    /// `high`, `medium`, `low`, `none` or a number 0…9 (a client's, kept by the form); blank
    /// gives none.
    static func priority(_ text: String) throws(TodoPresentationError) -> Priority {
        guard let priority = Priority(text: text) else { throw .invalidPriority(text.trimmingCharacters(in: .whitespaces)) }
        return priority
    }

    /// A repeat as the CLI's `--repeat` takes it (REPEAT-17): day names (`mon,thu`), a period
    /// (`daily`, `weekly`, `monthly`, `yearly`) or an `RRULE` text (`FREQ=MONTHLY;BYDAY=2TU`);
    /// blank gives none. A rule REPEAT-8 refuses throws its problem.
    public static func repeatRule(_ text: String) throws -> RepeatRule? {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        if text.contains("=") {
            do throws(RepeatRule.Problem) {
                return try RepeatRule(rruleText: text)
            } catch {
                throw TodoValidationError.repeatRule(error)
            }
        }
        let periods: [String: RepeatRule.Frequency] = ["daily": .daily, "weekly": .weekly, "monthly": .monthly, "yearly": .yearly]
        if let frequency = periods[text.lowercased()] { return RepeatRule(frequency) }
        let (days, unknown) = weekdays(text)
        guard unknown.isEmpty, !days.isEmpty else { throw TodoPresentationError.invalidRepeat(text) }
        return .weekly(on: days)
    }

    /// A decimal coordinate; blank gives nil.
    static func coordinate(_ text: String) throws(TodoPresentationError) -> Double? {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        guard let value = Double(text), value.isFinite else { throw .invalidCoordinate(text) }
        return value
    }

    /// Weekday names separated by commas (`mon,wed`); unknown names are returned separately.
    public static func weekdays(_ text: String) -> (days: Set<Weekday>, unknown: [String]) {
        var days: Set<Weekday> = []
        var unknown: [String] = []
        for part in text.split(separator: ",") {
            let name = part.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { continue }
            if let day = Weekday(name: name) { days.insert(day) } else { unknown.append(name) }
        }
        return (days, unknown)
    }
}

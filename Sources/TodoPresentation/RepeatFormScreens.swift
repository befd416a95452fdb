import Foundation
import Localization
import TodoCore

/// The repeat's controls in the item form (REPEAT-17): how often, every N, the weekdays of a
/// weekly rule, how it ends, and whether it counts from completion. A rule those controls can't
/// show (the 2nd Tuesday, days of the month, a client's kept parts) is offered as it is
/// (`repeatFrequency` = `kept`, its text in `repeatRule`) and kept while chosen.
extension ItemFieldScreens {
    /// `repeatFrequency`'s choices: none, each frequency (`RRULE`'s word), and the kept rule.
    static let keptRule = "kept"

    static let repeats = ItemFieldScreens(
        field: .repeatRule,
        controls: [
            FormControl("repeatFrequency"), FormControl("repeatEvery"),
            FormControl("repeat", .checkboxes(Weekday.allCases.map(\.rawValue))),
            FormControl("repeatUntil"), FormControl("repeatCount"), FormControl("repeatAfterDone", .checkbox),
            FormControl("repeatRule"),
        ],
        text: { content in
            guard let rule = content.repeatRule else { return ["repeatEvery": ["1"]] }
            var text: [String: [String]] = [
                "repeatFrequency": [isShown(rule) ? rule.frequency.rawValue : keptRule],
                "repeatEvery": [String(rule.interval)], "repeatRule": [rule.rruleText],
                "repeat": rule.frequency == .weekly ? rule.days.map(\.weekday.rawValue) : [],
                "repeatAfterDone": rule.afterCompletion ? ["1"] : [],
            ]
            switch rule.end {
            case .never: break
            case .until(let day): text["repeatUntil"] = [day.iso]
            case .count(let count): text["repeatCount"] = [String(count)]
            }
            return text
        },
        read: { values, _, content in content.repeatRule = try rule(of: values) },
        detail: { content, strings in
            content.repeatRule.map { DetailField(label: strings("details.field.repeat"), value: strings.repeatRule($0), key: "repeat") }
        })

    /// Whether the form's controls show all of `rule`: a frequency, every N, a weekly rule's
    /// plain weekdays, an end, and after completion.
    static func isShown(_ rule: RepeatRule) -> Bool {
        var shown = RepeatRule(rule.frequency, interval: rule.interval, end: rule.end, afterCompletion: rule.afterCompletion)
        if rule.frequency == .weekly { shown.days = rule.days.filter { $0.nth == nil } }
        return shown == rule
    }

    /// The rule the repeat controls give (REPEAT-17); nil for none. Weekdays alone, as a form of
    /// an earlier version sends them, are the weekly rule on them.
    static func rule(of values: ItemFormValues) throws -> RepeatRule? {
        let days = values[all: "repeat"].compactMap(Weekday.init(rawValue:))
        let afterDone = values[all: "repeatAfterDone"] == ["1"]
        let chosen = values["repeatFrequency"]
        if chosen == keptRule {
            do throws(RepeatRule.Problem) {
                var rule = try RepeatRule(rruleText: values["repeatRule"])
                rule.afterCompletion = afterDone
                return rule
            } catch {
                throw TodoValidationError.repeatRule(error)
            }
        }
        guard let frequency = RepeatRule.Frequency(rawValue: chosen) else {
            return days.isEmpty ? nil : RepeatRule.weekly(on: Set(days))
        }
        var rule = RepeatRule(frequency, interval: try TodoInput.wholeNumber(values["repeatEvery"]) ?? 1, afterCompletion: afterDone)
        if frequency == .weekly { rule.days = Set(days).ordered.map { RepeatRule.Day($0) } }
        let until = values["repeatUntil"].trimmingCharacters(in: .whitespaces)
        if !until.isEmpty {
            guard let day = CalendarDate(iso: until) else { throw TodoPresentationError.invalidDate(until) }
            rule.end = .until(day)
        }
        if let count = try TodoInput.wholeNumber(values["repeatCount"]) {
            guard case .never = rule.end else { throw TodoValidationError.repeatRule(.countAndUntil) }
            rule.end = .count(count)
        }
        return rule
    }
}

extension ItemFormValues {
    /// The repeat the controls show: setting it sets every repeat control (the CLI's
    /// `--repeat`); reading it gives nil when the controls hold none or none that reads.
    public var repeatRule: RepeatRule? {
        get { (try? ItemFieldScreens.rule(of: self)) ?? nil }
        set {
            let text = ItemFieldScreens.repeats.text(TodoContent(title: "", repeatRule: newValue))
            for control in ItemFieldScreens.repeats.controls { self[all: control.name] = text[control.name] ?? [] }
        }
    }

    /// The weekdays of the form's weekly repeat.
    public var repeatDays: Set<Weekday> {
        get { Set(self[all: "repeat"].compactMap(Weekday.init(rawValue:))) }
        set { self[all: "repeat"] = newValue.ordered.map(\.rawValue) }
    }

    /// The repeat menu (REPEAT-17): never, each frequency, and the item's own rule in words when
    /// the other controls can't show it, with whether each is the form's.
    public func repeatChoices(_ words: Strings) -> [(value: String, label: String, selected: Bool)] {
        let chosen = self["repeatFrequency"]
        var choices = [("", words("repeat.choice.never"), chosen.isEmpty)] + RepeatRule.Frequency.allCases.map {
            ($0.rawValue, words.repeatRule(RepeatRule($0)), chosen == $0.rawValue)
        }
        if chosen == ItemFieldScreens.keptRule, let rule = try? RepeatRule(rruleText: self["repeatRule"]) {
            choices.append((ItemFieldScreens.keptRule, words.repeatRule(rule), true))
        }
        return choices
    }

    /// The form's repeat in words, for the conflict page; "" for none or one that doesn't read.
    func repeatWords(_ words: Strings) -> String { repeatRule.map { words.repeatRule($0) } ?? "" }
}

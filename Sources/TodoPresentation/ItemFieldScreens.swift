import Foundation
import Localization
import TodoCore

/// One control of the item form, by the name the form sends it under and what it holds: a text
/// (`title`), a box sent as `1` when checked (`done`), or a group of boxes sent as the checked
/// values (`repeat`: `mon`, `wed`).
public struct FormControl: Hashable, Sendable {
    /// `checkboxes`: the values the group offers, in its order.
    public enum Kind: Hashable, Sendable { case text, checkbox, checkboxes([String]) }
    public let name: String
    public let kind: Kind

    init(_ name: String, _ kind: Kind = .text) {
        self.name = name
        self.kind = kind
    }

    /// Every control of the item form, in the form's order.
    public static let all = ItemFieldScreens.all.flatMap(\.controls)
}

/// A field's chip in a to-do row, besides those rows draw themselves (place, date, project,
/// estimate, repeat days): `key` names its kind (the web's class and test id), `label` is read
/// out before its `text` ("Priority", "3").
public struct RowChip: Hashable, Sendable {
    public let key: String
    public let label: String
    public let text: String
}

/// How the item screens show and take one field of an item (`ItemField`), declared once: its
/// controls in the add and edit form and their text, and its line on the details screen. The
/// form (`ItemFormViewModel`, `ItemFormValues`) and the details (`ItemDetailViewModel`) are
/// driven by `all`; each View draws a field's control where it names it (a template, a CLI option).
///
/// Adding a field: its entry in `all`, and its controls' accessors on `ItemFormValues` below.
struct ItemFieldScreens: Sendable {
    let field: ItemField
    let controls: [FormControl]
    /// The controls' text for the field's value in `content`.
    let text: @Sendable (TodoContent) -> [String: [String]]
    /// Sets the field in `content` from the controls' text as typed, on `today` (rules are
    /// applied afterwards), or throws the sentence-bearing error of text that is no value.
    let read: @Sendable (ItemFormValues, _ today: CalendarDate, inout TodoContent) throws -> Void
    /// The field's line on the details screen; nil when the field is not set.
    let detail: @Sendable (TodoContent, Strings) -> DetailField?
    /// The field's chips in a to-do row (a tag's, one each); none when it has none (or the row
    /// draws it itself).
    var chips: @Sendable (TodoContent, Strings) -> [RowChip] = { _, _ in [] }

    /// A field of one text control, blank for none.
    private static func text<Value: Sendable>(
        _ field: ItemField, _ control: String, _ keyPath: WritableKeyPath<TodoContent, Value> & Sendable,
        shown: @escaping @Sendable (Value) -> String,
        parse: @escaping @Sendable (String, CalendarDate) throws -> Value,
        detail: @escaping @Sendable (Value, Strings) -> DetailField? = { _, _ in nil }
    ) -> ItemFieldScreens {
        ItemFieldScreens(
            field: field, controls: [FormControl(control)],
            text: { [control: [shown($0[keyPath: keyPath])]] },
            read: { values, today, content in content[keyPath: keyPath] = try parse(values[control], today) },
            detail: { content, strings in detail(content[keyPath: keyPath], strings) })
    }

    /// A field of a whole number (`3`), blank for none, shown on the details screen and as a
    /// row's chip under `label`, the key of its details line (`details.field.<control>`, which
    /// a range rule's sentence names it by too); its range is its `ItemField`'s rule.
    private static func wholeNumber(
        _ field: ItemField, _ control: String, _ keyPath: WritableKeyPath<TodoContent, Int?> & Sendable, label: String
    ) -> ItemFieldScreens {
        var screens = text(
            field, control, keyPath, shown: { $0.map(String.init) ?? "" }, parse: { text, _ in try TodoInput.wholeNumber(text) },
            detail: { value, strings in value.map { DetailField(label: strings(label), value: String($0), key: control) } })
        screens.chips = { content, strings in
            content[keyPath: keyPath].map { [RowChip(key: control, label: strings(label), text: String($0))] } ?? []
        }
        return screens
    }

    /// Every field the form shows, in the form's order.
    static let all: [ItemFieldScreens] = [
        text(.title, "title", \.title, shown: { $0 }, parse: { text, _ in text }),
        text(.details, "details", \.details, shown: { $0 ?? "" }, parse: { text, _ in text },
             detail: { value, strings in value.map { DetailField(label: strings("details.field.details"), value: $0, key: "details") } }),
        // TIME-10: the details' date line says the time after the date.
        ItemFieldScreens(
            field: .dueDate, controls: [FormControl("dueDate")],
            text: { ["dueDate": [$0.dueDate?.iso ?? ""]] },
            read: { values, today, content in content.dueDate = try TodoInput.dueDate(values["dueDate"], today: today) },
            detail: { content, strings in
                content.dueDate.map {
                    DetailField(
                        label: strings("details.field.due"), value: strings.date($0) + (content.dueTime.map { " " + $0.text } ?? ""),
                        key: "due-date")
                }
            }),
        text(.dueTime, "dueTime", \.dueTime, shown: { $0?.text ?? "" }, parse: { text, _ in try TodoInput.dueTime(text) }),
        location,
        text(.project, "project", \.project, shown: { $0?.name ?? "" },
             parse: { text, _ in
                 let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
                 return name.isEmpty ? nil : Project(name: name)
             },
             detail: { value, strings in value.map { DetailField(label: strings("details.field.project"), value: $0.name, key: "project") } }),
        text(.estimateMinutes, "estimate", \.estimateMinutes, shown: { $0.map(Estimate.text(minutes:)) ?? "" },
             parse: { text, _ in try TodoInput.estimate(text) },
             detail: { value, strings in
                 value.map { DetailField(label: strings("details.field.estimate"), value: strings.duration(minutes: $0), key: "estimate") }
             }),
        repeats,
        ItemFieldScreens(
            field: .priority, controls: [FormControl("priority")],
            text: { ["priority": [$0.priority.text]] },
            read: { values, _, content in content.priority = try TodoInput.priority(values["priority"]) },
            detail: { content, strings in
                content.priority.level.map {
                    DetailField(label: strings("details.field.priority"), value: strings.priorityLevel($0), key: "priority")
                }
            },
            chips: { content, strings in
                content.priority.level.map {
                    [RowChip(key: "priority-" + $0.rawValue, label: strings("details.field.priority"), text: strings.priorityLevel($0))]
                } ?? []
            }),
        // TAG-11: one text of the tags separated by commas; a chip and a link each.
        ItemFieldScreens(
            field: .tags, controls: [FormControl("tags")],
            text: { ["tags": [$0.tags.text]] },
            read: { values, _, content in content.tags = Tags(text: values["tags"]) },
            detail: { content, strings in
                content.tags.isEmpty ? nil
                    : DetailField(label: strings("details.field.tags"), value: content.tags.text, key: "tags", tags: content.tags.names)
            },
            chips: { content, strings in
                content.tags.names.map { RowChip(key: "tag", label: strings("tag.chip.label"), text: Strings.tagSign($0)) }
            }),
        // SUB-11: the parent's id in a hidden control, and a box that makes the item a to-do of
        // its own. The details screen links the parent itself (it needs the parent's title).
        ItemFieldScreens(
            field: .parent, controls: [FormControl("parent"), FormControl("ownTodo", .checkbox)],
            text: { ["parent": [$0.parent?.lowercasedText ?? ""]] },
            read: { values, _, content in
                let text = values["parent"].trimmingCharacters(in: .whitespaces)
                guard values[all: "ownTodo"] != ["1"], !text.isEmpty else { return content.parent = nil }
                guard let id = UUID(text: text.lowercased()) else { throw TodoValidationError.parentNotFound }
                content.parent = id
            },
            detail: { _, _ in nil }),
        // The details screen says done or to do on its first line, whatever the item.
        ItemFieldScreens(
            field: .isDone, controls: [FormControl("done", .checkbox)],
            text: { ["done": $0.isDone ? ["1"] : []] },
            read: { values, _, content in content.isDone = values[all: "done"] == ["1"] },
            detail: { _, _ in nil }),
    ]

    /// A name and two coordinates; none of them: no location.
    private static let location = ItemFieldScreens(
        field: .location,
        controls: [FormControl("locationName"), FormControl("latitude"), FormControl("longitude")],
        text: { content in
            let location = content.location
            return [
                "locationName": [location?.name ?? ""], "latitude": [location?.latitude.map { String($0) } ?? ""],
                "longitude": [location?.longitude.map { String($0) } ?? ""],
            ]
        },
        read: { values, _, content in
            let name = values["locationName"].trimmingCharacters(in: .whitespacesAndNewlines)
            let lat = try TodoInput.coordinate(values["latitude"])
            let lon = try TodoInput.coordinate(values["longitude"])
            content.location = name.isEmpty && lat == nil && lon == nil ? nil : Location(name: name, latitude: lat, longitude: lon)
        },
        detail: { content, strings in
            guard let location = content.location else { return nil }
            let value = location.latitude.flatMap { lat in
                location.longitude.map { lon in
                    strings("details.location.coordinates", [
                        "name": location.name, "latitude": String(lat), "longitude": String(lon),
                    ])
                }
            } ?? location.name
            return DetailField(label: strings("details.field.location"), value: value, key: "location")
        })

    /// The screens of `field`. Every field the form has is in `all`.
    static func of(_ field: ItemField) -> ItemFieldScreens {
        guard let screens = all.first(where: { $0.field == field }) else { preconditionFailure("the form has no control for \(field)") }
        return screens
    }
}

/// The form's controls by name, for the Views that set them one by one (the CLI's options, a
/// web page's query) and read them (the conflict page); `ItemFormViewModel` has them too.
extension ItemFormValues {
    public var title: String { get { self["title"] } set { self["title"] = newValue } }
    public var details: String { get { self["details"] } set { self["details"] = newValue } }
    /// `YYYY-MM-DD`, `today`, `tomorrow` or blank.
    public var dueDate: String { get { self["dueDate"] } set { self["dueDate"] = newValue } }
    /// `15:00`, `3pm` or blank (TIME-10, TIME-11).
    public var dueTime: String { get { self["dueTime"] } set { self["dueTime"] = newValue } }
    public var locationName: String { get { self["locationName"] } set { self["locationName"] = newValue } }
    public var latitude: String { get { self["latitude"] } set { self["latitude"] = newValue } }
    public var longitude: String { get { self["longitude"] } set { self["longitude"] = newValue } }
    public var projectName: String { get { self["project"] } set { self["project"] = newValue } }
    /// `30m`, `1h30m`, … or blank.
    public var estimate: String { get { self["estimate"] } set { self["estimate"] = newValue } }
    /// The parent's id (SUB-11), or blank.
    public var parent: String { get { self["parent"] } set { self["parent"] = newValue } }
    /// The tags separated by commas (`errands, waiting`), or blank (TAG-11).
    public var tags: String { get { self["tags"] } set { self["tags"] = newValue } }

    /// The form's tags with `added` after them (TAG-14); a tag with a comma, which the form's
    /// text would split in two, is refused with the rule's sentence.
    public mutating func addTags(_ added: [String]) throws(TodoValidationError) {
        if let bad = added.first(where: { $0.contains(",") }) { throw .tagHasComma(bad) }
        tags = Tags(text: tags).adding(added).text
    }

    /// The form's tags without `removed` (TAG-14).
    public mutating func removeTags(_ removed: [String]) {
        if !removed.isEmpty { tags = Tags(text: tags).adding([], removing: removed).text }
    }
    /// `high`, `medium`, `low`, a client's number (`2`) or blank (`Priority.text`). Setting a
    /// level the form already has keeps its number (PRIO-1).
    public var priority: String {
        get { self["priority"] }
        set {
            let chosen = Priority(text: newValue)
            self["priority"] = chosen.map { Priority(text: self["priority"])?.keeping($0) ?? $0 }?.text ?? newValue
        }
    }
    /// Editable only when editing (EDIT-1).
    public var isDone: Bool {
        get { self[all: "done"] == ["1"] }
        set { self[all: "done"] = newValue ? ["1"] : [] }
    }
}

/// What the web form's menus and the conflict page show of the controls.
extension ItemFormValues {
    /// The estimate menu: the common estimates (`StoreQuickAddOptions`), with the form's own
    /// when it is another, and whether each is the form's.
    public var estimateChoices: [(text: String, selected: Bool)] {
        let selected = Estimate.minutes(from: estimate)
        var minutes = StoreQuickAddOptions.estimateMinutes
        if let selected, !minutes.contains(selected) { minutes.append(selected); minutes.sort() }
        return minutes.map { (Estimate.text(minutes: $0), $0 == selected) }
    }

    /// The priority menu: none, then each level, with the form's own number as its level's
    /// value (a client's `2` stays `2` when the form is saved unchanged, PRIO-1).
    public func priorityChoices(_ words: Strings) -> [(value: String, label: String, selected: Bool)] {
        let current = Priority(text: priority) ?? .undefined
        return [("", words("priority.none"), current.isUndefined)] + Priority.Level.allCases.map { level in
            let value = current.level == level ? current : level.priority
            return (value.text, words.priorityLevel(level), current.level == level)
        }
    }

    /// Each field's row on the conflict page (MERGE-2), in the form's order: the field, the
    /// row's key (its test id; its label is the View's `merge.row.<key>`) and the value as
    /// shown, `yes` or `no` for a flag.
    public func conflictRows(_ words: Strings, yes: String, no: String) -> [(field: ItemField, key: String, shown: String)] {
        let location = locationName.isEmpty && latitude.isEmpty
            ? "" : locationName + (latitude.isEmpty ? "" : " (\(latitude), \(longitude))")
        return [
            (.title, "title", title), (.details, "details", details), (.dueDate, "due", dueDate),
            (.location, "location", location), (.project, "project", projectName),
            (.estimateMinutes, "estimate", estimate), (.repeatRule, "repeat", repeatWords(words)),
            (.priority, "priority", Priority(text: priority)?.level.map { words.priorityLevel($0) } ?? ""),
            (.tags, "tags", tags),
            (.parent, "parent", parent),
            (.dueTime, "time", dueTime),
            (.isDone, "done", isDone ? yes : no),
        ]
    }
}

/// The chips a row shows under its title besides its place and date, one a field; a done row
/// keeps them, and a View dims them (LIST-5).
extension TodoRowViewModel {
    /// The project chip: shown on lists other than that project's own.
    public var projectName: String? { entry.project?.name }
    /// `30m`, `1h30m` (`30 分钟`, `30分`): the estimate chip (LANG-6).
    public var estimateText: String? { entry.estimateMinutes.map { strings.duration(minutes: $0) } }
    /// The chips of the fields a row doesn't draw itself (`ItemFieldScreens.chip`).
    public var chips: [RowChip] {
        let fields = ItemFieldScreens.all.flatMap { $0.chips(entry.content, strings) }
        return subtasksText.map { [RowChip(key: "subtasks", label: strings("row.chip.subtasks"), text: $0)] + fields } ?? fields
    }
    /// `2/5`: how many of the row's subtasks are done (SUB-8); nil without subtasks.
    public var subtasksText: String? { entry.subtasks.map { "\($0.done)/\($0.total)" } }
    /// `+errands +waiting`: the tags as a row on a terminal shows them (TAG-14).
    public var tagMarks: String? { entry.content.tags.isEmpty ? nil : entry.content.tags.names.map(Strings.tagSign).joined(separator: " ") }
    /// `!high` (`!高`): the priority as a row on a terminal shows it (PRIO-12).
    public var priorityMark: String? { strings.priorityMark(entry.content.priority) }
    /// `Every Mon, Wed` (`每周一、周四`, `毎月第2火曜日`): the repeat chip in words (REPEAT-17).
    public var repeatText: String? {
        guard let rule = entry.repeatRule else { return nil }
        return strings.repeatRule(rule)
    }
}

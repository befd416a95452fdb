import Foundation
import Localization
import TodoCore
import TodoInterop
import TodoPresentation
import WebUI

// The view values of the pages other than the list: each made from a ViewModel, worded and
// formatted, for its template to show as it is.

struct DetailsPageView: PageView {
    static let template = "details"
    /// A field's line; a tag's links to its list (TAG-11).
    struct Field { let label: String; let value: String; let key: String; let tags: [TagLink] }
    struct TagLink { let text: String; let href: String }
    let frame: PageFrame
    let id: String
    let title: String
    let back: String
    let backTitle: String
    let here: String
    let editHref: String
    let fields: [Field]
    let toggleTitle: String
    let toggleValue: String
    let toggleAnnouncement: String
    /// The section Move up / Move down act in (MOVE-3), as the group's name: "Place in To Do".
    let placeLabel: String
    /// SUB-10: the to-do it is under, its subtasks, and the field that adds one.
    struct Link { let id: String; let title: String; let href: String; let done: Bool }
    let parentLabel: String
    let parent: Link?
    let subtasksHeading: String
    let subtasksCount: String?
    let subtasks: [Link]
    let hasSubtasks: Bool
    let addSubtaskTitle: String
    /// The list a subtask added here goes to: its parent's.
    let project: String?
    /// "View only · alice's list" for an item of a list shared to read only, whose page has no
    /// control that changes it (SHARE-13); nil for any other.
    let viewOnly: String?
    /// The sentence of a write its list just refused, once (SHARE-14).
    var refused: String? = nil

    init(_ details: ItemDetailViewModel, back: String, frame: PageFrame) {
        self.frame = frame
        id = details.id.lowercasedText
        title = details.title
        self.back = back
        backTitle = details.backButtonTitle
        here = "/items/\(id)" + TodoPaths.query(from: back)
        editHref = "/items/\(id)/edit" + TodoPaths.query(from: here)
        fields = details.fields.map { field in
            Field(label: field.label, value: field.value, key: field.key, tags: field.tags.map {
                TagLink(text: Strings.tagSign($0), href: TodoPaths.list(.tag($0)))
            })
        }
        toggleTitle = details.toggleButtonTitle
        toggleValue = details.item?.isDone == true ? "0" : "1"
        toggleAnnouncement = details.toggleAnnouncementText
        placeLabel = details.placeLabel
        viewOnly = details.viewOnlyNotice
        let here = self.here
        let link = { (item: TodoItem) in
            Link(id: item.id.lowercasedText, title: item.title, href: TodoPaths.item(item.id) + TodoPaths.query(from: here), done: item.isDone)
        }
        parentLabel = details.parentLabel
        parent = details.parent.map(link)
        subtasksHeading = details.subtasksHeading
        subtasksCount = details.subtasksCount
        subtasks = details.subtasks.map(link)
        hasSubtasks = !subtasks.isEmpty
        addSubtaskTitle = details.addSubtaskTitle
        project = details.item?.project?.name
    }
}

/// The tags in use (TAG-16), each a link to its list.
struct TagsPageView: PageView {
    static let template = "tags"
    struct Row { let sign: String; let href: String; let countText: String }
    let frame: PageFrame
    let title: String
    let isEmpty: Bool
    let emptyMessage: String
    let rows: [Row]

    init(_ tags: TagsViewModel, frame: PageFrame) {
        self.frame = frame
        title = tags.title
        isEmpty = tags.isEmpty
        emptyMessage = tags.emptyMessage
        rows = tags.rows.map { Row(sign: $0.sign, href: TodoPaths.list(.tag($0.name)), countText: $0.countText) }
    }
}

struct FormPageView: PageView {
    static let template = "form"
    struct Estimate { let text: String; let selected: Bool }
    struct Choice { let value: String; let label: String; let selected: Bool }
    struct Day { let value: String; let label: String; let checked: Bool }
    let frame: PageFrame
    let action: String
    let version: Int?
    let from: String
    let error: String?
    let heading: String
    let title, details, dueDate, locationName, latitude, longitude, projectName: String
    /// Whether “More” starts open (WEB-12): the to-do has coordinates, or the form was sent with some.
    let hasCoordinates: Bool
    /// Every control's text by name, for a control the template names without a property of
    /// its own: `{{values.priority}}`.
    let values: [String: String]
    let projects: [String]
    let estimates: [Estimate]
    /// The priority menu (PRIO-10): none and each level, a client's number kept as its level's value.
    let priorities: [Choice]
    /// The repeat menu (REPEAT-17): never, each frequency, and an item's own rule the other
    /// controls can't show.
    let repeats: [Choice]
    let days: [Day]
    let repeatAfterDone: Bool
    let showsDone: Bool
    let isDone: Bool
    let cancelTitle: String
    let saveTitle: String
    /// Adding: the title is read as plain words, and what they will store shows under it (WORDS-17).
    let readsWords: Bool
    let preview: AddPreviewView?
    /// When editing: the values the form started from, sent back to merge with (MERGE-1).
    let base: [HiddenField]
    /// When editing: the item the page follows (LIVE-13), and a stamp of the values the form
    /// started from. The page's script compares it with the stamp of the form as the server
    /// would render it now, and says so above the form when they differ.
    let liveItem: String?
    let liveStamp: String?
    /// “Subtask of “Pack for the trip”” when the form's item has a parent in the list, and the
    /// box that makes it a to-do of its own, when editing (SUB-11).
    let parentText: String?
    let ownTodoLabel: String?

    init(_ form: ItemFormViewModel, projects: [Project], parent: TodoItem? = nil, from: String, error: String?, frame: PageFrame) {
        self.frame = frame
        let words = TodoWords.strings(form.language)
        parentText = parent.map { words("form.parent", ["title": $0.title]) }
        ownTodoLabel = parent != nil && form.showsDoneToggle ? words("form.parent.own") : nil
        if case .edit(let item) = form.mode {
            action = TodoPaths.item(item.id)
            version = item.version
            base = HiddenField.base(ItemFormValues(item))
            liveItem = item.id.lowercasedText
            liveStamp = LiveStamp.of(base)
        } else {
            action = "/items"
            version = nil
            base = []
            liveItem = nil
            liveStamp = nil
        }
        self.from = from
        self.error = error
        heading = form.heading
        title = form.title
        details = form.details
        dueDate = form.dueDate
        locationName = form.locationName
        latitude = form.latitude
        hasCoordinates = !form.latitude.isEmpty || !form.longitude.isEmpty
        longitude = form.longitude
        projectName = form.projectName
        values = Dictionary(uniqueKeysWithValues: FormControl.all.map { ($0.name, form.values[$0.name]) })
        self.projects = projects.map(\.name)
        estimates = form.values.estimateChoices.map { Estimate(text: $0.text, selected: $0.selected) }
        let strings = TodoWords.strings(form.language)
        priorities = form.values.priorityChoices(strings).map { Choice(value: $0.value, label: $0.label, selected: $0.selected) }
        repeats = form.values.repeatChoices(strings).map { Choice(value: $0.value, label: $0.label, selected: $0.selected) }
        days = Weekday.allCases.map {
            Day(value: $0.rawValue, label: strings.shortWeekday($0), checked: form.repeatDays.contains($0))
        }
        repeatAfterDone = form.values[all: "repeatAfterDone"] == ["1"]
        showsDone = form.showsDoneToggle
        isDone = form.isDone
        cancelTitle = form.cancelButtonTitle
        saveTitle = form.saveButtonTitle
        let titlePreview = form.titlePreview
        readsWords = titlePreview != nil
        preview = titlePreview.map(AddPreviewView.init)
    }
}

/// The quick-add form, in the list's popup or on its own page.
struct QuickAddFormView: Hashable {
    struct Section: Hashable {
        /// `isNone`: the "None" choice of a single-choice section, worded by the template.
        struct Option: Hashable {
            let inputType, name, value, testID, label: String; let checked: Bool; let kind: String; var isNone = false
        }
        let kind: String
        let title: String
        let source: String
        /// `notLoaded`, `loaded`, `empty` or `failed`: the script loads the sections not loaded or failed.
        let state: String
        /// Not loaded yet: the loading note and the failure sentence, hidden until the script needs them.
        let notLoaded: Bool
        let errorMessage: String
        let empty: String?
        let failed: String?
        let options: [Option]
    }

    let from: String
    let text: String
    let textID: String
    let inDialog: Bool
    let sections: [Section]

    init(_ quickAdd: QuickAddViewModel, from: String, inDialog: Bool) {
        self.from = from
        text = quickAdd.text
        textID = inDialog ? "quick-text" : "quick-text-page"
        self.inDialog = inDialog
        let query = TodoPaths.queryItem(quickAdd.context).map { "?" + $0 } ?? ""
        sections = quickAdd.sections.map {
            Self.section($0, source: "/quick-add/sections/\($0.kind.rawValue)" + query, language: quickAdd.language)
        }
    }

    static func section(_ section: QuickAddSection, source: String, language: Language = .english) -> Section {
        let kind = section.kind.rawValue
        let single = section.kind.selectionMode == .single
        var options: [Section.Option] = []
        var state = "loaded", empty: String?, failed: String?
        switch section.state {
        case .notLoaded: state = "notLoaded"
        case .empty(let message): state = "empty"; empty = message
        case .failed(let message): state = "failed"; failed = message
        case .loaded(let loaded):
            let name = single ? kind : kind + "[]"
            if single {
                options.append(.init(
                    inputType: "radio", name: name, value: "", testID: "none", label: "None",
                    checked: section.selection.selected.isEmpty, kind: kind, isNone: true))
            }
            options += loaded.map { option in
                .init(
                    inputType: single ? "radio" : "checkbox", name: name, value: option.id, testID: option.id,
                    label: option.label, checked: section.selection.isSelected(option.id), kind: kind)
            }
        }
        return Section(
            kind: kind, title: section.kind.title(in: language), source: source, state: state,
            notLoaded: state == "notLoaded", errorMessage: section.kind.errorMessage(in: language), empty: empty,
            failed: failed, options: options)
    }
}

struct QuickAddPageView: PageView {
    static let template = "quick-add"
    let frame: PageFrame
    let from: String
    let error: String?
    let quickAdd: QuickAddFormView
}

struct ConflictPageView: PageView {
    static let template = "conflict"
    struct Row { let key, label, theirs, mine: String; let differs: Bool; let conflict: Bool }
    typealias Hidden = HiddenField
    let frame: PageFrame
    let id: String
    let from: String
    let currentTitle: String
    let currentVersion: Int
    let rows: [Row]
    let hidden: [Hidden]
    let reopenHref: String
    /// How many fields both sides changed to different values (MERGE-2), and a sentence naming them.
    let conflictCount: Int
    let bothChangedNote: String?

    init(mine form: ItemFormViewModel, current: TodoItem, from: String, frame: PageFrame) {
        self.frame = frame
        id = current.id.lowercasedText
        self.from = from
        currentTitle = current.title
        currentVersion = current.version
        let mine = form.values, theirs = ItemFormValues(current)
        rows = zip(Self.rows(theirs, frame.language), Self.rows(mine, frame.language)).map { now, yours in
            Row(key: now.key, label: now.label, theirs: now.shown, mine: yours.shown, differs: now.shown != yours.shown,
                conflict: form.conflicts.contains(now.field) && now.shown != yours.shown)
        }
        let both = rows.filter(\.conflict)
        conflictCount = both.count
        let strings = TodoViews.strings(frame.language)
        bothChangedNote = both.isEmpty ? nil
            : strings("merge.note", ["fields": both.map(\.label).joined(separator: strings("merge.separator"))])
        // Keeping mine starts from the current version: a change made meanwhile merges again.
        hidden = (HiddenField.controls(mine) + HiddenField.base(theirs)).map { Hidden(name: $0.name, value: $0.value) }
        reopenHref = "/items/\(id)/edit" + TodoPaths.query(from: from)
    }

    /// The field, its row's test id and label, and its shown value, for every field of one side.
    private static func rows(_ values: ItemFormValues, _ language: Language)
        -> [(field: ItemField, key: String, label: String, shown: String)]
    {
        let strings = TodoViews.strings(language)
        return values.conflictRows(TodoWords.strings(language), yes: strings("merge.yes"), no: strings("merge.no")).map {
            ($0.field, $0.key, strings(rowLabels[$0.key] ?? $0.key), $0.shown)
        }
    }

    /// Each row's label, by the row's key (`ItemFormValues.conflictRows`).
    private static let rowLabels = [
        "title": "merge.row.title", "details": "merge.row.details", "due": "merge.row.due",
        "location": "merge.row.location", "project": "merge.row.project", "estimate": "merge.row.estimate",
        "repeat": "merge.row.repeat", "priority": "merge.row.priority", "tags": "merge.row.tags",
        "parent": "merge.row.parent", "time": "merge.row.time", "done": "merge.row.done",
    ]
}

struct ErrorPageView: PageView {
    static let template = "error"
    let frame: PageFrame
    let heading: String
    let message: String
}

struct TransferPageView: PageView {
    static let template = "transfer"
    /// The format choice that reads the format from the content (IMPORT-1).
    static let detect = "auto"
    struct Format { let value, label: String; let selected: Bool }
    struct Report { let headline: String; let changes: [String]; let hasChanges: Bool }
    let frame: PageFrame
    /// The formats to export to.
    let formats: [Format]
    /// The import's choices: detect, then each format.
    let importFormats: [Format]
    let contents: String
    let dryRun: Bool
    let report: Report?
    let error: String?

    init(
        format: InteropFormat? = nil, contents: String = "", dryRun: Bool = false, report: ImportReport? = nil,
        error: String? = nil, frame: PageFrame
    ) {
        self.frame = frame
        let words = TodoViews.strings(frame.language)
        formats = InteropFormat.allCases.map { Format(value: $0.rawValue, label: Self.label($0, words), selected: false) }
        importFormats = [Format(value: Self.detect, label: words("transfer.detect"), selected: format == nil)]
            + InteropFormat.allCases.map { Format(value: $0.rawValue, label: Self.label($0, words), selected: $0 == format) }
        self.contents = contents
        self.dryRun = dryRun
        self.report = report.map { Report(headline: $0.headline, changes: $0.changes, hasChanges: !$0.changes.isEmpty) }
        self.error = error
    }

    private static func label(_ format: InteropFormat, _ words: Strings) -> String {
        switch format {
        case .json: words("transfer.format.json")
        case .csv: words("transfer.format.csv")
        case .todotxt: "todo.txt"
        case .taskwarrior: "Taskwarrior"
        case .ics: "iCalendar (.ics)"
        }
    }
}

/// What an edit form shows, as a short text that changes when any of it does (LIVE-13): the
/// 64-bit FNV-1a hash of its `base…` fields, in hexadecimal. The same in every server process
/// (unlike `Hasher`), so that a page served by one instance compares with another's.
enum LiveStamp {
    static func of(_ fields: [HiddenField]) -> String {
        var hash = FNV1a()
        for field in fields {
            hash.mix(field.name.utf8)
            hash.mix(CollectionOfOne(0x1F))  // between a name and its value, and after the value
            hash.mix(field.value.utf8)
            hash.mix(CollectionOfOne(0x1E))
        }
        return hash.hex
    }
}

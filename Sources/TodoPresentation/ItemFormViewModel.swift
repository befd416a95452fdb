import Foundation
public import Localization
import Observation
import TodoCore

/// The add and edit form: a title at the top, the optional fields, Cancel and Save (or OK),
/// and, when editing, the "is done" toggle.
///
/// Fields hold text as typed; `save()` turns it into model values and reports the first
/// problem as a sentence. Cancel stores nothing: it is the View's way back (a link in the
/// web View), so the ViewModel has no Cancel action.
@Observable
public final class ItemFormViewModel {
    public enum Mode: Equatable, Sendable {
        case add
        case edit(TodoItem)
    }

    public let mode: Mode
    private let store: any TodoStore
    private let today: () -> CalendarDate
    /// The language of the form's words and of its error sentences (LANG-4).
    public let language: Language
    private var strings: Strings { TodoWords.strings(language) }

    public var title = ""
    public var details = ""
    /// `YYYY-MM-DD`, `today`, `tomorrow` or blank.
    public var dueDate = ""
    public var locationName = ""
    public var latitude = ""
    public var longitude = ""
    public var projectName = ""
    /// `30m`, `1h30m`, … or blank.
    public var estimate = ""
    public var repeatDays: Set<Weekday> = []
    /// Editable only when editing (EDIT-1).
    public var isDone = false
    /// When adding, read the title as plain words (WORDS-14 … WORDS-17): `todo add` unless
    /// `--raw`, the web's add fields. Editing never reads the title.
    public var readsPlainWords = false
    /// Whether the words win over the other fields (the web) or a filled field wins (`todo add`).
    public var wordsWinOverFields = false

    /// What the title's words will store, for the add form to show; nil when it reads none.
    public var titlePreview: PlainWordsPreview? {
        guard readsPlainWords, !isEditing else { return nil }
        return PlainWordsPreview(text: title, today: today(), language: language)
    }
    /// Whether saving over a version changed elsewhere merges field by field (MERGE-1) rather
    /// than refusing: true when the edited item holds the values the edit started from (what
    /// the CLI read; a web form that sent them back, see `reopened`).
    public private(set) var mergesChangesMadeElsewhere = true
    /// After a save refused because the item changed elsewhere: the fields both sides changed
    /// to different values (MERGE-2; empty when nothing could be merged). The form's values are
    /// then what keeping mine would store: my changes over the current version.
    public private(set) var conflicts: [ItemField] = []

    public init(
        store: any TodoStore, mode: Mode = .add,
        today: @escaping () -> CalendarDate, language: Language = .english
    ) {
        self.store = store
        self.mode = mode
        self.today = today
        self.language = language
        if case .edit(let item) = mode { values = ItemFormValues(item) }
    }

    /// Every field at once, as text.
    public var values: ItemFormValues {
        get {
            ItemFormValues(
                title: title, details: details, dueDate: dueDate, locationName: locationName, latitude: latitude,
                longitude: longitude, projectName: projectName, estimate: estimate, repeatDays: repeatDays, isDone: isDone)
        }
        set {
            title = newValue.title
            details = newValue.details
            dueDate = newValue.dueDate
            locationName = newValue.locationName
            latitude = newValue.latitude
            longitude = newValue.longitude
            projectName = newValue.projectName
            estimate = newValue.estimate
            repeatDays = newValue.repeatDays
            isDone = newValue.isDone
        }
    }

    /// Opens the edit form for the item with `id`.
    public static func edit(
        store: any TodoStore, id: UUID,
        today: @escaping () -> CalendarDate, language: Language = .english
    ) async throws -> ItemFormViewModel {
        guard let item = try await store.item(id: id) else { throw TodoPresentationError.itemNotFound }
        return ItemFormViewModel(store: store, mode: .edit(item), today: today, language: language)
    }

    /// The edit form sent back by a person who opened it at `version`, showing `base` (nil when
    /// the form did not carry what it showed: then nothing can be merged, MERGE-5).
    public static func reopened(
        store: any TodoStore, item: TodoItem, version: Int, base: ItemFormValues?,
        today: @escaping () -> CalendarDate, language: Language = .english
    ) throws -> ItemFormViewModel {
        var opened = item
        opened.version = version
        if let base {
            let values = try draft(from: base, isEditing: true, today: today())
            opened.title = values.title
            opened.details = values.details
            opened.isDone = values.isDone
            opened.dueDate = values.dueDate
            opened.location = values.location
            opened.project = values.project
            opened.estimateMinutes = values.estimateMinutes
            opened.repeatDays = values.repeatDays
        }
        let form = ItemFormViewModel(store: store, mode: .edit(opened), today: today, language: language)
        form.mergesChangesMadeElsewhere = base != nil
        return form
    }

    public var heading: String { isEditing ? strings("form.heading.edit") : strings("form.heading.add") }
    public var saveButtonTitle: String { isEditing ? strings("form.ok") : strings("form.save") }
    public var cancelButtonTitle: String { strings("form.cancel") }

    /// The sentence for why `save()` refused, in the form's language; nil for an error the form
    /// does not word (a storage failure: the View reports that itself).
    public func message(for error: any Error) -> String? { strings.message(for: error) }
    /// The "is done" toggle shows when editing only.
    public var showsDoneToggle: Bool { isEditing }
    var isEditing: Bool { mode != .add }

    /// Save can be pressed only once the title has text (ADD-3, ADD-4).
    public var canSave: Bool { !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }

    /// Stores the item — a new one first of To Do, or the edited fields of the existing one —
    /// and returns it as stored. Throws a sentence-bearing error and stores nothing when a
    /// value is invalid; throws `versionConflict` when the item changed since the form opened.
    @discardableResult
    public func save() async throws -> TodoItem {
        let draft = try makeDraft()
        switch mode {
        case .add:
            return try await store.add(draft)
        case .edit(let original):
            let changes = Self.changes(from: original, to: draft)
            do {
                guard let saved = try await store.update(id: original.id, changes, expectedVersion: original.version)
                else { throw TodoPresentationError.itemNotFound }
                return saved
            } catch TodoStoreError.versionConflict(let current) {
                return try await merge(draft, base: TodoDraft(fieldsOf: original), over: current)
            }
        }
    }

    /// Saves `mine` over `current`, changed elsewhere since `base`: field by field (MERGE-1),
    /// or refused with `versionConflict` and `conflicts` set (MERGE-2). Tries again when the
    /// item changes once more while merging.
    private func merge(_ mine: TodoDraft, base: TodoDraft, over current: TodoItem) async throws -> TodoItem {
        var current = current
        for _ in 0..<3 {
            let theirs = TodoDraft(fieldsOf: current)
            let merge = mergesChangesMadeElsewhere ? TodoMerge(base: base, mine: mine, theirs: theirs) : nil
            guard let merge, merge.isClean else {
                // Without the values the edit started from, who changed what is unknown (MERGE-5).
                conflicts = merge?.conflicts ?? []
                if let merge {
                    // What "keep mine" stores: my changed fields, theirs for the rest.
                    var kept = ItemFormValues(current)
                    for field in merge.mine { kept.take(field, from: values) }
                    values = kept
                }
                throw TodoStoreError.versionConflict(current: current)
            }
            if merge.changes == TodoChanges() { return current }
            do {
                guard let saved = try await store.update(id: current.id, merge.changes, expectedVersion: current.version)
                else { throw TodoPresentationError.itemNotFound }
                return saved
            } catch TodoStoreError.versionConflict(let newer) {
                current = newer
            }
        }
        throw TodoStoreError.versionConflict(current: current)
    }

    private func makeDraft() throws -> TodoDraft {
        var draft = try Self.fields(of: values, isEditing: isEditing, today: today())
        if readsPlainWords, !isEditing {
            draft = PlainWordsInput.apply(PlainWords.read(title, today: today()), to: draft, wordsWin: wordsWinOverFields)
        }
        return try draft.validated()
    }

    /// The model values of the form's text, validated.
    private static func draft(from values: ItemFormValues, isEditing: Bool, today: CalendarDate) throws -> TodoDraft {
        try fields(of: values, isEditing: isEditing, today: today).validated()
    }

    /// The model values of the form's text, before the rules are applied.
    private static func fields(of values: ItemFormValues, isEditing: Bool, today: CalendarDate) throws -> TodoDraft {
        let name = values.locationName.trimmingCharacters(in: .whitespacesAndNewlines)
        let lat = try TodoInput.coordinate(values.latitude)
        let lon = try TodoInput.coordinate(values.longitude)
        let location: Location? = name.isEmpty && lat == nil && lon == nil
            ? nil : Location(name: name, latitude: lat, longitude: lon)
        let project = values.projectName.trimmingCharacters(in: .whitespacesAndNewlines)
        return try TodoDraft(
            title: values.title, details: values.details, isDone: isEditing && values.isDone,
            dueDate: TodoInput.dueDate(values.dueDate, today: today), location: location,
            project: project.isEmpty ? nil : Project(name: project),
            estimateMinutes: TodoInput.estimate(values.estimate), repeatDays: values.repeatDays)
    }

    /// Only what differs from the original, so a concurrent change to another field is kept.
    private static func changes(from item: TodoItem, to draft: TodoDraft) -> TodoChanges {
        var changes = TodoChanges()
        if draft.title != item.title { changes.title = draft.title }
        if draft.details != item.details { changes.details = .some(draft.details) }
        if draft.isDone != item.isDone { changes.isDone = draft.isDone }
        if draft.dueDate != item.dueDate { changes.dueDate = .some(draft.dueDate) }
        if draft.location != item.location { changes.location = .some(draft.location) }
        if draft.project != item.project { changes.project = .some(draft.project) }
        if draft.estimateMinutes != item.estimateMinutes { changes.estimateMinutes = .some(draft.estimateMinutes) }
        if draft.repeatDays != item.repeatDays { changes.repeatDays = draft.repeatDays }
        return changes
    }
}

/// The form's fields as text, as a person sees and types them.
public struct ItemFormValues: Equatable, Sendable {
    public var title = "", details = "", dueDate = "", locationName = "", latitude = "", longitude = ""
    public var projectName = "", estimate = ""
    public var repeatDays: Set<Weekday> = []
    public var isDone = false

    public init(
        title: String = "", details: String = "", dueDate: String = "", locationName: String = "",
        latitude: String = "", longitude: String = "", projectName: String = "", estimate: String = "",
        repeatDays: Set<Weekday> = [], isDone: Bool = false
    ) {
        self.title = title
        self.details = details
        self.dueDate = dueDate
        self.locationName = locationName
        self.latitude = latitude
        self.longitude = longitude
        self.projectName = projectName
        self.estimate = estimate
        self.repeatDays = repeatDays
        self.isDone = isDone
    }

    /// Takes `field`'s text from `other`.
    mutating func take(_ field: ItemField, from other: ItemFormValues) {
        switch field {
        case .title: title = other.title
        case .details: details = other.details
        case .dueDate: dueDate = other.dueDate
        case .location:
            locationName = other.locationName
            latitude = other.latitude
            longitude = other.longitude
        case .project: projectName = other.projectName
        case .estimateMinutes: estimate = other.estimate
        case .repeatDays: repeatDays = other.repeatDays
        case .isDone: isDone = other.isDone
        default: preconditionFailure("the form has no control for \(field)")
        }
    }

    /// The values an item shows in the edit form.
    public init(_ item: TodoItem) {
        self.init(
            title: item.title, details: item.details ?? "", dueDate: item.dueDate?.iso ?? "",
            locationName: item.location?.name ?? "", latitude: item.location?.latitude.map { String($0) } ?? "",
            longitude: item.location?.longitude.map { String($0) } ?? "", projectName: item.project?.name ?? "",
            estimate: item.estimateMinutes.map(Estimate.text(minutes:)) ?? "", repeatDays: item.repeatDays,
            isDone: item.isDone)
    }
}

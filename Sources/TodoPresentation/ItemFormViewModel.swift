import Foundation
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
        return PlainWordsPreview(text: title, today: today())
    }

    public init(
        store: any TodoStore, mode: Mode = .add,
        today: @escaping () -> CalendarDate = { CalendarDate(Date(), in: .current) }
    ) {
        self.store = store
        self.mode = mode
        self.today = today
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
        today: @escaping () -> CalendarDate = { CalendarDate(Date(), in: .current) }
    ) async throws -> ItemFormViewModel {
        guard let item = try await store.item(id: id) else { throw TodoPresentationError.itemNotFound }
        return ItemFormViewModel(store: store, mode: .edit(item), today: today)
    }

    public var heading: String { isEditing ? "Edit item" : "New item" }
    public var saveButtonTitle: String { isEditing ? "OK" : "Save" }
    public var cancelButtonTitle: String { "Cancel" }
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
            guard let saved = try await store.update(id: original.id, changes, expectedVersion: original.version)
            else { throw TodoPresentationError.itemNotFound }
            return saved
        }
    }

    private func makeDraft() throws -> TodoDraft {
        let name = locationName.trimmingCharacters(in: .whitespacesAndNewlines)
        let lat = try TodoInput.coordinate(latitude)
        let lon = try TodoInput.coordinate(longitude)
        let location: Location? = name.isEmpty && lat == nil && lon == nil
            ? nil : Location(name: name, latitude: lat, longitude: lon)
        let project = projectName.trimmingCharacters(in: .whitespacesAndNewlines)
        var draft = try TodoDraft(
            title: title, details: details, isDone: isEditing && isDone,
            dueDate: TodoInput.dueDate(dueDate, today: today()), location: location,
            project: project.isEmpty ? nil : Project(name: project),
            estimateMinutes: TodoInput.estimate(estimate), repeatDays: repeatDays)
        if readsPlainWords, !isEditing {
            draft = PlainWordsInput.apply(PlainWords.read(title, today: today()), to: draft, wordsWin: wordsWinOverFields)
        }
        return try draft.validated()
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

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
@dynamicMemberLookup
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

    /// Every control's text (`ItemFieldScreens`), also read and set one by one: `form.title`,
    /// `form.estimate` are `values`' (`ItemFormValues`).
    public var values = ItemFormValues()

    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<ItemFormValues, Value>) -> Value {
        get { values[keyPath: keyPath] }
        set { values[keyPath: keyPath] = newValue }
    }
    /// When adding, read the title as plain words (WORDS-14 … WORDS-17): `todo add` unless
    /// `--raw`, the web's add fields. Editing never reads the title.
    public var readsPlainWords = false
    /// Whether the words win over the other fields (the web) or a filled field wins (`todo add`).
    public var wordsWinOverFields = false

    /// What the title's words will store, for the add form to show; nil when it reads none.
    public var titlePreview: PlainWordsPreview? {
        guard readsPlainWords, !isEditing else { return nil }
        return PlainWordsPreview(text: values.title, today: today(), language: language)
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
            opened.content = try draft(from: base, isEditing: true, today: today()).content
        }
        let form = ItemFormViewModel(store: store, mode: .edit(opened), today: today, language: language)
        form.mergesChangesMadeElsewhere = base != nil
        return form
    }

    public var heading: String { isEditing ? strings("form.heading.edit") : strings("form.heading.add") }
    public var saveButtonTitle: String { strings("form.save") }  // the same word to add and to edit (WEB-9)
    public var cancelButtonTitle: String { strings("form.cancel") }

    /// The sentence for why `save()` refused, in the form's language; nil for an error the form
    /// does not word (a storage failure: the View reports that itself).
    public func message(for error: any Error) -> String? { strings.message(for: error) }
    /// The "is done" toggle shows when editing only.
    public var showsDoneToggle: Bool { isEditing }
    var isEditing: Bool { mode != .add }

    /// Save can be pressed only once the title has text (ADD-3, ADD-4).
    public var canSave: Bool { !values.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }

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
            draft = PlainWordsInput.apply(PlainWords.read(values.title, today: today()), to: draft, wordsWin: wordsWinOverFields)
        }
        return try draft.validated()
    }

    /// The model values of the form's text, validated.
    private static func draft(from values: ItemFormValues, isEditing: Bool, today: CalendarDate) throws -> TodoDraft {
        try fields(of: values, isEditing: isEditing, today: today).validated()
    }

    /// The model values of the form's text, before the rules are applied: each field read from
    /// its controls, in the form's order (the first text that is no value is the one reported).
    private static func fields(of values: ItemFormValues, isEditing: Bool, today: CalendarDate) throws -> TodoDraft {
        var content = TodoContent(title: "")
        for screens in ItemFieldScreens.all { try screens.read(values, today, &content) }
        if !isEditing { content.isDone = false }
        return TodoDraft(content: content)
    }

    /// Only what differs from the original, so a concurrent change to another field is kept.
    private static func changes(from item: TodoItem, to draft: TodoDraft) -> TodoChanges {
        var changes = TodoChanges()
        for field in ItemField.differences(item.content, draft.content) { changes.set(field, from: draft.content) }
        return changes
    }
}

/// The form's fields as text, as a person sees and types them: each control's values by its
/// name (`FormControl`).
public struct ItemFormValues: Equatable, Sendable {
    /// One text for a text control (none when blank), `["1"]` for a checked box, the checked
    /// values of a group in the group's order.
    public private(set) var controls: [String: [String]] = [:]

    public init() {}

    /// The text of the text control `name`; blank when it has none.
    public subscript(name: String) -> String {
        get { controls[name]?.first ?? "" }
        set { self[all: name] = [newValue] }
    }

    /// Every value of the control `name`, as a form sends them: a box is checked by `1`, a
    /// group keeps the values it offers (`FormControl.options`), in its order.
    public subscript(all name: String) -> [String] {
        get { controls[name] ?? [] }
        set {
            let kept: [String] = switch FormControl.all.first(where: { $0.name == name })?.kind {
            case .checkbox?: newValue.first == "1" ? ["1"] : []
            case .checkboxes(let options)?: options.filter(newValue.contains)
            case .text?, nil: newValue.first.flatMap { $0.isEmpty ? nil : [$0] } ?? []
            }
            controls[name] = kept.isEmpty ? nil : kept
        }
    }

    /// Takes `field`'s text from `other`.
    mutating func take(_ field: ItemField, from other: ItemFormValues) {
        for control in ItemFieldScreens.of(field).controls { controls[control.name] = other.controls[control.name] }
    }

    /// The values an item shows in the edit form.
    public init(_ item: TodoItem) {
        for screens in ItemFieldScreens.all {
            for (name, values) in screens.text(item.content) { self[all: name] = values }
        }
    }
}

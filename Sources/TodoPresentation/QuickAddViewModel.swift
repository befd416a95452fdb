import Foundation
public import Localization
import Observation
import TodoCore

/// The sections of the quick-add popup.
public enum QuickAddSectionKind: String, CaseIterable, Sendable {
    case project, dueDate, estimate, repeatDays

    /// The section's title in English; `title(in:)` for a language.
    public var title: String { title(in: .english) }

    public func title(in language: Language) -> String {
        let strings = TodoWords.strings(language)
        return switch self {
        case .project: strings("quick.section.project")
        case .dueDate: strings("quick.section.due")
        case .estimate: strings("quick.section.estimate")
        case .repeatDays: strings("quick.section.repeat")
        }
    }

    /// Project, due date and estimate take one choice; repeat days any number.
    public var selectionMode: SelectionMode { self == .repeatDays ? .multiple : .single }

    /// What the section says when it has nothing to offer (QUICK-6).
    public var emptyMessage: String { emptyMessage(in: .english) }

    public func emptyMessage(in language: Language) -> String {
        let strings = TodoWords.strings(language)
        return switch self {
        case .project: strings("quick.empty.project")
        case .dueDate: strings("quick.empty.due")
        case .estimate: strings("quick.empty.estimate")
        case .repeatDays: strings("quick.empty.repeat")
        }
    }

    /// What the section says when its items could not be loaded (QUICK-7).
    public var errorMessage: String { errorMessage(in: .english) }

    public func errorMessage(in language: Language) -> String {
        let strings = TodoWords.strings(language)
        return switch self {
        case .project: strings("quick.failed.project")
        case .dueDate: strings("quick.failed.due")
        case .estimate: strings("quick.failed.estimate")
        case .repeatDays: strings("quick.failed.repeat")
        }
    }
}

public enum SelectionMode: Sendable { case single, multiple }

/// Something a section offers: `id` is what is stored (a project name, a date, minutes, a day).
public struct QuickAddOption: Equatable, Hashable, Sendable, Identifiable {
    public let id: String
    public let label: String
    public init(id: String, label: String) {
        self.id = id
        self.label = label
    }
}

/// The choices of one section. Single: selecting replaces (QUICK-8). Multiple: selecting
/// adds, selecting again removes (QUICK-9). Only selected ids are held (QUICK-10).
public struct SectionSelection: Equatable, Sendable {
    let mode: SelectionMode
    public private(set) var selected: [String] = []

    init(mode: SelectionMode, selected: [String] = []) {
        self.mode = mode
        self.selected = mode == .single ? Array(selected.prefix(1)) : selected
    }

    public func isSelected(_ id: String) -> Bool { selected.contains(id) }

    mutating func select(_ id: String) {
        switch mode {
        case .single:
            selected = [id]
        case .multiple:
            if let index = selected.firstIndex(of: id) { selected.remove(at: index) } else { selected.append(id) }
        }
    }

    mutating func deselect(_ id: String) { selected.removeAll { $0 == id } }
}

/// Where a section's options come from. Loading may fail or find nothing.
public protocol QuickAddOptionsSource: Sendable {
    func options(for section: QuickAddSectionKind) async throws -> [QuickAddOption]
}

/// The app's options: the store's projects, the next seven days, common estimates, weekdays.
public struct StoreQuickAddOptions: QuickAddOptionsSource {
    private let store: any TodoStore
    private let today: @Sendable () -> CalendarDate
    /// The language of the labels (LANG-5, LANG-6) and of the projects' order (LANG-8).
    private let language: Language

    public static let estimateMinutes = [15, 30, 45, 60, 90, 120, 180, 240, 480]

    public init(store: any TodoStore, today: @escaping @Sendable () -> CalendarDate, language: Language = .english) {
        self.store = store
        self.today = today
        self.language = language
    }

    public func options(for section: QuickAddSectionKind) async throws -> [QuickAddOption] {
        let strings = TodoWords.strings(language)
        switch section {
        case .project:
            // The store's order is English's; Chinese and Japanese sort by their collation (LANG-8).
            let names = try await store.projectsToPutIn().map(\.name)  // SHARE-15
            return (language == .english ? names : strings.sorted(names)).map { QuickAddOption(id: $0, label: $0) }
        case .dueDate:
            let start = today()
            return (0..<7).map { offset in
                let date = start.adding(days: offset)
                let name = offset == 0
                    ? strings("day.today") : offset == 1 ? strings("day.tomorrow") : strings.weekday(date.weekday)
                return QuickAddOption(id: date.iso, label: strings("quick.option.day", ["day": name, "date": strings.date(date)]))
            }
        case .estimate:
            return Self.estimateMinutes.map { QuickAddOption(id: String($0), label: strings.duration(minutes: $0)) }
        case .repeatDays:
            return Weekday.allCases.map { QuickAddOption(id: $0.rawValue, label: strings.weekday($0)) }
        }
    }
}

/// The list the popup was opened from, whose project or date is preselected (QUICK-2).
public enum QuickAddContext: Equatable, Sendable {
    case none
    case project(String)
    case dueDate(CalendarDate)
}

/// A section's loading state.
public enum SectionState: Equatable, Sendable {
    case notLoaded
    case loaded([QuickAddOption])
    case empty(String)
    case failed(String)
}

public struct QuickAddSection: Equatable, Sendable {
    public let kind: QuickAddSectionKind
    public internal(set) var state: SectionState
    public internal(set) var selection: SectionSelection

    public var options: [QuickAddOption] {
        if case .loaded(let options) = state { return options }
        return []
    }
}

/// The new-task popup: one text area (first line = title, the rest = description), four
/// sections loaded when first needed and then kept, and Save, which does nothing while the
/// title is empty. Closing the popup after a save is the View's business.
@Observable
public final class QuickAddViewModel {
    private let store: any TodoStore
    private let source: any QuickAddOptionsSource
    public let context: QuickAddContext

    /// What the person typed.
    public var text = ""
    public private(set) var sections: [QuickAddSection]
    /// Read the title line as plain words, which win over the sections' choices (WORDS-18).
    public var readsPlainWords = false
    private let today: () -> CalendarDate
    /// The language of the sections' titles and messages (LANG-4).
    public let language: Language

    public init(
        store: any TodoStore, source: any QuickAddOptionsSource, context: QuickAddContext = .none,
        today: @escaping () -> CalendarDate, language: Language = .english
    ) {
        self.store = store
        self.source = source
        self.context = context
        self.today = today
        self.language = language
        sections = QuickAddSectionKind.allCases.map { kind in
            var selected: [String] = []
            switch (kind, context) {
            case (.project, .project(let name)): selected = [name]
            case (.dueDate, .dueDate(let date)): selected = [date.iso]
            default: break
            }
            return QuickAddSection(
                kind: kind, state: .notLoaded, selection: SectionSelection(mode: kind.selectionMode, selected: selected))
        }
    }

    /// The first line, trimmed (QUICK-4). A blank first line is an empty title.
    var title: String {
        String(lines.first ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Everything after the first line, trimmed; nil when there is none (QUICK-4).
    var descriptionText: String? {
        guard lines.count == 2 else { return nil }
        let rest = lines[1].trimmingCharacters(in: .whitespacesAndNewlines)
        return rest.isEmpty ? nil : rest
    }

    private var lines: [Substring] {
        text.split(maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    }

    public var canSave: Bool { !title.isEmpty }

    public func section(_ kind: QuickAddSectionKind) -> QuickAddSection {
        sections.first { $0.kind == kind }!
    }

    /// Fetches a section's options the first time it is needed; later calls keep what was
    /// loaded (QUICK-5). After a failure (QUICK-7) the next call tries again.
    public func loadSection(_ kind: QuickAddSectionKind) async {
        let index = sections.firstIndex { $0.kind == kind }!
        switch sections[index].state {
        case .loaded, .empty: return
        case .notLoaded, .failed: break
        }
        do {
            var options = try await source.options(for: kind)
            // A preselected value from the context is always offered (QUICK-2).
            for id in sections[index].selection.selected where !options.contains(where: { $0.id == id }) {
                options.insert(QuickAddOption(id: id, label: label(for: id, in: kind)), at: 0)
            }
            sections[index].state = options.isEmpty ? .empty(kind.emptyMessage(in: language)) : .loaded(options)
        } catch {
            sections[index].state = .failed(kind.errorMessage(in: language))
        }
    }

    public func loadAllSections() async {
        for kind in QuickAddSectionKind.allCases { await loadSection(kind) }
    }

    /// Selects or deselects an option by the section's rule (QUICK-8, QUICK-9).
    public func select(_ optionID: String, in kind: QuickAddSectionKind) {
        let index = sections.firstIndex { $0.kind == kind }!
        if kind.selectionMode == .single, sections[index].selection.isSelected(optionID) {
            sections[index].selection.deselect(optionID)
        } else {
            sections[index].selection.select(optionID)
        }
    }

    /// What Save would store: the title, the description and every section's selection (QUICK-10).
    var draft: TodoDraft {
        let project = section(.project).selection.selected.first
        let draft = TodoDraft(
            title: title,
            details: descriptionText,
            dueDate: section(.dueDate).selection.selected.first.flatMap(CalendarDate.init(iso:)),
            project: project.map(Project.init(name:)),
            estimateMinutes: section(.estimate).selection.selected.first.flatMap { Int($0) },
            repeatRule: RepeatRule.on(Set(section(.repeatDays).selection.selected.compactMap(Weekday.init(rawValue:)))))
        guard readsPlainWords else { return draft }
        return PlainWordsInput.apply(PlainWords.read(title, today: today()), to: draft, wordsWin: true)
    }

    /// Saves the task and returns it (QUICK-1: the View then closes the popup); with an empty
    /// title does nothing and returns nil (QUICK-3: the popup stays).
    @discardableResult
    public func save() async throws -> TodoItem? {
        guard canSave else { return nil }
        return try await store.add(draft)
    }

    private func label(for id: String, in kind: QuickAddSectionKind) -> String {
        if kind == .dueDate, let date = CalendarDate(iso: id) { return TodoWords.strings(language).date(date) }
        return id
    }

    /// A section's title in the popup's language.
    public func title(of kind: QuickAddSectionKind) -> String { kind.title(in: language) }

    /// What a section says while its options are not loaded and if they then fail (QUICK-7).
    public func errorMessage(of kind: QuickAddSectionKind) -> String { kind.errorMessage(in: language) }
}

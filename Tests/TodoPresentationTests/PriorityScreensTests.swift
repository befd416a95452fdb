import Foundation
import Localization
import Testing
import TodoCore
import TodoPresentation
import TodoTestSupport

/// What people see and choose of a priority (docs/specs/priority.md, PRIO-10…13): the form's
/// menu, the details line, a row's chip and mark, the add preview, search, in three languages.
@Suite("Priority: screens")
struct PriorityScreensTests {
    private func store(_ drafts: [TodoDraft]) async throws -> (InMemoryTodoStore, [TodoItem]) {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        var items: [TodoItem] = []
        for draft in drafts { items.append(try await store.add(draft)) }
        return (store, items)
    }

    @Test("PRIO-10 the form's menu offers None, High, Medium, Low; saving it unchanged keeps a client's number")
    func test_PRIO_10_theFormKeepsAClientsNumber() async throws {
        let (store, items) = try await store([TodoDraft(title: "Pay rent", priority: Priority(number: 2))])
        let form = ItemFormViewModel(store: store, mode: .edit(items[0]), today: { today })
        let english = TodoWords.strings(.english)
        #expect(form.values.priorityChoices(english).map { "\($0.value)=\($0.label)\($0.selected ? "*" : "")" }
            == ["=None", "2=High*", "medium=Medium", "low=Low"])
        form.title = "Pay the rent"
        #expect(try await form.save().priority == Priority(number: 2))
        // Choosing the level it has (the CLI's --priority high) keeps the number too; another level gives its own.
        form.priority = "high"
        #expect(form.priority == "2")
        form.priority = "low"
        #expect(try await form.save().priority == Priority(number: 9))
    }

    @Test("PRIO-10 a word that is no priority is refused with its sentence, in the person's language")
    func test_PRIO_10_aWrongWordIsRefused() async throws {
        let (store, _) = try await store([])
        let form = ItemFormViewModel(store: store, today: { today }, language: .japanese)
        form.title = "Pay rent"
        form.priority = "urgent"
        await #expect(throws: TodoPresentationError.invalidPriority("urgent")) { try await form.save() }
        #expect(TodoWords.strings(.japanese).message(for: TodoPresentationError.invalidPriority("urgent"))
            == "「urgent」は優先度ではありません。high、medium、low、none のいずれかを使ってください。")
        #expect(TodoWords.strings(.english).message(for: TodoValidationError.priorityOutOfRange(12))
            == "The priority 12 is outside 1 (highest) … 9 (lowest).")
        #expect(try await store.items().isEmpty)
    }

    @Test("PRIO-10 the details line and a row's chip say the level, in each language; a done row keeps it (LIST-5)",
          arguments: [(Language.english, "Priority", "High"), (.simplifiedChinese, "优先级", "高"), (.japanese, "優先度", "高")])
    func test_PRIO_10_detailsAndChips(_ language: Language, _ label: String, _ word: String) async throws {
        let (store, items) = try await store([
            TodoDraft(title: "Done high", isDone: true, priority: Priority(number: 1)),
            TodoDraft(title: "Pay rent", priority: Priority(number: 3)),
        ])
        let details = ItemDetailViewModel(store: store, id: items[1].id, language: language)
        try await details.load()
        #expect(details.fields.last == DetailField(label: label, value: word, key: "priority"))
        let list = TodoListViewModel(store: store, today: { today }, language: language)
        try await list.load()
        let rows = list.sections.flatMap(\.rows)
        // A done row keeps its chip (LIST-5), which the web dims.
        #expect(rows.map { $0.chips.map { "\($0.key) \($0.label) \($0.text)" } } == [["priority-high \(label) \(word)"], ["priority-high \(label) \(word)"]])
        #expect(rows.map(\.priorityMark) == Array(repeating: language == .english ? "!high" : "!高", count: 2))
    }

    @Test("PRIO-11 the add preview shows the priority the words set; saving stores it and the summary says it")
    func test_PRIO_11_previewAndSummary() async throws {
        let preview = PlainWordsPreview(text: "Pay rent !high tomorrow", today: today)
        #expect(preview.title == "Pay rent")
        #expect(preview.chips.map(\.label) == ["Priority High", "Due Sun 11/22/2026"])
        #expect(preview.chips.first?.kind == "priority")
        let (store, _) = try await store([])
        let form = ItemFormViewModel(store: store, today: { today })
        form.title = "Pay rent !2"
        form.readsPlainWords = true
        let saved = try await form.save()
        #expect(saved.title == "Pay rent")
        #expect(saved.priority == Priority(number: 5))
        #expect(PlainWordsInput.summary(of: saved) == ["!medium"])
        #expect(PlainWordsInput.summary(of: saved, language: .simplifiedChinese) == ["!中"])
    }

    @Test("PRIO-12 a list narrowed to levels keeps to them on every scope, Today's overdue rows too")
    func test_PRIO_12_aListOfSomeLevels() async throws {
        let yesterday = today.adding(days: -1)
        let (store, _) = try await store([
            TodoDraft(title: "late low", dueDate: yesterday, priority: Priority(number: 9)),
            TodoDraft(title: "late high", dueDate: yesterday, priority: Priority(number: 1)),
            TodoDraft(title: "today none", dueDate: today),
            TodoDraft(title: "today high", dueDate: today, priority: Priority(number: 4)),
        ])
        let list = TodoListViewModel(store: store, scope: .today, today: { today }, priorities: [.high])
        try await list.load()
        #expect(list.overdueRows.map(\.title) == ["late high"])
        #expect(list.sections.flatMap(\.rows).map(\.title) == ["today high"])
    }

    @Test("PRIO-13 a search for “rent !high” finds the high items with the word; “!low” alone lists the low ones")
    func test_PRIO_13_searchWithASign() async throws {
        let (store, _) = try await store([
            TodoDraft(title: "Pay rent", priority: Priority(number: 2)),
            TodoDraft(title: "Rent a car", priority: Priority(number: 9)),
            TodoDraft(title: "Dust", priority: Priority(number: 9)),
        ])
        let rent = TodoListViewModel(store: store, scope: .search("rent !high"), today: { today })
        try await rent.load()
        #expect(rent.sections.flatMap(\.rows).map(\.title) == ["Pay rent"])
        let low = TodoListViewModel(store: store, scope: .search("!low"), today: { today })
        try await low.load()
        #expect(low.sections.flatMap(\.rows).map(\.title) == ["Dust", "Rent a car"])
    }
}

import Foundation
import Localization
import Testing
import TodoCore
import TodoPresentation
import TodoTestSupport

/// What people see and type of tags (docs/specs/tags.md, TAG-11…15): the form's field, the
/// details line, a row's chips and marks, a tag's list, the add preview, search.
@Suite("Tags: screens")
struct TagsScreensTests {
    private func store(_ drafts: [TodoDraft]) async throws -> (InMemoryTodoStore, [TodoItem]) {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        var items: [TodoItem] = []
        for draft in drafts { items.append(try await store.add(draft)) }
        return (store, items)
    }

    @Test("TAG-11 the form's field holds the tags separated by commas; saving it unchanged keeps them, edited it stores the new ones")
    func test_TAG_11_theFormsField() async throws {
        let (store, items) = try await store([TodoDraft(title: "Buy milk", tags: ["errands", "家"])])
        let form = ItemFormViewModel(store: store, mode: .edit(items[0]), today: { today })
        #expect(form.tags == "errands, 家")
        form.title = "Buy oat milk"
        #expect(try await form.save().tags == ["errands", "家"])
        let edited = ItemFormViewModel(store: store, mode: .edit(try await store.item(id: items[0].id)!), today: { today })
        edited.tags = "家, post ,, errands"
        let saved = try await edited.save()
        #expect(saved.tags == ["家", "post", "errands"])
        // The command line's --tag and --untag (TAG-14).
        let added = ItemFormViewModel(store: store, mode: .edit(saved), today: { today })
        try added.values.addTags(["waiting", "post"])
        added.values.removeTags(["家"])
        #expect(try await added.save().tags == ["post", "errands", "waiting"])
        #expect(throws: TodoValidationError.tagHasComma("a,b")) { try added.values.addTags(["a,b"]) }
    }

    @Test("TAG-2 a tag that breaks the rule is refused with its sentence, in the person's language; nothing is stored")
    func test_TAG_2_refusedInEachLanguage() async throws {
        let (store, _) = try await store([])
        let form = ItemFormViewModel(store: store, today: { today }, language: .japanese)
        form.title = "Buy milk"
        form.tags = String(repeating: "x", count: 51)
        await #expect(throws: TodoValidationError.self) { try await form.save() }
        #expect(TodoWords.strings(.japanese).message(for: TodoValidationError.tagTooLong("abc")) == "タグ「abc」が 50 文字を超えています。")
        #expect(TodoWords.strings(.simplifiedChinese).message(for: TodoValidationError.tooManyTags(count: 21))
            == "一个待办最多有 20 个标签，而不是 21 个。")
        #expect(try await store.items().isEmpty)
    }

    @Test("TAG-11 the details line names the tags, for links; a row has a chip each and its marks, a done row too (LIST-5)",
          arguments: [(Language.english, "Tags", "Tag"), (.simplifiedChinese, "标签", "标签"), (.japanese, "タグ", "タグ")])
    func test_TAG_11_detailsAndChips(_ language: Language, _ label: String, _ chipLabel: String) async throws {
        let (store, items) = try await store([
            TodoDraft(title: "Done", isDone: true, tags: ["old"]),
            TodoDraft(title: "Buy milk", priority: Priority(number: 1), tags: ["errands", "家"]),
        ])
        let details = ItemDetailViewModel(store: store, id: items[1].id, language: language)
        try await details.load()
        #expect(details.fields.last == DetailField(label: label, value: "errands, 家", key: "tags", tags: ["errands", "家"]))
        let list = TodoListViewModel(store: store, today: { today }, language: language)
        try await list.load()
        let rows = list.sections.flatMap(\.rows)
        #expect(rows[0].chips.filter { $0.key == "tag" }.map { "\($0.label) \($0.text)" } == ["\(chipLabel) +errands", "\(chipLabel) +家"])
        #expect(rows.map(\.tagMarks) == ["+errands +家", "+old"], "a done row keeps its tags (LIST-5)")
    }

    @Test("TAG-12 a tag's list: its items, titled with its sign; a tag no item has says so in each language")
    func test_TAG_12_aTagsList() async throws {
        let (store, _) = try await store([
            TodoDraft(title: "Buy milk", tags: ["errands"]), TodoDraft(title: "Stamps", tags: ["post", "errands"]),
            TodoDraft(title: "Dust"),
        ])
        let list = TodoListViewModel(store: store, scope: .tag("errands"), today: { today })
        try await list.load()
        #expect(list.title == "+errands" && list.tagName == "errands")
        #expect(list.sections.flatMap(\.rows).map(\.title) == ["Stamps", "Buy milk"])
        for (language, sentence) in [
            (Language.english, "Nothing has the tag +garden yet. Add one with “+garden” in its text."),
            (.simplifiedChinese, "还没有带标签 +garden 的待办。在文字里写上“+garden”即可添加。"),
            (.japanese, "タグ +garden の付いた ToDo はまだありません。テキストに「+garden」と書くと付きます。"),
        ] {
            let empty = TodoListViewModel(store: store, scope: .tag("garden"), today: { today }, language: language)
            try await empty.load()
            #expect(empty.isEmpty && empty.emptyMessage == sentence)
        }
    }

    @Test("TAG-13 the add preview shows a chip for each tag; saving stores them after the form's own, and the summary says them")
    func test_TAG_13_previewAndSummary() async throws {
        let preview = PlainWordsPreview(text: "Buy milk +errands tomorrow +\"corner shop\"", today: today)
        #expect(preview.title == "Buy milk")
        #expect(preview.chips.map(\.label) == ["Tag +errands", "Due Sun 11/22/2026", "Tag +corner shop"])
        #expect(preview.chips.first?.kind == "tag")
        #expect(PlainWordsPreview(text: "买牛奶 ＋家", today: today, language: .japanese).chips.map(\.label) == ["タグ +家"])
        let (store, _) = try await store([])
        let form = ItemFormViewModel(store: store, today: { today })
        form.title = "Buy milk +errands"
        form.tags = "home"
        form.readsPlainWords = true
        let saved = try await form.save()
        #expect(saved.title == "Buy milk" && saved.tags == ["home", "errands"])
        #expect(PlainWordsInput.summary(of: saved) == ["+home", "+errands"])
    }

    @Test("TAG-14 TAG-15 a list narrowed to tags keeps to them on every scope; a search's +tag is a filter")
    func test_TAG_14_TAG_15_narrowedAndSearched() async throws {
        let yesterday = today.adding(days: -1)
        let (store, _) = try await store([
            TodoDraft(title: "late post", dueDate: yesterday, tags: ["post"]),
            TodoDraft(title: "late other", dueDate: yesterday),
            TodoDraft(title: "milk today", dueDate: today, tags: ["errands", "post"]),
            TodoDraft(title: "milk later", tags: ["errands"]),
        ])
        let list = TodoListViewModel(store: store, scope: .today, today: { today }, tags: ["post"])
        try await list.load()
        #expect(list.overdueRows.map(\.title) == ["late post"])
        #expect(list.sections.flatMap(\.rows).map(\.title) == ["milk today"])
        let search = TodoListViewModel(store: store, scope: .search("milk +post"), today: { today })
        try await search.load()
        #expect(search.sections.flatMap(\.rows).map(\.title) == ["milk today"])
        let onlyTag = TodoListViewModel(store: store, scope: .search("+errands"), today: { today })
        try await onlyTag.load()
        #expect(onlyTag.sections.flatMap(\.rows).map(\.title) == ["milk later", "milk today"])
    }
}

@Suite("Tags: the tags in use")
struct TagsInUseTests {
    @Test("TAG-16 the tags in use with their counts, by name in the screen's language; none says how to add one",
          arguments: [
              (Language.english, ["+errands 2 to-dos", "+post 1 to-do", "+家 1 to-do"], "No tags yet."),
              (.japanese, ["+errands ToDo 2 件", "+post ToDo 1 件", "+家 ToDo 1 件"], "まだタグがありません。"),
          ])
    func test_TAG_16_theTagsInUse(_ language: Language, _ rows: [String], _ empty: String) async throws {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        let none = try await TagsViewModel(store: store, language: language)
        #expect(none.isEmpty && none.emptyMessage.hasPrefix(empty))
        for tags: Tags in [["post", "errands"], ["errands", "家"]] { _ = try await store.add(TodoDraft(title: "x", tags: tags)) }
        let tags = try await TagsViewModel(store: store, language: language)
        #expect(tags.rows.map { "\($0.sign) \($0.countText)" } == rows)
    }
}

import Foundation
import Localization
import Testing
import TodoCore
import TodoPresentation
import TodoTestSupport

/// The item screens in 简体中文 and 日本語 (LANG-4, LANG-5, LANG-6, LANG-8): the words come from
/// the catalogs, the values (dates, durations, days) are written the way each language writes
/// them, and what a person typed is shown as typed.
@Suite("Item screens in Chinese and Japanese")
struct ItemLanguageTests {
    private func item(done: Bool = false) async throws -> (InMemoryTodoStore, TodoItem) {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        var item = try await store.add(TodoDraft(
            title: "牛乳を買う", details: "低脂肪", dueDate: CalendarDate(iso: "2026-11-24"),
            location: Location(name: "スーパー", latitude: 35.5, longitude: 139.25), project: Project(name: "家"),
            estimateMinutes: 90, repeatRule: .weekly(on: [.monday, .wednesday])))
        if done { item = try #require(try await store.setDone(id: item.id, true)) }
        return (store, item)
    }

    @Test("LANG-4 LANG-5 LANG-6 the details screen in Japanese: labels, date 2026/11/24, 1時間30分, 月・水")
    func test_LANG_5_detailsInJapanese() async throws {
        let (store, item) = try await item()
        let sut = ItemDetailViewModel(store: store, id: item.id, language: .japanese)
        try await sut.load()
        #expect(sut.title == "牛乳を買う")
        #expect(sut.backButtonTitle == "戻る")
        #expect(sut.toggleButtonTitle == "完了にする")
        #expect(sut.placeLabel == "「未完了」内の位置")
        #expect(sut.toggleAnnouncementText == "「牛乳を買う」を完了にしました")
        #expect(sut.fields == [
            DetailField(label: "状態", value: "未完了", key: "status"),
            DetailField(label: "メモ", value: "低脂肪", key: "details"),
            DetailField(label: "期限", value: "2026/11/24", key: "due-date"),
            DetailField(label: "場所", value: "スーパー（35.5, 139.25）", key: "location"),
            DetailField(label: "プロジェクト", value: "家", key: "project"),
            DetailField(label: "見積もり", value: "1時間30分", key: "estimate"),
            DetailField(label: "繰り返し", value: "毎週月・水", key: "repeat"),
        ])
    }

    @Test("LANG-4 LANG-5 LANG-6 the details screen in Chinese, for a done item")
    func test_LANG_6_detailsInChinese() async throws {
        let (store, item) = try await item(done: true)
        let sut = ItemDetailViewModel(store: store, id: item.id, language: .simplifiedChinese)
        try await sut.load()
        #expect(sut.toggleButtonTitle == "标为未完成")
        #expect(sut.placeLabel == "在“已完成”中的位置")
        let values = Dictionary(uniqueKeysWithValues: sut.fields.map { ($0.key, $0.value) })
        #expect(values["status"] == "已完成")
        #expect(values["due-date"] == "2026/11/24")
        #expect(values["estimate"] == "1 小时 30 分钟")
        #expect(values["repeat"] == "每周一、周三")
        #expect(sut.fields.first?.label == "状态")
    }

    @Test("LANG-4 English stays as it was: labels, 11/24/2026, 1h30m, Mon, Wed")
    func test_LANG_4_detailsInEnglishUnchanged() async throws {
        let (store, item) = try await item()
        let sut = ItemDetailViewModel(store: store, id: item.id)
        try await sut.load()
        #expect(sut.fields.map(\.label) == ["Status", "Details", "Due date", "Location", "Project", "Estimate", "Repeat"])
        #expect(sut.fields.map(\.value) == [
            "To do", "低脂肪", "11/24/2026", "スーパー (35.5, 139.25)", "家", "1h30m", "Every Mon, Wed",
        ])
        #expect(sut.toggleAnnouncementText == "Checked “\(sut.title)”")
    }

    @Test("LANG-4 the form's titles and its error sentences in Japanese and Chinese")
    func test_LANG_4_formWords() async throws {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        let ja = ItemFormViewModel(store: store, today: { today }, language: .japanese)
        #expect(ja.heading == "新規項目")
        #expect(ja.saveButtonTitle == "保存")
        #expect(ja.cancelButtonTitle == "キャンセル")
        ja.title = "牛乳"
        ja.dueDate = "あした"
        await #expect(throws: TodoPresentationError.invalidDate("あした")) { try await ja.save() }
        #expect(ja.message(for: TodoPresentationError.invalidDate("あした"))
            == "「あした」は日付ではありません。YYYY-MM-DD、today、tomorrow のいずれかで入力してください。")
        let zh = ItemFormViewModel(store: store, today: { today }, language: .simplifiedChinese)
        #expect(zh.heading == "新建事项")
        #expect(zh.message(for: TodoValidationError.emptyTitle) == "标题不能为空。")
        #expect(zh.message(for: TodoValidationError.titleTooLong(length: 501)) == "标题有 501 个字符；最多 500 个。")
        let edit = ItemFormViewModel(store: store, mode: .edit(try await store.add(TodoDraft(title: "A"))), today: { today }, language: .japanese)
        #expect(edit.heading == "項目を編集")
        #expect(edit.saveButtonTitle == "保存", "WEB-9: the same word as the add form's")
        #expect(try await store.count(TodoFilter()) == 1, "nothing was stored by the refused save")
    }

    @Test("LANG-4 every refusal of the rules has its own sentence in each language, the English one as the Model's")
    func test_LANG_4_validationSentences() {
        let errors: [TodoValidationError] = [
            .emptyTitle, .titleTooLong(length: 501), .titleHasControlCharacters, .detailsTooLong(length: 10_001),
            .detailsHaveInvalidCharacters, .emptyLocationName, .nameHasControlCharacters(field: "location"),
            .nameHasControlCharacters(field: "project"), .locationNameTooLong(length: 201), .incompleteCoordinates,
            .latitudeOutOfRange(91), .longitudeOutOfRange(-181), .emptyProjectName, .projectNameTooLong(length: 201),
            .estimateOutOfRange(minutes: 0), .invalidPosition, .positionOutOfRange(2e12), .versionOutOfRange(0),
            .timestampOutOfRange(field: "creation date"), .timestampOutOfRange(field: "modification date"),
            .timestampOutOfRange(field: "completion date"),
        ]
        let english = TodoWords.strings(.english)
        for error in errors {
            #expect(english.message(for: error) == error.errorDescription, "\(error)")
        }
        for language in [Language.simplifiedChinese, .japanese] {
            let strings = TodoWords.strings(language)
            let sentences = errors.map { strings.message(for: $0) }
            #expect(Set(sentences).count == errors.count, "each refusal says something of its own in \(language)")
            for (error, sentence) in zip(errors, sentences) {
                #expect(sentence != error.errorDescription, "\(error) is translated in \(language)")
                #expect(!sentence.contains("The "), "\(sentence)")
            }
        }
        #expect(TodoWords.strings(.japanese).message(for: TodoValidationError.latitudeOutOfRange(91))
            == "緯度 91.0 が -90…90 の範囲外です。")
    }

    @Test("LANG-4 LANG-5 LANG-6 LANG-8 quick add in Japanese: section words, days, durations, projects by collation")
    func test_LANG_8_quickAddInJapanese() async throws {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        for name in ["上海", "北京", "Zoo", "apple"] { _ = try await store.add(TodoDraft(title: "x", project: Project(name: name))) }
        let source = StoreQuickAddOptions(store: store, today: { today }, language: .simplifiedChinese)
        let ids = try await source.options(for: .project).map(\.id)
        #expect(Set(ids) == ["上海", "北京", "Zoo", "apple"])
        #expect(try #require(ids.firstIndex(of: "北京")) < (try #require(ids.firstIndex(of: "上海"))),
                "pinyin order: 北京 (běi) before 上海 (shàng)")
        #expect(ids == TodoWords.strings(.simplifiedChinese).sorted(ids))

        let sut = QuickAddViewModel(
            store: store, source: StoreQuickAddOptions(store: store, today: { today }, language: .japanese),
            context: .dueDate(CalendarDate(iso: "2026-12-24")!), today: { today }, language: .japanese)
        await sut.loadAllSections()
        #expect(sut.title(of: .dueDate) == "期限")
        #expect(sut.title(of: .repeatDays) == "繰り返す曜日")
        let days = sut.section(.dueDate).options.map(\.label)
        #expect(days.prefix(4) == ["2026/12/24", "今日（2026/11/21）", "明日（2026/11/22）", "月曜日（2026/11/23）"])
        #expect(sut.section(.estimate).options.map(\.label).prefix(5) == ["15分", "30分", "45分", "1時間", "1時間30分"])
        #expect(sut.section(.repeatDays).options.first?.label == "月曜日")
        #expect(sut.errorMessage(of: .project) == "プロジェクトの選択肢を読み込めませんでした。フォームのほかの部分はそのまま使えます。")
    }

    @Test("LANG-4 quick add's empty and failed sections say so in Chinese")
    func test_LANG_4_quickAddMessagesInChinese() async throws {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        let sut = QuickAddViewModel(
            store: store, source: StoreQuickAddOptions(store: store, today: { today }, language: .simplifiedChinese),
            today: { today }, language: .simplifiedChinese)
        await sut.loadSection(.project)
        #expect(sut.section(.project).state == .empty("还没有项目。"))
        #expect(QuickAddSectionKind.project.title == "Project", "English stays the default")
    }

    @Test("LANG-5 LANG-6 the add preview's chips and summary in Japanese and Chinese")
    func test_LANG_5_previewChips() {
        let ja = PlainWordsPreview(text: "牛乳を買う tomorrow #家 ~30m", today: today, language: .japanese)
        #expect(ja.title == "牛乳を買う")
        #expect(ja.chips.map(\.label) == ["期限 2026/11/22（日）", "プロジェクト 家", "見積もり 30分"])
        #expect(ja.summary == "「牛乳を買う」を保存します：期限 2026/11/22（日）、プロジェクト 家、見積もり 30分。")
        let zh = PlainWordsPreview(text: "买牛奶 tomorrow #家", today: today, language: .simplifiedChinese)
        #expect(zh.chips.map(\.label).contains("截止 2026/11/22 周日"))
        #expect(zh.chips.map(\.label).contains("项目 家"))
        let en = PlainWordsPreview(text: "Call mom tue #Family", today: today)
        #expect(en.chips.map(\.label) == ["Due Tue 11/24/2026", "Project Family"])
        #expect(en.summary == "Will store “Call mom”: Due Tue 11/24/2026, Project Family.")
    }

    @Test("LANG-5 LANG-6 todo add's summary parts in each language")
    func test_LANG_6_summaryParts() async throws {
        let (_, item) = try await item()
        #expect(PlainWordsInput.summary(of: item) == ["due 11/24/2026", "#家", "@スーパー", "~1h30m", "Every Mon, Wed"])
        #expect(PlainWordsInput.summary(of: item, language: .japanese)
            == ["期限 2026/11/24", "#家", "@スーパー", "~1時間30分", "毎週月・水"])
        #expect(PlainWordsInput.summary(of: item, language: .simplifiedChinese)
            == ["截止 2026/11/24", "#家", "@スーパー", "~1 小时 30 分钟", "每周一、周三"])
    }

    @Test("LANG-5 dates in each language's style, zero-padded where the style pads: 01/05/2026, 2026/01/05, 1月5日")
    func test_LANG_5_dates() throws {
        let early = try #require(CalendarDate(iso: "2026-01-05"))
        let late = try #require(CalendarDate(iso: "2026-12-31"))
        let english = TodoWords.strings(.english)
        #expect([english.date(early), english.date(late)] == ["01/05/2026", "12/31/2026"])
        #expect([english.monthDay(early), english.monthDay(late)] == ["01/05", "12/31"])
        for language in [Language.simplifiedChinese, .japanese] {
            let strings = TodoWords.strings(language)
            #expect([strings.date(early), strings.date(late)] == ["2026/01/05", "2026/12/31"])
            #expect([strings.monthDay(early), strings.monthDay(late)] == ["1月5日", "12月31日"])
        }
    }
}

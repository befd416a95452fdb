import Foundation
import Localization
import Testing
import TodoCore
import TodoPresentation
import TodoTestSupport

/// The list screens in 简体中文 and 日本語 (docs/specs/languages.md): the same ViewModels, worded
/// from the catalog in the language they are given; English stays as it was.
@Suite("The list screens in three languages")
struct ListLanguageTests {
    /// A store with a to-do due Tuesday 11/24 (estimate 1h30m, repeating Mon and Wed), one due
    /// yesterday, and a done item.
    private func makeStore() async throws -> InMemoryTodoStore {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        let done = try await store.add(TodoDraft(title: "Old"))
        _ = try await store.setDone(id: done.id, true)
        _ = try await store.add(TodoDraft(title: "Late", dueDate: today.adding(days: -1)))
        _ = try await store.add(TodoDraft(
            title: "Water plants", dueDate: CalendarDate(iso: "2026-11-24")!, estimateMinutes: 90,
            repeatRule: .weekly(on: [.monday, .wednesday])))
        return store
    }

    private func list(_ store: InMemoryTodoStore, _ scope: ListScope = .all, _ language: Language) async throws
        -> TodoListViewModel
    {
        let list = TodoListViewModel(store: store, scope: scope, today: { today }, language: language)
        try await list.load()
        return list
    }

    private func row(_ list: TodoListViewModel, _ title: String) throws -> TodoRowViewModel {
        try #require(list.rows.first { $0.title == title })
    }

    @Test("LANG-4 section headers, the list's title and the overdue header in Chinese and Japanese; English as before")
    func test_LANG_4_headersAndTitles() async throws {
        let store = try await makeStore()
        let english = try await list(store, .all, .english)
        #expect(english.sections.map(\.headerTitle) == ["To Do", "Done"])
        #expect(english.title == "Todo")
        let chinese = try await list(store, .all, .simplifiedChinese)
        #expect(chinese.sections.map(\.headerTitle) == ["待办", "已完成"])
        #expect(chinese.title == "待办")
        let japanese = try await list(store, .all, .japanese)
        #expect(japanese.sections.map(\.headerTitle) == ["未完了", "完了"])
        #expect(japanese.title == "やること", "WEB-10: translated as the Chinese one is")

        let today = try await list(store, .today, .japanese)
        #expect(today.title == "今日")
        #expect(today.overdueHeaderTitle == "期限切れ")
        #expect(today.overdueLabel == "期限切れ")
        #expect(try await list(store, .today, .simplifiedChinese).overdueHeaderTitle == "已逾期")
        #expect(try await list(store, .search("milk"), .simplifiedChinese).title == "搜索“milk”")
        #expect(try await list(store, .search("milk"), .japanese).title == "「milk」の検索結果")
    }

    @Test("LANG-4 empty states are worded in the list's language")
    func test_LANG_4_emptyStates() async throws {
        let empty = InMemoryTodoStore(environment: TestEnvironment().environment)
        #expect(try await list(empty, .all, .english).emptyMessage == "Nothing to do yet. Type your first to-do in the field above.")
        #expect(try await list(empty, .all, .simplifiedChinese).emptyMessage == "还没有待办事项。在上面的输入框里写下第一条吧。")
        #expect(try await list(empty, .all, .japanese).emptyMessage == "まだ何もありません。上の欄に最初のやることを入力しましょう。")
        #expect(try await list(empty, .search("牛乳"), .japanese).emptyMessage == "「牛乳」に一致する項目はありません")
        #expect(try await list(empty, .project("家"), .simplifiedChinese).emptyMessage == "项目“家”中没有事项。")
        let due = try await list(empty, .dueDate(CalendarDate(iso: "2026-12-24")!), .japanese)
        #expect(due.emptyMessage == "2026/12/24 が期限の項目はありません。")
        #expect(due.title == "2026/12/24 が期限")
    }

    @Test("LANG-4 a row's check control, its names and announcements in Chinese and Japanese")
    func test_LANG_4_rowControls() async throws {
        let store = try await makeStore()
        let chinese = try await list(store, .all, .simplifiedChinese)
        let late = try row(chinese, "Late"), old = try row(chinese, "Old")
        #expect(late.toggleActionTitle == "勾选")
        #expect(old.toggleActionTitle == "取消勾选")
        #expect(late.toggleActionLabel == "勾选“Late”")
        #expect(late.toggleAnnouncement == "已勾选“Late”")
        #expect(old.toggleAnnouncement == "已取消勾选“Old”")
        #expect(late.deleteAnnouncement == "已删除“Late”")
        #expect(late.movedAnnouncement(position: "2") == "已将“Late”移到待办的第 2 位")
        let japanese = try await list(store, .all, .japanese)
        #expect(try row(japanese, "Late").toggleAnnouncement == "「Late」を完了にしました")
        #expect(try row(japanese, "Old").toggleActionTitle == "未完了に戻す")
        #expect(try row(japanese, "Late").deleteActionLabel == "「Late」を削除")
        let english = try await list(store, .all, .english)
        #expect(try row(english, "Late").toggleActionLabel == "Check Late")
        #expect(try row(english, "Old").toggleAnnouncement == "Unchecked “Old”")
    }

    @Test("LANG-5 a row's due date: 11/24/2026 in English, 2026/11/24 in Chinese and Japanese")
    func test_LANG_5_rowDates() async throws {
        let store = try await makeStore()
        #expect(try row(try await list(store, .all, .english), "Water plants").dueDateText == "11/24/2026")
        #expect(try row(try await list(store, .all, .simplifiedChinese), "Water plants").dueDateText == "2026/11/24")
        #expect(try row(try await list(store, .all, .japanese), "Water plants").dueDateText == "2026/11/24")
        // A repeating row's "next on" names the day the language's way (REPEAT-6).
        let chinese = try row(try await list(store, .all, .simplifiedChinese), "Water plants")
        #expect(chinese.toggleAnnouncement(today: today) == "已勾选“Water plants” · 下次：2026/11/25 周三")
        let japanese = try row(try await list(store, .all, .japanese), "Water plants")
        #expect(japanese.toggleAnnouncement(today: today) == "「Water plants」を完了にしました · 次回：2026/11/25（水）")
        let english = try row(try await list(store, .all, .english), "Water plants")
        #expect(english.toggleAnnouncement(today: today) == "Checked “Water plants” · next on Wed 11/25/2026")
    }

    @Test("LANG-6 a row's estimate and repeat chips in each language")
    func test_LANG_6_rowChips() async throws {
        let store = try await makeStore()
        let english = try row(try await list(store, .all, .english), "Water plants")
        #expect(english.estimateText == "1h30m")
        #expect(english.repeatText == "Every Mon, Wed")
        let chinese = try row(try await list(store, .all, .simplifiedChinese), "Water plants")
        #expect(chinese.estimateText == "1 小时 30 分钟")
        #expect(chinese.repeatText == "每周一、周三")
        let japanese = try row(try await list(store, .all, .japanese), "Water plants")
        #expect(japanese.estimateText == "1時間30分")
        #expect(japanese.repeatText == "毎週月・水")
    }

    @Test("LANG-5 LANG-7 Upcoming's day headings and its empty state in each language")
    func test_LANG_5_upcomingHeadings() async throws {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        for language in [Language.english, .simplifiedChinese, .japanese] {
            let empty = UpcomingViewModel(store: store, today: { today }, language: language)
            try await empty.load()
            #expect(empty.isEmpty)
        }
        let emptyChinese = UpcomingViewModel(store: store, today: { today }, language: .simplifiedChinese)
        #expect(emptyChinese.emptyMessage == "未来 7 天内没有到期的事项")
        #expect(UpcomingViewModel(store: store, today: { today }).emptyMessage == "Nothing due in the next 7 days")
        _ = try await store.add(TodoDraft(title: "A", dueDate: today.adding(days: 1)))
        _ = try await store.add(TodoDraft(title: "B", dueDate: today.adding(days: 3)))
        let expected: [(Language, String, [String])] = [
            (.english, "Upcoming", ["Tomorrow", "Tuesday 11/24"]),
            (.simplifiedChinese, "即将到期", ["明天", "11月24日 星期二"]),
            (.japanese, "今後の予定", ["明日", "11月24日（火曜日）"]),
        ]
        for (language, title, headings) in expected {
            let sut = UpcomingViewModel(store: store, today: { today }, language: language)
            try await sut.load()
            #expect(sut.title == title)
            #expect(sut.days.map(\.headerTitle) == headings)
            #expect(sut.days.first?.rows.first?.language == language)
        }
    }
}

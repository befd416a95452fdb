import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoTestSupport

/// The list pages in the language the browser asks for (LANG-1, LANG-4, LANG-5, LANG-8).
@Suite("The list pages in three languages")
struct ListLanguageRouteTests {
    private func language(_ tag: String) -> HTTPFields { [.acceptLanguage: tag] }

    @Test("LANG-1 LANG-4 / with Accept-Language: ja is <html lang=\"ja\"> with 未完了 and 完了")
    func test_LANG_4_japaneseList() async throws {
        let sut = WebSUT()
        let done = try await sut.store.add(TodoDraft(title: "Old"))
        _ = try await sut.store.setDone(id: done.id, true)
        _ = try await sut.store.add(TodoDraft(title: "牛乳を買う", dueDate: CalendarDate(iso: "2026-11-24")!))
        try await sut.app.test(.router) { client async throws in
            let page = try await client.execute(uri: "/", method: .get, headers: language("ja"))
            #expect(page.status == .ok)
            #expect(page.text.contains(#"<html lang="ja""#))
            #expect(page.text.contains(#"data-testid="header-todo">未完了</h2>"#))
            #expect(page.text.contains(#"data-testid="header-done">完了</h2>"#))
            // Three days on: the weekday, the date on hover (TIME-9).
            #expect(page.text.contains(#"<time datetime="2026-11-24" title="2026/11/24">火</time></span>"#))
            #expect(page.text.contains(#"aria-label="「牛乳を買う」を完了にする""#))
            #expect(page.text.contains("未完了のみ表示"))
            // The words of the list's own parts (the quick-add popup and the shortcuts are worded elsewhere).
            for english in [">To Do</h2>", ">Done</h2>", "Show unfinished only", ">Quick add</a>", ">All items</a>", ">Delete</span>",
                            "11/24/2026", ">Search</button>", ">Trash</a>", "Check 牛乳を買う"] {
                #expect(!page.text.contains(english), "\(english)")
            }
            let chinese = try await client.execute(uri: "/", method: .get, headers: language("zh-CN"))
            #expect(chinese.text.contains(#"<html lang="zh-Hans""#))
            #expect(chinese.text.contains(#"data-testid="header-todo">待办</h2>"#))
            #expect(chinese.text.contains(#"data-testid="header-done">已完成</h2>"#))
        }
    }

    @Test("LANG-4 a row rendered in one language is never served in another (rows are cached by their values)")
    func test_LANG_4_rowCachePerLanguage() async throws {
        let sut = WebSUT()
        _ = try await sut.store.add(TodoDraft(title: "Buy milk"))
        try await sut.app.test(.router) { client async throws in
            let english = try await client.execute(uri: "/", method: .get)
            #expect(english.text.contains(#"aria-label="Check Buy milk""#))
            #expect(english.text.contains(#"data-testid="header-todo">To Do</h2>"#))
            let chinese = try await client.execute(uri: "/", method: .get, headers: language("zh"))
            #expect(chinese.text.contains(#"aria-label="勾选“Buy milk”""#))
            #expect(chinese.text.contains(#"data-announce="已勾选“Buy milk”""#))
            #expect(!chinese.text.contains("Check Buy milk"))
            let again = try await client.execute(uri: "/", method: .get)
            #expect(again.text == english.text)
        }
    }

    @Test("LANG-8 the project links sort by the language's collation")
    func test_LANG_8_projectLinks() async throws {
        let sut = WebSUT()
        for (title, project) in [("a", "上海"), ("b", "北京"), ("c", "广州"), ("d", "banana"), ("e", "Apple")] {
            _ = try await sut.store.add(TodoDraft(title: title, project: Project(name: project)))
        }
        try await sut.app.test(.router) { client async throws in
            func projectLinks(_ headers: HTTPFields) async throws -> [String] {
                let text = try await client.execute(uri: "/", method: .get, headers: headers).text
                let pattern = try NSRegularExpression(pattern: #"data-testid="nav-/projects/[^"]*">([^<]*)</a>"#)
                return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
                    String(text[Range($0.range(at: 1), in: text)!])
                }
            }
            let chinese = try await projectLinks(language("zh-Hans"))
            #expect(chinese.filter { $0 != "Apple" && $0 != "banana" } == ["北京", "广州", "上海"])
            let english = try await projectLinks([:])
            #expect(english.prefix(2) == ["Apple", "banana"])
            let japanese = try await projectLinks(language("ja"))
            #expect(Set(japanese) == Set(english))
        }
    }

    @Test("LANG-5 Upcoming's days, Today's title and the pager in Chinese and Japanese")
    func test_LANG_5_upcomingAndPager() async throws {
        let sut = WebSUT()
        _ = try await sut.store.add(TodoDraft(title: "A", dueDate: today.adding(days: 1)))
        _ = try await sut.store.add(TodoDraft(title: "B", dueDate: today.adding(days: 3)))
        try await sut.app.test(.router) { client async throws in
            let japanese = try await client.execute(uri: "/upcoming", method: .get, headers: language("ja"))
            #expect(japanese.text.contains(#"data-testid="list-title">今後の予定</h1>"#))
            #expect(japanese.text.contains(">明日</h2>"))
            #expect(japanese.text.contains(">11月24日（火曜日）</h2>"))
            #expect(japanese.text.contains(#"placeholder="明日のタスクを追加""#))
            let chinese = try await client.execute(uri: "/upcoming", method: .get, headers: language("zh"))
            #expect(chinese.text.contains(">11月24日 星期二</h2>"))
            let english = try await client.execute(uri: "/upcoming", method: .get)
            #expect(english.text.contains(">Tuesday 11/24</h2>"))
        }
        for index in 0..<51 { _ = try await sut.store.add(TodoDraft(title: "Item \(index)")) }
        try await sut.app.test(.router) { client async throws in
            let chinese = try await client.execute(uri: "/", method: .get, headers: language("zh"))
            #expect(chinese.text.contains("第 1 页，共 2 页（待办 第 1–50 项，共 53 项）"))
            #expect(chinese.text.contains("下一页 ›"))
            let english = try await client.execute(uri: "/", method: .get)
            #expect(english.text.contains("Page 1 of 2 (To Do 1–50 of 53)"))
        }
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoTestSupport

/// The item pages in the request's language (LANG-1, LANG-4, LANG-5, LANG-6): the details page,
/// the add form and its 422 sentence, quick add and its sections, the add preview.
@Suite("Item pages in Chinese and Japanese (router)")
struct ItemLanguageWebTests {
    private static let ja: HTTPFields = [.acceptLanguage: "ja"]
    private static let zh: HTTPFields = [.acceptLanguage: "zh-CN"]
    /// Words of the item pages' own that a Japanese or Chinese page must not show.
    private static let englishWords = [
        ">Edit<", ">Move up<", ">Move down<", ">Delete<", ">Check<", "‹ Back<", ">Status<", ">Due date<", ">Estimate<",
        ">Title<", ">Details<", ">Save<", ">Cancel<", ">None<", "Repeat days", "Place in", "New item", "New task",
        "Loading…", "Ctrl+Enter or", "Title on the first line",
    ]

    private func item(_ sut: WebSUT) async throws -> TodoItem {
        try await sut.store.add(TodoDraft(
            title: "牛乳を買う", dueDate: CalendarDate(iso: "2026-11-24"), project: Project(name: "家"),
            estimateMinutes: 90, repeatRule: .weekly(on: [.monday, .wednesday])))
    }

    @Test("LANG-4 LANG-5 LANG-6 the details page in Japanese: labels, 2026/11/24, 1時間30分, 月・水")
    func test_LANG_5_detailsInJapanese() async throws {
        let sut = WebSUT()
        let item = try await item(sut)
        try await sut.app.test(.router) { client async throws in
            let response = try await client.execute(uri: "/items/\(item.id.lowercasedText)", method: .get, headers: Self.ja)
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains("<html lang=\"ja\""))
            #expect(html.contains(">期限</dt><dd data-testid=\"field-due-date\">2026/11/24</dd>"))
            #expect(html.contains("data-testid=\"field-estimate\">1時間30分</dd>"))
            #expect(html.contains("data-testid=\"field-repeat\">毎週月・水</dd>"))
            #expect(html.contains("data-testid=\"field-status\">未完了</dd>"))
            #expect(html.contains("data-testid=\"edit\">編集</a>"))
            #expect(html.contains("data-testid=\"toggle\">完了にする</button>"))
            #expect(html.contains("data-announce=\"「牛乳を買う」を完了にしました\""))
            #expect(html.contains("aria-label=\"「未完了」内の位置\""))
            #expect(html.contains("data-testid=\"back\">‹ 戻る</a>"))
            for word in Self.englishWords { #expect(!html.contains(word), "\(word) on the Japanese details page") }
        }
    }

    @Test("LANG-4 the add form in Japanese, and its 422 sentence in the request's language")
    func test_LANG_4_formAndErrorInJapanese() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let form = try await client.execute(uri: "/items/new?from=/", method: .get, headers: Self.ja).text
            #expect(form.contains("<h1>新規項目</h1>"))
            #expect(form.contains("<label for=\"title\">タイトル</label>"))
            #expect(form.contains("<legend>繰り返し</legend>"))
            #expect(form.contains("<option value=\"\" selected>繰り返さない</option><option value=\"DAILY\">毎日</option>"))
            #expect(form.contains("data-testid=\"repeat-mon\"> 月</label>"))
            #expect(form.contains("data-testid=\"save\">保存</button>"))
            for word in Self.englishWords { #expect(!form.contains(word), "\(word) on the Japanese form") }

            var headers = HTTPFields.form
            headers[.acceptLanguage] = "ja-JP,ja;q=0.9,en;q=0.5"
            let refused = try await client.execute(
                uri: "/items", method: .post, headers: headers,
                body: .form([("from", "/"), ("title", "牛乳"), ("dueDate", "2026-02-30")]))
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains(
                "data-testid=\"form-error\">「2026-02-30」は日付ではありません。YYYY-MM-DD、today、tomorrow のいずれかで入力してください。</p>"))
            #expect(refused.text.contains("value=\"牛乳\""), "what was typed is kept")
            #expect(try await sut.store.items().isEmpty)

            let empty = try await client.execute(
                uri: "/items", method: .post, headers: [.contentType: "application/x-www-form-urlencoded", .acceptLanguage: "zh-CN"],
                body: .form([("from", "/"), ("title", "x"), ("estimate", "soon")]))
            #expect(empty.status == .unprocessableContent)
            #expect(empty.text.contains("“soon”不是时长"))

            let english = try await client.execute(
                uri: "/items", method: .post, headers: .form, body: .form([("from", "/"), ("title", "x"), ("dueDate", "2026-02-30")]))
            #expect(english.text.contains("“2026-02-30” is not a date: use YYYY-MM-DD, today or tomorrow."))
        }
    }

    @Test("LANG-4 LANG-5 LANG-6 quick add and its sections in Chinese")
    func test_LANG_6_quickAddInChinese() async throws {
        let sut = WebSUT()
        _ = try await item(sut)
        try await sut.app.test(.router) { client async throws in
            let page = try await client.execute(uri: "/quick-add?from=/", method: .get, headers: Self.zh).text
            #expect(page.contains("<h1>新建任务</h1>"))
            #expect(page.contains("<legend>截止日期</legend>"))
            #expect(page.contains("> 今天（2026/11/21）</label>"))
            #expect(page.contains("> 1 小时 30 分钟</label>"))
            #expect(page.contains("data-testid=\"quick-option-project-none\"> 无</label>"))
            for word in Self.englishWords { #expect(!page.contains(word), "\(word) on the Chinese quick-add page") }

            let section = try await client.execute(uri: "/quick-add/sections/repeatDays", method: .get, headers: Self.zh)
            #expect(section.status == .ok)
            #expect(section.text.contains("<legend>重复日</legend>"))
            #expect(section.text.contains("> 星期一</label>"))

            let refused = try await client.execute(
                uri: "/quick-add", method: .post, headers: [.contentType: "application/x-www-form-urlencoded", .acceptLanguage: "zh"],
                body: .form([("from", "/"), ("text", " ")]))
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("请在第一行输入标题后再保存。"))
        }
    }

    @Test("LANG-5 the add preview in Japanese")
    func test_LANG_5_previewInJapanese() async throws {
        try await WebSUT().app.test(.router) { client async throws in
            let text = "牛乳を買う tomorrow #家".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let html = try await client.execute(uri: "/add/preview?text=\(text)", method: .get, headers: Self.ja).text
            #expect(html.contains("data-testid=\"preview-title\">「牛乳を買う」</p>"))
            #expect(html.contains(">期限 2026/11/22（日）</li>"))
            #expect(html.contains("title=\"「tomorrow」から\""))
            #expect(html.contains("「牛乳を買う」を保存します：期限 2026/11/22（日）、プロジェクト 家。"))
        }
    }

    @Test("LANG-4 the conflict page in Japanese: its sentence, columns, rows and the note on fields changed on both sides")
    func test_LANG_4_conflictInJapanese() async throws {
        let sut = WebSUT()
        let item = try await sut.store.add(TodoDraft(title: "走る", details: "5 km"))
        let current = try #require(try await sut.store.update(id: item.id, TodoChanges(title: "10 km 走る")))
        try await sut.app.test(.router) { client async throws in
            var headers = HTTPFields.form
            headers[.acceptLanguage] = "ja"
            let fields: [(String, String)] = [
                ("title", "歩く"), ("details", "5 km"), ("repeat[]", "mon"), ("version", "1"), ("from", "/"),
                ("base", "1"), ("baseTitle", "走る"), ("baseDetails", "5 km"),
            ]
            let response = try await client.execute(
                uri: "/items/\(current.id.uuidString)", method: .post, headers: headers, body: .form(fields))
            #expect(response.status == .conflict)
            let page = response.text
            #expect(page.contains("<h1>ほかの場所で変更されました</h1>"))
            #expect(page.contains("「10 km 走る」は開いた後に変更されました（現在のバージョンは 2）。"))
            #expect(page.contains("<th scope=\"col\">項目</th><th scope=\"col\">現在</th><th scope=\"col\">あなたの変更</th>"))
            #expect(page.contains("両方で変更された項目：タイトル。"))
            #expect(page.contains("<td data-testid=\"theirs-repeat\"></td><td data-testid=\"mine-repeat\">毎週月</td>"))
            #expect(page.contains("data-testid=\"theirs-done\">いいえ</td>"))
            #expect(page.contains("data-testid=\"keep-mine\">自分の変更を残す</button>"))
            for word in Self.englishWords { #expect(!page.contains(word), "\(word) on the Japanese conflict page") }
        }
    }

    @Test("LANG-11 the JSON API keeps its English sentences whatever Accept-Language says")
    func test_LANG_11_apiStaysEnglish() async throws {
        try await WebSUT().app.test(.router) { client async throws in
            var headers = HTTPFields.json
            headers[.acceptLanguage] = "ja"
            let response = try await client.execute(
                uri: "/api/todos", method: .post, headers: headers, body: ByteBuffer(string: #"{"title":"x","dueDate":"2026-02-30"}"#))
            #expect(response.status == .unprocessableContent)
            #expect(!response.text.contains("日付"))
        }
    }
}

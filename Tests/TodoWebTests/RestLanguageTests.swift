import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoCore
import TodoTestSupport
import TodoWeb

/// LANG-4 on the pages the Trash, import/export and failures answer with: each in the request's
/// language (Accept-Language, or the `lang` cookie), the API's errors in English (LANG-11).
@Suite("Trash, transfer and error pages in three languages (router)")
struct RestLanguageTests {
    private let japanese: HTTPFields = [.acceptLanguage: "ja-JP,ja;q=0.9"]
    private let chinese: HTTPFields = [.acceptLanguage: "zh-CN"]

    @Test("LANG-4 a 404 page in Japanese and Chinese; the API's 404 stays English")
    func test_LANG_4_notFoundPage() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let ja = try await client.execute(uri: "/no-such-page", method: .get, headers: japanese)
            #expect(ja.status == .notFound)
            #expect(ja.text.contains("<html lang=\"ja\""))
            #expect(ja.text.contains("<h1>見つかりません</h1>"))
            #expect(ja.text.contains("このアドレスにはページがありません。"))
            #expect(ja.text.contains("‹ すべての項目"))
            #expect(!ja.text.contains("Not found") && !ja.text.contains("There is no page"))

            let zh = try await client.execute(uri: "/items/00000000-0000-0000-0000-000000000000", method: .get, headers: chinese)
            #expect(zh.status == .notFound)
            #expect(zh.text.contains("<h1>未找到</h1>") && zh.text.contains("该项目不存在（可能已被删除）。"))

            let en = try await client.execute(uri: "/no-such-page", method: .get)
            #expect(en.text.contains("<h1>Not found</h1>") && en.text.contains("There is no page at this address."))

            let api = try await client.execute(uri: "/api/todos/00000000-0000-0000-0000-000000000000", method: .get, headers: japanese)
            #expect(api.status == .notFound)
            #expect(api.text.contains("No item has the id"), "LANG-11: \(api.text)")
        }
    }

    @Test("LANG-4 the 415, 400 and cross-site refusals are pages in the request's language")
    func test_LANG_4_refusalPages() async throws {
        let sut = WebSUT()
        let item = try await sut.store.add(TodoDraft(title: "A"))
        try await sut.app.test(.router) { client async throws in
            var headers = japanese
            headers[.contentType] = "text/plain"
            let wrongType = try await client.execute(
                uri: "/items/\(item.id.lowercasedText)/done", method: .post, headers: headers, body: ByteBuffer(string: "x"))
            #expect(wrongType.status == .unsupportedMediaType)
            #expect(wrongType.text.contains("フォームは application/x-www-form-urlencoded 形式で送信してください。"))

            var move = chinese
            move[.contentType] = "application/x-www-form-urlencoded"
            let badMove = try await client.execute(
                uri: "/items/\(item.id.lowercasedText)/move", method: .post, headers: move, body: .form([("to", "x")]))
            #expect(badMove.status == .badRequest)
            #expect(badMove.text.contains("“x”不是有效的位置"), "\(badMove.text)")

            var foreign = japanese
            foreign[.origin] = "http://evil.example"
            let crossSite = try await client.execute(uri: "/trash/empty", method: .post, headers: foreign)
            #expect(crossSite.status == .forbidden)
            #expect(crossSite.text.contains("ほかのサイトからのリクエストでは、このリストを変更できません。"))
            foreign[.contentType] = "application/json"
            let api = try await client.execute(uri: "/api/todos", method: .post, headers: foreign, body: ByteBuffer(string: "{}"))
            #expect(api.status == .forbidden && api.text.contains("Requests from other sites can't change this list."))
        }
    }

    @Test("LANG-4 LANG-7 the Trash page and its confirmation in Japanese and Chinese")
    func test_LANG_4_trashPage() async throws {
        // The store's clock is the server's (the Trash says how long ago, from now): one test
        // clock, so that a slow machine can't make "just now" a minute ago.
        let clock = TestEnvironment()
        let store = InMemoryTodoStore(environment: clock.environment)
        let items = try await store.add(titles: ["牛乳を買う", "Call Bob"])
        for item in items { _ = try await store.delete(id: item.id) }
        let id = items[0].id.lowercasedText
        var options = TodoWebOptions(today: { today }, now: { TestEnvironment.referenceDate })
        options.now = { clock.now() }
        let app = Application(router: try TodoWebApp.buildRouter(store: store, options: options))
        try await app.test(.router) { client async throws in
            let ja = try await client.execute(uri: "/trash", method: .get, headers: japanese).text
            #expect(ja.contains("<title>ゴミ箱 — やること</title>"))  // WEB-10
            #expect(ja.contains("data-testid=\"trash-title\">ゴミ箱</h1>"))
            #expect(ja.contains("data-testid=\"empty-trash\">ゴミ箱を空にする</a>"))
            #expect(ja.contains("削除した項目はここに30日間残り、その後完全に削除されます。"))
            #expect(ja.contains("aria-label=\"「牛乳を買う」を復元\" data-announce=\"「牛乳を買う」を未完了に復元しました\""))
            #expect(ja.contains("data-testid=\"restore-\(id)\">復元</button>"))
            #expect(ja.contains("data-testid=\"delete-forever-\(id)\">完全に削除</button>"))
            #expect(ja.contains("‹ すべての項目"))
            for english in [">Restore<", ">Delete forever<", "Trash", "Deleted", "All items"] {
                #expect(!ja.contains(english), "\(english)")
            }
            let confirm = try await client.execute(uri: "/trash/empty", method: .get, headers: chinese).text
            #expect(confirm.contains("data-testid=\"confirm-question\">永久删除 2 个项目？</h2>"))
            #expect(confirm.contains("‹ 废纸篓") && confirm.contains("data-announce=\"废纸篓是空的。\""))
            #expect(confirm.contains(">取消</a>") && confirm.contains(">清空废纸篓</button>"))

            let zh = try await client.execute(uri: "/trash", method: .get, headers: [.cookie: "lang=zh-Hans"]).text
            #expect(zh.contains("<html lang=\"zh-Hans\"") && zh.contains(">恢复</button>") && zh.contains("刚刚删除"))

            let en = try await client.execute(uri: "/trash", method: .get).text
            #expect(en.contains(">Restore</button>") && en.contains("Deleted just now"))
        }
    }

    @Test("LANG-4 the Undo notice after a delete and the shortcuts dialog, in Japanese")
    func test_LANG_4_undoNoticeAndShortcuts() async throws {
        let sut = WebSUT()
        let item = try await sut.store.add(TodoDraft(title: "Buy milk"))
        _ = try await sut.store.delete(id: item.id)
        try await sut.app.test(.router) { client async throws in
            var headers = japanese
            headers[.cookie] = "undo=\(item.id.lowercasedText)"
            let html = try await client.execute(uri: "/", method: .get, headers: headers).text
            #expect(html.contains("data-testid=\"undo-message\">「Buy milk」を削除しました</span>"))
            #expect(html.contains("data-announce=\"「Buy milk」を元に戻しました\""))
            #expect(html.contains("aria-label=\"「Buy milk」の削除を取り消す\""))
            #expect(html.contains("data-testid=\"undo\">元に戻す</button>"))
            #expect(html.contains("<h2 id=\"shortcuts-heading\">キーボードショートカット</h2>"))
            #expect(html.contains("<dd>最後の削除を取り消す</dd>"))
            #expect(html.contains("data-testid=\"shortcuts-close\">閉じる</button>"))
            #expect(!html.contains("Keyboard shortcuts") && !html.contains("Undo deleting"))
        }
    }

    @Test("LANG-4 LANG-7 import and export in Japanese: the page, the summary with its count, a refusal")
    func test_LANG_7_transferPage() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let page = try await client.execute(uri: "/import-export", method: .get, headers: japanese).text
            #expect(page.contains("<h1>インポートとエクスポート</h1>"))
            #expect(page.contains(">内容から判別</option>") && page.contains(">CSV（表計算ソフト用）</option>"))
            #expect(!page.contains("Import") && !page.contains("Detect from"))

            var form = japanese
            form[.contentType] = "application/x-www-form-urlencoded"
            let imported = try await client.execute(
                uri: "/import-export", method: .post, headers: form,
                body: .form([("format", "csv"), ("contents", "title\nA\nB\nC\n")]))
            #expect(imported.text.contains("貼り付けたテキストから3件の項目をインポートしました：追加 3件、更新 0件、変更なし 0件。"))

            let refused = try await client.execute(
                uri: "/import-export", method: .post, headers: form, body: .form([("format", "xml"), ("contents", "x")]))
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("形式を選んでください："))

            var zh = chinese
            zh[.contentType] = "application/x-www-form-urlencoded"
            let one = try await client.execute(
                uri: "/import-export", method: .post, headers: zh, body: .form([("format", "auto"), ("contents", "title\nD\n")]))
            #expect(one.text.contains("已从粘贴的文本导入 1 个项目：新增 1 项，更新 0 项，0 项未变。已按 CSV 格式读取。"))

            var en: HTTPFields = [:]
            en[.contentType] = "application/x-www-form-urlencoded"
            let english = try await client.execute(
                uri: "/import-export", method: .post, headers: en, body: .form([("format", "csv"), ("contents", "title\nE\n")]))
            #expect(english.text.contains("Imported 1 item from the pasted text: 1 added, 0 updated, 0 unchanged."))
        }
    }

    @Test("LANG-4 the offline page the service worker keeps is in the request's language")
    func test_LANG_4_offlinePage() async throws {
        let sut = WebSUT()
        try await sut.app.test(.router) { client async throws in
            let ja = try await client.execute(uri: "/offline", method: .get, headers: japanese)
            #expect(ja.status == .ok)
            #expect(ja.text.contains("<h1>オフライン</h1>") && ja.text.contains("このページはここで一度も読み込まれていません。"))
            let zh = try await client.execute(uri: "/offline", method: .get, headers: chinese)
            #expect(zh.text.contains("你已离线，而且此页面从未在这里加载过。"))
            let en = try await client.execute(uri: "/offline", method: .get)
            #expect(en.text.contains("You are offline, and this page was never loaded here."))
            let worker = try await client.execute(uri: "/sw.js", method: .get)
            #expect(worker.text.contains("\"/offline\"") && !worker.text.contains("never loaded here."),
                    "the worker keeps the server's page and has no sentence of its own")
        }
    }

    @Test("LANG-4 a request for another Host name is refused in the request's language; the API's refusal stays English")
    func test_LANG_4_hostRefusal() async throws {
        let sut = WebSUT()
        try await sut.app.test(.live) { client async throws in
            let port = try #require(client.port)
            func send(_ uri: String, _ headers: HTTPFields) async throws -> String {
                let raw = TestClient(host: "localhost", port: port, configuration: .init(timeout: .seconds(10)))
                raw.connect()
                defer { Task { try? await raw.shutdown() } }
                let response = try await raw.execute(TestClient.Request(uri, method: .get, authority: "rebind.example", headers: headers))
                #expect(response.head.status == .misdirectedRequest)
                return String(buffer: response.body ?? ByteBuffer())
            }
            let page = try await send("/", japanese)
            #expect(page.contains("このサーバーは、このリクエストの送信先のホスト名には応答しません。"))
            #expect(page.contains("--allowed-host NAME"))
            let api = try await send("/api/todos", japanese)
            #expect(api.contains("This server does not answer to the host name"))
        }
    }

    @Test("LANG-4 the conflict page (409) in Japanese: the question, the table's words, the choices")
    func test_LANG_4_conflictPage() async throws {
        let sut = WebSUT()
        let item = try await sut.store.add(TodoDraft(title: "Run", details: "5 km"))
        _ = try await sut.store.update(id: item.id, TodoChanges(title: "Run 10 km"))
        try await sut.app.test(.router) { client async throws in
            var headers = japanese
            headers[.contentType] = "application/x-www-form-urlencoded"
            let response = try await client.execute(
                uri: "/items/\(item.id.lowercasedText)", method: .post, headers: headers,
                body: .form([("title", "Walk"), ("details", "5 km"), ("repeat[]", "mon"), ("version", "1"),
                             ("base", "1"), ("baseTitle", "Run"), ("baseDetails", "5 km")]))
            #expect(response.status == .conflict)
            let page = response.text
            #expect(page.contains("<h1>ほかの場所で変更されました</h1>"))
            #expect(page.contains("「Run 10 km」は開いた後に変更されました（現在のバージョンは 2）。"))
            #expect(page.contains("<th scope=\"col\">項目</th><th scope=\"col\">現在</th><th scope=\"col\">あなたの変更</th>"))
            #expect(page.contains("タイトル <span class=\"conflict-note\">（両方で変更）</span>"))
            #expect(page.contains("両方で変更された項目：タイトル。"))
            #expect(page.contains("<td data-testid=\"mine-repeat\">毎週月</td>"))
            #expect(page.contains("data-testid=\"keep-mine\">自分の変更を残す</button>"))
            #expect(!page.contains("Keep mine") && !page.contains("Changed"))
        }
    }
}

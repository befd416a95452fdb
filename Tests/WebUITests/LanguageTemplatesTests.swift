import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Localization
import Testing
import WebUI

private struct WordsPage {
    let frame: PageFrame
    let title: String
}

/// docs/specs/languages.md: templates that name their words by key (LANG-10), and the frame's
/// language, switcher and cookie (LANG-1, LANG-2).
@Suite("WebUI: languages")
struct LanguageTemplatesTests {
    static let catalog = Catalog(tables: [
        .english: ["test.added": "Added “{title}” <now> & then", "test.heading": "Things"],
        .simplifiedChinese: ["test.added": "已添加“{title}”<现在>", "test.heading": "事项"],
        .japanese: ["test.added": "「{title}」を追加しました", "test.heading": "項目"],
    ])

    static func templates(_ text: String) throws -> (PageTemplates, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("webui-lang-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: folder.appendingPathComponent("words.mustache"))
        return (try PageTemplates(directories: [folder], catalogs: [catalog]), folder)
    }

    @Test("LANG-10 a template's [[key]] is the entry of the page's language, escaped, its placeholders the page's values")
    func test_LANG_10_templateWords() throws {
        let (templates, folder) = try Self.templates(
            "{{<layout}}{{$main}}<h2>[[test.heading]]</h2><p data-announce=\"[[test.added]]\">x</p>{{/main}}{{/layout}}")
        defer { try? FileManager.default.removeItem(at: folder) }
        let english = PageFrame(title: "T", stylesheets: [], scripts: [], language: .english)
        let page = templates.render(WordsPage(frame: english, title: "<b>Milk</b>"), "words", language: .english)
        #expect(page.contains("<h2>Things</h2>"))
        #expect(page.contains("data-announce=\"Added “&lt;b&gt;Milk&lt;/b&gt;” &lt;now&gt; &amp; then\""))
        #expect(page.contains("<html lang=\"en\""))
        #expect(page.contains(">Skip to content<"))

        let japanese = PageFrame(title: "T", stylesheets: [], scripts: [], language: .japanese, here: "/today?q=%E7%89%9B")
        let ja = templates.render(WordsPage(frame: japanese, title: "牛乳"), "words", language: .japanese)
        #expect(ja.contains("<h2>項目</h2>"))
        #expect(ja.contains("data-announce=\"「牛乳」を追加しました\""))
        #expect(ja.contains("<html lang=\"ja\""))
        #expect(ja.contains(">本文へ移動<"))
        #expect(!ja.contains("Skip to content") && !ja.contains("Things"))
        // The switcher: each language in its own name, the page's own marked, coming back here.
        #expect(ja.contains("<input type=\"hidden\" name=\"from\" value=\"/today?q=%E7%89%9B\">"))
        #expect(ja.contains("value=\"ja\" lang=\"ja\" aria-current=\"true\""))
        #expect(ja.contains("value=\"en\" lang=\"en\" data-testid=\"language-en\">English<"))
        #expect(ja.contains(">简体中文<"))

        let zh = templates.render(
            WordsPage(frame: PageFrame(title: "T", stylesheets: [], scripts: [], language: .simplifiedChinese), title: "牛奶"),
            "words", language: .simplifiedChinese)
        #expect(zh.contains("<h2>事项</h2>") && zh.contains("已添加“牛奶”&lt;现在&gt;") && zh.contains("<html lang=\"zh-Hans\""))
    }

    @Test("LANG-10 a key no catalog has stops the templates from loading, with its name")
    func test_LANG_10_unknownKey() throws {
        #expect(throws: PageTemplatesError.self) {
            _ = try Self.templates("<p>[[test.nowhere]]</p>")
        }
    }

    @Test("LANG-2 the switcher's address is a path on this site only")
    func test_LANG_2_hereIsLocal() {
        for outside in ["//evil.example/", "https://evil.example/", "/\\evil.example"] {
            #expect(PageFrame(title: "T", stylesheets: [], scripts: [], here: outside).here == "/")
        }
        // The page's own query is kept, except a `from` that names another site.
        #expect(PageFrame(title: "T", stylesheets: [], scripts: [], here: "/search?q=%E7%89%9B&page=2").here == "/search?q=%E7%89%9B&page=2")
        #expect(PageFrame(title: "T", stylesheets: [], scripts: [], here: "/items/new?from=%2Ftoday").here == "/items/new?from=%2Ftoday")
        for hostile in ["//evil.example", "%09//evil.example", "https%3A%2F%2Fevil.example%2F", "javascript%3Aalert(1)"] {
            let here = PageFrame(title: "T", stylesheets: [], scripts: [], here: "/items/new?from=\(hostile)&project=Home").here
            #expect(here == "/items/new?project=Home", "\(hostile)")
        }
    }

    @Test("LANG-1 LANG-2 a request's language: the cookie first, then Accept-Language; the switcher sets the cookie")
    func test_LANG_2_cookie() async throws {
        let router = Router()
        router.get("/lang") { request, _ in LanguageChoice.of(request).tag }
        LanguageChoice.addRoutes(to: router)
        try await Application(router: router).test(.router) { client in
            for (headers, expected) in [
                ([HTTPField.Name.acceptLanguage: "ja-JP,ja;q=0.9"], "ja"),
                ([.acceptLanguage: "zh-CN"], "zh-Hans"),
                ([.acceptLanguage: "zh-CN", .cookie: "lang=ja"], "ja"),
                ([.acceptLanguage: "ja", .cookie: "other=1; lang=en"], "en"),
                ([.acceptLanguage: "ja", .cookie: "lang=fr"], "ja"),
                ([:], "en"),
            ] as [([HTTPField.Name: String], String)] {
                var fields = HTTPFields()
                for (name, value) in headers { fields[name] = value }
                try await client.execute(uri: "/lang", method: .get, headers: fields) { response in
                    #expect(String(buffer: response.body) == expected, "\(headers)")
                }
            }
            let form = ByteBuffer(string: "lang=zh-Hans&from=%2Fprojects%2FHome")
            try await client.execute(
                uri: "/language", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"], body: form
            ) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/projects/Home")
                #expect(response.headers[.setCookie]?.hasPrefix("lang=zh-Hans; Path=/;") == true)
            }
            try await client.execute(
                uri: "/language", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "lang=tlh")
            ) { response in
                #expect(response.status == .badRequest)
                #expect(response.headers[.setCookie] == nil)
                #expect(String(buffer: response.body).contains("日本語"))
            }
            try await client.execute(
                uri: "/language", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "lang=" + String(repeating: "x", count: 10_000))
            ) { response in
                #expect(response.status == .contentTooLarge || response.status == .badRequest)
            }
        }
    }
}

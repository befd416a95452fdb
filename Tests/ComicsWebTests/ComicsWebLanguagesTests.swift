import ComicsCore
@testable import ComicsWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import WebUI

/// LANG-13: the Comics pages in the request's language (LANG-1), the switcher and its cookie
/// (LANG-2), every word from the catalogs (LANG-4), the JSON in English (LANG-11).
@Suite("Comics web app in three languages")
struct ComicsWebLanguagesTests {
    static let comics = [Comic(id: 3, title: "Thor (1966) #126"), Comic(id: 2, title: "Avengers (1963) #1")]

    @Test("LANG-1 Accept-Language: ja answers <html lang=\"ja\"> and a Japanese first screen")
    func test_LANG_1_japaneseFirstScreen() async throws {
        try await withApp(StubSource()) { client in
            try await client.execute(uri: "/", method: .get, headers: [.acceptLanguage: "ja"]) { response in
                let page = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(page.contains(#"<html lang="ja" "#))
                #expect(page.contains(#"data-load-in-place>コミックを読み込んでいます…</p>"#))
                #expect(page.contains(#"<h1 data-testid="page-title">Marvel のコミック</h1>"#))
                #expect(page.contains(#"<label for="search-field">タイトルを検索</label>"#))
                #expect(page.contains(#"data-testid="search-button">検索</button>"#))
                #expect(page.contains(#"<p data-testid="attribution">データ提供：Marvel。© 2025 MARVEL</p>"#))
                #expect(page.contains(#"<input type="hidden" name="from" value="/">"#))
                #expect(page.contains(#"aria-current="true" data-testid="language-ja">日本語</button>"#))
                #expect(response.headers[.vary]?.contains("Accept-Language") == true)
            }
        }
    }

    @Test("LANG-13 COMICS-3 the loaded list in Chinese: group labels, the letter index's name; titles as they are")
    func test_LANG_13_chineseList() async throws {
        try await withApp(StubSource(comics: .success(Self.comics))) { client in
            try await client.execute(
                uri: "/?render=server", method: .get, headers: [.acceptLanguage: "zh-CN,zh;q=0.9,en;q=0.8"]
            ) { response in
                let page = String(buffer: response.body)
                #expect(page.contains(#"<html lang="zh-Hans" "#))
                #expect(page.contains(#"<nav aria-label="跳到字母" class="letter-index""#))
                #expect(page.contains(#"aria-label="以 A 开头的漫画">A</a>"#))
                #expect(page.contains(#"data-testid="comic-link-2">Avengers (1963) #1</a>"#))
                #expect(page.contains(#"<input type="hidden" name="from" value="/?render=server">"#))
            }
        }
    }

    @Test("LANG-13 COMICS-1 the no-connection message and Retry in Japanese; CHARACTERS page words too")
    func test_LANG_13_japaneseFailure() async throws {
        let source = StubSource(comics: .failure(.noConnection(detail: "dns")), comic: .failure(.noConnection(detail: "dns")),
                                characters: .failure(.noConnection(detail: "dns")))
        try await withApp(source) { client in
            try await client.execute(uri: "/?render=server", method: .get, headers: [.acceptLanguage: "ja-JP"]) { response in
                let page = String(buffer: response.body)
                #expect(response.status == .badGateway)
                #expect(page.contains(
                    #"data-testid="error-message">インターネットに接続されていません。接続を確認して、もう一度お試しください。</p>"#))
                #expect(page.contains(#"data-testid="retry">再試行</a>"#))
            }
            try await client.execute(uri: "/comics/7", method: .get, headers: [.acceptLanguage: "ja"]) { response in
                let page = String(buffer: response.body)
                #expect(page.contains("<title>キャラクター · Marvel Comics</title>"))
                #expect(page.contains(#"<h1 data-testid="comic-title">キャラクター</h1>"#))
                #expect(page.contains("キャラクターを読み込んでいます…"))
                #expect(page.contains("</span> すべてのコミック</a>"))
            }
        }
    }

    @Test("LANG-13 an error page in the request's language; the JSON API stays English (LANG-11)")
    func test_LANG_13_errorPages() async throws {
        try await withApp(StubSource(comics: .failure(.noConnection(detail: "dns")))) { client in
            try await client.execute(uri: "/nowhere", method: .get, headers: [.acceptLanguage: "zh"]) { response in
                let page = String(buffer: response.body)
                #expect(response.status == .notFound)
                #expect(page.contains("<title>找不到页面 · Marvel Comics</title>"))
                #expect(page.contains(#"data-testid="error-message">此地址没有页面。</p>"#))
            }
            try await client.execute(uri: "/api/comics", method: .get, headers: [.acceptLanguage: "ja"]) { response in
                #expect(String(buffer: response.body)
                    == #"{"error":"There is no internet connection. Check your connection and try again."}"#)
            }
            try await client.execute(uri: "/api/nowhere", method: .get, headers: [.acceptLanguage: "ja"]) { response in
                #expect(String(buffer: response.body) == #"{"error":"There is no page at this address."}"#)
            }
        }
    }

    @Test("LANG-2 the switcher: POST /language answers 303 back to the page with the lang cookie, which wins over Accept-Language")
    func test_LANG_2_switcher() async throws {
        try await withApp(StubSource()) { client in
            let form = "lang=zh-Hans&from=%2F%3Fq%3Dthor"
            try await client.execute(
                uri: "/language", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", HTTPField.Name("Sec-Fetch-Site")!: "same-origin"],
                body: ByteBuffer(string: form)
            ) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/?q=thor")
                #expect(response.headers[.setCookie]?.hasPrefix("lang=zh-Hans; Path=/;") == true)
                #expect(response.headers[.setCookie]?.contains("SameSite=Lax") == true)
            }
            try await client.execute(
                uri: "/", method: .get, headers: [.acceptLanguage: "ja", .cookie: "lang=zh-Hans"]
            ) { response in
                #expect(String(buffer: response.body).contains(#"<html lang="zh-Hans" "#))
            }
        }
    }

    @Test("LANG-2 a cross-site POST /language is refused (403, no cookie); a language not offered answers 400")
    func test_LANG_2_crossSiteRefused() async throws {
        try await withApp(StubSource()) { client in
            let form = ByteBuffer(string: "lang=ja&from=%2F")
            let formType: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            var foreign = formType
            foreign[.origin] = "https://evil.example"
            try await client.execute(uri: "/language", method: .post, headers: foreign, body: form) { response in
                #expect(response.status == .forbidden)
                #expect(response.headers[.setCookie] == nil)
            }
            var fetched = formType
            fetched[HTTPField.Name("Sec-Fetch-Site")!] = "cross-site"
            fetched[.acceptLanguage] = "ja"
            try await client.execute(uri: "/language", method: .post, headers: fetched, body: form) { response in
                #expect(response.status == .forbidden)
                #expect(response.headers[.setCookie] == nil)
                #expect(String(buffer: response.body).contains("ほかのサイトからのリクエストでは、ここでは何も変更できません。"))
            }
            var sameSite = formType
            sameSite[HTTPField.Name("Sec-Fetch-Site")!] = "same-origin"
            try await client.execute(
                uri: "/language", method: .post, headers: sameSite, body: ByteBuffer(string: "lang=fr&from=%2F")
            ) { response in
                #expect(response.status == .badRequest)
            }
        }
    }

    private func withApp(
        _ source: StubSource, _ test: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let logger = Logger(label: "comics-web-language-test", factory: { _ in LogSpy() })
        let router = try buildRouter(ComicsWebDependencies(source: source, logger: logger))
        try await Application(router: router, logger: logger).test(.router, test)
    }
}

import Hummingbird
import HummingbirdTesting
import Testing
import WebUI

@Suite("WebUI")
struct WebUITests {
    @Test("text and attributes are escaped, so user text can never become markup")
    func test_escaping() {
        #expect(HTML.text("<img src=x onerror=alert(1)> & \"q\" 'a'") == "&lt;img src=x onerror=alert(1)&gt; &amp; &quot;q&quot; &#39;a&#39;")
        #expect(HTML.attribute("\" onmouseover=\"x") == "&quot; onmouseover=&quot;x")
        #expect(HTML.attribute("a\"b`c\nd") == "a&quot;b&#96;c&#10;d")
        #expect(HTML.text("café 🍰") == "café 🍰")
        #expect(HTML.attribute("é<🍰>\r\n`") == "é&lt;🍰&gt;\r&#10;&#96;")
    }

    @Test("URL components are percent-encoded as UTF-8")
    func test_urlComponent() {
        #expect(HTML.urlComponent("Home & Garden/é") == "Home%20%26%20Garden%2F%C3%A9")
        #expect(HTML.urlComponent("a-b_c.d~") == "a-b_c.d~")
    }

    @Test("form bodies decode plus signs, percent escapes and repeated names")
    func test_formData() {
        let form = FormData(urlEncoded: "title=Buy+milk%21&repeat=mon&repeat=wed&empty=&bad=%zz&caf%C3%A9=%C3%A9")
        #expect(form["title"] == "Buy milk!")
        #expect(form.all("repeat") == ["mon", "wed"])
        #expect(form["empty"] == "")
        #expect(form["bad"] == "%zz")
        #expect(form["café"] == "é")
        #expect(form["missing"] == nil)
    }

    @Test("a page has a language, a title, a main landmark and escapes its title")
    func test_page() {
        let html = Page(title: "<b>", main: "<p>x</p>", scripts: ["/a.js"]).render()
        #expect(html.contains("<html lang=\"en\">"))
        #expect(html.contains("<title>&lt;b&gt;</title>"))
        #expect(html.contains("<main id=\"main\" tabindex=\"-1\"><p>x</p></main>"))
        #expect(html.contains("<script src=\"/a.js\" defer></script>"))
    }

    @Test("the shared CSS has a spinner and honours reduced motion")
    func css() {
        #expect(SharedAssets.stylesheet.contains(".spinner"))
        #expect(SharedAssets.stylesheet.contains("prefers-reduced-motion"))
        #expect(SharedAssets.stylesheet.contains("[hidden] { display: none !important; }"))
    }

    @Test("content types follow the extension", arguments: [
        ("/a.css", "text/css; charset=utf-8"), ("/a.js", "text/javascript; charset=utf-8"),
        ("/a.json", "application/json; charset=utf-8"), ("/a.svg", "image/svg+xml"), ("/a", "application/octet-stream"),
    ])
    func contentTypes(path: String, expected: String) {
        #expect(StaticAsset.contentType(forPath: path) == expected)
    }

    @Test("assets are served from memory with their content type")
    func serving() async throws {
        let router = Router()
        StaticAssets.register(SharedAssets.all, on: router)

        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: SharedAssets.stylesheetPath, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/css; charset=utf-8")
                #expect(String(buffer: response.body) == SharedAssets.stylesheet)
            }
            try await client.execute(uri: SharedAssets.scriptPath, method: .get) { response in
                #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
            }
        }
    }
}

import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import WebUI

/// A folder of test files, removed when the value goes.
private final class TemporaryFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("webui-\(UUID().uuidString)")

    init(_ files: [String: String]) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

private struct TestPage {
    let frame: PageFrame
    let heading: String
    let items: [String]
}

@Suite("WebUI")
struct WebUITests {
    @Test("URL components are percent-encoded as UTF-8")
    func test_urlComponent() {
        #expect(HTML.urlComponent("Home & Garden/é") == "Home%20%26%20Garden%2F%C3%A9")
        #expect(HTML.urlComponent("a-b_c.d~") == "a-b_c.d~")
    }

    @Test("WEB-1 a page extends the shared layout: the whole document, or only its #page as a fragment; text is escaped")
    func test_WEB_1_layout() throws {
        let folder = try TemporaryFolder([
            "test.mustache": "{{<layout}}{{$header}}<h1>{{heading}}</h1>{{/header}}{{$main}}<ul>{{#items}}<li>{{.}}</li>{{/items}}</ul>{{/main}}{{/layout}}",
        ])
        let templates = try PageTemplates(directories: [folder.url])
        var frame = PageFrame(title: "<b> & co", stylesheets: ["/assets/a.1.css"], scripts: ["/assets/a.2.js"])
        let whole = templates.render(TestPage(frame: frame, heading: "<i>", items: ["x<y", "z"]), "test")
        #expect(whole.hasPrefix("<!doctype html>\n<html lang=\"en\" "))
        #expect(whole.contains("<title>&lt;b&gt; &amp; co</title>"))
        #expect(whole.contains("<link rel=\"stylesheet\" href=\"/assets/a.1.css\">"))
        #expect(whole.contains("<script src=\"/assets/a.2.js\" defer></script>"))
        #expect(whole.contains("<div id=\"page\" data-title=\"&lt;b&gt; &amp; co\">"))
        #expect(whole.contains("<h1>&lt;i&gt;</h1>"))
        #expect(whole.contains("<main id=\"main\" tabindex=\"-1\"><ul><li>x&lt;y</li><li>z</li></ul></main>"))
        #expect(whole.contains("id=\"announcer\" role=\"status\" aria-live=\"polite\""))
        #expect(whole.hasSuffix("</html>\n"))

        frame.fragment = true
        let fragment = templates.render(TestPage(frame: frame, heading: "<i>", items: ["z"]), "test")
        #expect(fragment.hasPrefix("<div id=\"page\""))
        #expect(!fragment.contains("<html") && !fragment.contains("<head>") && !fragment.contains("announcer"))
        #expect(fragment.contains("<main id=\"main\" tabindex=\"-1\"><ul><li>z</li></ul></main>"))
    }

    @Test("WEB-1 a missing templates folder is a clear error, not a crash")
    func test_WEB_1_missingFolder() {
        #expect(throws: PageTemplatesError.self) {
            try PageTemplates(directories: [URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")])
        }
    }

    @Test("WEB-1 assets: pages link a name that changes with the content; it is kept a year, the plain name is revalidated (304)")
    func test_WEB_1_assets() async throws {
        let folder = try TemporaryFolder(["app.css": "body { color: red; }", "sw.js": "self.x = 1;"])
        let catalog = try AssetCatalog(directories: [folder.url])
        let versioned = catalog.path("app.css")
        #expect(versioned.hasPrefix("/assets/app.") && versioned.hasSuffix(".css") && versioned != "/assets/app.css")
        #expect(catalog.paths["app_css"] == versioned)
        #expect(catalog.path("webui.css").hasPrefix("/assets/webui."), "WebUI's own assets come first")
        let other = try TemporaryFolder(["app.css": "body { color: blue; }"])
        let changed = try AssetCatalog(directories: [other.url])
        #expect(changed.path("app.css") != versioned, "another content, another name")

        let router = Router()
        catalog.register(on: router, atRoot: ["sw.js"])
        try await Application(router: router).test(.router) { client in
            let eTag = try await client.execute(uri: versioned, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/css; charset=utf-8")
                #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
                #expect(String(buffer: response.body) == "body { color: red; }")
                return try #require(response.headers[.eTag])
            }
            try await client.execute(uri: "/assets/app.css", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.cacheControl] == "no-cache")
                #expect(response.headers[.eTag] == eTag)
            }
            try await client.execute(uri: "/assets/app.css", method: .get, headers: [.ifNoneMatch: eTag]) { response in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
            }
            try await client.execute(uri: "/assets/app.css", method: .get, headers: [.ifNoneMatch: "\"other\""]) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/sw.js", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
                #expect(response.headers[.cacheControl] == "no-cache")
            }
            try await client.execute(uri: "/assets/nothing.css", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test("content types follow the extension", arguments: [
        ("a.css", "text/css; charset=utf-8"), ("a.js", "text/javascript; charset=utf-8"),
        ("a.webmanifest", "application/manifest+json; charset=utf-8"), ("a.svg", "image/svg+xml"), ("a.png", "image/png"),
        ("a", "application/octet-stream"),
    ])
    func contentTypes(name: String, expected: String) {
        #expect(AssetFile.contentType(forName: name) == expected)
    }

    @Test("WEB-7 the shared stylesheet has colour, spacing and type tokens, a dark scheme, and honours reduced motion")
    func test_WEB_7_tokens() throws {
        let css = try String(contentsOf: WebUIResources.assets.appendingPathComponent("webui.css"), encoding: .utf8)
        for token in ["--bg:", "--fg:", "--accent:", "--space-4:", "--text-base:", "--tap: 44px"] {
            #expect(css.contains(token), "\(token)")
        }
        let dark = try #require(css.range(of: "@media (prefers-color-scheme: dark)"))
        #expect(css[dark.upperBound...].contains("--bg:"))
        #expect(css.contains("prefers-reduced-motion"))
    }
}

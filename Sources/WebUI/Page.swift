/// The frame every page of both web apps shares: language, title, stylesheets, a skip link,
/// the page's header and main content, an optional footer, and deferred scripts.
public struct Page: Sendable {
    public var title: String
    /// Already-escaped HTML for the page header (top bar).
    public var header: String
    /// Already-escaped HTML for the main content.
    public var main: String
    /// Already-escaped HTML for the footer, if any.
    public var footer: String?
    public var stylesheets: [String]
    public var scripts: [String]

    public init(
        title: String, header: String = "", main: String = "", footer: String? = nil,
        stylesheets: [String] = [SharedAssets.stylesheetPath], scripts: [String] = []
    ) {
        self.title = title
        self.header = header
        self.main = main
        self.footer = footer
        self.stylesheets = stylesheets
        self.scripts = scripts
    }

    public func render() -> String {
        write(capacity: main.utf8.count + header.utf8.count + 1024) { $0.raw(main) }.string
    }

    /// The page in one buffer, its main content written straight into it by `writeMain`
    /// (in place of `main`): for long pages, which need no copy of their content.
    public func write(capacity: Int, main writeMain: (inout HTMLWriter) -> Void) -> HTMLWriter {
        var html = HTMLWriter(capacity: capacity)
        html.raw("""
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>
            """)
        html.text(title)
        html.raw("</title>\n")
        for sheet in stylesheets {
            html.raw("<link rel=\"stylesheet\" href=\"")
            html.attribute(sheet)
            html.raw("\">\n")
        }
        for script in scripts {
            html.raw("<script src=\"")
            html.attribute(script)
            html.raw("\" defer></script>\n")
        }
        html.raw("""
            </head>
            <body>
            <a class="skip-link" href="#main" data-testid="skip-link">Skip to content</a>
            <header class="top-bar">
            """)
        html.raw(header)
        html.raw("</header>\n<main id=\"main\" tabindex=\"-1\">")
        writeMain(&html)
        html.raw("</main>\n")
        if let footer { html.raw("<footer class=\"page-footer\" data-testid=\"footer\">\(footer)</footer>\n") }
        html.raw("</body>\n</html>\n")
        return html
    }
}

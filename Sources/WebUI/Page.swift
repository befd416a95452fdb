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
        title: String, header: String = "", main: String, footer: String? = nil,
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
        var html = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTML.text(title))</title>

            """
        for sheet in stylesheets { html += "<link rel=\"stylesheet\" href=\"\(HTML.attribute(sheet))\">\n" }
        for script in scripts { html += "<script src=\"\(HTML.attribute(script))\" defer></script>\n" }
        html += """
            </head>
            <body>
            <a class="skip-link" href="#main" data-testid="skip-link">Skip to content</a>
            <header class="top-bar">\(header)</header>
            <main id="main" tabindex="-1">\(main)</main>

            """
        if let footer { html += "<footer class=\"page-footer\" data-testid=\"footer\">\(footer)</footer>\n" }
        html += "</body>\n</html>\n"
        return html
    }
}

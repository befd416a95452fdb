import ComicsCore
import WebUI

/// The HTML of the comics pages: shells that load their data with a spinner, and server-rendered
/// versions of the same pages for browsers without JavaScript (`?render=server`).
enum ComicsPages {
    /// A whole page in the shared frame, with the site's name linking home.
    static func render(title: String, main: String, scripted: Bool) -> String {
        Page(
            title: title,
            header: "<a class=\"site-name\" href=\"/\" data-testid=\"home-link\">Marvel Comics</a>",
            main: main, footer: footer,
            stylesheets: [SharedAssets.stylesheetPath, ComicsAssets.stylesheetPath],
            scripts: scripted ? [SharedAssets.scriptPath, ComicsAssets.scriptPath] : []
        ).render()
    }
    static var footer: String {
        "<p data-testid=\"attribution\">\(HTML.text(Attribution.marvel))</p>"
    }

    // MARK: The comics list

    static func listShell() -> String {
        render(
            title: "Marvel Comics",
            main: """
                <div data-page="comics" data-source="/api/comics">
                <h1 data-testid="page-title">Marvel comics</h1>
                <p class="muted">Discover Marvel comics, grouped by the first letter of their title. Choose one to meet its characters.</p>
                \(statusBlock(label: "Loading comics…"))
                <p class="error" role="alert" data-testid="error-message" hidden></p>
                <nav aria-label="Jump to a letter" class="letter-index" data-testid="letter-index" hidden><ul></ul></nav>
                <div data-testid="comic-groups" class="groups"></div>
                \(noscript(href: "/?render=server", what: "the comics"))
                </div>
                """,
            scripted: true)
    }

    static func listRendered(groups: [ComicGroup]?, errorMessage: String?) -> String {
        var main = "<h1 data-testid=\"page-title\">Marvel comics</h1>\n"
        if let errorMessage {
            main += "<p class=\"error\" role=\"alert\" data-testid=\"error-message\">\(HTML.text(errorMessage))</p>\n"
        }
        if let groups {
            main += "<nav aria-label=\"Jump to a letter\" class=\"letter-index\" data-testid=\"letter-index\"><ul>"
            for group in groups {
                main += "<li><a href=\"#\(anchor(group.letter))\" data-testid=\"letter-link-\(testID(group.letter))\" "
                    + "aria-label=\"\(HTML.attribute(letterLabel(group.letter)))\">\(HTML.text(group.letter))</a></li>"
            }
            main += "</ul></nav>\n<div data-testid=\"comic-groups\" class=\"groups\">\n"
            for group in groups {
                main += "<section class=\"group\" id=\"\(anchor(group.letter))\" data-testid=\"group-\(testID(group.letter))\" "
                    + "aria-labelledby=\"\(anchor(group.letter))-heading\">"
                    + "<h2 id=\"\(anchor(group.letter))-heading\" data-testid=\"group-header\">\(HTML.text(group.letter))</h2>"
                    + "<ul class=\"plain-list card\">"
                for comic in group.comics {
                    main += "<li data-testid=\"comic-row\"><a href=\"/comics/\(comic.id)?render=server\" "
                        + "data-testid=\"comic-link-\(comic.id)\">\(HTML.text(comic.title))</a></li>"
                }
                main += "</ul></section>\n"
            }
            main += "</div>\n"
        }
        return render(title: "Marvel Comics", main: main, scripted: false)
    }

    // MARK: A comic's characters

    static func charactersShell(comicID: Int) -> String {
        render(
            title: "Characters · Marvel Comics",
            main: """
                <div data-page="characters" data-source="/api/comics/\(comicID)/characters">
                <p><a href="/" data-testid="back-link">← All comics</a></p>
                <h1 data-testid="comic-title">Characters</h1>
                \(statusBlock(label: "Loading characters…"))
                <p class="error" role="alert" data-testid="error-message" hidden></p>
                <section aria-labelledby="characters-heading" data-testid="characters" hidden>
                <h2 id="characters-heading">Characters</h2>
                <ul class="plain-list card" data-testid="character-list"></ul>
                </section>
                \(noscript(href: "/comics/\(comicID)?render=server", what: "the characters"))
                </div>
                """,
            scripted: true)
    }

    static func charactersRendered(title: String?, names: [String], errorMessage: String?) -> String {
        var main = "<p><a href=\"/?render=server\" data-testid=\"back-link\">← All comics</a></p>\n"
        main += "<h1 data-testid=\"comic-title\">\(HTML.text(title ?? "Characters"))</h1>\n"
        if let errorMessage {
            main += "<p class=\"error\" role=\"alert\" data-testid=\"error-message\">\(HTML.text(errorMessage))</p>\n"
        } else {
            main += "<section aria-labelledby=\"characters-heading\" data-testid=\"characters\">"
                + "<h2 id=\"characters-heading\">Characters</h2><ul class=\"plain-list card\" data-testid=\"character-list\">"
            for name in names { main += "<li data-testid=\"character-row\">\(HTML.text(name))</li>" }
            main += "</ul></section>\n"
        }
        return render(title: title ?? "Characters · Marvel Comics", main: main, scripted: false)
    }

    // MARK: Pieces

    static func statusBlock(label: String) -> String {
        """
        <div class="status" role="status" aria-live="polite" data-testid="loading-indicator">\
        <span class="spinner" aria-hidden="true"></span><span>\(HTML.text(label))</span></div>
        """
    }

    static func noscript(href: String, what: String) -> String {
        "<noscript><p>This page loads \(HTML.text(what)) with JavaScript. "
            + "<a href=\"\(HTML.attribute(href))\" data-testid=\"noscript-link\">Show \(HTML.text(what)) without JavaScript</a>.</p></noscript>"
    }

    /// The id of a group's section: "group-A", or "group-other" for "#".
    static func anchor(_ letter: String) -> String { "group-\(testID(letter))" }

    static func testID(_ letter: String) -> String {
        letter == TitleOrdering.otherGroup ? "other" : HTML.attribute(letter)
    }

    static func letterLabel(_ letter: String) -> String {
        letter == TitleOrdering.otherGroup ? "Comics starting with a digit or a symbol" : "Comics starting with \(letter)"
    }
}

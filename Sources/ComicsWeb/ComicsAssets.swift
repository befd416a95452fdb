import WebUI

/// The comics pages' own CSS and script, served from memory.
enum ComicsAssets {
    static let stylesheetPath = "/assets/comics.css"
    static let scriptPath = "/assets/comics.js"

    static var all: [StaticAsset] {
        [StaticAsset(path: stylesheetPath, body: stylesheet), StaticAsset(path: scriptPath, body: script)]
    }

    static let stylesheet = """
        /* The comics look, over the shared frame. */
        :root {
          --text: #1b1b1f; --muted: #4a4a55; --background: #fbfbfd; --surface: #ffffff;
          --accent: #b00020; --accent-text: #ffffff; --link: #0b57d0; --border: #d6d6de; --focus: #ffbf47;
          --error-bg: #fdecee; --error-text: #8a0015;
          font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
          line-height: 1.5; color: var(--text); background: var(--background);
        }
        * { box-sizing: border-box; }
        body { margin: 0; min-height: 100vh; display: flex; flex-direction: column; }
        main { flex: 1; width: 100%; max-width: 60rem; margin: 0 auto; padding: 1rem 1.25rem 3rem; }
        main:focus { outline: none; }
        h1 { font-size: 1.9rem; line-height: 1.2; margin: 1rem 0 0.75rem; }
        h2 { font-size: 1.35rem; margin: 0; }
        a { color: var(--link); text-underline-offset: 0.15em; }
        a:hover { text-decoration-thickness: 2px; }
        :focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; box-shadow: 0 0 0 5px var(--text); }
        .skip-link { position: absolute; left: 0.5rem; top: -3rem; padding: 0.5rem 0.75rem; background: var(--text);
          color: #fff; z-index: 10; border-radius: 0.25rem; }
        .skip-link:focus { top: 0.5rem; }
        .top-bar { background: var(--accent); color: var(--accent-text); padding: 0.6rem 1.25rem; }
        .top-bar .site-name { color: var(--accent-text); font-weight: 800; font-size: 1.2rem; text-decoration: none;
          letter-spacing: 0.02em; text-transform: uppercase; }
        .page-footer { border-top: 1px solid var(--border); color: var(--muted); padding: 1rem 1.25rem; text-align: center;
          font-size: 0.9rem; background: var(--surface); }
        .muted { color: var(--muted); }
        .visually-hidden { position: absolute !important; width: 1px; height: 1px; margin: -1px; padding: 0;
          overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
        [hidden] { display: none !important; }
        .status { display: flex; align-items: center; gap: 0.75rem; padding: 1rem 0; color: var(--muted); }
        .spinner { width: 1.6rem; height: 1.6rem; border-radius: 50%; border: 0.22rem solid var(--border);
          border-top-color: var(--accent); animation: webui-spin 0.8s linear infinite; flex: none; }
        @keyframes webui-spin { to { transform: rotate(360deg); } }
        @media (prefers-reduced-motion: reduce) { .spinner { animation-duration: 2.4s; } }
        .error { background: var(--error-bg); color: var(--error-text); border-left: 0.3rem solid var(--error-text);
          padding: 0.75rem 1rem; border-radius: 0.25rem; font-weight: 600; }
        .card { background: var(--surface); border: 1px solid var(--border); border-radius: 0.5rem; padding: 0.25rem 1rem; }
        .plain-list { list-style: none; margin: 0; padding: 0; }
        .plain-list > li { padding: 0.45rem 0; border-bottom: 1px solid var(--border); }
        .plain-list > li:last-child { border-bottom: none; }
        .plain-list.card { padding: 0.25rem 1rem; }
        .letter-index { position: sticky; top: 0; background: var(--background); padding: 0.5rem 0; z-index: 1;
          border-bottom: 1px solid var(--border); }
        .letter-index ul { list-style: none; display: flex; flex-wrap: wrap; gap: 0.35rem; margin: 0; padding: 0; }
        .letter-index a { display: inline-block; min-width: 2.2rem; padding: 0.3rem 0.5rem; text-align: center;
          border: 1px solid var(--border); border-radius: 0.35rem; background: var(--surface); font-weight: 700;
          text-decoration: none; }
        .letter-index a:hover { background: var(--accent); color: var(--accent-text); border-color: var(--accent); }
        .group { margin-top: 1.5rem; scroll-margin-top: 4rem; }
        .group h2 { color: var(--accent); border-bottom: 2px solid var(--accent); display: inline-block; min-width: 2rem;
          margin-bottom: 0.5rem; }
        """

    /// Fills the shells: fetches the JSON with the spinner showing, then renders with `textContent` only.
    static let script = """
        "use strict";
        (function () {
          const root = document.querySelector("[data-page]");
          if (!root || !window.WebUI) { return; }
          const el = WebUI.element;
          const status = root.querySelector('[data-testid="loading-indicator"]');
          const error = root.querySelector('[data-testid="error-message"]');
          const page = root.getAttribute("data-page");

          function anchor(letter) { return "group-" + (letter === "#" ? "other" : letter); }

          async function showComics() {
            const body = await WebUI.loadJSON(root.getAttribute("data-source"), { status, error },
              "The content couldn't be read. Please try again later.");
            if (!body) { return; }
            const index = root.querySelector('[data-testid="letter-index"]');
            const list = index.querySelector("ul");
            const groups = root.querySelector('[data-testid="comic-groups"]');
            for (const group of body.groups) {
              const id = anchor(group.letter);
              const suffix = group.letter === "#" ? "other" : group.letter;
              const label = group.letter === "#" ? "Comics starting with a digit or a symbol" : "Comics starting with " + group.letter;
              const item = el("li");
              item.appendChild(el("a", { href: "#" + id, "data-testid": "letter-link-" + suffix, "aria-label": label }, group.letter));
              list.appendChild(item);
              const section = el("section", { class: "group", id, "data-testid": "group-" + suffix, "aria-labelledby": id + "-heading" });
              section.appendChild(el("h2", { id: id + "-heading", "data-testid": "group-header" }, group.letter));
              const rows = el("ul", { class: "plain-list card" });
              for (const comic of group.comics) {
                const row = el("li", { "data-testid": "comic-row" });
                row.appendChild(el("a", { href: "/comics/" + comic.id, "data-testid": "comic-link-" + comic.id }, comic.title));
                rows.appendChild(row);
              }
              section.appendChild(rows);
              groups.appendChild(section);
            }
            index.hidden = body.groups.length === 0;
          }

          async function showCharacters() {
            const body = await WebUI.loadJSON(root.getAttribute("data-source"), { status, error },
              "The list of characters can't be shown. Please try again later.");
            if (!body) { return; }
            const title = root.querySelector('[data-testid="comic-title"]');
            title.textContent = body.title;
            document.title = body.title;
            const list = root.querySelector('[data-testid="character-list"]');
            for (const character of body.characters) {
              list.appendChild(el("li", { "data-testid": "character-row" }, character.name));
            }
            root.querySelector('[data-testid="characters"]').hidden = false;
          }

          if (page === "comics") { showComics(); } else if (page === "characters") { showCharacters(); }
        })();
        """
}

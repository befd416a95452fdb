/// The CSS and JavaScript both web apps share, served from memory by ``StaticAssets``.
public enum SharedAssets {
    public static let stylesheetPath = "/assets/webui.css"
    public static let scriptPath = "/assets/webui.js"

    public static var all: [StaticAsset] {
        [
            StaticAsset(path: stylesheetPath, body: stylesheet),
            StaticAsset(path: scriptPath, body: script),
        ]
    }

    /// Readable, accessible defaults: system fonts, AA contrast, visible focus, a spinner that
    /// respects reduced motion. Each app's own stylesheet adds its look.
    public static let stylesheet = """
        :root { --fg: #1b1f24; --muted: #57606a; --bg: #ffffff; --line: #d0d7de; --accent: #0550ae;
                --ok: #1a7f37; --danger: #cf222e; --soft: #f6f8fa; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
               color: var(--fg); background: var(--bg); }
        a { color: var(--accent); }
        :focus-visible { outline: 3px solid #0969da; outline-offset: 2px; }
        .skip-link { position: absolute; left: -999px; top: 0; background: var(--bg); padding: .5rem; }
        .skip-link:focus { left: .5rem; }
        .top-bar { display: flex; align-items: center; gap: 1rem; padding: .75rem 1rem;
                   border-bottom: 1px solid var(--line); background: var(--soft); }
        .top-bar h1 { font-size: 1.35rem; margin: 0; flex: 1; text-align: center; overflow-wrap: anywhere; }
        main { max-width: 44rem; margin: 0 auto; padding: 1rem; }
        main:focus { outline: none; }
        button, .button { font: inherit; padding: .45rem .9rem; border-radius: 6px; border: 1px solid var(--line);
                 background: var(--bg); color: var(--fg); cursor: pointer; text-decoration: none; display: inline-block; }
        button:disabled { cursor: not-allowed; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
                           white-space: nowrap; }
        .message { padding: .75rem 1rem; border-radius: 6px; background: #fff8c5; border: 1px solid #d4a72c; }
        .error { background: #ffebe9; border-color: var(--danger); }
        .spinner { display: inline-flex; align-items: center; gap: .6rem; color: var(--muted); }
        .spinner::before { content: ""; width: 1.1rem; height: 1.1rem; border-radius: 50%;
                           border: 3px solid var(--line); border-top-color: var(--accent);
                           animation: spin .8s linear infinite; }
        @keyframes spin { to { transform: rotate(360deg); } }
        @media (prefers-reduced-motion: reduce) { .spinner::before { animation-duration: 3s; } }
        [hidden] { display: none !important; }
        .page-footer { max-width: 44rem; margin: 2rem auto; padding: 0 1rem; color: var(--muted); font-size: .9rem; }
        """

    /// `WebUI.loadJSON(url, {status, error})`: shows `status` (a spinner) while fetching, hides it when done,
    /// and on failure shows the server's `error` sentence (or `fallbackError`) in `error`.
    public static let script = """
        "use strict";
        window.WebUI = {
          async loadJSON(url, elements, fallbackError) {
            const { status, error } = elements;
            status.hidden = false;
            status.setAttribute("aria-busy", "true");
            error.hidden = true;
            try {
              const response = await fetch(url, { headers: { "Accept": "application/json" } });
              let body = null;
              try { body = await response.json(); } catch (ignored) { body = null; }
              if (!response.ok || body === null || body.error) {
                throw new Error((body && body.error) || fallbackError);
              }
              return body;
            } catch (failure) {
              error.textContent = failure instanceof TypeError ? fallbackError : failure.message;
              error.hidden = false;
              return null;
            } finally {
              status.hidden = true;
              status.setAttribute("aria-busy", "false");
            }
          },
          element(tag, attributes, text) {
            const node = document.createElement(tag);
            for (const [name, value] of Object.entries(attributes || {})) { node.setAttribute(name, value); }
            if (text !== undefined) { node.textContent = text; }
            return node;
          }
        };
        """
}

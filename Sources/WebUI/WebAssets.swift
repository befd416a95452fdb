/// Static files served from memory.
public struct WebAsset: Sendable {
    public let contentType: String
    public let body: String

    public init(contentType: String, body: String) {
        self.contentType = contentType
        self.body = body
    }

    public static func css(_ body: String) -> WebAsset { WebAsset(contentType: "text/css; charset=utf-8", body: body) }
    public static func javascript(_ body: String) -> WebAsset {
        WebAsset(contentType: "text/javascript; charset=utf-8", body: body)
    }
}

public enum WebAssets {
    public static let sharedStylesheetPath = "/static/shared.css"

    /// Readable, accessible defaults: system fonts, AA contrast, visible focus, a spinner.
    public static let sharedStylesheet = WebAsset.css("""
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
        h2 { font-size: 1.05rem; text-transform: uppercase; letter-spacing: .04em; color: var(--muted);
             margin: 1.5rem 0 .5rem; }
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
        """)
}

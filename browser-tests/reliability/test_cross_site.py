"""Cross-site safety in a real browser: a hostile page served from another loopback origin
(http://127.0.0.2:PORT) tries to read the list and to change it — with fetch and XHR against the
API, and with forms it submits on load against every state-changing route of the app. With default
settings (no --cors-origin) nothing is read and nothing changes."""
from __future__ import annotations

import html
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HOSTILE_HOST = "127.0.0.2"


class HostileSite:
    """A web server on another origin whose pages are given by path."""

    def __init__(self, pages: dict[str, str]):
        site = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 (http.server's naming)
                body = site.pages.get(self.path.split("?")[0])
                if body is None:
                    self.send_error(404)
                    return
                data = body.encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.pages = pages
        self.server = ThreadingHTTPServer((HOSTILE_HOST, 0), Handler)
        self.origin = f"http://{HOSTILE_HOST}:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


SCRIPTED_ATTACKS = """
<!doctype html><title>win a prize</title>
<script>
const app = %(app)s, item = %(item)s;
window.results = {};
async function attempt(name, run) {
  try { window.results[name] = "read: " + String(await run()).slice(0, 200); }
  catch (error) { window.results[name] = "blocked: " + error.name; }
}
function xhr(method, url, body, type) {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    if (type) request.setRequestHeader("Content-Type", type);
    request.withCredentials = true;
    request.onload = () => resolve(request.status + " " + request.responseText);
    request.onerror = () => reject(new TypeError("xhr failed"));
    request.send(body || null);
  });
}
(async () => {
  // Reads: must all fail, the browser hides the answers.
  await attempt("fetch GET list", () => fetch(app + "/api/todos").then(r => r.text()));
  await attempt("fetch GET list with cookies", () => fetch(app + "/api/todos", {credentials: "include"}).then(r => r.text()));
  await attempt("fetch GET item", () => fetch(app + "/api/todos/" + item).then(r => r.text()));
  await attempt("fetch GET export", () => fetch(app + "/api/export?format=json").then(r => r.text()));
  await attempt("fetch GET page", () => fetch(app + "/").then(r => r.text()));
  await attempt("xhr GET list", () => xhr("GET", app + "/api/todos"));
  await attempt("no-cors GET list (opaque)", () => fetch(app + "/api/todos", {mode: "no-cors"}).then(r => r.text()));
  // Writes: preflighted ones are stopped by the browser, simple ones by the server (403).
  const json = JSON.stringify({title: "pwned by fetch"});
  await attempt("fetch POST json", () => fetch(app + "/api/todos", {method: "POST", headers: {"Content-Type": "application/json"}, body: json}).then(r => r.status));
  await attempt("fetch PATCH json", () => fetch(app + "/api/todos/" + item, {method: "PATCH", headers: {"Content-Type": "application/json"}, body: JSON.stringify({title: "pwned by patch"})}).then(r => r.status));
  await attempt("fetch DELETE item", () => fetch(app + "/api/todos/" + item, {method: "DELETE"}).then(r => r.status));
  await attempt("fetch DELETE all", () => fetch(app + "/api/todos", {method: "DELETE"}).then(r => r.status));
  await attempt("no-cors POST text/plain json", () => fetch(app + "/api/todos", {method: "POST", mode: "no-cors", headers: {"Content-Type": "text/plain"}, body: json}).then(r => r.type));
  await attempt("no-cors POST form to /items", () => fetch(app + "/items", {method: "POST", mode: "no-cors", credentials: "include", headers: {"Content-Type": "application/x-www-form-urlencoded"}, body: "title=pwned+by+no-cors"}).then(r => r.type));
  await attempt("no-cors POST delete form", () => fetch(app + "/items/" + item + "/delete", {method: "POST", mode: "no-cors", headers: {"Content-Type": "application/x-www-form-urlencoded"}, body: "from=/"}).then(r => r.type));
  await attempt("no-cors POST import", () => fetch(app + "/api/import?format=json", {method: "POST", mode: "no-cors", headers: {"Content-Type": "text/plain"}, body: "[]"}).then(r => r.type));
  await attempt("xhr POST form", () => xhr("POST", app + "/items", "title=pwned+by+xhr", "application/x-www-form-urlencoded"));
  await attempt("xhr POST json", () => xhr("POST", app + "/api/todos", json, "application/json"));
  await attempt("xhr DELETE all", () => xhr("DELETE", app + "/api/todos"));
  document.title = "finished";
})();
</script>
"""

FORM_PAGE = """
<!doctype html><title>auto submit</title>
<form id="f" method="post" action="%(action)s" enctype="%(enctype)s">%(fields)s</form>
<script>document.getElementById("f").submit();</script>
"""


def form_page(action: str, fields: dict[str, str], enctype: str = "application/x-www-form-urlencoded") -> str:
    inputs = "".join(
        f'<input type="hidden" name="{html.escape(k)}" value="{html.escape(v)}">' for k, v in fields.items())
    return FORM_PAGE % {"action": html.escape(action), "enctype": enctype, "fields": inputs}


def snapshot(server):
    client = server.client()
    try:
        listed = client.request("GET", "/api/todos")
        assert listed.status == 200
        return listed.json()
    finally:
        client.close()


def test_a_hostile_page_on_another_origin_can_neither_read_nor_change_the_list(todo_server, in_browser):
    def steps(page):
        app = todo_server.base_url
        client = todo_server.client()
        item = client.request("POST", "/api/todos", {"title": "Secret plan", "details": "only mine"}).json()
        client.close()
        before = snapshot(todo_server)

        form_attacks = {
            "/form-add.html": form_page(app + "/items", {"title": "pwned by form", "from": "/"}),
            "/form-edit.html": form_page(app + f"/items/{item['id']}", {"title": "pwned by edit", "version": "1"}),
            "/form-check.html": form_page(app + f"/items/{item['id']}/done", {"done": "1", "from": "/"}),
            "/form-delete.html": form_page(app + f"/items/{item['id']}/delete", {"from": "/"}),
            "/form-quick-add.html": form_page(app + "/quick-add", {"text": "pwned by quick add"}),
            "/form-import.html": form_page(app + "/import-export", {"format": "json", "text": "[]"}),
            "/form-preferences.html": form_page(app + "/preferences/unfinished", {"on": "1", "from": "/"}),
            # A text/plain form body that is also valid JSON, aimed at the JSON API.
            "/form-api-json.html": form_page(
                app + "/api/todos", {'{"title": "pwned by text/plain form", "x": "': '"}'}, enctype="text/plain"),
        }
        site = HostileSite({
            "/attack.html": SCRIPTED_ATTACKS % {"app": json.dumps(app), "item": json.dumps(item["id"])},
            **form_attacks,
        })
        try:
            page.goto(site.origin + "/attack.html")
            page.wait_for_function("document.title === 'finished'", timeout=20000)
            results = page.evaluate("window.results")
            leaks = {name: outcome for name, outcome in results.items() if "Secret plan" in outcome or "only mine" in outcome}
            assert not leaks, f"the hostile page read the list: {leaks}"
            assert len(results) == 18
            for name, outcome in results.items():
                if name.startswith(("fetch", "xhr")):
                    assert outcome.startswith("blocked"), f"{name}: {outcome}"
            assert snapshot(todo_server) == before

            statuses = {}
            for path in form_attacks:
                with page.expect_navigation(url=lambda url: url.startswith(app)) as navigation:
                    page.goto(site.origin + path)
                response = navigation.value
                statuses[path] = response.status if response else None
                assert "pwned" not in page.content()
            assert set(statuses.values()) == {403}, statuses
            assert snapshot(todo_server) == before
            # The preference cookie was not set either: Done still shows on the list.
            page.goto(app + "/")
            assert page.get_by_text("Secret plan").count() >= 1
        finally:
            site.stop()

    in_browser(steps)


def test_the_app_s_own_pages_still_change_the_list_in_the_same_browser(todo_server, in_browser):
    """The control for the test above: the same forms from the app's own origin do work."""
    def steps(page):
        page.goto(todo_server.base_url + "/items/new")
        page.get_by_test_id("title-input").fill("Mine to keep")
        page.get_by_test_id("save").click()
        page.wait_for_url(todo_server.base_url + "/")
        assert [item["title"] for item in snapshot(todo_server)] == ["Mine to keep"]

    in_browser(steps)

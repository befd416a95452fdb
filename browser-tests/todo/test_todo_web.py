"""Beyond the scenario list, what issue 3 asks the browser to show: user text is only ever
text, the pages and the JSON API agree, and the pages work without JavaScript."""

import http.server
import threading
import urllib.parse

import re

from playwright.sync_api import expect

from pages_todo import ListPage, QuickAddDialog
from repeat_days import repeat_days


def done_row(lst: ListPage, title: str):
    """The Done row titled ``title``: a repeating item checked has a To Do namesake, its next
    occurrence (REPEAT-1)."""
    rows = lst.rows("done").filter(has=lst.page.locator(".title", has_text=re.compile(f"^{re.escape(title)}$")))
    expect(rows).to_have_count(1)
    return rows

EVIL = "<img src=x onerror=alert(1)>"
EVIL_PROJECT = "<script>alert(2)</script>"


def no_injected_markup(page):
    assert page.locator("img").count() == 0, "no <img> was created from user text"
    assert page.locator("main script, header script").count() == 0
    assert page.evaluate("() => window.__pwned === undefined")


def test_XSS_title_shows_as_text_on_every_page_and_no_script_runs(page, server, api, dialogs):
    item = api.add(EVIL, details=EVIL, project=EVIL_PROJECT, location={"name": EVIL}, dueDate="2030-03-07")
    api.add("Done " + EVIL, completed=True, project=EVIL_PROJECT)
    project_path = "/projects/" + urllib.parse.quote(EVIL_PROJECT, safe="")

    lst = ListPage(page, server).open()
    expect(lst.row(EVIL).locator(".title")).to_have_text(EVIL)
    assert lst.row_meta(EVIL) == f"{EVIL} · 03/07/2030"
    expect(lst.row("Done " + EVIL).locator(".title")).to_have_text("Done " + EVIL)
    expect(lst.toggle_button(EVIL)).to_have_accessible_name("Check " + EVIL)
    expect(lst.nav_link(EVIL_PROJECT)).to_have_text(EVIL_PROJECT)
    no_injected_markup(page)

    # the popup, with the project section loaded through the API
    dialog = lst.open_quick_add()
    dialog.wait_all_loaded()
    expect(dialog.section("project")).to_contain_text(EVIL_PROJECT)
    no_injected_markup(page)
    dialog.cancel()

    with page.expect_navigation():
        lst.nav_link(EVIL_PROJECT).click()
    expect(lst.heading).to_have_text(EVIL_PROJECT)
    assert lst.todo_titles() == [EVIL]
    no_injected_markup(page)
    assert page.title() == f"{EVIL_PROJECT} — Todo"

    details = lst.open_item(EVIL)
    expect(details.title).to_have_text(EVIL)
    expect(details.field("details")).to_have_text(EVIL)
    expect(details.field("project")).to_have_text(EVIL_PROJECT)
    expect(details.field("location")).to_contain_text(EVIL)
    assert page.title() == f"{EVIL} — Todo"
    no_injected_markup(page)

    form = details.edit()
    expect(form.title_input).to_have_value(EVIL)
    expect(form.details_input).to_have_value(EVIL)
    expect(form.project_input).to_have_value(EVIL_PROJECT)
    no_injected_markup(page)

    # the quick-add page, preselected with the evil project
    page.goto(server(f"/quick-add?from={urllib.parse.quote(project_path, safe='')}&project="
                     + urllib.parse.quote(EVIL_PROJECT, safe="")))
    assert QuickAddDialog(page, server).selected("project") == [EVIL_PROJECT]
    no_injected_markup(page)

    # an error page that repeats what was asked for
    page.goto(server("/due/" + urllib.parse.quote(EVIL, safe="")))
    expect(page.get_by_test_id("error-message")).to_contain_text(EVIL)
    no_injected_markup(page)

    # a title typed into the form is stored verbatim and shown as text
    lst.open()
    lst = lst.press_add().fill(EVIL + " 2").save()
    expect(lst.row(EVIL + " 2").locator(".title")).to_have_text(EVIL + " 2")
    no_injected_markup(page)
    assert api.by_title(EVIL + " 2")["title"] == EVIL + " 2"
    assert api.by_title(EVIL)["id"] == item["id"]
    assert dialogs == [], f"no script ran: {dialogs}"


def test_WEB_pages_and_api_agree_on_create_check_delete(page, server, api):
    lst = ListPage(page, server).open()

    # created through the page → the API lists it; created through the API → the page shows it
    lst = lst.press_add().fill("From page").save()
    assert [i["title"] for i in api.todos()] == ["From page"]
    from_api = api.add("From API")
    lst.open()
    assert lst.todo_titles() == ["From API", "From page"]

    # checked through the page → completed in the API; checked through the API → in Done
    lst.check("From page")
    assert api.by_title("From page")["completed"] is True
    api.patch(from_api, completed=True)
    lst.open()
    assert lst.done_titles() == ["From API", "From page"]
    # unchecked through the API → last of To Do on the page
    api.patch(api.by_title("From page"), completed=False)
    lst.open()
    assert lst.todo_titles() == ["From page"]

    # the API's order follows the page's order
    assert [i["title"] for i in api.todos()] == lst.todo_titles() + lst.done_titles()

    # deleted through the page → gone from the API; deleted through the API → gone from the page
    lst.delete("From API")
    assert [i["title"] for i in api.todos()] == ["From page"]
    api.delete(api.by_title("From page"))
    lst.open()
    expect(lst.empty_state).to_be_visible()
    assert api.todos() == []


def test_NOJS_add_check_delete_and_quick_add_through_plain_forms(nojs_page, server, api):
    page = nojs_page
    assert page.evaluate("1 + 1") == 2  # playwright's own evaluate still works; the page's scripts do not
    lst = ListPage(page, server).open()
    form = lst.press_add()
    # no script: Save is never disabled; a blank title is refused by the server instead
    expect(form.save_button).to_be_enabled()
    with page.expect_navigation():
        form.save_button.click()
    expect(form.error).to_be_visible()
    assert api.todos() == []

    form.fill("Buy milk", details="Two litres")
    lst = form.save()
    assert lst.todo_titles() == ["Buy milk"]
    lst.check("Buy milk")
    assert lst.done_titles() == ["Buy milk"]
    assert api.by_title("Buy milk")["completed"] is True
    lst.uncheck("Buy milk")
    assert lst.todo_titles() == ["Buy milk"]

    # the quick-add control is a plain link to the quick-add page
    with page.expect_navigation():
        lst.quick_add_button.click()
    assert lst.path.startswith("/quick-add")
    quick = QuickAddDialog(page, server)
    expect(quick.root).to_have_count(0)
    expect(quick.option("repeatDays", "mon")).to_be_visible()
    with page.expect_navigation():
        quick.save_button.click()  # empty title: the page again, with a message
    expect(page.get_by_test_id("form-error")).to_be_visible()
    quick.text.fill("Call mom\nabout Sunday")
    quick.option("repeatDays", "sun").check()
    quick.option("estimate", "15").check()
    lst = quick.save()
    assert lst.todo_titles() == ["Buy milk", "Call mom"][::-1]
    item = api.by_title("Call mom")
    assert (item["details"], repeat_days(item), item["estimateMinutes"]) == ("about Sunday", ["sun"], 15)

    # edit with the done toggle, then delete
    form = lst.open_item("Call mom").edit()
    form.fill(done=True)
    expect(form.save_edit().field("status")).to_have_text("Done")
    lst.open()
    assert lst.done_titles() == ["Call mom"]
    assert lst.todo_titles() == ["Call mom", "Buy milk"], "it repeats on Sundays: its next occurrence (REPEAT-1)"
    lst.act(lambda: done_row(lst, "Call mom").locator("[data-testid^=delete-]").click())
    assert [(i["title"], i["completed"]) for i in api.todos()] == [("Call mom", False), ("Buy milk", False)]

    # show unfinished only works as a plain form too
    api.add("Finished", completed=True)
    lst.open().set_unfinished_only(True)
    expect(lst.section("done")).to_have_count(0)


def test_WEB_another_site_cannot_change_the_list(page, server, api):
    """A page from another origin that the user happens to visit posts a form to the app and
    sends the API a request that needs no CORS preflight: the server refuses both (403) and
    nothing changes."""
    keep = api.add("Keep me")
    evil_html = f"""<!doctype html><html lang="en"><title>evil</title>
        <form id="f" method="post" action="{server('/items')}">
        <input name="title" value="Injected by a form"><button>go</button></form>""".encode()

    class EvilPage(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(evil_html)))
            self.end_headers()
            self.wfile.write(evil_html)

        def log_message(self, *args):
            pass

    # another site on this machine: localhost, another port (same loopback address space, so
    # only the app's own origin check stands in the way)
    evil = http.server.ThreadingHTTPServer(("127.0.0.1", 0), EvilPage)
    threading.Thread(target=evil.serve_forever, daemon=True).start()
    answers = []
    page.on("response", lambda r: answers.append((r.request.method, r.url, r.status)) if r.url.startswith(server("/")) else None)
    try:
        page.goto(f"http://localhost:{evil.server_address[1]}/")
        run_attack(page, server, keep, answers)
    finally:
        evil.shutdown()
        evil.server_close()
    assert [item["title"] for item in api.todos()] == ["Keep me"]


def run_attack(page, server, keep, answers):
    # fetch without CORS: a "simple" request the browser sends without asking first
    page.evaluate("""async ([create, remove]) => {
        await fetch(create, {method: "POST", mode: "no-cors", headers: {"Content-Type": "text/plain"},
                             body: JSON.stringify({title: "Injected by fetch"})});
        await fetch(remove, {method: "POST", mode: "no-cors", body: "from=/"});
    }""", [server("/api/todos"), server(f"/items/{keep['id']}/delete")])

    with page.expect_navigation() as navigation:
        page.locator("#f button").click()
    assert navigation.value.status == 403
    expect(page.get_by_test_id("error-message")).to_have_text("Requests from other sites can't change this list.")

    posts = [(method, url.replace(server(""), ""), status) for method, url, status in answers if method == "POST"]
    assert posts == [
        ("POST", "/api/todos", 403),
        ("POST", f"/items/{keep['id']}/delete", 403),
        ("POST", "/items", 403),
    ], posts

"""HTML and script payloads in every text field of an item (title, details, location name, project
name) render as text on every page that shows them, in a real browser: the characters show as
typed, no element is injected and no script runs."""
from __future__ import annotations

from urllib.parse import quote

PAYLOADS = [
    "<script>window.__pwned = 'script'</script>",
    "<img id=pwned src=x onerror=\"window.__pwned='img';alert(1)\">",
    "\"><svg class=pwned onload=\"window.__pwned='svg'\"></svg>",
    "'><b class=pwned>bold</b><a class=pwned href=\"javascript:alert(1)\">x</a>",
    "</textarea><iframe class=pwned srcdoc=\"<script>parent.__pwned='iframe'</script>\"></iframe>",
    "{{7*7}} ${7*7} &amp; &lt;b&gt; %3Cscript%3E",
]


def assert_inert(page, dialogs):
    assert page.evaluate("window.__pwned === undefined"), page.evaluate("window.__pwned")
    assert page.locator("#pwned, .pwned").count() == 0
    assert dialogs == []


def test_html_and_script_in_every_text_field_render_as_text_and_run_nothing(todo_server, in_browser):
    def steps(page):
        dialogs = []
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        client = todo_server.client()
        items = []
        for n, payload in enumerate(PAYLOADS):
            response = client.request("POST", "/api/todos", {
                "title": payload, "details": f"details {n}: {payload}\nsecond line",
                "location": {"name": f"loc {n} {payload}"}, "project": f"proj {n} {payload}"[:200],
                "dueDate": "2026-11-21",
            })
            assert response.status == 201, response
            stored = response.json()
            assert stored["title"] == payload  # stored verbatim
            items.append(stored)
        client.close()
        app = todo_server.base_url

        page.goto(app + "/")
        text = page.locator("body").inner_text()
        for payload in PAYLOADS:
            assert payload in text
        assert_inert(page, dialogs)

        for n, item in enumerate(items):
            page.goto(f"{app}/items/{item['id']}")
            text = page.locator("body").inner_text()
            for shown in (item["title"], f"details {n}: {PAYLOADS[n]}", item["location"]["name"], item["project"]):
                assert shown in text, shown
            assert_inert(page, dialogs)

            page.goto(f"{app}/items/{item['id']}/edit")
            assert page.get_by_test_id("title-input").input_value() == item["title"]
            assert page.get_by_test_id("details-input").input_value() == item["details"]
            assert page.get_by_test_id("location-input").input_value() == item["location"]["name"]
            assert page.get_by_test_id("project-input").input_value() == item["project"]
            assert_inert(page, dialogs)

            page.goto(f"{app}/projects/{quote(item['project'], safe='')}")
            assert item["title"] in page.locator("body").inner_text()
            assert_inert(page, dialogs)

        page.goto(app + "/quick-add")
        assert items[0]["project"] in page.locator("body").inner_text()
        assert_inert(page, dialogs)

    in_browser(steps)


def test_a_payload_typed_into_the_form_is_saved_and_shown_verbatim(todo_server, in_browser):
    # The edit form saves its title as typed; the add form reads it in plain words first
    # (docs/specs/plain-words.md, WORDS-16), which would take the payload's quotes away.
    def steps(page):
        dialogs = []
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        payload = PAYLOADS[1]
        client = todo_server.client()
        created = client.request("POST", "/api/todos", {"title": "To be replaced"}).json()
        page.goto(todo_server.base_url + "/items/" + created["id"] + "/edit")
        page.get_by_test_id("title-input").fill(payload)
        page.get_by_test_id("details-input").fill(PAYLOADS[4])
        page.get_by_test_id("save").click()
        page.wait_for_url(todo_server.base_url + "/")  # back where the form was opened from
        assert payload in page.locator("body").inner_text()
        page.goto(todo_server.base_url + "/items/" + created["id"])
        assert payload in page.locator("body").inner_text()
        assert_inert(page, dialogs)
        [item] = client.request("GET", "/api/todos").json()
        client.close()
        assert item["title"] == payload and item["details"] == PAYLOADS[4]

    in_browser(steps)

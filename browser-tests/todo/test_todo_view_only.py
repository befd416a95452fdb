"""SHARE-13, SHARE-14 (docs/specs/sharing.md) in a browser: bob, a viewer of alice/Groceries,
gets a list and a details page with no control that can't work and says "View only"; the
shortcuts that change a list do nothing there; and a write that still arrives comes back to the
page in place, with the sentence as an alert that takes focus, with and without the script."""
from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, expect

from pages_todo import ListPage

GROCERIES = "/projects/alice%2FGroceries"
SENTENCE = "“alice/Groceries” is shared with you to read only; nothing was changed."
AXE = Axe()


@pytest.fixture
def viewer(browser: Browser, server, api):
    """alice's Groceries (Milk, Bread) shared with bob as viewer; a browser context of bob's."""
    server.add_person("bob")
    milk = api.add("Milk", project="Groceries")
    api.add("Bread", project="Groceries")
    server.todo("share", "Groceries", "--owner", "alice", "--with", "bob", "--role", "viewer")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.set_default_timeout(10_000)
    server.sign_in(context, "bob")
    yield context, milk
    context.close()


def posts(page) -> list[str]:
    """Every POST the page sends from now on."""
    sent: list[str] = []
    page.on("request", lambda request: sent.append(request.url) if request.method == "POST" else None)
    return sent


@pytest.mark.parametrize("server", ["accounts"], indirect=True)
def test_SHARE_13_a_viewer_s_list_and_details_have_no_control_that_can_t_work(viewer, server, api):
    context, milk = viewer
    page = context.new_page()
    lst = ListPage(page, server).open(GROCERIES)
    expect(page.get_by_test_id("view-only")).to_have_text("View only · alice's list")
    assert lst.todo_titles() == ["Bread", "Milk"]
    for control in ["add-title", "add-button", "quick-add-open", f"toggle-{milk['id']}", f"delete-{milk['id']}",
                    f"move-{milk['id']}"]:
        expect(page.get_by_test_id(control)).to_have_count(0)
    # The view-only notice sits where the add field would be: the first row is no lower than it.
    assert lst.box(page.get_by_test_id("view-only"))["y"] < lst.box(lst.row("Bread"))["y"]
    results = AXE.run(page)
    assert results.violations_count == 0, results.generate_report()

    # The shortcuts that change a list do nothing; j moves between rows; ? lists only what works.
    sent = posts(page)
    page.keyboard.press("j")
    expect(page.locator(":focus")).to_have_attribute("href", re.compile(r"^/items/"))
    for key in ["x", "Delete", "Alt+ArrowDown", "n", "e"]:
        page.keyboard.press(key)
    page.keyboard.press("j")  # a later key's effect shows once the ones before were handled
    expect(page.locator(":focus")).to_have_attribute("href", re.compile(f"^/items/{milk['id']}"))
    assert lst.path == GROCERIES and sent == []
    assert lst.todo_titles() == ["Bread", "Milk"] and lst.done_titles() == []
    page.keyboard.press("?")
    dialog = page.get_by_test_id("shortcuts-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("kbd")).to_have_text(["/", "j", "k", "?"])
    page.keyboard.press("Escape")

    # The details page: its fields, no Edit, no subtask form, no move or check or delete.
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.get_by_test_id("item-title")).to_have_text("Milk")
    expect(page.get_by_test_id("view-only")).to_have_text("View only · alice's list")
    for control in ["edit", "add-subtask-title", "move-up", "toggle", "details-delete"]:
        expect(page.get_by_test_id(control)).to_have_count(0)
    assert api.by_title("Milk")["completed"] is False


@pytest.mark.parametrize("server", ["accounts"], indirect=True)
def test_SHARE_14_a_write_that_still_arrives_comes_back_in_place_with_the_sentence(viewer, server, api):
    context, milk = viewer
    page = context.new_page()
    lst = ListPage(page, server).open(GROCERIES)
    # A form made by hand (or left from before the share changed), sent the way the page's own are.
    lst.act(lambda: page.evaluate(
        """([id, from_]) => {
             const form = document.createElement('form');
             form.method = 'post'; form.action = '/items/' + id + '/done'; form.setAttribute('data-in-place', '');
             form.innerHTML = '<input type=hidden name=from value="' + from_ + '"><input type=hidden name=done value=1>';
             document.querySelector('#page main, #page').appendChild(form);
             form.requestSubmit();
           }""", [milk["id"], GROCERIES]))
    alert = page.get_by_test_id("refused")
    expect(alert).to_have_text(SENTENCE)
    expect(alert).to_have_attribute("role", "alert")
    expect(alert).to_be_focused()
    assert lst.path == GROCERIES, "the same page, in place"
    assert lst.todo_titles() == ["Bread", "Milk"]
    assert api.by_title("Milk")["completed"] is False
    # Said once: the next visit has no sentence.
    lst.open(GROCERIES)
    expect(page.get_by_test_id("view-only")).to_be_visible()
    expect(page.get_by_test_id("refused")).to_have_count(0)


@pytest.mark.parametrize("server", ["accounts"], indirect=True)
def test_SHARE_14_without_a_script_the_refused_write_shows_the_same_page_with_the_sentence(browser: Browser, server, api):
    server.add_person("bob")
    milk = api.add("Milk", project="Groceries")
    server.todo("share", "Groceries", "--owner", "alice", "--with", "bob", "--role", "viewer")
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1280, "height": 800})
    context.set_default_timeout(10_000)
    server.sign_in(context, "bob")
    try:
        page = context.new_page()
        # The edit form's address, typed in: the details page says why there is none.
        page.goto(server(f"/items/{milk['id']}/edit"))
        expect(page.get_by_test_id("item-title")).to_have_text("Milk")
        expect(page.get_by_test_id("refused")).to_have_text(SENTENCE)
        # A delete sent from an old page: back on the list, which says why.
        sent = context.request.post(server(f"/items/{milk['id']}/delete"), form={"from": GROCERIES},
                                    headers={"Origin": server.url}, max_redirects=0)
        assert sent.status == 303, sent.status
        answer = page.goto(server(GROCERIES))
        assert answer.status == 403
        expect(page.get_by_test_id("refused")).to_have_text(SENTENCE)
        expect(page.locator("li.row .title")).to_have_text(["Milk"])
        assert [item["title"] for item in api.todos()] == ["Milk"]
    finally:
        context.close()

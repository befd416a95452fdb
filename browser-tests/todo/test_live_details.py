"""The details page and the edit form follow their item (docs/specs/live.md, LIVE-12, LIVE-13,
LIVE-14): two browser contexts on one server, or a page and the API. A change made elsewhere
shows on the details page within 2 s, highlighted and said once; an item deleted elsewhere is
said so there, with the way back. An edit form says at once that its item changed, keeps what
was typed, and its save merges (MERGE-1) or shows the conflict page (MERGE-2). Without a
script, both pages are as they were."""
from __future__ import annotations

import re

import pytest

from playwright.sync_api import expect

from live_follow import event_count, listening, new_context, refetches, wait_for_event
from pages_todo import DetailsPage, ItemFormPage, ListPage, track_documents
from todo_server import MODES
from waiting import assert_nothing_can_change

FOLLOW_TIMEOUT = 2_000  # ms: LIVE-15's "within 2 s"
CHANGED = re.compile(r"\blive-changed\b")


def open_page(browser, server, path: str):
    """`path` open in a new context of its own (a second tab of another browser, in effect),
    its stream recorded, and its timers on a clock the test may run ahead (time passes as usual
    until it does)."""
    context = new_context(browser)
    server.sign_in(context)
    page = context.new_page()
    page.clock.install()
    page.goto(server(path))
    return page


def refreshes(page) -> int:
    return int(page.locator("html").get_attribute("data-live-refreshes") or "0")


def open_details(browser, server, item: dict, source: str = "/") -> DetailsPage:
    page = open_page(browser, server, f"/items/{item['id']}?from={source}")
    details = DetailsPage(page, server)
    expect(details.title).to_be_visible()
    listening(page)
    return details


def open_form(browser, server, item: dict) -> ItemFormPage:
    page = open_page(browser, server, f"/items/{item['id']}/edit?from=/")
    form = ItemFormPage(page, server)
    expect(form.title_input).to_be_visible()
    listening(page)
    return form


@pytest.mark.parametrize("server", MODES, indirect=True)
def test_LIVE_12_an_edit_made_in_another_context_shows_on_the_details_page_highlighted(browser, server, api):
    item = api.add("Buy milk", details="2 litres")
    b = open_details(browser, server, item)
    a = open_form(browser, server, item)
    try:
        loads = track_documents(b.page)
        a.fill("Buy oat milk")
        a.save()
        expect(b.title).to_have_text("Buy oat milk", timeout=FOLLOW_TIMEOUT)
        expect(b.title).to_have_class(CHANGED)
        expect(b.field("details")).not_to_have_class(CHANGED)
        expect(b.page.get_by_test_id("announcer")).to_have_text("This item changed elsewhere.")
        assert "Buy oat milk" in b.page.title()
        # The highlight lasts 2 s, then goes.
        expect(b.title).not_to_have_class(CHANGED, timeout=3_000)

        api.patch(item, details="1 litre", dueDate="2030-01-02")
        expect(b.field("details")).to_have_text("1 litre", timeout=FOLLOW_TIMEOUT)
        expect(b.field("details")).to_have_class(CHANGED)
        expect(b.field("due-date")).to_have_class(CHANGED)  # a field that appears is a change too
        expect(b.title).not_to_have_class(CHANGED)
        assert loads == [], f"B was never reloaded: {loads}"
    finally:
        a.page.context.close()
        b.page.context.close()


def test_LIVE_12_the_page_s_own_check_is_neither_highlighted_nor_said_again(browser, server, api):
    item = api.add("Water the plants")
    b = open_details(browser, server, item)
    try:
        before = refreshes(b.page)
        b.toggle()
        expect(b.field("status")).to_have_text("Done")
        # Its own change comes back as an event: the page asks, finds nothing new, and stays.
        b.page.wait_for_function(
            "before => Number(document.documentElement.getAttribute('data-live-refreshes') || 0) > before", arg=before)
        # Had that refresh swapped the page, it would have emptied the announcer (to say “This
        # item changed elsewhere.” 50 ms later) and highlighted the status before it was counted.
        assert "live-changed" not in (b.field("status").get_attribute("class") or "")
        expect(b.page.get_by_test_id("announcer")).to_have_text("Checked “Water the plants”")
    finally:
        b.page.context.close()


def test_LIVE_12_a_change_about_another_item_fetches_nothing(browser, server, api):
    item = api.add("Mine")
    other = api.add("Another")
    b = open_details(browser, server, item)
    try:
        api.patch(other, title="Another, renamed")
        third = api.add("A third")
        # Both changes reached the page, and LIVE-15's 2 s have passed for its timers: a refresh
        # either of them scheduled has asked by now.
        wait_for_event(b, f"e => e.data && e.data.item === {third['id'].lower()!r}")
        b.page.clock.run_for(FOLLOW_TIMEOUT)
        assert refetches(b.page) == []
        api.patch(item, title="Mine, renamed")
        expect(b.title).to_have_text("Mine, renamed", timeout=FOLLOW_TIMEOUT)
        asked = refetches(b.page)
        assert len(asked) == 1 and f"/items/{item['id']}" in asked[0], asked
    finally:
        b.page.context.close()


def test_LIVE_12_an_item_deleted_elsewhere_says_so_and_offers_the_way_back(browser, server, api):
    item = api.add("Paint the fence", project="Home")
    b = open_details(browser, server, item, source="/projects/Home")
    try:
        loads = track_documents(b.page)
        notice = b.page.get_by_test_id("live-gone")
        expect(notice).to_be_hidden()
        b.toggle_button.focus()
        api.delete(item)
        expect(notice).to_be_visible(timeout=FOLLOW_TIMEOUT)
        expect(notice).to_have_text("This item was deleted elsewhere. Back to the list")
        expect(b.page.get_by_test_id("live-notices")).to_have_attribute("role", "status")
        # The page stays (no error page) and hides what can no longer work.
        expect(b.title).to_have_text("Paint the fence")
        assert b.page.get_by_test_id("error-message").count() == 0
        for hidden in ("edit", "toggle", "move-up", "move-down", "details-delete"):
            expect(b.page.get_by_test_id(hidden)).to_be_hidden()
        expect(b.page.get_by_test_id("live-gone-back")).to_be_focused()  # focus was on Check, now hidden
        assert loads == [], f"B was never reloaded: {loads}"

        # Restored from the Trash, the item shows again.
        status, body = api.request("POST", f"/api/trash/{item['id']}/restore")
        assert status == 200, body
        expect(notice).to_be_hidden(timeout=FOLLOW_TIMEOUT)
        expect(b.toggle_button).to_be_visible()

        api.delete(item)
        expect(notice).to_be_visible(timeout=FOLLOW_TIMEOUT)
        with b.page.expect_navigation():
            b.page.get_by_test_id("live-gone-back").click()
        home = ListPage(b.page, server)
        expect(home.heading).to_have_text("Home")
        assert home.path == "/projects/Home"
    finally:
        b.page.context.close()


@pytest.mark.parametrize("server", MODES, indirect=True)
def test_LIVE_13_another_field_changed_elsewhere_shows_a_notice_keeps_the_typing_and_the_save_merges(browser, server, api):
    item = api.add("Run", details="5 km", project="Health")
    b = open_form(browser, server, item)
    a = open_form(browser, server, item)
    try:
        loads = track_documents(b.page)
        version = b.page.locator("input[name=version]").get_attribute("value")
        notice = b.page.get_by_test_id("live-stale")
        expect(notice).to_be_hidden()
        b.title_input.fill("Walk")  # typing, the focus in the field
        a.fill(details="10 km")
        a.save()
        expect(notice).to_be_visible(timeout=FOLLOW_TIMEOUT)
        expect(notice).to_contain_text("This item changed elsewhere since you opened it.")
        expect(b.page.get_by_test_id("live-notices")).to_have_attribute("role", "status")
        # Nothing the person typed, nor what the form will send to merge with, was replaced.
        expect(b.title_input).to_have_value("Walk")
        expect(b.title_input).to_be_focused()
        expect(b.details_input).to_have_value("5 km")
        assert b.page.locator("input[name=version]").get_attribute("value") == version
        assert b.page.locator("input[name=baseDetails]").get_attribute("value") == "5 km"
        assert loads == [], f"B was never reloaded: {loads}"

        b.save()
        assert b.page.get_by_test_id("conflict").count() == 0
        stored = api.by_title("Walk")
        assert stored["details"] == "10 km" and stored["project"] == "Health", stored
    finally:
        a.page.context.close()
        b.page.context.close()


def test_LIVE_13_the_same_field_changed_elsewhere_ends_on_the_conflict_page(browser, server, api):
    item = api.add("Run", details="5 km")
    b = open_form(browser, server, item)
    try:
        b.title_input.fill("Walk")
        api.patch(item, title="Swim")
        expect(b.page.get_by_test_id("live-stale")).to_be_visible(timeout=FOLLOW_TIMEOUT)
        expect(b.title_input).to_have_value("Walk")
        b.act(lambda: b.save_button.click())
        conflict = b.page.get_by_test_id("conflict")
        expect(conflict).to_be_visible()
        row = b.page.get_by_test_id("conflict-row-title")
        expect(row).to_have_attribute("data-conflict", "")
        expect(row.locator("mark")).to_have_text(["Swim", "Walk"])
        # The conflict page does not follow: a later change reaches the page's stream (opened
        # by the form), and 2 s later on the page's clock it has asked for nothing.
        asked, seen = len(refetches(b.page)), event_count(b.page)
        api.patch(api.by_title("Swim"), details="pool")
        wait_for_event(b, f"e => e.data && e.data.item === {item['id'].lower()!r}", after=seen)
        b.page.clock.run_for(FOLLOW_TIMEOUT)
        assert refetches(b.page)[asked:] == []
        expect(conflict).to_be_visible()
        with b.page.expect_navigation():  # "Keep mine" is a plain form
            b.page.get_by_test_id("keep-mine").click()
        assert api.by_title("Walk")["details"] == "pool"
    finally:
        b.page.context.close()


def test_LIVE_13_a_move_elsewhere_changes_nothing_the_form_shows_and_says_nothing(browser, server, api):
    item = api.add("First")
    api.add("Second")  # new items come first: Second, First
    b = open_form(browser, server, item)
    try:
        before = refreshes(b.page)
        b.title_input.fill("First, renamed")
        server.todo("move", str(item["number"]), "--to", "1")
        b.page.wait_for_function(
            "before => Number(document.documentElement.getAttribute('data-live-refreshes') || 0) > before", arg=before)
        assert [row["title"] for row in api.todos()][0] == "First", "moved"
        expect(b.page.get_by_test_id("live-stale")).to_be_hidden()
        expect(b.title_input).to_have_value("First, renamed")
    finally:
        b.page.context.close()


def test_LIVE_13_an_item_deleted_while_editing_says_so_and_keeps_the_typing(browser, server, api):
    item = api.add("Call the plumber")
    b = open_form(browser, server, item)
    try:
        b.details_input.fill("Ask about the boiler")
        api.delete(item)
        expect(b.page.get_by_test_id("live-gone")).to_be_visible(timeout=FOLLOW_TIMEOUT)
        expect(b.page.get_by_test_id("live-gone")).to_have_text("This item was deleted elsewhere. Back to the list")
        expect(b.save_button).to_be_hidden()
        expect(b.details_input).to_have_value("Ask about the boiler")
        expect(b.page.get_by_test_id("live-gone-back")).to_have_attribute("href", "/")
    finally:
        b.page.context.close()


def test_LIVE_14_without_a_script_the_details_page_and_the_form_are_as_before(nojs_page, server, api):
    item = api.add("Run", details="5 km")
    page = nojs_page
    loaded = page.goto(server(f"/items/{item['id']}?from=/"))
    details = DetailsPage(page, server)
    expect(details.title).to_have_text("Run")
    expect(page.get_by_test_id("live-gone")).to_be_hidden()
    api.patch(item, title="Jog")
    # Nothing follows: the page has loaded, and nothing but a script could change it now.
    assert_nothing_can_change(page.locator("main"), loaded)
    expect(details.title).to_have_text("Run")  # the next load shows it
    page.reload()
    expect(details.title).to_have_text("Jog")

    form = details.edit()
    expect(page.get_by_test_id("live-stale")).to_be_hidden()
    expect(page.get_by_test_id("live-gone")).to_be_hidden()
    form.fill(details="10 km")
    api.patch(api.by_title("Jog"), dueDate="2030-01-02")
    with page.expect_navigation():
        form.save_button.click()
    expect(details.title).to_have_text("Jog")  # OK on the form opened from the details: back there
    stored = api.by_title("Jog")
    assert stored["details"] == "10 km" and stored["dueDate"] == "2030-01-02", stored

    api.delete(stored)
    page.reload()
    expect(page.get_by_test_id("error-message")).to_be_visible()  # as before: the item is gone


@pytest.mark.parametrize("server", ["accounts"], indirect=True)
def test_LIVE_12_an_item_no_longer_shared_says_so_on_the_other_person_s_details_page(browser, server, api):
    item = api.add("Paint the fence", project="Home")  # alice's
    server.add_person("bob")
    server.todo("share", "Home", "--owner", "alice", "--with", "bob", "--role", "viewer")
    context = new_context(browser)
    server.sign_in(context, "bob")
    page = context.new_page()
    try:
        page.goto(server(f"/items/{item['id']}?from=/"))
        details = DetailsPage(page, server)
        expect(details.title).to_have_text("Paint the fence")
        listening(page)
        server.todo("unshare", "Home", "--owner", "alice", "--with", "bob")
        expect(page.get_by_test_id("live-gone")).to_be_visible(timeout=FOLLOW_TIMEOUT)
        expect(page.get_by_test_id("live-gone-back")).to_have_attribute("href", "/")
    finally:
        context.close()

"""Undo and the Trash (docs/specs/trash.md): right after a delete the list offers “Deleted “X” ·
Undo” for 8 seconds; Undo and Ctrl+Z put the row back at its place, in place; the Trash page
restores, deletes forever and empties (after asking) — with the script, and without one."""

from __future__ import annotations

import re

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from pages_todo import BasePage, ListPage, focused_test_id, track_documents
from waiting import assert_nothing_can_change

AXE = Axe()


class TrashPage(BasePage):
    """``/trash`` and its confirmation ``/trash/empty``."""

    def open(self) -> "TrashPage":
        self.goto("/trash")
        expect(self.heading).to_be_visible()
        return self

    @property
    def heading(self):
        return self.page.get_by_test_id("trash-title")

    def titles(self) -> list[str]:
        return [t.strip() for t in self.page.locator("main li.trash-row .title").all_inner_texts()]

    def row(self, title: str):
        return self.page.locator("main li.trash-row").filter(has_text=title)

    def restore(self, title: str) -> "TrashPage":
        self.act(lambda: self.page.get_by_role("button", name=f"Restore “{title}”").click())
        return self

    def delete_forever(self, title: str) -> "TrashPage":
        self.act(lambda: self.page.get_by_role("button", name=f"Delete “{title}” forever").click())
        return self


def seed(api, count: int) -> list[str]:
    """`count` to-do items; the list shows them newest first, so row n is ``Item n``."""
    for n in range(count, 0, -1):
        api.add(f"Item {n:02d}")
    return [f"Item {n:02d}" for n in range(1, count + 1)]


def trash_titles(api) -> list[str]:
    status, body = api.request("GET", "/api/trash")
    assert status == 200, body
    return [item["title"] for item in body]


def test_UNDO_1_UNDO_2_delete_then_undo_restores_the_row_at_its_place_in_place(page, server, api):
    titles = seed(api, 5)
    lst = ListPage(page, server).open()
    loads = track_documents(page)

    lst.delete("Item 03")

    notice = page.get_by_test_id("undo-notice")
    expect(notice).to_have_text("Deleted “Item 03” · Undo")
    expect(notice).to_have_attribute("role", "status")
    assert lst.todo_titles() == ["Item 01", "Item 02", "Item 04", "Item 05"]
    assert trash_titles(api) == ["Item 03"]

    lst.act(lambda: page.get_by_test_id("undo").click())

    assert loads == [], f"no new document: {loads}"
    assert lst.todo_titles() == titles, "back between Item 02 and Item 04"
    expect(notice).to_have_count(0)
    assert focused_test_id(page) == lst.toggle_button("Item 03").get_attribute("data-testid")
    expect(page.get_by_test_id("announcer")).to_have_text("Restored “Item 03”")
    assert trash_titles(api) == []
    assert api.by_title("Item 03")["version"] == 2


def test_UNDO_3_ctrl_z_restores_but_not_while_typing(page, server, api):
    titles = seed(api, 3)
    lst = ListPage(page, server).open()
    lst.delete("Item 02")
    expect(page.get_by_test_id("undo-notice")).to_be_visible()

    field = page.get_by_test_id("add-title")
    field.fill("half a title")
    swaps = lst.swaps()
    field.press("Control+z")  # the field's own undo, not ours
    # Keys are handled in order: once a later key has typed into the field, Ctrl+Z has been handled.
    field.press("!")
    expect(field).to_have_value(re.compile("!$"))
    lst.assert_no_action_since(swaps)
    assert lst.todo_titles() == ["Item 01", "Item 03"]
    assert trash_titles(api) == ["Item 02"]

    page.locator("#main").focus()
    lst.act(lambda: page.keyboard.press("Control+z"))

    assert lst.todo_titles() == titles
    expect(page.get_by_test_id("undo-notice")).to_have_count(0)
    assert focused_test_id(page) == lst.toggle_button("Item 02").get_attribute("data-testid")
    expect(page.get_by_test_id("announcer")).to_have_text("Restored “Item 02”")


def test_UNDO_1_the_notice_goes_away_after_8_seconds(page, server, api):
    seed(api, 2)
    # The page's timers run on a clock the test moves: 8 seconds pass at once.
    page.clock.install()
    lst = ListPage(page, server).open()
    before = page.evaluate("() => Date.now()")
    lst.delete("Item 01")
    notice = page.get_by_test_id("undo-notice")
    expect(notice).to_be_visible()
    shown = page.evaluate("() => Date.now()")  # its 8 seconds started between `before` and now
    page.clock.pause_at((before + 7_900) / 1000)  # Python's clock takes seconds
    expect(notice).to_be_visible()  # still there just before its 8 seconds are up
    page.clock.run_for(shown + 8_000 - (before + 7_900))
    expect(notice).to_have_count(0)
    # Once it has gone, Ctrl+Z does nothing: the item stays in the Trash. Keys are handled in
    # order: once “j” has moved the focus to a row, Ctrl+Z has been handled.
    swaps = lst.swaps()
    page.locator("#main").focus()
    page.keyboard.press("Control+z")
    page.keyboard.press("j")
    expect(lst.toggle_button("Item 02")).to_be_focused()
    lst.assert_no_action_since(swaps)
    assert trash_titles(api) == ["Item 01"]


def test_UNDO_4_a_second_delete_replaces_the_notice(page, server, api):
    seed(api, 3)
    lst = ListPage(page, server).open()
    lst.delete("Item 01")
    lst.delete("Item 03")
    expect(page.get_by_test_id("undo-notice")).to_have_text("Deleted “Item 03” · Undo")
    lst.act(lambda: page.get_by_test_id("undo").click())
    assert lst.todo_titles() == ["Item 02", "Item 03"]
    assert trash_titles(api) == ["Item 01"]


def test_UNDO_1_UNDO_2_without_script_the_notice_stays_and_undo_is_a_form(nojs_page, server, api):
    titles = seed(api, 3)
    lst = ListPage(nojs_page, server).open()
    with nojs_page.expect_response(lambda r: r.request.resource_type == "document" and r.status == 200) as shown:
        lst.delete("Item 02")
    notice = nojs_page.get_by_test_id("undo-notice")
    expect(notice).to_have_text("Deleted “Item 02” · Undo")
    # No script: nothing takes it away (no refresh, no animation); it stays until the next page.
    assert_nothing_can_change(notice, shown.value)
    expect(notice).to_be_visible()
    lst.act(lambda: nojs_page.get_by_test_id("undo").click())
    assert lst.todo_titles() == titles
    expect(notice).to_have_count(0)
    assert lst.path == "/"


def test_UNDO_1_a_delete_from_the_details_page_offers_undo_on_the_list(page, server, api):
    seed(api, 2)
    ListPage(page, server).open().open_item("Item 02")
    with page.expect_navigation():
        page.get_by_test_id("details-delete").click()
    lst = ListPage(page, server)
    expect(page.get_by_test_id("undo-notice")).to_have_text("Deleted “Item 02” · Undo")
    lst.act(lambda: page.get_by_test_id("undo").click())
    assert lst.todo_titles() == ["Item 01", "Item 02"]


def test_TRASH_9_trash_page_restores_and_deletes_forever_in_place(page, server, api):
    seed(api, 4)
    for title in ["Item 04", "Item 02", "Item 03"]:
        api.delete(api.by_title(title))
    lst = ListPage(page, server).open()
    with page.expect_navigation():
        lst.nav_link("Trash").click()
    trash = TrashPage(page, server)
    expect(trash.heading).to_have_text("Trash")
    assert trash.titles() == ["Item 03", "Item 02", "Item 04"], "newest first"
    expect(trash.row("Item 03")).to_contain_text("Deleted just now")
    expect(trash.row("Item 03")).to_contain_text("Deleted forever in 29 days")
    loads = track_documents(page)

    trash.restore("Item 03")

    assert loads == []
    assert trash.titles() == ["Item 02", "Item 04"]
    expect(page.get_by_test_id("announcer")).to_have_text("Restored “Item 03” to To Do")
    assert focused_test_id(page).startswith("restore-"), "on the next row's Restore"

    trash.delete_forever("Item 02")
    assert trash.titles() == ["Item 04"]
    expect(page.get_by_test_id("announcer")).to_have_text("Deleted “Item 02” forever")
    assert [item["title"] for item in api.todos()] == ["Item 01", "Item 03"]
    assert trash_titles(api) == ["Item 04"]


def test_TRASH_10_empty_trash_asks_first(page, server, api):
    seed(api, 3)
    for title in ["Item 01", "Item 02"]:
        api.delete(api.by_title(title))
    trash = TrashPage(page, server).open()
    loads = track_documents(page)
    trash.act(lambda: page.get_by_test_id("empty-trash").click())
    expect(page.get_by_test_id("confirm-question")).to_have_text("Delete 2 items forever?")
    assert trash.path == "/trash/empty"
    trash.act(lambda: page.get_by_test_id("cancel-empty").click())
    assert trash.titles() == ["Item 02", "Item 01"], "Cancel changes nothing"

    trash.act(lambda: page.get_by_test_id("empty-trash").click())
    trash.act(lambda: page.get_by_test_id("confirm-empty").click())

    assert loads == []
    expect(page.get_by_test_id("trash-empty")).to_have_text("The Trash is empty.")
    assert trash.path == "/trash"
    assert trash_titles(api) == []
    assert [item["title"] for item in api.todos()] == ["Item 03"]


def test_TRASH_9_TRASH_10_without_script_every_trash_action_is_a_form(nojs_page, server, api):
    seed(api, 4)
    for title in ["Item 01", "Item 02", "Item 03"]:
        api.delete(api.by_title(title))
    trash = TrashPage(nojs_page, server).open()
    trash.restore("Item 02")
    trash.delete_forever("Item 01")
    assert trash.titles() == ["Item 03"]
    trash.act(lambda: nojs_page.get_by_test_id("empty-trash").click())
    expect(nojs_page.get_by_test_id("confirm-question")).to_have_text("Delete 1 item forever?")
    trash.act(lambda: nojs_page.get_by_test_id("confirm-empty").click())
    expect(nojs_page.get_by_test_id("trash-empty")).to_be_visible()
    lst = ListPage(nojs_page, server).open()
    assert lst.todo_titles() == ["Item 02", "Item 04"], "restored at its place"


def test_TRASH_1_SAVE_3_the_trash_is_kept_across_a_restart(page, server, api):
    seed(api, 3)
    api.delete(api.by_title("Item 02"))
    server.restart()
    lst = ListPage(page, server).open()
    assert lst.todo_titles() == ["Item 01", "Item 03"], "SAVE-3: still gone from the list"
    trash = TrashPage(page, server).open()
    trash.restore("Item 02")
    assert [item["title"] for item in api.todos()] == ["Item 01", "Item 02", "Item 03"]


def test_TRASH_accessibility_of_the_notice_the_trash_and_its_confirmation(browser, server, api):
    seed(api, 2)
    for scheme in ["light", "dark"]:
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=scheme)
        ctx.set_default_timeout(10_000)
        page = ctx.new_page()
        lst = ListPage(page, server).open()
        lst.delete("Item 01")
        expect(page.get_by_test_id("undo-notice")).to_be_visible()
        results = AXE.run(page)
        assert results.violations_count == 0, f"{scheme} list with notice\n{results.generate_report()}"
        trash = TrashPage(page, server).open()
        results = AXE.run(page)
        assert results.violations_count == 0, f"{scheme} trash\n{results.generate_report()}"
        trash.act(lambda: page.get_by_test_id("empty-trash").click())
        results = AXE.run(page)
        assert results.violations_count == 0, f"{scheme} confirm\n{results.generate_report()}"
        trash.act(lambda: page.get_by_test_id("cancel-empty").click())
        trash.restore("Item 01")
        ctx.close()

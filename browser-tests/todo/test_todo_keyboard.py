"""Keyboard shortcuts on the list pages (KEY-1 … KEY-6, docs/specs/keyboard-reorder-merge.md):
each one presses a control the server rendered, and none fires while typing."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from pages_todo import ListPage


def focused(page: Page) -> str:
    return page.evaluate(
        "() => document.activeElement === document.body ? 'BODY'"
        " : (document.activeElement.getAttribute('data-testid') || document.activeElement.tagName)")


def focused_row_title(page: Page) -> str | None:
    return page.evaluate(
        "() => { const row = document.activeElement && document.activeElement.closest('[data-row]');"
        " return row ? row.querySelector('.title').textContent.trim() : null; }")


def seed(api, titles):
    for title in reversed(titles):
        api.add(title)


def test_KEY_1_n_focuses_the_add_field_and_slash_the_search(page, server, api):
    seed(api, ["A", "B"])
    lst = ListPage(page, server).open()
    page.locator("body").click(position={"x": 5, "y": 300})
    page.keyboard.press("n")
    assert focused(page) == "add-title"
    expect(page.get_by_test_id("add-title")).to_have_value("")  # the key itself is not typed
    page.get_by_test_id("add-title").blur()
    page.keyboard.press("/")
    expect(page.get_by_test_id("search-field")).to_be_focused()
    expect(page.get_by_test_id("search-field")).to_have_value("")  # the key itself is not typed
    assert lst.todo_titles() == ["A", "B"]


def test_KEY_2_j_and_k_move_between_rows_with_a_visible_mark(page, server, api):
    seed(api, ["A", "B", "C"])
    lst = ListPage(page, server).open()
    lst.toggle_button("C").click()  # one done row: j goes on into Done
    page.wait_for_function("() => document.querySelectorAll('[data-testid=section-done] [data-row]').length === 1")
    page.locator("body").click(position={"x": 5, "y": 300})
    page.keyboard.press("j")
    assert focused_row_title(page) == "A"
    page.keyboard.press("j")
    assert focused_row_title(page) == "B"
    page.keyboard.press("j")
    assert focused_row_title(page) == "C"
    page.keyboard.press("j")  # stays on the last
    assert focused_row_title(page) == "C"
    page.keyboard.press("k")
    assert focused_row_title(page) == "B"
    shadow = lst.row("B").evaluate("row => getComputedStyle(row).boxShadow")
    assert shadow != "none", "the focused row is marked"
    assert lst.row("A").evaluate("row => getComputedStyle(row).boxShadow") == "none"


def test_KEY_3_x_checks_e_edits_and_delete_deletes_the_focused_row(page, server, api):
    seed(api, ["A", "B", "C"])
    lst = ListPage(page, server).open()
    page.keyboard.press("j")
    lst.act(lambda: page.keyboard.press("x"))
    assert lst.done_titles() == ["A"]
    expect(page.get_by_test_id("announcer")).to_have_text("Checked “A”")
    assert api.by_title("A")["completed"] is True
    # Focus is on a row again (the one now in A's place): Delete removes it.
    assert focused_row_title(page) == "B"
    lst.act(lambda: page.keyboard.press("Delete"))
    assert "B" not in lst.todo_titles()
    assert [item["title"] for item in api.todos() if item["title"] == "B"] == []
    page.keyboard.press("j")
    title = focused_row_title(page)
    with page.expect_navigation():
        page.keyboard.press("e")
    expect(page.get_by_test_id("title-input")).to_have_value(title)
    assert "/edit" in page.url


def test_KEY_4_alt_arrows_move_the_focused_row(page, server, api):
    seed(api, ["A", "B", "C"])
    lst = ListPage(page, server).open()
    lst.toggle_button("A").focus()
    lst.act(lambda: page.keyboard.press("Alt+ArrowDown"))
    assert lst.todo_titles() == ["B", "A", "C"]
    expect(page.get_by_test_id("announcer")).to_have_text("Moved “A” to position 2 of To Do")
    assert focused_row_title(page) == "A"
    lst.act(lambda: page.keyboard.press("Alt+ArrowDown"))
    assert lst.todo_titles() == ["B", "C", "A"]
    lst.act(lambda: page.keyboard.press("Alt+ArrowUp"))
    assert lst.todo_titles() == ["B", "A", "C"]
    assert [item["title"] for item in api.todos()] == ["B", "A", "C"]


def test_KEY_5_question_mark_lists_the_shortcuts_and_escape_closes(page, server, api):
    seed(api, ["A"])
    ListPage(page, server).open()
    dialog = page.get_by_test_id("shortcuts-dialog")
    expect(dialog).to_be_hidden()
    page.keyboard.press("?")
    expect(dialog).to_be_visible()
    expect(page.get_by_role("dialog", name="Keyboard shortcuts")).to_be_visible()
    for words in ["Add a to-do", "Next / previous row", "Check or uncheck the row", "Edit the row", "Delete the row",
                  "Move the row up / down", "Undo the last delete", "Show these shortcuts"]:
        expect(dialog).to_contain_text(words)
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()
    page.keyboard.press("j")  # no shortcut while the dialog is open
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    page.keyboard.press("?")
    expect(dialog).to_be_visible()
    page.get_by_test_id("shortcuts-close").click()
    expect(dialog).to_be_hidden()


def test_KEY_6_no_shortcut_fires_while_typing_or_with_ctrl(page, server, api):
    seed(api, ["A", "B"])
    lst = ListPage(page, server).open()
    field = page.get_by_test_id("add-title")
    field.click()
    page.keyboard.type("jkx?n/e")
    expect(field).to_have_value("jkx?n/e")
    expect(page.get_by_test_id("shortcuts-dialog")).to_be_hidden()
    assert lst.done_titles() == []
    field.fill("")
    lst.toggle_button("A").focus()
    page.keyboard.press("Control+j")
    assert focused_row_title(page) == "A"
    swaps = lst.swaps()
    page.keyboard.press("Meta+x")
    # Keys are handled in order: once “j” has moved the focus on, Meta+x has been handled.
    page.keyboard.press("j")
    expect(lst.toggle_button("B")).to_be_focused()
    lst.assert_no_action_since(swaps)
    assert lst.done_titles() == []

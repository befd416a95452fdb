"""SAVE-1..3: what is added, changed or deleted through the pages survives a restart of the
server on the same database file."""

import re

import pytest
from playwright.sync_api import expect

from todo_server import MODES
from pages_todo import ListPage


def done_row(lst: ListPage, title: str):
    """The Done row titled ``title``: a repeating item checked has a To Do namesake, its next
    occurrence (REPEAT-1)."""
    rows = lst.rows("done").filter(has=lst.page.locator(".title", has_text=re.compile(f"^{re.escape(title)}$")))
    expect(rows).to_have_count(1)
    return rows


# Run in each way of serving (issue 16: one person, accounts, PostgreSQL).
@pytest.mark.parametrize("server", MODES, indirect=True)
def test_SAVE_1_added_item_is_there_after_restart(page, server, api):
    lst = ListPage(page, server).open()
    lst = lst.press_add().fill("Buy milk", details="Two litres", project="Home").save()
    assert lst.todo_titles() == ["Buy milk"]
    old_pid = server.pid

    server.restart()
    assert server.pid != old_pid
    lst.open()
    assert lst.todo_titles() == ["Buy milk"]
    details = lst.open_item("Buy milk")
    expect(details.field("details")).to_have_text("Two litres")
    expect(details.field("project")).to_have_text("Home")


def test_SAVE_2_changed_item_shows_latest_state_after_restart(page, server, api):
    api.add("Other")
    api.add("Buy milk")
    lst = ListPage(page, server).open()
    form = lst.open_item("Buy milk").edit()
    form.fill("Buy oat milk", details="Barista edition", due="2030-03-07", location="Corner shop",
              estimate="30m", repeat=["mon", "thu"], done=True)
    details = form.save_edit()
    expect(details.title).to_have_text("Buy oat milk")
    lst = details.go_back()
    assert lst.done_titles() == ["Buy oat milk"]
    # It repeats: checked, its next occurrence came (REPEAT-1); unchecked the same day, it goes (REPEAT-3).
    assert lst.todo_titles() == ["Buy oat milk", "Other"]
    lst.act(lambda: done_row(lst, "Buy oat milk").locator("[data-testid^=toggle-]").click())
    assert lst.todo_titles() == ["Other", "Buy oat milk"]
    lst.check("Other")

    server.restart()
    lst.open()
    assert lst.todo_titles() == ["Buy oat milk"]
    assert lst.done_titles() == ["Other"]
    assert lst.row_meta("Buy oat milk") == "Corner shop · 03/07/2030"
    details = lst.open_item("Buy oat milk")
    expect(details.field("status")).to_have_text("To do")
    expect(details.field("details")).to_have_text("Barista edition")
    expect(details.field("due-date")).to_have_text("03/07/2030")
    expect(details.field("estimate")).to_have_text("30m")
    expect(details.field("repeat")).to_contain_text("Mon")
    expect(details.field("repeat")).to_contain_text("Thu")


def test_SAVE_3_deleted_item_is_gone_after_restart(page, server, api):
    api.add("Keep me")
    api.add("Delete me", completed=True)
    lst = ListPage(page, server).open()
    lst.delete("Delete me")
    assert lst.done_titles() == []

    server.restart()
    lst.open()
    assert lst.todo_titles() == ["Keep me"]
    expect(lst.section("done")).to_have_count(0)
    assert [item["title"] for item in api.todos()] == ["Keep me"]

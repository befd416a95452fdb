"""CHECK-1..3, DELETE-1..2: the row controls of the list."""

import pytest
from playwright.sync_api import expect

from todo_server import MODES
from pages_todo import ListPage


def seed(api):
    """To Do: A, B, C; Done: D, E."""
    api.add("E", completed=True)
    api.add("D", completed=True)
    for title in ("C", "B", "A"):
        api.add(title)


# Run in each way of serving (issue 16: one person, accounts, PostgreSQL).
@pytest.mark.parametrize("server", MODES, indirect=True)
def test_CHECK_1_checking_moves_item_to_first_of_done(page, server, api):
    seed(api)
    lst = ListPage(page, server).open()
    lst.check("B")
    assert lst.todo_titles() == ["A", "C"]
    assert lst.done_titles() == ["B", "D", "E"]
    assert api.by_title("B")["completed"] is True


def test_CHECK_2_unchecking_moves_item_to_last_of_todo(page, server, api):
    seed(api)
    lst = ListPage(page, server).open()
    lst.uncheck("E")
    assert lst.todo_titles() == ["A", "B", "C", "E"]
    assert lst.done_titles() == ["D"]
    assert api.by_title("E")["completed"] is False


def test_CHECK_3_row_action_is_check_in_todo_and_uncheck_in_done(page, server, api):
    seed(api)
    lst = ListPage(page, server).open()
    for title in ("A", "B", "C"):
        expect(lst.toggle_button(title)).to_have_text("Check")
        expect(lst.toggle_button(title)).to_have_accessible_name(f"Check {title}")
    for title in ("D", "E"):
        expect(lst.toggle_button(title)).to_have_text("Uncheck")
        expect(lst.toggle_button(title)).to_have_accessible_name(f"Uncheck {title}")
    expect(lst.section("todo").locator("[data-testid^=toggle-]")).to_have_text(["Check"] * 3)
    expect(lst.section("done").locator("[data-testid^=toggle-]")).to_have_text(["Uncheck"] * 2)
    # the label follows the item when it changes section
    lst.check("A")
    expect(lst.toggle_button("A")).to_have_text("Uncheck")


def test_DELETE_1_deleting_todo_item_removes_it(page, server, api):
    seed(api)
    lst = ListPage(page, server).open()
    lst.delete("B")
    assert lst.todo_titles() == ["A", "C"]
    assert lst.done_titles() == ["D", "E"]
    assert "B" not in [item["title"] for item in api.todos()]


def test_DELETE_2_deleting_done_item_removes_it(page, server, api):
    seed(api)
    lst = ListPage(page, server).open()
    lst.delete("D")
    assert lst.done_titles() == ["E"]
    assert lst.todo_titles() == ["A", "B", "C"]
    assert "D" not in [item["title"] for item in api.todos()]

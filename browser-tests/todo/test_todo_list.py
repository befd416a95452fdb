"""LIST-1..7: the list page, its sections, rows, the unfinished-only toggle and scoped lists."""

import pytest
from playwright.sync_api import expect

from todo_server import MODES, today
from pages_todo import ListPage


def seed_mixed(api):
    """To Do: Write report, Buy milk (newest first); Done: Call mom, Pay rent."""
    api.add("Pay rent", completed=True)
    api.add("Call mom", completed=True)
    api.add("Buy milk")
    api.add("Write report")


# Run in each way of serving (issue 16: one person, accounts, PostgreSQL).
@pytest.mark.parametrize("server", MODES, indirect=True)
def test_LIST_1_todo_above_done_with_headers(page, server, api):
    seed_mixed(api)
    lst = ListPage(page, server).open()
    expect(lst.section_headers).to_have_text(["To Do", "Done"])
    assert lst.todo_titles() == ["Write report", "Buy milk"]
    assert lst.done_titles() == ["Call mom", "Pay rent"]
    todo_box, done_box = lst.box(lst.section("todo")), lst.box(lst.section("done"))
    assert todo_box["y"] + todo_box["height"] <= done_box["y"], "To Do is drawn above Done"
    # each header sits above its own rows
    assert lst.box(lst.header("todo"))["y"] < lst.box(lst.rows("todo").first)["y"]
    assert lst.box(lst.header("done"))["y"] < lst.box(lst.rows("done").first)["y"]
    expect(lst.empty_state).to_have_count(0)


def test_LIST_2_only_todo_items_show_only_todo_section(page, server, api):
    api.add("Buy milk")
    api.add("Write report")
    lst = ListPage(page, server).open()
    expect(lst.section_headers).to_have_text(["To Do"])
    expect(lst.section("done")).to_have_count(0)
    assert lst.todo_titles() == ["Write report", "Buy milk"]


def test_LIST_3_only_done_items_show_only_done_section(page, server, api):
    api.add("Pay rent", completed=True)
    api.add("Call mom", completed=True)
    lst = ListPage(page, server).open()
    expect(lst.section_headers).to_have_text(["Done"])
    expect(lst.section("todo")).to_have_count(0)
    assert lst.done_titles() == ["Call mom", "Pay rent"]


def test_LIST_4_no_items_empty_state_without_headers(page, server):
    lst = ListPage(page, server).open()
    expect(lst.empty_state).to_be_visible()
    expect(lst.empty_state).to_contain_text("Nothing to do yet")
    expect(lst.section_headers).to_have_count(0)
    expect(lst.rows()).to_have_count(0)


def test_LIST_5_row_shows_title_location_and_due_date_done_row_struck_through_keeping_them_dimmed(page, server, api):
    api.add("Buy milk", location={"name": "Corner shop"}, dueDate="2030-03-07")
    api.add("Plain item")
    api.add("Pay rent", completed=True, location={"name": "Bank"}, dueDate="2030-03-01")
    lst = ListPage(page, server).open()

    expect(lst.row("Buy milk").locator(".title")).to_have_text("Buy milk")
    assert lst.row_meta("Buy milk") == "Corner shop · 03/07/2030"
    assert lst.row_meta("Plain item") is None

    done_title = lst.row("Pay rent").locator(".title")
    assert done_title.evaluate("e => e.tagName") == "S"
    decoration = done_title.evaluate("e => getComputedStyle(e).textDecorationLine")
    assert "line-through" in decoration
    # A done row keeps its chips, in the muted colour of its title, none standing out.
    assert lst.row_meta("Pay rent") == "Bank · 03/01/2030"
    chip_colours = lst.row("Pay rent").locator(".chip").evaluate_all("cs => cs.map(c => getComputedStyle(c).color)")
    assert set(chip_colours) == {done_title.evaluate("e => getComputedStyle(e).color")}, chip_colours
    # a to-do title is not struck through
    assert "line-through" not in lst.row("Buy milk").locator(".title").evaluate(
        "e => getComputedStyle(e).textDecorationLine")


def test_LIST_6_show_unfinished_only_hides_done_and_is_remembered(page, server, api):
    seed_mixed(api)
    lst = ListPage(page, server).open()
    expect(lst.unfinished_toggle).to_have_attribute("aria-checked", "false")

    lst.set_unfinished_only(True)
    expect(lst.section("done")).to_have_count(0)
    assert lst.todo_titles() == ["Write report", "Buy milk"]

    # remembered: a fresh visit (and a new tab of the same browser) still hides Done
    lst.open()
    expect(lst.section("done")).to_have_count(0)
    other = ListPage(page.context.new_page(), server).open()
    expect(other.unfinished_toggle).to_have_attribute("aria-checked", "true")
    expect(other.section("done")).to_have_count(0)
    other.page.close()

    lst.set_unfinished_only(False)
    assert lst.done_titles() == ["Call mom", "Pay rent"]
    lst.open()
    assert lst.done_titles() == ["Call mom", "Pay rent"]


def test_LIST_7_project_and_due_date_lists_show_only_their_items(page, server, api):
    due_today = today().isoformat()
    api.add("Mow lawn", project="Home", completed=True)
    api.add("Fix tap", project="Home")
    api.add("Clean desk", project="Home")
    api.add("Send invoice", project="Work", dueDate=due_today)
    api.add("Book flights", dueDate="2030-03-07")
    api.add("Renew passport", dueDate="2030-03-07", completed=True)

    lst = ListPage(page, server).open()
    with page.expect_navigation():
        lst.nav_link("Home").click()
    assert lst.path == "/projects/Home"
    expect(lst.heading).to_have_text("Home")
    expect(lst.section_headers).to_have_text(["To Do", "Done"])
    assert lst.todo_titles() == ["Clean desk", "Fix tap"]
    assert lst.done_titles() == ["Mow lawn"]

    with page.expect_navigation():
        lst.nav_link("Work").click()
    assert lst.todo_titles() == ["Send invoice"]
    assert lst.done_titles() == []

    with page.expect_navigation():
        lst.nav_link("Today").click()
    expect(lst.heading).to_have_text("Today")
    assert lst.todo_titles() == ["Send invoice"]
    expect(lst.section("done")).to_have_count(0)

    lst.open("/due/2030-03-07")
    expect(lst.section_headers).to_have_text(["To Do", "Done"])
    assert lst.todo_titles() == ["Book flights"]
    assert lst.done_titles() == ["Renew passport"]

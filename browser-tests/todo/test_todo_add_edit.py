"""ADD-1..6 (the add form) and EDIT-1..4 (the edit form)."""

import re

import pytest
from playwright.sync_api import expect

from todo_server import MODES
from pages_todo import DetailsPage, ListPage
from repeat_days import repeat_days


def done_row(lst: ListPage, title: str):
    """The Done row titled ``title``: a repeating item checked has a To Do namesake, its next
    occurrence (REPEAT-1)."""
    rows = lst.rows("done").filter(has=lst.page.locator(".title", has_text=re.compile(f"^{re.escape(title)}$")))
    expect(rows).to_have_count(1)
    return rows


def rgb(text: str) -> tuple[int, int, int]:
    r, g, b = (int(v) for v in re.findall(r"\d+", text)[:3])
    return r, g, b


def is_grey(color: tuple[int, int, int]) -> bool:
    return max(color) - min(color) <= 24


def is_green(color: tuple[int, int, int]) -> bool:
    r, g, b = color
    return g > r + 40 and g > b + 30


def test_ADD_1_plus_at_top_right_opens_form_title_top_actions_bottom(page, server):
    lst = ListPage(page, server).open()
    expect(lst.add_button).to_have_accessible_name("Add item")
    # At the right of the sticky header, in line with the end of the content column (WEB-6).
    box, column = lst.box(lst.add_button), lst.box(page.locator("main"))
    assert abs((box["x"] + box["width"]) - (column["x"] + column["width"])) <= 24, f"+ is at the right: {box} {column}"
    assert box["y"] < 80, f"+ is at the top: {box}"

    form = lst.press_add()
    assert form.path.startswith("/items/new")
    expect(form.heading).to_have_text("New item")
    title_box = form.box(form.title_input)
    controls = page.locator("form[data-testid=item-form] :is(input, textarea, select):visible")
    tops = [form.box(c)["y"] for c in controls.all()]
    assert title_box["y"] == min(tops), "the title field is the topmost field"
    expect(form.title_input).to_be_focused()
    bottom_of_fields = max(form.box(c)["y"] + form.box(c)["height"] for c in controls.all())
    for button in (form.cancel_button, form.save_button):
        assert form.box(button)["y"] >= bottom_of_fields, "Cancel and Save are below every field"
    expect(form.cancel_button).to_have_text("Cancel")
    expect(form.save_button).to_have_text("Save")


def test_ADD_2_cancel_returns_to_list_and_adds_nothing(page, server, api):
    api.add("Existing")
    lst = ListPage(page, server).open()
    form = lst.press_add().fill("Not to be saved", details="nope")
    form.cancel()
    assert form.path == "/"
    assert lst.todo_titles() == ["Existing"]
    assert [item["title"] for item in api.todos()] == ["Existing"]


def test_ADD_3_save_disabled_and_grey_while_title_blank(page, server, api):
    form = ListPage(page, server).open().press_add()
    for blank in ("", "    "):
        form.title_input.fill(blank)
        expect(form.save_button).to_be_disabled()
        assert is_grey(rgb(form.background_color(form.save_button))), form.background_color(form.save_button)
    form.save_button.click(force=True)  # a disabled button submits nothing
    assert form.path.startswith("/items/new")
    assert api.todos() == []


def test_ADD_4_save_enabled_and_green_once_title_has_text(page, server):
    form = ListPage(page, server).open().press_add()
    form.title_input.press_sequentially("B")
    expect(form.save_button).to_be_enabled()
    color = rgb(form.background_color(form.save_button))
    assert is_green(color), color
    # and back to grey when the text is removed
    form.title_input.press("Backspace")
    expect(form.save_button).to_be_disabled()


# Run in each way of serving (issue 16: one person, accounts, PostgreSQL).
@pytest.mark.parametrize("server", MODES, indirect=True)
def test_ADD_5_save_returns_to_list_with_new_item_first_of_todo(page, server, api):
    api.add("Done one", completed=True)
    api.add("Older")
    lst = ListPage(page, server).open()
    lst = lst.press_add().fill("  Buy milk  ").save()
    assert lst.path == "/"
    assert lst.todo_titles() == ["Buy milk", "Older"]
    assert lst.done_titles() == ["Done one"]
    saved = api.by_title("Buy milk")
    assert saved["completed"] is False


def test_ADD_6_form_takes_all_optional_fields(page, server, api):
    lst = ListPage(page, server).open()
    form = lst.press_add()
    form.fill("Buy milk", details="Two litres\nsemi-skimmed", due="2030-03-07", location="Corner shop",
              latitude="51.5", longitude="-0.12", project="Home", estimate="1h30m", repeat=["mon", "fri"])
    lst = form.save()
    assert lst.row_meta("Buy milk") == "Corner shop · 03/07/2030"
    item = api.by_title("Buy milk")
    assert item["details"] == "Two litres\nsemi-skimmed"
    assert item["dueDate"] == "2030-03-07"
    assert item["location"]["name"] == "Corner shop"
    assert item["location"]["latitude"] == 51.5 and item["location"]["longitude"] == -0.12
    assert item["project"] == "Home"
    assert item["estimateMinutes"] == 90
    assert sorted(repeat_days(item)) == ["fri", "mon"]
    details = lst.open_item("Buy milk")
    expect(details.field("project")).to_have_text("Home")
    expect(details.field("estimate")).to_have_text("1h30m")


def test_ADD_blank_title_without_script_is_refused_by_server_with_input_kept(page, server, api):
    """The server validates too: a blank title answers the form again with a message."""
    form = ListPage(page, server).open().press_add()
    form.fill("Something", details="keep me")
    form.title_input.fill("   ")
    form.save_button.evaluate("b => { b.disabled = false; }")  # as if the script had not run
    form.act(lambda: form.save_button.click())
    expect(form.error).to_be_visible()
    expect(form.details_input).to_have_value("keep me")
    assert api.todos() == []


def test_EDIT_1_edit_form_is_filled_with_item_values_and_done_toggle(page, server, api):
    api.add("Buy milk", details="Two litres", dueDate="2030-03-07",
            location={"name": "Corner shop", "latitude": 51.5, "longitude": -0.12},
            project="Home", estimateMinutes=30, repeatDays=["mon", "fri"], completed=True)
    form = ListPage(page, server).open().open_item("Buy milk").edit()
    expect(form.heading).to_have_text("Edit item")
    expect(form.title_input).to_have_value("Buy milk")
    expect(form.details_input).to_have_value("Two litres")
    expect(form.due_input).to_have_value("2030-03-07")
    expect(form.location_input).to_have_value("Corner shop")
    expect(form.latitude_input).to_have_value("51.5")
    expect(form.longitude_input).to_have_value("-0.12")
    expect(form.project_input).to_have_value("Home")
    expect(form.estimate_select).to_have_value("30m")
    expect(form.repeat_box("mon")).to_be_checked()
    expect(form.repeat_box("fri")).to_be_checked()
    expect(form.repeat_box("tue")).not_to_be_checked()
    expect(form.done_toggle).to_be_checked()
    expect(form.save_button).to_have_text("Save")  # WEB-9
    expect(form.cancel_button).to_have_text("Cancel")


# Run in each way of serving (issue 16: one person, accounts, PostgreSQL).
@pytest.mark.parametrize("server", MODES, indirect=True)
def test_EDIT_2_ok_stores_fields_everywhere_and_after_restart(page, server, api):
    api.add("Buy milk", details="Two litres", project="Home")
    lst = ListPage(page, server).open()
    form = lst.open_item("Buy milk").edit()
    form.fill("Buy oat milk", details="Barista", due="2030-04-01", location="Market", project="Errands",
              estimate="15m", repeat=["sat"], done=True)
    details = form.save_edit()
    # back on the details it was opened from, showing the new values
    expect(details.title).to_have_text("Buy oat milk")
    expect(details.field("status")).to_have_text("Done")

    def assert_everywhere():
        lst.open()
        assert lst.done_titles() == ["Buy oat milk"]
        assert lst.todo_titles() == ["Buy oat milk"], "it repeats on Saturdays: its next occurrence (REPEAT-1)"
        lst.open("/projects/Errands")
        assert lst.done_titles() == ["Buy oat milk"]
        with page.expect_navigation():
            done_row(lst, "Buy oat milk").locator(".row-link").click()
        d = DetailsPage(page, server)
        assert d.fields() == {
            "Status": "Done", "Details": "Barista", "Due date": "04/01/2030", "Location": "Market",
            "Project": "Errands", "Estimate": "15m", "Repeat": d.field("repeat").inner_text(),
        }
        assert "Sat" in d.field("repeat").inner_text()
        [item] = [i for i in api.todos() if i["title"] == "Buy oat milk" and i["completed"]]
        assert (item["completed"], item["details"], item["project"], item["dueDate"]) == (True, "Barista", "Errands", "2030-04-01")

    assert_everywhere()
    server.restart()
    assert_everywhere()


def test_EDIT_3_cancel_leaves_item_exactly_as_it_was(page, server, api):
    before = api.add("Buy milk", details="Two litres", project="Home", estimateMinutes=30)
    form = ListPage(page, server).open().open_item("Buy milk").edit()
    form.fill("Changed", details="changed", project="Other", estimate="", done=True)
    form.cancel()
    expect(page.get_by_test_id("item-title")).to_have_text("Buy milk")
    assert api.by_title("Buy milk") == before


def test_EDIT_4_row_opens_details_only_own_control_toggles(page, server, api):
    api.add("Buy milk")
    lst = ListPage(page, server).open()
    row = lst.row("Buy milk")
    # a click on the row (its title, its blank middle) opens the details and toggles nothing
    details = lst.open_item("Buy milk")
    expect(details.field("status")).to_have_text("To do")
    lst = details.go_back()
    link_box = lst.box(row.locator(".row-link"))
    with page.expect_navigation():
        page.mouse.click(link_box["x"] + link_box["width"] - 5, link_box["y"] + link_box["height"] / 2)
    assert "/items/" in page.url
    assert api.by_title("Buy milk")["completed"] is False
    lst.open()
    assert lst.todo_titles() == ["Buy milk"]
    # the row's own control does toggle
    lst.check("Buy milk")
    assert lst.done_titles() == ["Buy milk"]
    assert api.by_title("Buy milk")["completed"] is True

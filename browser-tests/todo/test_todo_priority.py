"""A priority in the browser (docs/specs/priority.md): typed as plain words with a chip before
saving (PRIO-11), shown as a chip on the row and a line on the details page, chosen in the form's
Priority menu (PRIO-10), and searched with its sign (PRIO-13)."""

from __future__ import annotations

from playwright.sync_api import expect

from pages_todo import ItemFormPage, ListPage


def test_PRIO_11_typing_a_priority_shows_its_chip_and_enter_stores_it(page, server, api):
    lst = ListPage(page, server).open()
    field = page.get_by_test_id("add-title")
    field.press_sequentially("Pay rent !high", delay=20)
    preview = page.locator("#add-title-preview")
    expect(preview.get_by_test_id("chip-priority")).to_have_text("Priority High")
    expect(preview.get_by_test_id("preview-title")).to_have_text("“Pay rent”")
    lst.act(lambda: field.press("Enter"))
    assert lst.todo_titles() == ["Pay rent"]
    assert api.by_title("Pay rent")["priority"] == 1
    chip = lst.row("Pay rent").get_by_test_id("chip-priority-high")
    expect(chip).to_have_text("Priority High")  # "Priority " is read out, not shown
    expect(chip.locator(".visually-hidden")).to_have_text("Priority")


def test_PRIO_10_the_details_line_and_the_forms_menu_change_it(page, server, api):
    api.add("Dust the shelves", priority=2)
    lst = ListPage(page, server).open()
    details = lst.open_item("Dust the shelves")
    expect(details.field("priority")).to_have_text("High")
    form = details.edit()
    menu = page.get_by_test_id("priority-input")
    expect(menu).to_have_value("2")  # a client's number, shown as its level
    expect(menu.locator("option:checked")).to_have_text("High")
    form.title_input.fill("Dust all the shelves")
    details = form.save_edit()
    expect(details.field("priority")).to_have_text("High")
    assert api.by_title("Dust all the shelves")["priority"] == 2, "saved unchanged: the number stays"

    form = details.edit()
    page.get_by_test_id("priority-input").select_option(label="Low")
    expect(form.save_edit().field("priority")).to_have_text("Low")
    assert api.by_title("Dust all the shelves")["priority"] == 9
    row = ListPage(page, server).open().row("Dust all the shelves")
    expect(row.get_by_test_id("chip-priority-low")).to_have_text("Priority Low")


def test_PRIO_10_a_new_item_from_the_plus_form_with_a_priority(page, server, api):
    form: ItemFormPage = ListPage(page, server).open().press_add()
    form.title_input.fill("File taxes")
    page.get_by_test_id("priority-input").select_option(label="Medium")
    lst = form.save()
    assert lst.todo_titles() == ["File taxes"]
    assert api.by_title("File taxes")["priority"] == 5


def test_PRIO_13_a_search_with_a_sign_lists_that_level(page, server, api):
    api.add("Pay rent", priority="high")
    api.add("Rent a bike", priority="low")
    api.add("Water the plants")
    lst = ListPage(page, server).open()
    field = page.get_by_test_id("search-field")
    field.fill("rent !low")
    lst.act(lambda: field.press("Enter"))
    assert lst.todo_titles() == ["Rent a bike"]
    field = page.get_by_test_id("search-field")
    field.fill("!high")
    lst.act(lambda: field.press("Enter"))
    assert lst.todo_titles() == ["Pay rent"]


def test_PRIO_15_sort_by_priority_and_back_and_a_check_keeps_the_order(page, server, api):
    for title, priority in [("Water the plants", None), ("Dust", "low"), ("Pay rent", 2), ("Call mom", "medium")]:
        api.add(title, **({"priority": priority} if priority is not None else {}))
    lst = ListPage(page, server).open()
    assert lst.todo_titles() == ["Call mom", "Pay rent", "Dust", "Water the plants"]
    toggle = page.get_by_test_id("sort-toggle")
    expect(toggle).to_have_text("Sort by priority")
    with page.expect_navigation():
        toggle.click()
    assert lst.path == "/?sort=priority"
    assert lst.todo_titles() == ["Pay rent", "Call mom", "Dust", "Water the plants"]
    expect(page.locator("[data-move-handle]")).to_have_count(0)
    # Checking a row in place comes back to the sorted list.
    lst.check("Call mom")
    assert lst.path == "/?sort=priority"
    assert lst.todo_titles() == ["Pay rent", "Dust", "Water the plants"]
    # Alt+ArrowDown (a move) does nothing in a sorted list. Keys are handled in order: once “j”
    # has moved the focus to the next row, Alt+ArrowDown has been handled.
    lst.toggle_button("Pay rent").focus()
    swaps = lst.swaps()
    page.keyboard.press("Alt+ArrowDown")
    page.keyboard.press("j")
    expect(lst.toggle_button("Dust")).to_be_focused()
    lst.assert_no_action_since(swaps)
    assert lst.todo_titles() == ["Pay rent", "Dust", "Water the plants"]
    with page.expect_navigation():
        page.get_by_test_id("sort-toggle").click()
    assert lst.path == "/"
    expect(page.get_by_test_id("sort-toggle")).to_have_text("Sort by priority")

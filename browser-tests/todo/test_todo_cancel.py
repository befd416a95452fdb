"""ADD-2 and EDIT-3 as a person does them: Cancel on the add and edit forms goes back where the
form was opened from and stores nothing. Both tests fail if Cancel sends the form (the store
would then hold the new item, or the item would have a new version)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from pages_todo import DetailsPage, ItemFormPage, ListPage


def press_cancel(page: Page, form: ItemFormPage) -> None:
    """Presses Cancel and waits until whatever it started (a navigation, a request) is over."""
    form.cancel_button.click()
    page.wait_for_load_state("load")
    page.wait_for_load_state("networkidle")


def api_item(api, item: dict) -> dict:
    """The item as the store has it now, through ``GET /api/todos/<id>``."""
    status, body = api.request("GET", f"/api/todos/{item['id']}")
    assert status == 200, body
    return body  # type: ignore[return-value]


def test_ADD_2_cancel_adds_nothing(page, server, api):
    existing = api.add("Water the plants", project="Home")
    lst = ListPage(page, server).open("/projects/Home")
    list_url = page.url
    form = lst.press_add()
    form.fill("Not to be saved", details="nope", estimate="30m")
    expect(form.title_input).to_have_value("Not to be saved")

    press_cancel(page, form)

    expect(page).to_have_url(list_url)
    expect(lst.heading).to_have_text("Home")
    assert lst.todo_titles() == ["Water the plants"]
    assert lst.done_titles() == []
    assert api.todos() == [existing], "nothing was added"


def test_ADD_2_cancel_on_an_empty_list_leaves_it_empty(page, server, api):
    lst = ListPage(page, server).open("/")
    form = lst.press_add().fill("Not to be saved")

    press_cancel(page, form)

    expect(page).to_have_url(re.compile(r"^https?://[^/]+/$"))
    expect(lst.empty_state).to_be_visible()
    assert api.todos() == []


def test_EDIT_3_cancel_leaves_item_exactly_as_it_was(page, server, api):
    before = api.add(
        "Buy milk", details="Two litres", project="Home", estimateMinutes=30, dueDate="2030-01-15",
        repeatDays=["mon", "thu"],
    )
    api.add("Call mom")
    lst = ListPage(page, server).open()
    todo_before, meta_before = lst.todo_titles(), lst.row_meta("Buy milk")
    details = lst.open_item("Buy milk")
    details_url, fields_before = page.url, details.fields()

    form = details.edit()
    expect(form.title_input).to_have_value("Buy milk")
    form.fill("Changed", details="changed", project="Other", estimate="", due="2031-02-02",
              repeat=["sun"], done=True)

    press_cancel(page, form)

    # back on the details, which show the item exactly as before
    expect(page).to_have_url(details_url)
    details = DetailsPage(page, server)
    expect(details.title).to_have_text("Buy milk")
    assert details.fields() == fields_before
    expect(details.toggle_button).to_have_text("Check")
    # the list shows it as before
    lst = details.go_back()
    assert lst.todo_titles() == todo_before
    assert lst.row_meta("Buy milk") == meta_before
    assert lst.done_titles() == []
    # and the store holds the same item, at the same version
    after = api_item(api, before)
    assert after["version"] == before["version"], "Cancel wrote to the store"
    assert after == before

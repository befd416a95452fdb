"""Due times in the browser (docs/specs/times.md): the form's time field beside the date, the
time after the date on the row and the details (TIME-9, TIME-10), a time without a date refused
with the sentence (TIME-2)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from pages_todo import ListPage
from todo_server import Api, TodoServer


def test_TIME_10_the_forms_time_field_sets_the_time_shown_on_the_row_and_the_details(page, server, api):
    api.add("Call the dentist", dueDate="2030-12-08")
    details = ListPage(page, server).open().open_item("Call the dentist")
    form = details.edit()
    time = page.get_by_test_id("time-input")
    expect(time).to_have_accessible_name("Time")
    expect(time).to_have_value("")
    time.fill("15:30")
    details = form.save_edit()
    expect(details.field("due-date")).to_have_text("12/08/2030 15:30")
    assert api.by_title("Call the dentist")["dueTime"] == "15:30"
    lst = details.go_back()
    expect(lst.row("Call the dentist").get_by_test_id("due")).to_have_text("12/08/2030 15:30")


def test_TIME_2_a_time_without_a_date_is_refused_with_the_sentence(page, server, api):
    api.add("Call the dentist", dueDate="2030-12-08", dueTime="15:00")
    details = ListPage(page, server).open().open_item("Call the dentist")
    form = details.edit()
    page.get_by_test_id("due-input").fill("")
    form.act(lambda: form.save_button.click())
    expect(page.get_by_test_id("form-error")).to_have_text("A due time needs a due date.")
    assert api.by_title("Call the dentist")["dueTime"] == "15:00"


#: The moment the zone test's server starts at: Saturday 2026-11-21 09:00 in UTC, the server's
#: zone, which is Friday 22:00 in Pago Pago.
SATURDAY_MORNING = "2026-11-21 09:00:00"


@pytest.fixture
def saturday_server(todo_bin, tmp_path):
    server = TodoServer(todo_bin, tmp_path / "todo.sqlite", tmp_path / "server.log", mode="accounts", clock=SATURDAY_MORNING)
    server.token = server.add_person("alice")
    server.start()
    yield server
    server.stop()


def test_TIME_6_TIME_9_a_person_s_zone_decides_their_today_and_the_rows_words(context, saturday_server):
    server = saturday_server
    api = Api(server)
    api.add("Due Friday", dueDate="2026-11-20")
    api.add("Due Saturday 08:00", dueDate="2026-11-21", dueTime="08:00")
    api.add("Due Monday 09:30", dueDate="2026-11-23", dueTime="09:30")
    server.sign_in(context)
    page = context.new_page()
    lst = ListPage(page, server)

    # No zone chosen: the server's, where it is Saturday 09:00.
    page.goto(server("/today"))
    expect(lst.row("Due Saturday 08:00").get_by_test_id("due")).to_have_text("overdue, Today 08:00")
    expect(lst.row("Due Friday").get_by_test_id("due")).to_have_text("overdue, 11/20/2026")

    page.goto(server("/settings"))
    page.get_by_label("Your time zone").select_option("Pacific/Pago_Pago")
    page.get_by_role("button", name="Save time zone").click()
    page.wait_for_url("**/settings?done=zone")

    # In Pago Pago it is Friday 22:00.
    page.goto(server("/today"))
    expect(lst.row("Due Friday").get_by_test_id("due")).to_have_text("Today")
    expect(page.get_by_text("Due Saturday 08:00")).to_have_count(0)
    page.goto(server("/"))
    saturday = lst.row("Due Saturday 08:00").get_by_test_id("due")
    expect(saturday).to_have_text("Tomorrow 08:00")
    expect(saturday.locator("time")).to_have_attribute("datetime", "2026-11-21T08:00")
    expect(saturday.locator("time")).to_have_attribute("title", "11/21/2026 08:00")
    expect(lst.row("Due Monday 09:30").get_by_test_id("due")).to_have_text("Mon 09:30")

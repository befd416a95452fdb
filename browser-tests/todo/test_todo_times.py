"""Due times in the browser (docs/specs/times.md): the form's time field beside the date, the
time after the date on the row and the details (TIME-9, TIME-10), a time without a date refused
with the sentence (TIME-2)."""

from __future__ import annotations

from playwright.sync_api import expect

from pages_todo import ListPage


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

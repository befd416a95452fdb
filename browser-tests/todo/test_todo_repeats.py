"""docs/specs/repeats.md in the browser: checking a repeating item brings its next occurrence
into To Do, and unchecking it the same day takes that back — in place and without JavaScript."""

from playwright.sync_api import expect

from pages_todo import ListPage

# A Monday far from today, so the rule's "after today" never decides: the next is 01/14/2030.
MONDAY = "2030-01-07"


def due_chips(lst: ListPage, section: str) -> list[str]:
    return [text.strip() for text in lst.section(section).locator("[data-testid=due]").all_inner_texts()]


def toggle_in(lst: ListPage, section: str):
    """Presses the only row's Check / Uncheck control in ``section``."""
    toggles = lst.section(section).locator("[data-testid^=toggle-]")
    expect(toggles).to_have_count(1)
    lst.act(lambda: toggles.click())


def test_REPEAT_1_REPEAT_3_check_brings_the_next_monday_and_uncheck_takes_it_back(page, server, api):
    api.add("Water plants", dueDate=MONDAY, repeatDays=["mon"])
    lst = ListPage(page, server).open()
    assert lst.in_place
    lst.check("Water plants")
    assert lst.todo_titles() == ["Water plants"]
    assert lst.done_titles() == ["Water plants"]
    assert due_chips(lst, "todo") == ["01/14/2030"]
    # REPEAT-6: the live region says when the next one is due.
    expect(page.get_by_test_id("announcer")).to_have_text("Checked “Water plants” · next on Mon 01/14/2030")
    items = api.todos()
    assert [(item["completed"], item["dueDate"], item["number"]) for item in items] == [
        (False, "2030-01-14", 2), (True, MONDAY, 1)]

    toggle_in(lst, "done")
    assert lst.todo_titles() == ["Water plants"]
    assert lst.done_titles() == []
    assert due_chips(lst, "todo") == ["01/07/2030"]
    assert [item["number"] for item in api.todos()] == [1]


def test_REPEAT_1_without_javascript_too(nojs_page, server, api):
    api.add("Water plants", dueDate=MONDAY, repeatDays=["mon"])
    lst = ListPage(nojs_page, server).open()
    assert not lst.in_place
    lst.check("Water plants")
    assert lst.todo_titles() == ["Water plants"]
    assert lst.done_titles() == ["Water plants"]
    assert due_chips(lst, "todo") == ["01/14/2030"]
    toggle_in(lst, "done")
    assert lst.done_titles() == []
    assert due_chips(lst, "todo") == ["01/07/2030"]


def test_REPEAT_3_an_edited_occurrence_stays_when_the_check_is_taken_back(page, server, api):
    api.add("Water plants", dueDate=MONDAY, repeatDays=["mon"])
    lst = ListPage(page, server).open()
    lst.check("Water plants")
    occurrence = [item for item in api.todos() if not item["completed"]][0]
    api.patch(occurrence, title="Water plants, the big ones")
    lst.open()
    lst.uncheck("Water plants")
    assert lst.todo_titles() == ["Water plants, the big ones", "Water plants"]


def test_REPEAT_17_the_form_sets_any_repeat_and_the_row_says_it_in_words(page, server, api):
    """The Repeat group: how often, every N, a count, after done; saved, the row says the rule."""
    form = ListPage(page, server).open().press_add()
    form.fill("Change the water filter", due="2030-01-07")
    page.get_by_test_id("repeat-frequency").select_option("MONTHLY")
    page.get_by_test_id("repeat-every").fill("2")
    page.get_by_test_id("repeat-count").fill("6")
    page.get_by_test_id("repeat-after-done").check()
    lst = form.save()
    item = api.by_title("Change the water filter")
    assert item["repeat"] == {"rule": "FREQ=MONTHLY;INTERVAL=2;COUNT=6", "afterCompletion": True}
    assert lst.row_chips("Change the water filter")[-1] == "repeats ↻ Every 2 months after done, 6 times"
    # The edit form shows it again, control by control.
    form = lst.open_item("Change the water filter").edit()
    expect(page.get_by_test_id("repeat-frequency")).to_have_value("MONTHLY")
    expect(page.get_by_test_id("repeat-every")).to_have_value("2")
    expect(page.get_by_test_id("repeat-count")).to_have_value("6")
    expect(page.get_by_test_id("repeat-after-done")).to_be_checked()


def test_REPEAT_17_a_rule_the_controls_cant_show_is_offered_as_it_is_and_kept(page, server, api):
    api.add("Pay rent", dueDate="2030-01-08", repeat={"rule": "FREQ=MONTHLY;BYDAY=2TU", "afterCompletion": False})
    lst = ListPage(page, server).open()
    assert lst.row_chips("Pay rent")[-1] == "repeats ↻ Every 2nd Tue"
    form = lst.open_item("Pay rent").edit()
    expect(page.get_by_test_id("repeat-frequency")).to_have_value("kept")
    expect(page.get_by_test_id("repeat-frequency").locator("option:checked")).to_have_text("Every 2nd Tue")
    form.fill("Pay the rent")
    form.save_edit()
    assert api.by_title("Pay the rent")["repeat"]["rule"] == "FREQ=MONTHLY;BYDAY=2TU"


def test_REPEAT_15_a_repeat_without_a_date_is_in_today(page, server, api):
    """“Water the plants every day” is due today, so Today lists it."""
    lst = ListPage(page, server).open()
    field = page.get_by_test_id("add-title")
    field.fill("Water the plants every day")
    lst.act(lambda: field.press("Enter"))
    expect(lst.row("Water the plants")).to_be_visible()
    item = api.by_title("Water the plants")
    assert item["repeat"]["rule"] == "FREQ=DAILY" and item["dueDate"] is not None
    today = ListPage(page, server).open("/today")
    assert today.todo_titles() == ["Water the plants"]


def test_REPEAT_18_typed_words_show_the_rule_and_store_it(page, server, api):
    """“Book club every 3rd thu” previews the rule in words and stores it, in three languages' words."""
    lst = ListPage(page, server).open()
    field = page.get_by_test_id("add-title")
    preview = page.locator("#add-title-preview")
    for typed, title, chip, rule in [
        ("Book club every 3rd thu", "Book club", "Every 3rd Thu", "FREQ=MONTHLY;BYDAY=3TH"),
        ("开会 每两周", "开会", "Every 2 weeks", "FREQ=WEEKLY;INTERVAL=2"),
        ("家賃 毎月1日", "家賃", "Every month on the 1st", "FREQ=MONTHLY;BYMONTHDAY=1"),
    ]:
        field.fill(typed)
        expect(preview.get_by_test_id("chip-repeatRule")).to_have_text(chip)
        lst.act(lambda: field.press("Enter"))
        expect(lst.row(title)).to_be_visible()
        assert api.by_title(title)["repeat"] == {"rule": rule, "afterCompletion": False}

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

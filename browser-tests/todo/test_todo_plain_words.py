"""Add in plain words (WORDS-16 … WORDS-19, docs/specs/plain-words.md): while typing, the chips
under the add field show what the words will store, asked from the server; pressing Enter adds
the item with those values. Without a script the server reads the words all the same."""

from __future__ import annotations

import datetime

from playwright.sync_api import expect

from pages_todo import ListPage
from todo_server import today


def tomorrow() -> datetime.date:
    return today(1)  # the server's tomorrow


def test_WORDS_19_typing_shows_chips_and_enter_adds_with_the_date_and_project(page, server, api):
    lst = ListPage(page, server).open()
    field = page.get_by_test_id("add-title")
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url) if "/add/preview" in request.url else None)
    field.press_sequentially("Call mom tomorrow #Family", delay=20)
    preview = page.locator("#add-title-preview")  # the quick-add popup has its own
    expect(preview).to_have_attribute("aria-live", "polite")
    due = tomorrow()
    expect(preview.get_by_test_id("chip-dueDate")).to_have_text(f"Due {due:%a} {due:%m/%d/%Y}")
    expect(preview.get_by_test_id("chip-project")).to_have_text("Project Family")
    expect(preview.get_by_test_id("preview-title")).to_have_text("“Call mom”")
    # Debounced: far fewer questions than keystrokes.
    assert 0 < len(asked) < len("Call mom tomorrow #Family"), asked

    lst.act(lambda: field.press("Enter"))
    assert lst.todo_titles() == ["Call mom"]
    item = api.by_title("Call mom")
    assert item["dueDate"] == due.isoformat()
    assert item["project"] == "Family"
    # The field is empty again, and so are its chips.
    expect(page.get_by_test_id("add-title")).to_have_value("")
    expect(page.locator("#add-title-preview")).to_be_empty()


def test_WORDS_1_a_title_with_date_words_not_at_the_end_shows_no_chips(page, server, api):
    lst = ListPage(page, server).open()
    field = page.get_by_test_id("add-title")
    with page.expect_response(lambda response: "/add/preview" in response.url and "Lights" in response.url):
        field.fill("Read Friday Night Lights")
    expect(page.locator("#add-title-preview")).to_be_empty()
    lst.act(lambda: field.press("Enter"))
    item = api.by_title("Read Friday Night Lights")
    assert item["dueDate"] is None


def test_WORDS_27_WORDS_28_by_before_a_date_and_a_date_at_the_start_are_read(page, server, api):
    lst = ListPage(page, server).open()
    field = page.get_by_test_id("add-title")
    preview = page.locator("#add-title-preview")
    due = tomorrow()
    # WORDS-27: “by” goes with the date; the chip is titled with the words it took.
    with page.expect_response(lambda response: "/add/preview" in response.url and "tomorrow" in response.url):
        field.fill("Submit report by tomorrow")
    expect(preview.get_by_test_id("chip-dueDate")).to_have_text(f"Due {due:%a} {due:%m/%d/%Y}")
    expect(preview.get_by_test_id("chip-dueDate")).to_have_attribute("title", "From “by tomorrow”")
    expect(preview.get_by_test_id("preview-title")).to_have_text("“Submit report”")
    lst.act(lambda: field.press("Enter"))
    # WORDS-28: a date at the start, then the title.
    with page.expect_response(lambda response: "/add/preview" in response.url and "call" in response.url):
        field.fill("Tomorrow: call the bank")
    expect(preview.get_by_test_id("preview-title")).to_have_text("“call the bank”")
    lst.act(lambda: field.press("Enter"))
    assert sorted(lst.todo_titles()) == ["Submit report", "call the bank"]
    assert {api.by_title(t)["dueDate"] for t in ("Submit report", "call the bank")} == {due.isoformat()}


def test_WORDS_16_words_win_over_the_project_list_they_are_typed_on(page, server, api):
    api.add("Fix tap", project="Home")
    lst = ListPage(page, server).open("/projects/Home")
    field = page.get_by_test_id("add-title")
    field.fill("Call mom #Family ~30m")
    lst.act(lambda: field.press("Enter"))
    item = api.by_title("Call mom")
    assert item["project"] == "Family" and item["estimateMinutes"] == 30


def test_WORDS_17_the_plus_form_shows_chips_and_reads_its_title_on_save(page, server, api):
    form = ListPage(page, server).open().press_add()
    form.title_input.press_sequentially("Pay rent fri @Bank", delay=10)
    preview = page.get_by_test_id("add-preview")
    expect(preview.get_by_test_id("chip-location")).to_have_text("Location Bank")
    expect(preview.get_by_test_id("chip-dueDate")).to_contain_text("Due Fri")
    lst = form.save()
    assert lst.todo_titles() == ["Pay rent"]
    item = api.by_title("Pay rent")
    assert item["location"]["name"] == "Bank"
    assert datetime.date.fromisoformat(item["dueDate"]).weekday() == 4


def test_WORDS_18_quick_add_shows_chips_for_its_first_line(page, server, api):
    lst = ListPage(page, server).open()
    dialog = lst.open_quick_add()
    dialog.text.press_sequentially("Call mom tomorrow #Family", delay=10)
    expect(dialog.root.get_by_test_id("chip-project")).to_have_text("Project Family")
    lst.act(lambda: dialog.text.press("Control+Enter"))
    item = api.by_title("Call mom")
    assert item["project"] == "Family" and item["dueDate"] == tomorrow().isoformat()


def test_WORDS_16_without_a_script_the_server_reads_the_words(nojs_page, server, api):
    page = nojs_page
    lst = ListPage(page, server).open()
    assert not lst.in_place
    page.get_by_test_id("add-title").fill("Call mom tomorrow #Family @Home ~30m")
    with page.expect_navigation():
        page.get_by_test_id("add-title").press("Enter")
    assert lst.todo_titles() == ["Call mom"]
    item = api.by_title("Call mom")
    assert item["dueDate"] == tomorrow().isoformat()
    assert item["project"] == "Family"
    assert item["location"]["name"] == "Home"
    assert item["estimateMinutes"] == 30


def test_WORDS_29_WORDS_30_a_date_in_the_middle_and_a_named_day(page, server, api):
    """“Call mom tomorrow about the party”: the date in the middle is read, the title closes up."""
    lst = ListPage(page, server).open()
    field = page.get_by_test_id("add-title")
    preview = page.locator("#add-title-preview")
    field.fill("Call mom tomorrow about the party")
    expect(preview.get_by_test_id("preview-title")).to_have_text("“Call mom about the party”")
    expect(preview.get_by_test_id("chip-dueDate")).to_have_attribute("title", "From “tomorrow”")
    lst.act(lambda: field.press("Enter"))
    assert api.by_title("Call mom about the party")["dueDate"] == tomorrow().isoformat()
    field.fill("Pay rent by end of month please")
    expect(preview.get_by_test_id("chip-dueDate")).to_have_attribute("title", "From “by end of month”")
    expect(preview.get_by_test_id("preview-title")).to_have_text("“Pay rent please”")

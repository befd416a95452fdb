"""Search, Today and Upcoming in a real browser (FIND-8, DAY-2, DAY-5, DAY-6:
docs/specs/search-today.md)."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import Browser, expect

from pages_todo import ListPage
from todo_server import today


def _day(offset: int) -> datetime.date:
    # The server's today, in the time zone the tests give it.
    return today(offset)


def _search(lst: ListPage, text: str) -> None:
    field = lst.page.get_by_test_id("search-field")
    field.fill(text)
    lst.act(lambda: field.press("Enter"))


def test_FIND_8_the_search_field_finds_one_item_among_many_in_place(page, server, api):
    for n in range(1, 121):
        api.add(f"Routine chore {n}")
    api.add("Call the plumber", details="the kitchen tap drips", location={"name": "Home"})
    done = api.add("Plumbing invoice")
    api.patch(done, completed=True)
    lst = ListPage(page, server).open()
    field = page.get_by_test_id("search-field")
    expect(field).to_have_attribute("data-key", "search")
    expect(field).to_have_accessible_name("Search")
    _search(lst, "PLUMB")
    assert lst.path == "/search?q=PLUMB"
    expect(lst.heading).to_have_text("Search “PLUMB”")
    expect(lst.rows("todo")).to_have_count(1)
    expect(lst.rows("todo").first).to_contain_text("Call the plumber")
    expect(lst.rows("done")).to_have_count(1)
    expect(lst.rows("done").first).to_contain_text("Plumbing invoice")
    # The field keeps the query and the focus, for the next search.
    expect(field).to_have_value("PLUMB")
    expect(field).to_be_focused()
    # Words in any order, in any field; then nothing found says so.
    _search(lst, "drips kitchen")
    expect(lst.rows()).to_have_count(1)
    _search(lst, "zebra")
    expect(lst.empty_state).to_have_text("Nothing matches “zebra”")
    # Back returns to the previous search.
    page.go_back()
    expect(lst.heading).to_have_text("Search “drips kitchen”")


def test_FIND_8_a_row_checked_on_the_results_stays_on_the_results(page, server, api):
    api.add("Water the ferns")
    api.add("Buy bread")
    lst = ListPage(page, server).open("/search?q=fern")
    lst.act(lambda: lst.toggle_button("Water the ferns").click())
    assert lst.path == "/search?q=fern"
    expect(lst.rows("done")).to_have_count(1)
    expect(page.get_by_text("Buy bread")).to_have_count(0)


def test_FIND_8_search_works_without_javascript(nojs_page, server, api):
    api.add("Renew passport")
    api.add("Buy bread")
    lst = ListPage(nojs_page, server).open()
    nojs_page.get_by_test_id("search-field").fill("passport")
    with nojs_page.expect_navigation():
        nojs_page.get_by_test_id("search-submit").click()
    assert lst.path == "/search?q=passport"
    expect(lst.rows()).to_have_count(1)
    expect(lst.rows().first).to_contain_text("Renew passport")


def test_FIND_2_chinese_and_japanese_text_is_found(page, server, api):
    api.add("我喜欢吃苹果")
    api.add("東京タワーに行く")
    lst = ListPage(page, server).open()
    _search(lst, "苹果")
    expect(lst.rows()).to_have_count(1)
    expect(lst.rows().first).to_contain_text("我喜欢吃苹果")
    _search(lst, "京タワー")
    expect(lst.rows()).to_have_count(1)
    expect(lst.rows().first).to_contain_text("東京タワーに行く")


def test_DAY_2_today_shows_yesterdays_item_first_marked_overdue(page, server, api):
    api.add("Pay rent", dueDate=_day(-1).isoformat())
    api.add("Call mom", dueDate=_day(0).isoformat())
    api.add("Next week", dueDate=_day(7).isoformat())
    api.add("No date")
    lst = ListPage(page, server).open()
    page.get_by_test_id("nav-/today").click()
    expect(lst.heading).to_have_text("Today")
    expect(lst.section_headers).to_have_text(["Overdue", "To Do"])
    overdue = lst.section("overdue")
    expect(overdue.locator("li.row")).to_have_count(1)
    rent = lst.row("Pay rent")
    expect(rent.get_by_test_id("overdue")).to_have_text("Overdue")
    expect(rent.get_by_test_id("overdue")).to_be_visible()
    expect(rent.locator(".chip.due")).to_contain_text("overdue")
    expect(lst.rows("todo")).to_have_count(1)
    expect(lst.row("Call mom").get_by_test_id("overdue")).to_have_count(0)
    expect(page.get_by_text("Next week")).to_have_count(0)
    # Checking the overdue item takes it off Today.
    lst.act(lambda: lst.toggle_button("Pay rent").click())
    expect(lst.section("overdue")).to_have_count(0)


def test_DAY_3_an_empty_today_says_so(page, server, api):
    api.add("Someday")
    lst = ListPage(page, server).open("/today")
    expect(lst.empty_state).to_have_text("Nothing due today")


def test_DAY_5_upcoming_groups_the_next_seven_days_by_day(page, server, api):
    api.add("In three days", dueDate=_day(3).isoformat())
    api.add("Tomorrow A", dueDate=_day(1).isoformat())
    api.add("Tomorrow B", dueDate=_day(1).isoformat())
    api.add("Today's", dueDate=_day(0).isoformat())
    api.add("Too far", dueDate=_day(8).isoformat())
    lst = ListPage(page, server).open()
    page.get_by_test_id("nav-/upcoming").click()
    expect(lst.heading).to_have_text("Upcoming")
    third = _day(3)
    expect(lst.section_headers).to_have_text(["Tomorrow", f"{third.strftime('%A')} {third.strftime('%m/%d')}"])
    expect(lst.section(f"day-{_day(1).isoformat()}").locator("li.row")).to_have_count(2)
    expect(lst.section(f"day-{third.isoformat()}").locator("li.row")).to_contain_text(["In three days"])
    expect(page.get_by_text("Too far")).to_have_count(0)
    expect(page.get_by_text("Today's")).to_have_count(0)


@pytest.fixture
def phone(browser: Browser):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    ctx.set_default_timeout(10_000)
    yield ctx.new_page()
    ctx.close()


def test_FIND_8_the_search_field_fits_a_phone(phone, server, api):
    api.add("Buy milk")
    lst = ListPage(phone, server).open()
    field = lst.box(phone.get_by_test_id("search-field"))
    button = lst.box(phone.get_by_test_id("search-submit"))
    assert button["x"] + button["width"] <= 390, button
    assert field["height"] >= 44 and button["height"] >= 44, (field, button)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


#: Holds the answer to a search for exactly "mi" for a second unless it is cancelled first, and
#: counts the cancelled ones: an older answer arriving after a newer one would show.
HOLD_MI = """
(() => {
  const original = window.fetch;
  window.__cancelled = 0;
  window.__searches = [];
  window.fetch = (url, init) => {
    const address = String(url);
    if (address.includes('/search?')) window.__searches.push(address);
    if (!address.endsWith('/search?q=mi')) return original(url, init);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => original(url, init).then(resolve, reject), 1000);
      if (init && init.signal) init.signal.addEventListener('abort', () => {
        clearTimeout(timer); window.__cancelled += 1; reject(new DOMException('cancelled', 'AbortError'));
      });
    });
  };
})();
"""


def test_FIND_11_FIND_12_results_come_as_you_type_the_field_keeps_focus_and_matches_are_marked(page, server, api):
    for title in ["Buy milk", "Call mum", "Oat MILK", "Write report"]:
        api.add(title)
    lst = ListPage(page, server).open()
    page.keyboard.press("/")
    field = page.get_by_test_id("search-field")
    expect(field).to_be_focused()
    page.keyboard.type("mil", delay=40)
    expect(lst.heading).to_have_text("Search “mil”")
    assert lst.path == "/search?q=mil"
    assert lst.todo_titles() == ["Oat MILK", "Buy milk"]
    expect(page.locator("li.row .title mark")).to_have_text(["MIL", "mil"])
    # Typing went on in the field: focus, text and caret are where they were.
    expect(field).to_be_focused()
    expect(field).to_have_value("mil")
    assert field.evaluate("f => [f.selectionStart, f.selectionEnd]") == [3, 3]
    page.keyboard.type("k report", delay=40)
    expect(lst.empty_state).to_have_text("Nothing matches “milk report”")
    page.keyboard.press("Home")
    page.keyboard.press("Shift+End")
    page.keyboard.type("report", delay=40)
    expect(lst.heading).to_have_text("Search “report”")
    expect(page.locator("li.row .title mark")).to_have_text(["report"])
    assert field.evaluate("f => [f.selectionStart, f.selectionEnd]") == [6, 6]
    # One history entry for the whole search: Back returns to the list it started from.
    page.go_back()
    expect(lst.heading).to_have_text("Todo")
    assert lst.path == "/"


def test_FIND_11_each_keystroke_cancels_the_request_before_it(page, server, api):
    api.add("Buy milk")
    api.add("Mind the gap")
    page.add_init_script(HOLD_MI)
    lst = ListPage(page, server).open()
    field = page.get_by_test_id("search-field")
    field.focus()
    page.keyboard.type("mi")
    # Its answer is held; once asked for, the next keystrokes cancel it.
    page.wait_for_function("() => window.__searches.some(url => url.endsWith('/search?q=mi'))")
    page.keyboard.type("lk")
    page.wait_for_function("() => window.__cancelled >= 1")
    expect(lst.heading).to_have_text("Search “milk”")
    assert lst.todo_titles() == ["Buy milk"]
    expect(field).to_have_value("milk")
    expect(field).to_be_focused()
    # Clearing the field shows the whole list again, still typing in the field.
    page.keyboard.press("Control+a")
    page.keyboard.press("Backspace")
    expect(lst.heading).to_have_text("Todo")
    assert lst.todo_titles() == ["Mind the gap", "Buy milk"]
    expect(field).to_be_focused()

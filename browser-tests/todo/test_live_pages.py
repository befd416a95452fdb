"""Pages that follow their list (docs/specs/live.md, LIVE-10, LIVE-11, LIVE-15): two browser
contexts on one server. A change made in one (or by the CLI on the served file) appears in the
other within 2 s without a reload, highlighted and announced once there; the page that made it
neither highlights nor announces it again."""
from __future__ import annotations

import re
import subprocess

from playwright.sync_api import expect

from live_follow import listening, new_context, refetches, wait_for_event
from pages_todo import ListPage, track_documents

FOLLOW_TIMEOUT = 2_000  # ms: LIVE-15's "within 2 s"


def rows_titled(page: ListPage, title: str):
    """The rows titled `title`, without waiting for one (they appear or leave by themselves)."""
    return page.rows().filter(has=page.page.locator(".title", has_text=re.compile(f"^{re.escape(title)}$")))


def open_two(browser, server):
    """The list open in two contexts (A acts, B follows); both pages' streams are listening, and
    their timers run on a clock a test may run ahead (time passes as usual until it does)."""
    pages = []
    for _ in range(2):
        context = new_context(browser)
        server.sign_in(context)
        page = context.new_page()
        page.clock.install()
        ListPage(page, server).open()
        pages.append(page)
    for page in pages:
        listening(page)
    return [ListPage(page, server) for page in pages]


def test_LIVE_10_LIVE_11_add_check_and_delete_in_one_context_appear_in_the_other(browser, server, api):
    api.add("Buy bread")
    a, b = open_two(browser, server)
    try:
        loads = track_documents(b.page)
        a.page.get_by_test_id("add-title").fill("Buy milk")
        a.page.get_by_test_id("add-title").press("Enter")
        expect(rows_titled(b, "Buy milk")).to_be_visible(timeout=FOLLOW_TIMEOUT)
        assert b.todo_titles() == ["Buy milk", "Buy bread"], "at its place: new items come first"
        expect(rows_titled(b, "Buy milk")).to_have_class(re.compile(r"\blive-changed\b"))
        expect(b.page.get_by_test_id("announcer")).to_have_text("The list changed elsewhere.")
        # A, which made the change, follows it too (its own event comes back), but finds nothing
        # new: it neither highlights the row nor says the list changed elsewhere.
        a.page.wait_for_function("() => Number(document.documentElement.getAttribute('data-live-refreshes') || 0) >= 1")
        expect(a.page.get_by_test_id("announcer")).not_to_have_text("The list changed elsewhere.")
        expect(rows_titled(a, "Buy milk")).not_to_have_class(re.compile(r"\blive-changed\b"))

        a.check("Buy bread")
        expect(b.rows("done").filter(has_text="Buy bread")).to_be_visible(timeout=FOLLOW_TIMEOUT)
        assert b.done_titles() == ["Buy bread"]

        a.delete("Buy milk")
        expect(rows_titled(b, "Buy milk")).to_have_count(0, timeout=FOLLOW_TIMEOUT)
        assert loads == [], f"B was never reloaded: {loads}"
    finally:
        a.page.context.close()
        b.page.context.close()


def test_LIVE_15_a_todo_add_on_the_served_file_appears_in_an_open_page(browser, server):
    (page,) = [p.page for p in open_two(browser, server)[1:]]
    try:
        done = subprocess.run([str(server.binary), "add", "From the terminal", *server.database_args()],
                              capture_output=True, timeout=60)
        assert done.returncode == 0, done.stderr
        expect(rows_titled(ListPage(page, server), "From the terminal")).to_be_visible(timeout=FOLLOW_TIMEOUT)
    finally:
        page.context.close()


def test_LIVE_10_text_being_typed_is_kept_until_the_field_is_left(browser, server, api):
    a, b = open_two(browser, server)
    try:
        field = b.page.get_by_test_id("add-title")
        field.fill("Half typed")
        asked = len(refetches(b.page))
        made = api.add("Made elsewhere")
        # B's stream has the change, and LIVE-15's 2 s have passed on B's clock: had the refresh
        # it scheduled not waited for the typing, it would have asked for the page by now.
        wait_for_event(b, f"e => e.data && e.data.item === {made['id'].lower()!r}")
        b.page.clock.run_for(FOLLOW_TIMEOUT)
        assert refetches(b.page)[asked:] == [], "B asked for its page while text was being typed"
        expect(field).to_have_value("Half typed")
        expect(rows_titled(b, "Made elsewhere")).to_have_count(0)
        field.fill("")
        expect(rows_titled(b, "Made elsewhere")).to_be_visible(timeout=FOLLOW_TIMEOUT + 1_000)
    finally:
        a.page.context.close()
        b.page.context.close()


def test_LIVE_15_an_edit_a_move_a_delete_and_a_restore_made_elsewhere_appear_in_place(browser, server, api):
    for title in ("Three", "Two", "One"):
        api.add(title)  # new items come first: One, Two, Three
    (page,) = [p.page for p in open_two(browser, server)[1:]]
    b = ListPage(page, server)
    try:
        def todo(*args: str) -> None:
            done = subprocess.run([str(server.binary), *args, *server.database_args()], capture_output=True, timeout=60)
            assert done.returncode == 0, done.stderr

        api.patch(api.by_title("Two"), title="Two, renamed")
        expect(rows_titled(b, "Two, renamed")).to_be_visible(timeout=FOLLOW_TIMEOUT)
        todo("move", "1", "--to", "1")  # #1 is "Three", the first added, at the bottom: to the top
        expect(b.rows("todo").first).to_contain_text("Three", timeout=FOLLOW_TIMEOUT)
        todo("rm", "3")  # "One"
        expect(rows_titled(b, "One")).to_have_count(0, timeout=FOLLOW_TIMEOUT)
        todo("restore", "3")
        expect(rows_titled(b, "One")).to_be_visible(timeout=FOLLOW_TIMEOUT)
        assert b.todo_titles() == ["Three", "One", "Two, renamed"], "back at its place"
    finally:
        page.context.close()

"""Actions in place (WEB-2 … WEB-5, docs/specs/web.md): with the script running, the list changes
from the fragment the action's own route answers — no new document, scroll kept, focus on a
control, the live region says what happened. Without a script the same forms post and redirect."""

from __future__ import annotations

from playwright.sync_api import expect

from pages_todo import ListPage, focused_test_id, track_documents
from todo_server import today


def seed(api, count: int) -> list[str]:
    """`count` to-do items; the list shows them newest first, so row n is ``Item n``."""
    for n in range(count, 0, -1):
        api.add(f"Item {n:02d}")
    return [f"Item {n:02d}" for n in range(1, count + 1)]


def test_WEB_2_checking_row_40_of_60_changes_the_page_in_place(page, server, api):
    titles = seed(api, 60)
    lst = ListPage(page, server).open()
    assert lst.todo_titles() == titles[:50]  # the first page holds 50 rows of each section
    lst.toggle_button("Item 40").scroll_into_view_if_needed()
    page.evaluate("() => window.scrollBy({top: 200, behavior: 'instant'})")
    page.wait_for_function("() => window.scrollY > 1000")
    before = page.evaluate("() => window.scrollY")
    loads = track_documents(page)

    lst.check("Item 40")

    assert loads == [], f"no new document: {loads}"
    after = page.evaluate("() => window.scrollY")
    assert abs(after - before) <= 2, (before, after)
    assert "Item 40" not in lst.todo_titles()
    assert lst.done_titles() == ["Item 40"]
    assert api.by_title("Item 40")["completed"] is True
    # Focus is on the check control now at row 40's place (Item 41's), not on <body>.
    assert focused_test_id(page) == lst.toggle_button("Item 41").get_attribute("data-testid")
    expect(page.get_by_test_id("announcer")).to_have_text("Checked “Item 40”")


def test_WEB_2_unchecking_in_place_says_so(page, server, api):
    api.add("Read", completed=True)
    lst = ListPage(page, server).open()
    loads = track_documents(page)
    lst.uncheck("Read")
    assert loads == []
    assert lst.todo_titles() == ["Read"]
    expect(page.get_by_test_id("announcer")).to_have_text("Unchecked “Read”")


def test_WEB_3_delete_in_place_moves_focus_to_the_next_row(page, server, api):
    seed(api, 3)
    lst = ListPage(page, server).open()
    loads = track_documents(page)
    lst.delete("Item 02")
    assert loads == []
    assert lst.todo_titles() == ["Item 01", "Item 03"]
    assert focused_test_id(page) == lst.toggle_button("Item 03").get_attribute("data-testid")
    expect(page.get_by_test_id("announcer")).to_have_text("Deleted “Item 02”")
    # The last row: focus goes to the add field.
    lst.delete("Item 01")
    lst.delete("Item 03")
    expect(page.get_by_test_id("empty-state")).to_be_visible()
    assert focused_test_id(page) == "add-title"


def test_WEB_3_a_second_delete_of_a_gone_row_is_harmless(page, server, api):
    item = api.add("Twice")
    api.add("Stays")
    lst = ListPage(page, server).open()
    lst.delete("Twice")
    # What a second click (or another tab) sends for the same row.
    status = page.evaluate(
        """async ([id]) => {
            const response = await fetch(`/items/${id}/delete`, {method: "POST",
                headers: {"Content-Type": "application/x-www-form-urlencoded", "X-Page-Fragment": "1"},
                body: "from=%2F"});
            return [response.status, response.redirected, await response.text()];
        }""", [item["id"]])
    assert status[0] == 200 and status[1] is True, status[:2]
    assert "Stays" in status[2] and 'data-testid="error-message"' not in status[2]
    assert [todo["title"] for todo in api.todos()] == ["Stays"]


def test_WEB_4_unfinished_toggle_and_pager_work_in_place(page, server, api):
    seed(api, 55)
    api.add("Finished", completed=True)
    lst = ListPage(page, server).open()
    loads = track_documents(page)
    lst.set_unfinished_only(True)
    assert lst.done_titles() == []
    lst.set_unfinished_only(False)
    assert lst.done_titles() == ["Finished"]
    # Pager above and below the rows; Next in place, with the address bar following.
    expect(page.get_by_test_id("pages")).to_have_count(2)
    lst.act(lambda: page.get_by_test_id("page-next").first.click())
    assert lst.path == "/?page=2"
    assert lst.todo_titles() == [f"Item {n}" for n in range(51, 56)]
    assert loads == [], loads
    page.go_back()
    expect(page.get_by_test_id("page-status").first).to_contain_text("Page 1 of 2")
    assert lst.path == "/"


def test_WEB_4_edit_save_in_place_returns_to_the_details(page, server, api):
    api.add("Draft")
    lst = ListPage(page, server).open()
    details = lst.open_item("Draft")
    form = details.edit()
    loads = track_documents(page)
    form.fill("Final")
    details = form.save_edit()
    expect(details.title).to_have_text("Final")
    assert details.path.startswith("/items/")
    assert loads == [], loads
    assert page.title() == "Final — Todo"


def test_WEB_5_inline_add_lands_in_the_list_it_was_typed_on(page, server, api):
    api.add("Fix tap", project="Home")
    due_today = today().isoformat()
    for path, expected in (("/projects/Home", {"project": "Home"}), ("/today", {"dueDate": due_today}), ("/", {})):
        lst = ListPage(page, server).open(path)
        title = f"Added on {path}"
        field = page.get_by_test_id("add-title")
        field.fill(title)
        lst.act(lambda: field.press("Enter"))
        assert lst.todo_titles()[0] == title, lst.todo_titles()
        assert lst.path == path
        expect(page.get_by_test_id("add-title")).to_be_focused()
        expect(page.get_by_test_id("add-title")).to_have_value("")
        item = api.by_title(title)
        for key, value in expected.items():
            assert item[key] == value, (path, item)
        if not expected:
            assert item["project"] is None and item["dueDate"] is None


def test_WEB_5_plus_on_a_project_list_starts_with_that_project(page, server, api):
    api.add("Fix tap", project="Home")
    form = ListPage(page, server).open("/projects/Home").press_add()
    expect(form.project_input).to_have_value("Home")
    form.fill("Paint fence")
    lst = form.save()
    assert lst.path == "/projects/Home"
    assert lst.todo_titles()[0] == "Paint fence"


def test_WEB_5_quick_add_saves_with_ctrl_enter_and_save_waits_for_a_title(page, server, api):
    lst = ListPage(page, server).open()
    dialog = lst.open_quick_add()
    expect(dialog.save_button).to_be_disabled()
    dialog.type_text("Call the plumber\nabout the tap")
    expect(dialog.save_button).to_be_enabled()
    lst.act(lambda: dialog.text.press("Control+Enter"))
    expect(dialog.root).to_be_hidden()
    assert lst.todo_titles() == ["Call the plumber"]
    assert api.by_title("Call the plumber")["details"] == "about the tap"


def test_WEB_4_without_a_script_every_in_place_action_is_a_plain_form_or_link(nojs_page, server, api):
    page = nojs_page
    api.add("Fix tap", project="Home")
    lst = ListPage(page, server).open("/projects/Home")
    assert not lst.in_place
    # Inline add: a plain form post that redirects back to this list, with the item in it.
    page.get_by_test_id("add-title").fill("Paint fence")
    with page.expect_navigation():
        page.get_by_test_id("add-title").press("Enter")
    assert lst.path == "/projects/Home"
    assert lst.todo_titles() == ["Paint fence", "Fix tap"]
    assert api.by_title("Paint fence")["project"] == "Home"
    lst.check("Paint fence")
    assert lst.done_titles() == ["Paint fence"]
    lst.set_unfinished_only(True)
    assert lst.done_titles() == []
    lst.set_unfinished_only(False)
    lst.delete("Paint fence")
    assert [todo["title"] for todo in api.todos()] == ["Fix tap"]
    # The pager is a plain link.
    for n in range(55):
        api.add(f"Item {n}")
    lst.open("/")
    with page.expect_navigation():
        page.get_by_test_id("page-next").first.click()
    assert lst.path == "/?page=2"
    # The edit form saves with a plain post and redirect.
    details = ListPage(page, server).open("/projects/Home").open_item("Fix tap")
    form = details.edit()
    form.fill("Fix the tap")
    expect(form.save_edit().title).to_have_text("Fix the tap")

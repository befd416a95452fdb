"""axe-core on every page of the Todo web app: zero violations (all of axe's default rules:
WCAG 2.x A/AA plus best practices), in light and dark, on a phone (390 × 844) and a wide screen
(1280 × 800) (WEB-7)."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, expect

from pages_todo import ListPage

AXE = Axe()


LOOKS = [
    pytest.param(("light", 1280, 800), id="light-wide"),
    pytest.param(("dark", 1280, 800), id="dark-wide"),
    pytest.param(("light", 390, 844), id="light-phone"),
    pytest.param(("dark", 390, 844), id="dark-phone"),
]


@pytest.fixture(params=LOOKS)
def context(browser: Browser, request):
    """Every test of this file runs in each colour scheme at each size."""
    scheme, width, height = request.param
    ctx = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
    ctx.set_default_timeout(10_000)
    yield ctx
    ctx.close()


def assert_no_violations(page, what: str):
    results = AXE.run(page)
    assert results.violations_count == 0, f"{what}: {page.url}\n{results.generate_report()}"


def seed_full(api):
    api.add("Pay rent", completed=True, project="Home")
    api.add("Renew passport", completed=True, dueDate="2030-01-15")
    api.add("Call mom", estimateMinutes=30, repeatDays=["sun"], priority="medium", tags=["family"])
    api.add("Write report", project="Work", dueDate="2030-03-07", details="Quarterly numbers", priority="high",
            tags=["work", "deadline"])
    milk = api.add("Buy milk", project="Home", location={"name": "Corner shop", "latitude": 51.5, "longitude": -0.12},
                   dueDate="2030-03-06", estimateMinutes=15, repeatDays=["mon", "thu"], details="Two litres", priority=7,
                   tags=["errands", "家"])
    # SUB-8, SUB-10: nested rows, a parent's count and collapse button; the details' subtasks.
    oat = api.add("Oat milk", project="Home", parent=milk["id"])
    api.add("Check the date", project="Home", parent=oat["id"], completed=True)
    api.add("File taxes", project="Work", dueDate="2020-04-15")  # overdue: the warning chip


def test_A11Y_empty_list(page, server):
    ListPage(page, server).open()
    assert_no_violations(page, "empty list")


def test_A11Y_full_list_and_unfinished_only(page, server, api):
    seed_full(api)
    lst = ListPage(page, server).open()
    assert_no_violations(page, "full list")
    lst.set_unfinished_only(True)
    assert_no_violations(page, "list with show unfinished only on")


@pytest.mark.parametrize("path", ["/projects/Home", "/today", "/due/2030-03-07", "/?sort=priority", "/tags/errands"])
def test_A11Y_scoped_lists(page, server, api, path):
    seed_full(api)
    ListPage(page, server).open(path)
    assert_no_violations(page, path)


def test_A11Y_tags_page(page, server, api):
    """TAG-16: the tags in use, and the page with none."""
    page.goto(server("/tags"))
    expect(page.get_by_test_id("tags-empty")).to_be_visible()
    assert_no_violations(page, "tags page, no tags")
    seed_full(api)
    page.goto(server("/tags"))
    expect(page.get_by_test_id("tag-link").first).to_be_visible()
    assert_no_violations(page, "tags page")


def test_A11Y_details(page, server, api):
    seed_full(api)
    lst = ListPage(page, server).open()
    lst.open_item("Buy milk")
    assert_no_violations(page, "details of a to-do item")
    lst.open()
    lst.open_item("Pay rent")
    assert_no_violations(page, "details of a done item")


def test_A11Y_add_form_blank_filled_and_refused(page, server, api):
    seed_full(api)
    form = ListPage(page, server).open().press_add()
    assert_no_violations(page, "add form, blank (Save disabled)")
    form.fill("Something", details="More")
    assert_no_violations(page, "add form, filled")
    form.title_input.fill("  ")
    form.save_button.evaluate("b => { b.disabled = false; }")
    form.act(lambda: form.save_button.click())
    assert_no_violations(page, "add form with the server's error message")


def test_A11Y_edit_form(page, server, api):
    seed_full(api)
    ListPage(page, server).open().open_item("Buy milk").edit()
    assert_no_violations(page, "edit form")


def test_A11Y_quick_add_page(page, server, api):
    seed_full(api)
    page.goto(server("/quick-add?from=%2Fprojects%2FHome&project=Home"))
    assert_no_violations(page, "quick-add page")


def test_A11Y_quick_add_page_without_projects(page, server):
    page.goto(server("/quick-add?from=%2F"))
    assert_no_violations(page, "quick-add page, no projects")


def test_A11Y_quick_add_dialog_open(page, server, api):
    seed_full(api)
    dialog = ListPage(page, server).open().open_quick_add()
    dialog.wait_all_loaded()
    assert_no_violations(page, "quick-add dialog open")


def test_A11Y_quick_add_dialog_with_error_and_empty_sections(page, server):
    page.route("**/quick-add/sections/estimate*", lambda route: route.fulfill(status=503, body="down"))
    dialog = ListPage(page, server).open().open_quick_add()
    dialog.wait_all_loaded()
    assert_no_violations(page, "quick-add dialog with a failed and an empty section")


@pytest.mark.parametrize("path", ["/items/00000000-0000-0000-0000-000000000000", "/due/not-a-date", "/items/nope"])
def test_A11Y_error_pages(page, server, path):
    page.goto(server(path))
    assert_no_violations(page, "error page")


def test_A11Y_long_list_with_pagers_and_an_announcement(page, server, api):
    for n in range(55):
        api.add(f"Item {n}")
    lst = ListPage(page, server).open()
    assert_no_violations(page, "long list, page 1 of 2")
    lst.check("Item 54")
    assert_no_violations(page, "after a check in place")
    lst.act(lambda: page.get_by_test_id("page-next").first.click())
    assert_no_violations(page, "long list, page 2 of 2")


@pytest.mark.parametrize("server", ["accounts"], indirect=True)
def test_A11Y_SHARE_13_SHARE_14_FIND_12_a_viewer_s_pages_and_marked_results(context, server, api):
    """A viewer's list and details, the list saying a write was refused, and search results with
    their matches marked."""
    server.add_person("bob")
    milk = api.add("Buy milk", project="Groceries", dueDate="2030-03-06", priority="high", tags=["errands"])
    bread = api.add("Bread", project="Groceries")
    api.patch(bread, completed=True)
    server.todo("share", "Groceries", "--owner", "alice", "--with", "bob", "--role", "viewer")
    server.todo("add", "Oat milk", "--user", "bob")
    server.sign_in(context, "bob")
    page = context.new_page()
    page.goto(server("/projects/alice%2FGroceries"))
    expect(page.get_by_test_id("view-only")).to_be_visible()
    assert_no_violations(page, "a viewer's list")
    sent = context.request.post(server(f"/items/{milk['id']}/done"), form={"done": "1", "from": "/projects/alice%2FGroceries"},
                                headers={"Origin": server.url}, max_redirects=0)
    assert sent.status == 303
    page.goto(server("/projects/alice%2FGroceries"))
    expect(page.get_by_test_id("refused")).to_be_visible()
    assert_no_violations(page, "a viewer's list saying a write was refused")
    page.goto(server(f"/items/{milk['id']}"))
    expect(page.get_by_test_id("view-only")).to_be_visible()
    assert_no_violations(page, "a viewer's details")
    page.goto(server("/search?q=milk"))
    expect(page.locator("li.row .title mark")).to_have_text(["milk"])
    assert_no_violations(page, "search results, marked")

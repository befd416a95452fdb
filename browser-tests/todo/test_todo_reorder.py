"""Reordering inside a section (MOVE-1 … MOVE-3, docs/specs/keyboard-reorder-merge.md): a drag
handle on each row (mouse and touch, through Pointer Events), Alt+arrows, and without a script
the details page's Move up / Move down."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from pages_todo import DetailsPage, ListPage


def seed(api, titles, **fields):
    for title in reversed(titles):
        api.add(title, **fields)


def order(api) -> list[str]:
    return [item["title"] for item in api.todos() if not item["completed"]]


def handle(lst: ListPage, title: str):
    return lst.row(title).locator("[data-move-handle]")


def centre(lst: ListPage, locator) -> tuple[float, float]:
    box = lst.box(locator)
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_MOVE_2_dragging_with_the_mouse_moves_the_row(page, server, api):
    seed(api, ["A", "B", "C", "D"])
    lst = ListPage(page, server).open()
    expect(handle(lst, "A")).to_have_accessible_name("Move “A”")
    x, y = centre(lst, handle(lst, "A"))
    _, below_c = centre(lst, lst.row("C"))

    def drag():
        page.mouse.move(x, y)
        page.mouse.down()
        for step in range(1, 11):
            page.mouse.move(x, y + (below_c + 8 - y) * step / 10)
        page.mouse.up()

    lst.act(drag)
    assert lst.todo_titles() == ["B", "C", "A", "D"]
    assert order(api) == ["B", "C", "A", "D"]
    expect(page.get_by_test_id("announcer")).to_have_text("Moved “A” to position 3 of To Do")
    expect(handle(lst, "A")).to_be_focused()


def test_MOVE_2_dragging_with_touch_moves_the_row(browser, server, api):
    seed(api, ["A", "B", "C"])
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    ctx.set_default_timeout(10_000)
    try:
        page = ctx.new_page()
        lst = ListPage(page, server).open()
        x, y = centre(lst, handle(lst, "C"))
        _, above_a = centre(lst, lst.row("A"))
        cdp = ctx.new_cdp_session(page)

        def touch_drag():
            cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
            for step in range(1, 11):
                cdp.send("Input.dispatchTouchEvent", {
                    "type": "touchMove", "touchPoints": [{"x": x, "y": y + (above_a - 8 - y) * step / 10}]})
            cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

        lst.act(touch_drag)
        assert lst.todo_titles() == ["C", "A", "B"]
        assert order(api) == ["C", "A", "B"]
        expect(page.get_by_test_id("announcer")).to_have_text("Moved “C” to position 1 of To Do")
        assert page.evaluate("() => window.scrollY") == 0, "the drag did not scroll the page"
    finally:
        ctx.close()


def test_MOVE_2_alt_arrows_on_the_handle(page, server, api):
    seed(api, ["A", "B", "C"])
    lst = ListPage(page, server).open()
    handle(lst, "C").focus()
    lst.act(lambda: page.keyboard.press("Alt+ArrowUp"))
    assert lst.todo_titles() == ["A", "C", "B"]
    expect(handle(lst, "C")).to_be_focused()
    expect(page.get_by_test_id("announcer")).to_have_text("Moved “C” to position 2 of To Do")
    lst.act(lambda: page.keyboard.press("Alt+ArrowUp"))
    assert order(api) == ["C", "A", "B"]
    # At the top already: nothing is sent. Keys are handled in order: once “j” has moved the
    # focus to the next row, Alt+ArrowUp has been handled.
    swaps = lst.swaps()
    page.keyboard.press("Alt+ArrowUp")
    page.keyboard.press("j")
    expect(lst.toggle_button("A")).to_be_focused()
    lst.assert_no_action_since(swaps)
    assert order(api) == ["C", "A", "B"]


def test_MOVE_1_dragging_on_a_project_list_lands_next_to_the_neighbour_in_the_full_list(page, server, api):
    api.add("E")
    api.add("D", project="P")
    api.add("C")
    api.add("B", project="P")
    api.add("A")
    lst = ListPage(page, server).open("/projects/P")
    assert lst.todo_titles() == ["B", "D"]
    x, y = centre(lst, handle(lst, "B"))
    _, below_d = centre(lst, lst.row("D"))

    def drag():
        page.mouse.move(x, y)
        page.mouse.down()
        for step in range(1, 11):
            page.mouse.move(x, y + (below_d + 8 - y) * step / 10)
        page.mouse.up()

    lst.act(drag)
    assert lst.todo_titles() == ["D", "B"]
    assert order(api) == ["A", "C", "D", "B", "E"]


def test_MOVE_3_without_javascript_the_details_page_moves_up_and_down(nojs_page: Page, server, api):
    seed(api, ["A", "B", "C"])
    lst = ListPage(nojs_page, server).open()
    expect(handle(lst, "B")).to_be_hidden()
    details = lst.open_item("B")
    with nojs_page.expect_navigation():
        nojs_page.get_by_test_id("move-up").click()
    expect(details.title).to_have_text("B")
    assert order(api) == ["B", "A", "C"]
    with nojs_page.expect_navigation():
        nojs_page.get_by_test_id("move-down").click()
    with nojs_page.expect_navigation():
        nojs_page.get_by_test_id("move-down").click()
    assert order(api) == ["A", "C", "B"]
    back = DetailsPage(nojs_page, server).go_back()
    assert back.todo_titles() == ["A", "C", "B"]

"""Rows that fit a phone (WEB-6, docs/specs/web.md), at 390 × 844."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from pages_todo import ListPage

LONG = "Call the council about the broken streetlight on the corner of Elm and Fifth before Friday"


@pytest.fixture
def context(browser: Browser):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    ctx.set_default_timeout(10_000)
    yield ctx
    ctx.close()


def test_WEB_6_check_control_is_at_least_44_px_and_delete_is_far_from_it(page, server, api):
    api.add(LONG, project="Home", estimateMinutes=30, dueDate="2030-03-04", repeatDays=["mon", "wed"], location={"name": "Town hall"})
    lst = ListPage(page, server).open()
    check = lst.box(lst.toggle_button(LONG))
    assert check["width"] >= 44 and check["height"] >= 44, check
    delete = lst.box(lst.delete_button(LONG))
    assert delete["width"] >= 44 and delete["height"] >= 44, delete
    # Delete is at the far end of the row, the title between them.
    title = lst.box(lst.row(LONG).locator(".title"))
    assert check["x"] + check["width"] <= title["x"] < title["x"] + title["width"] <= delete["x"], (check, title, delete)
    assert delete["x"] - (check["x"] + check["width"]) > 200
    # The title takes the row's width: the long one wraps to a few lines, not seven.
    line_height = float(lst.row(LONG).locator(".title").evaluate("e => parseFloat(getComputedStyle(e).lineHeight)"))
    assert title["height"] <= 4 * line_height, title
    assert lst.row_chips(LONG) == ["Town hall", "03/04/2030", "#Home", "estimate ~30m", "repeats ↻ Every Mon, Wed"]


def test_WEB_6_overdue_date_is_marked_in_words_not_colour_alone(page, server, api):
    api.add("File taxes", dueDate="2020-04-15")
    api.add("Plan trip", dueDate="2099-01-01")
    lst = ListPage(page, server).open()
    overdue = lst.row("File taxes").locator(".chip.due")
    expect(overdue).to_have_class("chip due overdue")
    expect(overdue).to_have_text("overdue, 04/15/2020")  # the word is there for screen readers
    expect(lst.row("Plan trip").locator(".chip.due")).to_have_class("chip due")


def test_WEB_6_header_stays_at_the_top_while_the_list_scrolls(page, server, api):
    for n in range(30):
        api.add(f"Item {n}")
    lst = ListPage(page, server).open()
    page.mouse.wheel(0, 1500)
    page.wait_for_function("() => window.scrollY > 1000")
    header = lst.box(page.locator("header.top-bar"))
    assert header["y"] == 0, header
    add = lst.box(lst.add_button)
    assert add["y"] < 60 and add["width"] >= 44 and add["height"] >= 44, add

"""LIVE-15 (docs/specs/live.md) between two browser contexts on one server: an edit made through
the edit form, a move (a row moved with Alt+arrows on its handle, an item moved to another
project in its edit form) and a restore from the Trash page, each made in context A, appear in
context B's open list page within 2 s, without a reload. (Add, check and delete between two
contexts are in test_live_pages.py.)"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from live_follow import FOLLOW_TIMEOUT, Follower, new_context, titles_are
from pages_todo import ListPage
from test_todo_trash import TrashPage


@pytest.fixture
def contexts(browser, server):
    """Context A (acts) and context B (follows), each signed in."""
    pair = [new_context(browser) for _ in range(2)]
    for context in pair:
        server.sign_in(context)
    yield pair
    for context in pair:
        context.close()


def test_LIVE_15_an_edit_through_the_edit_form_appears_in_the_other_context(contexts, server, api):
    for title in ("Three", "Two", "One"):
        api.add(title)
    a_context, b_context = contexts
    b = Follower(b_context.new_page(), server)
    a = ListPage(a_context.new_page(), server).open()
    form = a.open_item("Two").edit()
    form.fill("Two, renamed").save_edit()
    titles_are(b, ["One", "Two, renamed", "Three"])
    b.assert_followed_in_place()


def test_LIVE_15_a_row_moved_with_its_handle_moves_in_the_other_context(contexts, server, api):
    for title in ("C", "B", "A"):
        api.add(title)
    a_context, b_context = contexts
    b = Follower(b_context.new_page(), server)
    a = ListPage(a_context.new_page(), server).open()
    a.row("C").locator("[data-move-handle]").focus()
    a.act(lambda: a.page.keyboard.press("Alt+ArrowUp"))
    assert a.todo_titles() == ["A", "C", "B"]
    titles_are(b, ["A", "C", "B"])
    a.act(lambda: a.page.keyboard.press("Alt+ArrowUp"))
    titles_are(b, ["C", "A", "B"])
    b.assert_followed_in_place()


def test_LIVE_15_an_item_moved_to_another_project_leaves_one_project_page_and_joins_the_other(contexts, server, api):
    api.add("Buy paint", project="Home")
    api.add("Paint the fence", project="Work")
    api.add("Write report", project="Work")
    a_context, b_context = contexts
    work = Follower(b_context.new_page(), server, "/projects/Work")
    home = Follower(b_context.new_page(), server, "/projects/Home")
    titles_are(work, ["Write report", "Paint the fence"])
    a = ListPage(a_context.new_page(), server).open()
    a.open_item("Paint the fence").edit().fill(project="Home").save_edit()
    titles_are(work, ["Write report"])
    titles_are(home, ["Paint the fence", "Buy paint"])
    work.assert_followed_in_place()
    home.assert_followed_in_place()


def test_LIVE_15_a_restore_from_the_trash_page_appears_in_the_other_context(contexts, server, api):
    for title in ("Three", "Two", "One"):
        api.add(title)
    a_context, b_context = contexts
    b = Follower(b_context.new_page(), server)
    a = ListPage(a_context.new_page(), server).open()
    a.delete("Two")
    expect(b.rows_titled("Two")).to_have_count(0, timeout=FOLLOW_TIMEOUT)
    trash = TrashPage(a.page, server).open()
    assert trash.titles() == ["Two"]
    trash.restore("Two")
    assert trash.titles() == []
    titles_are(b, ["One", "Two", "Three"])
    b.assert_followed_in_place()

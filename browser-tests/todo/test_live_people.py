"""LIVE-15 (docs/specs/live.md) between people and between servers, in a browser:
- a list alice shares with bob: her change appears on bob's open page within 2 s; once she has
  stopped sharing it, her further changes reach neither his page nor his stream (LIVE-2);
- two `todo serve --database-url` instances on one PostgreSQL database: a change alice makes in
  a page served by instance A appears on her page open on instance B within 2 s (LIVE-9)."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from live_follow import FOLLOW_TIMEOUT, Follower, followed_last_event, new_context, titles_are, wait_for_event
from pages_todo import ListPage
from todo_server import TodoServer


def add_in_page(page: ListPage, title: str) -> str:
    """Adds `title` through the page's own add field; its item's id."""
    page.act(lambda: (page.page.get_by_test_id("add-title").fill(title), page.page.get_by_test_id("add-title").press("Enter")))
    row = page.row(title)
    item = row.get_attribute("data-id")
    assert item
    return item


def share(page, list_name: str, person: str, role: str = "editor") -> None:
    """Shares `list_name` with `person` from the list's settings page (SHARE-8)."""
    page.goto(page.url.split("/projects/")[0].rstrip("/") + f"/projects/{list_name}/settings")
    page.get_by_test_id("share-person").fill(person)
    page.get_by_test_id(f"share-{role}").check()
    page.get_by_test_id("share-submit").click()
    expect(page.get_by_test_id("share-name")).to_have_text([person])
    expect(page.get_by_test_id("share-role")).to_have_value(role)


def unshare(page, list_name: str) -> None:
    page.goto(page.url.split("/projects/")[0].rstrip("/") + f"/projects/{list_name}/settings")
    page.get_by_test_id("unshare").click()
    expect(page.get_by_test_id("no-shares")).to_be_visible()


@pytest.mark.parametrize("server", ["accounts", "postgres"], indirect=True)
def test_LIVE_15_LIVE_2_a_shared_list_s_change_reaches_the_other_person_and_stops_after_unsharing(browser, server, api):
    server.add_person("bob")
    api.add("Milk", project="Groceries")
    alice_context, bob_context = new_context(browser), new_context(browser)
    server.sign_in(alice_context, "alice")
    server.sign_in(bob_context, "bob")
    try:
        alice = ListPage(alice_context.new_page(), server).open("/projects/Groceries")
        share(alice.page, "Groceries", "bob")
        bob = Follower(bob_context.new_page(), server, "/projects/alice%2FGroceries")
        titles_are(bob, ["Milk"])

        # While shared: what alice does in her page appears on bob's.
        alice.open("/projects/Groceries")
        bread = add_in_page(alice, "Bread")
        titles_are(bob, ["Bread", "Milk"])
        alice.check("Milk")
        titles_are(bob, ["Milk"], section="done")
        bob.assert_followed_in_place()
        assert any((event["data"] or {}).get("item") == bread for event in bob.events()), (bread, bob.events())

        # alice stops sharing; what she does next reaches bob neither on his page nor on his stream.
        unshare(alice.page, "Groceries")
        alice.open("/projects/Groceries")
        eggs = add_in_page(alice, "Eggs")
        alice.uncheck("Milk")
        # bob's own change, made after hers, comes through his stream: had hers been sent, it
        # would have come first (a stream is in order).
        server.todo("add", "Call mum", "--user", "bob")
        wait_for_event(bob, "e => e.data && e.data.kind === 'created' && e.data.mine === true")
        # A refresh of bob's page has ended since: had her changes reached his page, it would
        # show them now.
        followed_last_event(bob.page)
        events = bob.events()
        unshared = [n for n, event in enumerate(events) if (event["data"] or {}).get("kind") == "unshared"]
        assert unshared, f"bob was told the list is no longer shared with him: {events}"
        after = [event["data"] for event in events[unshared[-1] + 1:]]
        assert after == [{"kind": "created", "item": after[-1]["item"], "mine": True}], \
            f"after the unsharing bob's stream carries his own change only, nothing of alice's ({eggs}): {events}"
        expect(bob.rows_titled("Eggs")).to_have_count(0)
        assert "Eggs" not in bob.page.content()
        # His page says the list is no longer shared with him, hides its rows and its add field,
        # and leads back to his own lists; nothing was reloaded.
        gone = bob.page.get_by_test_id("live-gone")
        expect(gone).to_be_visible()
        expect(gone).to_contain_text("This list is no longer shared with you.")
        expect(bob.page.get_by_test_id("section-todo")).to_be_hidden()
        expect(bob.page.get_by_test_id("inline-add")).to_be_hidden()
        bob.assert_followed_in_place()
        bob.page.get_by_test_id("live-gone-back").click()
        expect(bob.page).to_have_url(server("/"))
    finally:
        alice_context.close()
        bob_context.close()


def test_LIVE_15_LIVE_9_a_change_in_a_page_on_instance_a_appears_on_a_page_open_on_instance_b(
        browser, todo_bin: Path, tmp_path: Path, postgres_databases):
    url = postgres_databases.fresh()
    a = TodoServer(todo_bin, tmp_path / "unused.sqlite", tmp_path / "a.log", mode="postgres", database_url=url)
    b = TodoServer(todo_bin, tmp_path / "unused.sqlite", tmp_path / "b.log", mode="postgres", database_url=url)
    a.add_person("alice")
    a.start()
    b.start()
    on_a_context, on_b_context = new_context(browser), new_context(browser)
    try:
        a.sign_in(on_a_context, "alice")
        b.sign_in(on_b_context, "alice")
        on_b = Follower(on_b_context.new_page(), b)
        on_a = ListPage(on_a_context.new_page(), a).open()
        assert a.url != b.url

        add_in_page(on_a, "Buy milk")
        expect(on_b.rows_titled("Buy milk")).to_be_visible(timeout=FOLLOW_TIMEOUT)
        add_in_page(on_a, "Buy bread")
        titles_are(on_b, ["Buy bread", "Buy milk"])
        on_a.check("Buy milk")
        titles_are(on_b, ["Buy milk"], section="done")
        on_a.delete("Buy bread")
        expect(on_b.rows_titled("Buy bread")).to_have_count(0, timeout=FOLLOW_TIMEOUT)
        on_b.assert_followed_in_place()
    finally:
        on_a_context.close()
        on_b_context.close()
        a.stop()
        b.stop()

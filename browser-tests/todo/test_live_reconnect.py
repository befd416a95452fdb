"""LIVE-3 (docs/specs/live.md) in a browser: a reconnect after a server restart catches up with no
change missed. A list page is open on a SQLite server; the server is stopped by its PID; `todo
add` and `todo check` change the file while it is down; the server starts again on the same
port. The page's EventSource reconnects by itself (`retry: 2000`), with the `Last-Event-ID` of
the last change it got, and the page shows every change made while the server was down, without
a reload."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from live_follow import FOLLOW_TIMEOUT, Follower, new_context, titles_are, wait_for_event
from several_servers import free_port
from todo_server import TodoServer

#: From the server's start to the page showing what it missed: the browser's next try (at most
#: `retry: 2000` after its last one) and one refresh.
CATCH_UP_TIMEOUT = 2_000 + FOLLOW_TIMEOUT


class ServerOnOnePort(TodoServer):
    """`todo serve` on a port of its own, the same at each start (a restart, as a person sees it)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.port = free_port()

    def serve_args(self) -> list[str]:
        return ["serve", "--port", str(self.port), *self.database_args(), *self.extra]


@pytest.fixture
def served(todo_bin, tmp_path):
    server = ServerOnOnePort(todo_bin, tmp_path / "todo.sqlite", tmp_path / "server.log")
    server.start()
    yield server
    server.stop()


def stream_requests(page) -> list[dict]:
    """Every request the page makes to /events, with its headers (the browser's own, as sent)."""
    seen: list[dict] = []

    def on_request(request):
        if request.url.endswith("/events"):
            seen.append(request.all_headers())

    page.on("request", on_request)
    return seen


def restart_with_changes_while_down(server: ServerOnOnePort, follower: Follower, *changes: tuple[str, ...]) -> None:
    """Stops the server by its PID, makes `changes` with `todo` on its file, starts it again on
    the same port."""
    pid = server.pid
    server.stop()
    assert server.process is None
    # The page notices: its stream ended and cannot open again while the server is down.
    follower.page.wait_for_function("() => window.__liveRecord.errors >= 1")
    for change in changes:
        server.todo(*change)
    server.start()
    assert server.pid != pid, "a new process"


def test_LIVE_3_a_page_catches_up_after_a_server_restart_with_no_change_missed(browser, served):
    served.todo("add", "Before")
    context = new_context(browser)
    try:
        page = context.new_page()
        requests = stream_requests(page)
        follower = Follower(page, served)
        served.todo("add", "Seen live")
        wait_for_event(follower, "e => e.type === 'change'")
        titles_are(follower, ["Seen live", "Before"])
        last_seen = follower.events()[-1]["id"]

        restart_with_changes_while_down(
            served, follower,
            ("add", "Added while down 1"), ("add", "Added while down 2"), ("check", "1"), ("add", "Added while down 3"))

        titles_are(follower, ["Added while down 3", "Added while down 2", "Added while down 1", "Seen live"],
                   timeout=CATCH_UP_TIMEOUT)
        titles_are(follower, ["Before"], section="done")
        follower.assert_followed_in_place()
        # The browser asked again with the last id it had, and the server gave every change after
        # it, in order: none missed, none twice.
        reconnects = [headers for headers in requests[1:]]
        assert reconnects and reconnects[-1].get("last-event-id") == last_seen, requests
        wait_for_event(follower, "e => e.data && e.data.kind === 'created' && e.id === String(Number(%s) + 4)" % json.dumps(last_seen))
        after = [event for event in follower.events() if int(event["id"]) > int(last_seen)]
        assert [int(event["id"]) for event in after] == [int(last_seen) + n for n in range(1, 5)], after
        assert [event["data"]["kind"] for event in after] == ["created", "created", "checked", "created"]
        assert follower.opens() >= 2

        # And it follows live again.
        served.todo("add", "After")
        expect(follower.rows_titled("After")).to_be_visible(timeout=FOLLOW_TIMEOUT)
    finally:
        context.close()


def test_LIVE_3_a_page_that_had_no_change_yet_also_catches_up_after_a_restart(browser, served):
    """The page got no event before the server stopped, so its browser has no id to send: what
    changed while the server was down still reaches it."""
    served.todo("add", "Before")
    context = new_context(browser)
    try:
        follower = Follower(context.new_page(), served)
        restart_with_changes_while_down(served, follower, ("add", "Added while down"), ("check", "1"))
        titles_are(follower, ["Added while down"], timeout=CATCH_UP_TIMEOUT)
        titles_are(follower, ["Before"], section="done")
        follower.assert_followed_in_place()
    finally:
        context.close()

"""The event stream pages follow (docs/specs/live.md), through the real `todo serve` on a file
database: what a change made anywhere sends, a reconnect's catch-up, the limits, and a clean
shutdown with streams open. The page script that follows them comes with LIVE-10."""
from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import time

from reliability_server import TodoServer, run_todo
from waiting import wait_until


class EventStream:
    """One `GET /events`, read as Server-Sent Events."""

    def __init__(self, server: TodoServer, last_event_id: str | None = None, timeout: float = 10):
        self.connection = http.client.HTTPConnection(server.host, server.port, timeout=timeout)
        headers = {"Accept": "text/event-stream"}
        if last_event_id is not None:
            headers["Last-Event-ID"] = last_event_id
        self.connection.request("GET", "/events", headers=headers)
        self.response = self.connection.getresponse()

    def next_event(self) -> dict:
        """The next event (comments and the `retry:` line skipped): its fields, `data` parsed."""
        event: dict = {}
        while True:
            line = self.response.readline()
            if not line:
                raise EOFError("the stream ended")
            line = line.decode().rstrip("\n")
            if line == "":
                if "event" in event:
                    return event
                event = {}
                continue
            if line.startswith(":") or line.startswith("retry:"):
                continue
            name, _, value = line.partition(": ")
            event[name] = json.loads(value) if name == "data" else value

    def close(self) -> None:
        self.connection.close()


def test_LIVE_1_LIVE_8_a_change_from_the_terminal_and_one_from_the_api_each_arrive_with_their_id(todo_server):
    stream = EventStream(todo_server)
    try:
        assert stream.response.status == 200
        assert stream.response.getheader("Content-Type") == "text/event-stream"
        assert stream.response.getheader("X-Accel-Buffering") == "no", "a proxy passes each event on at once"
        assert stream.response.getheader("Cache-Control") == "no-store"
        added = run_todo("add", "From the terminal", db=todo_server.db)
        assert added.returncode == 0, added.stderr
        first = stream.next_event()
        assert first["event"] == "change"
        assert first["data"]["kind"] == "created" and first["data"]["mine"] is True
        response = todo_server.client().request("POST", "/api/todos", {"title": "From the API"})
        assert response.status == 201
        second = stream.next_event()
        assert second["data"] == {"kind": "created", "item": second["data"]["item"], "mine": True}
        assert int(second["id"]) > int(first["id"])
        assert second["data"]["item"] != first["data"]["item"]
        # A check is its own kind, naming the same item.
        run_todo("check", "1", db=todo_server.db)
        third = stream.next_event()
        assert (third["data"]["kind"], third["data"]["item"]) == ("checked", first["data"]["item"])
    finally:
        stream.close()


def test_LIVE_3_a_reconnect_catches_up_and_an_unknown_id_is_told_to_reload(todo_server):
    probe = EventStream(todo_server)
    for title in ("One", "Two", "Three"):
        assert run_todo("add", title, db=todo_server.db).returncode == 0
    # Once the server has handed the three out, a new stream starts after them.
    assert [probe.next_event()["id"] for _ in range(3)] == ["1", "2", "3"]
    probe.close()
    first = EventStream(todo_server)
    second = EventStream(todo_server, last_event_id="1")
    unknown = EventStream(todo_server, last_event_id="999")
    try:
        assert [second.next_event()["id"], second.next_event()["id"]] == ["2", "3"]
        assert unknown.next_event()["event"] == "reload"
        run_todo("add", "Four", db=todo_server.db)
        for stream in (first, second, unknown):
            assert stream.next_event()["id"] == "4"
    finally:
        for stream in (first, second, unknown):
            stream.close()


def test_LIVE_5_a_person_s_seventeenth_stream_is_refused_with_a_sentence(todo_server):
    streams = [EventStream(todo_server) for _ in range(16)]
    try:
        assert all(stream.response.status == 200 for stream in streams)
        refused = EventStream(todo_server)
        assert refused.response.status == 429
        assert refused.response.getheader("Retry-After") == "10"
        assert "live pages open" in refused.response.read().decode()
        refused.close()
        # One closed frees its place: the server notices a gone client when a write to it fails:
        # the first heartbeat after it left (15 s) or, when that write still reaches the socket,
        # the second (30 s).
        streams.pop().close()

        def accepted() -> EventStream | None:
            again = EventStream(todo_server)
            if again.response.status == 200:
                return again
            again.close()
            return None

        streams.append(wait_until(accepted, 40, "a closed stream's place was not freed", interval=0.5))
    finally:
        for stream in streams:
            stream.close()


def test_LIVE_5_max_streams_caps_the_server_and_its_streams_take_no_room_from_requests(tmp_path):
    """--max-streams 3 refuses the fourth stream with a sentence; with --max-connections 2, the
    three open streams still leave two connections for requests, and none of them is closed to
    make room (each stream holds a connection of its own, on top of --max-connections)."""
    server = TodoServer(tmp_path / "todo.sqlite", "--max-streams", "3", "--max-connections", "2")
    streams = []
    try:
        streams = [EventStream(server) for _ in range(3)]
        assert [stream.response.status for stream in streams] == [200, 200, 200]
        refused = EventStream(server)
        assert refused.response.status == 429
        assert "This server follows as many pages as it can" in refused.response.read().decode()
        refused.close()
        # Two keep-alive clients at once, each asking twice: the streams hold their places.
        clients = [http.client.HTTPConnection(server.host, server.port, timeout=10) for _ in range(2)]
        for _ in range(2):
            for client in clients:
                client.request("GET", "/healthz")
                assert client.getresponse().read() == b"ok\n"
        run_todo("add", "Seen by every stream", db=server.db)
        for stream in streams:
            assert stream.next_event()["data"]["kind"] == "created"
        for client in clients:
            client.close()
    finally:
        for stream in streams:
            stream.close()
        server.stop()


def test_LIVE_5_max_streams_out_of_range_is_refused_before_anything_opens(tmp_path):
    db = tmp_path / "todo.sqlite"
    refused = run_todo("serve", "--port", "0", "--max-streams", "0", db=db)
    assert refused.returncode != 0
    assert "--max-streams must be between 1 and 100000." in refused.stderr
    assert not db.exists()


def test_LIVE_5_stopping_the_server_ends_open_streams_at_once_and_leaves_the_file_closed(tmp_path):
    server = TodoServer(tmp_path / "todo.sqlite")
    stream = EventStream(server)
    try:
        started = time.monotonic()
        os.kill(server.pid, signal.SIGTERM)
        assert server.process.wait(timeout=10) == 0
        assert time.monotonic() - started < 5, "an open stream does not hold the shutdown"
        try:
            stream.next_event()
            raise AssertionError("an event after the server stopped")
        except (EOFError, http.client.IncompleteRead, ConnectionError, socket.timeout):
            pass
        assert not (tmp_path / "todo.sqlite-wal").exists()
    finally:
        stream.close()
        server.stop()


def test_LIVE_1_with_accounts_the_stream_needs_a_sign_in(tmp_path):
    server = TodoServer(tmp_path / "todo.sqlite", "--accounts")
    try:
        stream = EventStream(server)
        assert stream.response.status == 401
        stream.close()
    finally:
        server.stop()

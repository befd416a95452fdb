"""LIVE-9 (docs/specs/live.md): two `todo serve` instances on one PostgreSQL database. A change
made through instance A reaches an event stream served by instance B, by NOTIFY; and each
person's stream carries only what they may read (LIVE-2)."""
from __future__ import annotations

import http.client
import json
import urllib.parse
import urllib.request
from pathlib import Path

from todo_server import TodoServer


def add(server: TodoServer, token: str, title: str) -> dict:
    """Adds an item through `server`'s API as the owner of `token`."""
    request = urllib.request.Request(
        server("/api/todos"), data=json.dumps({"title": title}).encode(), method="POST",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 201
        return json.loads(response.read())


def open_stream(server: TodoServer, session: str) -> http.client.HTTPResponse:
    address = urllib.parse.urlsplit(server.url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=10)
    connection.request("GET", "/events", headers={"Accept": "text/event-stream", "Cookie": f"todo_session={session}"})
    response = connection.getresponse()
    assert response.status == 200, response.read()
    return response


def next_change(response: http.client.HTTPResponse) -> dict:
    """The next `change` event's id and data (comments and `retry:` skipped)."""
    event: dict = {}
    while True:
        line = response.readline()
        assert line, "the stream ended"
        line = line.decode().rstrip("\n")
        if line == "":
            if event.get("event") == "change":
                return event
            event = {}
        elif not line.startswith((":", "retry:")):
            name, _, value = line.partition(": ")
            event[name] = json.loads(value) if name == "data" else value


def test_LIVE_9_a_change_through_instance_a_reaches_a_stream_on_instance_b(todo_bin: Path, tmp_path: Path, postgres_databases):
    url = postgres_databases.fresh()
    a = TodoServer(todo_bin, tmp_path / "unused.sqlite", tmp_path / "a.log", mode="postgres", database_url=url)
    b = TodoServer(todo_bin, tmp_path / "unused.sqlite", tmp_path / "b.log", mode="postgres", database_url=url)
    alice_token, bob_token = a.add_person("alice"), a.add_person("bob")
    a.start()
    b.start()
    try:
        alices = open_stream(b, b.session("alice"))
        bobs = open_stream(b, b.session("bob"))
        item = add(a, alice_token, "Buy milk")
        change = next_change(alices)
        assert change["data"] == {"kind": "created", "item": item["id"], "mine": True}
        # bob's stream is told nothing of hers: his own change, later, is the first he gets.
        his = add(a, bob_token, "Walk the dog")
        first = next_change(bobs)
        assert first["data"] == {"kind": "created", "item": his["id"], "mine": True}
        assert int(first["id"]) > int(change["id"])
    finally:
        a.stop()
        b.stop()

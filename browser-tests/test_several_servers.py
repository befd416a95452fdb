"""Two `todo serve` processes behind nginx act as one service (docs/specs/servers.md, SERVERS-1…3).

The ``servers`` fixture starts two instances over one SQLite file and nginx round-robin over
them (several_servers.py). Their arguments are the fixture's parameter: a test can ask for
other ones with ``@pytest.mark.parametrize("servers", [ARGS], indirect=True)``, ARGS being a
function of the test's temporary folder that answers one argument list per instance.
"""

from __future__ import annotations

import http.client
import json
import subprocess
import sys
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from built_executables import built_executable
from several_servers import UPSTREAM_HEADER, ServersBehindNginx

sys.path.insert(0, str(Path(__file__).resolve().parent / "todo"))
from pages_todo import ListPage  # noqa: E402  (the Todo pages' page objects)


def one_sqlite_file(folder: Path) -> list[list[str]]:
    """Two instances over one SQLite file, trusting nginx's X-Forwarded-For."""
    db = folder / "todo.sqlite"
    return [["--db", str(db), "--trusted-proxy", "127.0.0.1"] for _ in range(2)]


@pytest.fixture
def servers(request, tmp_path: Path):
    arguments = getattr(request, "param", one_sqlite_file)
    with ServersBehindNginx(tmp_path / "servers", arguments(tmp_path)) as running:
        yield running


def fetch(url: str, method: str = "GET", body: dict | None = None) -> tuple[int, dict[str, str], bytes]:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Accept": "application/json"} if url.split("/", 3)[-1].startswith("api") else {}
    if data is not None:
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, {name.lower(): value for name, value in response.headers.items()}, response.read()


def upstream(headers: dict[str, str]) -> str:
    return headers[UPSTREAM_HEADER.lower()]


def test_SERVERS_1_requests_through_nginx_alternate_between_the_two_instances(servers):
    addresses = {instance.address for instance in servers.instances}
    assert len(addresses) == 2
    answered = []
    for _ in range(6):
        status, headers, body = fetch(servers("/healthz"))
        assert (status, body) == (200, b"ok\n")
        answered.append(upstream(headers))
    assert set(answered) == addresses, answered
    for first, second in zip(answered, answered[1:]):
        assert first != second, answered
    # The pages too, not only the liveness check.
    pages = [upstream(fetch(servers("/"))[1]) for _ in range(2)]
    assert set(pages) == addresses, pages


def test_SERVERS_2_a_write_through_one_instance_is_read_through_the_other(servers):
    status, headers, body = fetch(servers("/api/todos"), "POST", {"title": "Written through one"})
    assert status == 201
    writer = upstream(headers)
    item = json.loads(body)
    other = next(instance for instance in servers.instances if instance.address != writer)
    # Straight from the other instance, and through nginx from whichever answers.
    assert "Written through one" in fetch(other.url + "/")[2].decode()
    seen = set()
    for _ in range(2):
        status, headers, body = fetch(servers("/"))
        seen.add(upstream(headers))
        assert "Written through one" in body.decode()
    assert seen == {instance.address for instance in servers.instances}

    # Checked through the other instance: both read it done.
    path = "/api/todos/" + item["url"].rsplit("/", 1)[-1]
    status, _, body = fetch(other.url + path, "PATCH", {"completed": True})
    assert status == 200 and json.loads(body)["completed"] is True
    for instance in servers.instances:
        status, _, body = fetch(instance.url + path)
        assert status == 200 and json.loads(body)["completed"] is True, instance.address


def test_SERVERS_3_a_browser_through_nginx_adds_checks_and_edits_and_every_page_is_right(browser: Browser, servers):
    addresses = {instance.address for instance in servers.instances}
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(10_000)
    try:
        page = context.new_page()
        served: list[str] = []
        page.on("response", lambda response: response.request.resource_type == "document"
                and served.append(response.headers.get(UPSTREAM_HEADER.lower(), "")))

        def every_instance_shows(todo: list[str], done: list[str]) -> None:
            """Reloads until each instance has served the list, which is right every time."""
            by = set()
            repeats = 0
            for _ in range(12):
                response = page.reload()
                assert response is not None
                served_by = response.headers.get(UPSTREAM_HEADER.lower(), "")
                expect(lst.heading).to_be_visible()
                assert (lst.todo_titles(), lst.done_titles()) == (todo, done), f"served by {served_by}"
                if served_by in by:
                    # nginx takes turns. A reload is the page, its manifest and, when it comes in
                    # time, the page's event stream: an even or an odd number of requests. One
                    # more request after every other repeat tries both, so a later reload lands
                    # on the other instance.
                    repeats += 1
                    if repeats % 2:
                        fetch(servers("/healthz"))
                by.add(served_by)
                if by == addresses:
                    return
            pytest.fail(f"the list was not served by both instances: {by}\n{servers.logs()}")

        lst = ListPage(page, servers).open()
        every_instance_shows([], [])

        lst.press_add().fill("Buy milk").save()
        assert lst.todo_titles() == ["Buy milk"]
        every_instance_shows(["Buy milk"], [])

        lst.check("Buy milk")
        assert lst.done_titles() == ["Buy milk"]
        every_instance_shows([], ["Buy milk"])

        details = lst.open_item("Buy milk")
        details = details.edit().fill("Buy oat milk").save_edit()
        expect(details.title).to_have_text("Buy oat milk")
        lst = details.go_back()
        every_instance_shows([], ["Buy oat milk"])

        assert set(served) == addresses, served
    finally:
        context.close()


def test_SERVERS_1_the_fixture_stops_every_process_it_started(tmp_path: Path):
    with ServersBehindNginx(tmp_path / "servers", one_sqlite_file(tmp_path)) as running:
        pids = running.pids
        # Two instances, nginx's master and at least one worker, all alive.
        assert len(pids) >= 4 and all(Path(f"/proc/{pid}").exists() for pid in pids), pids
        assert running.nginx is not None and running.nginx.pid in pids
    for pid in pids:
        stat = Path(f"/proc/{pid}/stat")
        assert not stat.exists() or stat.read_text().rsplit(")", 1)[1].split()[0] == "Z", pid


PASSWORD = "correct horse battery"


def with_accounts(trusting: bool):
    """Two instances over one SQLite file with accounts and alice in it; trusting nginx's
    X-Forwarded-For or not."""
    def arguments(folder: Path) -> list[list[str]]:
        db = folder / "todo.sqlite"
        added = subprocess.run([str(built_executable("todo")), "users", "add", "alice", "--db", str(db)],
                               input=(PASSWORD + "\n").encode(), capture_output=True, timeout=60)
        assert added.returncode == 0, added.stderr
        trust = ["--trusted-proxy", "127.0.0.1"] if trusting else []
        return [["--db", str(db), "--accounts", *trust] for _ in range(2)]
    arguments.__name__ = "trusting" if trusting else "not-trusting"
    return arguments


def sign_in_from(source: str, servers: ServersBehindNginx, name: str, password: str,
                 forwarded_for: str | None = None) -> int:
    """Signs in through nginx on a connection from the loopback address `source`; the status."""
    connection = http.client.HTTPConnection("127.0.0.1", servers.port, timeout=30, source_address=(source, 0))
    try:
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        if forwarded_for:
            headers["X-Forwarded-For"] = forwarded_for
        connection.request("POST", "/signin", urllib.parse.urlencode({"name": name, "password": password}), headers)
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


@pytest.mark.parametrize("servers", [with_accounts(True), with_accounts(False)], indirect=True,
                         ids=["trusted-proxy", "no-trusted-proxy"])
def test_SERVERS_4_through_nginx_the_sign_in_limit_counts_each_client_only_with_a_trusted_proxy(servers, request):
    trusting = "no-trusted-proxy" not in request.node.callspec.id
    # Client A (127.0.0.2) fails 10 times under different names, through both instances.
    for number in range(10):
        assert sign_in_from("127.0.0.2", servers, f"nobody{number}", "wrong password") == 401
    # A is held back, even with a right password and an X-Forwarded-For of its own choosing.
    assert sign_in_from("127.0.0.2", servers, "alice", PASSWORD) == 429
    assert sign_in_from("127.0.0.2", servers, "alice", PASSWORD, forwarded_for="203.0.113.1") == 429
    # Client B (127.0.0.3), through the same nginx: its own address when nginx is trusted;
    # otherwise everyone is nginx's 127.0.0.1, and B pays for A's mistakes.
    assert sign_in_from("127.0.0.3", servers, "alice", PASSWORD) == (303 if trusting else 429)

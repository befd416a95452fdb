"""PHONE-1, PHONE-2 (docs/specs/phone-setup.md): ``todo serve --lan`` seen from another machine of
the home network. The test makes that network itself: a network namespace joined to this one by a
veth pair with private test addresses (10.231.N.0/24). A client inside the namespace reaches the
server by the address the start line printed; it signs in and sees the list, and CalDAV answers
its app token. Without signing in, nothing else is reachable, and a Host the server doesn't
serve answers 421."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap

import pytest

from todo_server import PASSWORD, TodoServer


def ip(*args: str) -> None:
    done = subprocess.run(["ip", *args], capture_output=True, timeout=30)
    assert done.returncode == 0, f"ip {' '.join(args)}: {done.stderr.decode(errors='replace')}"


@pytest.fixture
def home_network():
    """A namespace at 10.231.N.2, this machine at 10.231.N.1; removed at the end, pass or fail."""
    tag = os.getpid() % 100_000
    subnet = 10 + os.getpid() % 240
    namespace, here, there = f"tda-lan-{tag}", f"tdah{tag}", f"tdap{tag}"
    ip("netns", "add", namespace)
    try:
        ip("link", "add", here, "type", "veth", "peer", "name", there)
        ip("link", "set", there, "netns", namespace)
        ip("addr", "add", f"10.231.{subnet}.1/24", "dev", here)
        ip("link", "set", here, "up")
        ip("netns", "exec", namespace, "ip", "addr", "add", f"10.231.{subnet}.2/24", "dev", there)
        ip("netns", "exec", namespace, "ip", "link", "set", there, "up")
        ip("netns", "exec", namespace, "ip", "link", "set", "lo", "up")
        yield namespace, f"10.231.{subnet}.1"
    finally:
        subprocess.run(["ip", "link", "del", here], capture_output=True, timeout=30)
        subprocess.run(["ip", "netns", "del", namespace], capture_output=True, timeout=30)


#: What the client in the namespace does, with urllib only: each request's status (and what the
#: test needs of the answer), as JSON on standard output.
CLIENT = textwrap.dedent(r'''
    import base64, json, sys, urllib.error, urllib.parse, urllib.request
    base, name, password, token = sys.argv[1:5]

    class Keep(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(Keep)

    def send(path, method="GET", headers=None, body=None):
        request = urllib.request.Request(base + path, data=body, method=method, headers=headers or {})
        try:
            answer = opener.open(request, timeout=10)
        except urllib.error.HTTPError as refused:
            answer = refused
        return answer.status, dict(answer.headers), answer.read().decode(errors="replace")

    seen = {}
    status, headers, _ = send("/")
    seen["home"] = [status, headers.get("Location")]
    for path in ["/today", "/settings", "/search?q=milk", "/export?format=json"]:
        seen[path] = send(path)[0]
    seen["api"] = send("/api/todos")[0]
    seen["dav"] = send("/dav/", "PROPFIND", {"Depth": "0"})[0]
    seen["other host"] = send("/signin", headers={"Host": "todo.evil.example"})[0]
    seen["signin page"] = send("/signin")[0]
    form = urllib.parse.urlencode({"name": name, "password": password}).encode()
    status, headers, _ = send("/signin", "POST", {"Content-Type": "application/x-www-form-urlencoded", "Origin": base}, form)
    cookie = (headers.get("Set-Cookie") or "").split(";")[0]
    seen["signed in"] = status
    status, _, page = send("/", headers={"Cookie": cookie})
    seen["list"] = [status, "Buy milk" in page]
    basic = "Basic " + base64.b64encode(f"{name}:{token}".encode()).decode()
    seen["dav with token"] = send("/dav/", "PROPFIND", {"Depth": "0", "Authorization": basic})[0]
    print(json.dumps(seen))
''')


def test_PHONE_1_PHONE_2_a_machine_of_the_home_network_reaches_the_printed_address(home_network, todo_bin, tmp_path):
    namespace, address = home_network
    server = TodoServer(todo_bin, tmp_path / "todo.sqlite", tmp_path / "server.log", mode="accounts", extra=["--lan"])
    token = server.add_person("alice")
    server.todo("add", "Buy milk", "--user", "alice")
    server.start()
    try:
        line = (tmp_path / "server-1.log").read_text()
        port = server.url.rsplit(":", 1)[1].rstrip("/")
        printed = re.findall(r"http://[^ ,()]+/", line.split("with the database")[0])
        assert f"http://{address}:{port}/" in printed, line
        assert not any("0.0.0.0" in url for url in printed), line
        base = f"http://{address}:{port}"
        done = subprocess.run(["ip", "netns", "exec", namespace, sys.executable, "-c", CLIENT, base, "alice", PASSWORD, token],
                              capture_output=True, timeout=60)
        assert done.returncode == 0, done.stderr.decode(errors="replace")
        seen = json.loads(done.stdout)
        assert seen["home"] == [303, "/signin"], seen
        for path in ["/today", "/settings", "/search?q=milk", "/export?format=json"]:
            assert seen[path] == 303, (path, seen)
        assert seen["api"] == 401 and seen["dav"] == 401, seen
        assert seen["other host"] == 421, seen
        assert seen["signin page"] == 200 and seen["signed in"] == 303, seen
        assert seen["list"] == [200, True], seen
        assert seen["dav with token"] == 207, seen
    finally:
        server.stop()

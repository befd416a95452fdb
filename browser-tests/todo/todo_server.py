"""Runs ``todo serve`` for the browser tests and the screenshot script, and talks to its JSON
API with urllib (no extra dependencies)."""

from __future__ import annotations

import datetime
import json
import os
import re
import shutil
import signal
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from zoneinfo import ZoneInfo

from built_executables import CHROMIUM, built_executable
from waiting import end_process, wait_until

#: The time zone every ``todo`` the tests run is given (TZ), whatever the machine's own: the
#: server's today, the CLI's and the tests' (``today()``) are one day.
ZONE = "UTC"


def environment() -> dict[str, str]:
    """The environment a ``todo`` of the tests runs in: the tests' own, in ``ZONE``."""
    return {**os.environ, "TZ": ZONE}


def under_clock(command: list[str], start: str) -> list[str]:
    """``command`` with its clock started at ``start`` (``YYYY-MM-DD hh:mm:ss`` in ``ZONE``) and
    running on from there: Debian's ``faketime``, which starts the command as its child (a Swift
    binary given libfaketime by ``LD_PRELOAD`` alone reads no arguments)."""
    assert shutil.which("faketime"), "faketime is missing: scripts/test installs it"
    return ["faketime", "-f", "@" + start, *command]


def child_pid(parent: int, timeout: float = 10.0) -> int:
    """The PID of ``parent``'s one child, once it has started."""
    def child() -> int | None:
        with open(f"/proc/{parent}/task/{parent}/children") as children:
            found = children.read().split()
        return int(found[0]) if found else None
    return wait_until(child, timeout, f"process {parent} started no child")
READY = re.compile(r"Todo is running at (http://\S+?/) ")
START_TIMEOUT = 30.0
STOP_TIMEOUT = 10.0


def find_todo_binary() -> Path:
    return built_executable("todo")


def today(offset: int = 0) -> datetime.date:
    """The day it is in ``ZONE`` (plus `offset` days): the servers' and the CLI's today. `todo`
    takes no clock to be given, so this is the real date: a test that uses it depends on it."""
    return datetime.datetime.now(ZoneInfo(ZONE)).date() + datetime.timedelta(days=offset)


#: The ways ``todo serve`` runs (docs/specs/modes.md, sharing.md): one person's SQLite file, the
#: same file with accounts, and PostgreSQL (accounts always on).
MODES = ("local", "accounts", "postgres")
PASSWORD = "correct horse battery"


class TodoServer:
    """One ``todo serve`` process on a database, stopped by its own PID.

    In the ``accounts`` and ``postgres`` modes the database has one person, ``alice``, with an
    API token (``token``) the ``Api`` client sends, and ``session()`` signs in for a browser.
    """

    def __init__(self, binary: Path, db: Path, log: Path, mode: str = "local", database_url: str | None = None,
                 extra: list[str] | None = None, clock: str | None = None):
        assert mode in MODES, mode
        assert (mode == "postgres") == (database_url is not None), "postgres mode needs a database URL"
        self.binary = binary
        self.db = db
        self.log = log
        self.mode = mode
        self.database_url = database_url
        self.extra = extra or []
        #: The moment the server's clock starts at (``under_clock``); None: the real one.
        self.clock = clock
        #: With a clock, the server's own PID (the child of ``faketime``, which ``process`` is).
        self.server_pid: int | None = None
        self.process: subprocess.Popen | None = None
        self.url = ""
        self.starts = 0
        self.token: str | None = None

    def database_args(self) -> list[str]:
        return ["--database-url", self.database_url] if self.database_url else ["--db", str(self.db)]

    def serve_args(self) -> list[str]:
        args = ["serve", "--port", "0", *self.database_args()]
        if self.mode == "accounts":
            args.append("--accounts")
        return args + self.extra

    def todo(self, *args: str, stdin: str = "") -> str:
        """Runs a ``todo`` command on this server's database; its standard output."""
        done = subprocess.run([str(self.binary), *args, *self.database_args()], input=stdin.encode(),
                              capture_output=True, timeout=60, env=environment())
        assert done.returncode == 0, f"todo {' '.join(args)}: {done.stderr.decode(errors='replace')}"
        return done.stdout.decode()

    def add_person(self, name: str) -> str:
        """Adds a person with ``PASSWORD`` and answers a new API token of theirs."""
        self.todo("users", "add", name, stdin=PASSWORD + "\n")
        return self.todo("users", "token", name, "--label", "tests").strip().splitlines()[-1]

    def session(self, name: str = "alice") -> str:
        """Signs ``name`` in through the form (no browser) and answers the session cookie's value."""
        body = urllib.parse.urlencode({"name": name, "password": PASSWORD}).encode()
        request = urllib.request.Request(self("/signin"), data=body, method="POST",
                                         headers={"Content-Type": "application/x-www-form-urlencoded"})

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):
                return None

        try:
            urllib.request.build_opener(NoRedirect).open(request, timeout=10)
            raise AssertionError("signing in did not redirect")
        except urllib.error.HTTPError as answer:
            assert answer.code == 303, answer.code
            cookie = answer.headers["Set-Cookie"]
        match = re.match(r"todo_session=([^;]+);", cookie or "")
        assert match, cookie
        return match.group(1)

    def sign_in(self, context, name: str = "alice") -> None:
        """Gives a browser context ``name``'s session (nothing to do without accounts)."""
        if self.mode == "local":
            return
        context.add_cookies([{"name": "todo_session", "value": self.session(name), "url": self.url}])

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.server_pid or self.process.pid

    def start(self) -> "TodoServer":
        assert self.process is None, "already running"
        self.starts += 1
        log_path = self.log.with_name(f"{self.log.stem}-{self.starts}{self.log.suffix}")
        out = open(log_path, "wb")
        try:
            # The binary itself, no shell: Popen.pid is the server's PID.
            command = [str(self.binary), *self.serve_args()]
            self.process = subprocess.Popen(
                under_clock(command, self.clock) if self.clock else command,
                stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                env={**environment(), "FAKETIME_DONT_FAKE_MONOTONIC": "1"} if self.clock else environment(),
            )
            if self.clock:
                self.server_pid = child_pid(self.process.pid)
        finally:
            out.close()
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            match = READY.search(log_path.read_text(errors="replace"))
            if match:
                self.url = match.group(1)
                return self
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        text = log_path.read_text(errors="replace")
        self.stop()
        raise RuntimeError(f"todo serve did not start:\n{text}")

    def stop(self) -> None:
        process, self.process = self.process, None
        server_pid, self.server_pid = self.server_pid, None
        if server_pid is not None and process is not None and process.poll() is None:
            # The server itself first; faketime ends with it.
            try:
                os.kill(server_pid, signal.SIGTERM)
                process.wait(timeout=STOP_TIMEOUT)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                pass
        end_process(process, STOP_TIMEOUT)

    def restart(self) -> "TodoServer":
        """Stops the server (gracefully) and starts it again on the same database file."""
        self.stop()
        return self.start()

    def __call__(self, path: str = "/") -> str:
        """The absolute URL of ``path`` on the running server."""
        return self.url.rstrip("/") + path


class Api:
    """The JSON API through urllib, as a non-browser client (curl-like: no Origin)."""

    def __init__(self, server: TodoServer):
        self.server = server

    def request(self, method: str, path: str, body: dict | None = None) -> tuple[int, object]:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Accept": "application/json"}
        if data is not None:
            headers["Content-Type"] = "application/json"
        if self.server.token:
            headers["Authorization"] = f"Bearer {self.server.token}"
        url = path if path.startswith("http") else self.server(path)
        request = urllib.request.Request(url, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                raw = response.read()
                return response.status, json.loads(raw) if raw else None
        except urllib.error.HTTPError as error:
            raw = error.read()
            return error.code, json.loads(raw) if raw else None

    def todos(self) -> list[dict]:
        status, body = self.request("GET", "/api/todos")
        assert status == 200, body
        return body  # type: ignore[return-value]

    def add(self, title: str, **fields) -> dict:
        """Creates an item; ``completed=True`` makes it done (it then goes first in Done)."""
        status, body = self.request("POST", "/api/todos", {"title": title, **fields})
        assert status == 201, body
        return body  # type: ignore[return-value]

    def patch(self, item: dict, **fields) -> dict:
        status, body = self.request("PATCH", item["url"], fields)
        assert status == 200, body
        return body  # type: ignore[return-value]

    def delete(self, item: dict) -> None:
        status, body = self.request("DELETE", item["url"])
        assert status == 204, body

    def by_title(self, title: str) -> dict:
        matches = [item for item in self.todos() if item["title"] == title]
        assert len(matches) == 1, f"{title!r}: {matches}"
        return matches[0]


class PostgresDatabases:
    """Fresh databases on the test cluster (``TODO_TEST_DATABASE_URL``, started by scripts/test),
    each dropped at the end. Without the cluster the PostgreSQL mode fails: nothing is skipped."""

    def __init__(self):
        self.url = os.environ.get("TODO_TEST_DATABASE_URL", "")
        assert self.url, "TODO_TEST_DATABASE_URL is not set: run the tests with scripts/test (it starts PostgreSQL)"
        self.made: list[str] = []

    def _psql(self, sql: str) -> subprocess.CompletedProcess:
        return subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", self.url, "-c", sql],
                              capture_output=True, text=True, timeout=60)

    def _run(self, sql: str) -> None:
        done = self._psql(sql)
        assert done.returncode == 0, f"psql {sql!r}: {done.stderr.strip()}"

    def fresh(self) -> str:
        name = f"todo_test_{os.getpid()}_{len(self.made)}_{int(time.time() * 1000) % 10**8}"
        self._run(f'CREATE DATABASE "{name}"')
        self.made.append(name)
        return urllib.parse.urlunsplit(urllib.parse.urlsplit(self.url)._replace(path="/" + name))

    def drop_all(self) -> None:
        for name in self.made:
            self._drop(name)
        self.made.clear()

    def _drop(self, name: str) -> None:
        """Drops `name`, asking again while it fails. `WITH (FORCE)` ends the database's
        sessions but waits only 5 s for them to go; on a loaded run a stopped server's sessions
        can take longer, and the drop then fails ("being accessed by other users"). Each ask
        waits those 5 s itself, so the loop needs no sleep of its own."""
        deadline = time.monotonic() + 120
        while True:
            done = self._psql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            if done.returncode == 0:
                return
            busy = "being accessed by other users" in done.stderr
            assert busy and time.monotonic() < deadline, f"dropping {name}: {done.stderr.strip()}"

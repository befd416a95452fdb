"""Runs ``todo serve`` for the browser tests and the screenshot script, and talks to its JSON
API with urllib (no extra dependencies)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

from built_executables import built_executable

CHROMIUM = os.environ.get("TDA_CHROMIUM", "/usr/bin/chromium")
READY = re.compile(r"Todo is running at (http://\S+?/) ")
START_TIMEOUT = 30.0
STOP_TIMEOUT = 10.0


def find_todo_binary() -> Path:
    return built_executable("todo")


class TodoServer:
    """One ``todo serve`` process on a database file, stopped by its own PID."""

    def __init__(self, binary: Path, db: Path, log: Path):
        self.binary = binary
        self.db = db
        self.log = log
        self.process: subprocess.Popen | None = None
        self.url = ""
        self.starts = 0

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def start(self) -> "TodoServer":
        assert self.process is None, "already running"
        self.starts += 1
        log_path = self.log.with_name(f"{self.log.stem}-{self.starts}{self.log.suffix}")
        out = open(log_path, "wb")
        try:
            # The binary itself, no shell: Popen.pid is the server's PID.
            self.process = subprocess.Popen(
                [str(self.binary), "serve", "--port", "0", "--db", str(self.db)],
                stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            )
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
        if process is None or process.poll() is not None:
            return
        os.kill(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            os.kill(process.pid, signal.SIGKILL)
            process.wait(timeout=STOP_TIMEOUT)

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

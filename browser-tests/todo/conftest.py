"""Fixtures for the Todo browser tests.

- ``todo_bin``: the built ``todo`` executable (``$TDA_BIN_DIR/todo``, else the output of
  ``swift build --show-bin-path``).
- ``server``: ``todo serve --port 0 --db <fresh file>`` for each test; ``server.restart()``
  starts it again on the same database file (SAVE-1..3).
- ``api``: a tiny JSON client of ``/api/todos`` (urllib, no extra dependencies).
- ``browser`` (one per session), ``context`` and ``page`` (new for each test).
"""

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

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "browser-tests" / "artifacts"
CHROMIUM = os.environ.get("TDA_CHROMIUM", "/usr/bin/chromium")
READY = re.compile(r"Todo is running at (http://\S+?/) ")
START_TIMEOUT = 30.0
STOP_TIMEOUT = 10.0


def find_todo_binary() -> Path:
    bin_dir = os.environ.get("TDA_BIN_DIR")
    if not bin_dir:
        bin_dir = subprocess.run(
            ["swift", "build", "--show-bin-path"], cwd=REPO, check=True, capture_output=True, text=True
        ).stdout.strip()
    binary = Path(bin_dir) / "todo"
    if not binary.is_file():
        raise RuntimeError(f"{binary} does not exist: run `swift build` first")
    return binary


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


@pytest.fixture(scope="session")
def todo_bin() -> Path:
    return find_todo_binary()


@pytest.fixture
def server(todo_bin: Path, tmp_path: Path):
    srv = TodoServer(todo_bin, tmp_path / "todo.sqlite", tmp_path / "server.log").start()
    yield srv
    srv.stop()


@pytest.fixture
def api(server: TodoServer) -> Api:
    return Api(server)


@pytest.fixture(scope="session")
def playwright_instance():
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_instance) -> Browser:
    browser = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
    yield browser
    browser.close()


@pytest.fixture
def context(browser: Browser, request) -> BrowserContext:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.set_default_timeout(10_000)
    yield ctx
    _save_failure_screenshot(ctx, request)
    ctx.close()


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return context.new_page()


@pytest.fixture
def dialogs(page: Page) -> list[str]:
    """Every JavaScript dialog (alert, confirm, prompt) the page opens; each is dismissed."""
    seen: list[str] = []

    def on_dialog(dialog):
        seen.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    page.on("dialog", on_dialog)
    return seen


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call":
        item.call_failed = report.failed
    return report


def _save_failure_screenshot(ctx: BrowserContext, request) -> None:
    if not getattr(request.node, "call_failed", False):
        return
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for index, pg in enumerate(ctx.pages):
        try:
            pg.screenshot(path=str(ARTIFACTS / f"{request.node.name}-{index}.png"), full_page=True)
        except Exception:  # the page may be gone; the screenshot is only a help
            pass

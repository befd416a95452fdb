"""Fixtures for the comics browser tests: the `comics` binary, servers started on free ports, chromium."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from built_executables import built_executable
from marvel_stub import RULES_CATALOG, MarvelStub, StubBehaviour, StubCatalog
from waiting import wait_until


def comics_binary() -> Path:
    """`$TDA_BIN_DIR/comics`, else the debug build of this package."""
    return built_executable("comics")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class ComicsServer:
    """`comics serve` on a free port; stopped by the PID it was started with."""

    def __init__(self, binary: Path, *extra: str):
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [str(binary), "serve", "--host", "127.0.0.1", "--port", str(self.port), *extra],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            env={**os.environ, "TZ": "UTC"},  # the copy's time is said in one zone, whatever the machine's
        )
        self.pid = self.process.pid
        self._wait_until_ready()

    def _wait_until_ready(self, timeout: float = 30.0) -> None:
        def answers() -> bool:
            if self.process.poll() is not None:
                raise RuntimeError(f"comics serve exited with {self.process.returncode}")
            try:
                with urllib.request.urlopen(self.base_url + "/", timeout=1) as response:
                    return response.status == 200
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                return False

        try:
            wait_until(answers, timeout, "comics serve did not answer")
        except AssertionError:
            self.stop()
            raise

    def stop(self) -> None:
        try:
            os.kill(self.pid, signal.SIGTERM)
        except ProcessLookupError:
            return
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.kill(self.pid, signal.SIGKILL)
            self.process.wait(timeout=5)


@pytest.fixture(scope="session")
def binary() -> Path:
    return comics_binary()


@pytest.fixture(scope="session")
def catalog_server(binary):
    """`comics serve` with no --api-base-url: the bundled catalog through its own routes."""
    server = ComicsServer(binary)
    yield server
    server.stop()


@pytest.fixture
def serve(binary):
    """Starts `comics serve` with the given options; stops every server at the end of the test."""
    started: list[ComicsServer] = []

    def start(*extra: str) -> ComicsServer:
        server = ComicsServer(binary, *extra)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture
def marvel_stub():
    """Starts stub Marvel servers; stops them at the end of the test."""
    stubs: list[MarvelStub] = []

    def start(catalog: StubCatalog = RULES_CATALOG, **behaviour) -> MarvelStub:
        stub = MarvelStub(catalog, StubBehaviour(**behaviour)).start()
        stubs.append(stub)
        return stub

    yield start
    stop_all(stubs)


def stop_all(stubs) -> None:
    """Stops every stub a test started, whatever state each is in."""
    for stub in stubs:
        try:
            stub.stop()
        except OSError:
            pass


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def metron():
    """Starts Metron-contract stubs (metron_stub.py); stops them at the end of the test."""
    from metron_stub import MetronBehaviour, MetronStub, SMALL_CATALOG

    stubs = []

    def start(issues=SMALL_CATALOG, **behaviour):
        stub = MetronStub(issues, MetronBehaviour(**behaviour)).start()
        stubs.append(stub)
        return stub

    yield start
    stop_all(stubs)


@pytest.fixture(autouse=True)
def cache_home(tmp_path, monkeypatch):
    """A fresh XDG_CACHE_HOME for the offline copy, inherited by every `comics` started in the test
    (so that no test reads the copy another left, nor the person's own)."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    return folder

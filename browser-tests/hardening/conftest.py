"""Fixtures for the hardening tests (docs/specs/hardening.md, HARDEN-…): the real `todo serve` on a
temporary file database, started on a free port and stopped by its PID when the test ends.

The server class is the reliability tests' `TodoServer` (browser-tests/reliability), which can also
start it under a descriptor limit for the slow-connection tests (HARDEN-6)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "reliability"))

from reliability_server import TodoServer  # noqa: E402


@pytest.fixture
def start_server(tmp_path):
    """Starts `todo serve --db <fresh file> --port 0 [extra options]`; `nofile` runs it under that
    RLIMIT_NOFILE. Every server started is stopped (SIGTERM, then SIGKILL) by its PID at the end."""
    started: list[TodoServer] = []

    def start(*extra: str, nofile: int | None = None) -> TodoServer:
        db = tmp_path / f"todo-{len(started) + 1}.sqlite"
        server = TodoServer(db, *extra, nofile=nofile)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture
def todo_server(start_server):
    """`todo serve` with default options on a fresh file database."""
    return start_server()


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory):
    """One default `todo serve` for a module whose tests change nothing in the list."""
    server = TodoServer(tmp_path_factory.mktemp("hardening") / "todo.sqlite")
    yield server
    server.stop()

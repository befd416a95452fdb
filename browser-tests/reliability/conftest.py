"""Fixtures for the reliability and security tests: `todo serve` on a temporary file database and
headless chromium."""
from __future__ import annotations

import pytest
from reliability_server import TodoServer


@pytest.fixture
def todo_server(tmp_path):
    """`todo serve` with default settings on a fresh file database."""
    server = TodoServer(tmp_path / "todo.sqlite")
    yield server
    server.stop()


@pytest.fixture
def in_browser(browser):
    """Runs `steps(page)` in a fresh browser context of the session's headless chromium."""

    def run(steps) -> None:
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        try:
            steps(context.new_page())
        finally:
            context.close()

    return run

"""Fixtures for the reliability and security tests: `todo serve` on a temporary file database and
headless chromium."""
from __future__ import annotations

import threading

import pytest
from playwright.sync_api import sync_playwright

from todo_server import TodoServer


@pytest.fixture
def todo_server(tmp_path):
    """`todo serve` with default settings on a fresh file database."""
    server = TodoServer(tmp_path / "todo.sqlite")
    yield server
    server.stop()


@pytest.fixture
def in_browser():
    """Runs `steps(page)` in a fresh headless chromium, on a thread of its own: Playwright's sync
    API allows one instance per thread, and other suites keep theirs open for the whole session."""

    def run(steps) -> None:
        failure: list[BaseException] = []

        def body() -> None:
            try:
                with sync_playwright() as playwright:
                    browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
                    try:
                        context = browser.new_context(viewport={"width": 1200, "height": 900})
                        steps(context.new_page())
                        context.close()
                    finally:
                        browser.close()
            except BaseException as error:  # re-raised on the test's thread
                failure.append(error)

        thread = threading.Thread(target=body, name="chromium")
        thread.start()
        thread.join(timeout=300)
        assert not thread.is_alive(), "the browser steps did not finish in 300 s"
        if failure:
            raise failure[0]

    return run

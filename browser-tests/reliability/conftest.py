"""Fixtures for the reliability and security tests: `todo serve` on a temporary file database and
headless chromium."""
from __future__ import annotations

import pytest
from playwright.sync_api import sync_playwright

from todo_server import TodoServer


@pytest.fixture
def todo_server(tmp_path):
    """`todo serve` with default settings on a fresh file database."""
    server = TodoServer(tmp_path / "todo.sqlite")
    yield server
    server.stop()


@pytest.fixture(scope="module")
def chromium():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture
def page(chromium):
    context = chromium.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    yield page
    context.close()

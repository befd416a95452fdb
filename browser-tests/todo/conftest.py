"""Fixtures for the Todo browser tests.

- ``todo_bin``: the built ``todo`` executable (``$TDA_BIN_DIR/todo``, else the output of
  ``swift build --show-bin-path``).
- ``server``: ``todo serve --port 0 --db <fresh file>`` for each test; ``server.restart()``
  starts it again on the same database (SAVE-1..3). A test parametrized indirectly with
  ``MODES`` runs in each way of serving: ``local``, ``accounts`` (the same file, signed in as
  alice) and ``postgres`` (a fresh database on the test cluster); ``page`` and ``api`` are then
  alice's (a session cookie, a Bearer token).
- ``api``: a tiny JSON client of ``/api/todos`` (urllib, no extra dependencies).
- ``browser`` (one per session), ``context`` and ``page`` (new for each test), ``nojs_page`` (scripts off).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from built_executables import REPO
from todo_server import Api, PostgresDatabases, TodoServer, find_todo_binary

ARTIFACTS = REPO / "browser-tests" / "artifacts"


@pytest.fixture(scope="session")
def todo_bin() -> Path:
    return find_todo_binary()


@pytest.fixture(scope="session")
def postgres_databases():
    databases = PostgresDatabases()
    yield databases
    databases.drop_all()


@pytest.fixture
def server(todo_bin: Path, tmp_path: Path, request):
    mode = getattr(request, "param", "local")
    url = request.getfixturevalue("postgres_databases").fresh() if mode == "postgres" else None
    srv = TodoServer(todo_bin, tmp_path / "todo.sqlite", tmp_path / "server.log", mode=mode, database_url=url)
    if mode != "local":
        srv.token = srv.add_person("alice")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture
def api(server: TodoServer) -> Api:
    return Api(server)


@pytest.fixture
def context(browser: Browser, request) -> BrowserContext:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.set_default_timeout(10_000)
    yield ctx
    _save_failure_screenshot(ctx, request)
    ctx.close()


@pytest.fixture
def page(context: BrowserContext, request) -> Page:
    if "server" in request.fixturenames:
        request.getfixturevalue("server").sign_in(context)
    return context.new_page()


@pytest.fixture
def nojs_page(browser: Browser) -> Page:
    """A page whose scripts never run: every action must work through plain forms and links."""
    ctx = browser.new_context(java_script_enabled=False, viewport={"width": 1280, "height": 800})
    ctx.set_default_timeout(10_000)
    yield ctx.new_page()
    ctx.close()


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

"""Fixtures for the real-client CalDAV tests (docs/specs/caldav.md, DAV-23).

- ``dav_server`` (one per test module and store): ``todo serve --accounts --db <tmp>/todo.sqlite
  --port 0`` from ``$TDA_BIN_DIR``, then ``todo serve --database-url <fresh database>`` on the
  test cluster's PostgreSQL, each stopped by its PID at the end, with two people made by the CLI
  (``todo users add``, password on standard input; ``todo users token``): ``alice``, whose lists
  the clients sync, and ``bob``, who must not see them.
- ``alice_api``, ``bob_api``: the JSON API as each (``Authorization: Bearer <app token>``).
- ``share_with_alice``: bob shares a list of his with alice for one test.
- ``web``: opens a page of the web app in headless Chromium, signed in as alice through the
  sign-in form with her password; answers a ``ListPage`` (browser-tests/todo/pages_todo.py).
- ``caldav_client``: the Python ``caldav`` library's ``DAVClient`` for an account, given the
  server's well-known address.
- ``local_sync``: vdirsyncer + todoman with HOME and XDG folders of their own under the test's
  temporary folder (browser-tests/caldav/dav_clients.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import caldav
import pytest
from playwright.sync_api import Browser, expect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "todo"))

from dav_clients import Account, AccountApi, LocalSync  # noqa: E402
from pages_todo import ListPage  # noqa: E402
from todo_server import PostgresDatabases, TodoServer, find_todo_binary  # noqa: E402


class DavServer:
    """A running ``todo serve --accounts`` and the two people on it."""

    def __init__(self, server: TodoServer, alice: Account, bob: Account):
        self.server = server
        self.alice = alice
        self.bob = bob

    @property
    def url(self) -> str:
        """The bare server address, ``http://127.0.0.1:PORT/``."""
        return self.server.url

    def __call__(self, path: str = "/") -> str:
        return self.server(path)

    def dav_path(self, account: Account, collection: str | None = None) -> str:
        """``/dav/calendars/NAME/`` or a calendar in it."""
        return f"/dav/calendars/{account.name}/" + (f"{collection}/" if collection else "")


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def dav_server(request, tmp_path_factory) -> DavServer:
    """The server on a SQLite file (``--db``), or on a fresh PostgreSQL database of the test
    cluster (``--database-url``; scripts/test starts the cluster, else these fail)."""
    folder = tmp_path_factory.mktemp("dav")
    databases = PostgresDatabases() if request.param == "postgres" else None
    url = databases.fresh() if databases else None
    server = TodoServer(find_todo_binary(), folder / "todo.sqlite", folder / "server.log",
                        mode="postgres" if databases else "accounts", database_url=url)
    try:
        alice = Account("alice", server.add_person("alice"))
        bob = Account("bob", server.add_person("bob"))
        server.token = alice.token
        server.start()
        yield DavServer(server, alice, bob)
    finally:
        server.stop()
        if databases:
            databases.drop_all()


@pytest.fixture(scope="module")
def alice_api(dav_server: DavServer) -> AccountApi:
    return AccountApi(dav_server.server, dav_server.alice)


@pytest.fixture(scope="module")
def bob_api(dav_server: DavServer) -> AccountApi:
    return AccountApi(dav_server.server, dav_server.bob)


@pytest.fixture
def share_with_alice(dav_server: DavServer):
    """``share_with_alice(list, role)``: bob shares his list with alice (``todo share``) until the
    test ends (``todo unshare``), so a shared list's trouble stays in the test that made it."""
    shared: list[str] = []

    def share(name: str, role: str = "editor") -> None:
        dav_server.server.todo("share", name, "--owner", "bob", "--with", "alice", "--role", role)
        shared.append(name)

    yield share
    for name in shared:
        dav_server.server.todo("unshare", name, "--owner", "bob", "--with", "alice")


@pytest.fixture
def web(browser: Browser, dav_server: DavServer):
    """``web(path)``: the page at ``path``, signed in as alice with her password (a real form
    in Chromium, once per test); answers a ``ListPage`` whose list heading is shown."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.goto(dav_server("/signin"))
    page.fill("input[name=name]", dav_server.alice.name)
    page.fill("input[name=password]", dav_server.alice.password)
    page.locator("form[action='/signin'] button[type=submit]").click()
    expect(page).to_have_url(re.compile(re.escape(dav_server("/")) + r"$"))

    def open_page(path: str = "/") -> ListPage:
        return ListPage(page, dav_server.server).open(path)

    yield open_page
    context.close()


@pytest.fixture
def caldav_client(dav_server: DavServer):
    """``caldav_client(account)``: a ``caldav.DAVClient`` given only the server's well-known
    address, ``http://HOST:PORT/.well-known/caldav`` (the library follows the redirect)."""
    made: list[caldav.DAVClient] = []

    def make(account: Account, url: str | None = None) -> caldav.DAVClient:
        client = caldav.DAVClient(url=url or dav_server("/.well-known/caldav"), username=account.name,
                                  password=account.token)
        made.append(client)
        return client

    yield make
    for client in made:
        client.close()


@pytest.fixture
def local_sync(tmp_path: Path, dav_server: DavServer):
    """``local_sync(name="one", conflict="a wins")``: a fresh local vdir with vdirsyncer and
    todoman configured for alice against the server's bare address."""

    def make(name: str = "one", conflict: str = "a wins", account: Account | None = None) -> LocalSync:
        return LocalSync(tmp_path / name, dav_server.url, account or dav_server.alice, conflict=conflict)

    return make

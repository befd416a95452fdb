"""Real CalDAV clients against a running server (docs/specs/caldav.md, DAV-23).

- ``Account``: a person's name, app token and password on the server.
- ``AccountApi``: the JSON API (``/api/...``) as that person, with a Bearer token.
- ``LocalSync``: vdirsyncer and todoman with a HOME and XDG folders of their own under one
  temporary folder: a vdirsyncer pair between the server (``caldav`` storage, the account and its
  app token) and a local ``filesystem`` vdir of ``.ics`` files, and a todoman config on that vdir.

Nothing here knows the server's internals: the clients are Debian's ``vdirsyncer`` and
``todoman`` commands, run as a person would run them.
"""

from __future__ import annotations

import base64
import json
import os
import re
import subprocess
import sys
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "todo"))

from todo_server import PASSWORD, Api  # noqa: E402

COMMAND_TIMEOUT = 120


@dataclass(frozen=True)
class Account:
    name: str
    token: str
    password: str = PASSWORD


class _AsAccount:
    """What ``Api`` needs of a server (its URLs and a token), for one account."""

    def __init__(self, server, token: str):
        self._server = server
        self.token = token

    def __call__(self, path: str = "/") -> str:
        return self._server(path)


class AccountApi(Api):
    """The JSON API as one account (``Authorization: Bearer <app token>``)."""

    def __init__(self, server, account: Account):
        super().__init__(_AsAccount(server, account.token))
        self.account = account

    def trash(self) -> list[dict]:
        status, body = self.request("GET", "/api/trash")
        assert status == 200, body
        return body  # type: ignore[return-value]

    def titles(self) -> list[str]:
        return [item["title"] for item in self.todos()]


def dav_get(url: str, account: Account) -> bytes:
    """The body of a plain ``GET`` of a CalDAV resource, as sent (no XML in between)."""
    credentials = base64.b64encode(f"{account.name}:{account.token}".encode()).decode()
    request = urllib.request.Request(url, headers={"Authorization": f"Basic {credentials}"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert answer.status == 200, answer.status
        return answer.read()


SYNC_TOKEN_PROPFIND = (b'<?xml version="1.0" encoding="utf-8"?>'
                       b'<D:propfind xmlns:D="DAV:"><D:prop><D:sync-token/></D:prop></D:propfind>')


def dav_sync_token(url: str, account: Account) -> str:
    """A calendar's current ``DAV:sync-token`` (``PROPFIND`` Depth 0), as the server answers it."""
    credentials = base64.b64encode(f"{account.name}:{account.token}".encode()).decode()
    request = urllib.request.Request(url, data=SYNC_TOKEN_PROPFIND, method="PROPFIND", headers={
        "Authorization": f"Basic {credentials}", "Depth": "0", "Content-Type": "application/xml; charset=utf-8"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert answer.status == 207, answer.status
        body = answer.read().decode()
    match = re.search(r"<(?:\w+:)?sync-token>([^<]+)</(?:\w+:)?sync-token>", body)
    assert match, f"no sync-token for {url}:\n{body}"
    return match.group(1)


def collection_path(project: str | None) -> str:
    """The calendar's path segment for a list (docs/specs/caldav.md, "Words")."""
    return "inbox" if project is None else "list-" + urllib.parse.quote(project, safe="")


def vobject_block(text: str, name: str) -> str:
    """The lines from ``BEGIN:<name>`` to ``END:<name>`` (inclusive, CRLFs kept) of the first
    such component in ``text``; an AssertionError when there is none."""
    match = re.search(rf"BEGIN:{name}\r?\n.*?END:{name}\r?\n", text, re.S)
    assert match, f"no {name} in:\n{text}"
    return match.group(0)


def unfold(text: str) -> str:
    """iCalendar text with folded lines joined (RFC 5545 3.1)."""
    return re.sub(r"\r?\n[ \t]", "", text)


def prop(text: str, name: str) -> str | None:
    """The value of the first ``name`` property (parameters dropped) in iCalendar ``text``."""
    match = re.search(rf"^{name}(;[^:\r\n]*)?:(.*?)\r?$", unfold(text), re.M)
    return match.group(2) if match else None


class LocalSync:
    """vdirsyncer + todoman for ``account`` on the server at ``url``, isolated under ``root``.

    ``calendars/`` is the local vdir (one folder per collection, one ``.ics`` file per item);
    ``status/`` is vdirsyncer's state. ``conflict`` is the pair's ``conflict_resolution``.
    """

    def __init__(self, root: Path, url: str, account: Account, conflict: str = "a wins"):
        self.root = root
        self.url = url
        self.account = account
        self.home = root / "home"
        self.config_home = root / "config"
        self.calendars = root / "calendars"
        self.status = root / "status"
        for folder in (self.home, self.config_home / "vdirsyncer", self.config_home / "todoman",
                       root / "cache", root / "data", self.calendars, self.status):
            folder.mkdir(parents=True, exist_ok=True)
        self.vdirsyncer_config = self.config_home / "vdirsyncer" / "config"
        self.write_vdirsyncer_config(conflict)
        (self.config_home / "todoman" / "config.py").write_text(
            f'path = "{self.calendars}/*"\n'
            'date_format = "%Y-%m-%d"\n'
            'time_format = "%H:%M"\n'
            'default_list = "inbox"\n'
            'default_due = 0\n')

    def write_vdirsyncer_config(self, conflict: str) -> None:
        self.vdirsyncer_config.write_text(f"""[general]
status_path = "{self.status}/"

[pair todo]
a = "todo_server"
b = "todo_local"
collections = ["from a", "from b"]
conflict_resolution = "{conflict}"
metadata = ["displayname", "color"]

[storage todo_server]
type = "caldav"
url = "{self.url}"
username = "{self.account.name}"
password = "{self.account.token}"
item_types = ["VTODO"]

[storage todo_local]
type = "filesystem"
path = "{self.calendars}/"
fileext = ".ics"
""")

    @property
    def env(self) -> dict[str, str]:
        env = {key: value for key, value in os.environ.items() if not key.startswith(("XDG_", "VDIRSYNCER", "TODOMAN"))}
        env.update(HOME=str(self.home), XDG_CONFIG_HOME=str(self.config_home), XDG_CACHE_HOME=str(self.root / "cache"),
                   XDG_DATA_HOME=str(self.root / "data"), TZ="UTC", LANG="C.UTF-8", LC_ALL="C.UTF-8",
                   EDITOR="false", VISUAL="false")
        return env

    def run(self, *command: str, stdin: str = "", stdout_only: bool = False) -> str:
        """Runs a command in this folder's environment; what it printed (standard output and
        error, or the output alone). A failing command fails the test with what it printed."""
        done = subprocess.run(list(command), input=stdin, capture_output=True, text=True, env=self.env,
                              cwd=self.root, timeout=COMMAND_TIMEOUT)
        assert done.returncode == 0, (f"`{' '.join(command)}` exited {done.returncode}:\n"
                                      f"stdout:\n{done.stdout}\nstderr:\n{done.stderr}")
        return done.stdout if stdout_only else done.stdout + done.stderr

    # --- vdirsyncer -----------------------------------------------------------------------

    def discover(self) -> str:
        """``yes | vdirsyncer discover``: every prompt (create this collection?) answered yes."""
        return self.run("vdirsyncer", "discover", stdin="y\n" * 200)

    def sync(self) -> str:
        return self.run("vdirsyncer", "sync")

    def metasync(self) -> str:
        return self.run("vdirsyncer", "metasync")

    def folder(self, collection: str) -> Path:
        """The local folder of a collection (vdirsyncer names it by the URL's last segment, decoded)."""
        folder = self.calendars / urllib.parse.unquote(collection)
        assert folder.is_dir(), f"{folder} is missing; the vdir holds {sorted(p.name for p in self.calendars.iterdir())}"
        return folder

    def files(self, collection: str) -> dict[str, str]:
        """Each ``.ics`` file of a collection by file name, with its text (bytes kept: CRLFs)."""
        return {path.name: path.read_bytes().decode() for path in sorted(self.folder(collection).glob("*.ics"))}

    def file_with(self, collection: str, summary: str) -> Path:
        """The one ``.ics`` file of the collection whose SUMMARY is ``summary``."""
        found = [self.folder(collection) / name for name, text in self.files(collection).items()
                 if prop(text, "SUMMARY") == summary]
        assert len(found) == 1, f"{summary!r} in {collection}: {found} of {list(self.files(collection))}"
        return found[0]

    def file_by_uid(self, collection: str, uid: str) -> Path:
        found = [self.folder(collection) / name for name, text in self.files(collection).items()
                 if prop(text, "UID") == uid]
        assert len(found) == 1, f"UID {uid} in {collection}: {found} of {list(self.files(collection))}"
        return found[0]

    # --- todoman --------------------------------------------------------------------------

    def todoman(self, *args: str, stdin: str = "") -> str:
        return self.run("todoman", "--color", "never", *args, stdin=stdin)

    def todos(self, *lists: str) -> list[dict]:
        """``todoman --porcelain list --status ANY``: every task, done or not."""
        return json.loads(self.run("todoman", "--porcelain", "list", "--status", "ANY", *lists,
                                   stdout_only=True).strip() or "[]")

    def todo(self, summary: str) -> dict:
        found = [todo for todo in self.todos() if todo["summary"] == summary]
        assert len(found) == 1, f"{summary!r}: {found}"
        return found[0]

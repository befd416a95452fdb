"""Two more real CalDAV clients, run from the command line as a person would run them
(docs/specs/caldav.md, DAV-31 and DAV-32), each with a HOME and XDG folders of its own under a
test's temporary folder, so nothing of the machine's own configuration (or D-Bus session, or
keyring) takes part:

- ``SyncEvolution``: Debian's ``syncevolution`` in a local sync (``--daemon=no``,
  ``keyring=no``, the app token in the config). A target config ``target-config@todo`` holds the
  CalDAV side (datastore ``tasks``, ``backend=caldavtodo``, one calendar); the originating
  config ``files`` (context ``@default``, ``syncURL=local://@todo``) holds the local side, a
  ``backend=file`` store of one iCalendar file per task. Tasks of the local store are made,
  changed and removed with syncevolution's own ``--import``, ``--update`` and ``--delete-items``.
- ``Plann``: the ``plann`` command (PyPI) of the running Python's environment, given the
  server's bare address, the account and its app token on the command line
  (``--caldav-url``, ``--caldav-user``, ``--caldav-pass``; no config file is read).
- ``dav_put_new``: a task PUT as another client would write it, to see what these keep of it.
"""

from __future__ import annotations

import base64
import os
import re
import subprocess
import sys
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from dav_clients import COMMAND_TIMEOUT, Account, prop

#: The datastore's name on both sides of the local sync (they pair by name across contexts).
STORE = "tasks"
TARGET = "target-config@todo"
PEER = "files"


def isolated_env(root: Path, drop: tuple[str, ...]) -> dict[str, str]:
    """The test's environment with HOME and the XDG folders under ``root``, in UTC, without
    variables that start with one of ``drop`` (and without a D-Bus session to talk to)."""
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("XDG_", "DBUS_", *drop))}
    env.update(HOME=str(root / "home"), XDG_CONFIG_HOME=str(root / "config"), XDG_CACHE_HOME=str(root / "cache"),
               XDG_DATA_HOME=str(root / "data"), TZ="UTC", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    for folder in ("home", "config", "cache", "data"):
        (root / folder).mkdir(parents=True, exist_ok=True)
    return env


def run(command: list[str], env: dict[str, str], cwd: Path, stdin: str = "") -> str:
    """Runs a command; its standard output and error. A failing command fails the test with
    what it printed."""
    done = subprocess.run(command, input=stdin, capture_output=True, text=True, env=env, cwd=cwd,
                          timeout=COMMAND_TIMEOUT)
    assert done.returncode == 0, (f"`{' '.join(command)}` exited {done.returncode}:\n"
                                  f"stdout:\n{done.stdout}\nstderr:\n{done.stderr}")
    return done.stdout + done.stderr


def dav_put_new(url: str, account: Account, ics: str) -> int:
    """A plain ``PUT`` of a new resource (``If-None-Match: *``), as a client writes it; the
    status of the answer."""
    credentials = base64.b64encode(f"{account.name}:{account.token}".encode()).decode()
    request = urllib.request.Request(url, data=ics.encode(), method="PUT", headers={
        "Authorization": f"Basic {credentials}", "Content-Type": "text/calendar; charset=utf-8",
        "If-None-Match": "*"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return answer.status


@dataclass(frozen=True)
class Changes:
    """What one side of a sync changed: new, modified and deleted items, and errors."""
    new: int
    modified: int
    deleted: int
    errors: int


@dataclass(frozen=True)
class SyncReport:
    """syncevolution's summary of a sync: what it changed in the local store and on the server."""
    local: Changes
    server: Changes
    output: str


class SyncEvolution:
    """syncevolution syncing one calendar of ``account`` with a local file store under ``root``."""

    def __init__(self, root: Path, url: str, account: Account):
        self.root = root
        self.url = url
        self.account = account
        self.store = root / "store"
        self.env = isolated_env(root, ("SYNCEVOLUTION",))

    def run(self, *args: str, stdin: str = "") -> str:
        return run(["syncevolution", "--daemon=no", *args], self.env, self.root, stdin)

    def calendars(self) -> dict[str, str]:
        """``--print-databases`` of the task backend from the bare server address: each
        calendar's URL by its display name."""
        found = self.run("--print-databases", "backend=caldavtodo", f"syncURL={self.url}",
                         f"username={self.account.name}", f"password={self.account.token}", "keyring=no")
        return {name: url for name, url in re.findall(r"^\s+(.+?) \((http://\S+)\)", found, re.M)}

    def configure(self, calendar_url: str) -> None:
        """The target config (the CalDAV side, one calendar) and the originating config (the
        file store, syncing two ways with ``@todo``)."""
        self.run("--configure", "--template", "none", "keyring=no", f"syncURL={self.url}",
                 f"username={self.account.name}", f"password={self.account.token}", "printChanges=0", "dumpData=0",
                 f"{STORE}/backend=caldavtodo", f"{STORE}/database={calendar_url}", TARGET, STORE)
        self.run("--configure", "--template", "SyncEvolution_Client", "keyring=no", "syncURL=local://@todo",
                 "username=", "password=", "peerIsClient=1", "printChanges=0", "dumpData=0",
                 f"{STORE}/backend=file", f"{STORE}/database=file://{self.store}",
                 f"{STORE}/databaseFormat=text/calendar", f"{STORE}/sync=two-way", PEER, STORE)

    def sync(self, mode: str | None = None) -> SyncReport:
        """``syncevolution files`` (``--sync MODE`` for one run: ``slow`` the first time)."""
        output = self.run(*(["--sync", mode] if mode else []), PEER)
        assert "Synchronization successful." in output, output
        # The originating side's table comes last: @default (the file store), then @todo.
        table = output[output.rindex("Changes applied during synchronization:\n"):]
        row = re.search(rf"^\|\s+{STORE} \|(.*)\|\s*$", table, re.M)
        assert row, output
        counts = [int(cell) for cell in re.findall(r"\d+", row.group(1))]
        assert len(counts) == 9, row.group(0)
        return SyncReport(Changes(*counts[0:4]), Changes(*counts[4:8]), output)

    # --- the local store, through syncevolution's own commands ---------------------------

    def local_items(self) -> dict[str, str]:
        """Each task of the file store by its local ID (the file's name), with its text."""
        return {path.name: path.read_text() for path in sorted(self.store.iterdir()) if path.is_file()}

    def local_by_summary(self, summary: str) -> tuple[str, str]:
        """The local ID and text of the one task of the store whose SUMMARY is ``summary``."""
        found = [(luid, text) for luid, text in self.local_items().items() if prop(text, "SUMMARY") == summary]
        assert len(found) == 1, f"{summary!r} in the store: {found} of {self.local_items()}"
        return found[0]

    def local_summaries(self) -> list[str]:
        return sorted(prop(text, "SUMMARY") or "" for text in self.local_items().values())

    def import_local(self, ics: str) -> str:
        """``--import - @default tasks``: a new task in the store; its local ID."""
        done = self.run("--import", "-", "@default", STORE, stdin=ics)
        match = re.search(r"^#0: (\S+)$", done, re.M)
        assert match, done
        return match.group(1)

    def update_local(self, luid: str, ics: str) -> None:
        self.run("--update", "-", "@default", STORE, luid, stdin=ics)

    def delete_local(self, luid: str) -> None:
        self.run("--delete-items", "@default", STORE, luid)

    def export_server(self) -> str:
        """``--export -`` of the target config's datastore: the items as the CalDAV backend
        reads them from the server, before the sync engine parses them."""
        return self.run("--export", "-", TARGET, STORE)


class Plann:
    """plann as ``account`` against the server at ``url`` (its bare address), under ``root``."""

    def __init__(self, root: Path, url: str, account: Account):
        # The console script of the environment pytest runs in (browser-tests/requirements.txt).
        self.executable = Path(sys.executable).parent / "plann"
        assert self.executable.is_file(), f"plann is not installed: {self.executable} is missing"
        self.root = root
        self.url = url
        self.account = account
        self.env = isolated_env(root, ("CALDAV_", "PYTHON_CALDAV", "PLANN"))

    def __call__(self, *args: str, calendar: str | None = None, stdin: str = "") -> str:
        """``plann --skip-config --caldav-url … [--calendar-name CALENDAR] ARGS…``."""
        connection = ["--skip-config", "--caldav-url", self.url, "--caldav-user", self.account.name,
                      "--caldav-pass", self.account.token, "--raise-errors"]
        chosen = ["--calendar-name", calendar] if calendar else []
        return run([str(self.executable), *connection, *chosen, *args], self.env, self.root, stdin)

    def add_todo(self, calendar: str, summary: str, *options: str) -> str:
        """``plann add todo [--set-X value…] SUMMARY``; the new task's UID."""
        done = self("add", "todo", *options, summary, calendar=calendar)
        match = re.search(r"^uid=(\S+)$", done, re.M)
        assert match, done
        return match.group(1)

    def select(self, calendar: str, *args: str) -> str:
        """``plann select --todo ARGS…`` on one calendar (selection options, then a command)."""
        return self("select", "--todo", *args, calendar=calendar)

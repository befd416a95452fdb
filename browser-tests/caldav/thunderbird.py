"""Thunderbird (Debian's ``thunderbird``) headless, driven through Marionette (DAV-30).

``Thunderbird(root)`` makes a fresh profile under ``root`` whose ``user.js`` skips the first run
(no account wizard, no start page, no default-client check), turns off updates, telemetry and
every background fetch, pins the calendar's time zone to UTC, and sets ``marionette.port`` to a
free loopback port. ``start()`` runs ``thunderbird --headless --marionette
--remote-allow-system-access --profile DIR --no-remote`` with a HOME of its own, records its
PID (Debian's wrapper execs the binary, and Marionette's ``moz:processID`` must be that PID)
and ``stop()`` ends it by that PID.

Each ``Thunderbird`` method runs one action of ``thunderbird_calendar.js`` in Thunderbird's
chrome context: Thunderbird's own calendar code (detection, its CalDAV provider and offline
cache, the transaction manager) does the work; this module only asks and reads the answers.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
from pathlib import Path

from marionette_driver.marionette import Marionette

from waiting import end_process, wait_until

THUNDERBIRD = os.environ.get("TDA_THUNDERBIRD", "thunderbird")
START_TIMEOUT = 60.0
STOP_TIMEOUT = 20.0
#: How long one action may run in Thunderbird (ms): a discovery and first load of every calendar.
SCRIPT_TIMEOUT_MS = 60_000
ACTIONS = (Path(__file__).resolve().parent / "thunderbird_calendar.js").read_text()

#: The profile's preferences: what a person would click away on a first run, and whatever would
#: reach the network on its own. Thunderbird talks only to the test's server, on loopback.
PREFERENCES: dict[str, object] = {
    # First run: no account setup wizard, no start page, no "make Thunderbird your default".
    "mail.provider.suppress_dialog_on_startup": True,
    "mail.shell.checkDefaultClient": False,
    "mailnews.start_page.enabled": False,
    "mail.rights.override": True,
    "mail.inappnotifications.enabled": False,
    "toolkit.startup.max_resumed_crashes": -1,
    # No updates of the application, its add-ons or its system add-ons.
    "app.update.disabledForTesting": True,
    "app.update.auto": False,
    "app.update.checkInstallTime": False,
    "extensions.update.enabled": False,
    "extensions.getAddons.cache.enabled": False,
    "extensions.systemAddon.update.enabled": False,
    "media.gmp-manager.updateEnabled": False,
    # No telemetry or data reporting.
    "datareporting.policy.dataSubmissionEnabled": False,
    "datareporting.healthreport.uploadEnabled": False,
    "datareporting.usage.uploadEnabled": False,
    "toolkit.telemetry.enabled": False,
    "toolkit.telemetry.unified": False,
    "toolkit.telemetry.archive.enabled": False,
    "toolkit.telemetry.server": "",
    # No background fetches: remote settings, safe browsing, captive portal and connectivity
    # checks, DNS over HTTPS, prefetching, push, geolocation.
    # (this value is the one Thunderbird's remote settings code reads as "tests: fetch nothing",
    # honoured with MOZ_DISABLE_NONLOCAL_CONNECTIONS, see env()).
    "services.settings.server": "data:,#remote-settings-dummy/v1",
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "browser.safebrowsing.downloads.enabled": False,
    "browser.safebrowsing.update.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "network.trr.mode": 5,
    "network.dns.disablePrefetch": True,
    "network.prefetch-next": False,
    "network.http.speculative-parallel-limit": 0,
    "dom.push.connection.enabled": False,
    "geo.provider.network.url": "",
    "browser.region.network.url": "",
    "security.remote_settings.crlite_filters.enabled": False,
    "security.remote_settings.intermediates.enabled": False,
    # The calendar: the tests' zone (docs/specs/testing.md), not the machine's.
    "calendar.timezone.useSystemTimezone": False,
    "calendar.timezone.local": "UTC",
    "calendar.loglevel": "Warn",
}


def free_port() -> int:
    """A loopback port nothing listens on now (the kernel's choice for a socket bound to 0)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def user_js(preferences: dict[str, object]) -> str:
    """A ``user.js``: one ``user_pref(name, value);`` a line (JSON literals are JavaScript's)."""
    return "".join(f"user_pref({json.dumps(name)}, {json.dumps(value)});\n" for name, value in preferences.items())


class ThunderbirdError(AssertionError):
    """An action failed inside Thunderbird (the message has its error and stack)."""


class Thunderbird:
    """One headless Thunderbird on a fresh profile under ``root``, driven through Marionette."""

    def __init__(self, root: Path):
        self.root = root
        self.profile = root / "profile"
        self.home = root / "home"
        self.log = root / "thunderbird.log"
        self.port = free_port()
        self.process: subprocess.Popen | None = None
        self.client: Marionette | None = None
        for folder in (self.profile, self.home):
            folder.mkdir(parents=True, exist_ok=True)
        (self.profile / "user.js").write_text(user_js({**PREFERENCES, "marionette.port": self.port}))

    @property
    def pid(self) -> int:
        assert self.process is not None, "Thunderbird is not running"
        return self.process.pid

    def env(self) -> dict[str, str]:
        env = {key: value for key, value in os.environ.items() if not key.startswith(("XDG_", "MOZ_"))}
        env.update(HOME=str(self.home), XDG_CONFIG_HOME=str(self.home / ".config"),
                   XDG_CACHE_HOME=str(self.home / ".cache"), XDG_DATA_HOME=str(self.home / ".local/share"),
                   TZ="UTC", LANG="C.UTF-8", LC_ALL="C.UTF-8", MOZ_HEADLESS="1",
                   MOZ_CRASHREPORTER_DISABLE="1",
                   # Gecko's own guard for test runs: a connection to anything but loopback fails.
                   MOZ_DISABLE_NONLOCAL_CONNECTIONS="1")
        env.pop("DISPLAY", None)
        env.pop("WAYLAND_DISPLAY", None)
        return env

    def start(self) -> "Thunderbird":
        assert self.process is None, "already running"
        with open(self.log, "wb") as out:
            # Debian's /usr/bin/thunderbird is a script that execs the binary: Popen's PID is
            # Thunderbird's own (checked against Marionette's moz:processID below). Chrome-context
            # scripts need --remote-allow-system-access.
            self.process = subprocess.Popen(
                [THUNDERBIRD, "--headless", "--marionette", "--remote-allow-system-access",
                 "--profile", str(self.profile), "--no-remote"],
                stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=self.env(), cwd=self.root)
        try:
            wait_until(self._listening, START_TIMEOUT, f"Thunderbird's Marionette on port {self.port}")
            self.client = Marionette(host="127.0.0.1", port=self.port, socket_timeout=SCRIPT_TIMEOUT_MS / 1000 + 30,
                                     startup_timeout=int(START_TIMEOUT))
            session = self.client.start_session()
            assert session.get("moz:processID") == self.process.pid, \
                f"Marionette answers from PID {session.get('moz:processID')}, Thunderbird is {self.process.pid}"
            self.client.set_context(self.client.CONTEXT_CHROME)
        except BaseException:
            self.stop()
            raise
        return self

    def _listening(self) -> bool:
        assert self.process is not None
        if self.process.poll() is not None:
            raise AssertionError(f"Thunderbird exited with {self.process.returncode}:\n{self.log_tail()}")
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            return probe.connect_ex(("127.0.0.1", self.port)) == 0

    def log_tail(self, lines: int = 40) -> str:
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        interesting = [line for line in text.splitlines() if "Gtk-CRITICAL" not in line and "glib warning" not in line
                       and line.strip()]
        return "\n".join(interesting[-lines:])

    def stop(self) -> None:
        """Ends Thunderbird by its PID (SIGTERM, then SIGKILL if it lingers)."""
        client, self.client = self.client, None
        if client is not None:
            try:
                client.delete_session()
            except Exception:  # noqa: BLE001 - it may be gone already; the PID is what counts
                pass
            client.cleanup_ran = True
        process, self.process = self.process, None
        end_process(process, STOP_TIMEOUT)

    # --- actions in Thunderbird's calendar code ---------------------------------------------

    def run(self, action: str, *args):
        assert self.client is not None, "Thunderbird is not running"
        answer = self.client.execute_async_script(ACTIONS, script_args=[action, list(args)],
                                                  script_timeout=SCRIPT_TIMEOUT_MS)
        if "error" in answer:
            raise ThunderbirdError(f"Thunderbird's {action}{args!r} failed: {answer['error']}\n"
                                   f"Thunderbird's log:\n{self.log_tail()}")
        return answer["value"]

    def store_login(self, origin: str, realm: str, username: str, password: str) -> list[str]:
        return self.run("storeLogin", origin.rstrip("/"), realm, username, password)

    def discover_and_register(self, location: str, username: str, password: str) -> dict:
        return self.run("discoverAndRegister", location, username, password)

    def calendars(self) -> list[dict]:
        return self.run("calendars")

    def tasks(self, calendar: str) -> list[dict]:
        return self.run("tasks", calendar)

    def titles(self, calendar: str) -> list[str]:
        return sorted(task["title"] for task in self.tasks(calendar))

    def task(self, calendar: str, title: str) -> dict:
        found = [task for task in self.tasks(calendar) if task["title"] == title]
        assert len(found) == 1, f"{title!r} in Thunderbird's {calendar}: {found}"
        return found[0]

    def add_task(self, calendar: str, title: str) -> dict:
        return self.run("addTask", calendar, title)

    def add_subtask(self, calendar: str, parent_title: str, title: str) -> dict:
        """A new task under the task ``parent_title`` of the same calendar: a ``RELATED-TO``
        relation of type PARENT naming the parent's UID (SUB-14)."""
        return self.run("addSubtask", calendar, parent_title, title)

    def complete_task(self, calendar: str, title: str) -> dict:
        return self.run("completeTask", calendar, title)

    def retitle_task(self, calendar: str, title: str, new_title: str) -> dict:
        return self.run("retitleTask", calendar, title, new_title)

    def move_task(self, from_calendar: str, to_calendar: str, title: str) -> dict:
        return self.run("moveTask", from_calendar, to_calendar, title)

    def delete_task(self, calendar: str, title: str) -> str:
        return self.run("deleteTask", calendar, title)

    def refresh(self, calendar: str) -> None:
        self.run("refresh", calendar)

    def sync_token(self, calendar: str) -> str | None:
        return self.run("syncToken", calendar)

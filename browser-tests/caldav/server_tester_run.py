"""Runs caldav-server-tester (PyPI, the RFC conformance tester of the ``caldav`` library's
author) against one CalDAV account and prints what it found as JSON (docs/specs/caldav.md,
DAV-29). Run by browser-tests/caldav/test_dav_server_tester.py with the venv's Python, as a
process of its own: the tester wraps ``caldav``'s search class for the whole process.

    python server_tester_run.py URL USER [--events-as-tasks] [--check NAME ...]

The password comes from the environment (``CALDAV_TESTER_PASSWORD``), not the command line.

Every check the tester has is run, one after the other, in the order of its own
``check_all`` (by name; each runs what it depends on first): a check that raises is recorded
and the next one runs, so one check that cannot run costs that check only.

The tester writes its probes as VEVENTs, also those about properties of any calendar object
(sync tokens, ETags, If-None-Match, a UID conflict, RELATED-TO). A server that stores only
tasks refuses them (403, CALDAV:supported-calendar-component, RFC 4791 §5.3.2.1), and its
fixture setup stops at the first one. With ``--events-as-tasks`` every VEVENT the tester PUTs
goes out as a VTODO (``BEGIN``/``END:VEVENT`` → ``VTODO``, ``DTEND`` → ``DUE``), so those
probes run on tasks; what the tester then says about events (searches with ``event=True``
find nothing) is not about this server. VJOURNALs go out as they are.

Output (standard output, one JSON object): ``features``, every feature the tester set, with
its node (``{"support": "full"}``, ``{"support": "broken", "behaviour": "..."}``,
``{"value": true}`` for observations), and ``failed``, the checks that raised, with the error.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import re
import sys
import traceback

from caldav.davclient import get_davclient
from caldav_server_tester import checks
from caldav_server_tester.checker import ServerQuirkChecker
from caldav_server_tester.checks_base import Check

PASSWORD_VARIABLE = "CALDAV_TESTER_PASSWORD"


def event_as_task(body: str) -> str:
    """The iCalendar text ``body`` with each VEVENT made a VTODO whose DUE is the event's end."""
    body = re.sub(r"(?m)^(BEGIN|END):VEVENT(?=\r?$)", r"\1:VTODO", body)
    return re.sub(r"(?m)^DTEND(?=[;:])", "DUE", body)


def send_events_as_tasks(client) -> None:
    """Makes every PUT of ``client`` that carries a VEVENT carry it as a VTODO."""
    original = client.request

    def request(url, method="GET", body="", headers=None, *args, **kwargs):
        if str(method).upper() == "PUT" and body:
            text = body.decode("utf-8") if isinstance(body, bytes) else body
            if "BEGIN:VEVENT" in text:
                body = event_as_task(text).encode("utf-8") if isinstance(body, bytes) else event_as_task(text)
        return original(url, method, body, headers, *args, **kwargs)

    client.request = request


def all_checks() -> list[str]:
    """The tester's checks, in the order its ``check_all`` runs them."""
    return [name for name, obj in inspect.getmembers(checks, inspect.isclass)
            if obj.__module__ == checks.__name__ and issubclass(obj, Check) and obj is not Check]


def run(url: str, user: str, password: str, names: list[str], events_as_tasks: bool) -> dict:
    client = get_davclient(url=url, username=user, password=password)
    if client is None:
        raise SystemExit(f"no client for {url}")
    failed: dict[str, str] = {}
    with client:
        if events_as_tasks:
            send_events_as_tasks(client)
        # debug_mode=None: no comparison with a server profile (there is none for Todo)
        checker = ServerQuirkChecker(client, debug_mode=None)
        try:
            for name in names:
                try:
                    getattr(checks, name)(checker).run_check(only_once=True)
                except Exception as error:  # the tester's own assertions included
                    failed[name] = f"{type(error).__name__}: {error}"
                    print(f"{name} failed:\n{traceback.format_exc()}", file=sys.stderr)
        finally:
            try:
                checker.cleanup(force=True)
            except Exception as error:
                failed["cleanup"] = f"{type(error).__name__}: {error}"
        features = checker.features_checked.dotted_feature_set_list(compact=False)
    return {"features": features, "failed": failed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("url")
    parser.add_argument("user")
    parser.add_argument("--events-as-tasks", action="store_true")
    parser.add_argument("--check", action="append", default=[], help="a check to run (default: all)")
    arguments = parser.parse_args()
    password = os.environ.get(PASSWORD_VARIABLE)
    if not password:
        raise SystemExit(f"{PASSWORD_VARIABLE} is not set")
    result = run(arguments.url, arguments.user, password, arguments.check or all_checks(), arguments.events_as_tasks)
    json.dump(result, sys.stdout, indent=2, sort_keys=True, default=str)
    print()


if __name__ == "__main__":
    main()

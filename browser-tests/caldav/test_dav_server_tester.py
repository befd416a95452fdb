"""DAV-29 (docs/specs/caldav.md): the RFC conformance tester ``caldav-server-tester`` (PyPI,
pinned in browser-tests/requirements.txt) run against ``todo serve --accounts`` on SQLite and on
PostgreSQL (the ``dav_server`` fixture) reports every feature a server of tasks can have as
``full``.

The tester runs in a process of its own (browser-tests/caldav/server_tester_run.py, with this
Python), bounded by ``TESTER_TIMEOUT``; one that can't start, times out or prints no result
fails the test. It makes its own calendars (MKCALENDAR ``caldav-server-checker-calendar``…) and
deletes them at the end, so each run starts from a fresh calendar.

It runs twice on each store:

- as published: its probes are VEVENTs, which a calendar of tasks refuses (403,
  ``CALDAV:supported-calendar-component``, DAV-27), so its fixture setup stops at the first
  event and only the features that need no event are graded;
- with its VEVENTs sent as VTODOs (``--events-as-tasks``): every probe about calendar objects
  in general (sync tokens and their limits, ETags, ``If-None-Match``, a UID conflict,
  ``RELATED-TO``) then runs on tasks, and the task fixtures are all made, so time ranges on
  tasks are graded too. Its verdicts about events are not about this server and are not
  asserted; docs/interop.md, "caldav-server-tester", names each check that can't be run here
  and why.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

RUNNER = Path(__file__).resolve().parent / "server_tester_run.py"
#: A whole run takes a few seconds; a hung server or tester fails the test instead of the suite.
TESTER_TIMEOUT = 300

#: Needs no event: graded by the tester as published.
WITHOUT_EVENTS = (
    "auth.www-authenticate",
    "auth.www-authenticate.usable-scheme",
    "calendar-color",
    "calendar-order",
    "non-existing-raises-not-found.object",
    "non-existing-raises-not-found.collection",
    "create-calendar",
    "create-calendar.set-displayname",
    "create-calendar.stable-url",
    "create-calendar.with-supported-component-types",
    "delete-calendar",
    "delete-calendar.free-namespace",
    "get-current-user-principal",
    "propfind",
    "propfind.allprop",
    "propfind.principal-depth-1",
    "save-load.todo",
    "save-load.todo.mixed-calendar",
    "save-load.todo.uncomplete",
    "search.time-range.todo",
    "search.comp-type",
    "search.comp-type.optional",
)

#: Every feature of a server of tasks, graded with the tester's VEVENTs sent as VTODOs.
TASK_FEATURES = WITHOUT_EVENTS + (
    "sync-token",
    "sync-token.delete",
    "sync-token.invalid-token",
    "sync-token.limit",
    "sync-token.limit.initial-sync",
    "save.etag",
    "save.if-none-match",
    "save.no-uid-conflict",
    "save-load.mutable.if-match-wildcard",
    "save-load.mutable.if-match-optional",
    "save-load.icalendar.related-to",
    "save-load.get-by-url",
    "save-load.stable-url",
    "save-load.todo.recurrences",
    "save-load.todo.recurrences.count",
    "synchronous-write",
    "freebusy-query",
    "search.time-range.todo.old-dates",
    "search.time-range.todo.no-dtstart",
    "search.time-range.todo.no-dtstart.no-due",
    "search.time-range.open.end",
    "search.time-range.open.start",
    "search.time-range.open.start.duration",
    "search.time-range.todo.strict",
)

def run_tester(server, *options: str) -> dict:
    """The runner's JSON for alice on ``server``; fails the test when it can't run."""
    environment = {**os.environ, "CALDAV_TESTER_PASSWORD": server.alice.token}
    try:
        done = subprocess.run(
            [sys.executable, str(RUNNER), server.url, server.alice.name, *options],
            capture_output=True, text=True, timeout=TESTER_TIMEOUT, env=environment)
    except subprocess.TimeoutExpired as timeout:
        pytest.fail(f"caldav-server-tester did not finish within {TESTER_TIMEOUT} s:\n{timeout.stderr}")
    assert done.returncode == 0, f"caldav-server-tester could not run ({done.returncode}):\n{done.stderr[-4000:]}"
    try:
        result = json.loads(done.stdout)
    except json.JSONDecodeError:
        pytest.fail(f"caldav-server-tester printed no result:\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}")
    result["stderr"] = done.stderr
    return result


@pytest.fixture(scope="module")
def as_published(dav_server) -> dict:
    return run_tester(dav_server)


@pytest.fixture(scope="module")
def events_as_tasks(dav_server, as_published) -> dict:
    # After the published run: the two never share a calendar.
    return run_tester(dav_server, "--events-as-tasks")


def support(result: dict, feature: str) -> str:
    node = result["features"].get(feature)
    assert node is not None, f"the tester did not grade {feature}"
    if "support" in node:
        return node["support"]
    return "full" if node.get("value") is True else f"value {node.get('value')!r}"


def test_DAV_29_the_tester_as_published_grades_what_needs_no_event_full(as_published):
    # Its one check that raises is its own: CheckDuplicateEvent returns without a verdict when
    # its source event is missing, and the tester's bookkeeping asserts on that.
    assert set(as_published["failed"]) <= {"CheckDuplicateEvent"}, as_published["failed"]
    assert "csc_simple_event1.ics', reason Forbidden" in as_published["stderr"], "an event is refused with 403"
    graded = {feature: support(as_published, feature) for feature in WITHOUT_EVENTS}
    assert {feature: level for feature, level in graded.items() if level != "full"} == {}


def test_DAV_29_every_check_runs_with_events_sent_as_tasks(events_as_tasks):
    assert events_as_tasks["failed"] == {}


@pytest.mark.parametrize("feature", TASK_FEATURES)
def test_DAV_29_every_feature_of_tasks_is_full(events_as_tasks, feature):
    node = events_as_tasks["features"].get(feature)
    assert support(events_as_tasks, feature) == "full", f"{feature}: {node}"

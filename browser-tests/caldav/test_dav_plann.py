"""DAV-32 with plann (PyPI), the command-line calendar client on top of the ``caldav`` library:
given the server's bare address, alice's name and app token on its command line (a HOME of its
own, no config file), it adds a task, edits it, completes a repeating one and deletes one; each
change is checked through the JSON API, the next occurrence also on the web page
(browser-tests/caldav/dav_cli_clients.py, docs/specs/caldav.md).
"""

from __future__ import annotations

import urllib.parse
import uuid

import pytest

from dav_cli_clients import Plann, dav_put_new
from dav_clients import dav_get, prop, unfold
from repeat_days import repeat_days

PROJECT = "Orchard"
PROJECT_PAGE = "/projects/" + urllib.parse.quote(PROJECT)


@pytest.fixture(scope="module", autouse=True)
def orchard_list(alice_api):
    """An item in "Orchard" that no test removes (a list exists while it holds an item)."""
    alice_api.add("Keep the orchard list", project=PROJECT)


@pytest.fixture
def plann(tmp_path, dav_server) -> Plann:
    client = Plann(tmp_path / "plann", dav_server.url, dav_server.alice)
    found = client("list-calendars")
    assert f"{PROJECT} {dav_server(dav_server.dav_path(dav_server.alice, 'list-' + PROJECT))}" in found, found
    return client


def items(alice_api, title: str) -> list[tuple]:
    """(done, due date, repeat days) of every item called ``title``, open ones first."""
    return sorted(((item["completed"], item["dueDate"], repeat_days(item)) for item in alice_api.todos()
                   if item["title"] == title), key=str)


def test_DAV_32_plann_adds_edits_and_deletes_a_task(plann, alice_api, web):
    # add
    uid = plann.add_todo(PROJECT, "Prune the apple trees", "--set-due", "2027-02-15",
                         "--set-description", "Before the buds swell", "--set-location", "Top field")
    item = alice_api.by_title("Prune the apple trees")
    assert (item["project"], item["dueDate"], item["details"], (item["location"] or {}).get("name"),
            item["completed"]) == (PROJECT, "2027-02-15", "Before the buds swell", "Top field", False), item
    assert "Prune the apple trees" in web(PROJECT_PAGE).todo_titles()

    # edit: the fields Todo models, and a priority it keeps for the client
    plann.select(PROJECT, "--uid", uid, "edit", "--set-summary", "Prune the old apple trees",
                 "--set-due", "2027-02-20", "--set-location", "Bottom field", "--set-priority", "3")
    item = alice_api.by_title("Prune the old apple trees")
    assert (item["dueDate"], (item["location"] or {}).get("name"), item["details"]) == \
        ("2027-02-20", "Bottom field", "Before the buds swell"), item
    listed = plann.select(PROJECT, "--uid", uid, "print-ical")
    assert (prop(listed, "SUMMARY"), prop(listed, "PRIORITY")) == ("Prune the old apple trees", "3"), listed

    # delete: to the Trash
    done = plann.select(PROJECT, "--uid", uid, "delete")
    assert "Deleting Prune the old apple trees" in done, done
    assert "Prune the old apple trees" not in alice_api.titles()
    assert "Prune the old apple trees" in [trashed["title"] for trashed in alice_api.trash()]
    assert "Prune the old apple trees" not in plann.select(PROJECT, "--include-completed", "list")
    assert "Keep the orchard list" in alice_api.titles()


def test_DAV_32_plann_completes_a_repeating_task_and_the_server_makes_the_next_occurrence(plann, alice_api, web):
    """``complete --recurrence-mode ''`` marks the task itself completed, RRULE and all: the
    server follows the repeat rule (DAV-7) and the next occurrence is a new resource. The due
    date is far ahead, so on any day the suite runs the next one is due a week after it
    (docs/specs/repeats.md, REPEAT-2)."""
    plann.add_todo(PROJECT, "Check the grease bands", "--set-due", "2099-03-02",
                   "--set-rrule", "FREQ=WEEKLY;BYDAY=MO")
    assert items(alice_api, "Check the grease bands") == [(False, "2099-03-02", ["mon"])]

    plann.select(PROJECT, "--summary", "Check the grease bands", "complete", "--recurrence-mode", "")
    assert items(alice_api, "Check the grease bands") == [(False, "2099-03-09", ["mon"]), (True, "2099-03-02", ["mon"])]
    page = web(PROJECT_PAGE)
    assert page.todo_titles().count("Check the grease bands") == 1
    assert "Check the grease bands" in page.done_titles()

    # plann sees the next occurrence as an open task of the calendar.
    listed = plann.select(PROJECT, "--summary", "Check the grease bands", "list", "--template", "{DUE:%F} {STATUS}")
    assert listed.split() == ["2099-03-09", "NEEDS-ACTION"], listed


def test_DAV_32_plann_s_own_repeat_leaves_exactly_one_next_occurrence(plann, alice_api):
    """plann's default (``--recurrence-mode safe``) repeats by itself: a completed copy with a new
    UID and no RRULE, and the task moved on to its next date. The server must not make another."""
    uid = plann.add_todo(PROJECT, "Feed the hens", "--set-dtstart", "2099-03-02 08:00", "--set-due", "2099-03-02 09:00",
                         "--set-rrule", "FREQ=WEEKLY;BYDAY=MO")
    plann.select(PROJECT, "--uid", uid, "complete")
    assert items(alice_api, "Feed the hens") == [(False, "2099-03-09", ["mon"]), (True, "2099-03-02", [])]
    moved = plann.select(PROJECT, "--uid", uid, "print-ical")
    assert (prop(moved, "DUE"), prop(moved, "STATUS")) == ("20990309T090000Z", "NEEDS-ACTION"), moved


def test_DAV_32_a_plann_edit_keeps_what_todo_does_not_model(plann, dav_server):
    """An edit in plann writes the whole task back: every line it did not change comes back as
    the server gave it (reminder, attachment, relations, X- properties)."""
    uid = f"dav32-kept-{uuid.uuid4()}"
    kept = ["PRIORITY:2", "CATEGORIES:pruning,winter", "RELATED-TO:dav32-parent",
            "ATTACH:https://example.invalid/pruning.pdf", "URL:https://example.invalid/orchard",
            "X-DAV32-NOTE;X-P=1:kept by the server",
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT15M", "END:VALARM"]
    url = dav_server(dav_server.dav_path(dav_server.alice, "list-" + PROJECT)) + f"{uid}.ics"
    body = "\r\n".join(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//DAV-32//tests//EN", "BEGIN:VTODO",
                        f"UID:{uid}", "DTSTAMP:20261128T120000Z", "SUMMARY:Graft the pear", *kept,
                        "END:VTODO", "END:VCALENDAR", ""])
    assert dav_put_new(url, dav_server.alice, body) == 201

    plann.select(PROJECT, "--uid", uid, "edit", "--set-summary", "Graft the old pear")
    lines = unfold(dav_get(url, dav_server.alice).decode()).splitlines()
    assert "SUMMARY:Graft the old pear" in lines, lines
    assert [line for line in kept if line not in lines] == [], lines

"""DAV-30: Thunderbird itself (Debian's ``thunderbird``, headless, driven through Marionette)
against ``todo serve --accounts``, on SQLite and on PostgreSQL (docs/specs/caldav.md).

One Thunderbird per store, on a fresh profile (browser-tests/caldav/thunderbird.py). Alice's
name and app token are in its login manager for the server's origin and realm "Todo", so its
calendars sign in without a prompt. Everything Thunderbird does, it does in its own calendar
code (thunderbird_calendar.js): it finds alice's calendars from the bare server address and
registers them with offline support, reads, creates, completes, edits, deletes and moves tasks
as its task list and edit dialog do, relates a new task to a parent task (RELATED-TO, SUB-14),
and synchronizes when asked. Each step is checked on the
server through the JSON API and in Thunderbird through its calendars' ``getItems``.

A sync is done when Thunderbird's calendar holds the server's current sync token: it has then
read every change the server reports for that calendar (a task reported gone is gone from its
copy before the token is kept).
"""

from __future__ import annotations

import datetime
import urllib.parse

import pytest

from dav_clients import collection_path, dav_get, dav_sync_token, prop, unfold
from thunderbird import Thunderbird
from waiting import wait_until

GARDEN = "Garden Shed"
KITCHEN = "Kitchen"
SYNC_TIMEOUT = 30.0
#: What alice's lists hold before Thunderbird starts, by list (None: To Do).
MADE_ON_THE_WEB = {
    GARDEN: ["Water the seedlings", "Mended the fence", "Repot the basil", "Oil the hinges", "Sweep the path",
             "Paint the shed"],
    KITCHEN: ["Descale the kettle", "Label the jars"],
    None: ["Call the plumber"],
}


def address(dav_server, project: str | None) -> str:
    """The address of alice's calendar for a list (None: To Do)."""
    return dav_server(dav_server.dav_path(dav_server.alice, collection_path(project)))


@pytest.fixture(scope="module")
def made_on_the_web(alice_api, bob_api):
    """Alice's tasks before Thunderbird sees them (one with notes and a due date, one done), and
    a list of bob's that Thunderbird must not find."""
    for project, titles in MADE_ON_THE_WEB.items():
        for title in titles:
            fields = {"project": project} if project else {}
            if title == "Water the seedlings":
                fields.update(details="Twice a day while it is dry", dueDate="2026-12-24")
            if title == "Mended the fence":
                fields.update(completed=True)
            alice_api.add(title, **fields)
    bob_api.add("Plan the surprise party", project="Bob's secrets")


@pytest.fixture(scope="module")
def thunderbird(dav_server, tmp_path_factory, made_on_the_web):
    """Thunderbird on a fresh profile, with alice's name and app token stored for the server."""
    tb = Thunderbird(tmp_path_factory.mktemp("thunderbird"))
    tb.start()
    try:
        stored = tb.store_login(dav_server.url, "Todo", dav_server.alice.name, dav_server.alice.token)
        assert stored == [dav_server.alice.name]
        yield tb
    finally:
        tb.stop()


@pytest.fixture(scope="module")
def discovered(thunderbird, dav_server) -> dict:
    """Thunderbird's New Calendar "On the Network" path, given only the bare server address:
    what it found, each calendar registered (offline support on) and loaded."""
    return thunderbird.discover_and_register(dav_server.url, dav_server.alice.name, dav_server.alice.token)


def synced(tb: Thunderbird, dav_server, *calendars: str) -> None:
    """Thunderbird's "Synchronize" of each calendar, done once it holds the server's token."""
    for calendar in calendars:
        tb.refresh(calendar)
        server_token = dav_sync_token(calendar, dav_server.alice)
        wait_until(lambda: tb.sync_token(calendar) == server_token, SYNC_TIMEOUT,
                   f"Thunderbird's sync of {calendar} reaching the server's token {server_token}")


def ical_utc(text: str) -> datetime.datetime:
    return datetime.datetime.strptime(text, "%Y%m%dT%H%M%SZ").replace(tzinfo=datetime.timezone.utc)


def api_utc(text: str) -> datetime.datetime:
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).replace(microsecond=0)


def test_DAV_30_thunderbird_finds_the_calendars_from_the_base_address(discovered, dav_server):
    assert discovered["providers"] == ["caldav"], discovered
    found = {calendar["uri"]: calendar for calendar in discovered["calendars"]}
    expected = {address(dav_server, None): "To Do", address(dav_server, GARDEN): GARDEN,
                address(dav_server, KITCHEN): KITCHEN}
    # Alice's three calendars, by their addresses and names, and nothing of bob's.
    assert {uri: calendar["name"] for uri, calendar in found.items()} == expected, discovered
    for calendar in found.values():
        assert (calendar["type"], calendar["readOnly"]) == ("caldav", False), calendar


def test_DAV_30_thunderbird_reads_the_tasks_made_on_the_web(thunderbird, discovered, dav_server):
    for project, titles in MADE_ON_THE_WEB.items():
        held = thunderbird.titles(address(dav_server, project))
        assert set(titles) <= set(held), f"{project}: {held}"
    garden = address(dav_server, GARDEN)
    seedlings = thunderbird.task(garden, "Water the seedlings")
    assert (seedlings["due"], seedlings["description"], seedlings["completed"]) == (
        "20261224", "Twice a day while it is dry", False), seedlings
    fence = thunderbird.task(garden, "Mended the fence")
    assert (fence["completed"], fence["status"]) == (True, "COMPLETED"), fence


def test_DAV_30_thunderbird_creates_completes_edits_and_deletes_a_task(thunderbird, discovered, dav_server,
                                                                       alice_api):
    garden = address(dav_server, GARDEN)

    # Create: a PUT of <UID>.ics into the Garden Shed calendar; the item is in that list.
    made = thunderbird.add_task(garden, "Buy compost")
    item = alice_api.by_title("Buy compost")
    assert (item["project"], item["completed"]) == (GARDEN, False), item
    resource = dav_get(garden + f"{made['id']}.ics", dav_server.alice).decode()
    assert (prop(resource, "UID"), prop(resource, "SUMMARY")) == (made["id"], "Buy compost"), resource

    # Complete (the task list's checkbox): done on the server, at the time Thunderbird gave.
    done = thunderbird.complete_task(garden, "Buy compost")
    assert (done["completed"], done["status"]) == (True, "COMPLETED"), done
    item = alice_api.by_title("Buy compost")
    assert item["completed"] is True, item
    assert api_utc(item["completedAt"]) == ical_utc(done["completedDate"]), (item, done)

    # Edit the title: the same item, renamed, still done.
    thunderbird.retitle_task(garden, "Buy compost", "Buy peat-free compost")
    renamed = alice_api.by_title("Buy peat-free compost")
    assert (renamed["id"], renamed["project"], renamed["completed"]) == (item["id"], GARDEN, True), renamed
    assert "Buy compost" not in alice_api.titles()

    # Delete: gone from the list and from Thunderbird's calendar, kept in the Trash.
    thunderbird.delete_task(garden, "Buy peat-free compost")
    assert "Buy peat-free compost" not in alice_api.titles()
    assert "Buy peat-free compost" in [trashed["title"] for trashed in alice_api.trash()]
    synced(thunderbird, dav_server, garden)
    assert "Buy peat-free compost" not in thunderbird.titles(garden)


def test_DAV_30_thunderbird_moves_a_task_and_it_stays_after_the_next_sync(thunderbird, discovered, dav_server,
                                                                          alice_api):
    """DAV-24's data-loss case: Thunderbird's move is a PUT into the new calendar (same UID)
    and a DELETE from the old one; the new calendar's next token sync must not call it gone."""
    garden, kitchen = address(dav_server, GARDEN), address(dav_server, KITCHEN)
    assert "Repot the basil" in thunderbird.titles(garden)

    moved = thunderbird.move_task(garden, kitchen, "Repot the basil")
    assert moved["calendar"] == kitchen, moved
    item = alice_api.by_title("Repot the basil")
    assert item["project"] == KITCHEN, item

    synced(thunderbird, dav_server, kitchen, garden)
    assert "Repot the basil" in thunderbird.titles(kitchen)
    assert "Repot the basil" not in thunderbird.titles(garden)
    item = alice_api.by_title("Repot the basil")
    assert (item["project"], item["completed"]) == (KITCHEN, False), item

    # And after one more sync of each, still there on both sides.
    synced(thunderbird, dav_server, kitchen, garden)
    assert "Repot the basil" in thunderbird.titles(kitchen)
    assert alice_api.by_title("Repot the basil")["project"] == KITCHEN


def test_DAV_30_a_change_on_the_web_arrives_after_thunderbirds_next_sync(thunderbird, discovered, dav_server,
                                                                         alice_api):
    garden, kitchen = address(dav_server, GARDEN), address(dav_server, KITCHEN)
    before = thunderbird.titles(garden)
    assert {"Oil the hinges", "Sweep the path", "Paint the shed"} <= set(before), before
    assert "Label the jars" in thunderbird.titles(kitchen)

    alice_api.patch(alice_api.by_title("Oil the hinges"), title="Oil the gate hinges")
    alice_api.patch(alice_api.by_title("Sweep the path"), completed=True)
    alice_api.delete(alice_api.by_title("Paint the shed"))
    alice_api.add("Fix the gate latch", project=GARDEN)
    alice_api.patch(alice_api.by_title("Label the jars"), project=GARDEN)

    synced(thunderbird, dav_server, garden, kitchen)

    def garden_as_on_the_web():
        titles = set(thunderbird.titles(garden))
        arrived = {"Oil the gate hinges", "Fix the gate latch", "Label the jars"} <= titles
        gone = not {"Oil the hinges", "Paint the shed"} & titles
        return arrived and gone and thunderbird.task(garden, "Sweep the path")["completed"]

    wait_until(garden_as_on_the_web, SYNC_TIMEOUT, "the web's changes in Thunderbird's Garden Shed")
    assert "Label the jars" not in thunderbird.titles(kitchen)


def list_rows(page) -> list[dict]:
    """The rows of a list page's To Do section, in order: each row's title, class and item id."""
    return page.rows("todo").evaluate_all("""rows => rows.map(row => ({
        title: row.querySelector(".title").textContent.trim(), classes: row.className.split(/\\s+/),
        id: row.dataset.id }))""")


def test_SUB_14_a_subtask_made_in_thunderbird_appears_under_its_parent_on_the_web(thunderbird, discovered, dav_server,
                                                                                  alice_api, web):
    """Thunderbird relates a task to its parent as its own code does (a RELATED-TO relation of
    type PARENT naming the parent's UID); the server makes it a subtask of that task, and the
    web shows it nested under it. And the other way: a subtask made on the web reaches
    Thunderbird with that relation, naming its parent's UID."""
    kitchen = address(dav_server, KITCHEN)

    # In Thunderbird: a task, then a task under it.
    pack = thunderbird.add_task(kitchen, "Pack for the trip")
    passport = thunderbird.add_subtask(kitchen, "Pack for the trip", "Passport")
    assert passport["relations"] == [{"relType": "PARENT", "relId": pack["id"]}], passport
    synced(thunderbird, dav_server, kitchen)

    # On the server: Passport's parent is the item Thunderbird's "Pack for the trip" became.
    parent = alice_api.by_title("Pack for the trip")
    child = alice_api.by_title("Passport")
    assert (parent["project"], parent.get("parent")) == (KITCHEN, None), parent
    assert (child["project"], child["parent"]) == (KITCHEN, parent["id"]), child
    resource = dav_get(kitchen + f"{passport['id']}.ics", dav_server.alice).decode()
    assert "RELATED-TO;RELTYPE=PARENT:" + pack["id"] in unfold(resource), resource

    # On the web: the list's page shows Passport's row right after its parent's, nested one level.
    rows = list_rows(web("/projects/" + urllib.parse.quote(KITCHEN)))
    titles = [row["title"] for row in rows]
    assert titles.count("Pack for the trip") == 1 and titles.count("Passport") == 1, rows
    at = titles.index("Pack for the trip")
    assert "nested" not in rows[at]["classes"], rows[at]
    assert rows[at + 1]["title"] == "Passport", rows
    assert {"nested", "depth-1"} <= set(rows[at + 1]["classes"]), rows[at + 1]
    assert rows[at + 1]["id"] == child["id"], (rows[at + 1], child)

    # After Thunderbird's sync it still holds Passport under its parent.
    assert thunderbird.task(kitchen, "Passport")["relations"] == [{"relType": "PARENT", "relId": pack["id"]}]

    # The other way: subtasks made on the web, under the task Thunderbird made (its UID is
    # Thunderbird's) and under one made on the web (its UID is its id).
    alice_api.add("Tickets", project=KITCHEN, parent=parent["id"])
    kettle = alice_api.by_title("Descale the kettle")
    alice_api.add("Buy citric acid", project=KITCHEN, parent=kettle["id"])
    synced(thunderbird, dav_server, kitchen)
    kettle_uid = thunderbird.task(kitchen, "Descale the kettle")["id"]
    assert kettle_uid.lower() == kettle["id"].lower(), (kettle_uid, kettle)
    assert thunderbird.task(kitchen, "Tickets")["relations"] == [{"relType": "PARENT", "relId": pack["id"]}]
    assert thunderbird.task(kitchen, "Buy citric acid")["relations"] == [{"relType": "PARENT", "relId": kettle_uid}]

"""DAV-23 with the Python ``caldav`` library (PyPI) as the client: discovery from the server's
well-known address, the principal and its calendars, an item created, completed, edited and
deleted (each checked through the JSON API, and on the web page), sync tokens, and another
person's calendars answering 404 (docs/specs/caldav.md); DAV-28, its time-range searches
for tasks; and TIME-8, a due date-time it saves is the item's due date and time
(docs/specs/times.md)."""

from __future__ import annotations

import urllib.parse
import uuid
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import caldav
import pytest
from caldav import error
from caldav.elements import dav

from dav_clients import collection_path
from todo_server import ZONE

PROJECT = "Garden Shed"
SYNC_TOKEN_PREFIX = "http://todo.invalid/sync/"


def path_of(url) -> str:
    return urllib.parse.urlsplit(str(url)).path


def calendars_by_path(principal) -> dict[str, caldav.Calendar]:
    return {path_of(calendar.url): calendar for calendar in principal.calendars()}


def alice_calendar(caldav_client, dav_server, project: str | None) -> caldav.Calendar:
    """The calendar of alice's list ``project`` (None: the inbox), as found through discovery."""
    calendars = calendars_by_path(caldav_client(dav_server.alice).principal())
    wanted = dav_server.dav_path(dav_server.alice, collection_path(project))
    assert wanted in calendars, f"{wanted} is not among {sorted(calendars)}"
    return calendars[wanted]


def uids(resources) -> list[str]:
    return [str(resource.icalendar_component["UID"]) for resource in resources]


def summary(resource) -> str:
    return str(resource.icalendar_component["SUMMARY"])


@pytest.fixture(scope="module", autouse=True)
def garden_project(alice_api):
    """Alice's project "Garden Shed" (a list exists while it holds an item)."""
    alice_api.add("Sharpen the shears", project=PROJECT)


def test_DAV_23_caldav_lib_discovers_principal_home_and_calendars(caldav_client, dav_server):
    client = caldav_client(dav_server.alice)
    principal = client.principal()
    assert path_of(principal.url) == "/dav/principals/alice/"
    assert path_of(principal.calendar_home_set.url) == "/dav/calendars/alice/"

    calendars = calendars_by_path(principal)
    inbox_path = dav_server.dav_path(dav_server.alice, "inbox")
    garden_path = dav_server.dav_path(dav_server.alice, "list-Garden%20Shed")
    assert {inbox_path, garden_path} <= set(calendars), sorted(calendars)
    assert calendars[inbox_path].get_display_name() == "To Do"
    assert calendars[garden_path].get_display_name() == PROJECT
    for path in (inbox_path, garden_path):
        assert "VTODO" in calendars[path].get_supported_components(), path


def test_DAV_23_caldav_lib_create_complete_edit_delete(caldav_client, dav_server, alice_api, web):
    calendar = alice_calendar(caldav_client, dav_server, PROJECT)
    uid = f"dav23-lib-{uuid.uuid4()}"

    # Create (PUT with If-None-Match: *): the name and the UID are kept as the client gave them.
    todo = calendar.add_todo(summary="Buy tomato seeds", uid=uid, no_overwrite=True)
    assert path_of(todo.url) == dav_server.dav_path(dav_server.alice, "list-Garden%20Shed") + f"{uid}.ics"
    item = alice_api.by_title("Buy tomato seeds")
    assert (item["project"], item["completed"]) == (PROJECT, False)
    fetched = calendar.todo_by_uid(uid)
    assert summary(fetched) == "Buy tomato seeds"
    assert str(fetched.icalendar_component["UID"]) == uid

    assert uid in uids(calendar.todos())

    # Complete.
    todo.complete()
    item = alice_api.by_title("Buy tomato seeds")
    assert item["completed"] is True and item["completedAt"], item
    todo.load()
    assert str(todo.icalendar_component["STATUS"]) == "COMPLETED"
    # The library's calendar-query for open tasks leaves it out; with the completed ones, it's in.
    assert uid not in uids(calendar.todos())
    assert uid in uids(calendar.todos(include_completed=True))

    # Edit the summary.
    todo.icalendar_component["SUMMARY"] = "Buy tomato and basil seeds"
    todo.save()
    item = alice_api.by_title("Buy tomato and basil seeds")
    assert (item["project"], item["completed"]) == (PROJECT, True)
    assert "Buy tomato seeds" not in alice_api.titles()
    page = web("/projects/" + urllib.parse.quote(PROJECT))
    assert "Buy tomato and basil seeds" in page.done_titles()

    # Delete: the item goes to the Trash, and the resource is gone.
    todo.delete()
    assert "Buy tomato and basil seeds" not in alice_api.titles()
    assert "Buy tomato and basil seeds" in [trashed["title"] for trashed in alice_api.trash()]
    with pytest.raises(error.NotFoundError):
        calendar.todo_by_uid(uid)


def test_DAV_23_caldav_lib_makes_a_list_and_deletes_it(caldav_client, dav_server, alice_api, web):
    principal = caldav_client(dav_server.alice).principal()
    address = f"herbs-{uuid.uuid4()}"
    calendar = principal.make_calendar(name="Herbs", cal_id=address, supported_calendar_component_set=["VTODO"])
    assert path_of(calendar.url) == dav_server.dav_path(dav_server.alice, address)
    calendar.add_todo(summary="Sow basil")
    assert alice_api.by_title("Sow basil")["project"] == "Herbs"
    assert "Sow basil" in web("/projects/Herbs").todo_titles()
    found = calendars_by_path(principal)
    assert found[dav_server.dav_path(dav_server.alice, address)].get_display_name() == "Herbs"

    calendar.delete()
    assert "Sow basil" not in alice_api.titles()
    assert "Sow basil" in [trashed["title"] for trashed in alice_api.trash()]
    assert dav_server.dav_path(dav_server.alice, address) not in calendars_by_path(principal)
    status, projects = alice_api.request("GET", "/api/projects")
    assert status == 200 and "Herbs" not in [project["name"] for project in projects], projects


def test_DAV_23_caldav_lib_sync_token_gets_exactly_the_change_made_on_the_web_and_api(
        caldav_client, dav_server, alice_api, web):
    inbox = alice_calendar(caldav_client, dav_server, None)
    alice_api.add("Already there")
    synced = inbox.objects_by_sync_token(load_objects=True, disable_fallback=True)
    tokens = [synced.sync_token]
    assert str(tokens[-1]).startswith(SYNC_TOKEN_PREFIX), tokens
    assert "Already there" in [summary(resource) for resource in synced]

    def sync_again() -> tuple[list, list]:
        updated, deleted = synced.sync()
        tokens.append(synced.sync_token)
        assert str(tokens[-1]).startswith(SYNC_TOKEN_PREFIX), f"the library fell back to a full listing: {tokens}"
        assert tokens[-1] != tokens[-2], tokens
        return updated, deleted

    # Added through the API: exactly that item, as <item id>.ics in the inbox.
    item = alice_api.add("Water the plants")
    updated, deleted = sync_again()
    assert [summary(resource) for resource in updated] == ["Water the plants"], [r.url for r in updated]
    assert deleted == []
    assert path_of(updated[0].url) == dav_server.dav_path(dav_server.alice, "inbox") + f"{item['id']}.ics"
    resource_url = updated[0].url

    # Checked on the web page, with a real click: exactly that item, now completed.
    web("/").check("Water the plants")
    updated, deleted = sync_again()
    assert [resource.url for resource in updated] == [resource_url]
    assert str(updated[0].icalendar_component["STATUS"]) == "COMPLETED"
    assert deleted == []

    # Deleted through the API: exactly that item, as deleted.
    alice_api.delete(alice_api.by_title("Water the plants"))
    updated, deleted = sync_again()
    assert updated == []
    assert [resource.url for resource in deleted] == [resource_url]

    # Nothing changed: nothing comes.
    updated, deleted = synced.sync()
    assert (updated, deleted) == ([], [])


def test_DAV_23_caldav_lib_reads_and_completes_in_a_list_shared_with_the_person(caldav_client, dav_server, bob_api,
                                                                                share_with_alice):
    """Bob shares "Hardware" with alice as an editor: one of her calendars, named bob/Hardware
    (DAV-3), whose tasks she reads, completes and syncs by token like her own."""
    bob_api.add("Buy wood screws", project="Hardware")
    share_with_alice("Hardware")
    shared = [calendar for calendar in caldav_client(dav_server.alice).principal().calendars()
              if calendar.get_display_name() == "bob/Hardware"]
    assert len(shared) == 1, "no calendar bob/Hardware"
    todos = shared[0].todos()
    assert [summary(todo) for todo in todos] == ["Buy wood screws"]
    synced = shared[0].objects_by_sync_token(load_objects=True, disable_fallback=True)
    assert str(synced.sync_token).startswith(SYNC_TOKEN_PREFIX), synced.sync_token
    todos[0].complete()
    assert bob_api.by_title("Buy wood screws")["completed"] is True
    updated, deleted = synced.sync()
    assert ([summary(todo) for todo in updated], deleted) == (["Buy wood screws"], [])


def test_DAV_23_caldav_lib_another_persons_calendars_answer_404(caldav_client, dav_server, alice_api):
    item = alice_api.add("Alice's secret", project=PROJECT)
    bob = caldav_client(dav_server.bob)
    assert path_of(bob.principal().url) == "/dav/principals/bob/"
    for path in ("/dav/principals/alice/",
                 "/dav/calendars/alice/",
                 "/dav/calendars/alice/inbox/",
                 "/dav/calendars/alice/list-Garden%20Shed/",
                 f"/dav/calendars/alice/list-Garden%20Shed/{item['id']}.ics"):
        assert bob.propfind(dav_server(path), depth=0).status == 404, f"PROPFIND {path}"
        assert bob.request(dav_server(path), "GET").status == 404, f"GET {path}"
    with pytest.raises(error.NotFoundError):
        caldav.Calendar(client=bob, url=dav_server("/dav/calendars/alice/inbox/")).get_properties([dav.DisplayName()])


def test_DAV_28_caldav_lib_time_range_searches_follow_rfc_4791(caldav_client, dav_server):
    """The library's time-range searches for tasks (``search(todo=True, start=…, end=…)``, as
    caldav-server-tester sends them) answer what RFC 4791 §9.9's table says: by DTSTART and DUE,
    DTSTART and DURATION, a repeating task by its occurrences, a task without dates never in the
    year 2000. The server's zone is UTC (``TZ``)."""
    principal = caldav_client(dav_server.alice).principal()
    calendar = principal.make_calendar(name="Time Ranges", cal_id=f"ranges-{uuid.uuid4()}",
                                       supported_calendar_component_set=["VTODO"])
    try:
        calendar.add_todo(summary="Start and due", uid="dav28-start-due",
                          dtstart=datetime(2000, 1, 9, 12, 0, tzinfo=timezone.utc),
                          due=datetime(2000, 1, 9, 13, 0, tzinfo=timezone.utc))
        calendar.add_todo(summary="Start and duration", uid="dav28-duration",
                          dtstart=datetime(2000, 1, 18, 12, 0, tzinfo=timezone.utc), duration=timedelta(hours=2))
        calendar.add_todo(summary="Every Monday", uid="dav28-weekly", due=date(2000, 1, 3),
                          rrule={"FREQ": "WEEKLY", "BYDAY": "MO"})
        calendar.add_todo(summary="No dates", uid="dav28-open")

        def found(start: datetime | None, end: datetime | None) -> set[str]:
            answer = calendar.search(todo=True, start=start, end=end, include_completed=True, post_filter=False)
            return {summary(resource) for resource in answer}

        def utc(*parts: int) -> datetime:
            return datetime(*parts, tzinfo=timezone.utc)

        assert found(utc(2000, 1, 9), utc(2000, 1, 10)) == {"Start and due"}
        assert found(utc(2000, 1, 18, 11), utc(2000, 1, 18, 13)) == {"Start and duration"}
        assert found(utc(2000, 1, 18, 13), utc(2000, 1, 18, 15)) == {"Start and duration"}
        # Monday 7 February 2000 is an occurrence; the rest of that week holds none.
        assert found(utc(2000, 2, 7), utc(2000, 2, 8)) == {"Every Monday"}
        assert found(utc(2000, 2, 8), utc(2000, 2, 13)) == set()
        # Open at one end: nothing before the year 2000 began; from 9 January on, all four.
        assert found(None, utc(2000, 1, 1)) == set()
        assert found(utc(2000, 1, 9), None) == {"Start and due", "Start and duration", "Every Monday", "No dates"}
        # Monday 4 January 2100: the weekly task, and the task without dates (open since it was made).
        assert found(utc(2100, 1, 4), utc(2100, 1, 5)) == {"Every Monday", "No dates"}
    finally:
        calendar.delete()


def test_PRIO_7_caldav_lib_priority_keeps_the_clients_number_through_a_web_edit(
        caldav_client, dav_server, alice_api, web):
    """PRIO-1, PRIO-7: the client writes PRIORITY:2 (high in its scale); the web shows High; an
    edit of the title on the web leaves the number as the client wrote it; choosing Low there
    sends PRIORITY:9 back."""
    calendar = alice_calendar(caldav_client, dav_server, PROJECT)
    uid = f"prio7-lib-{uuid.uuid4()}"
    todo = calendar.add_todo(summary="Oil the hinges", uid=uid, priority=2, no_overwrite=True)
    item = alice_api.by_title("Oil the hinges")
    assert item["priority"] == 2, item
    page = web("/projects/" + urllib.parse.quote(PROJECT))
    assert "Priority High" in page.row_chips("Oil the hinges")

    status, _ = alice_api.request("PATCH", f"/api/todos/{item['id']}", {"title": "Oil the door hinges"})
    assert status == 200
    todo.load()
    assert str(todo.icalendar_component["SUMMARY"]) == "Oil the door hinges"
    assert int(todo.icalendar_component["PRIORITY"]) == 2

    status, _ = alice_api.request("PATCH", f"/api/todos/{item['id']}", {"priority": "low"})
    assert status == 200
    todo.load()
    assert int(todo.icalendar_component["PRIORITY"]) == 9


def test_TAG_8_caldav_lib_categories_are_tags_both_ways(caldav_client, dav_server, alice_api, web):
    """TAG-8: the client's CATEGORIES are the item's tags (chips on the web page); a tag set
    through the API reaches the client as a category, and the calendar stays the project."""
    calendar = alice_calendar(caldav_client, dav_server, PROJECT)
    uid = f"tag8-lib-{uuid.uuid4()}"
    todo = calendar.add_todo(summary="Buy stamps", uid=uid, categories=["post", "errands"], no_overwrite=True)
    item = alice_api.by_title("Buy stamps")
    assert item["tags"] == ["post", "errands"], item
    assert item["project"] == PROJECT, item
    page = web("/projects/" + urllib.parse.quote(PROJECT))
    assert "Tag +post" in page.row_chips("Buy stamps")

    status, _ = alice_api.request("PATCH", f"/api/todos/{item['id']}", {"tags": ["errands", "家"]})
    assert status == 200
    todo.load()
    assert list(todo.icalendar_component["CATEGORIES"].cats) == ["errands", "家"]


def test_SUB_14_caldav_lib_a_childs_related_to_makes_it_a_subtask(caldav_client, dav_server, alice_api):
    """SUB-14: the client saves a parent task, then a child with ``RELATED-TO;RELTYPE=PARENT``
    naming the parent's UID (``add_todo(parent=[…])``), and a second child through the library's
    ``set_relation``; each time the library also writes ``RELTYPE=CHILD`` on the parent. The
    server's items are parent and subtasks, and the client reads the relations back."""
    calendar = alice_calendar(caldav_client, dav_server, PROJECT)
    parent_uid, child_uid, other_uid = (f"sub14-{name}-{uuid.uuid4()}" for name in ("trip", "passport", "charger"))
    parent = calendar.add_todo(summary="Pack for the trip", uid=parent_uid, no_overwrite=True)
    child = calendar.add_todo(summary="Passport", uid=child_uid, parent=[parent_uid], no_overwrite=True)
    trip = alice_api.by_title("Pack for the trip")
    assert alice_api.by_title("Passport")["parent"] == trip["id"]

    other = calendar.add_todo(summary="Charger", uid=other_uid, no_overwrite=True)
    assert alice_api.by_title("Charger")["parent"] is None
    parent.load()  # the library wrote RELATED-TO;RELTYPE=CHILD on it: a new ETag
    other.set_relation(parent, reltype="PARENT")
    assert alice_api.by_title("Charger")["parent"] == trip["id"]
    assert alice_api.by_title("Pack for the trip")["parent"] is None, "its CHILD lines name no parent"

    child.load()
    relatives = child.get_relatives(reltypes={"PARENT"})
    assert [str(task.icalendar_component["UID"]) for task in relatives["PARENT"]] == [parent_uid]
    related = child.icalendar_component["RELATED-TO"]
    assert (str(related), related.params.get("RELTYPE")) == (parent_uid, "PARENT")
    parent.load()
    children = parent.get_relatives(reltypes={"CHILD"}, fetch_objects=False)
    assert children["CHILD"] == {child_uid, other_uid}, "the client's own CHILD lines come back as it wrote them"


def test_SUB_14_caldav_lib_reads_a_subtask_made_on_the_server(caldav_client, dav_server, alice_api):
    """SUB-14: a subtask made through the JSON API reaches the client with ``RELATED-TO;RELTYPE=PARENT``
    naming its parent's UID (the parent's id, for a task made on the server), which the library
    follows to the parent task."""
    trip = alice_api.add("Plan the route", project=PROJECT)
    stop = alice_api.add("Book a stop", project=PROJECT, parent=trip["id"])
    assert stop["parent"] == trip["id"], stop
    calendar = alice_calendar(caldav_client, dav_server, PROJECT)
    task = calendar.todo_by_uid(stop["id"])
    related = task.icalendar_component["RELATED-TO"]
    assert (str(related), related.params.get("RELTYPE")) == (trip["id"], "PARENT")
    relatives = task.get_relatives(reltypes={"PARENT"})
    assert [summary(parent) for parent in relatives["PARENT"]] == ["Plan the route"]

    # Made a to-do of its own on the server: the client's next read has no RELATED-TO.
    alice_api.patch(stop, parent=None)
    task.load()
    assert "RELATED-TO" not in task.icalendar_component


def test_TIME_8_caldav_lib_a_due_date_time_is_the_items_due_date_and_time_in_the_servers_zone(
        caldav_client, dav_server, alice_api):
    """TIME-8: the library saves tasks due at a date-time, in UTC and in Tokyo's zone (``TZID``);
    the JSON API shows each as the day and the time it is in the server's zone (``TZ``, the
    tests' ``ZONE``), and the client reads its own DUE back. A time set through the API reaches
    the client as a UTC date-time, the same moment."""
    zone = ZoneInfo(ZONE)
    calendar = alice_calendar(caldav_client, dav_server, PROJECT)
    utc_due = datetime(2026, 12, 30, 6, 0, tzinfo=timezone.utc)
    tokyo_due = datetime(2026, 12, 31, 8, 0, tzinfo=ZoneInfo("Asia/Tokyo"))
    saved = {}
    for title, due in (("Call the dentist", utc_due), ("Call Tokyo", tokyo_due)):
        saved[title] = calendar.add_todo(summary=title, uid=f"time8-lib-{uuid.uuid4()}", due=due, no_overwrite=True)
        local = due.astimezone(zone)
        item = alice_api.by_title(title)
        assert (item["dueDate"], item["dueTime"]) == (local.date().isoformat(), local.strftime("%H:%M")), item
        saved[title].load()
        assert saved[title].icalendar_component["DUE"].dt == due, "the client's own DUE comes back"

    item = alice_api.by_title("Call the dentist")
    status, body = alice_api.request("PATCH", f"/api/todos/{item['id']}", {"dueTime": "09:30"})
    assert status == 200, body
    todo = saved["Call the dentist"]
    todo.load()
    moment = datetime(2026, 12, 30, 9, 30, tzinfo=zone)
    assert todo.icalendar_component["DUE"].dt == moment
    assert f"DUE:{moment.astimezone(timezone.utc):%Y%m%dT%H%M%S}Z" in todo.data.replace("\r\n ", ""), todo.data

    status, body = alice_api.request("PATCH", f"/api/todos/{item['id']}", {"dueTime": None})
    assert status == 200, body
    todo.load()
    assert todo.icalendar_component["DUE"].dt == date(2026, 12, 30), "no time: a date"

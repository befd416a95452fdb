"""DAV-31 with Debian's ``syncevolution``: its CalDAV task backend (``caldavtodo``) on one of
alice's calendars, synced two ways with a local file store (``backend=file``, one iCalendar file
per task) in a local sync, run from the command line with no daemon and no keyring
(browser-tests/caldav/dav_cli_clients.py). Tasks of the local store are made, changed and
removed with syncevolution's own ``--import``, ``--update`` and ``--delete-items``; the
server's side is checked through the JSON API (docs/specs/caldav.md).
"""

from __future__ import annotations

import uuid

import pytest

from dav_cli_clients import Changes, SyncEvolution, dav_put_new
from dav_clients import prop
from repeat_days import repeat_days

PROJECT = "Allotment"
NOTHING = Changes(0, 0, 0, 0)


def vtodo(uid: str, *lines: str) -> str:
    """A VCALENDAR holding one VTODO with ``lines`` (CRLF line ends)."""
    body = [f"UID:{uid}", "DTSTAMP:20261128T120000Z", *lines]
    return "\r\n".join(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//DAV-31//tests//EN", "BEGIN:VTODO",
                        *body, "END:VTODO", "END:VCALENDAR", ""])


@pytest.fixture(scope="module", autouse=True)
def allotment_list(alice_api):
    """An item in "Allotment" that no test removes (a list exists while it holds an item)."""
    alice_api.add("Keep the allotment list", project=PROJECT)


@pytest.fixture
def syncevolution(tmp_path, dav_server):
    """``syncevolution()``: a fresh local store synced with alice's "Allotment" calendar (found
    with ``--print-databases`` from the bare server address) and its first, slow, sync done."""

    def make() -> SyncEvolution:
        client = SyncEvolution(tmp_path / f"syncevolution-{uuid.uuid4().hex[:8]}", dav_server.url, dav_server.alice)
        calendars = client.calendars()
        assert calendars.get(PROJECT, "").endswith("/dav/calendars/alice/list-Allotment/"), calendars
        assert calendars.get("To Do", "").endswith("/dav/calendars/alice/inbox/"), calendars
        client.configure(calendars[PROJECT])
        first = client.sync("slow")
        assert first.local.errors == first.server.errors == 0, first.output
        return client

    return make


def test_DAV_31_a_task_made_on_either_side_reaches_the_other(syncevolution, alice_api):
    alice_api.add("Dig the potato bed", project=PROJECT, details="Two rows\nby the shed", dueDate="2027-03-06")
    local = syncevolution()

    # Server -> local store: the task, its details and due date.
    _, text = local.local_by_summary("Dig the potato bed")
    assert prop(text, "DESCRIPTION") == "Two rows\\nby the shed", text
    assert prop(text, "DUE") == "20270306", text
    assert prop(text, "STATUS") == "NEEDS-ACTION", text
    assert "Keep the allotment list" in local.local_summaries()

    # Local store -> server: a task imported into the store becomes an item of the list.
    uid = f"dav31-{uuid.uuid4()}"
    local.import_local(vtodo(uid, "SUMMARY:Net the brassicas", "DESCRIPTION:Before the pigeons find them",
                             "DUE;VALUE=DATE:20270310", "PRIORITY:1", "CATEGORIES:netting"))
    up = local.sync()
    assert (up.server, up.local) == (Changes(1, 0, 0, 0), NOTHING), up.output
    item = alice_api.by_title("Net the brassicas")
    assert (item["project"], item["details"], item["dueDate"], item["completed"]) == \
        (PROJECT, "Before the pigeons find them", "2027-03-10", False), item

    # A sync with nothing changed changes nothing on either side.
    quiet = local.sync()
    assert (quiet.local, quiet.server) == (NOTHING, NOTHING), quiet.output


def test_DAV_31_an_edit_and_a_completion_on_either_side_travel(syncevolution, alice_api):
    alice_api.add("Sow the broad beans", project=PROJECT, dueDate="2027-03-01")
    alice_api.add("Turn the compost", project=PROJECT)
    local = syncevolution()
    luid, _ = local.local_by_summary("Sow the broad beans")

    # Edited on the server: the same local task changes.
    alice_api.patch(alice_api.by_title("Sow the broad beans"), title="Sow the broad beans deep", dueDate="2027-03-02")
    down = local.sync()
    assert (down.local, down.server) == (Changes(0, 1, 0, 0), NOTHING), down.output
    edited_luid, text = local.local_by_summary("Sow the broad beans deep")
    assert edited_luid == luid
    assert prop(text, "DUE") == "20270302", text

    # Edited and completed in the local store: the item on the server follows.
    text = text.replace("SUMMARY:Sow the broad beans deep", "SUMMARY:Sow the broad beans 5 cm deep")
    text = text.replace("STATUS:NEEDS-ACTION", "STATUS:COMPLETED\r\nCOMPLETED:20270302T101500Z")
    local.update_local(luid, text)
    up = local.sync()
    assert (up.server, up.local) == (Changes(0, 1, 0, 0), NOTHING), up.output
    item = alice_api.by_title("Sow the broad beans 5 cm deep")
    assert (item["completed"], item["completedAt"], item["dueDate"]) == (True, "2027-03-02T10:15:00.000Z", "2027-03-02"), item

    # Completed on the server: done in the local store too.
    alice_api.patch(alice_api.by_title("Turn the compost"), completed=True)
    local.sync()
    _, text = local.local_by_summary("Turn the compost")
    assert prop(text, "STATUS") == "COMPLETED", text
    assert prop(text, "COMPLETED"), text


def test_DAV_31_a_deletion_on_either_side_travels(syncevolution, alice_api):
    alice_api.add("Pull the bindweed", project=PROJECT)
    alice_api.add("Mend the water butt", project=PROJECT)
    local = syncevolution()

    # Deleted on the server (to its Trash): gone from the local store.
    alice_api.delete(alice_api.by_title("Pull the bindweed"))
    down = local.sync()
    assert (down.local, down.server) == (Changes(0, 0, 1, 0), NOTHING), down.output
    assert "Pull the bindweed" not in local.local_summaries()

    # Deleted in the local store: the item goes to the Trash on the server.
    luid, _ = local.local_by_summary("Mend the water butt")
    local.delete_local(luid)
    up = local.sync()
    assert (up.server, up.local) == (Changes(0, 0, 1, 0), NOTHING), up.output
    assert "Mend the water butt" not in alice_api.titles()
    assert "Mend the water butt" in [trashed["title"] for trashed in alice_api.trash()]
    assert "Keep the allotment list" in alice_api.titles()


def test_DAV_31_what_syncevolution_itself_drops_when_it_reads_a_task(syncevolution, alice_api, dav_server):
    """The server gives syncevolution the task whole (its CalDAV backend exports it with every
    line); syncevolution's sync engine keeps only the properties it knows of a VTODO, so RRULE,
    ATTACH and X- properties (Todo's estimate among them) never reach the local store, and a
    task changed there goes back without them: the item stops repeating and loses its
    estimate. Recorded in docs/interop.md; the day syncevolution keeps them, this test fails
    and that note must change."""
    uid = f"dav31-kept-{uuid.uuid4()}"
    calendar = dav_server(dav_server.dav_path(dav_server.alice, "list-" + PROJECT))
    assert dav_put_new(f"{calendar}{uid}.ics", dav_server.alice, vtodo(
        uid, "SUMMARY:Water the seedlings", "DUE;VALUE=DATE:20270301", "RRULE:FREQ=WEEKLY;BYDAY=MO",
        "X-TODO-ESTIMATE:PT20M", "PRIORITY:2", "CATEGORIES:greenhouse",
        "ATTACH:https://example.invalid/watering.pdf", "X-DAV31-NOTE;X-P=1:kept by the server")) == 201
    item = alice_api.by_title("Water the seedlings")
    assert (repeat_days(item), item["estimateMinutes"]) == (["mon"], 20), item
    local = syncevolution()

    sent = local.export_server()
    for line in ("RRULE:FREQ=WEEKLY;BYDAY=MO", "X-TODO-ESTIMATE:PT20M", "ATTACH:https://example.invalid/watering.pdf",
                 "X-DAV31-NOTE;X-P=1:kept by the server", "PRIORITY:2", "CATEGORIES:greenhouse"):
        assert line in sent, f"the server did not send {line}:\n{sent}"

    luid, text = local.local_by_summary("Water the seedlings")
    dropped = ("RRULE", "X-TODO-ESTIMATE", "ATTACH", "X-DAV31-NOTE")
    assert {name: prop(text, name) for name in dropped} == dict.fromkeys(dropped), text
    assert (prop(text, "PRIORITY"), prop(text, "CATEGORIES"), prop(text, "DUE")) == ("2", "greenhouse", "20270301"), text

    # Changed in the local store, the task goes back without them: it no longer repeats, and
    # its estimate is gone.
    local.update_local(luid, text.replace("SUMMARY:Water the seedlings", "SUMMARY:Water the seedlings well"))
    local.sync()
    item = alice_api.by_title("Water the seedlings well")
    assert (repeat_days(item), item["estimateMinutes"], item["dueDate"]) == ([], None, "2027-03-01"), item

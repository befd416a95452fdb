"""DAV-23 with Debian's ``vdirsyncer`` and ``todoman``: a pair between the server (caldav
storage, alice's name and app token, the bare server address) and a local vdir of ``.ics``
files, ``collections = ["from a", "from b"]``; todoman on that vdir. Every change is followed by
``vdirsyncer sync`` and checked through the JSON API and on the web page (docs/specs/caldav.md).
"""

from __future__ import annotations

import re
import urllib.parse
import uuid

import pytest

from dav_clients import dav_get, prop, vobject_block
from repeat_days import repeat_days

PROJECT = "Seed Swap"
PROJECT_PAGE = "/projects/" + urllib.parse.quote(PROJECT)
#: vdirsyncer names a local collection by the last segment of its URL, percent-decoded.
PROJECT_FOLDER = "list-" + PROJECT
INBOX = "inbox"


@pytest.fixture(scope="module", autouse=True)
def lists_that_stay(alice_api):
    """An item in the inbox and in "Seed Swap" that no test removes: vdirsyncer refuses to sync
    a collection that was emptied on one side, and a list exists while it holds an item."""
    alice_api.add("Keep the inbox")
    alice_api.add("Keep the seed list", project=PROJECT)


def test_DAV_23_vdirsyncer_discover_and_sync_both_ways(local_sync, alice_api):
    alice_api.add("Sort the seeds", project=PROJECT)
    local = local_sync()
    found = local.discover()
    assert '"inbox" ("To Do")' in found, found
    assert f'"{PROJECT_FOLDER}" ("{PROJECT}")' in found, found

    # Server -> local: every item of every list, one file each.
    local.sync()
    assert prop(local.file_with(PROJECT_FOLDER, "Sort the seeds").read_text(), "STATUS") in (None, "NEEDS-ACTION")
    local.file_with(INBOX, "Keep the inbox")

    # Local -> server: a file written into the vdir becomes an item of that list.
    uid = f"dav23-local-{uuid.uuid4()}"
    (local.folder(INBOX) / f"{uid}.ics").write_bytes((
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//DAV-23//tests//EN\r\n"
        f"BEGIN:VTODO\r\nUID:{uid}\r\nDTSTAMP:20261124T120000Z\r\nSUMMARY:Written in the vdir\r\n"
        "DESCRIPTION:Plant in spring\r\nEND:VTODO\r\nEND:VCALENDAR\r\n").encode())
    local.sync()
    item = alice_api.by_title("Written in the vdir")
    assert (item["project"], item["details"], item["completed"]) == (None, "Plant in spring", False)

    # A change on the server comes down into the same file.
    before = local.file_with(PROJECT_FOLDER, "Sort the seeds")
    alice_api.patch(alice_api.by_title("Sort the seeds"), title="Sort the seeds by month")
    local.sync()
    assert local.file_with(PROJECT_FOLDER, "Sort the seeds by month") == before

    # Moved to another list on the server: the file moves to that list's folder.
    alice_api.patch(alice_api.by_title("Sort the seeds by month"), project=None)
    local.sync()
    local.file_with(INBOX, "Sort the seeds by month")
    assert "Sort the seeds by month" not in [prop(text, "SUMMARY") for text in local.files(PROJECT_FOLDER).values()]

    # Deleted on the server: the file goes.
    alice_api.delete(alice_api.by_title("Sort the seeds by month"))
    local.sync()
    assert "Sort the seeds by month" not in [prop(text, "SUMMARY") for text in local.files(INBOX).values()]

    # A sync with nothing changed copies nothing either way (ETags stay put).
    quiet = local.sync()
    assert "Copying" not in quiet and "Deleting" not in quiet, quiet


def test_DAV_23_a_new_local_folder_becomes_a_list_through_vdirsyncer_discover(local_sync, alice_api):
    one = local_sync("one")
    one.discover()
    one.sync()
    (one.calendars / "Bulbs").mkdir()
    one.todoman("new", "--list", "Bulbs", "Plant the tulip bulbs")
    created = one.discover()
    assert "Bulbs" in created, created
    one.sync()

    item = alice_api.by_title("Plant the tulip bulbs")
    assert item["project"] is not None, f"the item landed in the inbox, not in a list of its own: {item}"

    two = local_sync("two")
    two.discover()
    two.sync()
    folders = [path.name for path in two.calendars.iterdir()
               if any(prop(text, "SUMMARY") == "Plant the tulip bulbs" for text in two.files(path.name).values())]
    assert folders == ["Bulbs"], folders


def test_DAV_23_vdirsyncer_metasync_reads_the_names_and_renames_a_list(local_sync, alice_api, web):
    alice_api.add("Pot the seedlings", project="Nursery")
    local = local_sync()
    local.discover()
    local.sync()
    local.metasync()
    assert (local.folder(INBOX) / "displayname").read_text() == "To Do"
    assert (local.folder("list-Nursery") / "displayname").read_text() == "Nursery"

    (local.folder("list-Nursery") / "displayname").write_text("Plant nursery")
    renamed = local.metasync()
    assert "Copying displayname to todo_server/list-Nursery" in renamed, renamed
    assert alice_api.by_title("Pot the seedlings")["project"] == "Plant nursery"
    assert "Pot the seedlings" in web("/projects/" + urllib.parse.quote("Plant nursery")).todo_titles()

    # The calendar kept its address: the pair still syncs it, with nothing to copy.
    quiet = local.sync()
    assert "Syncing todo/list-Nursery" in quiet and "Copying" not in quiet, quiet


def test_DAV_23_vdirsyncer_and_todoman_sync_a_list_shared_with_the_person(local_sync, bob_api, share_with_alice):
    """Bob shares "Groceries" with alice as an editor: it is one of her calendars (DAV-3), so her
    vdirsyncer brings it down, and a task done in her todoman is done in bob's list."""
    bob_api.add("Buy oat milk", project="Groceries")
    bob_api.add("Buy rye bread", project="Groceries")
    share_with_alice("Groceries")
    local = local_sync()
    found = local.discover()
    assert '("bob/Groceries")' in found, found
    local.sync()

    files = [path for path in local.calendars.rglob("*.ics") if prop(path.read_text(), "SUMMARY") == "Buy oat milk"]
    assert len(files) == 1, files
    local.todoman("done", str(local.todo("Buy oat milk")["id"]))
    local.sync()
    assert bob_api.by_title("Buy oat milk")["completed"] is True
    assert bob_api.by_title("Buy rye bread")["completed"] is False


def test_DAV_23_unicode_names_and_escaped_text_survive_vdirsyncer_both_ways(local_sync, alice_api):
    """A list and a title in Japanese (the title folded past 75 octets), and
    text with the characters iCalendar escapes (, ; \\ and new lines), both ways."""
    down_title = "日本語のとても長いタイトルです。これは七十五オクテットを超えるように書かれています。折り返しを確かめます"
    down_details = "Zeile 1\nZeile 2; mit, Zeichen \\ und mehr"
    alice_api.add(down_title, project="買い物 リスト", details=down_details)
    local = local_sync()
    local.discover()
    local.sync()
    todo = local.todo(down_title)
    assert (todo["list"], todo["description"]) == ("list-買い物 リスト", down_details), todo

    up_title = "買い物: りんご、みかん、ぶどう、もも、なし、かき、すいか、メロン — Äpfel; Birnen, Kirschen \\ und mehr"
    local.todoman("new", "--list", "list-買い物 リスト", "--read-description", up_title,
                  stdin="Line one, with a comma; and a semicolon\\ and a backslash")
    written = local.todo(up_title)["description"]
    local.sync()
    item = alice_api.by_title(up_title)
    assert (item["project"], item["details"]) == ("買い物 リスト", written), item


def test_DAV_23_todoman_new_edit_done_delete_show_in_the_api_and_on_the_web(local_sync, alice_api, web):
    local = local_sync()
    local.discover()
    local.sync()

    # new
    local.todoman("new", "--list", PROJECT_FOLDER, "Trade bean seeds")
    local.sync()
    item = alice_api.by_title("Trade bean seeds")
    assert (item["project"], item["completed"]) == (PROJECT, False)
    assert "Trade bean seeds" in web(PROJECT_PAGE).todo_titles()

    # edit (no editor: the options change the fields)
    todo_id = str(local.todo("Trade bean seeds")["id"])
    local.todoman("edit", todo_id, "--location", "Community hall", "--due", "2026-12-05")
    local.sync()
    item = alice_api.by_title("Trade bean seeds")
    assert ((item["location"] or {}).get("name"), item["dueDate"]) == ("Community hall", "2026-12-05"), item
    assert "Community hall" in web(PROJECT_PAGE).row_chips("Trade bean seeds")

    # done
    local.todoman("done", todo_id)
    local.sync()
    item = alice_api.by_title("Trade bean seeds")
    assert item["completed"] is True and item["completedAt"], item
    assert "Trade bean seeds" in web(PROJECT_PAGE).done_titles()

    # delete
    local.todoman("delete", "--yes", todo_id)
    local.sync()
    assert "Trade bean seeds" not in alice_api.titles()
    assert "Trade bean seeds" in [trashed["title"] for trashed in alice_api.trash()]
    page = web(PROJECT_PAGE)
    assert "Trade bean seeds" not in page.todo_titles() + page.done_titles()


def test_DAV_23_todoman_done_on_a_repeating_task_leaves_exactly_one_next_occurrence(local_sync, alice_api, web):
    """todoman makes the next occurrence itself (a copy with a new UID, the RRULE dropped from
    the done one); the server must not make a second one (DAV-7)."""
    alice_api.add("Water the herbs", project=PROJECT, repeatDays=["mon"], dueDate="2027-03-01")
    local = local_sync()
    local.discover()
    local.sync()
    assert prop(local.file_with(PROJECT_FOLDER, "Water the herbs").read_text(), "RRULE") == "FREQ=WEEKLY;BYDAY=MO"

    local.todoman("done", str(local.todo("Water the herbs")["id"]))
    local.sync()
    herbs = sorted(((item["completed"], item["dueDate"], repeat_days(item)) for item in alice_api.todos()
                    if item["title"] == "Water the herbs"), key=str)
    assert herbs == [(False, "2027-03-08", ["mon"]), (True, "2027-03-01", [])], herbs
    assert web(PROJECT_PAGE).todo_titles().count("Water the herbs") == 1

    local.sync()
    done = sorted(todo["completed"] for todo in local.todos() if todo["summary"] == "Water the herbs")
    assert done == [False, True], done


def test_DAV_23_a_todoman_task_checked_on_the_web_is_done_in_todoman_after_sync(local_sync, alice_api, web):
    local = local_sync()
    local.discover()
    local.sync()
    local.todoman("new", "--list", INBOX, "Label the seed packets")
    local.sync()

    web("/").check("Label the seed packets")
    assert alice_api.by_title("Label the seed packets")["completed"] is True

    local.sync()
    assert local.todo("Label the seed packets")["completed"] is True
    listed = local.todoman("list", "--status", "ANY")
    assert re.search(r"\[X\].*Label the seed packets", listed), listed
    text = local.file_with(INBOX, "Label the seed packets").read_text()
    assert prop(text, "STATUS") == "COMPLETED", text
    assert prop(text, "COMPLETED"), text


def test_DAV_23_a_valarm_set_by_a_client_comes_back_unchanged(local_sync, alice_api, caldav_client, dav_server):
    one = local_sync("one")
    one.discover()
    one.sync()
    one.todoman("new", "--list", INBOX, "Call the seed bank")
    one.sync()

    # The phone's reminder, added to the item's file and synced up.
    alarm_uid = str(uuid.uuid4()).upper()
    valarm = ("BEGIN:VALARM\r\n"
              f"X-WR-ALARMUID:{alarm_uid}\r\n"
              f"UID:{alarm_uid}\r\n"
              "TRIGGER;VALUE=DATE-TIME:20261201T090000Z\r\n"
              "ACTION:DISPLAY\r\n"
              "DESCRIPTION:Reminder\r\n"
              "X-APPLE-DEFAULT-ALARM:FALSE\r\n"
              "END:VALARM\r\n")
    path = one.file_with(INBOX, "Call the seed bank")
    text = path.read_bytes().decode()
    assert "END:VTODO\r\n" in text, text
    path.write_bytes(text.replace("END:VTODO\r\n", valarm + "END:VTODO\r\n").encode())
    uploaded = one.sync()
    assert "Copying (updating)" in uploaded, uploaded
    uid = prop(text, "UID")
    assert uid

    # On the server, a plain GET of the resource gives the block back byte for byte.
    inbox = next(calendar for calendar in caldav_client(dav_server.alice).principal().calendars()
                 if str(calendar.url).endswith("/inbox/"))
    assert vobject_block(dav_get(str(inbox.todo_by_uid(uid).url), dav_server.alice).decode(), "VALARM") == valarm

    # Into an empty second folder: byte for byte the same block, CR LF line ends included
    # (vdirsyncer reads it out of a calendar-multiget's XML, which keeps a CR only as &#13;).
    two = local_sync("two")
    two.discover()
    two.sync()
    assert vobject_block(two.file_by_uid(INBOX, uid).read_bytes().decode(), "VALARM") == valarm

    # And it stays through a change made on the web app's side.
    alice_api.patch(alice_api.by_title("Call the seed bank"), title="Call the seed bank at nine")
    two.sync()
    changed = two.file_by_uid(INBOX, uid).read_bytes().decode()
    assert prop(changed, "SUMMARY") == "Call the seed bank at nine", changed
    assert vobject_block(changed, "VALARM") == valarm
    assert vobject_block(dav_get(str(inbox.todo_by_uid(uid).url), dav_server.alice).decode(), "VALARM") == valarm


@pytest.mark.parametrize("rule", ["a wins", "b wins"])
def test_DAV_23_a_conflicting_edit_on_both_sides_is_resolved_by_vdirsyncer_s_rule(rule, local_sync, alice_api, web):
    """a is the server, b the local vdir."""
    word = rule.split()[0]
    original = f"Swap squash seeds ({word})"
    alice_api.add(original, project=PROJECT)
    local = local_sync(conflict=rule)
    local.discover()
    local.sync()

    path = local.file_with(PROJECT_FOLDER, original)
    text = path.read_bytes().decode()
    path.write_bytes(text.replace(f"SUMMARY:{original}", f"SUMMARY:Local edit ({word})").encode())
    alice_api.patch(alice_api.by_title(original), title=f"Server edit ({word})")

    local.sync()
    winner = f"Server edit ({word})" if rule == "a wins" else f"Local edit ({word})"
    loser = f"Local edit ({word})" if rule == "a wins" else f"Server edit ({word})"
    titles = alice_api.titles()
    assert winner in titles and loser not in titles and original not in titles, titles
    local_summaries = [prop(text, "SUMMARY") for text in local.files(PROJECT_FOLDER).values()]
    assert winner in local_summaries and loser not in local_summaries, local_summaries
    assert local.todo(winner)["list"] == PROJECT_FOLDER
    assert winner in web(PROJECT_PAGE).todo_titles()

    quiet = local.sync()
    assert "Copying" not in quiet, quiet

"""Our iCalendar export, read by a real iCalendar parser (the `icalendar` package).

Runs the built `todo` executable (from $TDA_BIN_DIR, else `swift build --show-bin-path`):
imports items whose data bites, exports them as .ics, and checks every VTODO field.
"""

import datetime as dt
import json
import os
import subprocess
from pathlib import Path

import icalendar
import pytest
from built_executables import built_executable

UTC = dt.timezone.utc

ITEMS = [
    {
        "id": "6f1c7a52-3b1e-4c8e-9a3d-2f4b5c6d7e01",
        "title": 'Café ☕ “curly” "straight", commas; semicolons \\ backslash',
        "details": 'Line 1\nLine 2 with "quotes", commas; semis \\ and a %25 sign\n\nLast line 🎉 🇩🇪',
        "completed": False, "dueDate": "2026-12-01",
        "location": {"name": "Bäckerei Müller, Straße 5", "latitude": 52.52, "longitude": 13.405},
        "project": "Home Renovation", "estimateMinutes": 90, "repeatDays": ["mon", "fri"], "order": -2,
        "tags": ["errands", "家"],
        "createdAt": "2026-11-01T08:15:30.123Z", "updatedAt": "2026-11-20T17:45:01.999Z",
        "completedAt": None, "version": 3,
    },
    {
        "id": "6f1c7a52-3b1e-4c8e-9a3d-2f4b5c6d7e02", "title": "Pay rent", "details": None,
        "completed": False, "dueDate": None, "location": None, "project": None, "estimateMinutes": None,
        "repeatDays": [], "order": -1, "createdAt": "2026-11-02T00:00:00.000Z",
        "updatedAt": "2026-11-02T00:00:00.000Z", "completedAt": None, "version": 1,
    },
    {
        "id": "6f1c7a52-3b1e-4c8e-9a3d-2f4b5c6d7e05", "title": "日本語のタスク 🍣 " + "長い" * 40,
        "details": "multi\nline", "completed": True, "dueDate": "2026-11-20", "location": None,
        "project": "Work, Inc.", "estimateMinutes": 30, "repeatDays": [], "order": -1, "tags": ["semi;colon", "urgent"],
        "createdAt": "2026-11-06T09:00:00.000Z", "updatedAt": "2026-11-19T20:30:15.750Z",
        "completedAt": "2026-11-19T20:30:15.750Z", "version": 5,
    },
]


def todo(*args: str, db: Path) -> str:
    env = {**os.environ, "TZ": "UTC", "TODO_DB": str(db)}
    result = subprocess.run([str(built_executable("todo")), *args], env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> bytes:
    folder = tmp_path_factory.mktemp("ics")
    seed = folder / "seed.json"
    seed.write_text(json.dumps(ITEMS, ensure_ascii=False), encoding="utf-8")
    todo("import", str(seed), db=folder / "todo.sqlite")
    todo("export", "--output", str(folder / "list.ics"), db=folder / "todo.sqlite")
    return (folder / "list.ics").read_bytes()


@pytest.fixture(scope="module")
def todos(exported) -> dict:
    calendar = icalendar.Calendar.from_ical(exported)
    assert calendar.errors == []
    found = {str(component["UID"]): component for component in calendar.walk("VTODO")}
    assert list(found) == [item["id"] for item in ITEMS]
    for component in found.values():
        assert component.errors == [], component.errors
    return found


def test_the_file_is_a_version_2_calendar_with_crlf_lines_folded_at_75_octets(exported):
    assert exported.startswith(b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")
    lines = exported.split(b"\r\n")
    assert lines[-1] == b""
    assert all(len(line) <= 75 for line in lines)
    assert any(line.startswith(b" ") for line in lines), "the long title is folded"
    for line in lines:
        line.decode("utf-8")  # a fold never splits a UTF-8 character


def test_open_item_with_every_field_parses_back_to_its_values(todos):
    item, todo = ITEMS[0], todos[ITEMS[0]["id"]]
    assert str(todo["SUMMARY"]) == item["title"]
    assert str(todo["DESCRIPTION"]) == item["details"]
    assert str(todo["STATUS"]) == "NEEDS-ACTION"
    assert "COMPLETED" not in todo
    assert todo.decoded("DUE") == dt.date(2026, 12, 1)
    assert str(todo["X-TODO-PROJECT"]) == "Home Renovation"  # TAG-8: the project is Todo's own property
    assert todo["CATEGORIES"].cats == ["errands", "家"]  # and CATEGORIES the tags
    assert str(todo["LOCATION"]) == "Bäckerei Müller, Straße 5"
    assert (todo["GEO"].latitude, todo["GEO"].longitude) == (52.52, 13.405)
    assert todo["RRULE"] == {"FREQ": ["WEEKLY"], "BYDAY": ["MO", "FR"]}
    assert todo.decoded("DTSTART") == dt.date(2026, 12, 1)  # REPEAT-16: the rule's anchor is the due date
    assert todo.decoded("CREATED") == dt.datetime(2026, 11, 1, 8, 15, 30, tzinfo=UTC)
    assert todo.decoded("LAST-MODIFIED") == dt.datetime(2026, 11, 20, 17, 45, 1, tzinfo=UTC)
    assert todo.decoded("DTSTAMP") == dt.datetime(2026, 11, 20, 17, 45, 1, tzinfo=UTC)
    assert str(todo["X-TODO-ESTIMATE"]) == "PT1H30M"
    assert str(todo["X-TODO-ORDER"]) == "-2"


def test_item_without_optional_fields_has_only_the_required_ones(todos):
    todo = todos[ITEMS[1]["id"]]
    assert str(todo["SUMMARY"]) == "Pay rent"
    for name in ["DESCRIPTION", "DUE", "CATEGORIES", "X-TODO-PROJECT", "LOCATION", "GEO", "RRULE", "COMPLETED", "X-TODO-ESTIMATE"]:
        assert name not in todo


def test_done_item_is_completed_with_its_time_a_comma_in_its_project_and_a_semicolon_in_a_tag(todos):
    item, todo = ITEMS[2], todos[ITEMS[2]["id"]]
    assert str(todo["SUMMARY"]) == item["title"]
    assert str(todo["DESCRIPTION"]) == "multi\nline"
    assert str(todo["STATUS"]) == "COMPLETED"
    assert todo.decoded("COMPLETED") == dt.datetime(2026, 11, 19, 20, 30, 15, tzinfo=UTC)
    assert todo.decoded("DUE") == dt.date(2026, 11, 20)
    # As TEXT (an X- property's value type) the comma is escaped; icalendar gives an X- property as written.
    assert str(todo["X-TODO-PROJECT"]) == r"Work\, Inc."
    assert todo["CATEGORIES"].cats == ["semi;colon", "urgent"]
    assert str(todo["X-TODO-ESTIMATE"]) == "PT30M"


def test_what_icalendar_writes_back_imports_unchanged(exported, tmp_path):
    """icalendar re-serialises (its own folding and escaping); our importer reads that too."""
    rewritten = icalendar.Calendar.from_ical(exported).to_ical()
    folder = tmp_path
    seed = folder / "seed.json"
    seed.write_text(json.dumps(ITEMS, ensure_ascii=False), encoding="utf-8")
    todo("import", str(seed), db=folder / "todo.sqlite")
    (folder / "rewritten.ics").write_bytes(rewritten)
    report = todo("import", str(folder / "rewritten.ics"), db=folder / "todo.sqlite")
    assert report.endswith(": 0 added, 0 updated, 3 unchanged.\n"), report

"""HARDEN-1 (and the `order` part of HARDEN-9) through the real `todo serve`: numbers from outside
have ranges, a refused number stores nothing and never stops the server, and the highest version
starts again at 1 when the item changes."""
from __future__ import annotations

from hardening_client import JSON, add, assert_still_serving, call, error_text, items

ITEM_ID = "11111111-1111-1111-1111-111111111111"
MAX_VERSION = 9007199254740991  # 2^53 − 1
RANGE_SPELLINGS = ("9007199254740991", "9,007,199,254,740,991", "9 007 199 254 740 991", "2^53")


def import_json(server, entries):
    return call(server, "POST", "/api/import?format=json", entries, JSON)


def test_HARDEN_1_an_imported_version_beyond_2_53_is_refused_and_nothing_is_stored(todo_server):
    refused = import_json(todo_server, [{"id": ITEM_ID, "title": "m", "version": 9223372036854775807}])

    assert refused.status == 422, f"an import with version 2^63−1 answered {refused!r}, not 422"
    message = error_text(refused)
    assert "version" in message.lower(), f"the refusal does not name the field: {message!r}"
    assert any(spelling in message for spelling in RANGE_SPELLINGS), \
        f"the refusal does not name the range 1 … 9,007,199,254,740,991: {message!r}"
    assert items(todo_server) == [], "a refused import stored something"
    assert_still_serving(todo_server)


def test_HARDEN_1_the_highest_version_starts_again_at_1_when_the_item_changes(todo_server):
    imported = import_json(todo_server, [{"id": ITEM_ID, "title": "m", "version": MAX_VERSION}])
    assert imported.status == 200, f"an import with the highest allowed version answered {imported!r}"
    stored = call(todo_server, "GET", f"/api/todos/{ITEM_ID}")
    assert stored.status == 200 and stored.json()["version"] == MAX_VERSION, \
        f"the imported item is not stored at version 2^53−1: {stored!r}"

    changed = call(todo_server, "PATCH", f"/api/todos/{ITEM_ID}", {"title": "bump"}, JSON)

    assert changed.status == 200, f"changing the item at the highest version answered {changed!r}"
    assert (changed.json()["title"], changed.json()["version"]) == ("bump", 1), \
        f"the version did not start again at 1: {changed!r}"
    assert_still_serving(todo_server)
    again = call(todo_server, "PATCH", f"/api/todos/{ITEM_ID}", {"title": "bump again"}, JSON)
    assert again.status == 200 and again.json()["version"] == 2, f"the next change: {again!r}"
    assert [(item["title"], item["version"]) for item in items(todo_server)] == [("bump again", 2)]


def test_HARDEN_1_the_api_refuses_an_order_or_estimate_outside_its_range(todo_server):
    refusals = {
        "order -1e16": ({"title": "far away", "order": -1e16}, ("order", "position")),
        "order 10^12 + 1": ({"title": "just past", "order": 10**12 + 1}, ("order", "position")),
        "estimateMinutes 99999": ({"title": "too long", "estimateMinutes": 99999}, ("estimate",)),
        "estimateMinutes 0": ({"title": "no time", "estimateMinutes": 0}, ("estimate",)),
    }
    wrong = {}
    for name, (body, field_names) in refusals.items():
        answer = call(todo_server, "POST", "/api/todos", body, JSON)
        if answer.status != 422:
            wrong[name] = f"answered {answer!r}, not 422"
            continue
        message = error_text(answer)
        if not any(field in message.lower() for field in field_names):
            wrong[name] = f"the sentence does not name the field: {message!r}"
    assert not wrong, f"out-of-range numbers were not refused as HARDEN-1 says: {wrong}"
    assert items(todo_server) == [], "a refused item was stored"
    assert_still_serving(todo_server)

    # The limits themselves are inside the range.
    add(todo_server, title="one week", estimateMinutes=10080)
    add(todo_server, title="the far end", order=-(10**12))
    assert sorted(item["title"] for item in items(todo_server)) == ["one week", "the far end"]

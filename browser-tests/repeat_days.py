"""An item's repeat as the API gives it (docs/specs/repeats.md, REPEAT-16), read back as days.

The API writes ``"repeat": {"rule": "FREQ=WEEKLY;BYDAY=MO,WE", "afterCompletion": false}``; a
test that set weekdays checks them as the weekly rule's days (every day is ``FREQ=DAILY``).
"""

from __future__ import annotations

DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
CODES = {day[:2].upper(): day for day in DAYS}


def repeat_days(item: dict) -> list[str]:
    """The weekdays of the item's weekly or daily rule, Monday first; [] without a repeat."""
    repeat = item.get("repeat")
    if repeat is None:
        return []
    parts = dict(part.split("=", 1) for part in repeat["rule"].split(";"))
    if parts == {"FREQ": "DAILY"}:
        return list(DAYS)
    assert parts.get("FREQ") == "WEEKLY" and set(parts) <= {"FREQ", "BYDAY"}, repeat
    return [CODES[code] for code in parts.get("BYDAY", "").split(",") if code]

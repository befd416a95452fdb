"""Random repeat rules of every kind Todo models (REPEAT-7, docs/specs/repeats.md), as RRULE
text, and dateutil's reading of them: shared by test_rrule_dateutil.py and bench/run's repeats."""

from __future__ import annotations

import datetime as dt
import random
import warnings

from dateutil import rrule as du

DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
FREQUENCIES = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"]
MONTH_LENGTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]


def random_rule(rng: random.Random) -> dict:
    """A rule REPEAT-7 accepts: its parts as RRULE names and values."""
    freq = rng.choice(FREQUENCIES)
    parts = {"FREQ": freq}
    if rng.random() < 0.5:
        parts["INTERVAL"] = str(rng.choice([1, 2, 3, 4, 7, 13]))
    months = rng.choice([[1], [2], [2, 8], [11], [4, 6, 9]]) if rng.random() < 0.3 else []
    if months:
        parts["BYMONTH"] = ",".join(map(str, months))
    if rng.random() < 0.35:
        limit = max(MONTH_LENGTH[m - 1] for m in months) if months else 31
        choices = [d for d in rng.choice([[1], [15], [31], [-1], [29, 30], [28, -3], [10, 20], [-7]]) if abs(d) <= limit]
        if choices:
            parts["BYMONTHDAY"] = ",".join(map(str, choices))
    if rng.random() < 0.5:
        days = [d for d in DAYS if rng.random() < 0.3] or [rng.choice(DAYS)]
        nth_limit = 53 if freq == "YEARLY" and not months else 5
        if freq in ("MONTHLY", "YEARLY") and rng.random() < 0.6:
            days = [f"{rng.choice([n for n in range(-nth_limit, nth_limit + 1) if n])}{d}" for d in days]
        parts["BYDAY"] = ",".join(days)
    # Positions in months and years only: a daily rule's period is one day, so a position past
    # the first never comes (and dateutil then looks up to the year 9999); and dateutil counts
    # the positions of a weekly rule's first week from the anchor (its week set starts there),
    # where RFC 5545 and Todo count the whole week.
    if freq in ("MONTHLY", "YEARLY") and rng.random() < 0.2:
        parts["BYSETPOS"] = ",".join(map(str, rng.choice([[1], [-1], [2], [1, -1]])))
    if rng.random() < 0.2:
        parts["WKST"] = rng.choice(DAYS)
    return parts


def random_day(rng: random.Random, start: dt.date, days: int) -> dt.date:
    return start + dt.timedelta(days=rng.randrange(days))


def text_of(parts: dict, rng: random.Random) -> str:
    """The parts in a random order and case, as a client might write them."""
    items = list(parts.items())
    rng.shuffle(items)
    return ";".join(f"{k}={v}".lower() if rng.random() < 0.2 else f"{k}={v}" for k, v in items)


def dateutil_rule(text: str, anchor: dt.date, **limits):
    rule = du.rrulestr("RRULE:" + text, dtstart=dt.datetime.combine(anchor, dt.time()))
    if not limits:
        return rule
    # An UNTIL beside a COUNT only bounds how far dateutil looks here; it warns that RFC 5545
    # has no such rule.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return rule.replace(**limits)

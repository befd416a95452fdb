"""REPEAT-8, REPEAT-9 (docs/specs/repeats.md): Todo's repeat rules beside an independent RRULE
implementation, Python's dateutil.rrule.

Random rules of every kind Todo models (REPEAT-7) are written as RRULE text, their parts in a
random order and case, and handed to Todo's Model through `RepeatProbe` (Tests/RepeatProbe) with
a random anchor (the first date of the series) and a random day to look after. Todo's next dates
must be dateutil's within 40 years of that day, and the text Todo writes back must mean the same
rule to dateutil. The seed is fixed, so a failure names a case that fails again."""

from __future__ import annotations

import datetime as dt
import itertools
import json
import random
import subprocess

from built_executables import built_executable
from random_rules import FREQUENCIES, dateutil_rule, random_day, random_rule, text_of

SEED = 20261206
CASES = 2000
STEPS = 3
WINDOW = dt.timedelta(days=14610)  # 40 years


def make_cases() -> list[dict]:
    rng = random.Random(SEED)
    cases = []
    while len(cases) < CASES:
        parts = random_rule(rng)
        start = random_day(rng, dt.date(1990, 1, 1), 40000)
        kind = rng.choice(["after", "after", "until", "count"])
        if kind == "count":
            # A count starts at the anchor, which must be the series' first date (REPEAT-10):
            # the first date the rule gives from `start`.
            first = dateutil_rule(text_of(parts, rng), start, until=dt.datetime.combine(start, dt.time()) + WINDOW)[0:1]
            if not first:
                continue
            anchor = first[0].date()
            parts["COUNT"] = str(rng.randrange(1, 8))
            after = anchor
        else:
            anchor = start
            after = random_day(rng, anchor - dt.timedelta(days=30), 1500)
            if kind == "until":
                parts["UNTIL"] = random_day(rng, anchor, 2000).strftime("%Y%m%d")
        cases.append({"parts": parts, "text": text_of(parts, rng), "anchor": anchor, "after": after, "kind": kind})
    return cases


def expected_dates(case: dict) -> list[str]:
    """dateutil's next dates after the case's day, within the window."""
    anchor, after, text = case["anchor"], case["after"], case["text"]
    window_end = dt.datetime.combine(after, dt.time()) + WINDOW
    if case["kind"] == "count":
        dates = list(itertools.islice(dateutil_rule(text, anchor, until=window_end), 1 + STEPS))
        assert dates and dates[0].date() == anchor, case
        return [d.date().isoformat() for d in dates[1:] if d <= window_end]
    limits = {} if "UNTIL" in case["parts"] else {"until": window_end}
    rule = dateutil_rule(text, anchor, **limits)
    result, last = [], dt.datetime.combine(after, dt.time())
    while len(result) < STEPS and (last := rule.after(last)) is not None and last <= window_end:
        result.append(last.date().isoformat())
    return result


def ask_todo(cases: list[dict]) -> list[dict]:
    questions = "".join(
        json.dumps({"rule": c["text"], "anchor": c["anchor"].isoformat(), "after": c["after"].isoformat(), "steps": STEPS}) + "\n"
        for c in cases
    )
    out = subprocess.run([built_executable("RepeatProbe")], input=questions, capture_output=True, text=True, timeout=300, check=True)
    answers = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(answers) == len(cases)
    return answers


CASES_MADE = make_cases()
ANSWERS = ask_todo(CASES_MADE)


def test_REPEAT_9_next_dates_match_dateutil():
    failures = []
    for case, answer in zip(CASES_MADE, ANSWERS):
        assert "problem" not in answer or answer["problem"] is None, (case, answer)
        window_end = (case["after"] + WINDOW).isoformat()
        todo = [d for d in answer["next"] if d <= window_end]
        expected = expected_dates(case)
        if todo != expected:
            failures.append(f'{case["text"]} from {case["anchor"]} after {case["after"]}: Todo {todo}, dateutil {expected}')
    assert not failures, f"{len(failures)} of {len(CASES_MADE)} rules differ:\n" + "\n".join(failures[:20])


def test_REPEAT_8_written_text_means_the_same_rule_to_dateutil():
    """dateutil reads the client's text and the text Todo writes to the same rule (its own
    canonical form of each, `str(rule)`, is the same)."""
    failures = []
    for case, answer in zip(CASES_MADE, ANSWERS):
        written = answer["text"]
        assert written == written.upper() and written.startswith("FREQ="), written
        if str(dateutil_rule(case["text"], case["anchor"])) != str(dateutil_rule(written, case["anchor"])):
            failures.append(f'{case["text"]} written as {written}')
    assert not failures, f"{len(failures)} rules changed meaning:\n" + "\n".join(failures[:20])


def test_REPEAT_9_the_cases_cover_every_kind_of_rule():
    """The random cases reach each frequency, end and part, so the comparison means something."""
    texts = [c["text"].upper() for c in CASES_MADE]
    for needle in [*(f"FREQ={f}" for f in FREQUENCIES), "INTERVAL=", "BYMONTH=", "BYMONTHDAY=", "BYDAY=", "BYSETPOS=", "WKST=", "COUNT=", "UNTIL="]:
        assert sum(needle in t for t in texts) >= 50, needle
    assert sum(any(ch.isdigit() for ch in c["parts"].get("BYDAY", "")) for c in CASES_MADE) >= 100

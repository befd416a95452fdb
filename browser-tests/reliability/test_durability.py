"""Durability under crashes: `todo serve` on a file database is killed with SIGKILL in the middle of
bursts of concurrent writes, at several points, and restarted each time.

After every restart: each write that got a 2xx answer is there with its value, each write that was
refused (412, 422) is not, a write whose answer never came (in flight at the kill) is either fully
there or fully absent, the ordering invariants hold, and `PRAGMA integrity_check` says `ok`.
"""
from __future__ import annotations

import http.client
import random
import sqlite3
import threading
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from reliability_server import TodoServer

CLIENTS = 8
# The kill comes once this many writes have been acknowledged in the round: early, mid-burst, late.
KILL_AFTER_ACKS = [1, 8, 25, 60, 120, 250, 400]
MAX_OPS_PER_CLIENT = 400  # a bound: the kill always comes first


@dataclass
class Expected:
    """What one item must look like: `states` are the acceptable (title, completed) pairs, or None
    for "absent". One entry when every write on it was answered; two when one was in flight."""
    states: list[tuple[str, bool] | None]


@dataclass
class Ledger:
    """What a client was told, per item it owns (clients never touch each other's items)."""
    items: dict[str, Expected] = field(default_factory=dict)
    refused_titles: list[str] = field(default_factory=list)
    acked: int = 0


class Burst:
    def __init__(self, server: TodoServer, round_no: int, ledgers: list[Ledger], kill_after: int):
        self.server = server
        self.round_no = round_no
        self.ledgers = ledgers
        self.kill_after = kill_after
        self.lock = threading.Lock()
        self.acks = 0
        self.enough = threading.Event()
        self.errors: list[str] = []

    def ack(self, ledger: Ledger) -> None:
        with self.lock:
            self.acks += 1
            ledger.acked += 1
            if self.acks >= self.kill_after:
                self.enough.set()

    def run_client(self, index: int) -> None:
        ledger = self.ledgers[index]
        client = self.server.client(timeout=10)
        rng = random.Random(f"{self.round_no}-{index}")
        try:
            for n in range(MAX_OPS_PER_CLIENT):
                live = [i for i, e in ledger.items.items() if e.states[-1] is not None and len(e.states) == 1]
                op = rng.choice(["create", "create", "check", "edit", "delete", "refused"]) if live else "create"
                tag = f"r{self.round_no}c{index}n{n}"
                if op == "create":
                    title = f"item {tag}"
                    # Unknown until answered: the item may or may not exist.
                    pending = Expected([None, (title, False)])
                    key = f"pending-{tag}"
                    ledger.items[key] = pending
                    response = client.request("POST", "/api/todos", {"title": title})
                    self.expect_2xx(response, op)
                    del ledger.items[key]
                    ledger.items[response.json()["id"]] = Expected([(title, False)])
                else:
                    item_id = rng.choice(live)
                    expected = ledger.items[item_id]
                    title, done = expected.states[0]
                    path = f"/api/todos/{item_id}"
                    if op == "check":
                        expected.states.append((title, not done))
                        response = client.request("PATCH", path, {"completed": not done})
                        self.expect_2xx(response, op)
                        expected.states = [(title, not done)]
                    elif op == "edit":
                        new_title = f"edited {tag}"
                        expected.states.append((new_title, done))
                        response = client.request("PATCH", path, {"title": new_title})
                        self.expect_2xx(response, op)
                        expected.states = [(new_title, done)]
                    elif op == "delete":
                        expected.states.append(None)
                        response = client.request("DELETE", path)
                        self.expect_2xx(response, op)
                        expected.states = [None]
                    else:
                        # Refused writes: a stale If-Match (412) and a rule broken (422).
                        refused = f"REFUSED {tag}"
                        ledger.refused_titles.append(refused)
                        stale = client.request("PATCH", path, {"title": refused}, {"If-Match": '"999999"'})
                        assert stale.status == 412, stale
                        bad = client.request("POST", "/api/todos", {"title": refused, "dueDate": "2026-02-30"})
                        assert bad.status == 422, bad
                    self.ack(ledger)
                    continue
                self.ack(ledger)
        except (OSError, http.client.HTTPException) as error:
            # The server was killed: the write in flight (if any) is recorded as maybe-applied.
            if not self.enough.is_set():
                self.errors.append(f"client {index}: {error!r} before the kill")
        except AssertionError as error:
            self.errors.append(f"client {index}: {error}")
        finally:
            client.close()

    def expect_2xx(self, response, op: str) -> None:
        assert 200 <= response.status < 300, f"{op}: {response}"


def verify(server: TodoServer, ledgers: list[Ledger]) -> int:
    """Checks every ledger against the restarted server; settles in-flight writes to what is there.
    Returns the number of items checked."""
    client = server.client()
    response = client.request("GET", "/api/todos")
    assert response.status == 200, response
    stored = {item["id"]: item for item in response.json()}
    client.close()
    claimed: set[str] = set()
    checked = 0
    for ledger in ledgers:
        for key, expected in list(ledger.items.items()):
            if key.startswith("pending-"):
                # A create in flight: at most one item with its title may exist.
                title = expected.states[1][0]
                matches = [i for i, item in stored.items() if item["title"] == title]
                assert len(matches) <= 1, f"create of {title!r} applied twice"
                del ledger.items[key]
                if matches:
                    ledger.items[matches[0]] = Expected([(title, False)])
                    claimed.add(matches[0])
                continue
            checked += 1
            item = stored.get(key)
            actual = None if item is None else (item["title"], item["completed"])
            assert actual in expected.states, f"item {key}: stored {actual}, acknowledged {expected.states}"
            expected.states = [actual]
            if item is not None:
                claimed.add(key)
        for title in ledger.refused_titles:
            assert all(item["title"] != title for item in stored.values()), f"refused write {title!r} is stored"
    unknown = set(stored) - claimed
    assert not unknown, f"items nobody acknowledged: {[stored[i]['title'] for i in unknown]}"
    return checked


def check_file(db: Path) -> None:
    connection = sqlite3.connect(db, timeout=10)
    try:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        duplicates = connection.execute(
            "SELECT isDone, position, COUNT(*) FROM todoItem GROUP BY isDone, position HAVING COUNT(*) > 1").fetchall()
        assert duplicates == [], f"positions not distinct inside a section: {duplicates}"
    finally:
        connection.close()


def test_every_acknowledged_write_survives_sigkill_mid_burst_and_nothing_refused_is_stored(tmp_path):
    db = tmp_path / f"durability-{uuid.uuid4().hex[:8]}.sqlite"
    ledgers = [Ledger() for _ in range(CLIENTS)]
    server = TodoServer(db)
    total_acked = 0
    rounds = 0
    try:
        for round_no, kill_after in enumerate(KILL_AFTER_ACKS, start=1):
            burst = Burst(server, round_no, ledgers, kill_after)
            threads = [threading.Thread(target=burst.run_client, args=(i,)) for i in range(CLIENTS)]
            for thread in threads:
                thread.start()
            assert burst.enough.wait(timeout=60), f"round {round_no}: only {burst.acks} writes acknowledged in 60 s"
            server.kill()  # mid-burst: the clients are still sending
            for thread in threads:
                thread.join(timeout=30)
                assert not thread.is_alive()
            assert not burst.errors, burst.errors
            total_acked += burst.acks
            rounds += 1
            check_file(db)
            server = TodoServer(db)
            verify(server, ledgers)
        checked = verify(server, ledgers)
        check_file(db)
    finally:
        server.stop()
    assert rounds >= 5
    assert total_acked >= sum(KILL_AFTER_ACKS)
    print(f"{rounds} kill rounds, {CLIENTS} clients, {total_acked} acknowledged writes, {checked} items checked")

"""Concurrency: many clients of one `todo serve`, and several `todo` processes on one database file.

The final state is exactly what the operations imply, and no client ever sees "database is locked"
(or any 5xx / non-zero exit).
"""
from __future__ import annotations

import json
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor

from reliability_server import TodoServer, run_todo

SERVER_CLIENTS = 20
OPS_PER_CLIENT = 50
CLI_PROCESSES = 4
CLI_COMMANDS_PER_PROCESS = 12
COUNTER_CLIENTS = 20
INCREMENTS_PER_CLIENT = 5


def server_client_work(server: TodoServer, index: int) -> dict[str, tuple[str, bool, int]]:
    """50 writes on the client's own items: 20 creates, 15 edits, 10 checks/unchecks, 5 deletes,
    each edit guarded by If-Match with the version it was told. Returns id -> (title, done, version)."""
    client = server.client(timeout=60)
    mine: dict[str, tuple[str, bool, int]] = {}
    ops = 0

    def ok(response, expected=(200, 201, 204)):
        assert response.status in expected, response
        assert "locked" not in response.text.lower(), response

    try:
        ids = []
        for n in range(20):
            response = client.request("POST", "/api/todos", {"title": f"c{index} item {n}"})
            ok(response, (201,))
            item = response.json()
            assert response.headers["etag"] == f'"{item["version"]}"'
            mine[item["id"]] = (item["title"], False, item["version"])
            ids.append(item["id"])
            ops += 1
        for n in range(15):
            item_id = ids[n]
            title, done, version = mine[item_id]
            response = client.request(
                "PATCH", f"/api/todos/{item_id}", {"title": f"c{index} edited {n}"}, {"If-Match": f'"{version}"'})
            ok(response, (200,))
            mine[item_id] = (f"c{index} edited {n}", done, response.json()["version"])
            ops += 1
        for n in range(10):
            item_id = ids[5 + n]
            title, done, version = mine[item_id]
            response = client.request("PATCH", f"/api/todos/{item_id}", {"completed": n % 3 != 2})
            ok(response, (200,))
            body = response.json()
            mine[item_id] = (body["title"], body["completed"], body["version"])
            ops += 1
        for n in range(5):
            item_id = ids[19 - n]
            response = client.request("DELETE", f"/api/todos/{item_id}")
            ok(response, (204,))
            del mine[item_id]
            ops += 1
    finally:
        client.close()
    assert ops == OPS_PER_CLIENT
    return mine


def test_20_clients_x_50_operations_against_one_server_end_in_exactly_the_implied_state(tmp_path):
    server = TodoServer(tmp_path / "server.sqlite")
    try:
        with ThreadPoolExecutor(max_workers=SERVER_CLIENTS) as pool:
            results = list(pool.map(lambda i: server_client_work(server, i), range(SERVER_CLIENTS)))
        expected = {item_id: state for result in results for item_id, state in result.items()}
        client = server.client()
        listed = client.request("GET", "/api/todos")
        client.close()
        assert listed.status == 200
        actual = {item["id"]: (item["title"], item["completed"], item["version"]) for item in listed.json()}
        assert actual == expected
        assert len(actual) == SERVER_CLIENTS * 15
        # The ordering invariants hold: To Do above Done, positions distinct inside each section.
        items = listed.json()
        done_flags = [item["completed"] for item in items]
        assert done_flags == sorted(done_flags)
        for flag in (False, True):
            orders = [item["order"] for item in items if item["completed"] == flag]
            assert len(set(orders)) == len(orders)
            assert orders == sorted(orders)
        assert "locked" not in server.log_text().lower()
        assert server.alive()
    finally:
        server.stop()


def test_read_modify_write_with_if_match_loses_no_increment_among_20_racing_clients(tmp_path):
    """20 clients each add 1 to a shared counter 5 times: GET, then PATCH with If-Match, retrying
    on 412. The counter ends at exactly 100: every lost update would have been a 412 instead."""
    server = TodoServer(tmp_path / "counter.sqlite")
    try:
        setup = server.client()
        created = setup.request("POST", "/api/todos", {"title": "count 0"})
        setup.close()
        path = f"/api/todos/{created.json()['id']}"
        conflicts = []
        lock = threading.Lock()

        def increment(index: int) -> None:
            client = server.client(timeout=60)
            try:
                for _ in range(INCREMENTS_PER_CLIENT):
                    while True:
                        current = client.request("GET", path)
                        assert current.status == 200, current
                        value = int(current.json()["title"].split()[1])
                        response = client.request(
                            "PATCH", path, {"title": f"count {value + 1}"}, {"If-Match": current.headers["etag"]})
                        if response.status == 200:
                            break
                        assert response.status == 412, response
                        with lock:
                            conflicts.append(index)
            finally:
                client.close()

        with ThreadPoolExecutor(max_workers=COUNTER_CLIENTS) as pool:
            list(pool.map(increment, range(COUNTER_CLIENTS)))
        client = server.client()
        final = client.request("GET", path).json()
        client.close()
        total = COUNTER_CLIENTS * INCREMENTS_PER_CLIENT
        assert final["title"] == f"count {total}"
        assert final["version"] == total + 1
        print(f"{total} increments, {len(conflicts)} answered 412 and retried")
    finally:
        server.stop()


def cli_worker(db, index: int) -> list[tuple[str, str]]:
    """12 commands as separate processes: 6 adds, 3 edits, 2 checks, 1 rm. Returns (id, title) kept."""
    kept: dict[str, str] = {}
    done: set[str] = set()
    ids = []
    failures = []

    def run(*args: str):
        result = run_todo(*args, db=db)
        if result.returncode != 0 or "locked" in (result.stderr + result.stdout).lower():
            failures.append(f"todo {' '.join(args)} -> {result.returncode}: {result.stderr.strip()}")
        return result

    for n in range(6):
        result = run("add", f"p{index} item {n}", "--json")
        if result.returncode == 0:
            item = json.loads(result.stdout)
            kept[item["id"]] = item["title"]
            ids.append(item["id"])
    for n in range(3):
        if run("edit", ids[n], "--title", f"p{index} edited {n}").returncode == 0:
            kept[ids[n]] = f"p{index} edited {n}"
    for n in range(2):
        if run("check", ids[3 + n]).returncode == 0:
            done.add(ids[3 + n])
    if run("rm", ids[5]).returncode == 0:
        del kept[ids[5]]
    assert not failures, failures
    return [(item_id, title, item_id in done) for item_id, title in kept.items()]


def test_4_cli_processes_writing_one_fresh_database_file_at_once_lose_nothing(tmp_path):
    db = tmp_path / f"cli-{uuid.uuid4().hex[:6]}.sqlite"  # created by whichever process comes first
    with ThreadPoolExecutor(max_workers=CLI_PROCESSES) as pool:
        results = list(pool.map(lambda i: cli_worker(db, i), range(CLI_PROCESSES)))
    expected = {item_id: (title, done) for result in results for item_id, title, done in result}
    listed = run_todo("list", "--json", db=db)
    assert listed.returncode == 0, listed.stderr
    sections = json.loads(listed.stdout)
    actual = {item["id"]: (item["title"], item["completed"]) for item in sections["todo"] + sections["done"]}
    assert actual == expected
    assert len(actual) == CLI_PROCESSES * 5
    assert sum(1 for _, done in actual.values() if done) == CLI_PROCESSES * 2


FRESH_ROUNDS = 15
FRESH_PROCESSES = 6


def test_6_processes_creating_the_same_new_database_file_at_once_all_succeed(tmp_path):
    """The schema migration races when several processes create one file together (each reads
    "no migrations yet", one wins the lock, the others then find its tables). Every process must
    still succeed. 15 rounds x 6 processes (before the fix, 13 of 150 such starts failed)."""
    failures = []
    for round_no in range(FRESH_ROUNDS):
        db = tmp_path / f"fresh-{round_no}.sqlite"
        with ThreadPoolExecutor(max_workers=FRESH_PROCESSES) as pool:
            results = list(pool.map(lambda n: run_todo("add", f"item {n}", db=db), range(FRESH_PROCESSES)))
        failures += [r.stderr.strip() for r in results if r.returncode != 0]
        listed = json.loads(run_todo("list", "--json", db=db).stdout)
        assert len(listed["todo"]) == FRESH_PROCESSES - len([r for r in results if r.returncode != 0])
    assert failures == []

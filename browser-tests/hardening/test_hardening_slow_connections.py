"""HARDEN-6 through the real `todo serve`: slow and idle connections cannot starve the server.

The server runs with `--idle-timeout 3 --max-connections 200` under a 1,024-descriptor limit;
1,100 connections each send half a request head and nothing more (slowloris)."""
from __future__ import annotations

import http.client
import resource
import selectors
import socket
import time

import pytest

from hardening_client import assert_still_serving, read_until_closed

IDLE_TIMEOUT = 3
MARGIN = 5
HALF_SENT = 1100
SERVER_DESCRIPTORS = 1024
OPTIONS = ("--idle-timeout", str(IDLE_TIMEOUT), "--max-connections", "200")


@pytest.fixture
def descriptors_for_the_test():
    """This test process holds 1,100 sockets: raise its soft descriptor limit if it is lower."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = HALF_SENT + 200
    if soft != resource.RLIM_INFINITY and soft < wanted:
        if hard != resource.RLIM_INFINITY and hard < wanted:
            pytest.fail(f"this process may hold only {hard} descriptors; the test needs {wanted}")
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def healthz_seconds(server, timeout: float = 2) -> float:
    """Seconds `/healthz` took on a fresh connection; raises when it took longer than `timeout`."""
    started = time.monotonic()
    connection = http.client.HTTPConnection(server.host, server.port, timeout=timeout)
    try:
        connection.request("GET", "/healthz")
        answer = connection.getresponse()
        body = answer.read()
    finally:
        connection.close()
    elapsed = time.monotonic() - started
    assert (answer.status, body.strip()) == (200, b"ok"), f"/healthz answered {answer.status} {body!r}"
    assert elapsed <= timeout, f"/healthz took {elapsed:.2f} s"
    return elapsed


def open_half_sent(server, count: int) -> tuple[list[socket.socket], list[str]]:
    """`count` connections that send a request head without its final blank line."""
    head = f"GET / HTTP/1.1\r\nHost: {server.host}\r\n".encode()
    sockets, problems = [], []
    deadline = time.monotonic() + 30
    for _ in range(count):
        if time.monotonic() > deadline:
            problems.append("opening the connections took more than 30 s")
            break
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.settimeout(2)
        try:
            sock.connect((server.host, server.port))
            sock.sendall(head)
        except OSError as error:
            # Connected but closed again already (evicted to make room) counts as opened.
            problems.append(f"{type(error).__name__}: {error}")
        sockets.append(sock)
    return sockets, problems


def closed_by_server(sockets: list[socket.socket], until: float) -> int:
    """How many of `sockets` the server closes (EOF or reset) before the monotonic time `until`."""
    selector = selectors.DefaultSelector()  # epoll: descriptors past 1,024 are fine
    for sock in sockets:
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ)
    closed = 0
    try:
        while closed < len(sockets) and (left := until - time.monotonic()) > 0:
            for key, _ in selector.select(timeout=min(left, 0.5)):
                sock = key.fileobj
                try:
                    data = sock.recv(65536)
                except BlockingIOError:
                    continue
                except OSError:  # reset
                    data = b""
                if not data:
                    closed += 1
                    selector.unregister(sock)
    finally:
        selector.close()
    return closed


def test_HARDEN_6_healthz_keeps_answering_while_1100_half_sent_requests_are_open(start_server, descriptors_for_the_test):
    server = start_server(*OPTIONS, nofile=SERVER_DESCRIPTORS)
    sockets, problems = open_half_sent(server, HALF_SENT)
    opened = time.monotonic()
    try:
        assert len(problems) < HALF_SENT // 10, \
            f"{len(problems)} of {HALF_SENT} connections could not even be opened: {problems[:5]}"
        answers = []
        for attempt in range(5):
            try:
                answers.append(f"{healthz_seconds(server):.2f} s")
            except (OSError, http.client.HTTPException, AssertionError) as error:
                answers.append(f"failed: {type(error).__name__}: {error}")
            time.sleep(max(0.0, opened + attempt + 1 - time.monotonic()))
        assert all(answer.endswith(" s") for answer in answers), \
            f"/healthz did not answer within 2 s with {HALF_SENT} half-sent requests open: {answers}; " \
            f"log: {server.log_text()}"

        closed = closed_by_server(sockets, until=opened + IDLE_TIMEOUT + MARGIN)
        assert closed >= HALF_SENT * 0.95, \
            f"the server closed only {closed} of {HALF_SENT} half-sent connections within " \
            f"{IDLE_TIMEOUT + MARGIN} s (idle timeout {IDLE_TIMEOUT} s)"
        assert_still_serving(server)
    finally:
        for sock in sockets:
            sock.close()


def test_HARDEN_6_a_connection_idle_after_its_answer_is_closed_after_the_idle_timeout(start_server):
    server = start_server(*OPTIONS)
    with socket.create_connection((server.host, server.port), timeout=5) as sock:
        sock.sendall(f"GET /healthz HTTP/1.1\r\nHost: {server.host}:{server.port}\r\n\r\n".encode())
        answer = http.client.HTTPResponse(sock)
        answer.begin()
        assert (answer.status, answer.read().strip()) == (200, b"ok")
        answered = time.monotonic()

        rest, closed = read_until_closed(sock, timeout=IDLE_TIMEOUT + MARGIN)
        idle = time.monotonic() - answered

    assert closed, f"the server kept an idle connection open for {IDLE_TIMEOUT + MARGIN} s (idle timeout {IDLE_TIMEOUT} s)"
    assert idle >= IDLE_TIMEOUT - 1, f"the idle connection was closed after {idle:.1f} s, before the idle timeout"
    assert_still_serving(server)


def test_HARDEN_6_a_connection_that_never_finishes_its_head_is_closed_after_the_idle_timeout(start_server):
    server = start_server(*OPTIONS)
    with socket.create_connection((server.host, server.port), timeout=5) as sock:
        sock.sendall(f"GET / HTTP/1.1\r\nHost: {server.host}:{server.port}\r\n".encode())
        sent = time.monotonic()
        rest, closed = read_until_closed(sock, timeout=IDLE_TIMEOUT + MARGIN)
        waited = time.monotonic() - sent

    assert closed, f"a half-sent request head was kept open for {IDLE_TIMEOUT + MARGIN} s (idle timeout {IDLE_TIMEOUT} s)"
    assert waited >= IDLE_TIMEOUT - 1, f"the half-sent connection was closed after {waited:.1f} s, before the idle timeout"
    assert not rest.startswith(b"HTTP/1.1 200"), f"a half-sent request was answered as if complete: {rest[:200]!r}"

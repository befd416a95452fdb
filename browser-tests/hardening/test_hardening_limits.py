"""HARDEN-20 and HARDEN-21 through the real `todo serve`: a body has its own deadline, the slowest
body makes room at the connection cap, and the caps fit the process's file descriptors."""
from __future__ import annotations

import http.client
import socket
import threading
import time

from hardening_client import assert_still_serving, read_until_closed

ATTACKERS = 32
CAP = 16
REPLACED_AFTER = 4.0  # seconds: under the idle timeout, as in the probe (10 s under 15 s)
IDLE_TIMEOUT = 6
PROBE_FOR = 12.0


def trickling_post(server) -> socket.socket:
    """A connection that sent a whole head for a 1,000-byte body and no byte of the body yet."""
    sock = socket.create_connection((server.host, server.port), timeout=2)
    sock.sendall(
        f"POST /api/todos HTTP/1.1\r\nHost: {server.host}:{server.port}\r\nContent-Type: application/json\r\n"
        f"Content-Length: 1000\r\n\r\n".encode())
    return sock


def probe_healthz(server, until: float, answers: list[str]) -> None:
    """`/healthz` on a fresh connection every half second until `until`: "ok" or what went wrong."""
    while time.monotonic() < until:
        started = time.monotonic()
        connection = http.client.HTTPConnection(server.host, server.port, timeout=2)
        try:
            connection.request("GET", "/healthz")
            answer = connection.getresponse()
            answers.append("ok" if (answer.status, answer.read().strip()) == (200, b"ok") else f"{answer.status}")
        except (OSError, http.client.HTTPException) as error:
            answers.append(f"{type(error).__name__}")
        finally:
            connection.close()
        time.sleep(max(0.0, started + 0.5 - time.monotonic()))  # pacing the probes, not waiting for a result


def test_HARDEN_20_healthz_answers_while_trickling_bodies_are_replaced_before_the_idle_timeout(start_server):
    server = start_server("--idle-timeout", str(IDLE_TIMEOUT), "--max-connections", str(CAP))
    attackers: list[tuple[socket.socket, float]] = []
    answers: list[str] = []
    until = time.monotonic() + PROBE_FOR
    prober = threading.Thread(target=probe_healthz, args=(server, until, answers), daemon=True)
    try:
        for _ in range(ATTACKERS):
            attackers.append((trickling_post(server), time.monotonic()))
        prober.start()
        while time.monotonic() < until:
            now = time.monotonic()
            for index, (sock, opened) in enumerate(attackers):
                try:
                    if now - opened > REPLACED_AFTER:
                        raise ConnectionError("replaced")
                    sock.sendall(b" ")  # a byte of the body: the request is never idle
                except OSError:
                    sock.close()
                    try:
                        attackers[index] = (trickling_post(server), time.monotonic())
                    except OSError:
                        attackers[index] = (socket.socket(), time.monotonic())
            time.sleep(0.25)  # the trickle's pace
        prober.join(timeout=5)
        answered = answers.count("ok")
        assert answers and answered >= len(answers) * 0.9, \
            f"/healthz answered {answered} of {len(answers)} probes while {ATTACKERS} trickling bodies held " \
            f"{CAP} places: {answers}"
        assert_still_serving(server)
    finally:
        for sock, _ in attackers:
            sock.close()


def test_HARDEN_20_a_body_that_does_not_arrive_in_time_is_answered_408_and_closed(start_server):
    server = start_server("--body-timeout", "2", "--idle-timeout", "15")
    with trickling_post(server) as sock:
        sent = time.monotonic()
        received = b""
        closed = False
        while not closed and time.monotonic() - sent < 8:
            try:
                sock.sendall(b" ")
            except OSError:
                break
            sock.settimeout(0.5)
            try:
                chunk = sock.recv(65536)
                if not chunk:
                    closed = True
                received += chunk
            except socket.timeout:
                pass
            except ConnectionResetError:
                closed = True
        rest, closed_after = read_until_closed(sock, timeout=3)
        received += rest
        waited = time.monotonic() - sent
    assert received.startswith(b"HTTP/1.1 408"), f"a body trickling past the body timeout was answered {received[:200]!r}"
    assert b"The request's body did not arrive in time; nothing was changed." in received
    assert closed or closed_after, "the connection was left open after the 408"
    assert waited >= 1.5, f"answered 408 after {waited:.1f} s, before the body timeout of 2 s"
    assert_still_serving(server)


def open_stream(server) -> tuple[socket.socket, bytes]:
    """`GET /events` on its own connection; the first bytes of its answer."""
    sock = socket.create_connection((server.host, server.port), timeout=5)
    sock.sendall(f"GET /events HTTP/1.1\r\nHost: {server.host}:{server.port}\r\nAccept: text/event-stream\r\n\r\n".encode())
    try:
        first = sock.recv(200)
    except OSError:
        first = b""
    return sock, first


def test_HARDEN_21_pages_answer_with_many_streams_open_under_256_descriptors(start_server):
    server = start_server(nofile=256)
    said = server.log_text()  # the server is listening: its start is logged
    assert "This process may open only 256 files (ulimit -n): serving at most 96 connections and 96 event streams" in said, said
    streams = []
    try:
        for _ in range(230):
            streams.append(open_stream(server))
        accepted = sum(1 for _, first in streams if first.startswith(b"HTTP/1.1 200"))
        assert 0 < accepted < 230, f"{accepted} of 230 streams were accepted under 256 descriptors"
        for path in ["/healthz", "/", "/api/todos"]:
            answer = http.client.HTTPConnection(server.host, server.port, timeout=5)
            try:
                answer.request("GET", path)
                status = answer.getresponse().status
            finally:
                answer.close()
            assert status == 200, f"{path} answered {status} with {accepted} streams open"
        assert_still_serving(server)
    finally:
        for sock, _ in streams:
            sock.close()

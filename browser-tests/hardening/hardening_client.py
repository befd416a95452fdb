"""What the hardening tests share: one request per fresh connection (so a refused request never
spoils the next), raw bytes for what `http.client` would not send, and `todo serve` started under
a descriptor limit."""
from __future__ import annotations

import http.client
import socket
import time

from reliability_server import Response, TodoServer

JSON = {"Content-Type": "application/json"}
FORM = {"Content-Type": "application/x-www-form-urlencoded"}


def call(server: TodoServer, method: str, path: str, body=None, headers: dict[str, str] | None = None,
         timeout: float = 10) -> Response:
    """One request on its own connection. A `Host` in `headers` replaces the one http.client would send."""
    client = server.client(timeout)
    try:
        return client.request(method, path, body, headers)
    finally:
        client.close()


def items(server: TodoServer) -> list[dict]:
    listed = call(server, "GET", "/api/todos")
    assert listed.status == 200, f"GET /api/todos answered {listed!r}"
    return listed.json()


def add(server: TodoServer, **fields) -> dict:
    created = call(server, "POST", "/api/todos", fields)
    assert created.status == 201, f"POST /api/todos {fields} answered {created!r}"
    return created.json()


def error_text(response: Response) -> str:
    """The sentence of an API error (`{"error": "…"}`), or a readable failure."""
    try:
        body = response.json()
    except ValueError:
        raise AssertionError(f"the answer is not JSON: {response!r}") from None
    assert isinstance(body, dict) and isinstance(body.get("error"), str) and body["error"].strip(), \
        f'the answer is not {{"error": "<a sentence>"}}: {response!r}'
    return body["error"]


def assert_still_serving(server: TodoServer) -> None:
    assert server.alive(), f"todo serve (pid {server.pid}) is gone; log: {server.log_text()}"
    health = call(server, "GET", "/healthz", timeout=5)
    assert (health.status, health.text.strip()) == (200, "ok"), f"/healthz answered {health!r}"


class RawAnswer:
    """What came back for raw bytes: `status` None when the server closed without answering."""

    def __init__(self, status: int | None, headers: dict[str, str], body: bytes, closed_reason: str = "",
                 timed_out: bool = False):
        self.status, self.headers, self.body = status, headers, body
        self.closed_reason, self.timed_out = closed_reason, timed_out

    def __repr__(self) -> str:
        if self.timed_out:
            return "<no answer, and the connection was left open>"
        if self.status is None:
            return f"<no answer: {self.closed_reason}>"
        return f"<{self.status} {self.headers} {self.body[:200]!r}>"


def raw_exchange(server: TodoServer, data: bytes, timeout: float = 5) -> RawAnswer:
    """Sends `data` as is on a new connection and reads one answer (any framing); no answer within
    `timeout` seconds gives `timed_out`."""
    with socket.create_connection((server.host, server.port), timeout=timeout) as sock:
        sock.sendall(data)
        answer = http.client.HTTPResponse(sock, method=data.split(b" ", 1)[0].decode())
        try:
            answer.begin()
        except (http.client.RemoteDisconnected, ConnectionResetError) as error:
            return RawAnswer(None, {}, b"", f"{type(error).__name__}: {error}")
        except socket.timeout:
            return RawAnswer(None, {}, b"", timed_out=True)
        body = answer.read()
        return RawAnswer(answer.status, {k.lower(): v for k, v in answer.getheaders()}, body)


def read_until_closed(sock: socket.socket, timeout: float) -> tuple[bytes, bool]:
    """Everything the server sends until it closes (True) or `timeout` passes (False)."""
    deadline = time.monotonic() + timeout
    received = b""
    while (left := deadline - time.monotonic()) > 0:
        sock.settimeout(left)
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            break
        except ConnectionResetError:
            return received, True
        if not chunk:
            return received, True
        received += chunk
    return received, False


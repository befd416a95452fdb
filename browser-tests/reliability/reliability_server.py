"""The real `todo` executable for the reliability tests: `todo serve` on a file database, started
on a free port (it prints the address), stopped or killed by the PID it was started with; a small
JSON client over one keep-alive connection; the CLI run as a separate process."""
from __future__ import annotations

import http.client
import json
import os
import re
import resource
import signal
import subprocess
import threading
import time
from pathlib import Path

from built_executables import built_executable

READY = re.compile(r"Todo is running at http://([0-9.]+):(\d+)/")


def todo_binary() -> Path:
    return built_executable("todo")


class TodoServer:
    """`todo serve --db FILE --port 0`; `pid` is the server's own process id."""

    def __init__(self, db: Path, *extra: str, log: Path | None = None, nofile: int | None = None):
        """`nofile`: run the server under that many file descriptors (soft and hard limit)."""
        def limit_descriptors() -> None:
            if nofile is not None:
                resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

        self.db = db
        self.log_path = log or db.with_suffix(".log")
        self._log = open(self.log_path, "ab")
        self.process = subprocess.Popen(
            [str(todo_binary()), "serve", "--db", str(db), "--port", "0", *extra],
            stdout=subprocess.PIPE, stderr=self._log, env={**os.environ, "TZ": "UTC"},
            preexec_fn=limit_descriptors if nofile is not None else None)
        self.pid = self.process.pid
        self.host, self.port = self._read_address(timeout=30)
        self.base_url = f"http://{self.host}:{self.port}"
        # Keep draining stdout so the server never blocks on a full pipe.
        threading.Thread(target=self._drain, daemon=True).start()

    def _read_address(self, timeout: float) -> tuple[str, int]:
        deadline = time.monotonic() + timeout
        line = b""
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            match = READY.search(line.decode("utf-8", "replace"))
            if match:
                return match.group(1), int(match.group(2))
        self.kill()
        raise RuntimeError(f"todo serve did not start (last line {line!r}); log: {self.log_text()}")

    def _drain(self) -> None:
        for _ in self.process.stdout:
            pass

    def log_text(self) -> str:
        if not self._log.closed:
            self._log.flush()
        return self.log_path.read_text(errors="replace")[-4000:]

    def alive(self) -> bool:
        return self.process.poll() is None

    def client(self, timeout: float = 20) -> "Client":
        return Client(self.host, self.port, timeout)

    def kill(self) -> None:
        """SIGKILL by PID: no chance to flush or close anything."""
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait(timeout=10)
        self._log.close()

    def stop(self) -> None:
        if self.process.poll() is None:
            os.kill(self.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.kill(self.pid, signal.SIGKILL)
                self.process.wait(timeout=5)
        if not self._log.closed:
            self._log.close()


class Response:
    def __init__(self, status: int, headers: dict[str, str], body: bytes):
        self.status = status
        self.headers = headers
        self.body = body

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")

    def json(self):
        return json.loads(self.body)

    def __repr__(self) -> str:
        return f"<{self.status} {self.text[:200]!r}>"


class Client:
    """HTTP/1.1 over one keep-alive connection; a failed exchange closes it (the next request reconnects)."""

    def __init__(self, host: str, port: int, timeout: float):
        self.host, self.port, self.timeout = host, port, timeout
        self.connection: http.client.HTTPConnection | None = None

    def request(self, method: str, path: str, body=None, headers: dict[str, str] | None = None) -> Response:
        headers = dict(headers or {})
        if body is not None and not isinstance(body, (bytes, str)):
            body = json.dumps(body)
            headers.setdefault("Content-Type", "application/json")
        if isinstance(body, str):
            body = body.encode()
        if self.connection is None:
            self.connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        try:
            self.connection.request(method, path, body=body, headers=headers)
            raw = self.connection.getresponse()
            data = raw.read()
        except (OSError, http.client.HTTPException):
            # No answer: the outcome is unknown to the caller (the request may have been applied).
            self.close()
            raise
        return Response(raw.status, {k.lower(): v for k, v in raw.getheaders()}, data)

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def run_todo(*args: str, db: Path, timeout: float = 60) -> subprocess.CompletedProcess:
    """The CLI as its own process on `db`."""
    return subprocess.run(
        [str(todo_binary()), *args, "--db", str(db)], capture_output=True, text=True, timeout=timeout,
        env={**os.environ, "TZ": "UTC", "NO_COLOR": "1"})

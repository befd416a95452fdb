"""Several ``todo serve`` processes behind one nginx, as an administrator runs them
(docs/deploy.md, docs/specs/servers.md).

``ServersBehindNginx(folder, serve_args)`` starts one ``todo serve --port 0 …ARGS`` per entry of
``serve_args`` (each instance's own arguments: ``--db FILE`` for one SQLite file, later
``--database-url …`` and accounts), writes an nginx configuration in ``folder`` (an upstream over
the instances, round-robin; ``Host`` and ``X-Forwarded-For`` forwarded; ``X-Upstream:
$upstream_addr`` on every answer), and runs Debian's nginx in the foreground on a free loopback
port with that configuration. Every process is recorded by its PID (nginx's master and its
workers too) and stopped by that PID: nothing is looked up by name.

    with ServersBehindNginx(tmp_path, [["--db", db], ["--db", db]]) as servers:
        servers("/")            # the address through nginx
        servers.instances[0].address   # "127.0.0.1:PORT", as X-Upstream names it
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from built_executables import built_executable

READY = re.compile(r"Todo is running at http://([0-9.]+):(\d+)/")
START_TIMEOUT = 30.0
STOP_TIMEOUT = 10.0
UPSTREAM_HEADER = "X-Upstream"


def nginx_binary() -> str:
    """Debian's nginx (scripts/test installs it when missing: scripts/test-packages)."""
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None)
    if not found:
        raise RuntimeError("nginx is not installed: `apt-get install nginx` (scripts/test does it)")
    return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _stop_pid(pid: int, process: subprocess.Popen | None = None, sig: int = signal.SIGTERM) -> None:
    """Ends the process `pid` (SIGTERM, then SIGKILL after STOP_TIMEOUT)."""
    if process is not None:
        if process.poll() is not None:
            return
        os.kill(pid, sig)
        try:
            process.wait(timeout=STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            os.kill(pid, signal.SIGKILL)
            process.wait(timeout=STOP_TIMEOUT)
        return
    # Not our child (an nginx worker): wait for it to go, by its PID.
    deadline = time.monotonic() + STOP_TIMEOUT
    while time.monotonic() < deadline and _alive(pid):
        time.sleep(0.05)
    if _alive(pid):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, IndexError, ProcessLookupError):
        return False
    return state != "Z"


def _children(pid: int) -> list[int]:
    try:
        return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except FileNotFoundError:
        return []


@dataclass
class Instance:
    """One ``todo serve`` process."""

    args: list[str]
    log: Path
    process: subprocess.Popen | None = None
    host: str = ""
    port: int = 0

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    @property
    def address(self) -> str:
        """``HOST:PORT``, as nginx's ``$upstream_addr`` names it."""
        return f"{self.host}:{self.port}"

    @property
    def url(self) -> str:
        return f"http://{self.address}"

    def start(self, environment: dict[str, str]) -> "Instance":
        out = open(self.log, "ab")
        try:
            # The binary itself, no shell: Popen.pid is the server's PID.
            self.process = subprocess.Popen(
                [str(built_executable("todo")), "serve", "--port", "0", *self.args],
                stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=environment)
        finally:
            out.close()
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            match = READY.search(self.log.read_text(errors="replace"))
            if match:
                self.host, self.port = match.group(1), int(match.group(2))
                return self
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        text = self.log.read_text(errors="replace")
        self.stop()
        raise RuntimeError(f"todo serve {' '.join(self.args)} did not start:\n{text}")

    def stop(self) -> None:
        if self.process is not None:
            _stop_pid(self.process.pid, self.process)


@dataclass
class ServersBehindNginx:
    folder: Path
    serve_args: list[list[str]]
    environment: dict[str, str] = field(default_factory=dict)
    instances: list[Instance] = field(default_factory=list)
    nginx: subprocess.Popen | None = None
    nginx_workers: list[int] = field(default_factory=list)
    port: int = 0

    def __enter__(self) -> "ServersBehindNginx":
        return self.start()

    def __exit__(self, *_) -> None:
        self.stop()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __call__(self, path: str = "/") -> str:
        """The absolute address of ``path`` through nginx."""
        return self.url + path

    @property
    def pids(self) -> list[int]:
        """Every process this started: the instances, nginx's master and its workers."""
        pids = [instance.pid for instance in self.instances if instance.process is not None]
        if self.nginx is not None:
            pids += [self.nginx.pid, *self.nginx_workers]
        return pids

    def start(self) -> "ServersBehindNginx":
        self.folder.mkdir(parents=True, exist_ok=True)
        environment = {**os.environ, "TZ": "UTC", **self.environment}
        try:
            for number, args in enumerate(self.serve_args, start=1):
                instance = Instance([str(arg) for arg in args], self.folder / f"todo-{number}.log")
                self.instances.append(instance)
                instance.start(environment)
            self._start_nginx()
        except BaseException:
            self.stop()
            raise
        return self

    def configuration(self, port: int) -> str:
        """nginx's configuration: the one docs/deploy.md shows, on loopback, files in ``folder``."""
        folder = self.folder
        servers = "\n".join(f"        server {instance.address};" for instance in self.instances)
        user = "user root;\n" if os.geteuid() == 0 else ""
        return f"""{user}worker_processes 1;
error_log {folder}/nginx-error.log info;
events {{ worker_connections 256; }}
http {{
    access_log {folder}/nginx-access.log;
    client_body_temp_path {folder}/nginx-body;
    proxy_temp_path {folder}/nginx-proxy;
    fastcgi_temp_path {folder}/nginx-fastcgi;
    uwsgi_temp_path {folder}/nginx-uwsgi;
    scgi_temp_path {folder}/nginx-scgi;

    upstream todo {{
{servers}
        keepalive 8;
        keepalive_timeout 10s;
    }}

    server {{
        listen 127.0.0.1:{port};
        client_max_body_size 2m;
        location / {{
            proxy_pass http://todo;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            add_header {UPSTREAM_HEADER} $upstream_addr always;
        }}
    }}
}}
"""

    def _start_nginx(self) -> None:
        binary = nginx_binary()
        last_error = ""
        for _ in range(3):  # a free port can be taken between the probe and nginx's bind
            port = free_port()
            conf = self.folder / "nginx.conf"
            conf.write_text(self.configuration(port))
            pid_file = self.folder / "nginx.pid"
            pid_file.unlink(missing_ok=True)
            log = open(self.folder / "nginx.out", "ab")
            try:
                self.nginx = subprocess.Popen(
                    [binary, "-e", str(self.folder / "nginx-error.log"), "-p", str(self.folder), "-c", str(conf),
                     "-g", f"daemon off; pid {pid_file};"],
                    stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
            finally:
                log.close()
            deadline = time.monotonic() + START_TIMEOUT
            while time.monotonic() < deadline and self.nginx.poll() is None:
                if pid_file.exists() and self._answers(port):
                    assert int(pid_file.read_text().strip()) == self.nginx.pid, "nginx's master is the process started"
                    self.port = port
                    self.nginx_workers = self._workers()
                    return
                time.sleep(0.05)
            last_error = (self.folder / "nginx.out").read_text(errors="replace") + self._error_log()
            _stop_pid(self.nginx.pid, self.nginx)
            self.nginx = None
            if "Address already in use" not in last_error:
                break
        raise RuntimeError(f"nginx did not start:\n{last_error}")

    def _workers(self) -> list[int]:
        assert self.nginx is not None
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            workers = _children(self.nginx.pid)
            if workers:
                return workers
            time.sleep(0.05)
        raise RuntimeError("nginx started no worker")

    def _error_log(self) -> str:
        path = self.folder / "nginx-error.log"
        return path.read_text(errors="replace")[-4000:] if path.exists() else ""

    @staticmethod
    def _answers(port: int) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return True
        except OSError:
            return False

    def stop(self) -> None:
        """Stops nginx (fast shutdown: SIGTERM to its master, then its workers by PID) and the
        instances, each by its PID."""
        if self.nginx is not None:
            _stop_pid(self.nginx.pid, self.nginx)
            for worker in self.nginx_workers:
                _stop_pid(worker)
            self.nginx = None
        for instance in self.instances:
            instance.stop()

    def logs(self) -> str:
        """The instances' and nginx's logs, for a failure's message."""
        parts = [f"--- {instance.log.name}\n{instance.log.read_text(errors='replace')[-2000:]}" for instance in self.instances]
        return "\n".join(parts + [f"--- nginx-error.log\n{self._error_log()}"])
